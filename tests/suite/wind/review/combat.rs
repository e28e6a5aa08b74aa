//! §8.0 Combat, from the review: the Army's order of contested areas, retreat before
//! combat, lone Leaders captured, the ambush (leadership, the Mountain bonus, the
//! Settler's effect on Army Leaders, only the ambusher firing, a weaker ambusher's
//! withdrawal and where withdrawn forces fight), regular combat (simultaneous, hits on
//! six, a Leader per block), US and Mexican blocks as one, Reservations, Scouts, a lone
//! Settler in a Fort or Town, and the seed's combat and Victory Point examples (§8.0,
//! §9.0).

use super::super::util::{logged, play};
use super::{KEEP, area, army_moves, legal_has, p, refused, sp, status, turn_total, vp};
use wargame::core::session::GameSession;

/// §8.0 General: "a combat phase is used to resolve potential combats for any area in
/// which both players have blocks" and "The order of which area is resolved first ... is
/// determined by the Army player."
#[test]
fn review_s8_army_picks_the_order_of_contested_areas() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 1),
            ("troop_a", "papagueria", 1),
            ("arivipa", "tucson", 1),
            ("troop_b", "tucson", 1),
            ("san_carlos", "tonto", 1),
            ("troop_c", "verde", 1),
        ],
    );
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "phase"), "combat");
    assert_eq!(p(&g, "to_act"), "1");
    let mut legal = g.legal();
    legal.sort();
    assert_eq!(legal, vec!["combat papagueria", "combat tucson"]);
    play(&mut g, &["combat tucson"]);
    assert_eq!(
        p(&g, "to_act"),
        "0",
        "the Apache player answers the retreat step"
    );
}

/// §8.0 Retreat before combat: "that Leader may lead all other Apache blocks (including
/// other Leaders) into a retreat before combat ... No other Apache blocks in the area are
/// revealed. The Leader block remains face up ... There can be no further combat ...
/// Immediately score for the Army player 2 Victory Points for each Strength Point of
/// Apache blocks that retreated before combat." Juh (value 0) leads, so the score does
/// not depend on whether retreating Leaders count as captured.
#[test]
fn review_s8_retreat_before_combat_scores_two_vp_per_sp_at_once() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 3),
            ("arivipa", "papagueria", 2),
            ("juh", "papagueria", 0),
            ("benito", "papagueria", 0),
            ("troop_a", "papagueria", 2),
            ("san_carlos", "tucson", 1),
            ("troop_b", "tucson", 1),
        ],
    );
    play(&mut g, &["end", "combat papagueria", "retreat juh"]);
    assert_eq!(g.legal(), vec!["pass"], "no Scout, nothing to cancel with");
    play(&mut g, &["pass"]);
    assert_eq!(vp(&g), (0, 10), "2 VP per SP, immediately");
    assert_eq!(p(&g, "juh.revealed"), "true");
    assert_eq!(p(&g, "apache_peaks.revealed"), "false");
    assert_eq!(p(&g, "benito.revealed"), "false");
    for k in ["apache_peaks", "arivipa", "juh", "benito"] {
        assert_ne!(area(&g, k), "papagueria", "{k} retreated");
    }
    assert_eq!(sp(&g, "troop_a"), 2);
    assert!(!legal_has(&g, "combat papagueria"));
    // The forced blocks are not counted again for the Apache at the VP phase.
    // Tucson has no Leaders: both sides fire at once after the retreat step.
    play(&mut g, &["combat tucson"]);
    g.force_dice(&[1, 1, 4]);
    play(&mut g, &["stay"]);
    assert_eq!(turn_total(&g), (1, 10));
}

/// §8.0: "if the Apache player has a Leader in the area, that Leader may lead ... a
/// retreat": without a Leader there is no retreat.
#[test]
fn review_s8_no_retreat_without_an_apache_leader() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 3),
            ("troop_a", "papagueria", 2),
        ],
    );
    play(&mut g, &["end", "combat papagueria"]);
    assert!(!g.legal().iter().any(|a| a.starts_with("retreat")));
}

