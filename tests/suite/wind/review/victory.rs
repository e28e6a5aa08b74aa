//! §9.0 Victory Points, from the review: the Apache's free SP and the Level it gains, a
//! tie, blocks forced to the Reservation by Leader totals (no Mountain bonus there), map
//! edge VP, VP for combat losses, and the higher Level winning after turn 7.

use super::super::util::play;
use super::{army_moves, legal_has, p, turn_total, vp};

/// §9.0: "1 VP for each Apache SP not forced to reservation." and "The player with the
/// most VP earns an advance of one Level on the Victory Level Track".
#[test]
fn review_s9_apache_score_their_free_sp_and_gain_a_level() {
    let mut g = army_moves(2, &[("apache_peaks", "tonto", 3)]);
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(turn_total(&g), (3, 0));
    assert_eq!(p(&g, "levels.0"), "1");
    assert_eq!(p(&g, "levels.1"), "0");
}

/// §9.0: "If the players are tied for VP, no player's Victory Level marker is advanced
/// for the turn. Then move the markers on the Victory Point Track so as to start the next
/// turn at zero."
#[test]
fn review_s9_a_tie_gains_no_level_and_vp_restart_at_zero() {
    let mut g = army_moves(2, &[]);
    g.state.vp = [5, 5];
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(turn_total(&g), (5, 5));
    assert_eq!(
        (p(&g, "levels.0"), p(&g, "levels.1")),
        ("0".into(), "0".into())
    );
    assert_eq!(vp(&g), (0, 0));
}

/// §9.0: "If the total Leader value is less than the totaled value of the Army Player
/// Leaders in the area then any remaining Apache blocks are considered forced to the
/// Reservation and any Apache Leader blocks in the area are considered captured." 3 SP
/// forced = 6, Victorio captured = 1.
fn case_s9_lower_apache_leader_total_is_forced_and_captured() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 3),
            ("victorio", "papagueria", 0),
            ("troop_a", "papagueria", 1),
            ("carleton", "papagueria", 0),
            ("forsyth", "papagueria", 0),
        ],
    );
    play(&mut g, &["end", "combat papagueria", "stay"]);
    assert!(
        legal_has(&g, "decline"),
        "the Army (2 against 1) may ambush"
    );
    play(&mut g, &["decline"]);
    g.force_dice(&[1, 1, 1, 1, 4]);
    play(&mut g, &["fire", "fire"]);
    assert_eq!(turn_total(&g), (0, 7));
}

/// §9.0: the Reservation is forced only if the Apache total "is less than" the Army's:
/// equal totals (Victorio 1, Carleton 1) are not forced.
fn case_s9_equal_leader_totals_are_not_forced() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 3),
            ("victorio", "papagueria", 0),
            ("troop_a", "papagueria", 1),
            ("carleton", "papagueria", 0),
        ],
    );
    play(&mut g, &["end", "combat papagueria", "stay"]);
    g.force_dice(&[1, 1, 1, 1, 4]);
    play(&mut g, &["fire", "fire"]);
    assert_eq!(turn_total(&g), (3, 0));
}

/// §9.0: "If the total Leader value is less than the totaled value of the Army Player
/// Leaders in the area then any remaining Apache blocks are considered forced to the
/// Reservation".
#[test]
fn review_s9_forced_to_the_reservation_by_leader_totals() {
    case_s9_lower_apache_leader_total_is_forced_and_captured();
    case_s9_equal_leader_totals_are_not_forced();
}

/// §9.0: "Apache blocks that end the turn in a reservation area are counted for Army
/// Player VP" and "1 VP for each 3 Apache blocks that end a turn in an area that borders
/// a map edge except for the Mescalero Reservation area." Three 1 SP bands in the
/// Mescalero Reservation: 6 VP forced, no map-edge VP.
fn case_s9_mescalero_blocks_are_forced_and_give_no_edge_vp() {
    let mut g = army_moves(
        2,
        &[
            ("mimbreno", "mescalero", 1),
            ("warm_springs", "mescalero", 1),
            ("mescalito_nm", "mescalero", 1),
        ],
    );
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(turn_total(&g), (0, 6));
}

