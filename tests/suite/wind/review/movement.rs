//! §7.0 Movement, from the review: boundary costs and the Apache's extra MP into an Army
//! area, enough MP and adjacent areas only, the impulses, Leaders picking up and
//! dropping off blocks (and only of their nation), no block beyond its own MP, the Area
//! Block Limits, Reinforcements, the Command Conflict, the National Border, moving
//! through enemy areas, Reveal Rumors, and the Mexican Incursion Marker.

use super::super::util::{logged, play};
use super::{apache_moves, area, army_moves, idx, p, refused, sp, status, turn_total, vp};
use wargame::core::session::GameSession;

/// §7.0: "for Apache player blocks only, it costs 1 additional MP to cross into an area
/// that contains one or more Army player blocks of any type, but no additional MPs to
/// leave such an area."
#[test]
fn review_s7_apache_pay_one_more_to_enter_an_army_area_not_to_leave() {
    let mut g = apache_moves(
        1,
        &[
            ("san_carlos", "papagueria", 2),
            ("troop_a", "tucson", 2),
            ("buell", "tubac", 0),
        ],
    );
    play(&mut g, &["move san_carlos tucson"]); // open 1 + 1
    assert_eq!(p(&g, "san_carlos.mp_left"), "7");
    play(&mut g, &["move san_carlos papagueria"]); // open 1, leaving is free
    assert_eq!(p(&g, "san_carlos.mp_left"), "6");
    play(&mut g, &["move san_carlos tubac"]); // a lone Leader is an Army block "of any type"
    assert_eq!(p(&g, "san_carlos.mp_left"), "4");
}

/// §7.0 Movement Costs with the map chart's Apache row "OPEN APACHE: 1 | MIXED APACHE:
/// 1 | MOUNTAIN APACHE: 3 | RIO GRANDE APACHE: 2".
fn case_s7_apache_boundary_costs() {
    let mut g = apache_moves(
        1,
        &[
            ("san_carlos", "tonto", 2),
            ("warm_springs", "warm_springs", 2),
        ],
    );
    play(&mut g, &["move san_carlos pinal"]); // mountain
    assert_eq!(p(&g, "san_carlos.mp_left"), "6");
    play(&mut g, &["move san_carlos phoenix"]); // mountain
    assert_eq!(p(&g, "san_carlos.mp_left"), "3");
    play(&mut g, &["move san_carlos gila_bend"]); // open
    assert_eq!(p(&g, "san_carlos.mp_left"), "2");
    play(&mut g, &["move san_carlos prescott"]); // mixed
    assert_eq!(p(&g, "san_carlos.mp_left"), "1");
    play(&mut g, &["move warm_springs jornada"]); // Rio Grande
    assert_eq!(p(&g, "warm_springs.mp_left"), "7");
}

/// §7.0: "for Apache player blocks only": an Army block pays no extra MP to enter an
/// area with Apache blocks (Army open cost is the reconstructed 1).
fn case_s7_army_blocks_pay_no_extra_to_enter_an_apache_area() {
    let mut g = army_moves(
        1,
        &[("buell", "tucson", 0), ("san_carlos", "papagueria", 2)],
    );
    play(&mut g, &["move buell papagueria"]);
    assert_eq!(p(&g, "buell.mp_left"), "4");
}

/// §7.0 Movement Costs: "The Block's Movement Points (MPs) on its label are used to
/// cross area boundaries." (the Apache row of the map chart; the extra MP is "for
/// Apache player blocks only").
#[test]
fn review_s7_movement_costs() {
    case_s7_apache_boundary_costs();
    case_s7_army_blocks_pay_no_extra_to_enter_an_apache_area();
}

/// §7.0: "An area may only be entered if the block has enough remaining MPs to cross the
/// boundary into that area."
fn case_s7_an_area_needs_enough_mp_to_enter() {
    let mut g = apache_moves(1, &[("san_carlos", "tonto", 2), ("troop_a", "verde", 2)]);
    let i = idx(&g, "san_carlos");
    g.state.blocks[i].mp_left = 2;
    assert!(refused(&mut g, "move san_carlos pinal"), "mountain costs 3");
    g.state.blocks[i].mp_left = 1;
    assert!(
        refused(&mut g, "move san_carlos verde"),
        "mixed 1 + 1 for the Army"
    );
    play(&mut g, &["move san_carlos phoenix"]); // mixed 1
    assert_eq!(p(&g, "san_carlos.mp_left"), "0");
}