/// §8.0: "If a Leader block with no accompanying non-Leader blocks is alone in an area
/// with opposing non-Leader blocks they are captured and revealed during the Ambush
/// Combat Segment to be counted for VP if they are Apache, and no combats are resolved
/// against them. Such capture does not affect the availability of the Leader block for
/// subsequent turns." and §9.0: "Captured Apache Leader blocks are equal in VP to the
/// Leader value of the captured Leader block."
#[test]
fn review_s8_a_lone_apache_leader_is_captured_for_its_value() {
    let mut g = army_moves(
        2,
        &[
            ("cochise", "papagueria", 0),
            ("troop_a", "papagueria", 2),
            ("arivipa", "tucson", 1),
            ("troop_b", "tucson", 1),
        ],
    );
    play(&mut g, &["end", "combat papagueria", "stay"]);
    assert_eq!(vp(&g), (0, 2), "Cochise's value, 2");
    assert_eq!(p(&g, "cochise.revealed"), "true");
    assert_eq!(sp(&g, "troop_a"), 2, "no combat");
    assert!(!legal_has(&g, "combat papagueria"));
    // Tucson has no Leaders: both sides fire at once after the retreat step.
    play(&mut g, &["combat tucson"]);
    g.force_dice(&[1, 1, 4]);
    play(&mut g, &["stay"]);
    assert_eq!(p(&g, "turn"), "2");
    assert_ne!(status(&g, "cochise"), "gone", "still available on turn 2");
}

/// §8.0: the same capture for an Army Leader alone with Apache non-Leader blocks:
/// "Army Leader blocks are returned to their pool." (no VP: only Apache Leaders "are
/// counted for VP").
#[test]
fn review_s8_a_lone_army_leader_is_captured_and_returns_to_its_pool() {
    let mut g = army_moves(
        2,
        &[
            ("carleton", "papagueria", 0),
            ("apache_peaks", "papagueria", 2),
            ("arivipa", "tucson", 1),
            ("troop_b", "tucson", 1),
        ],
    );
    play(&mut g, &["end", "combat papagueria", "stay"]);
    // The seed returns him to his pool; the engine sets him aside ("out") until the
    // turn ends. Army pools are drawn only at the next turn, so both read the same.
    assert_ne!(status(&g, "carleton"), "map", "captured");
    assert_eq!(sp(&g, "apache_peaks"), 2, "no combat");
    assert_eq!(vp(&g), (0, 0));
    assert!(!legal_has(&g, "combat papagueria"));
}

/// §8.0: "If leadership for the opposing sides is equal, no ambush can occur and
/// resolution shifts to resolving regular combat."
#[test]
fn review_s8_equal_leadership_means_regular_combat() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 2),
            ("victorio", "papagueria", 0),
            ("troop_a", "papagueria", 2),
            ("carleton", "papagueria", 0),
            KEEP[0],
            KEEP[1],
        ],
    );
    play(&mut g, &["end", "combat papagueria", "stay"]);
    assert!(!legal_has(&g, "decline"));
    g.force_dice(&[6, 1, 6, 1]);
    play(&mut g, &["fire"]);
    assert_eq!(p(&g, "to_act"), "1", "the Army fires too");
    play(&mut g, &["fire"]);
    assert_eq!(sp(&g, "apache_peaks"), 1);
    assert_eq!(sp(&g, "troop_a"), 1);
}

/// §8.0: "For Ambush combat (only), in any area with one or more boundaries that are
/// Mountain, all Apache Leader values are considered to be one higher than that listed
/// on their block for all purposes." San Bernardino has Mountain boundaries: Juh (0)
/// counts 1 against Buell (0), wins the ambush and adds +1 to the dice (a 5 hits).
fn case_s8_mountain_boundary_gives_apache_leaders_plus_one_in_ambush() {
    let mut g = army_moves(
        2,
        &[
            ("gallatin", "san_bernardino", 1),
            ("juh", "san_bernardino", 0),
            ("troop_a", "san_bernardino", 2),
            ("buell", "san_bernardino", 0),
        ],
    );
    play(&mut g, &["end", "combat san_bernardino", "stay"]);
    assert_eq!(p(&g, "to_act"), "0");
    assert!(legal_has(&g, "decline"), "Juh ambushes");
    play(&mut g, &["lead juh gallatin"]);
    g.force_dice(&[5]);
    play(&mut g, &["fire"]);
    assert_eq!(sp(&g, "troop_a"), 1, "5 + 1 = 6 hits");
}

/// §8.0: the Mountain bonus is "For Ambush combat (only)": with equal totals there (Juh
/// 0+1 against Carleton 1) regular combat follows, where Juh adds 0 and a 5 misses.
fn case_s8_mountain_bonus_not_in_regular_combat() {
    let mut g = army_moves(
        2,
        &[
            ("gallatin", "san_bernardino", 1),
            ("juh", "san_bernardino", 0),
            ("troop_a", "san_bernardino", 1),
            ("carleton", "san_bernardino", 0),
            KEEP[0],
            KEEP[1],
        ],
    );
    play(&mut g, &["end", "combat san_bernardino", "stay"]);
    assert!(!legal_has(&g, "decline"), "1 against 1: no ambush");
    play(&mut g, &["lead juh gallatin"]);
    g.force_dice(&[5, 1]);
    play(&mut g, &["fire", "fire"]);
    assert_eq!(sp(&g, "troop_a"), 1, "a 5 + 0 misses in regular combat");
}

