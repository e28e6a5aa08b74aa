//! What Harvest the Wind's evaluation counts, rule by rule: the defenders to watch,
//! melees and fire to come, fleeing units under the rifles, loose Horses, Leaders
//! left alone, pinned units, and what each scenario's victory rule makes a side seek
//! or avoid.

use super::{last_turn_position, rng};
use wargame::core::ai::{self, Knowledge, Player};
use wargame::core::game::Rules;
use wargame::games::harvest::Harvest;
use wargame::games::harvest::state::{Kind, Loc};

/// A copy of `base` with the piece `id` placed in hex `c`, for comparing evaluations of
/// positions that differ in one piece's place.
fn with_unit_at(
    base: &wargame::games::harvest::state::State,
    id: &str,
    c: wargame::core::hexmap::Coord,
) -> wargame::games::harvest::state::State {
    let mut s = base.clone();
    Harvest::place_piece(&mut s, id, Some(&c.to_string())).unwrap();
    s
}

#[test]
fn wagon_box_indians_value_watching_every_defender_ix_b() {
    // IX.B: the Indians win only if every Army unit is destroyed, so an Army unit left
    // alone far from the fight must be watched. Two positions differ only in where one
    // Indian unit stands: beside the straggler, or as close to the main body as it would
    // be to the straggler, on ground of the same Cover. The drive to close in scores both
    // alike; the Indian evaluation must prefer watching the straggler.
    use wargame::core::hexmap::Coord;
    let hex = |t: &str| t.parse::<Coord>().expect("a hex");
    let base = last_turn_position(
        "harvest_the_wind/wagon_box",
        &[
            ("a1", "1014"),
            ("a2", "1115"),
            ("a3", "1804"),
            ("i1", "1012"),
        ],
        5,
        0,
    );
    let tec = |s: &wargame::games::harvest::state::State, c: Coord| s.stat.tec(c).map(|t| t.cover);
    let watch = hex("1806");
    let d = watch.distance(hex("1804"));
    let body = [hex("1014"), hex("1115")];
    let near_body = |c: Coord| body.iter().map(|b| b.distance(c)).min().unwrap_or(u32::MAX);
    let elsewhere = base
        .stat
        .map
        .coords()
        .find(|&c| {
            near_body(c) == d
                && c.distance(hex("1804")) > d
                && c != hex("1012")
                && tec(&base, c) == tec(&base, watch)
        })
        .expect("a hex as close to the main body");
    let with_i2 = |c: Coord| with_unit_at(&base, "i2", c);
    let watching = Harvest::evaluate(&with_i2(watch), 0);
    let not_watching = Harvest::evaluate(&with_i2(elsewhere), 0);
    assert!(
        watching > not_watching + 1e-3,
        "beside the straggler {watching:.4}, at {elsewhere} by the main body {not_watching:.4}"
    );
}

/// Wood Lake on turn 3 with the march north over (IX.A): only the given units on the
/// map, none under a Hidden counter, in `side`'s `phase`.
fn wood_lake_position(
    keep: &[(&str, &str)],
    side: u8,
    phase: wargame::games::harvest::state::Phase,
) -> wargame::games::harvest::state::State {
    let mut s = last_turn_position("harvest_the_wind/wood_lake", keep, 3, side);
    s.phase = phase;
    s.marching = false;
    for p in &mut s.pieces {
        p.hidden = false;
    }
    s
}

