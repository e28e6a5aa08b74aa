//! Battle of the Rosebud's Pack Trains (15): the abandoned train and its Personnel
//! (15B, 15C) and the Victory Points for a train (15D), one test per rule, named by its
//! number in the seed (../shared/seeds/003_ff3c01f8094d45ce.txt).

use super::common::{act, c, put, texts};
use wargame::core::hexmap::Coord;
use wargame::games::rosebud::data::{Mode, Side};
use wargame::games::rosebud::rules::{morale, pack};
use wargame::games::rosebud::state::{Loc, Pending, Phase, State};

/// Everything off the map in a side's phase, flat and clear around 2907.
fn board(phasing: Side, phase: Phase) -> State {
    super::common::board(phasing, phase, true)
}

/// 2907 and its first neighbour.
fn pair(s: &State) -> (Coord, Coord) {
    let a = c(s, "2907");
    (a, s.stat.map.neighbors(a).next().unwrap())
}

#[test]
fn rule_15b_a_routed_pack_train_is_abandoned_and_its_personnel_rout_with_its_losses() {
    let mut s = board(Side::Indian, Phase::AdvanceFire);
    let (a, b) = pair(&s);
    let t = put(&mut s, "pack_a", a, Mode::Dismounted);
    s.units[t].cp = 2;
    put(&mut s, "crow_king", b, Mode::Dismounted);
    let log = morale::start_rout(&mut s, t, &[b]);
    assert_eq!(s.units[t].at, Loc::Abandoned(a), "{log:?}");
    assert_eq!(s.hex(t), None, "an abandoned train is out of play");
    let p = s.find("pers_a").unwrap();
    assert_eq!(s.hex(p), Some(a));
    assert_eq!(s.cf(p), 4, "the Personnel carry the train's losses");
    assert!(s.units[p].routed);
    assert!(matches!(
        s.pending.first(),
        Some(Pending::Retreat { unit, rout: true, .. }) if *unit == p
    ));
}

#[test]
fn rule_15b_an_indian_unit_in_the_hex_in_the_indian_rally_phase_destroys_the_train() {
    let mut s = board(Side::Indian, Phase::Rally);
    let (a, _) = pair(&s);
    let t = s.find("pack_a").unwrap();
    s.units[t].at = Loc::Abandoned(a);
    s.units[t].ammo = 4;
    let vp = s.vp[1];
    // Not in the US Rally Phase.
    s.phasing = Side::US;
    pack::rally(&mut s);
    assert_eq!(s.units[t].at, Loc::Abandoned(a));
    // Not with no Indian unit there.
    s.phasing = Side::Indian;
    pack::rally(&mut s);
    assert_eq!(s.units[t].at, Loc::Abandoned(a));
    put(&mut s, "crow_king", a, Mode::Dismounted);
    let log = pack::rally(&mut s);
    assert_eq!(s.units[t].at, Loc::Gone, "{log:?}");
    // 15D: "5 Victory Points ... when each Pack Train is eliminated. In addition, each
    // ammo point ... adds 1 VP": 9 with 4 points (seed_notes 003-4), and no bonus for a
    // unit lost whole on top.
    assert_eq!(
        s.vp[1] - vp,
        9,
        "15D: 5 for the train and 1 per ammunition point"
    );
}

#[test]
fn rule_15b_personnel_rejoin_by_entering_the_hex_and_the_train_falls_to_their_strength() {
    let mut s = board(Side::US, Phase::Movement);
    let (a, b) = pair(&s);
    let t = s.find("pack_a").unwrap();
    s.units[t].at = Loc::Abandoned(a);
    s.units[t].cp = 1;
    s.units[t].ammo = 5;
    let p = put(&mut s, "pers_a", b, Mode::Dismounted);
    s.units[p].cp = 3;
    s.units[p].low_ammo = true;
    let here = s.stat.label(a);
    act(&mut s, &format!("move pers_a {here}"));
    assert_eq!(s.hex(t), Some(a));
    assert_eq!(s.cf(t), 3, "reduced to the Personnel's 3");
    assert_eq!(s.units[t].ammo, 3, "15C: one ammunition point per level");
    assert_eq!(s.units[p].at, Loc::Off);
    assert!(!s.units[t].low_ammo);
}

#[test]
fn rule_15b_personnel_apart_from_their_train_must_move_toward_it() {
    let mut s = board(Side::US, Phase::Movement);
    let a = c(&s, "2907");
    let far = c(&s, "2904");
    let t = s.find("pack_a").unwrap();
    s.units[t].at = Loc::Abandoned(far);
    put(&mut s, "pers_a", a, Mode::Dismounted);
    let legal = texts(&s);
    let moves: Vec<&String> = legal
        .iter()
        .filter(|x| x.starts_with("move pers_a"))
        .collect();
    assert!(!moves.is_empty());
    for m in &moves {
        let h = c(&s, m.rsplit(' ').next().unwrap());
        assert!(h.distance(far) < a.distance(far), "{m}");
    }
    assert!(!legal.contains(&"end".to_string()), "it must spend its MPs");
}

#[test]
fn rule_15b_personnel_of_an_eliminated_train_replace_cavalry_and_infantry_losses() {
    let mut s = board(Side::US, Phase::Movement);
    let (a, b) = pair(&s);
    let t = s.find("pack_a").unwrap();
    s.units[t].at = Loc::Gone;
    let p = put(&mut s, "pers_a", a, Mode::Dismounted);
    s.units[p].cp = 3;
    let v = put(&mut s, "a_2cav", b, Mode::Dismounted);
    s.units[v].cp = 2;
    let scout = put(&mut s, "good_heart", b, Mode::Dismounted);
    s.units[scout].cp = 1;
    let legal = texts(&s);
    assert!(
        legal.contains(&"transfer pers_a a_2cav".to_string()),
        "{legal:?}"
    );
    assert!(
        !legal.contains(&"transfer pers_a good_heart".to_string()),
        "Infantry or Cavalry only"
    );
    let before = s.cf(v);
    act(&mut s, "transfer pers_a a_2cav");
    assert_eq!(s.cf(v), before + 1);
    assert_eq!(s.cf(p), 2);
    // A unit that is Pinned may not receive them.
    s.units[v].pinned = true;
    assert!(!texts(&s).iter().any(|x| x.starts_with("transfer")));
}
