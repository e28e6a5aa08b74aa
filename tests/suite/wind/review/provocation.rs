//! §6.0 Provocation, from the review: the Provocation roll and its modifier from the
//! turn before, the Mexican Incursion Marker and the Mexican forces it brings (at full
//! strength, and always on the last turn), deployment (the Apache first, Leaders
//! anywhere, the Army's Forts and Towns, bands and Rumors at Water areas of their
//! Territory, areas straddling the border), and a None result that skips the turn.

use super::super::util::{logged, play};
use super::{MEXICAN, apache_moves, army_moves, deploying, legal_has, p, sp, status};
use wargame::core::session::GameSession;

/// §6.0: "On the first turn there is no modifier." and "1-2 = Slight ... 3-4 = Moderate
/// ... 5 = Major ... 6 = Severe".
#[test]
fn review_s6_first_turn_roll_has_no_modifier() {
    for seed in 1..=24u64 {
        let g = super::super::util::session(seed);
        let line = g
            .log
            .iter()
            .find(|l| l.text.contains("Turn 1: Provocation die"))
            .expect("turn 1 rolls for Provocation")
            .text
            .clone();
        let die: u32 = line["Turn 1: Provocation die ".len()..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let want = match die {
            1 | 2 => "Slight",
            3 | 4 => "Moderate",
            5 => "Major",
            6 => "Severe",
            _ => panic!("a d6 rolled {die}"),
        };
        assert_eq!(p(&g, "level"), want, "seed {seed}: {line}");
    }
}

/// §6.0: "If the turn prior was None, Slight or Moderate, one will be added (+1) to the
/// Provocation die roll." (Slight, die 4 -> 5 = Major.)
fn case_s6_after_slight_the_roll_gets_plus_one() {
    let mut g = army_moves(2, &[]);
    g.state.level = Some(1);
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "turn"), "2");
    assert_eq!(p(&g, "level"), "Major");
}

/// §6.0: "+1" after Moderate, and "7 = Extreme": a 6 after Moderate is Extreme.
fn case_s6_after_moderate_a_six_is_extreme() {
    let mut g = army_moves(2, &[]);
    g.state.level = Some(2);
    g.force_dice(&[6]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "level"), "Extreme");
}

/// §6.0: "5 = Major" carries no modifier for the next turn (only None/Slight/Moderate
/// add and Severe/Extreme subtract).
fn case_s6_after_major_there_is_no_modifier() {
    let mut g = army_moves(2, &[]);
    g.state.level = Some(3);
    g.force_dice(&[6]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "level"), "Severe");
}

/// §6.0: "If the turn prior was Severe or Extreme, subtract (-1) one from the die roll."
fn case_s6_after_extreme_the_roll_loses_one() {
    let mut g = army_moves(2, &[]);
    g.state.level = Some(5);
    g.force_dice(&[6]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "level"), "Major");
}

/// §6.0: "If the turn prior was None, Slight or Moderate, one will be added (+1) ... If
/// the turn prior was Severe or Extreme, subtract (-1)".
#[test]
fn review_s6_provocation_modifier_by_the_prior_level() {
    case_s6_after_slight_the_roll_gets_plus_one();
    case_s6_after_moderate_a_six_is_extreme();
    case_s6_after_major_there_is_no_modifier();
    case_s6_after_extreme_the_roll_loses_one();
}

/// §7.0/§6.0: an Apache block moving "from a US Territory area to an all Mexican
/// Territory area" sets the marker to Yes; then "the Army Player will pick Mexican
/// forces for the turn" and "All Mexican blocks always deploy at their maximum
/// strength."
#[test]
fn review_s6_an_incursion_brings_mexican_forces_at_full_strength() {
    let mut g = apache_moves(2, &[("warm_springs", "mesilla", 2)]);
    g.state.level = Some(3);
    play(&mut g, &["move warm_springs paso_del_norte", "end"]);
    g.force_dice(&[6]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "turn"), "2");
    assert!(logged(&g, "Incursion marker shows Yes"));
    let drawn: Vec<&str> = MEXICAN
        .iter()
        .copied()
        .filter(|k| status(&g, k) == "drawn")
        .collect();
    assert!(
        !drawn.is_empty(),
        "Mexican forces are picked after an incursion"
    );
    for k in drawn
        .iter()
        .filter(|k| k.starts_with("esc") || k.starts_with("comp"))
    {
        // AMENDED after the review (issue 28 item 11): the 2nd Escuadron's maximum is now
        // 2 (the Combat Example), so each is compared with its own maximum.
        let max = g
            .state
            .blocks
            .iter()
            .find(|b| &*b.key == *k)
            .unwrap()
            .max_sp;
        assert_eq!(
            sp(&g, k),
            u32::from(max),
            "{k} deploys at its maximum strength"
        );
    }
}