#[test]
fn v_a_side_weaker_in_melee_does_not_walk_into_the_enemy_mct_table_2() {
    // Wood Lake: a 1-3-6 regular (Melee 1) next to a 2-4-8 warrior (Melee 2). In melee
    // the regular needs a 5 and the warrior a 3 (MCT Table 2, differential -1/+1): the
    // regular dies six times in seven, and its death is worth 2 points to the Indians
    // against 1 to the Army (IX.A). Stepping into the warrior's hex must look worse to
    // the Army than staying next to it, and better to the Indians the other way round.
    use wargame::games::harvest::state::Phase;
    let apart = wood_lake_position(&[("a1", "1015"), ("i1", "1014")], 1, Phase::Movement);
    let mut together = apart.clone();
    Harvest::place_piece(&mut together, "a1", Some("1014")).unwrap();
    let (stay, enter) = (
        Harvest::evaluate(&apart, 1),
        Harvest::evaluate(&together, 1),
    );
    assert!(
        stay > enter + 0.05,
        "Army: stay {stay:.4}, enter {enter:.4}"
    );
    let apart = wood_lake_position(&[("a1", "1015"), ("i1", "1014")], 0, Phase::Movement);
    let mut together = apart.clone();
    Harvest::place_piece(&mut together, "i1", Some("1015")).unwrap();
    let (stay, enter) = (
        Harvest::evaluate(&apart, 0),
        Harvest::evaluate(&together, 0),
    );
    assert!(
        enter > stay + 0.05,
        "Indian: stay {stay:.4}, enter {enter:.4}"
    );
}

#[test]
fn i_1_the_ai_fires_in_its_offensive_fire_phase_ii_a() {
    // Wood Lake, the Army's Offensive Fire phase (I.1): a rifled musket (II.A) has a
    // warrior two hexes away. Firing costs nothing (the unit still moves in
    // the Movement phase that follows) and may pin or rout it (II.B.1), so the AI fires.
    // Its movement still to come must count before the Movement phase as well: counted
    // only from then on, ending the Offensive Fire phase looked like a gain in itself.
    use wargame::games::harvest::action::Action;
    use wargame::games::harvest::state::Phase;
    // The rest of the regulars stand farther back, with their moves still to make.
    let s = wood_lake_position(
        &[
            ("a1", "1016"),
            ("i1", "1014"),
            ("a2", "0620"),
            ("a3", "0820"),
            ("a4", "1220"),
            ("a5", "1420"),
        ],
        1,
        Phase::OffensiveFire,
    );
    let legal = Harvest::legal_actions(&s);
    assert!(
        legal.iter().any(|a| matches!(a, Action::Fire { .. })),
        "{legal:?}"
    );
    // Ending the phase changes nothing on the board, so it must not look like a gain.
    let mut ended = s.clone();
    Harvest::apply(&mut ended, &Action::End).unwrap();
    assert_eq!(ended.phase, Phase::Movement);
    let (before, after) = (Harvest::evaluate(&s, 1), Harvest::evaluate(&ended, 1));
    assert!(
        (after - before).abs() < 0.005,
        "Offensive Fire {before:.4}, Movement {after:.4}"
    );
    for seed in 0..4 {
        let a = ai::choose::<Harvest>(&s, Player::Search { level: 2 }, &mut rng(seed)).unwrap();
        assert!(matches!(a, Action::Fire { .. }), "seed {seed}: {a}");
    }
}