/// §8.0: "For Ambush combat (only), in any area with one or more boundaries that are
/// Mountain, all Apache Leader values are considered to be one higher".
#[test]
fn review_s8_mountain_bonus_for_ambush_only() {
    case_s8_mountain_boundary_gives_apache_leaders_plus_one_in_ambush();
    case_s8_mountain_bonus_not_in_regular_combat();
}

/// §8.0 Settlers & Combat: "The Settler block in an area reduces the value of every Army
/// Player Leader block in that area by one, though no Leader may be reduced to a value
/// of less than zero." Carleton (1) with the Settler equals Juh (0): no ambush; without
/// the Settler he ambushes. Papagueria has no Fort or Town, so the lone-Settler rule
/// does not apply.
fn case_s8_settler_lowers_army_leaders_for_the_ambush() {
    let with = |settler: bool| {
        let mut blocks = vec![
            ("apache_peaks", "papagueria", 2u8),
            ("juh", "papagueria", 0),
            ("troop_a", "papagueria", 2),
            ("carleton", "papagueria", 0),
        ];
        if settler {
            blocks.push(("settler", "papagueria", 0));
        }
        let mut g = army_moves(2, &blocks);
        play(&mut g, &["end", "combat papagueria", "stay"]);
        g
    };
    let g = with(false);
    assert_eq!(p(&g, "to_act"), "1");
    assert!(
        legal_has(&g, "decline"),
        "Carleton 1 against Juh 0 ambushes"
    );
    let g = with(true);
    assert!(
        !legal_has(&g, "decline"),
        "Carleton 1 - 1 = 0 against 0: no ambush"
    );
    assert_eq!(
        p(&g, "to_act"),
        "0",
        "regular combat, the Apache fire first here"
    );
}

/// §8.0: "no Leader may be reduced to a value of less than zero": Buell (0) with the
/// Settler stays 0, equal to an Apache side without Leaders, so there is no ambush.
fn case_s8_settler_cannot_push_a_leader_below_zero() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 2),
            ("troop_a", "papagueria", 2),
            ("buell", "papagueria", 0),
            ("settler", "papagueria", 0),
        ],
    );
    play(&mut g, &["end", "combat papagueria", "stay"]);
    assert!(!legal_has(&g, "decline"), "0 against 0: no ambush");
}

/// §8.0 Settlers: the Settler "reduces the value" of the Leader, and a Leader adds
/// "their Leader modifier to the die rolls": Crook (2) with the Settler adds 1, so a 4
/// misses.
fn case_s8_settler_lowers_the_leader_die_modifier() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 1),
            ("troop_a", "papagueria", 1),
            ("crook", "papagueria", 0),
            ("settler", "papagueria", 0),
            KEEP[0],
            KEEP[1],
        ],
    );
    play(&mut g, &["end", "combat papagueria", "stay"]);
    assert!(
        legal_has(&g, "decline"),
        "Crook 2 - 1 = 1 against 0 ambushes"
    );
    play(&mut g, &["lead crook troop_a"]);
    // The Settler's 2 SP fire too ("For each SP of the ambushing side, one die").
    g.force_dice(&[4, 1, 1]);
    play(&mut g, &["fire"]);
    assert_eq!(sp(&g, "apache_peaks"), 1, "4 + 1 misses");
}

/// §8.0 Settlers & Combat: "The Settler block in an area reduces the value of every
/// Army Player Leader block in that area by one, though no Leader may be reduced to a
/// value of less than zero."
#[test]
fn review_s8_settler_lowers_army_leaders() {
    case_s8_settler_lowers_army_leaders_for_the_ambush();
    case_s8_settler_cannot_push_a_leader_below_zero();
    case_s8_settler_lowers_the_leader_die_modifier();
}

/// §8.0: "The lost SP are taken from the opposing players' strongest unit." and the
/// Combat Example: "Hits must be taken from the strongest unit until eliminated". Two
/// hits on bands of 4 and 3 SP take the 4 to 2 (no tie choice after the first hit).
#[test]
fn review_s8_losses_from_the_strongest_unit_until_eliminated() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 4),
            ("arivipa", "papagueria", 3),
            ("troop_a", "papagueria", 2),
            ("crook", "papagueria", 0),
        ],
    );
    play(
        &mut g,
        &["end", "combat papagueria", "stay", "lead crook troop_a"],
    );
    g.force_dice(&[6, 6]);
    play(&mut g, &["fire"]);
    assert_ne!(p(&g, "pending"), "loss");
    assert_eq!((sp(&g, "apache_peaks"), sp(&g, "arivipa")), (2, 3));
    assert_eq!(vp(&g), (0, 6), "3 Army VP per Apache SP lost");
}