/// §6.0: "If the Mexican Incursion Marker is Yes, the Army Player will pick Mexican
/// forces for the turn" (so with No, and not the last turn, none are picked).
fn case_s6_no_mexican_forces_without_an_incursion() {
    let mut g = army_moves(2, &[]);
    g.state.level = Some(3);
    g.force_dice(&[6]); // Severe: the chart's largest draws short of Extreme
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "turn"), "2");
    for k in MEXICAN {
        assert_eq!(
            status(&g, k),
            "pool",
            "{k} is not picked without an incursion"
        );
    }
}

/// §6.0: "regardless of the position of the Mexican Incursion Marker, on the last turn
/// of the game being played, Mexican forces are always available to the Army player."
fn case_s6_mexican_forces_on_the_last_turn() {
    let mut g = army_moves(2, &[]);
    g.state.turn = 6;
    g.state.level = Some(3);
    g.force_dice(&[6]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "turn"), "7");
    assert!(
        MEXICAN.iter().any(|k| status(&g, k) == "drawn"),
        "Mexican forces are available on the last turn"
    );
}

/// §6.0: "If the Mexican Incursion Marker is Yes, the Army Player will pick Mexican
/// forces ... on the last turn of the game being played, Mexican forces are always
/// available".
#[test]
fn review_s6_mexican_forces_only_after_an_incursion_or_on_the_last_turn() {
    case_s6_no_mexican_forces_without_an_incursion();
    case_s6_mexican_forces_on_the_last_turn();
}

/// §6.0 Deployment: "The Apache Player places first".
fn case_s6_the_apache_player_deploys_first() {
    for seed in [2u64, 3, 5] {
        let g = super::super::util::session(seed);
        if p(&g, "phase") != "deploy" {
            continue;
        }
        assert_eq!(p(&g, "to_act"), "0");
        assert!(g.legal().iter().all(|a| !a.contains(" U")));
    }
}

/// §6.0: "Apache Leaders that are available for the turn may be placed in any Territory
/// or area without restriction."
fn case_s6_apache_leaders_deploy_anywhere() {
    let g = deploying(0, &[("cochise", "tonto")]);
    for a in [
        "dragoon",
        "jornada",
        "fronteras",
        "guadalupe",
        "tres_castillos",
    ] {
        assert!(legal_has(&g, &format!("deploy cochise {a}")), "{a}");
    }
    // §3.0: the ocean "may not be entered at all"; it is no Territory.
    assert!(!legal_has(&g, "deploy cochise ocean"));
}

/// §6.0: "The Apache Player places first" and Apache Leaders "may be placed in any
/// Territory or area without restriction."
#[test]
fn review_s6_apache_deploy_first_and_their_leaders_anywhere() {
    case_s6_the_apache_player_deploys_first();
    case_s6_apache_leaders_deploy_anywhere();
}

/// §6.0: "US Army blocks, (Leader, Scout, Cavalry, Infantry) may be placed in any US
/// Territory area with a Fort or Town." and "The Settler block, if in play, must be
/// placed in an area with a Town." and Mexican forces "only in areas in Mexican
/// Territories".
#[test]
fn review_s6_army_deployment_areas() {
    let g = deploying(
        1,
        &[
            ("troop_a", "tucson"),
            ("carleton", "tucson"),
            ("settler", "tucson"),
            ("escuadron_1", "fronteras"),
        ],
    );
    assert!(legal_has(&g, "deploy troop_a tucson"), "Fort and Town");
    assert!(legal_has(&g, "deploy troop_a verde"), "Fort");
    assert!(legal_has(&g, "deploy carleton lordsburg"), "Town");
    assert!(
        !legal_has(&g, "deploy troop_a tonto"),
        "neither Fort nor Town"
    );
    assert!(
        !legal_has(&g, "deploy troop_a fronteras"),
        "not a US Territory"
    );
    assert!(legal_has(&g, "deploy settler tucson"), "Town");
    assert!(
        !legal_has(&g, "deploy settler verde"),
        "Fort without a Town"
    );
    assert!(!legal_has(&g, "deploy settler tonto"));
    assert!(legal_has(&g, "deploy escuadron_1 fronteras"));
    assert!(!legal_has(&g, "deploy escuadron_1 tucson"), "all-US area");
    assert!(
        !legal_has(&g, "deploy escuadron_1 lordsburg"),
        "all-US area"
    );
}