#[test]
fn iv_c_2_a_fleeing_unit_under_the_enemy_rifles_counts_as_likely_lost() {
    // Wagon Box, the Indian Movement phase: a warrior two or three hexes from a
    // Breechloading rifle (need 3, Table 1), in its line of sight, has just entered its
    // hex, and the Army may fire at it (IV.A). Hit while it flees, it is eliminated
    // (IV.C.2); hit otherwise, it is only Pinned or flees. So the same window is worth
    // much more to the Army, and much less to the Indians, when the warrior is fleeing;
    // out of every rifle's reach it is worth nothing either way.
    use wargame::core::hexmap::Coord;
    use wargame::games::harvest::state::Pending;
    let window = |hex: Coord, fleeing: bool| {
        let mut s = last_turn_position(
            "harvest_the_wind/wagon_box",
            &[("a1", "1016"), ("i1", &hex.to_string())],
            5,
            0,
        );
        let i1 = s.find("i1").unwrap();
        s.pending = Pending::Reaction { mover: i1, hex };
        if fleeing {
            s.fleeing.insert(i1);
        }
        s
    };
    let rifle: Coord = "1016".parse().unwrap();
    let s0 = window(rifle, false);
    let near = s0
        .stat
        .map
        .coords()
        .find(|&c| {
            (2..=3).contains(&c.distance(rifle))
                && wargame::games::harvest::rules::los(&s0, rifle, c, 1)
                && s0.at(c).next().is_none()
        })
        .expect("a hex in the rifle's sight");
    let (fleeing, not) = (window(near, true), window(near, false));
    assert!(
        Harvest::legal_actions(&fleeing)
            .iter()
            .any(|a| a.to_string().starts_with("fire a1")),
        "the Army has a shot at the warrior in {near}"
    );
    let (fi, ni) = (Harvest::evaluate(&fleeing, 0), Harvest::evaluate(&not, 0));
    let (fa, na) = (Harvest::evaluate(&fleeing, 1), Harvest::evaluate(&not, 1));
    assert!(fi < ni - 0.05, "Indian: fleeing {fi:.4}, not {ni:.4}");
    assert!(fa > na + 0.05, "Army: fleeing {fa:.4}, not {na:.4}");
    // Next to the rifle the warrior also faces its Defensive Fire (IV.B): two shots,
    // each needing 3, against one, so fleeing there costs more.
    let cover = |c: Coord| s0.stat.tec(c).map(|t| t.cover);
    let adjacent = s0
        .stat
        .map
        .coords()
        .find(|&c| {
            c.distance(rifle) == 1
                && wargame::games::harvest::rules::los(&s0, rifle, c, 1)
                && s0.at(c).next().is_none()
                && cover(c) == cover(near)
        })
        .expect("an empty hex next to the rifle");
    let cost =
        |c: Coord| Harvest::evaluate(&window(c, false), 0) - Harvest::evaluate(&window(c, true), 0);
    let rolls = |c: Coord| {
        let w = window(c, true);
        wargame::games::harvest::rules::best_reaction_rolls(&w, w.find("i1").unwrap(), c)
    };
    // Need 3 with +1 for a mounted target (Table 1): a natural 2 hits.
    assert_eq!(
        rolls(near),
        (Some(2), None),
        "in {near}: Opportunity Fire only"
    );
    assert_eq!(rolls(adjacent), (Some(2), Some(2)), "in {adjacent}: both");
    // One shot at 5 in 6 is worth about 0.11 here, two about 0.135; the same one shot
    // scores a little differently in another hex (the evaluation is squashed), by
    // less than 0.005.
    assert!(
        cost(adjacent) > cost(near) + 0.012,
        "fleeing next to the rifle costs {:.4}, in {near} {:.4}",
        cost(adjacent),
        cost(near)
    );
    // Far from the corral no rifle reaches, so fleeing costs nothing.
    let far: Coord = "0101".parse().unwrap();
    assert!(far.distance(rifle) > 8);
    let (far_f, far_n) = (window(far, true), window(far, false));
    assert!(
        (Harvest::evaluate(&far_f, 0) - Harvest::evaluate(&far_n, 0)).abs() < 1e-9,
        "no shot, no cost"
    );
}

#[test]
fn iii_g_1_an_unheld_horses_counter_counts_as_likely_lost_iii_g_4() {
    // III.G.1: Horses with no unit in or next to their hex move at random at the end of
    // a Movement phase, and III.G.4: they are lost in Woods, a Blaze or off the map, a
    // point for the Army in Washita (IX.D). An Indian unit beside the pony herd holds
    // Horses (III.G.6); the same unit on ground of the same Cover far from them holds
    // none, and the Indian evaluation must prefer the first.
    use wargame::core::hexmap::Coord;
    let base = last_turn_position("harvest_the_wind/washita", &[], 3, 0);
    let horses: Vec<Coord> = base
        .pieces
        .iter()
        .filter(|p| p.kind == Kind::Horses && p.side == 0)
        .filter_map(|p| p.hex())
        .collect();
    assert!(!horses.is_empty(), "Washita's pony herd is on the map");
    let tec = |c: Coord| base.stat.tec(c).map(|t| t.cover);
    let free = |c: Coord| base.at(c).next().is_none();
    let near = base
        .stat
        .map
        .coords()
        .find(|&c| free(c) && horses.iter().any(|h| h.distance(c) == 1))
        .expect("a free hex beside a Horses counter");
    let far = base
        .stat
        .map
        .coords()
        .find(|&c| free(c) && tec(c) == tec(near) && horses.iter().all(|h| h.distance(c) > 3))
        .expect("a free hex of the same Cover far from the herd");
    let with_i1 = |c: Coord| with_unit_at(&base, "i1", c);
    let holding = Harvest::evaluate(&with_i1(near), 0);
    let leaving = Harvest::evaluate(&with_i1(far), 0);
    assert!(
        holding > leaving + 1e-3,
        "beside the herd at {near}: {holding:.4}; at {far}: {leaving:.4}"
    );
    // For the Army the same difference goes the other way.
    assert!(Harvest::evaluate(&with_i1(near), 1) < Harvest::evaluate(&with_i1(far), 1));
}

