//! The Bevy shell: screens (menu, play, result), the shared play-screen shell (turn bar,
//! buttons, log, chooser, curtain, save, undo, shortcuts: `playing`) and one plugin per
//! ruleset that draws that game's per-seat view and turns clicks into legal actions.
//! The shell never changes game state except by submitting an action in notation to
//! the session.

pub mod ai;
pub mod balance;
pub mod board;
pub mod charts;
pub mod fault;
pub mod markdown;
pub mod menu;
pub mod palette;
pub mod playing;
pub mod redraw;
pub mod result;
pub mod screenshot;
pub mod settings;

use crate::core::session::GameSession;
use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;
use std::path::PathBuf;

pub use menu::{MenuState, SeatChoice};
pub use playing::{Game, RulesetUi, RulesetUis, StandingOrder, Submitted, game_is, mix_seed, save};

/// How the program was started.
#[derive(Default)]
pub struct Launch {
    /// A game to open straight away (from the CLI).
    pub session: Option<Box<dyn GameSession>>,
    /// Write a screenshot after this many frames, then exit.
    pub screenshot: Option<(PathBuf, u32)>,
    /// Open an empty window (no shell, no game): the frame-time benchmark's baseline.
    pub blank: bool,
    /// The window's size for a screenshot (default: the settings' default size).
    pub size: Option<(u32, u32)>,
}

/// When the program started, for the start-to-menu time (logged once the menu is
/// first drawn).
pub static STARTED: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();

/// The screens.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// Main menu: game, scenario, options.
    #[default]
    Menu,
    /// A game in progress (the result shows over the board when it ends).
    Playing,
}

/// Open the window and run until it is closed.
pub fn run(launch: Launch) {
    STARTED.get_or_init(std::time::Instant::now);
    let mut app = App::new();
    if launch.blank {
        // The same window, camera, renderer settings and frame record as a board, with
        // nothing drawn.
        app.add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "Wargame — empty window".into(),
                resolution: {
                    let (w, h) = launch
                        .size
                        .unwrap_or(crate::settings::Settings::default().window);
                    WindowResolution::new(w, h)
                },
                ..default()
            }),
            ..default()
        }))
        .insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.19)))
        .add_systems(PreStartup, |mut commands: Commands| {
            commands.spawn(Camera2d);
        })
        .add_systems(Update, msaa_for_software_renderer);
        app.insert_resource(bevy::winit::WinitSettings::game());
        if let Some((path, frames)) = launch.screenshot {
            screenshot::install(&mut app, path, frames);
        }
        app.run();
        return;
    }
    // A screenshot is taken at the default size and scale, whatever the settings say.
    let ui_settings = if launch.screenshot.is_some() {
        settings::UiSettings::defaults_for_this_run()
    } else {
        settings::UiSettings::read()
    };
    let (w, h) = launch.size.unwrap_or(ui_settings.settings.window);
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Wargame — American Indian Wars".into(),
            resolution: WindowResolution::new(w, h),
            ..default()
        }),
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    // egui gets a camera of its own (`spawn_cameras`).
    .insert_resource(bevy_egui::EguiGlobalSettings {
        auto_create_primary_context: false,
        ..default()
    })
    .insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.19)))
    .add_plugins(ShellPlugin)
    .add_plugins(settings::plugin)
    .insert_resource(ui_settings);
    let start_playing = launch.session.is_some();
    if let Some(session) = launch.session {
        // Insert now, so that the board is built when play starts.
        app.insert_resource(Game::new(session, false));
    }
    redraw::plugin(&mut app, launch.screenshot.is_some());
    if let Some((path, frames)) = launch.screenshot {
        screenshot::install(&mut app, path, frames);
    }
    if start_playing {
        app.add_systems(Startup, |mut next: ResMut<NextState<Screen>>| {
            next.set(Screen::Playing)
        });
    }
    app.run();
}

/// The shared shell: screens, menu, turn bar, log, curtain, and the ruleset plugins.
pub struct ShellPlugin;

impl Plugin for ShellPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((board::plugin, screens))
            .add_systems(PreStartup, spawn_cameras)
            .add_systems(Update, msaa_for_software_renderer)
            .add_systems(bevy_egui::EguiPrimaryContextPass, clear_panels);
    }
}

/// The screens (menu, play, result, replay viewer) with every ruleset plugin and the
/// computer players: the whole shell but the board's window and rendering systems
/// (`board::plugin`: pointer, camera, map pictures) and the cameras. Headless App tests
/// drive it through an egui context of their own, with no window.
pub fn screens(app: &mut App) {
    app.init_state::<Screen>();
    ruleset_plugins(app);
    app.add_plugins(ai::plugin)
        .add_plugins((menu::plugin, playing::plugin, result::plugin));
}

/// Declares each ruleset's plugin module and adds its `plugin` in [`screens`].
macro_rules! plugins {
    ($($ui:ident),* $(,)?) => {
        $(pub mod $ui;)*

        /// Every ruleset's plugin.
        fn ruleset_plugins(app: &mut App) {
            $(app.add_plugins($ui::plugin);)*
        }
    };
}

// One line per ruleset's plugin.
plugins! {
    harvest,
    wind,
    nez_perce,
    nez_perce_strategic,
    rosebud,
    geronimo,
}

/// Two cameras share the window. The board camera draws the board into the free area
/// between the panels only (its viewport, `board::board_viewport`) and leaves the
/// picture for the next; the interface camera draws egui over the whole window and
/// writes the frame out. The panels have no fill of their own: the window's clear
/// colour shows through them, so under a software renderer nobody pays for the
/// panels' pixels twice (measured: 27.6 ms a frame on Battle of the Rosebud with
/// filled panels against 22.4 ms without).
fn spawn_cameras(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        board::BoardCamera,
        Camera {
            output_mode: bevy::camera::CameraOutputMode::Skip,
            ..default()
        },
    ));
    commands.spawn((
        Camera2d,
        bevy_egui::PrimaryEguiContext,
        bevy::camera::visibility::RenderLayers::none(),
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            ..default()
        },
    ));
}

/// Panels without a fill of their own (see [`spawn_cameras`]); windows, menus and
/// tooltips keep theirs.
fn clear_panels(mut contexts: bevy_egui::EguiContexts, mut done: Local<bool>) -> Result {
    if !*done {
        contexts
            .ctx_mut()?
            .global_style_mut(|s| s.visuals.panel_fill = bevy_egui::egui::Color32::TRANSPARENT);
        *done = true;
    }
    Ok(())
}

/// On a software rasterizer (Mesa lavapipe, llvmpipe) 4x MSAA doubles the frame time
/// (measured: 89 ms -> 46 ms per frame on the 20x24 board), so turn it off there, for
/// the board camera and for the cameras that draw maps into pictures as they come; real
/// GPUs keep it for smooth hex edges.
fn msaa_for_software_renderer(
    info: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    mut cams: Query<&mut Msaa, With<Camera2d>>,
    mut software: Local<Option<bool>>,
) {
    if software.is_none() {
        let Some(info) = info else { return };
        // wgpu's DeviceType is not re-exported by bevy_render; its Debug name is stable.
        let cpu = format!("{:?}", info.0.device_type) == "Cpu";
        if cpu {
            info!("software renderer ({}): multisampling off", info.0.name);
        }
        *software = Some(cpu);
    }
    if *software == Some(true) {
        for mut m in &mut cams {
            m.set_if_neq(Msaa::Off);
        }
    }
}
