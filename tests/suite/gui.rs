//! Headless Bevy App tests of the Harvest the Wind and block-game plugins (no window,
//! no GPU), and the screenshot smoke test under Xvfb for every shipped scenario.

use crate::util::{bin, root, scratch};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use wargame::games;
use wargame::gui::board::{BoardEntity, Clicked};
use wargame::gui::harvest::{OverlayMarker, Selection, logic_plugin};
use wargame::gui::{Game, Screen};

/// A headless App with a ruleset's logic plugin and a game of `scenario` on screen.
fn headless(plugin: fn(&mut App), scenario: &str, seed: u64) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        bevy::asset::AssetPlugin::default(),
    ));
    app.init_asset::<Mesh>().init_asset::<ColorMaterial>();
    app.insert_resource(ButtonInput::<KeyCode>::default());
    app.init_state::<Screen>();
    app.add_plugins(plugin);
    let s = games::new_session(&root(), scenario, seed, false).unwrap();
    app.insert_resource(Game::new(s, false));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    app.update();
    app
}

fn app_with(scenario: &str) -> App {
    headless(logic_plugin, scenario, 1)
}

/// The board's fixed drawing: how many mesh entities carry it (one: the whole map is
/// one mesh, `board::Sketch`), how many vertices they hold, and how many hex-number
/// texts the board has.
fn board_drawing(app: &mut App) -> (usize, usize, usize) {
    let handles: Vec<Handle<Mesh>> = app
        .world_mut()
        .query_filtered::<&Mesh2d, With<BoardEntity>>()
        .iter(app.world())
        .map(|m| m.0.clone())
        .collect();
    let meshes = app.world().resource::<Assets<Mesh>>();
    let vertices = handles
        .iter()
        .filter_map(|h| meshes.get(h))
        .map(|m| m.count_vertices())
        .sum();
    let numbers = app
        .world_mut()
        .query_filtered::<&Text2d, With<BoardEntity>>()
        .iter(app.world())
        .filter(|t| t.0.len() == 4 && t.0.chars().all(|c| c.is_ascii_digit()))
        .count();
    (handles.len(), vertices, numbers)
}

/// Check the board is one mesh with a ring and a fill (19 vertices at least) for each
/// of `hexes` hexes and a bar (4) for each of `sides` hexside features, and a number
/// for every hex.
fn assert_board_drawn(app: &mut App, hexes: usize, sides: usize) {
    let (entities, vertices, numbers) = board_drawing(app);
    assert_eq!(entities, 1, "the map is drawn as one mesh");
    assert!(
        vertices >= hexes * 19 + sides * 4,
        "{vertices} vertices for {hexes} hexes and {sides} sides"
    );
    assert!(numbers >= hexes, "{numbers} hex numbers for {hexes} hexes");
}

fn count<T: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<Entity, With<T>>()
        .iter(app.world())
        .count()
}

#[test]
fn plugin_draws_board_and_counters() {
    let mut app = app_with("harvest_the_wind/wagon_box");
    assert_board_drawn(&mut app, 20 * 24, 0);
    assert!(count::<OverlayMarker>(&mut app) > 10, "counters are drawn");
}

#[test]
fn clicks_select_and_move_through_legal_actions_only() {
    let mut app = app_with("tests/data/harvest/lab.ron");
    // End Offensive Fire so the Indian player may move.
    app.world_mut().resource_mut::<Game>().submit("end");
    app.update();
    // Click the Indian unit in 0101, then the adjacent hex 0102... occupied by i2, so
    // move i1 there is illegal; a click on 0201 (empty) moves it.
    app.world_mut().resource_mut::<Clicked>().0 = Some("0101".parse().unwrap());
    app.update();
    assert_eq!(
        app.world().resource::<Selection>().piece.as_deref(),
        Some("i1")
    );
    app.world_mut().resource_mut::<Clicked>().0 = Some("0201".parse().unwrap());
    app.update();
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history().last().map(String::as_str),
        Some("move i1 0201"),
        "{}",
        g.status()
    );
    assert_eq!(g.session().probe("i1.hex").as_deref(), Some("0201"));
}

/// Revealing a hidden stack voluntarily (III.F.4) cannot be undone, so a click meant to
/// select a hidden unit must not do it: it selects the unit and offers the reveal as a
/// choice. It used to reveal Wood Lake's warriors at the first click in their Movement
/// phase.
#[test]
fn iii_f_4_a_click_on_a_hidden_unit_selects_it_and_never_reveals_it() {
    let mut app = app_with("harvest_the_wind/wood_lake");
    app.world_mut().resource_mut::<Game>().submit("end");
    app.update();
    let g = app.world().resource::<Game>();
    assert!(
        g.session().legal().iter().any(|l| l == "unhide 0709"),
        "the Indian player may reveal 0709 in the Movement phase"
    );
    let before = g.session().history().len();
    app.world_mut().resource_mut::<Clicked>().0 = Some("0709".parse().unwrap());
    app.update();
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history().len(),
        before,
        "a click submitted {:?}",
        g.session().history().last()
    );
    assert_eq!(g.session().probe("i4.hidden").as_deref(), Some("true"));
    let sel = app.world().resource::<Selection>();
    assert_eq!(sel.piece.as_deref(), Some("i4"));
    assert_eq!(
        app.world().resource::<Game>().choice(),
        vec!["unhide 0709".to_string()]
    );
    // A second click on the same hex still reveals nothing; the choice stays offered.
    app.world_mut().resource_mut::<Clicked>().0 = Some("0709".parse().unwrap());
    app.update();
    let g = app.world().resource::<Game>();
    assert_eq!(g.session().history().len(), before);
    assert_eq!(
        app.world().resource::<Game>().choice(),
        vec!["unhide 0709".to_string()]
    );
}

#[test]
fn the_curtain_hides_counters_between_seats() {
    let mut app = app_with("harvest_the_wind/wood_lake");
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        g.set_curtain(true);
        g.drop_curtain();
        g.redraw();
    }
    app.update();
    assert_eq!(
        count::<OverlayMarker>(&mut app),
        0,
        "nothing of the board's counters shows under the curtain"
    );
}

/// The lab with an Indian unit moving within range 5 of an Army Breechloader: the
/// Army's reaction-fire window is open.
fn lab_with_army_reaction_window(g: &mut Game) {
    g.session_mut().place("a3", Some("0905")).unwrap();
    g.session_mut().place("i1", Some("0305")).unwrap();
    g.submit("end");
    g.submit("move i1 0405");
    assert_eq!(g.session().probe("pending").as_deref(), Some("reaction"));
}

#[test]
fn auto_pass_declines_reaction_windows_for_that_seat_only() {
    let mut app = app_with("tests/data/harvest/lab.ron");
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        lab_with_army_reaction_window(&mut g);
        g.submit("pass");
        assert!(
            g.standing_order().is_some(),
            "the Harvest plugin offers its standing order"
        );
        g.set_standing(1, true);
        g.submit("move i1 0505");
        assert_eq!(
            g.session().probe("pending").as_deref(),
            Some("none"),
            "the Army's window was passed for it"
        );
        assert_eq!(
            g.session().history().last().map(String::as_str),
            Some("pass")
        );
        assert_eq!(g.viewing(), 0, "no handoff to the Army");
    }
}