/// §6.0: "The War Band or Rumor block may be placed in any area in that Territory, so
/// long as that area has a Water Symbol in it. Areas that cross Territory borders are
/// considered to be areas of both Territories."
fn case_s6_bands_and_rumors_deploy_to_water_areas_of_their_territory() {
    let g = deploying(
        0,
        &[
            ("san_carlos", "tonto"),
            ("mimbreno", "mimbres"),
            ("chique", "tonto"),
        ],
    );
    // Arizona band: Water areas of Arizona only.
    assert!(legal_has(&g, "deploy san_carlos tucson"));
    assert!(legal_has(&g, "deploy san_carlos san_bernardino"));
    assert!(
        !legal_has(&g, "deploy san_carlos dragoon"),
        "no Water Symbol"
    );
    assert!(
        !legal_has(&g, "deploy san_carlos chiricahua"),
        "no Water Symbol"
    );
    assert!(
        !legal_has(&g, "deploy san_carlos silver_city"),
        "New Mexico"
    );
    assert!(!legal_has(&g, "deploy san_carlos fronteras"), "Sonora");
    // New Mexico band: an area straddling Arizona and New Mexico is in both.
    assert!(legal_has(&g, "deploy mimbreno clifton"));
    assert!(legal_has(&g, "deploy mimbreno little_colorado"));
    assert!(legal_has(&g, "deploy mimbreno silver_city"));
    assert!(!legal_has(&g, "deploy mimbreno jornada"), "no Water Symbol");
    assert!(!legal_has(&g, "deploy mimbreno tucson"), "Arizona only");
    // Rumor: same rule.
    assert!(legal_has(&g, "deploy chique phoenix"));
    assert!(!legal_has(&g, "deploy chique dragoon"));
}

/// §6.0: "Areas that cross Territory borders are considered to be areas of both
/// Territories." A Sonora band may start in San Bernardino (Arizona and Sonora, Water);
/// US blocks may start in San Pedro (Arizona and Sonora, Fort and Town), and so may
/// Mexican blocks ("only in areas in Mexican Territories").
fn case_s6_areas_straddling_a_border_belong_to_both_territories() {
    let g = deploying(0, &[("gallatin", "fronteras")]);
    assert!(legal_has(&g, "deploy gallatin san_bernardino"));
    assert!(legal_has(&g, "deploy gallatin tubac"));
    assert!(!legal_has(&g, "deploy gallatin tucson"), "Arizona only");
    let g = deploying(1, &[("troop_a", "tucson"), ("escuadron_1", "fronteras")]);
    assert!(legal_has(&g, "deploy troop_a san_pedro"));
    assert!(legal_has(&g, "deploy escuadron_1 san_pedro"));
}

/// §6.0: "so long as that area has a Water Symbol in it. Areas that cross Territory
/// borders are considered to be areas of both Territories."
#[test]
fn review_s6_bands_and_rumors_deploy_to_water_areas_of_their_territory() {
    case_s6_bands_and_rumors_deploy_to_water_areas_of_their_territory();
    case_s6_areas_straddling_a_border_belong_to_both_territories();
}

/// §6.0: "On a None result ... the rest of the turn is skipped except to move the turn
/// marker on the turn track to the next turn. The Provocation Phase then restarts and a
/// die is then rolled again for the new turn." and "0 = None (+1 next turn's Provocation
/// roll)". After Severe a 1 gives 0 = None; turn 2 is skipped; turn 3 rolls 3 +1 = 4.
fn case_s6_none_skips_the_turn_and_rolls_again_with_plus_one() {
    let mut g = army_moves(2, &[]);
    g.state.level = Some(4);
    g.force_dice(&[1, 3]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "turn"), "3", "the None turn 2 is skipped");
    assert_eq!(p(&g, "level"), "Moderate");
    assert_eq!(p(&g, "phase"), "deploy");
    assert_eq!(
        (p(&g, "levels.0"), p(&g, "levels.1")),
        ("0".into(), "0".into())
    );
}

/// §6.0 with §2.0: a None result skips "the rest of the turn ... except to move the turn
/// marker", and "After the end of the 7th turn, the player with the higher level ... is
/// the winner": a None on turn 7 ends the game.
fn case_s6_a_none_on_the_last_turn_ends_the_game() {
    let mut g = army_moves(2, &[]);
    g.state.turn = 6;
    g.state.level = Some(4);
    g.state.levels = [1, 0];
    g.force_dice(&[1]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "over"), "true");
    assert_eq!(p(&g, "winner"), "0");
}

/// §6.0: "On a None result ... the rest of the turn is skipped except to move the turn
/// marker on the turn track to the next turn."
#[test]
fn review_s6_a_none_result_skips_the_turn() {
    case_s6_none_skips_the_turn_and_rolls_again_with_plus_one();
    case_s6_a_none_on_the_last_turn_ends_the_game();
}