/// §8.0 Ambush: "The side with the higher total may resolve an ambush." and "Ambush
/// allows only the side with the better leadership to fire. The other side does not
/// return fire." and "If more than one opposing unit is of the same highest SP, the loss
/// is taken from the unit of the attacking player's choice."
fn case_s8_ambush_only_the_ambusher_fires() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 4),
            ("cochise", "papagueria", 0),
            ("troop_a", "papagueria", 3),
            ("troop_b", "papagueria", 3),
            ("buell", "papagueria", 0),
        ],
    );
    play(&mut g, &["end", "combat papagueria", "stay"]);
    assert_eq!(p(&g, "to_act"), "0", "the Apache (2 against 0) ambush");
    assert!(legal_has(&g, "decline"), "'may resolve an ambush'");
    play(&mut g, &["lead cochise apache_peaks"]);
    g.force_dice(&[4, 1, 1, 1]);
    play(&mut g, &["fire"]);
    assert_eq!(sp(&g, "apache_peaks"), 4, "the Army does not return fire");
    assert_eq!(p(&g, "pending"), "loss");
    assert_eq!(p(&g, "to_act"), "0", "the ambusher picks among tied blocks");
    play(&mut g, &["loss troop_b"]);
    assert_eq!((sp(&g, "troop_a"), sp(&g, "troop_b")), (3, 2));
    assert_eq!(vp(&g), (2, 0), "2 Apache VP per Army SP lost");
}

/// §8.0: "If any blocks have lost their last SP, remove them to the side ... so that they
/// may first be counted for VP". Four ambush hits on two 3 SP troops: the chosen one is
/// eliminated, the other loses 1; 8 Apache VP.
fn case_s8_ambush_eliminates_and_scores() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 4),
            ("cochise", "papagueria", 0),
            ("troop_a", "papagueria", 3),
            ("troop_b", "papagueria", 3),
            ("buell", "papagueria", 0),
        ],
    );
    play(
        &mut g,
        &[
            "end",
            "combat papagueria",
            "stay",
            "lead cochise apache_peaks",
        ],
    );
    g.force_dice(&[6, 6, 6, 6]);
    play(&mut g, &["fire", "loss troop_a"]);
    assert_ne!(status(&g, "troop_a"), "map", "eliminated");
    assert_eq!(sp(&g, "troop_b"), 2);
    assert_eq!(vp(&g), (8, 0));
}

/// §8.0: "Ambush allows only the side with the better leadership to fire. The other
/// side does not return fire."
#[test]
fn review_s8_ambush_only_the_ambusher_fires() {
    case_s8_ambush_only_the_ambusher_fires();
    case_s8_ambush_eliminates_and_scores();
}

/// §8.0: "The ambushing player may then, if they have less remaining total SP than the
/// opposing player, at their option, retreat to any adjacent area."
#[test]
fn review_s8_a_weaker_ambusher_may_withdraw_to_any_adjacent_area() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 4),
            ("cochise", "papagueria", 0),
            ("troop_a", "papagueria", 3),
            ("troop_b", "papagueria", 3),
            ("buell", "papagueria", 0),
            ("arivipa", "verde", 1),
            ("troop_c", "verde", 1),
        ],
    );
    play(
        &mut g,
        &[
            "end",
            "combat papagueria",
            "stay",
            "lead cochise apache_peaks",
        ],
    );
    g.force_dice(&[4, 1, 1, 1]);
    play(&mut g, &["fire", "loss troop_a"]);
    assert_eq!(p(&g, "pending"), "withdraw", "4 SP against 5");
    for a in [
        "phoenix",
        "gila_bend",
        "tucson",
        "tubac",
        "sonoyta",
        "altar",
    ] {
        assert!(legal_has(&g, &format!("withdraw {a}")), "{a} is adjacent");
    }
    assert!(legal_has(&g, "stay"), "at their option");
    play(&mut g, &["withdraw tubac"]);
    assert_eq!(area(&g, "apache_peaks"), "tubac");
    assert_eq!(area(&g, "cochise"), "tubac");
    assert_eq!(
        (sp(&g, "troop_a"), sp(&g, "troop_b")),
        (2, 3),
        "no regular combat"
    );
    assert_eq!(g.legal(), vec!["combat verde"]);
}

/// §8.0: "If the ambushing forces have the same or more SP as the opposing forces after
/// the ambush resolution, they do not have this option and must engage in regular
/// combat."
#[test]
fn review_s8_an_ambusher_with_equal_sp_must_fight_regular_combat() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 4),
            ("cochise", "papagueria", 0),
            ("troop_a", "papagueria", 3),
            ("troop_b", "papagueria", 2),
            ("buell", "papagueria", 0),
        ],
    );
    play(
        &mut g,
        &[
            "end",
            "combat papagueria",
            "stay",
            "lead cochise apache_peaks",
        ],
    );
    g.force_dice(&[6, 1, 1, 1]);
    play(&mut g, &["fire"]);
    assert_ne!(p(&g, "pending"), "withdraw", "4 SP against 4");
    assert!(!g.legal().iter().any(|a| a.starts_with("withdraw")));
    assert!(legal_has(&g, "fire"), "regular combat follows");
}