#[test]
fn turning_auto_pass_on_passes_the_window_already_open() {
    let mut app = app_with("tests/data/harvest/lab.ron");
    let mut g = app.world_mut().resource_mut::<Game>();
    lab_with_army_reaction_window(&mut g);
    // Another seat's order leaves the Army's window open.
    g.set_standing(0, true);
    assert_eq!(g.session().probe("pending").as_deref(), Some("reaction"));
    g.set_standing(1, true);
    assert_eq!(g.session().probe("pending").as_deref(), Some("none"));
    assert_eq!(
        g.session().history().last().map(String::as_str),
        Some("pass")
    );
}

/// Screenshot smoke test: every scenario renders mid-game under Xvfb to a PNG that is
/// not blank. Needs `xvfb-run` and a Vulkan driver (tests/run.sh installs them).
#[test]
fn screenshot_every_scenario_under_xvfb() {
    if std::env::var_os("WARGAME_SKIP_GUI_TESTS").is_some() {
        eprintln!("WARGAME_SKIP_GUI_TESTS set: skipping the screenshot smoke test");
        return;
    }
    let dir = scratch("shots");
    let mut ids = crate::util::scenario_ids();
    ids.extend(games::scenarios(&root(), "moved_like_the_wind"));
    ids.extend(games::scenarios(&root(), "nez_perce_tactical"));
    assert!(ids.len() >= 17);
    for id in ids {
        let out = dir.join(format!("{}.png", id.replace('/', "_")));
        let status = std::process::Command::new("xvfb-run")
            .args([
                "-a",
                "-s",
                "-screen 0 1400x900x24",
                bin(),
                "screenshot",
                "--scenario",
                &id,
                "--seed",
                "2",
                "--steps",
                "60",
                "--out",
            ])
            .arg(&out)
            .current_dir(root())
            .env("WGPU_BACKEND", "vulkan")
            .status()
            .expect("xvfb-run must be installed (tests/run.sh installs it)");
        assert!(status.success(), "{id}: screenshot exited with {status}");
        let img = image::open(&out)
            .unwrap_or_else(|e| panic!("{id}: {e}"))
            .to_rgb8();
        assert!(img.width() >= 1000 && img.height() >= 700);
        let mut colours = std::collections::HashSet::new();
        for p in img.pixels().step_by(97) {
            colours.insert(p.0);
        }
        assert!(
            colours.len() > 40,
            "{id}: the screenshot looks blank ({} colours)",
            colours.len()
        );
    }
}

fn wind_app(seed: u64) -> App {
    headless(
        wargame::gui::wind::logic_plugin,
        "moved_like_the_wind/apache_wars",
        seed,
    )
}

#[test]
fn wind_plugin_draws_the_area_map_and_deploys_by_clicking_a_highlighted_area() {
    use wargame::games::wind::state::Status;
    use wargame::gui::board::ClickedWorld;
    use wargame::gui::wind::{WindOverlay, WindSelection};
    let mut app = wind_app(3);
    // The 59 areas and 100 boundaries are one mesh (a polygon of 3 vertices or more
    // each, a bar of 4 each), with a name text for every area.
    let (meshes, vertices, _) = board_drawing(&mut app);
    assert_eq!(meshes, 1, "the area map is drawn as one mesh");
    assert!(vertices >= 59 * 3 + 100 * 4, "{vertices} vertices");
    assert!(
        count::<BoardEntity>(&mut app) > 59,
        "the map and a name per area at least"
    );
    // Pick a drawn Apache block and one of its legal areas, then click that area's
    // first vertex nudged toward its centre.
    let (handle, area, point) = {
        let game = app.world().resource::<Game>();
        let legal = game.session().legal();
        let first = legal
            .iter()
            .find(|l| l.starts_with("deploy "))
            .unwrap()
            .clone();
        let w: Vec<&str> = first.split_whitespace().collect();
        let s = &game
            .session()
            .as_any()
            .downcast_ref::<wargame::core::session::Session<wargame::games::wind::Wind>>()
            .unwrap()
            .state;
        let a = s.stat.area(w[2]).unwrap();
        let poly = &s.stat.map.areas[a].polygon;
        let c = poly
            .iter()
            .fold([0.0f32, 0.0], |m, p| [m[0] + p[0], m[1] + p[1]]);
        let c = [c[0] / poly.len() as f32, c[1] / poly.len() as f32];
        (w[1].to_string(), a, Vec2::new(c[0] - 800.0, 600.0 - c[1]))
    };
    app.world_mut().resource_mut::<WindSelection>().block = Some(handle.clone());
    app.update();
    assert!(
        count::<WindOverlay>(&mut app) > 0,
        "the legal areas are highlighted"
    );
    app.world_mut().resource_mut::<ClickedWorld>().0 = Some(point);
    app.update();
    let game = app.world().resource::<Game>();
    let s = &game
        .session()
        .as_any()
        .downcast_ref::<wargame::core::session::Session<wargame::games::wind::Wind>>()
        .unwrap()
        .state;
    let b = s.blocks.iter().find(|b| *b.handle == *handle).unwrap();
    assert_eq!(b.status, Status::Map(area), "{}", game.status());
}

#[test]
fn wind_plugin_deploys_a_band_at_the_starting_strength_chosen_in_the_panel() {
    // §3.0, §6.0: a War Band's deployment carries its starting strength, split from its
    // pool's share of the Provocation Chart. A click deploys at the strength chosen in
    // the panel (`WindSelection::sp`), and without a choice at the one nearest the
    // chart's average, the block's drawn strength.
    use wargame::games::wind::Wind;
    use wargame::gui::board::ClickedWorld;
    use wargame::gui::wind::WindSelection;
    type S = wargame::core::session::Session<Wind>;
    let mut app = wind_app(3);
    let centre = |app: &App, area: usize| {
        let game = app.world().resource::<Game>();
        let s = &game.session().as_any().downcast_ref::<S>().unwrap().state;
        let poly = &s.stat.map.areas[area].polygon;
        let c = poly
            .iter()
            .fold([0.0f32, 0.0], |m, p| [m[0] + p[0], m[1] + p[1]]);
        let c = [c[0] / poly.len() as f32, c[1] / poly.len() as f32];
        Vec2::new(c[0] - 800.0, 600.0 - c[1])
    };
    // Two drawn bands, each with its first legal area and the strengths offered.
    let picks: Vec<(String, usize, Vec<u8>, u8)> = {
        let game = app.world().resource::<Game>();
        let s = &game.session().as_any().downcast_ref::<S>().unwrap().state;
        let legal = game.session().legal();
        let mut out = vec![];
        for b in &s.blocks {
            if out.len() == 2
                || b.pool != wargame::games::wind::data::Pool::Bands
                || b.status != wargame::games::wind::state::Status::Drawn
            {
                continue;
            }
            let head = format!("deploy {} ", b.handle);
            let mine: Vec<Vec<&str>> = legal
                .iter()
                .filter(|l| l.starts_with(&head))
                .map(|l| l.split_whitespace().collect())
                .collect();
            let area = s.stat.area(mine[0][2]).unwrap();
            let mut sps: Vec<u8> = mine
                .iter()
                .filter(|w| w[2] == mine[0][2])
                .map(|w| w[3].parse().unwrap())
                .collect();
            sps.sort_unstable();
            out.push((b.handle.to_string(), area, sps, b.sp));
        }
        out
    };
    assert_eq!(picks.len(), 2, "two bands drawn");
    let sp_of = |app: &App, h: &str| {
        let game = app.world().resource::<Game>();
        let s = &game.session().as_any().downcast_ref::<S>().unwrap().state;
        s.blocks.iter().find(|b| *b.handle == *h).map(|b| b.sp)
    };
    // The first at the lowest strength offered, chosen in the panel.
    let (h, area, sps, _) = &picks[0];
    assert!(sps.len() > 1, "a choice of strengths: {sps:?}");
    {
        let mut sel = app.world_mut().resource_mut::<WindSelection>();
        sel.block = Some(h.clone());
        sel.sp = Some(sps[0]);
    }
    app.update();
    let p = centre(&app, *area);
    app.world_mut().resource_mut::<ClickedWorld>().0 = Some(p);
    app.update();
    assert_eq!(sp_of(&app, h), Some(sps[0]));
    // The second with no choice made: the strength nearest its drawn one, among those
    // offered now (the first band's strength changed what is left).
    let (h, area, _, drawn) = &picks[1];
    let sps: Vec<u8> = {
        let game = app.world().resource::<Game>();
        let s = &game.session().as_any().downcast_ref::<S>().unwrap().state;
        let head = format!("deploy {h} {} ", s.stat.id(*area));
        game.session()
            .legal()
            .iter()
            .filter_map(|l| l.strip_prefix(&head).and_then(|n| n.parse().ok()))
            .collect()
    };
    app.world_mut().resource_mut::<WindSelection>().block = Some(h.clone());
    app.update();
    let p = centre(&app, *area);
    app.world_mut().resource_mut::<ClickedWorld>().0 = Some(p);
    app.update();
    let want = *sps
        .iter()
        .min_by_key(|&&v| (v.abs_diff(*drawn), v))
        .unwrap();
    assert_eq!(sp_of(&app, h), Some(want));
}

