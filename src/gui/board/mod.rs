//! The hex and area boards every ruleset plugin draws on: the plugin that registers the
//! board's systems (pointer, camera, map picture, text sizes), the board's entities and
//! their take-down on leaving the play screen. Generic over any `HexMap`; rulesets
//! supply the colours. The parts live in their own files and are re-exported here, so
//! every item is `crate::gui::board::X`:
//!
//! - `picking`: the pointer, cursor -> hex, the hover and click resources;
//! - `camera`: the board camera, pan, zoom, fit and its viewport between the panels;
//! - `sketch`: the fixed drawing gathered into one mesh;
//! - `terrain`: a hex map's terrain, levels, numbers and hexsides drawn into a sketch;
//! - `picture`: the map's mesh drawn once into a picture (`bake_map`);
//! - `texts`: the board font and board texts sized to the zoom;
//! - `counters`: a counter's face, border and values;
//! - `highlights`: highlighted hexes with notes, move-by-destination routes, the hover
//!   tooltip.

mod camera;
mod counters;
mod highlights;
mod picking;
mod picture;
mod sketch;
mod terrain;
mod texts;

pub use camera::{BoardArea, BoardCamera, FitRequest, board_viewport_for};
pub use counters::{COUNTER, COUNTER_VALUES_PX, CounterLook, CounterMeshes, spawn_counter};
pub use highlights::{draw_routes, hex_note, highlight_hex, hover_tooltip};
pub use picking::{ActiveMap, Clicked, ClickedWorld, CursorWorld, Hover, center, pick};
pub use picture::{
    MAP_IMAGE_MAX, MAP_LAYER, MapBake, MapPicture, PipelinesWaiting, map_picture_size,
};
pub use sketch::Sketch;
pub use terrain::{spawn_hexsides, spawn_map};
pub use texts::{BOARD_FONT, BoardText, board_text, text_em};

use super::Screen;
use bevy::prelude::*;
use camera::{board_viewport, camera_controls, fit};
use picking::pointer;
use picture::{bake_map, count_waiting_pipelines};
use texts::{load_board_font, size_board_text};

/// Outer radius of a hex in world units.
pub const HEX: f32 = 36.0;

/// Marks board entities (despawned with the board).
#[derive(Component)]
pub struct BoardEntity;

/// The order of a frame's board work in `Update`, configured once (chained) wherever a
/// board is drawn: by [`plugin`] in the window and by [`take_down_on_exit`] in every
/// ruleset plugin's `logic_plugin`, so headless App tests get it too. In the style of
/// bevy_new_2d's `AppSystems`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardSystems {
    /// Read the pointer (the hovered and clicked hex or world point) and move the
    /// board camera.
    Pointer,
    /// The ruleset plugins turn this frame's click into actions.
    Click,
    /// The ruleset plugins redraw their counters and highlights.
    Draw,
}

/// Register the board systems.
pub fn plugin(app: &mut App) {
    if !app.is_plugin_added::<BoardLogic>() {
        app.add_plugins(BoardLogic);
    }
    app.init_resource::<BoardArea>()
        .init_resource::<Hover>()
        .init_resource::<Clicked>()
        .init_resource::<CursorWorld>()
        .init_resource::<ClickedWorld>()
        .init_resource::<FitRequest>()
        .init_resource::<PipelinesWaiting>()
        .add_systems(Startup, load_board_font)
        .add_systems(
            Update,
            (pointer, camera_controls, fit, board_viewport)
                .chain()
                .in_set(BoardSystems::Pointer),
        )
        .add_systems(
            PostUpdate,
            (
                size_board_text
                    .before(bevy::text::detect_text_needs_rerender)
                    .before(bevy::transform::TransformSystems::Propagate),
                bake_map
                    .before(bevy::camera::CameraUpdateSystems)
                    .before(bevy::transform::TransformSystems::Propagate)
                    .before(bevy::camera::visibility::VisibilitySystems::CheckVisibility),
            ),
        );
    // Where there is a renderer, copy its count of compiling pipelines into
    // `PipelinesWaiting` (a map's picture waits for them).
    if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
        render.add_systems(ExtractSchedule, count_waiting_pipelines);
    }
}

