//! What the menu and its screens read: the balance playouts and the shipped reports
//! listed for a scenario, the seats' players named in a save, and the last game,
//! scenario and seats restored from the settings (issue 30, 5).

use crate::util::root;
use wargame::games;
use wargame::gui::Game;

#[test]
fn balance_playouts_count_every_game() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let done = AtomicUsize::new(0);
    let make = |seed: u64| {
        games::new_session(&root(), "harvest_the_wind/massacre_canyon", seed)
            .map_err(|e| e.to_string())
    };
    let s = wargame::gui::balance::compute(&make, 12, &done).unwrap();
    assert_eq!(done.load(Ordering::Relaxed), 12);
    assert_eq!(s.seats, ["Sioux", "Pawnee"]);
    assert_eq!(s.wins.iter().sum::<usize>() + s.draws + s.unfinished, 12);
    assert!(s.mean_turns > 0.0 && s.mean_actions > 0.0);
    let again = wargame::gui::balance::compute(&make, 12, &AtomicUsize::new(0)).unwrap();
    assert_eq!(s, again, "seeded: the same figures every time");
    // A background job gives the same figures without blocking the caller.
    let job = wargame::gui::balance::Job::start(
        "k".into(),
        12,
        Box::new(move |seed| {
            games::new_session(&root(), "harvest_the_wind/massacre_canyon", seed)
                .map_err(|e| e.to_string())
        }),
    );
    assert_eq!(job.join().unwrap(), s);
    assert!(wargame::gui::balance::read_report(&root(), "no_game/nothing").is_none());
}

#[test]
fn the_scenario_screen_lists_every_shipped_report_of_a_scenario() {
    use wargame::gui::balance::{read_report, read_report_variant, report_variants};
    let id = "harvest_the_wind/massacre_canyon";
    assert_eq!(
        report_variants(&root(), id),
        vec![
            "ai-greedy",
            "ai-greedy-seed7",
            "ai-random",
            "ai-random-seed7",
            "greedy-ai",
            "greedy-ai-seed7",
            "greedy-greedy",
            "greedy-greedy-seed7",
            "greedy-random",
            "random-ai",
            "random-ai-seed7",
            "random-greedy"
        ],
        "the -vp.svg charts and other scenarios' reports are not listed"
    );
    assert_eq!(
        read_report_variant(&root(), id, ""),
        read_report(&root(), id)
    );
    let text = read_report_variant(&root(), id, "ai-random").expect("shipped");
    assert!(text.contains("Sioux ai:2 vs Pawnee random"), "{text}");
    assert!(report_variants(&root(), "no_game/nothing").is_empty());
    assert!(read_report_variant(&root(), "no_game/nothing", "ai-random").is_none());
}

#[test]
fn a_report_variant_reads_as_its_players_and_the_seed_of_a_second_sample() {
    use wargame::gui::balance::variant_label;
    assert_eq!(variant_label("ai-random"), "ai, random");
    assert_eq!(variant_label("ai-greedy-seed7"), "ai, greedy (seed 7)");
    assert_eq!(
        variant_label("greedy-greedy-seed12"),
        "greedy, greedy (seed 12)"
    );
    // Not a seed: left as players.
    assert_eq!(variant_label("ai-seedy"), "ai, seedy");
    assert_eq!(variant_label("ai-seed"), "ai, seed");
}

#[test]
fn a_save_names_each_seats_player_and_loading_it_restores_them() {
    use wargame::core::ai::Player;
    let s = games::new_session(&root(), "harvest_the_wind/wagon_box", 2).unwrap();
    let g = Game::new(s, false).with_players(vec![None, Some(Player::Search { level: 3 })]);
    let f = g.save_file();
    assert_eq!(f.version, 2);
    assert_eq!(f.players, vec!["human".to_string(), "ai:3".to_string()]);
    assert_eq!(
        Game::players_of(&f),
        vec![None, Some(Player::Search { level: 3 })]
    );
    // A version-1 save names no players: every seat is human.
    let mut old = f.clone();
    old.players.clear();
    assert!(Game::players_of(&old).is_empty());
}

#[test]
fn the_menu_restores_the_last_game_scenario_and_seats_from_the_settings() {
    use wargame::gui::menu::restored_choice;
    use wargame::settings::{SeatSetting, Settings};
    let registry = games::registry();
    let list = registry.games();
    let ids: Vec<&str> = list.iter().map(|g| g.id()).collect();
    let scenarios = |i: usize| list[i].scenarios(&root());
    let rosebud = ids.iter().position(|g| *g == "rosebud").unwrap();
    let mut s = Settings {
        last_game: Some("rosebud".into()),
        last_scenario: Some(scenarios(rosebud)[0].clone()),
        seats: vec![
            SeatSetting {
                ai: true,
                level: 3,
                name: String::new(),
            },
            SeatSetting {
                ai: false,
                level: 9,
                name: "Ann".into(),
            },
        ],
        ..Settings::default()
    };
    let (g, sc, seats) = restored_choice(&s, &ids, scenarios);
    assert_eq!((g, sc), (rosebud, 0));
    assert!(seats[0].ai && seats[0].level == 3);
    assert!(
        !seats[1].ai && seats[1].level == 5,
        "a level out of range is brought in"
    );
    assert_eq!(seats[1].name, "Ann", "a player's name is kept");
    let harvest = ids.iter().position(|g| *g == "harvest_the_wind").unwrap();
    s.last_game = Some("harvest_the_wind".into());
    s.last_scenario = Some("harvest_the_wind/wagon_box".into());
    let (g, sc, _) = restored_choice(&s, &ids, scenarios);
    assert_eq!(g, harvest);
    assert_eq!(scenarios(harvest)[sc], "harvest_the_wind/wagon_box");
    // A game or scenario no longer shipped falls back to the first.
    s.last_game = Some("no_such_game".into());
    s.last_scenario = Some("nowhere".into());
    assert_eq!(restored_choice(&s, &ids, scenarios).0, 0);
    assert_eq!(restored_choice(&s, &ids, scenarios).1, 0);
}