#[test]
fn nez_perce_plugin_draws_the_tactical_map_and_moves_by_clicking_a_highlighted_hex() {
    use wargame::gui::nez_perce::{Overlay, Selection as NpSelection};
    let mut app = headless(
        wargame::gui::nez_perce::logic_plugin,
        "nez_perce_tactical/white_bird",
        1,
    );
    assert_board_drawn(&mut app, 30 * 20, 100);
    assert!(count::<Overlay>(&mut app) > 17, "every counter is drawn");
    let (unit, from, to) = {
        let g = app.world().resource::<Game>();
        let mv = g
            .session()
            .legal()
            .into_iter()
            .find(|l| l.starts_with("move "))
            .expect("an Army unit may move");
        let w: Vec<&str> = mv.split_whitespace().collect();
        (
            w[1].to_string(),
            g.session().probe(&format!("{}.hex", w[1])).unwrap(),
            w[2].to_string(),
        )
    };
    app.world_mut().resource_mut::<Clicked>().0 = Some(from.parse().unwrap());
    app.update();
    assert_eq!(
        app.world().resource::<NpSelection>().unit.as_deref(),
        Some(unit.as_str())
    );
    app.world_mut().resource_mut::<Clicked>().0 = Some(to.parse().unwrap());
    app.update();
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history().last().map(String::as_str),
        Some(format!("move {unit} {to}").as_str()),
        "{}",
        g.status()
    );
}

#[test]
fn rosebud_plugin_draws_the_battlefield_and_enters_and_moves_by_clicking() {
    use wargame::games::rosebud::Rosebud;
    use wargame::gui::rosebud::{Overlay, Selection as RbSelection};
    let mut app = headless(wargame::gui::rosebud::logic_plugin, "rosebud/battle", 1);
    assert_board_drawn(&mut app, 573, 163);
    assert!(count::<Overlay>(&mut app) > 40, "the US set-up is drawn");
    let at = |app: &App, h: &str| {
        app.world()
            .resource::<Game>()
            .view::<Rosebud>()
            .unwrap()
            .stat
            .map
            .parse(h)
            .unwrap()
    };
    // 18: select a warrior waiting to enter, click an entry hex, choose Mounted.
    app.world_mut().resource_mut::<RbSelection>().unit = Some("crow_king".into());
    let c = at(&app, "3000");
    app.world_mut().resource_mut::<Clicked>().0 = Some(c);
    app.update();
    let choice = app.world().resource::<Game>().choice().to_vec();
    assert!(
        choice.contains(&"enter crow_king 3000 mounted".to_string()),
        "{choice:?}"
    );
    app.world_mut()
        .resource_mut::<Game>()
        .submit("enter crow_king 3000 mounted");
    app.update();
    // 7: click the unit's hex, then a highlighted neighbour.
    let to = {
        let g = app.world().resource::<Game>();
        g.session()
            .legal()
            .into_iter()
            .find(|l| l.starts_with("move crow_king "))
            .expect("it may move on")
            .split_whitespace()
            .nth(2)
            .unwrap()
            .to_string()
    };
    app.world_mut().resource_mut::<Clicked>().0 = Some(c);
    app.update();
    assert_eq!(
        app.world().resource::<RbSelection>().unit.as_deref(),
        Some("crow_king")
    );
    let t = at(&app, &to);
    app.world_mut().resource_mut::<Clicked>().0 = Some(t);
    app.update();
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history().last().map(String::as_str),
        Some(format!("move crow_king {to}").as_str()),
        "{}",
        g.status()
    );
}

// --- Computer players in the GUI ---

use wargame::core::ai::Player;
use wargame::gui::ai::{AiMode, AiPlay};

/// A headless Harvest App of `scenario` with the computer-player driver, the given
/// seats, and no delay between computer actions.
fn ai_app(scenario: &str, seed: u64, curtain: bool, players: Vec<Option<Player>>) -> App {
    let mut app = headless(
        |app: &mut App| {
            app.add_plugins((logic_plugin, wargame::gui::ai::logic_plugin));
        },
        scenario,
        seed,
    );
    let g = app.world_mut().remove_resource::<Game>().unwrap();
    let mut g = Game::new(g.into_live(), curtain).with_players(players);
    g.set_status("");
    app.insert_resource(g);
    app.world_mut().resource_mut::<AiPlay>().delay = 0.0;
    app
}

/// Run App updates (the worker thread answers in the background) until `done` holds,
/// at most about 60 s.
fn update_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..6000 {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let g = app.world().resource::<Game>();
    panic!(
        "timed out waiting until {what}; history {:?}, status {}",
        g.session().history(),
        g.status()
    );
}

fn history(app: &App) -> Vec<String> {
    app.world().resource::<Game>().session().history().to_vec()
}

const AI1: Player = Player::Search { level: 1 };