/// §7.0: "Movement is from area to adjacent area." and §3.0: "The all blue ocean area ...
/// may not be entered at all."
fn case_s7_only_adjacent_areas_and_never_the_ocean() {
    let mut g = apache_moves(1, &[("san_carlos", "tonto", 2), ("gallatin", "sonoyta", 2)]);
    assert!(refused(&mut g, "move san_carlos tucson"), "not adjacent");
    assert!(refused(&mut g, "move gallatin ocean"), "the ocean");
    assert!(!g.legal().iter().any(|a| a.ends_with(" ocean")));
}

/// §7.0: "Movement is from area to adjacent area. An area may only be entered if the
/// block has enough remaining MPs".
#[test]
fn review_s7_enough_mp_and_adjacent_areas_only() {
    case_s7_an_area_needs_enough_mp_to_enter();
    case_s7_only_adjacent_areas_and_never_the_ocean();
}

/// §7.0: "In each of these impulses, first the Apache Player may move ... and then the
/// Army Player does the same" and §3.0: "MP may be used in each Movement Impulse Phase."
#[test]
fn review_s7_apache_then_army_and_full_mp_each_impulse() {
    let mut g = apache_moves(1, &[("san_carlos", "tonto", 2), ("buell", "verde", 0)]);
    assert_eq!(p(&g, "to_act"), "0");
    play(&mut g, &["move san_carlos pinal", "end"]);
    assert_eq!(p(&g, "to_act"), "1");
    assert_eq!(p(&g, "phase"), "movement");
    play(&mut g, &["move buell tonto", "end"]);
    assert_eq!(p(&g, "impulse"), "2");
    assert_eq!(p(&g, "to_act"), "0");
    assert_eq!(p(&g, "san_carlos.mp_left"), "9");
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "buell.mp_left"), "5");
}

/// §7.0: "As an Army player Leader block moves, it can pick up or drop off other Army
/// Player blocks, including other Army Leaders".
#[test]
fn review_s7_a_leader_picks_up_and_drops_off_blocks() {
    let mut g = army_moves(
        1,
        &[
            ("buell", "phoenix", 0),
            ("troop_b", "phoenix", 2),
            ("troop_a", "tucson", 2),
            ("carr", "tucson", 0),
        ],
    );
    play(&mut g, &["move buell tucson with troop_b"]);
    play(&mut g, &["move buell papagueria with troop_a,carr"]);
    assert_eq!(area(&g, "troop_b"), "tucson", "dropped off");
    assert_eq!(area(&g, "troop_a"), "papagueria", "picked up");
    assert_eq!(area(&g, "carr"), "papagueria", "another Leader picked up");
}

/// §7.0: "but at no time may any individual block exceed its movement allowance."
/// Infantry has MP 3; a mixed boundary costs the Army 2 (reconstructed chart).
#[test]
fn review_s7_no_block_exceeds_its_own_mp() {
    let mut g = army_moves(1, &[("buell", "prescott", 0), ("company_a", "prescott", 2)]);
    play(&mut g, &["move buell verde with company_a"]);
    assert_eq!(p(&g, "company_a.mp_left"), "1");
    assert!(refused(&mut g, "move buell tonto with company_a"));
    play(&mut g, &["move buell tonto"]);
    assert_eq!(area(&g, "company_a"), "verde");
    assert_eq!(area(&g, "buell"), "tonto");
}

/// §7.0 Leaders: "To be able to move Army Player non-Leader blocks, such blocks must be
/// in an area which has an Army Player Leader block." and "Apache blocks of all types may
/// be moved without a Leader present."
fn case_s7_army_units_need_a_leader_apache_do_not() {
    let mut g = army_moves(
        1,
        &[
            ("troop_a", "tucson", 2),
            ("troop_b", "phoenix", 2),
            ("buell", "phoenix", 0),
        ],
    );
    assert!(refused(&mut g, "move troop_a papagueria"));
    assert!(!g.legal().iter().any(|a| a.starts_with("move troop_a")));
    play(&mut g, &["move buell papagueria with troop_b"]);
    assert_eq!(area(&g, "troop_b"), "papagueria");
    let mut h = apache_moves(1, &[("san_carlos", "tonto", 2)]);
    play(&mut h, &["move san_carlos phoenix"]);
    assert_eq!(area(&h, "san_carlos"), "phoenix");
}