/// Parse `#rrggbb` into a colour (grey if malformed).
pub fn colour(hex: &str) -> Color {
    Srgba::hex(hex)
        .map(Color::from)
        .unwrap_or(Color::srgb(0.5, 0.5, 0.5))
}

/// Take the board down on leaving the play screen (for the menu, or to enter it again
/// when a campaign's battle begins or ends): the shell's board entities once, however
/// many ruleset plugins ask, and the plugin's own marked entities (its counters and
/// highlights, marked `M`) that are not board entities. Every ruleset plugin calls it
/// from its `logic_plugin`; each entity is despawned by exactly one system, once.
/// It also orders the frame's board work ([`BoardSystems`]).
pub fn take_down_on_exit<M: Component>(app: &mut App) {
    if !app.is_plugin_added::<BoardLogic>() {
        app.add_plugins(BoardLogic);
    }
    app.add_systems(OnExit(Screen::Playing), despawn_overlay::<M>);
}

/// The board's part that needs no window, added once however many plugins ask: the
/// order of [`BoardSystems`] and the one system that despawns the board entities on
/// leaving the play screen (see [`take_down_on_exit`]).
struct BoardLogic;

impl Plugin for BoardLogic {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (
                BoardSystems::Pointer,
                BoardSystems::Click,
                BoardSystems::Draw,
            )
                .chain(),
        )
        .add_systems(OnExit(Screen::Playing), despawn_board);
    }
}

/// Remove the board and the hex map the pointer used. Only roots are despawned: a
/// despawn takes an entity's children with it.
fn despawn_board(
    mut commands: Commands,
    q: Query<Entity, (With<BoardEntity>, Without<ChildOf>)>,
    mut area: ResMut<BoardArea>,
) {
    for e in &q {
        commands.entity(e).despawn();
    }
    commands.remove_resource::<ActiveMap>();
    // No board: the board camera draws the whole window again (the menu's background).
    area.0 = None;
}

/// Remove a plugin's own marked entities, but not the board's (`despawn_board` takes
/// those), and only roots.
#[allow(clippy::type_complexity)] // an ECS query filter
fn despawn_overlay<M: Component>(
    mut commands: Commands,
    q: Query<Entity, (With<M>, Without<BoardEntity>, Without<ChildOf>)>,
) {
    for e in &q {
        commands.entity(e).despawn();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Resource, Default)]
    struct Ran(Vec<&'static str>);

    #[derive(Component)]
    struct Mark;

    fn ran(name: &'static str) -> impl FnMut(ResMut<Ran>) {
        move |mut r: ResMut<Ran>| r.0.push(name)
    }

    #[test]
    fn a_ruleset_plugin_s_logic_orders_pointer_click_and_draw_without_a_window() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).init_resource::<Ran>();
        // Added in the wrong order: only the sets order them.
        app.add_systems(
            Update,
            (
                ran("draw").in_set(BoardSystems::Draw),
                ran("click").in_set(BoardSystems::Click),
                ran("pointer").in_set(BoardSystems::Pointer),
            ),
        );
        // What every ruleset plugin's `logic_plugin` calls, twice over.
        take_down_on_exit::<Mark>(&mut app);
        take_down_on_exit::<BoardEntity>(&mut app);
        app.update();
        assert_eq!(
            app.world().resource::<Ran>().0,
            ["pointer", "click", "draw"]
        );
        // Not by chance: the sets are ordered in the schedule.
        use BoardSystems::{Click, Draw, Pointer};
        use bevy::ecs::schedule::{NodeId, SystemSet};
        let graph = app.get_schedule(Update).expect("Update").graph();
        let set = |s: BoardSystems| NodeId::Set(graph.system_sets.get_key(s.intern()).unwrap());
        let dependency = graph.dependency().graph();
        assert!(dependency.contains_edge(set(Pointer), set(Click)));
        assert!(dependency.contains_edge(set(Click), set(Draw)));
    }
}