#[test]
fn an_ai_seat_plays_by_itself_through_submit_with_seeded_decisions() {
    // The Sioux (seat 0) are a computer player; the Pawnee human never touches anything.
    let mut app = ai_app(
        "harvest_the_wind/massacre_canyon",
        1,
        true,
        vec![Some(AI1), None],
    );
    assert_eq!(history(&app), Vec::<String>::new());
    {
        let g = app.world().resource::<Game>();
        assert_eq!(g.viewing(), 1, "the human's view is on screen");
        assert!(!g.curtain_down(), "one human seat: no curtain");
        assert!(!g.can_act(), "the human may not act for the computer seat");
    }
    // The decisions the computer should make, worked out directly from the seeds.
    let expected: Vec<String> = {
        let g = app.world().resource::<Game>();
        let mut s =
            games::new_session(&root(), "harvest_the_wind/massacre_canyon", 1, false).unwrap();
        let mut out = vec![];
        while out.len() < 4 && s.to_act() == Some(0) {
            let a = s.ai_task(
                AI1,
                wargame::gui::mix_seed(g.ai_seed(), out.len() as u64),
                0,
            )()
            .unwrap();
            s.apply_str(&a).unwrap();
            out.push(a);
        }
        out
    };
    assert!(
        expected.len() >= 3,
        "the Sioux act several times: {expected:?}"
    );
    let n = expected.len();
    update_until(&mut app, "the computer has acted", |app| {
        history(app).len() >= n
    });
    assert_eq!(
        history(&app)[..n],
        expected[..],
        "seeded like the direct calls"
    );
    let g = app.world().resource::<Game>();
    assert!(app.world().resource::<AiPlay>().applied >= n as u64);
    assert!(g.session().log().len() > 1, "its actions are logged");
    assert!(
        g.status().contains("Sioux") && !g.status().contains("done:"),
        "the status names the seat, not the action: {}",
        g.status()
    );
}

#[test]
fn ai_controls_pause_step_and_discard_a_stale_answer() {
    let mut app = ai_app(
        "harvest_the_wind/massacre_canyon",
        2,
        false,
        vec![Some(AI1), None],
    );
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Paused;
    update_until(&mut app, "an answer is ready", |app| {
        app.world().resource::<AiPlay>().ready()
    });
    for _ in 0..5 {
        app.update();
    }
    assert!(history(&app).is_empty(), "paused: the answer is held");
    // Step releases exactly one action and stays paused.
    app.world_mut().resource_mut::<AiPlay>().step = true;
    app.update();
    assert_eq!(history(&app).len(), 1);
    assert_eq!(app.world().resource::<AiPlay>().mode, AiMode::Paused);
    update_until(&mut app, "the next answer is ready", |app| {
        app.world().resource::<AiPlay>().ready()
    });
    // The state changes under the held answer (here: someone ends the phase for the
    // Sioux); the held answer is for the old state and must not be applied.
    let (stale, fresh) = {
        let mut g = app.world_mut().resource_mut::<Game>();
        let old = g.session().ai_task(AI1, g.decision_seed(), 0)().unwrap();
        let legal = g.session().legal();
        let other = legal.iter().find(|l| **l != old).unwrap().clone();
        g.submit(&other);
        assert_eq!(g.session().to_act(), Some(0), "still the computer's turn");
        let fresh = g.session().ai_task(AI1, g.decision_seed(), 0)().unwrap();
        (old, fresh)
    };
    app.world_mut().resource_mut::<AiPlay>().step = true;
    update_until(&mut app, "the fresh answer is applied", |app| {
        history(app).len() == 3
    });
    assert_eq!(history(&app)[2], fresh);
    assert_ne!(
        stale, fresh,
        "the test tells a stale answer from a fresh one"
    );
}

#[test]
fn no_curtain_for_an_ai_seat_and_its_options_stay_hidden() {
    // Both seats human: play passing to the Army for a reaction window brings the
    // curtain down (the control case, so that this test can fail).
    let script = |g: &mut Game| {
        g.session_mut().place("a3", Some("0905")).unwrap();
        g.session_mut().place("i1", Some("0305")).unwrap();
        g.submit("end");
        g.submit("move i1 0405");
        assert_eq!(g.session().probe("pending").as_deref(), Some("reaction"));
        assert_eq!(g.session().to_act(), Some(1));
    };
    let mut hot = ai_app("tests/data/harvest/lab.ron", 1, true, vec![None, None]);
    {
        let mut g = hot.world_mut().resource_mut::<Game>();
        g.lift_curtain();
        script(&mut g);
        assert!(
            g.curtain_down(),
            "hot-seat: the curtain comes down for the Army"
        );
        assert_eq!(g.viewing(), 1);
    }
    // The Army is a computer player: no curtain, the Indian view stays on screen.
    let mut app = ai_app("tests/data/harvest/lab.ron", 1, true, vec![None, Some(AI1)]);
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        assert!(
            !g.curtain_down(),
            "one human seat: no curtain at the start either"
        );
        script(&mut g);
        assert!(!g.curtain_down(), "no curtain for a computer seat");
        assert_eq!(g.viewing(), 0, "the human's view stays on screen");
        assert!(!g.can_act());
    }
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Paused;
    app.update();
    assert!(
        count::<OverlayMarker>(&mut app) > 0,
        "the board is drawn, not curtained"
    );
    // A click on the map cannot act for the computer seat (the Army's fire would be
    // a legal action there).
    let before = history(&app);
    app.world_mut().resource_mut::<Clicked>().0 = Some("0405".parse().unwrap());
    app.update();
    app.world_mut().resource_mut::<Clicked>().0 = None;
    assert_eq!(history(&app), before);
    // The computer answers; play comes back to the Indian seat with no curtain.
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Run;
    update_until(&mut app, "the Army has answered", |app| {
        app.world().resource::<Game>().session().to_act() == Some(0)
    });
    let g = app.world().resource::<Game>();
    assert!(!g.curtain_down());
    assert_eq!(g.viewing(), 0);
    assert!(g.can_act());
}

#[test]
fn undo_takes_back_only_the_seats_own_actions_never_another_seats_answer() {
    let mut app = ai_app(
        "tests/data/harvest/lab.ron",
        1,
        false,
        vec![None, Some(AI1)],
    );
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Paused;
    let mut g = app.world_mut().resource_mut::<Game>();
    g.session_mut().place("a3", Some("0905")).unwrap();
    g.session_mut().place("i1", Some("0305")).unwrap();
    g.submit("end");
    g.submit("move i1 0405");
    // While the computer is to act, the human may take back their own move.
    assert!(g.can_undo());
    g.undo();
    assert_eq!(g.session().history(), ["end"]);
    assert_eq!(g.session().to_act(), Some(0));
    // After the computer has answered (a pass, submitted as it would be), nothing can
    // be taken back: not its answer, nor the move before it (issue 28: no take-backs
    // against the computer).
    g.submit("move i1 0405");
    g.submit("pass");
    assert_eq!(g.session().to_act(), Some(0));
    assert!(!g.can_undo());
    g.undo();
    assert_eq!(
        g.session().history(),
        ["end", "move i1 0405", "pass"],
        "{}",
        g.status()
    );
    // Hot-seat: the same between two human seats; the Army cannot take back the
    // Indian's move either.
    g.set_players(vec![None, None]);
    g.submit("move i1 0505");
    assert_eq!(g.session().to_act(), Some(1));
    assert!(
        !g.session().can_undo(1),
        "the Army may not undo the Indian's move"
    );
    assert!(
        g.session().can_undo(0),
        "the Indian may, before the Army answers"
    );
}