/// §7.0: "US blocks may only be moved by US Leader blocks, and Mexican blocks may only be
/// moved by Mexican Leader blocks."
fn case_s7_leaders_move_only_their_own_nation() {
    let mut g = army_moves(
        1,
        &[
            ("carleton", "san_bernardino", 0),
            ("terrazas", "san_bernardino", 0),
            ("troop_a", "san_bernardino", 2),
            ("escuadron_1", "san_bernardino", 0),
        ],
    );
    assert!(refused(&mut g, "move carleton animas with escuadron_1"));
    assert!(refused(&mut g, "move terrazas animas with troop_a"));
    play(&mut g, &["move terrazas animas with escuadron_1"]);
    assert_eq!(area(&g, "escuadron_1"), "animas");
}

/// §7.0 Leaders: "such blocks must be in an area which has an Army Player Leader block"
/// and "US blocks may only be moved by US Leader blocks, and Mexican blocks may only be
/// moved by Mexican Leader blocks."
#[test]
fn review_s7_army_blocks_move_with_a_leader_of_their_nation() {
    case_s7_army_units_need_a_leader_apache_do_not();
    case_s7_leaders_move_only_their_own_nation();
}

/// §7.0 Area Block Limits: "If at the end of a Movement Impulse Phase a player has blocks
/// in an area in excess of these limits, the number of blocks is reduced to the limit
/// by the opposing player randomly picking the required number of non-Leader blocks for
/// elimination ... (no Victory Points are gained)." Apache limit 4 (reconstructed).
fn case_s7_block_limit_removes_excess_non_leaders_without_vp() {
    let bands = [
        "apache_peaks",
        "arivipa",
        "san_carlos",
        "e_white_mtn",
        "cannon_creek",
    ];
    let blocks: Vec<(&str, &str, u8)> = bands.iter().map(|b| (*b, "tonto", 2)).collect();
    let mut g = apache_moves(1, &blocks);
    play(&mut g, &["end"]);
    let left = bands.iter().filter(|b| status(&g, b) == "map").count();
    assert_eq!(left, 4, "reduced to the limit");
    assert_eq!(vp(&g), (0, 0), "no Victory Points are gained");
}

/// §7.0 Area Block Limits: the limit is "on the number of that player's blocks" (Leaders
/// are blocks), and only "non-Leader blocks" are picked for elimination.
fn case_s7_block_limit_counts_leaders_but_removes_only_non_leaders() {
    let mut g = apache_moves(
        1,
        &[
            ("apache_peaks", "tonto", 2),
            ("arivipa", "tonto", 2),
            ("san_carlos", "tonto", 2),
            ("e_white_mtn", "tonto", 2),
            ("cochise", "tonto", 0),
        ],
    );
    play(&mut g, &["end"]);
    assert_eq!(status(&g, "cochise"), "map", "a Leader is never picked");
    let bands = ["apache_peaks", "arivipa", "san_carlos", "e_white_mtn"];
    let left = bands.iter().filter(|b| status(&g, b) == "map").count();
    assert_eq!(left, 3, "five blocks reduced to four");
}

/// §7.0 Area Block Limits: "the number of blocks is reduced to the limit by the
/// opposing player randomly picking the required number of non-Leader blocks for
/// elimination ... (no Victory Points are gained)."
#[test]
fn review_s7_block_limit_on_apache_blocks() {
    case_s7_block_limit_removes_excess_non_leaders_without_vp();
    case_s7_block_limit_counts_leaders_but_removes_only_non_leaders();
}

/// §7.0 Reinforcements: "A US (not Mexican) Army block, in an area with a US Leader,
/// that ends the First Movement Impulse Phase in a US Territory area with a Town, gains
/// one Strength Point ... Each SP gained is worth 1 Army Player victory point and is
/// immediately indicated".
#[test]
fn review_s7_reinforcement_after_the_first_impulse_scores_one_vp_per_sp() {
    let mut g = army_moves(1, &[("carleton", "tucson", 0), ("troop_a", "tucson", 2)]);
    play(&mut g, &["end"]);
    let gained = sp(&g, "troop_a") as i32 - 2;
    assert!(gained >= 1, "the unit gains SP");
    assert_eq!(vp(&g).1, gained, "1 Army VP per SP gained");
}