#[test]
fn iii_g_1_only_horses_whose_loss_scores_count_as_at_risk_ix_d() {
    // In Washita a lost Indian Horses counter is a point for the Army and one fewer
    // kept by the Indians (IX.D); a lost Army Horses counter scores nothing. Only the
    // first kind counts as at risk when left unheld (III.G.1, III.G.4): counted for
    // Horses that are mobility alone, the term held the Wagon Box Indians back from
    // the fight. Moving a free Horses counter from beside its side's unit to far from
    // everyone changes nothing else in the evaluation.
    use wargame::core::hexmap::Coord;
    let mut base = last_turn_position("harvest_the_wind/washita", &[], 3, 0);
    for p in base.pieces.iter_mut() {
        p.mounted_on = None;
    }
    let horse = |side: u8| {
        base.pieces
            .iter()
            .position(|p| p.kind == Kind::Horses && p.side == side)
            .expect("both sides have Horses in Washita")
    };
    let (ih, ah) = (horse(0), horse(1));
    // Keep every Horses counter off the map but the one under test.
    for p in base.pieces.iter_mut().filter(|p| p.kind == Kind::Horses) {
        p.loc = Loc::Removed;
    }
    let tec = |c: Coord| base.stat.tec(c).map(|t| t.cover);
    let coords: Vec<Coord> = base.stat.map.coords().collect();
    let free = |c: Coord| base.at(c).next().is_none();
    let (unit_hex, beside) = coords
        .iter()
        .filter(|&&c| free(c))
        .find_map(|&c| {
            let n = base.stat.map.neighbors(c).find(|&n| free(n))?;
            Some((c, n))
        })
        .expect("two free hexes side by side");
    let far = coords
        .iter()
        .copied()
        .find(|&c| free(c) && tec(c) == tec(beside) && c.distance(unit_hex) > 4)
        .expect("a free hex of the same Cover far from the unit");
    let value = |unit: &str, h: usize, at: Coord| {
        let mut s = with_unit_at(&base, unit, unit_hex);
        s.pieces[h].loc = Loc::Map(at);
        (Harvest::evaluate(&s, 0), Harvest::evaluate(&s, 1))
    };
    // The Indians' pony herd: held beside a warrior, it is safe; far from everyone it
    // may run off.
    let (held, loose) = (value("i1", ih, beside), value("i1", ih, far));
    assert!(
        held.0 > loose.0 + 1e-3,
        "Indian Horses: {held:?} against {loose:?}"
    );
    assert!(
        held.1 < loose.1,
        "Indian Horses: {held:?} against {loose:?}"
    );
    // An Army Horses counter: its loss scores nothing, so it is not counted as at risk
    // and both positions are worth the same.
    let (held, loose) = (value("a1", ah, beside), value("a1", ah, far));
    assert!(
        (held.0 - loose.0).abs() < 1e-12 && (held.1 - loose.1).abs() < 1e-12,
        "Army Horses: {held:?} against {loose:?}"
    );
}

/// Washita with only warrior `i1` and the Army's Leader and first trooper on the map,
/// nobody mounted, in the Army's Movement phase: for comparing where the Leader stands.
fn leader_position() -> wargame::games::harvest::state::State {
    let mut s = last_turn_position("harvest_the_wind/washita", &[("i1", "0808")], 3, 1);
    for p in s.pieces.iter_mut() {
        p.mounted_on = None;
    }
    s
}