#[test]
fn balance_playouts_count_every_game() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let done = AtomicUsize::new(0);
    let make = |seed: u64| {
        games::new_session(&root(), "harvest_the_wind/massacre_canyon", seed, false)
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
            games::new_session(&root(), "harvest_the_wind/massacre_canyon", seed, false)
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
    let s = games::new_session(&root(), "harvest_the_wind/wagon_box", 2, false).unwrap();
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
fn after_a_handoff_the_status_line_does_not_quote_the_last_seats_action() {
    let mut app = app_with("tests/data/harvest/lab.ron");
    let mut g = app.world_mut().resource_mut::<Game>();
    g.set_curtain(true);
    g.offer_choice(vec!["a stale choice".into()]);
    // The Indian moves; the Army's reaction-fire window hands the screen over.
    lab_with_army_reaction_window(&mut g);
    assert_eq!(g.viewing(), 1);
    assert!(g.curtain_down());
    assert!(!g.status().contains("i1"), "{}", g.status());
    assert!(g.status().contains("Army to act"), "{}", g.status());
    assert!(
        g.choice().is_empty(),
        "the chooser is cleared when the game changes"
    );
}

#[test]
fn a_campaign_shows_the_strategic_map_then_its_combat_on_the_tactical_map_and_back() {
    use rand::SeedableRng;
    use wargame::gui::board::ActiveMap;
    fn campaign_plugins(app: &mut App) {
        wargame::gui::nez_perce::logic_plugin(app);
        wargame::gui::nez_perce_strategic::logic_plugin(app);
        wargame::gui::playing::logic_plugin(app);
    }
    let mut app = headless(campaign_plugins, "nez_perce_strategic/campaign", 2);
    let dims = |app: &App| {
        let m = &app.world().resource::<ActiveMap>().0;
        (m.cols, m.rows)
    };
    assert_eq!(dims(&app), (35, 20), "the strategic map is on screen");
    // Random play up to the first combat's choice.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    for _ in 0..100_000 {
        let g = app.world().resource::<Game>();
        if g.legal().iter().any(|l| l == "fight") {
            break;
        }
        let mut g = app.world_mut().resource_mut::<Game>();
        g.session_mut().random_step(&mut rng).unwrap();
    }
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        assert!(g.legal().iter().any(|l| l == "fight"), "a combat came");
        g.submit("fight");
        g.submit("fight");
        assert_eq!(g.level_game(), "nez_perce_tactical", "{}", g.status());
    }
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        dims(&app),
        (30, 20),
        "the combat's tactical map is on screen"
    );
    // Its actions go through the shell in the tactical notation.
    let first = app.world().resource::<Game>().legal()[0].clone();
    assert!(!first.starts_with("battle:"), "{first}");
    app.world_mut().resource_mut::<Game>().submit(&first);
    assert_eq!(
        app.world()
            .resource::<Game>()
            .session()
            .history()
            .last()
            .cloned(),
        Some(format!("battle: {first}"))
    );
    // Play the combat out; the strategic map comes back.
    for _ in 0..100_000 {
        if app.world().resource::<Game>().level_game() != "nez_perce_tactical" {
            break;
        }
        let mut g = app.world_mut().resource_mut::<Game>();
        g.session_mut().random_step(&mut rng).unwrap();
    }
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(dims(&app), (35, 20), "back on the strategic map");
}

// --- Redraw on demand (issue 30, item 1) ---

/// Requests for a frame read so far (a reader after `keep_awake`).
#[derive(Resource, Default)]
struct Asked(usize);

/// How many frames `keep_awake` asks for over `n` updates.
fn redraws_over(app: &mut App, n: usize) -> usize {
    let before = app.world().resource::<Asked>().0;
    for _ in 0..n {
        app.update();
    }
    app.world().resource::<Asked>().0 - before
}

fn with_keep_awake(mut app: App) -> App {
    use bevy::window::RequestRedraw;
    app.add_message::<RequestRedraw>();
    app.init_resource::<Asked>();
    app.add_systems(
        Last,
        (
            wargame::gui::redraw::keep_awake,
            |mut r: MessageReader<RequestRedraw>, mut asked: ResMut<Asked>| {
                asked.0 += r.read().count();
            },
        )
            .chain(),
    );
    app
}

#[test]
fn an_idle_board_asks_for_no_frames_and_a_held_pan_key_does() {
    // Two human seats, nobody touching anything: the window may sleep.
    let mut app = with_keep_awake(app_with("harvest_the_wind/wagon_box"));
    assert_eq!(
        redraws_over(&mut app, 10),
        0,
        "an idle board asks for no frame"
    );
    // A pan key held down moves the camera every frame.
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::ArrowLeft);
    assert_eq!(redraws_over(&mut app, 3), 3);
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .release(KeyCode::ArrowLeft);
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .clear();
    assert_eq!(redraws_over(&mut app, 5), 0, "idle again once released");
}

#[test]
fn a_computer_player_keeps_the_window_drawing_until_a_human_is_to_act() {
    // The Sioux are a computer player: while it is their turn (thinking, or waiting for
    // the pace delay) every update asks for the next; paused with an answer held, none.
    let mut app = with_keep_awake(ai_app(
        "harvest_the_wind/massacre_canyon",
        2,
        false,
        vec![Some(AI1), None],
    ));
    assert_eq!(
        redraws_over(&mut app, 3),
        3,
        "the computer's turn needs frames"
    );
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Paused;
    update_until(&mut app, "an answer is ready", |app| {
        app.world().resource::<AiPlay>().ready()
    });
    assert_eq!(
        redraws_over(&mut app, 5),
        0,
        "paused with the answer held: the window waits for Step"
    );
}

// --- Looking back: "since your last turn" and the replay viewer (issue 30, 6 and 7) ---

use wargame::gui::playing::LookKind;

/// Play seeded random legal actions through the shell (hot-seat, every seat human)
/// until seat 1 has acted, seat 0 has then made at least `after` actions, and seat 1
/// is to act again.
fn play_until_seat_1_returns(app: &mut App, after: usize) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut g = app.world_mut().resource_mut::<Game>();
    let mut seat1_acted = false;
    let mut since = 0;
    for _ in 0..5000 {
        let who = g.session().to_act().expect("the game goes on");
        if seat1_acted && since >= after && who == 1 {
            return;
        }
        let legal = g.session().legal();
        let a = legal[rng.random_range(0..legal.len())].clone();
        g.submit(&a);
        g.lift_curtain();
        if who == 1 {
            seat1_acted = true;
            since = 0;
        } else {
            since += 1;
        }
    }
    panic!("seat 1 never came back");
}