/// §7.0 Reinforcements: "gains one Strength Point (SP) for **each** Army block in that
/// area at the end of that Phase." Three Army blocks (a Leader and two units at 1 SP):
/// each unit gains 3 SP, 6 Army VP.
#[test]
// FINDING, fixed (issue 28): reinforcement gave +1 SP per block, not one SP for each
// Army block in the area; the +1 reading is now the `reinforce_one` option.
fn review_s7_reinforcement_is_one_sp_for_each_army_block_in_the_area() {
    let mut g = army_moves(
        1,
        &[
            ("carleton", "tucson", 0),
            ("troop_a", "tucson", 1),
            ("troop_b", "tucson", 1),
        ],
    );
    play(&mut g, &["end"]);
    assert_eq!(sp(&g, "troop_a"), 4);
    assert_eq!(sp(&g, "troop_b"), 4);
    assert_eq!(vp(&g).1, 6);
}

/// §7.0 Reinforcements: "Blocks that are already at the maximum possible SP cannot gain
/// additional SP." and no gain without a US Leader, outside a Town, or for Mexican
/// blocks.
fn case_s7_no_reinforcement_at_maximum_without_leader_town_or_for_mexicans() {
    let mut g = army_moves(
        1,
        &[
            ("carleton", "tucson", 0),
            ("troop_a", "tucson", 4),  // at its maximum
            ("troop_b", "phoenix", 2), // Town, no Leader
            ("buell", "verde", 0),     // Fort, no Town
            ("troop_c", "verde", 2),
            ("forsyth", "tubac", 0), // Town straddling the border
            ("terrazas", "tubac", 0),
            ("escuadron_1", "tubac", 2), // Mexican
        ],
    );
    play(&mut g, &["end"]);
    assert_eq!(sp(&g, "troop_a"), 4);
    assert_eq!(sp(&g, "troop_b"), 2);
    assert_eq!(sp(&g, "troop_c"), 2);
    assert_eq!(sp(&g, "escuadron_1"), 2);
    assert_eq!(vp(&g).1, 0);
}

/// §5.0 lists "IV. US Army Reinforcements Segment" in the 1st Movement Impulse only, and
/// §7.0: "ends the First Movement Impulse Phase": none after the second.
fn case_s7_no_reinforcement_after_the_second_impulse() {
    let mut g = army_moves(2, &[("carleton", "tucson", 0), ("troop_a", "tucson", 2)]);
    g.state.level = Some(3);
    g.force_dice(&[5]);
    play(&mut g, &["end"]);
    assert!(!logged(&g, "+1 Army VP"), "no reinforcement VP");
    assert_eq!(turn_total(&g), (0, 0));
}

/// §7.0 Reinforcements: "A US (not Mexican) Army block, in an area with a US Leader,
/// that ends the First Movement Impulse Phase in a US Territory area with a Town".
#[test]
fn review_s7_reinforcement_only_where_and_when_the_seed_says() {
    case_s7_no_reinforcement_at_maximum_without_leader_town_or_for_mexicans();
    case_s7_no_reinforcement_after_the_second_impulse();
}

/// §7.0 Command Conflict: "At no time may movement end with both of these Leaders in the
/// same area. The Mexican Senior Leader and all of the Junior Leaders ... may always end
/// movement in the same area without restriction."
#[test]
fn review_s7_command_conflict_crook_and_miles() {
    let mut g = army_moves(
        1,
        &[
            ("crook", "tucson", 0),
            ("miles", "papagueria", 0),
            ("carleton", "phoenix", 0),
            ("buell", "phoenix", 0),
            ("terrazas", "fronteras", 0),
            ("garcia", "fronteras", 0),
        ],
    );
    play(&mut g, &["move crook papagueria"]);
    assert!(
        refused(&mut g, "end"),
        "Crook and Miles may not end together"
    );
    play(&mut g, &["move crook tubac"]);
    play(&mut g, &["end"]);
    assert_eq!(
        p(&g, "impulse"),
        "2",
        "Juniors and Terrazas may share an area"
    );
}

/// §7.0 The National Border: "Mexican blocks may not move into any area that is
/// entirely in US Territories." and "Some areas are in both Mexico and the USA
/// Territory. Army Player forces in these areas are considered to be able to operate
/// freely".
fn case_s7_mexican_blocks_stay_out_of_all_us_areas() {
    let mut g = army_moves(
        1,
        &[
            ("terrazas", "san_bernardino", 0),
            ("escuadron_1", "san_bernardino", 0),
        ],
    );
    assert!(refused(&mut g, "move terrazas chiricahua"), "all-US area");
    play(&mut g, &["move terrazas animas with escuadron_1"]); // straddles
    assert!(refused(&mut g, "move terrazas lordsburg"), "all-US area");
    play(&mut g, &["move terrazas janos with escuadron_1"]);
    assert_eq!(area(&g, "escuadron_1"), "janos");
}