/// §9.0: "1 VP for each 3 Apache blocks that end a turn in an area that borders a map
/// edge". Three 1 SP bands in Prescott (a map-edge area): Apache 3, Army 1.
fn case_s9_three_apache_blocks_on_a_map_edge_give_the_army_one_vp() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "prescott", 1),
            ("arivipa", "prescott", 1),
            ("san_carlos", "prescott", 1),
        ],
    );
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(turn_total(&g), (3, 1));
}

/// §9.0: "for each 3": two blocks on a map edge give nothing; blocks away from the edge
/// count for nothing.
fn case_s9_fewer_than_three_edge_blocks_give_nothing() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "prescott", 1),
            ("arivipa", "prescott", 1),
            ("san_carlos", "tonto", 1),
            ("e_white_mtn", "tonto", 1),
        ],
    );
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(turn_total(&g), (4, 0));
}

/// §9.0: "1 VP for each 3 Apache blocks that end a turn in an area that borders a map
/// edge except for the Mescalero Reservation area."
#[test]
fn review_s9_map_edge_vp() {
    case_s9_mescalero_blocks_are_forced_and_give_no_edge_vp();
    case_s9_three_apache_blocks_on_a_map_edge_give_the_army_one_vp();
    case_s9_fewer_than_three_edge_blocks_give_nothing();
}

/// §9.0 / Combat Example: "For SP lost during the combat, the Army player will receive 9
/// VP (3 hits inflicted at 3 VP each), while the Apache player will receive 6 VP (3 hits
/// inflicted at 2 VP each)." 2 VP per Army SP, 3 per Apache SP.
#[test]
fn review_s9_combat_losses_score_two_and_three_per_sp() {
    let mut g = army_moves(
        2,
        &[
            ("apache_peaks", "papagueria", 4),
            ("troop_a", "papagueria", 4),
            ("arivipa", "tucson", 1),
            ("troop_b", "tucson", 1),
        ],
    );
    play(&mut g, &["end", "combat papagueria"]);
    g.force_dice(&[6, 6, 6, 1, 6, 6, 1, 1]);
    play(&mut g, &["stay"]);
    assert_eq!(vp(&g), (6, 6));
}

/// §2.0/§9.0: "After the end of the 7th turn, the player with the higher level on the
/// Victory Track is the winner. If the levels are equal the game is a tie."
#[test]
fn review_s9_after_turn_seven_the_higher_level_wins() {
    let finish = |levels: [i32; 2], turn: u32| {
        let mut g = army_moves(2, &[]);
        g.state.turn = turn;
        g.state.levels = levels;
        g.force_dice(&[4]);
        play(&mut g, &["end"]);
        g
    };
    let g = finish([2, 1], 6);
    assert_eq!(p(&g, "over"), "false", "turn 6 is not the last");
    assert_eq!(p(&g, "turn"), "7");
    let g = finish([2, 1], 7);
    assert_eq!(p(&g, "over"), "true");
    assert_eq!(p(&g, "winner"), "0", "the Apache player");
    let g = finish([1, 3], 7);
    assert_eq!(p(&g, "winner"), "1", "the Army player");
    let g = finish([2, 2], 7);
    assert_eq!(p(&g, "over"), "true");
    assert_eq!(p(&g, "winner"), "draw", "a tie");
}

/// §8.0 "For Ambush combat (only) ... all Apache Leader values are considered to be one
/// higher", and the Victory Point Example counts Chato 1 and Chihuahua 0 in a Mountain
/// area as "a total of 1": at the §9.0 comparison there is no Mountain bonus. Juh (0)
/// against Carleton (1) in San Bernardino is forced.
#[test]
fn review_s9_no_mountain_bonus_in_the_reservation_comparison() {
    let mut g = army_moves(
        2,
        &[
            ("gallatin", "san_bernardino", 2),
            ("juh", "san_bernardino", 0),
            ("troop_a", "san_bernardino", 1),
            ("carleton", "san_bernardino", 0),
        ],
    );
    play(&mut g, &["end", "combat san_bernardino", "stay"]);
    assert!(!legal_has(&g, "decline"), "1 against 1 in the ambush");
    g.force_dice(&[1, 1, 1, 4]);
    play(&mut g, &["fire", "fire"]);
    assert_eq!(turn_total(&g), (0, 4), "2 SP forced, Juh (0) captured");
}
