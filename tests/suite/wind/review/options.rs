//! §11.0 Optional Rules, from the review: Apache and Army Leader death (§11.1, §11.2) in
//! ambush and regular combat and with the Leader value as modified, and the game
//! options of §11.4 and §11.5 (starting Victory Levels, a longer game).

use super::super::util::play;
use super::{G, p, position_opts, position_with, status};

/// Cochise (2) leads Apache Peaks (1 SP) in an ambush of Troop A in Papagueria (no
/// Mountain boundary), the Apache Leader-death option as given; `dice`: the band's die,
/// then Cochise's death roll. (One helper for the three cases below, folded after the
/// review.)
fn cochise_ambushes_in_papagueria(apache_death: bool, dice: &[u8]) -> G {
    let mut g = position_with(
        apache_death,
        false,
        1,
        &[
            ("apache_peaks", "papagueria", 1),
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
    g.force_dice(dice);
    play(&mut g, &["fire"]);
    g
}

/// §11.1: "roll a die for each such Leader. Modify the roll by adding to the roll the
/// value of the Leader. If the resulting modified roll is a 1, 2, or 3, the Leader is
/// killed and removed from play for the rest of the game." Cochise (2) rolls 1: 3,
/// killed.
fn case_s11_1_apache_leader_killed_on_three_or_less() {
    let g = cochise_ambushes_in_papagueria(true, &[1, 1]);
    assert_eq!(status(&g, "cochise"), "gone");
}

/// §11.1: a modified roll of 4 or more (2 + 2) leaves the Leader alive.
fn case_s11_1_apache_leader_survives_on_four() {
    let g = cochise_ambushes_in_papagueria(true, &[1, 2]);
    assert_ne!(status(&g, "cochise"), "gone");
}

/// §11.0: the rules are "Optional": without the option no Leader dies.
fn case_s11_1_no_leader_death_without_the_option() {
    let g = cochise_ambushes_in_papagueria(false, &[1, 1]);
    assert_ne!(status(&g, "cochise"), "gone");
}

/// §11.1: "If the resulting modified roll is a 1, 2, or 3, the Leader is killed and
/// removed from play for the rest of the game."
#[test]
fn review_s11_1_apache_leader_death() {
    case_s11_1_apache_leader_killed_on_three_or_less();
    case_s11_1_apache_leader_survives_on_four();
    case_s11_1_no_leader_death_without_the_option();
}

/// §11.2: "If the resulting modified roll is a 1 or 2 the Leader is killed". Carleton
/// (1) ambushes; his death roll 1 gives 2: killed; 2 gives 3: survives.
#[test]
fn review_s11_2_army_leader_killed_on_two_or_less() {
    for (roll, dies) in [(1u8, true), (2, false)] {
        let mut g = position_with(
            false,
            true,
            1,
            &[
                ("apache_peaks", "papagueria", 4),
                ("troop_a", "papagueria", 1),
                ("carleton", "papagueria", 0),
            ],
        );
        play(
            &mut g,
            &["end", "combat papagueria", "stay", "lead carleton troop_a"],
        );
        g.force_dice(&[1, roll]);
        play(&mut g, &["fire"]);
        assert_eq!(status(&g, "carleton") == "gone", dies, "death roll {roll}");
    }
}

/// §11.1: "Each time an Apache Leader is involved in combat during a combat phase, that
/// is participating by using its value in either an ambush resolution or a regular
/// combat resolution": in regular combat too. Chato (1) leads; the roll 2 gives 3.
#[test]
fn review_s11_1_leader_death_also_in_regular_combat() {
    let mut g = position_with(
        true,
        false,
        1,
        &[
            ("apache_peaks", "papagueria", 1),
            ("chato", "papagueria", 0),
            ("troop_a", "papagueria", 1),
            ("carleton", "papagueria", 0),
        ],
    );
    play(
        &mut g,
        &[
            "end",
            "combat papagueria",
            "stay",
            "lead chato apache_peaks",
        ],
    );
    g.force_dice(&[1, 1, 2]);
    play(&mut g, &["fire", "fire"]);
    assert_eq!(status(&g, "chato"), "gone");
}

/// §11.1 with §8.0: the Mountain bonus makes Apache Leader values one higher "for all
/// purposes" in an ambush, and the death roll adds "the value of the Leader": Juh (0,
/// 1 in a Mountain ambush) rolling 3 makes 4 and survives.
fn case_s11_1_the_mountain_value_counts_for_the_death_roll() {
    let mut g = position_with(
        true,
        false,
        1,
        &[
            ("gallatin", "san_bernardino", 1),
            ("juh", "san_bernardino", 0),
            ("troop_a", "san_bernardino", 2),
            ("buell", "san_bernardino", 0),
        ],
    );
    play(
        &mut g,
        &["end", "combat san_bernardino", "stay", "lead juh gallatin"],
    );
    g.force_dice(&[1, 3]);
    play(&mut g, &["fire"]);
    assert_ne!(status(&g, "juh"), "gone");
}

/// §11.2 with §8.0 Settlers: the Settler "reduces the value of every Army Player Leader
/// block in that area by one": Carleton (1, 0 with the Settler) leads in regular combat
/// and rolls 2: 2 + 0 = 2, killed.
fn case_s11_2_the_settler_lowered_value_counts_for_the_death_roll() {
    let mut g = position_with(
        false,
        true,
        1,
        &[
            ("apache_peaks", "papagueria", 1),
            ("troop_a", "papagueria", 1),
            ("carleton", "papagueria", 0),
            ("settler", "papagueria", 0),
        ],
    );
    play(&mut g, &["end", "combat papagueria"]);
    g.force_dice(&[1, 1, 1, 1, 2]);
    play(&mut g, &["stay", "lead carleton troop_a", "fire"]);
    assert_eq!(status(&g, "carleton"), "gone");
}

/// §11.1/§11.2: "Modify the roll by adding to the roll the value of the Leader", with
/// §8.0's Mountain (+1 "for all purposes") and Settler (-1) values.
#[test]
fn review_s11_leader_death_uses_the_value_as_modified() {
    case_s11_1_the_mountain_value_counts_for_the_death_roll();
    case_s11_2_the_settler_lowered_value_counts_for_the_death_roll();
}

/// §11.4: "giving to the weaker player a starting number of Victory Level Points as a
/// handicap" (and §11.3, the bid losing player "is granted a starting Victory Level").
fn case_s11_4_starting_victory_levels() {
    let mut g = position_opts(|o| o.start_levels = [0, 2], 1, &[]);
    assert_eq!(p(&g, "levels.1"), "2");
    g.state.turn = 7;
    g.state.vp = [3, 0];
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "levels.0"), "1");
    assert_eq!(p(&g, "winner"), "1", "the handicap counts at the end");
}

/// §11.5: "the length of the game may be extended to 8 turns or to 9 turns instead of
/// the standard 7 turn game length."
fn case_s11_5_a_longer_game_goes_on_after_turn_seven() {
    let mut g = position_opts(|o| o.turns = Some(8), 1, &[]);
    g.state.turn = 7;
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "over"), "false");
    assert_eq!(p(&g, "turn"), "8");
}

/// §11.4: "giving to the weaker player a starting number of Victory Level Points" and
/// §11.5: "the length of the game may be extended to 8 turns or to 9 turns".
#[test]
fn review_s11_3_to_11_5_game_options() {
    case_s11_4_starting_victory_levels();
    case_s11_5_a_longer_game_goes_on_after_turn_seven();
}
