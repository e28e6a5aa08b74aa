//! Headless Bevy App tests of the shell (no window, no GPU) and the screenshot smoke
//! test under Xvfb, one module per area. This module holds what several of them share:
//! a headless App with a ruleset's plugins and a game on screen, counting entities, and
//! the computer-player App with its helpers.

mod ai;
mod boards;
mod look;
mod menu;
mod move_by_destination;
mod redraw;
mod screenshot;
mod turns;

use crate::util::root;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use wargame::core::ai::Player;
use wargame::games;
use wargame::gui::ai::AiPlay;
use wargame::gui::harvest::logic_plugin;
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
    let s = games::new_session(&root(), scenario, seed).unwrap();
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

fn wind_app(seed: u64) -> App {
    headless(
        wargame::gui::wind::logic_plugin,
        "moved_like_the_wind/apache_wars",
        seed,
    )
}

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