/// A free Open hex whose distance from `from` satisfies `d`.
fn open_hex_at(
    s: &wargame::games::harvest::state::State,
    from: wargame::core::hexmap::Coord,
    d: impl Fn(u32) -> bool,
) -> wargame::core::hexmap::Coord {
    s.stat
        .map
        .coords()
        .find(|&c| {
            s.at(c).next().is_none()
                && s.stat.tec(c).is_some_and(|t| !t.cover)
                && d(c.distance(from))
        })
        .expect("a free Open hex at that distance")
}

#[test]
fn v_5_a_leader_left_alone_with_an_enemy_unit_counts_as_lost_vii_c() {
    // VII.C: a Leader in a hex with an enemy unit at the end of a Melee phase is
    // eliminated; V.5: so is one left alone there by the melee. In Washita that is 5
    // points to the Indians (IX.D). The Army AI rode its Leader alone into hidden
    // stacks to raze a Dependent, worth 1 point, until the evaluation counted this.
    let base = leader_position();
    let warrior = base.p(base.find("i1").unwrap()).hex().unwrap();
    // Beyond the warrior's reach (its printed allowance, 8: the 2-3-8 of IX.D), so
    // that no caution is counted there.
    let far = open_hex_at(&base, warrior, |d| d >= 10);
    let leader_at = |c| with_unit_at(&base, "aL1", c);
    let (with_enemy, safe) = (leader_at(warrior), leader_at(far));
    let army = |s| Harvest::evaluate(s, 1);
    assert!(
        army(&with_enemy) < army(&safe) - 0.01,
        "alone with the warrior: {:.4}; far away: {:.4}",
        army(&with_enemy),
        army(&safe)
    );
    assert!(Harvest::evaluate(&with_enemy, 0) > Harvest::evaluate(&safe, 0));

    // Stacked with a trooper (Melee 1 against 2: it dies six times in seven, MCT
    // Table 2), the Leader is lost when the trooper dies and the warrior lives: the
    // same melee with the Leader in it is worth less to the Army than without.
    let trooper = with_unit_at(&base, "a1", warrior);
    let stacked = with_unit_at(&trooper, "aL1", warrior);
    let apart = with_unit_at(&trooper, "aL1", far);
    assert!(
        army(&stacked) < army(&apart) - 0.01,
        "stacked: {:.4}; apart: {:.4}",
        army(&stacked),
        army(&apart)
    );
    // Alone with the warrior the Leader costs more than stacked: then it is lost for
    // certain, stacked only when the trooper loses.
    let a1_far = with_unit_at(&base, "a1", open_hex_at(&base, warrior, |d| d >= 9));
    let alone = with_unit_at(&a1_far, "aL1", warrior);
    let both_far = with_unit_at(&a1_far, "aL1", far);
    let cost_alone = army(&both_far) - army(&alone);
    let cost_stacked = army(&apart) - army(&stacked);
    assert!(
        cost_alone > cost_stacked + 0.01,
        "the Leader's cost alone {cost_alone:.4}, stacked {cost_stacked:.4}"
    );
}

#[test]
fn vii_c_a_lone_leader_within_a_free_enemy_unit_s_reach_is_at_risk_ii_b_5() {
    // A warrior needs only to walk into a lone Leader's hex for the Leader to die at
    // the end of the Melee phase (VII.C), so the Army's evaluation counts a lone Leader
    // within a warrior's printed allowance (8: the 2-3-8 of IX.D) as at risk. A Pinned warrior may
    // not move (II.B.5): then the Leader is as safe there as far away.
    let base = leader_position();
    let warrior = base.p(base.find("i1").unwrap()).hex().unwrap();
    let near = open_hex_at(&base, warrior, |d| d == 3);
    let far = open_hex_at(&base, warrior, |d| d >= 10);
    let army = |s: &wargame::games::harvest::state::State| Harvest::evaluate(s, 1);
    let (exposed, safe) = (
        with_unit_at(&base, "aL1", near),
        with_unit_at(&base, "aL1", far),
    );
    assert!(
        army(&exposed) < army(&safe) - 0.01,
        "in reach: {:.4}; out of reach: {:.4}",
        army(&exposed),
        army(&safe)
    );
    let pin = |mut s: wargame::games::harvest::state::State| {
        let i = s.find("i1").unwrap();
        s.pieces[usize::from(i)].pinned = true;
        s
    };
    assert!(
        (army(&pin(exposed)) - army(&pin(safe))).abs() < 1e-12,
        "a Pinned warrior threatens nobody"
    );
}