/// §8.0: "Forces that do retreat to an adjacent area must then participate in resolving
/// combat (both Ambush and Regular) in that retreated to area if (and only if) there are
/// opposing forces there and combat has not already been resolved for that new area."
#[test]
fn review_s8_withdrawn_forces_fight_in_an_unresolved_area() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 4),
            ("cochise", "papagueria", 0),
            ("troop_a", "papagueria", 3),
            ("troop_b", "papagueria", 3),
            ("buell", "papagueria", 0),
            ("troop_c", "tucson", 2),
        ],
    );
    play(
        &mut g,
        &[
            "end",
            "combat papagueria",
            "stay",
            "lead cochise apache_peaks",
        ],
    );
    g.force_dice(&[4, 1, 1, 1]);
    play(&mut g, &["fire", "loss troop_a", "withdraw tucson"]);
    assert_eq!(g.legal(), vec!["combat tucson"]);
    play(&mut g, &["combat tucson"]);
    assert!(legal_has(&g, "retreat cochise"));
}

/// §8.0: the same sentence, "and only if ... combat has not already been resolved for
/// that new area": no second combat in an area already resolved.
#[test]
fn review_s8_withdrawn_forces_do_not_fight_again_in_a_resolved_area() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 4),
            ("cochise", "papagueria", 0),
            ("troop_a", "papagueria", 3),
            ("troop_b", "papagueria", 3),
            ("buell", "papagueria", 0),
            ("arivipa", "tucson", 1),
            ("troop_c", "tucson", 1),
        ],
    );
    play(&mut g, &["end", "combat tucson"]);
    g.force_dice(&[1, 1]);
    play(
        &mut g,
        &[
            "stay",
            "combat papagueria",
            "stay",
            "lead cochise apache_peaks",
        ],
    );
    g.force_dice(&[4, 1, 1, 1, 4]);
    play(&mut g, &["fire", "loss troop_a", "withdraw tucson"]);
    assert_eq!(p(&g, "turn"), "2", "no combat left: the turn ended");
    let tucson_combats = g
        .log
        .iter()
        .filter(|l| l.text.starts_with("Combat in tucson ("))
        .count();
    assert_eq!(tucson_combats, 1);
}

/// §8.0 Regular combat: "both players roll one die for each SP and no results are
/// applied until both players have rolled. A result of 6 or more result is a hit ...
/// The results are considered to be simultaneous." A 1 SP band eliminated by the Army
/// still scores its hit.
fn case_s8_regular_combat_is_simultaneous() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 1),
            ("troop_a", "papagueria", 3),
            KEEP[0],
            KEEP[1],
        ],
    );
    play(&mut g, &["end", "combat papagueria"]);
    g.force_dice(&[6, 6, 6, 6]);
    play(&mut g, &["stay"]);
    assert_ne!(status(&g, "apache_peaks"), "map", "eliminated");
    assert_eq!(sp(&g, "troop_a"), 2, "the eliminated band's hit counts");
    assert_eq!(vp(&g), (2, 3));
}

/// §8.0: "all other results are a miss": fives miss without a Leader.
fn case_s8_regular_combat_hits_only_on_six() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 2),
            ("troop_a", "papagueria", 2),
            ("arivipa", "tucson", 1),
            ("troop_b", "tucson", 1),
        ],
    );
    play(&mut g, &["end", "combat papagueria"]);
    g.force_dice(&[5, 5, 5, 5]);
    play(&mut g, &["stay"]);
    assert_eq!((sp(&g, "apache_peaks"), sp(&g, "troop_a")), (2, 2));
    assert_eq!(vp(&g), (0, 0));
    assert!(
        !legal_has(&g, "combat papagueria"),
        "one round: combat is completed"
    );
}

/// §8.0 Resolve Regular Combat: "A result of 6 or more result is a hit ... The results
/// are considered to be simultaneous."
#[test]
fn review_s8_regular_combat_simultaneous_hits_on_six() {
    case_s8_regular_combat_is_simultaneous();
    case_s8_regular_combat_hits_only_on_six();
}

