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

fn count<T: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<Entity, With<T>>()
        .iter(app.world())
        .count()
}

#[test]
fn plugin_draws_board_and_counters() {
    let mut app = app_with("harvest_the_wind/wagon_box");
    assert!(
        count::<BoardEntity>(&mut app) >= 20 * 24,
        "one hex entity per hex at least"
    );
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
        g.session.history().last().map(String::as_str),
        Some("move i1 0201"),
        "{}",
        g.status
    );
    assert_eq!(g.session.probe("i1.hex").as_deref(), Some("0201"));
}

#[test]
fn the_curtain_hides_counters_between_seats() {
    let mut app = app_with("harvest_the_wind/wood_lake");
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        g.curtain = true;
        g.curtain_down = true;
        g.generation += 1;
    }
    app.update();
    assert_eq!(
        count::<OverlayMarker>(&mut app),
        0,
        "nothing of the board's counters shows under the curtain"
    );
}

#[test]
fn auto_pass_declines_reaction_windows_for_that_seat_only() {
    let mut app = app_with("tests/data/harvest/lab.ron");
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        g.session.place("a3", Some("0905")).unwrap();
        g.session.place("i1", Some("0305")).unwrap();
        g.submit("end");
        // Range 5 from a Breechloader: the Army could react.
        g.submit("move i1 0405");
        assert_eq!(g.session.probe("pending").as_deref(), Some("reaction"));
        g.submit("pass");
        g.auto_pass[1] = true;
        g.submit("move i1 0505");
        assert_eq!(
            g.session.probe("pending").as_deref(),
            Some("none"),
            "the Army's window was passed for it"
        );
        assert_eq!(g.session.history().last().map(String::as_str), Some("pass"));
        assert_eq!(g.viewer, 0, "no handoff to the Army");
    }
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
    assert!(ids.len() >= 7);
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
    assert!(
        count::<BoardEntity>(&mut app) >= 59 + 100,
        "an entity per area and per boundary at least"
    );
    // Pick a drawn Apache block and one of its legal areas, then click that area's
    // first vertex nudged toward its centre.
    let (handle, area, point) = {
        let game = app.world().resource::<Game>();
        let legal = game.session.legal();
        let first = legal
            .iter()
            .find(|l| l.starts_with("deploy "))
            .unwrap()
            .clone();
        let w: Vec<&str> = first.split_whitespace().collect();
        let s = &game
            .session
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
        .session
        .as_any()
        .downcast_ref::<wargame::core::session::Session<wargame::games::wind::Wind>>()
        .unwrap()
        .state;
    let b = s.blocks.iter().find(|b| b.handle == handle).unwrap();
    assert_eq!(b.status, Status::Map(area), "{}", game.status);
}