#[test]
fn since_your_last_turn_shows_a_seat_only_its_own_view_and_returns_to_the_game() {
    let mut app = wind_app(3);
    play_until_seat_1_returns(&mut app, 6);
    let live_len;
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        assert_eq!(g.viewing(), 1, "the view follows the human seat to act");
        assert!(g.can_act());
        live_len = g.session().history().len();
        let last_own = g
            .session()
            .actors()
            .iter()
            .rposition(|a| *a == Some(1))
            .unwrap();
        let hidden_moves = live_len - last_own - 1;
        let n = g.catch_up_steps();
        assert!(n > 0, "the Apache seat's moves changed what the Army sees");
        assert!(
            n <= hidden_moves,
            "{n} steps for {hidden_moves} actions: never more steps than actions"
        );
        assert!(g.start_catch_up());
        let l = g.looking().unwrap();
        assert_eq!(l.kind(), LookKind::CatchUp);
        assert_eq!(l.start(), last_own + 1, "from where the seat left the game");
        assert_eq!(g.session().history().len(), last_own + 1);
        // Nobody acts on a past position: no legal actions offered, no submit, no undo.
        assert!(!g.can_act() && !g.can_undo());
        let any = g.session().legal().first().cloned();
        if let Some(a) = any {
            g.submit(&a);
        }
        assert_eq!(
            g.live().history().len(),
            live_len,
            "a look back changed the game"
        );
    }
    // Step through; the board plugin draws each position.
    let mut steps = 0;
    loop {
        app.update();
        let mut g = app.world_mut().resource_mut::<Game>();
        let pos = g.looking().unwrap().pos();
        let (view, log_len) = g.live().view_ron_at(pos, 1).unwrap();
        assert_eq!(
            g.session().view_ron(1),
            view,
            "position {pos} is shown as seat 1 saw it"
        );
        assert_eq!(g.session().log().len(), log_len);
        for l in g.session().log().iter().filter(|l| g.may_read(l)) {
            assert!(
                l.visible(1),
                "seat 1 is shown a line it may not read: {}",
                l.text
            );
        }
        let last = {
            let l = g.looking().unwrap();
            l.last_action()
        };
        if let Some(a) = last {
            assert_eq!(
                g.live().actors()[pos - 1],
                Some(1),
                "the Apache seat's action '{a}' is named"
            );
        }
        if !g.look_step(true) {
            break;
        }
        steps += 1;
    }
    let mut g = app.world_mut().resource_mut::<Game>();
    g.end_look();
    assert!(g.looking().is_none());
    assert_eq!(g.session().history().len(), live_len);
    assert!(g.can_act(), "back in the game, the seat acts");
    assert_eq!(
        g.catch_up_steps(),
        steps,
        "as many steps as the count offered"
    );
}

#[test]
fn no_computer_player_acts_while_the_game_is_looked_back_on() {
    let mut app = ai_app(
        "harvest_the_wind/massacre_canyon",
        1,
        false,
        vec![None, Some(AI1)],
    );
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Run;
    let live_len = {
        let mut g = app.world_mut().resource_mut::<Game>();
        // The human seat acts (no frame runs, so the computer has not answered) until
        // the computer seat is to act.
        for _ in 0..200 {
            if g.session().to_act() == Some(1) {
                break;
            }
            let legal = g.session().legal();
            g.submit(&legal[0]);
        }
        assert_eq!(g.session().to_act(), Some(1));
        // The same game, saved and opened in the replay viewer, the computer still
        // seated.
        let path = scratch("look-ai").join("g.ron");
        g.save_file().write(&path).unwrap();
        let s = games::load_save(&root(), &path).unwrap();
        let mut v = Game::viewer(s, Some(0)).unwrap();
        v.set_players(vec![None, Some(AI1)]);
        // At the last position, where the computer seat is to act.
        v.look_jump(true);
        let n = v.live().history().len();
        assert_eq!(v.session().history().len(), n);
        assert_eq!(v.session().to_act(), Some(1));
        *g = v;
        n
    };
    for _ in 0..100 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history().len(),
        live_len,
        "the position shown did not move"
    );
    assert_eq!(
        g.live().history().len(),
        live_len,
        "the computer did not act"
    );
    assert_eq!(
        app.world().resource::<AiPlay>().mode,
        AiMode::Run,
        "the computer never tried to act (a refused answer pauses it)"
    );
    assert!(
        !app.world().resource::<AiPlay>().needs_frames(g),
        "a look back asks for no frames for the computer"
    );
}

/// A Harvest game played to its end by seeded random actions, saved.
fn finished_harvest_save(dir: &std::path::Path) -> std::path::PathBuf {
    use rand::SeedableRng;
    let mut s = games::new_session(&root(), "harvest_the_wind/massacre_canyon", 2, false).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    while s.random_step(&mut rng).unwrap() {}
    assert!(s.outcome().is_some());
    let path = dir.join("finished.ron");
    s.save().write(&path).unwrap();
    path
}

#[test]
fn the_replay_viewer_steps_through_a_save_by_one_seat_or_every_seat_once_it_is_over() {
    let dir = scratch("replay-viewer");
    let path = finished_harvest_save(&dir);
    let s = games::load_save(&root(), &path).unwrap();
    let end = s.history().len();
    let final_state = s.state_ron();
    let mut g = Game::viewer(s, None).expect("a finished game has the full view");
    assert_eq!(g.looking().unwrap().kind(), LookKind::Viewer);
    assert_eq!(g.session().history().len(), 0, "it opens at the start");
    assert!(!g.can_act());
    // Every seat's log lines in the full view.
    g.look_jump(true);
    assert_eq!(g.session().history().len(), end);
    assert_eq!(g.session().state_ron(), final_state);
    assert!(g.session().log().iter().all(|l| g.may_read(l)));
    // Back one step at a time in the full view: each action.
    assert!(g.look_step(false));
    assert_eq!(g.session().history().len(), end - 1);
    let l = g.looking().unwrap();
    assert_eq!(
        l.last_action().as_deref(),
        Some(g.live().history()[end - 2].as_str())
    );
    // Seen by one seat now, at the same place or the step that shows it.
    g.look_as(Some(1));
    assert_eq!(g.viewing(), 1);
    assert_eq!(g.looking().unwrap().seat(), Some(1));
    assert!(g.session().history().len() >= end - 1);
    // The save itself is written from the whole game, not the position shown.
    assert_eq!(g.save_file().actions.len(), end);

    // An unfinished game: one seat's view only, and no switching.
    let mut s = games::load_save(&root(), &path).unwrap();
    let half = s.rewound(end / 2).unwrap();
    let half_path = dir.join("half.ron");
    half.save().write(&half_path).unwrap();
    s = games::load_save(&root(), &half_path).unwrap();
    assert!(s.outcome().is_none());
    let s2 = games::load_save(&root(), &half_path).unwrap();
    assert!(
        Game::viewer(s2, None).is_err(),
        "no full view before the end"
    );
    let mut g = Game::viewer(s, Some(0)).unwrap();
    g.look_as(Some(1));
    assert_eq!(
        g.viewing(),
        0,
        "an unfinished game stays in the seat it was opened as"
    );
    assert!(g.status().contains("not over"), "{}", g.status());
    while g.look_step(true) {}
    assert!(g.looking().unwrap().pos() <= end / 2);
    assert_eq!(
        g.session().view_ron(0),
        g.live().view_ron(0),
        "the last step looks like the game as saved"
    );
}

// --- Settings (issue 30, 5) ---

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

// --- Move by destination (issue 30, 2) ---