/// §8.0 Leaders in combat: "Each Leader present for each player influences the die roll
/// of any one block (and only one)". Cochise (+2) leads one 1 SP band: two 4s give one
/// hit.
fn case_s8_a_leader_modifies_only_one_block() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 1),
            ("arivipa", "papagueria", 1),
            ("cochise", "papagueria", 0),
            ("troop_a", "papagueria", 4),
        ],
    );
    play(
        &mut g,
        &[
            "end",
            "combat papagueria",
            "stay",
            "lead cochise apache_peaks",
        ],
    );
    assert!(!g.legal().iter().any(|a| a.starts_with("lead cochise")));
    g.force_dice(&[4, 4]);
    play(&mut g, &["fire"]);
    assert_eq!(sp(&g, "troop_a"), 3);
}

/// §8.0: "Note that each block in the area may be influenced by only one Leader."
fn case_s8_a_block_takes_only_one_leader() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 2),
            ("arivipa", "papagueria", 2),
            ("cochise", "papagueria", 0),
            ("victorio", "papagueria", 0),
            ("troop_a", "papagueria", 4),
        ],
    );
    play(
        &mut g,
        &[
            "end",
            "combat papagueria",
            "stay",
            "lead cochise apache_peaks",
        ],
    );
    assert!(refused(&mut g, "lead victorio apache_peaks"));
    assert!(legal_has(&g, "lead victorio arivipa"));
}

/// §8.0: "Each Leader present ... influences the die roll of any one block (and only
/// one)" and "each block in the area may be influenced by only one Leader."
#[test]
fn review_s8_leaders_modify_one_block_each() {
    case_s8_a_leader_modifies_only_one_block();
    case_s8_a_block_takes_only_one_leader();
}

/// §8.0: "The Army Player resolves combat in an area with US Army and Mexican Army blocks
/// as one resolution, without regard to nationality."
#[test]
fn review_s8_us_and_mexican_blocks_fight_as_one() {
    let mut g = army_moves(
        2,
        &[
            ("gallatin", "san_bernardino", 4),
            ("troop_a", "san_bernardino", 1),
            ("escuadron_1", "san_bernardino", 1),
        ],
    );
    play(&mut g, &["end"]);
    assert_eq!(g.legal(), vec!["combat san_bernardino"]);
    play(&mut g, &["combat san_bernardino"]);
    g.force_dice(&[1, 1, 1, 1, 6, 6, 4]);
    play(&mut g, &["stay"]);
    // Both nations' dice: 2 hits, 3 VP each. No Leaders on either side (0 is not less
    // than 0), so the band's 2 SP left are not forced and score for the Apache.
    assert_eq!(turn_total(&g), (2, 6));
}

/// §8.0 Reservations: "Apache blocks in either of these areas may never be attacked in
/// any way" and §9.0: "Apache blocks that end the turn in a reservation area are counted
/// for Army Player VP, regardless of if an Army Player unit is in the reservation area or
/// not." (2 VP per SP forced.)
#[test]
fn review_s8_apache_in_a_reservation_are_never_attacked_but_count_as_forced() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "san_carlos", 3),
            ("troop_a", "san_carlos", 4),
            ("carleton", "san_carlos", 0),
        ],
    );
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "turn"), "2", "no combat in a Reservation");
    assert!(!logged(&g, "Combat in san_carlos"));
    assert_eq!(turn_total(&g), (0, 6));
}

/// §8.0 Resolve Ambush Combat: "At this point in the Combat Phase, both players reveal
/// their blocks in the area to the opposing player." (also when totals are equal; the
/// Combat Example: "so both side's blocks are revealed").
#[test]
fn review_s8_both_players_reveal_their_blocks_at_the_ambush_segment() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 2),
            ("juh", "papagueria", 0),
            ("troop_a", "papagueria", 2),
            ("buell", "papagueria", 0),
        ],
    );
    play(&mut g, &["end", "combat papagueria"]);
    assert_eq!(p(&g, "apache_peaks.revealed"), "false", "hidden until then");
    play(&mut g, &["stay"]);
    for k in ["apache_peaks", "juh", "troop_a", "buell"] {
        assert_eq!(p(&g, &format!("{k}.revealed")), "true", "{k}");
    }
}

/// §8.0 Scouts & Combat: "If the Apache player indicates a retreat and the Army Player
/// has the Scout block in the area, the Army player may reveal the Scout block by
/// putting it face up and the Apache retreat before combat is canceled."
fn case_s8_the_scout_cancels_the_retreat() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 3),
            ("juh", "papagueria", 0),
            ("troop_a", "papagueria", 2),
            ("scout", "papagueria", 0),
        ],
    );
    play(&mut g, &["end", "combat papagueria", "retreat juh"]);
    let mut legal = g.legal();
    legal.sort();
    assert_eq!(
        legal,
        vec!["pass", "scout"],
        "the Scout is optional ('may')"
    );
    play(&mut g, &["scout"]);
    assert_eq!(p(&g, "scout.revealed"), "true");
    assert_eq!(
        area(&g, "apache_peaks"),
        "papagueria",
        "the retreat is canceled"
    );
    assert_eq!(vp(&g), (0, 0));
    assert_eq!(p(&g, "phase"), "combat");
}