/// §7.0: "US blocks may only move into areas that are entirely in Mexican Territories if
/// accompanied by a Senior Leader."
fn case_s7_us_blocks_enter_all_mexican_areas_only_with_a_senior() {
    let mut g = army_moves(
        1,
        &[
            ("carleton", "san_bernardino", 0),
            ("troop_a", "san_bernardino", 2),
            ("crook", "animas", 0),
            ("troop_b", "animas", 2),
            ("buell", "animas", 0),
            ("carr", "chiricahua", 0),
        ],
    );
    assert!(refused(&mut g, "move carleton fronteras with troop_a"));
    assert!(refused(&mut g, "move carleton fronteras"));
    // A Junior Leader is a US block too: he may go along with the Senior.
    play(&mut g, &["move crook janos with troop_b,buell"]);
    assert_eq!(area(&g, "troop_b"), "janos");
    assert_eq!(area(&g, "buell"), "janos");
    play(&mut g, &["move carr san_bernardino"]); // a straddling area is open to all
    assert_eq!(area(&g, "carr"), "san_bernardino");
}

/// §7.0 The National Border: "Mexican blocks may not move into any area that is
/// entirely in US Territories. US blocks may only move into areas that are entirely in
/// Mexican Territories if accompanied by a Senior Leader."
#[test]
fn review_s7_the_national_border_for_army_blocks() {
    case_s7_mexican_blocks_stay_out_of_all_us_areas();
    case_s7_us_blocks_enter_all_mexican_areas_only_with_a_senior();
}

/// §7.0 Area Block Limits apply to "that player's blocks" whatever the side; the Army
/// limit is the reconstructed 12. Fourteen Army blocks (a Leader, the Scout, twelve
/// units) in one area end the Army's segment with two non-Leaders removed.
#[test]
fn review_s7_block_limit_applies_to_the_army_too() {
    let units = [
        "troop_a",
        "troop_b",
        "troop_c",
        "troop_d",
        "troop_e",
        "troop_f",
        "troop_g",
        "troop_h",
        "company_a",
        "company_b",
        "company_c",
        "company_d",
        "scout",
    ];
    let mut blocks: Vec<(&str, &str, u8)> = units.iter().map(|u| (*u, "verde", 0)).collect();
    blocks.push(("carleton", "verde", 0));
    let mut g = army_moves(1, &blocks);
    play(&mut g, &["end"]);
    let left = units.iter().filter(|u| status(&g, u) == "map").count();
    assert_eq!(left, 11);
    assert_eq!(status(&g, "carleton"), "map");
    assert_eq!(vp(&g), (0, 0));
}

/// §7.0 Movement Costs: "Movement is from area to adjacent area." The seed sets no
/// stop on entering an area with enemy blocks: both sides may move through one.
#[test]
fn review_s7_blocks_may_move_through_enemy_areas() {
    let mut g = apache_moves(
        1,
        &[
            ("apache_peaks", "papagueria", 2),
            ("troop_a", "tucson", 2),
            ("buell", "tucson", 0),
        ],
    );
    play(
        &mut g,
        &["move apache_peaks tucson", "move apache_peaks camp_grant"],
    );
    assert_eq!(p(&g, "apache_peaks.mp_left"), "6");
    play(
        &mut g,
        &["end", "move buell papagueria", "move buell gila_bend"],
    );
    assert_eq!(area(&g, "buell"), "gila_bend");
}