#[test]
fn move_by_destination_steps_through_the_rules_and_stops_at_a_reaction_window() {
    let mut app = headless(
        |app: &mut App| {
            app.add_plugins((logic_plugin, wargame::gui::playing::logic_plugin));
        },
        "tests/data/harvest/lab.ron",
        1,
    );
    let far;
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        g.session_mut().place("a3", Some("0905")).unwrap();
        g.session_mut().place("i1", Some("0305")).unwrap();
        g.submit("end");
        assert_eq!(g.viewing(), 0);
        let routes = g.routes("i1").to_vec();
        assert!(!routes.is_empty());
        // Every route's steps are moves of i1, the last one to its destination.
        for r in &routes {
            assert!(r.actions.iter().all(|a| a.starts_with("move i1 ")), "{r:?}");
            assert!(r.actions.last().unwrap().ends_with(&r.to), "{r:?}");
        }
        // A place three hexes on, past the Army Breechloader's reach: the search
        // supposed the Army declines its window, and says the move may stop.
        far = routes
            .iter()
            .find(|r| r.to == "0605")
            .cloned()
            .expect("0605 is in reach");
        assert!(far.actions.len() >= 2, "{far:?}");
        assert!(
            far.interrupted,
            "the route passes the Army's reaction window"
        );
        assert!(g.walk_to("i1", "0605"));
    }
    // The shell makes the steps one by one; the first one into range opens the Army's
    // window, and the move stops there with the reason on the status line.
    for _ in 0..400 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
        if app.world().resource::<Game>().walking().is_none() {
            break;
        }
    }
    let g = app.world().resource::<Game>();
    assert!(g.walking().is_none());
    // The steps made are the route's first ones, and fewer than all of them.
    let made = &g.session().history()[1..];
    assert!(
        !made.is_empty() && far.actions.starts_with(made) && made.len() < far.actions.len(),
        "{made:?} of {far:?}: {}",
        g.status()
    );
    assert_eq!(g.session().probe("pending").as_deref(), Some("reaction"));
    assert!(
        g.status().contains("stopped") && g.status().contains("Army"),
        "{}",
        g.status()
    );
    // After the Army passes, the Indian goes on from where it stopped.
    let mut g = app.world_mut().resource_mut::<Game>();
    g.submit("pass");
    assert_eq!(g.session().to_act(), Some(0));
    assert!(g.walk_to("i1", "0605"), "a route on from 0405");
    let steps = g.walking().as_ref().unwrap().steps.len();
    for _ in 0..steps {
        g.walk_step();
        if g.session().to_act() != Some(0) {
            g.submit("pass");
        }
    }
    assert_eq!(
        g.session().probe("i1.hex").as_deref(),
        Some("0605"),
        "{}",
        g.status()
    );
}

#[test]
fn routes_are_found_only_for_the_seat_that_may_act() {
    let mut app = app_with("tests/data/harvest/lab.ron");
    let mut g = app.world_mut().resource_mut::<Game>();
    g.session_mut().place("a3", Some("0905")).unwrap();
    g.session_mut().place("i1", Some("0305")).unwrap();
    g.submit("end");
    // The Army's unit while the Indian moves: nothing (its moves are not legal now).
    assert!(g.routes("a3").is_empty());
    // Behind the curtain nothing is searched.
    g.drop_curtain();
    assert!(g.routes("i1").is_empty());
}

#[test]
fn harvest_actions_read_in_words_with_their_cost_or_the_number_needed() {
    use wargame::games::harvest::{Harvest, action::Action};
    use wargame::gui::harvest::describe;
    let mut app = app_with("tests/data/harvest/lab.ron");
    let mut g = app.world_mut().resource_mut::<Game>();
    g.session_mut().place("a3", Some("0905")).unwrap();
    g.session_mut().place("i1", Some("0305")).unwrap();
    g.submit("end");
    let s = g.view::<Harvest>().unwrap();
    let words = |t: &str| describe(&s, &t.parse::<Action>().unwrap());
    let m = words("move i1 0405");
    assert!(
        m.starts_with("Move to 0405 (") && m.ends_with(" MP)"),
        "{m}"
    );
    assert_eq!(words("end"), "End the phase");
    assert_eq!(words("enter i1 0101"), "Enter the map at 0101");
}

/// A block game played by its first legal actions until `side` moves (§5.0 B/C).
fn wind_to_movement(app: &mut App, side: u8) {
    use wargame::games::wind::state::Phase;
    for _ in 0..400 {
        let mut g = app.world_mut().resource_mut::<Game>();
        let s = g
            .session()
            .as_any()
            .downcast_ref::<wargame::core::session::Session<wargame::games::wind::Wind>>()
            .unwrap()
            .state
            .clone();
        if s.phase == Phase::Move && s.side == side {
            return;
        }
        let first = g.session().legal()[0].clone();
        g.submit(&first);
    }
    panic!("no movement segment for side {side}");
}

fn wind_state(app: &App) -> wargame::games::wind::state::State {
    app.world()
        .resource::<Game>()
        .session()
        .as_any()
        .downcast_ref::<wargame::core::session::Session<wargame::games::wind::Wind>>()
        .unwrap()
        .state
        .clone()
}

#[test]
fn wind_moves_a_block_by_destination_crossing_by_crossing_and_an_army_leader_with_its_party() {
    use wargame::games::wind::data::BlockKind;
    use wargame::games::wind::state::Status;
    use wargame::gui::board::ClickedWorld;
    use wargame::gui::wind::WindSelection;
    let mut app = headless(
        |app: &mut App| {
            app.add_plugins((
                wargame::gui::wind::logic_plugin,
                wargame::gui::playing::logic_plugin,
            ));
        },
        "moved_like_the_wind/apache_wars",
        3,
    );
    app.world_mut().resource_mut::<Game>().lift_curtain();
    wind_to_movement(&mut app, 0);
    // An Apache block with a route of two crossings or more (§7.0).
    let s = wind_state(&app);
    let (handle, route) = {
        let mut g = app.world_mut().resource_mut::<Game>();
        let mut found = None;
        for b in s
            .blocks
            .iter()
            .filter(|b| b.side() == 0 && b.area().is_some())
        {
            let routes = g.routes(&b.handle).to_vec();
            // Every step is a crossing of this block, and one boundary at a time.
            for r in &routes {
                assert!(
                    r.actions
                        .iter()
                        .all(|a| a.starts_with(&format!("move {} ", b.handle))),
                    "{r:?}"
                );
            }
            if let Some(r) = routes.into_iter().find(|r| r.actions.len() >= 2) {
                found = Some((b.handle.to_string(), r));
                break;
            }
        }
        found.expect("an Apache block that can cross two boundaries")
    };
    let b = s.find(&handle).unwrap();
    let mp = s.blocks[b].mp_left;
    // Select it and click the far area: the shell crosses one boundary at a time.
    let to = s.stat.area(&route.to).unwrap();
    let poly = &s.stat.map.areas[to].polygon;
    let c = poly
        .iter()
        .fold([0.0f32, 0.0], |m, p| [m[0] + p[0], m[1] + p[1]]);
    let c = [c[0] / poly.len() as f32, c[1] / poly.len() as f32];
    app.world_mut().resource_mut::<WindSelection>().block = Some(handle.clone());
    app.update();
    app.world_mut().resource_mut::<ClickedWorld>().0 = Some(Vec2::new(c[0] - 800.0, 600.0 - c[1]));
    for _ in 0..200 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
        let g = app.world().resource::<Game>();
        if g.walking().is_none() && g.session().history().ends_with(&route.actions) {
            break;
        }
    }
    let s2 = wind_state(&app);
    let g = app.world().resource::<Game>();
    assert!(
        g.session().history().ends_with(&route.actions),
        "{:?} then {}",
        route.actions,
        g.status()
    );
    assert_eq!(s2.blocks[b].status, Status::Map(to), "{}", g.status());
    assert_eq!(
        Some(i64::from(s2.blocks[b].mp_left)),
        route.left,
        "the MP left as the route said (it started with {mp})"
    );
    assert!(s2.blocks[b].mp_left < mp);
    // An Army Leader with the blocks ticked to go along (§7.0 "Leaders").
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        g.submit("end");
    }
    wind_to_movement(&mut app, 1);
    let s = wind_state(&app);
    let mut tried = 0;
    for l in s
        .blocks
        .iter()
        .filter(|l| l.side() == 1 && l.kind == BlockKind::Leader && l.area().is_some())
    {
        let Some(f) = s
            .blocks
            .iter()
            .find(|f| f.area() == l.area() && f.kind != BlockKind::Leader && f.nation == l.nation)
        else {
            continue;
        };
        let piece = format!("{} with {}", l.handle, f.handle);
        let mut g = app.world_mut().resource_mut::<Game>();
        let routes = g.routes(&piece).to_vec();
        let Some(r) = routes.into_iter().find(|r| r.actions.len() >= 2) else {
            continue;
        };
        tried += 1;
        assert!(
            r.actions
                .iter()
                .all(|a| a.starts_with(&format!("move {} ", l.handle))
                    && a.ends_with(&format!(" with {}", f.handle))),
            "{r:?}"
        );
        assert!(g.walk_to(&piece, &r.to));
        for _ in 0..r.actions.len() {
            g.walk_step();
        }
        let s2 = g
            .session()
            .as_any()
            .downcast_ref::<wargame::core::session::Session<wargame::games::wind::Wind>>()
            .unwrap()
            .state
            .clone();
        let to = s2.stat.area(&r.to).unwrap();
        let (lb, fb) = (s2.find(&l.handle).unwrap(), s2.find(&f.handle).unwrap());
        assert_eq!(s2.blocks[lb].status, Status::Map(to), "{}", g.status());
        assert_eq!(
            s2.blocks[fb].status,
            Status::Map(to),
            "the party went along"
        );
        break;
    }
    assert!(
        tried > 0,
        "an Army Leader with a party and a route of two crossings"
    );
}