/// §8.0 Scouts: the Army player "may" reveal the Scout; passing lets the retreat go.
fn case_s8_passing_with_a_scout_lets_the_retreat_go() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 3),
            ("juh", "papagueria", 0),
            ("troop_a", "papagueria", 2),
            ("scout", "papagueria", 0),
            ("arivipa", "tucson", 1),
            ("troop_b", "tucson", 1),
        ],
    );
    play(&mut g, &["end", "combat papagueria", "retreat juh", "pass"]);
    assert_eq!(vp(&g), (0, 6));
    assert_ne!(area(&g, "apache_peaks"), "papagueria");
    assert_eq!(p(&g, "scout.revealed"), "false");
}

/// §8.0 Scouts & Combat: "If the Apache player indicates a retreat and the Army Player
/// has the Scout block in the area": a Scout elsewhere cannot cancel it.
fn case_s8_the_scout_must_be_in_the_area() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 3),
            ("juh", "papagueria", 0),
            ("troop_a", "papagueria", 2),
            ("scout", "tucson", 0),
            ("buell", "tucson", 0),
        ],
    );
    play(&mut g, &["end", "combat papagueria", "retreat juh"]);
    assert_eq!(g.legal(), vec!["pass"]);
}

/// §8.0 Scouts & Combat: "If the Apache player indicates a retreat and the Army Player
/// has the Scout block in the area, the Army player may reveal the Scout block ... and
/// the Apache retreat before combat is canceled."
#[test]
fn review_s8_scouts_and_combat() {
    case_s8_the_scout_cancels_the_retreat();
    case_s8_passing_with_a_scout_lets_the_retreat_go();
    case_s8_the_scout_must_be_in_the_area();
}

/// §8.0 Settlers & Combat: "if the Settler block is alone, that is, it is the only Army
/// player block in an area containing a Fort or Town symbol and also an Apache Player
/// block during a combat phase, the Settler block is automatically reduced to zero
/// strength without having to resolve any combat and is counted for Victory Points as
/// Army player strength points lost."
fn case_s8_a_lone_settler_in_a_town_is_reduced_at_once() {
    let mut g = army_moves(
        2,
        &[("settler", "tucson", 0), ("apache_peaks", "tucson", 2)],
    );
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "turn"), "2", "no combat to resolve");
    assert_eq!(
        turn_total(&g),
        (4 + 2, 0),
        "2 SP lost = 4 VP, plus the band's 2 SP"
    );
}

/// §8.0 Settlers & Combat: "If the Army player is in this situation, simply reveal the
/// block at the start of the combat phase prior to any other resolutions."
fn case_s8_a_lone_settler_is_revealed_before_other_resolutions() {
    let mut g = army_moves(
        2,
        &[
            ("settler", "tucson", 0),
            ("apache_peaks", "tucson", 2),
            ("arivipa", "papagueria", 1),
            ("troop_a", "papagueria", 1),
        ],
    );
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "settler.revealed"), "true");
    assert_ne!(status(&g, "settler"), "map");
    assert_eq!(vp(&g), (4, 0));
    assert_eq!(g.legal(), vec!["combat papagueria"]);
}

/// §8.0: the Settler is reduced only when "alone" and in "an area containing a Fort or
/// Town symbol": with a troop, or in an area with neither, combat is resolved normally.
fn case_s8_settler_not_alone_or_not_in_a_town_is_not_reduced() {
    let mut g = army_moves(
        2,
        &[
            ("settler", "tucson", 0),
            ("troop_a", "tucson", 2),
            ("apache_peaks", "tucson", 2),
        ],
    );
    play(&mut g, &["end"]);
    assert_eq!(sp(&g, "settler"), 2);
    assert_eq!(g.legal(), vec!["combat tucson"]);
    let mut g = army_moves(
        2,
        &[
            ("settler", "papagueria", 0),
            ("apache_peaks", "papagueria", 2),
        ],
    );
    play(&mut g, &["end"]);
    assert_eq!(sp(&g, "settler"), 2);
    assert_eq!(g.legal(), vec!["combat papagueria"]);
}

/// §8.0: "if the Settler block is alone ... in an area containing a Fort or Town symbol
/// and also an Apache Player block during a combat phase, the Settler block is
/// automatically reduced to zero strength".
#[test]
fn review_s8_a_lone_settler_in_a_fort_or_town_area() {
    case_s8_a_lone_settler_in_a_town_is_reduced_at_once();
    case_s8_a_lone_settler_is_revealed_before_other_resolutions();
    case_s8_settler_not_alone_or_not_in_a_town_is_not_reduced();
}