#[test]
fn ix_c_a_side_that_leads_on_points_stops_seeking_the_fight_v() {
    // Massacre Canyon is won on the higher score (IX.C), and a melee between like
    // units (2-4-8 against 2-4-8) is an even gamble (V; MCT Table 2). So the Pawnee,
    // level on points, are drawn toward the Sioux unit; one point ahead, they are not.
    let base = last_turn_position(
        "harvest_the_wind/massacre_canyon",
        &[("s1", "1005"), ("p1", "1015")],
        3,
        1,
    );
    let sioux = base.p(base.find("s1").unwrap()).hex().unwrap();
    let near = open_hex_at(&base, sioux, |d| d == 3);
    let far = open_hex_at(&base, sioux, |d| d == 9);
    let pawnee = |s: &wargame::games::harvest::state::State| Harvest::evaluate(s, 1);
    let gain = |lead: i32| {
        let mut b = base.clone();
        b.points = vec![0, lead];
        pawnee(&with_unit_at(&b, "p1", near)) - pawnee(&with_unit_at(&b, "p1", far))
    };
    assert!(gain(0) > 0.01, "level: closing in gains {:.4}", gain(0));
    assert!(
        gain(1).abs() < 1e-9,
        "one ahead: closing in gains {:.6}",
        gain(1)
    );
    assert!(
        gain(3).abs() < 1e-9,
        "three ahead: closing in gains {:.6}",
        gain(3)
    );
    // Behind, the whole drive is kept.
    let mut behind = base.clone();
    behind.points = vec![1, 0];
    let g = pawnee(&with_unit_at(&behind, "p1", near)) - pawnee(&with_unit_at(&behind, "p1", far));
    assert!(g > 0.01, "behind: closing in gains {g:.4}");
}

#[test]
fn ix_d_an_army_past_its_ten_points_and_ahead_draws_off_from_the_warriors() {
    // Washita (IX.D): the Indians win if the Army has fewer than ten points; past
    // them, the higher score wins, and the Indians score 5 for each Army unit lost.
    // Once the Army has its ten points and leads, its units keep their distance from
    // the warriors (up to one hex beyond their printed allowance, 8); short of ten,
    // or behind, they close in.
    let base = leader_position();
    let warrior = base.p(base.find("i1").unwrap()).hex().unwrap();
    let near = open_hex_at(&base, warrior, |d| d == 3);
    let far = open_hex_at(&base, warrior, |d| d == 9);
    let farther = open_hex_at(&base, warrior, |d| d == 12);
    let gain = |indian: i32, army: i32, to| {
        let mut b = base.clone();
        b.points = vec![indian, army];
        let e = |c| Harvest::evaluate(&with_unit_at(&b, "a1", c), 1);
        e(to) - e(near)
    };
    // (Close scores: the evaluation is squashed, and a lead of 12 to none is near its
    // top whatever the units do.)
    let made = gain(9, 10, far);
    assert!(
        made > 0.002,
        "raid made, ahead: drawing off gains {made:.5}"
    );
    let short = gain(8, 9, far);
    assert!(short < -0.001, "nine points: drawing off gains {short:.5}");
    let behind = gain(11, 10, far);
    assert!(behind < -0.001, "behind: drawing off gains {behind:.5}");
    // Beyond the warriors' reach, farther is worth no more.
    let beyond = gain(9, 10, farther) - made;
    assert!(beyond < 0.001, "12 hexes against 9: {beyond:.5}");
}