/// Move by destination on a hex board: select `unit` (`select`), click the
/// farthest place a route leads to without interruption, and let the shell make the
/// steps; the unit ends there with the movement left the route said. `hex` maps a place
/// in the ruleset's notation to the board's coordinate.
fn moves_by_destination(
    app: &mut App,
    unit: &str,
    select: impl Fn(&mut App),
    hex: impl Fn(&App, &str) -> wargame::core::hexmap::Coord,
) {
    select(app);
    app.update();
    let t0 = std::time::Instant::now();
    let routes = app.world_mut().resource_mut::<Game>().routes(unit).to_vec();
    let searched = t0.elapsed();
    let r = routes
        .iter()
        .filter(|r| !r.interrupted)
        .max_by_key(|r| r.actions.len())
        .cloned()
        .unwrap_or_else(|| panic!("no route for {unit}: {routes:?}"));
    assert!(r.actions.len() >= 2, "{r:?}");
    assert_eq!(r.places.last(), Some(&r.to));
    assert_eq!(r.places.len(), r.actions.len());
    eprintln!(
        "{unit}: {} places found in {searched:?}; to {} in {} steps",
        routes.len(),
        r.to,
        r.actions.len()
    );
    let before = app.world().resource::<Game>().session().history().len();
    let to = hex(app, &r.to);
    app.world_mut().resource_mut::<Clicked>().0 = Some(to);
    for _ in 0..400 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
        if app.world().resource::<Game>().walking().is_none() {
            break;
        }
    }
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history()[before..],
        r.actions[..],
        "the route's steps, one by one: {} (choice {:?})",
        g.status(),
        g.choice()
    );
    assert_eq!(
        g.session().probe(&format!("{unit}.hex")).as_deref(),
        Some(r.to.as_str()),
        "{}",
        g.status()
    );
}

#[test]
fn rosebud_and_nez_perce_move_by_destination_through_the_rules() {
    use wargame::games::rosebud::Rosebud;
    // Battle of the Rosebud (7A): a warrior band entered on turn 1 goes on by
    // destination.
    let mut app = headless(
        |app: &mut App| {
            app.add_plugins((
                wargame::gui::rosebud::logic_plugin,
                wargame::gui::playing::logic_plugin,
            ));
        },
        "rosebud/battle",
        1,
    );
    let at = |app: &App, h: &str| {
        app.world()
            .resource::<Game>()
            .view::<Rosebud>()
            .unwrap()
            .stat
            .map
            .parse(h)
            .unwrap()
    };
    app.world_mut()
        .resource_mut::<Game>()
        .submit("enter crow_king 3000 mounted");
    moves_by_destination(
        &mut app,
        "crow_king",
        |app| {
            app.world_mut()
                .resource_mut::<wargame::gui::rosebud::Selection>()
                .unit = Some("crow_king".into());
        },
        at,
    );
    // I Will Fight No More Forever, tactical (C4.2): an Army unit at White Bird.
    let mut app = headless(
        |app: &mut App| {
            app.add_plugins((
                wargame::gui::nez_perce::logic_plugin,
                wargame::gui::playing::logic_plugin,
            ));
        },
        "nez_perce_tactical/white_bird",
        1,
    );
    // A unit with a route of two hexes or more.
    let unit = {
        let mut g = app.world_mut().resource_mut::<Game>();
        let movers: std::collections::BTreeSet<String> = g
            .session()
            .legal()
            .into_iter()
            .filter(|l| l.starts_with("move "))
            .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
            .collect();
        movers
            .into_iter()
            .find(|u| {
                g.routes(u)
                    .iter()
                    .any(|r| !r.interrupted && r.actions.len() >= 2)
            })
            .expect("an Army unit that may move two hexes")
    };
    let id = unit.clone();
    moves_by_destination(
        &mut app,
        &unit,
        move |app| {
            app.world_mut()
                .resource_mut::<wargame::gui::nez_perce::Selection>()
                .unit = Some(id.clone());
        },
        |_, h| h.parse().unwrap(),
    );
}

/// The shell lists the legal actions once per change (the turn bar and the side panels
/// ask every frame): what it lists is always the session's list now, after an action,
/// an undo, a look back and its end, in the notation of the game on screen.
#[test]
fn the_legal_actions_listed_once_per_change_follow_every_change() {
    use wargame::core::game::ActionKind;
    let s = games::new_session(&root(), "nez_perce_strategic/campaign", 3, false).unwrap();
    let mut g = Game::new(s, false);
    let fresh = |g: &Game| {
        let prefix = g.session().level().map(|l| l.prefix);
        g.session()
            .legal()
            .into_iter()
            .map(|a| match prefix {
                Some(p) => a.strip_prefix(p).unwrap_or(&a).to_string(),
                None => a,
            })
            .collect::<Vec<_>>()
    };
    let mut seen = 0;
    for _ in 0..40 {
        let legal = g.legal();
        assert_eq!(legal, fresh(&g));
        assert_eq!(
            g.legal_of_kind(ActionKind::EndPhase),
            g.session().legal_of_kind(ActionKind::EndPhase)
        );
        let Some(first) = legal.first().cloned() else {
            break;
        };
        g.submit(&first);
        seen += 1;
        assert_eq!(g.legal(), fresh(&g), "after {first}");
    }
    assert!(seen >= 20, "only {seen} actions");
    g.undo();
    assert_eq!(g.legal(), fresh(&g), "after an undo");
}