/// The seed's Combat Example and Victory Point Example, areas 021 = Animas and 020 =
/// San Bernardino (adjacent, both with a Mountain boundary), dice as printed. Checked:
/// "Chubuahua is therefore considered a 1 for Ambush. So the Apaches win the Ambush";
/// "the A Troop unit is eliminated ... the Apache player, having won the Ambush, chooses
/// which unit takes the hit and settles on D Company"; "he can now move these units west
/// to area 020"; "the Army player reveals the Scout unit in that area, negating the
/// Retreat Before Combat attempt"; "the Leader rankings on both sides are equal at 3";
/// "The Army player takes 1st Escudron from 4 SP to 1SP, and the Apache player chooses to
/// reduce the San Carlos band from 4 SP to 1 SP"; and the VP totals: "the Army would
/// have a total of 27 VP". The seed gives the Apache 15, but its own items (10 VP from
/// the ambush, 6 from area 020, no other Apache VP) add to 16, and no rule takes the
/// Rumor's point from the Apache: 16 is asserted (the seed's arithmetic is ambiguous).
/// The engine rolls each side's blocks in scenario order (an engine detail, not a rule).
#[test]
fn review_s8_s9_the_combat_and_victory_point_examples() {
    let mut g = army_moves(
        2,
        &[
            // Area 021
            ("chihuahua", "animas", 0),
            ("san_carlos", "animas", 4),
            ("apache_peaks", "animas", 4),
            ("carleton", "animas", 0),
            ("settler", "animas", 2),
            ("troop_a", "animas", 4),
            ("troop_b", "animas", 3),
            ("troop_f", "animas", 3),
            ("company_d", "animas", 3),
            // Area 020
            ("chato", "san_bernardino", 0),
            ("warm_springs", "san_bernardino", 2),
            ("mescalito_nm", "san_bernardino", 1),
            ("fawn", "san_bernardino", 0),
            ("forsyth", "san_bernardino", 0),
            ("crawford", "san_bernardino", 0),
            ("terrazas", "san_bernardino", 0),
            ("escuadron_1", "san_bernardino", 4),
            ("escuadron_2", "san_bernardino", 2),
            ("troop_h", "san_bernardino", 3),
            ("scout", "san_bernardino", 2),
        ],
    );
    play(&mut g, &["end"]);
    assert_eq!(vp(&g), (0, 1), "a Rumor was revealed");
    play(&mut g, &["combat animas", "stay"]);
    assert_eq!(p(&g, "to_act"), "0", "the Apache ambush");
    play(&mut g, &["lead chihuahua apache_peaks"]);
    g.force_dice(&[5, 5, 3, 6, 6, 2, 6, 1]);
    play(&mut g, &["fire"]);
    assert_ne!(status(&g, "troop_a"), "map", "A Troop eliminated");
    assert_eq!(p(&g, "pending"), "loss");
    assert_eq!(p(&g, "to_act"), "0");
    play(&mut g, &["loss company_d"]);
    assert_eq!(sp(&g, "company_d"), 2);
    assert_eq!(vp(&g), (10, 1));
    assert_eq!(p(&g, "pending"), "withdraw", "8 Apache SP against 10");
    play(
        &mut g,
        &[
            "withdraw san_bernardino",
            "combat san_bernardino",
            "retreat chato",
            "scout",
        ],
    );
    assert!(!legal_has(&g, "decline"), "3 against 3: no ambush");
    play(&mut g, &["lead chato san_carlos"]);
    g.force_dice(&[
        5, 4, 6, 5, // Apache Springs (Apache Peaks)
        5, 1, 5, 4, // San Carlos, +1 Chato
        1, 2, // Warm Springs
        3, // Mescalero (Mescalito)
        6, 4, 5, // H Troop, +1 Forsyth
        3, 2, // Scout, +1 Crawford
        1, 4, 5, 3, // 1st Escuadron, +1 Terrazas
        5, 1, // 2nd Escuadron
    ]);
    play(&mut g, &["fire"]);
    play(
        &mut g,
        &[
            "lead terrazas escuadron_1",
            "lead forsyth troop_h",
            "lead crawford scout",
            "fire",
        ],
    );
    assert_eq!(p(&g, "pending"), "loss");
    assert_eq!(p(&g, "to_act"), "0", "the Apache player chooses");
    g.force_dice(&[4]);
    play(&mut g, &["loss san_carlos"]);
    // The losses are applied together once the choice is made; the turn then ends.
    assert!(logged(&g, "escuadron_1 (1st Escuadron) loses 3 SP, now 1"));
    assert!(logged(&g, "san_carlos (San Carlos) loses 3 SP, now 1"));
    assert_eq!(turn_total(&g), (16, 27));
    assert_eq!(p(&g, "levels.1"), "1", "the Army advances one Level");
}