#[test]
fn ii_b_5_a_pinned_trooper_within_a_warrior_s_reach_is_a_melee_to_start_ix_d() {
    // II.B.5: a Pinned unit fires no Defensive Fire, and it stays Pinned until its own
    // Rally phase (VI). In the Indians' own Offensive Fire and Movement phases, a Pinned
    // Army unit that a warrior free to move can reach is a melee it can walk into unshot
    // (V; Melee 2 against 1 wins six times in seven, MCT Table 2), worth 5 points to the
    // Indians (IX.D). The Indians are the side Washita's points threshold protects; they
    // count it, as their own opportunity only.
    use wargame::games::harvest::state::Phase;
    let mut base = leader_position();
    base.phasing = 0;
    base.phase = Phase::Movement;
    let warrior = base.p(base.find("i1").unwrap()).hex().unwrap();
    let near = open_hex_at(&base, warrior, |d| d == 5);
    let far = open_hex_at(&base, warrior, |d| d == 12);
    let pinned = |s: &wargame::games::harvest::state::State, id: &str, on: bool| {
        let mut s = s.clone();
        let i = s.find(id).unwrap();
        s.pieces[usize::from(i)].pinned = on;
        s
    };
    // What pinning trooper a1 at `c` is worth to the Indians.
    let pin_gain = |b: &wargame::games::harvest::state::State, c| {
        let s = with_unit_at(b, "a1", c);
        Harvest::evaluate(&pinned(&s, "a1", true), 0) - Harvest::evaluate(&s, 0)
    };
    let in_reach = pin_gain(&base, near);
    let out_of_reach = pin_gain(&base, far);
    assert!(
        in_reach - out_of_reach > 0.02,
        "a pin within reach gains {in_reach:.4}, out of reach {out_of_reach:.4}"
    );
    // A Pinned warrior cannot walk in.
    let stuck = pinned(&base, "i1", true);
    let (a, b) = (pin_gain(&stuck, near), pin_gain(&stuck, far));
    assert!(
        (a - b).abs() < 0.005,
        "warrior pinned: {a:.4} against {b:.4}"
    );
    // In the Army's player turn its Rally phase comes before the Indians move again
    // (I.4, VI): the pin may not last, and no warrior moves before it.
    let mut army_turn = base.clone();
    army_turn.phasing = 1;
    let (a, b) = (pin_gain(&army_turn, near), pin_gain(&army_turn, far));
    assert!((a - b).abs() < 0.005, "Army's turn: {a:.4} against {b:.4}");
}

#[test]
fn reno_army_values_its_leader_in_the_hold_zone_ix_f() {
    // IX.F: "the Leader counts as a unit for purposes of determining victory
    // conditions": three troopers and the Leader west of the river are the four the Army
    // must hold, so the Army's evaluation must value the Leader standing there.
    use wargame::games::harvest::setup::zone_hexes;
    use wargame::games::harvest::state::Phase;
    let base = last_turn_position("harvest_the_wind/renos_defense", &[], 6, 1);
    let zone: Vec<_> = zone_hexes(&base, "west_of_river").to_vec();
    let outside = base
        .stat
        .map
        .coords()
        .find(|c| !zone.contains(c))
        .expect("a hex east of the river");
    let troopers: Vec<String> = base
        .pieces
        .iter()
        .filter(|p| p.side == 1 && p.kind.is_unit())
        .map(|p| p.id.to_string())
        .take(3)
        .collect();
    let leader = base
        .pieces
        .iter()
        .find(|p| p.side == 1 && p.kind == Kind::Leader)
        .map(|p| p.id.to_string())
        .unwrap();
    let mut s = base.clone();
    s.phase = Phase::Movement;
    for (id, c) in troopers.iter().zip(&zone) {
        Harvest::place_piece(&mut s, id, Some(&c.to_string())).unwrap();
    }
    let mut held = s.clone();
    Harvest::place_piece(&mut held, &leader, Some(&zone[10].to_string())).unwrap();
    let mut away = s;
    Harvest::place_piece(&mut away, &leader, Some(&outside.to_string())).unwrap();
    let (h, a) = (Harvest::evaluate(&held, 1), Harvest::evaluate(&away, 1));
    assert!(h > a + 0.02, "Leader west of the river {h:.4}, east {a:.4}");
}
