//! Headless Bevy App tests of the Harvest the Wind plugin (no window, no GPU), and the
//! screenshot smoke test under Xvfb.

use crate::util::{bin, root, scratch};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use wargame::games;
use wargame::gui::board::{BoardEntity, Clicked};
use wargame::gui::harvest::{OverlayMarker, Selection, logic_plugin};
use wargame::gui::{Game, Screen};

fn app_with(scenario: &str) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        bevy::asset::AssetPlugin::default(),
    ));
    app.init_asset::<Mesh>().init_asset::<ColorMaterial>();
    app.insert_resource(ButtonInput::<KeyCode>::default());
    app.init_state::<Screen>();
    app.add_plugins(logic_plugin);
    let s = games::new_session(&root(), scenario, 1, false).unwrap();
    app.insert_resource(Game::new(s, false));
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    app.update();
    app.update();
    app
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
    for id in crate::util::scenario_ids() {
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