/// §7.0 Reveal Rumors: "in each area that contains blocks of both players, the Apache
/// player reveals any Rumor blocks and removes them from the board to be counted for Army
/// Player Victory Points" and §8.0 Reservations: "Rumor blocks in Reservation areas
/// during each Reveal Rumors Segment are revealed for Victory Points, even if no Army
/// Player blocks are in the Reservation area." (1 VP each, §9.0.)
fn case_s7_reveal_rumors_with_the_army_and_in_reservations() {
    let mut g = apache_moves(
        1,
        &[
            ("chique", "papagueria", 0),
            ("tonto_creek", "tonto", 0),
            ("cherry_creek", "san_carlos", 0),
            ("mogollon", "phoenix", 0),
            ("buell", "verde", 0),
            ("troop_a", "papagueria", 2),
        ],
    );
    play(&mut g, &["move mogollon verde", "end"]);
    assert_eq!(
        status(&g, "mogollon"),
        "map",
        "not revealed before the segment"
    );
    play(&mut g, &["end"]);
    assert_ne!(
        status(&g, "chique"),
        "map",
        "with Army blocks: revealed and removed"
    );
    assert_ne!(
        status(&g, "mogollon"),
        "map",
        "with an Army Leader: revealed"
    );
    assert_ne!(
        status(&g, "cherry_creek"),
        "map",
        "in a Reservation: revealed"
    );
    assert_eq!(status(&g, "tonto_creek"), "map", "alone: stays hidden");
    assert_eq!(vp(&g), (0, 3));
}

/// §7.0 Reveal Rumors is segment III of both impulses (§5.0 B.III and C.III).
fn case_s7_reveal_rumors_in_the_second_impulse_too() {
    let mut g = army_moves(
        2,
        &[("chique", "papagueria", 0), ("troop_a", "papagueria", 2)],
    );
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert!(
        !logged(&g, "Combat in papagueria"),
        "a revealed Rumor leaves no combat"
    );
    assert_eq!(turn_total(&g), (0, 1));
}

/// §7.0 Reveal Rumors: "in each area that contains blocks of both players, the Apache
/// player reveals any Rumor blocks and removes them from the board to be counted for
/// Army Player Victory Points".
#[test]
fn review_s7_reveal_rumors() {
    case_s7_reveal_rumors_with_the_army_and_in_reservations();
    case_s7_reveal_rumors_in_the_second_impulse_too();
}

/// §7.0: "The border between the USA and Mexico is of no consideration for the movement
/// ability of the Apache Player" and "if at any time during a turn an Apache Player
/// block moves from a US Territory area to an all Mexican Territory area, indicate this
/// by moving the Mexican Incursion Marker to the 'Yes' box".
fn case_s7_apache_cross_the_border_and_set_the_incursion_marker() {
    let mut g = apache_moves(1, &[("warm_springs", "mesilla", 2)]);
    play(&mut g, &["move warm_springs paso_del_norte"]);
    assert_eq!(area(&g, "warm_springs"), "paso_del_norte");
    // The `incursion` probe shows the marker the turn began with (it decides this turn's
    // forces); the move is recorded at once in `incursion_now`.
    assert!(g.state.incursion_now, "the marker moves to Yes at once");
}

/// §7.0: an incursion is a move "from a US Territory area to an all Mexican Territory
/// area", and §6.0: "Areas that cross Territory borders are considered to be areas of
/// both Territories." San Bernardino is in Arizona and Sonora, so a move from it to the
/// all-Mexican Fronteras is an incursion. (The §6.0 sentence is stated for deployment;
/// it is read here as the general meaning of a straddling area.)
fn case_s7_incursion_from_an_area_straddling_the_border() {
    let mut g = apache_moves(1, &[("gallatin", "san_bernardino", 2)]);
    play(&mut g, &["move gallatin fronteras"]);
    assert!(g.state.incursion_now);
}

/// §7.0: "If this has not occurred by the end of the turn, move the marker to the 'No'
/// box on the track." A move inside Mexico is no incursion.
fn case_s7_no_incursion_the_marker_returns_to_no() {
    let mut g = apache_moves(2, &[("gallatin", "fronteras", 2)]);
    g.state.incursion = true;
    play(&mut g, &["move gallatin bavispe", "end"]);
    g.force_dice(&[3]);
    play(&mut g, &["end"]);
    assert!(logged(&g, "Incursion marker shows No"));
    assert_eq!(p(&g, "incursion"), "false");
}

/// §7.0: "if at any time during a turn an Apache Player block moves from a US Territory
/// area to an all Mexican Territory area, indicate this by moving the Mexican Incursion
/// Marker to the 'Yes' box ... If this has not occurred by the end of the turn, move
/// the marker to the 'No' box".
#[test]
fn review_s7_the_incursion_marker() {
    case_s7_apache_cross_the_border_and_set_the_incursion_marker();
    case_s7_incursion_from_an_area_straddling_the_border();
    case_s7_no_incursion_the_marker_returns_to_no();
}
