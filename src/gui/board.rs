//! Hex board rendering and the camera: terrain hexes drawn from map data (colours from
//! the rules' terrain chart, levels as shading rings), pan, zoom, fit, and cursor →
//! hex picking. Generic over any `HexMap`; rulesets supply the colours.

use crate::core::hexmap::{Coord, HexMap};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};
use std::f32::consts::FRAC_PI_6;

/// Outer radius of a hex in world units.
pub const HEX: f32 = 36.0;

/// The free board area left after the egui panels (logical px, window top-left origin).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct BoardArea(pub Option<Rect>);

/// The hex under the cursor, if the cursor is over the board (not over a panel).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Hover(pub Option<Coord>);

/// The cursor's world position when it is over the board.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct CursorWorld(pub Option<Vec2>);

/// A left click on a board hex this frame.
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct Clicked(pub Option<Coord>);

/// The world point clicked this frame on the board, for boards that are not hex maps
/// (area maps pick their own area).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct ClickedWorld(pub Option<Vec2>);

/// Request to fit the board into the free area.
#[derive(Resource, Default)]
pub struct FitRequest {
    /// Board bounds in world units (min, max).
    pub bounds: Option<(Vec2, Vec2)>,
    /// Fit on the next frame.
    pub pending: bool,
}

/// Marks board entities (despawned with the board).
#[derive(Component)]
pub struct BoardEntity;

/// Register the board systems.
pub fn plugin(app: &mut App) {
    app.init_resource::<BoardArea>()
        .init_resource::<Hover>()
        .init_resource::<Clicked>()
        .init_resource::<CursorWorld>()
        .init_resource::<ClickedWorld>()
        .init_resource::<FitRequest>()
        .add_systems(Update, (pointer, camera_controls, fit).chain());
}

/// World position of a hex centre.
pub fn center(c: Coord) -> Vec2 {
    let [x, y] = c.center(HEX);
    Vec2::new(x, y)
}

/// The hex containing a world position, if on the map.
pub fn pick(map: &HexMap, p: Vec2) -> Option<Coord> {
    let col = (p.x / (HEX * 1.5)).round() as i32 + 1;
    let row = (-p.y / (HEX * 3f32.sqrt())).round() as i32 + 1;
    let mut best: Option<(f32, Coord)> = None;
    for c in (col - 1)..=(col + 1) {
        for r in (row - 1)..=(row + 1) {
            if c < 1 || r < 1 || c > 99 || r > 99 {
                continue;
            }
            let k = Coord::new(c as u8, r as u8);
            if !map.contains(k) {
                continue;
            }
            let d = center(k).distance(p);
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, k));
            }
        }
    }
    best.filter(|(d, _)| *d <= HEX).map(|(_, k)| k)
}

/// Materials for one terrain: its name, base colour, Level 2 and Level 3 rings.
type TerrainMats = (
    String,
    Handle<ColorMaterial>,
    Handle<ColorMaterial>,
    Handle<ColorMaterial>,
);

/// Parse `#rrggbb` into a colour (grey if malformed).
pub fn colour(hex: &str) -> Color {
    Srgba::hex(hex)
        .map(Color::from)
        .unwrap_or(Color::srgb(0.5, 0.5, 0.5))
}

/// Spawn the terrain of a map: one flat-topped hex per map hex, with a darker ring per
/// level above 1 and a thin outline. Returns the board bounds.
pub fn spawn_map(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    map: &HexMap,
    terrain_colour: impl Fn(&str) -> Color,
) -> (Vec2, Vec2) {
    let outline = meshes.add(RegularPolygon::new(HEX, 6));
    let inner = meshes.add(RegularPolygon::new(HEX - 1.5, 6));
    let level_ring = meshes.add(RegularPolygon::new(HEX - 1.5, 6));
    let level_core = meshes.add(RegularPolygon::new(HEX * 0.62, 6));
    let line = materials.add(Color::srgb(0.25, 0.25, 0.25));
    // One material set per terrain: (terrain, base, level 2 ring, level 3 ring).
    let mut mats: Vec<TerrainMats> = Vec::new();
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    let rot = Quat::from_rotation_z(FRAC_PI_6);
    // Level rings, light tan at Level 2 deepening to dark brown at 5 and above.
    let rings: Vec<Handle<ColorMaterial>> = (2..=9u8)
        .map(|l| {
            let t = f32::from(l.min(5) - 2) / 3.0;
            let a = Vec3::new(0.86, 0.76, 0.58);
            let b = Vec3::new(0.52, 0.38, 0.22);
            let c = a.lerp(b, t);
            materials.add(Color::srgb(c.x, c.y, c.z))
        })
        .collect();
    for c in map.coords() {
        let name = map.terrain_name(c).unwrap_or("open").to_string();
        // A cell of the tile that is not a printed hex (Battle of the Rosebud's shoved
        // columns end a row sooner).
        if name == "none" {
            continue;
        }
        let (base, _l2, _l3) = match mats.iter().find(|m| m.0 == name) {
            Some(m) => (m.1.clone(), m.2.clone(), m.3.clone()),
            None => {
                let col = terrain_colour(&name);
                // Levels: light tan and dark tan bands (Table 3), drawn as a ring so the
                // terrain colour stays visible in the middle.
                let m = (
                    name.clone(),
                    materials.add(col),
                    materials.add(Color::srgb(0.86, 0.76, 0.58)),
                    materials.add(Color::srgb(0.66, 0.52, 0.33)),
                );
                mats.push(m.clone());
                (m.1, m.2, m.3)
            }
        };
        let p = center(c);
        lo = lo.min(p - Vec2::splat(HEX));
        hi = hi.max(p + Vec2::splat(HEX));
        commands.spawn((
            BoardEntity,
            Mesh2d(outline.clone()),
            MeshMaterial2d(line.clone()),
            Transform::from_xyz(p.x, p.y, 0.0).with_rotation(rot),
        ));
        let level = map.level(c);
        if level >= 2 {
            let ring = rings[usize::from(level.min(9) - 2)].clone();
            commands.spawn((
                BoardEntity,
                Mesh2d(level_ring.clone()),
                MeshMaterial2d(ring),
                Transform::from_xyz(p.x, p.y, 0.1).with_rotation(rot),
            ));
            commands.spawn((
                BoardEntity,
                Mesh2d(level_core.clone()),
                MeshMaterial2d(base.clone()),
                Transform::from_xyz(p.x, p.y, 0.2).with_rotation(rot),
            ));
        } else {
            commands.spawn((
                BoardEntity,
                Mesh2d(inner.clone()),
                MeshMaterial2d(base.clone()),
                Transform::from_xyz(p.x, p.y, 0.1).with_rotation(rot),
            ));
        }
        commands.spawn((
            BoardEntity,
            Text2d::new(map.label(c)),
            TextFont::from_font_size(8.0),
            TextColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
            Transform::from_xyz(p.x, p.y + HEX * 0.62, 0.3),
        ));
        if level >= 2 {
            commands.spawn((
                BoardEntity,
                Text2d::new(format!("L{level}")),
                TextFont::from_font_size(8.0),
                TextColor(Color::srgba(0.0, 0.0, 0.0, 0.7)),
                Transform::from_xyz(p.x - HEX * 0.55, p.y, 0.3),
            ));
        }
        for m in map.marks.get(&c).into_iter().flatten() {
            if m == "prepared" {
                commands.spawn((
                    BoardEntity,
                    Text2d::new("x"),
                    TextFont::from_font_size(16.0),
                    TextColor(Color::BLACK),
                    Transform::from_xyz(p.x + HEX * 0.5, p.y - HEX * 0.4, 0.3),
                ));
            }
        }
    }
    (lo, hi)
}

/// The meshes of a counter: its face and the border around it.
pub struct CounterMeshes {
    /// The square face.
    pub face: Handle<Mesh>,
    /// The slightly larger square behind it (black, or white when selected).
    pub border: Handle<Mesh>,
}

impl CounterMeshes {
    /// Counter meshes sized to the hexes.
    pub fn new(meshes: &mut Assets<Mesh>) -> Self {
        Self {
            face: meshes.add(Rectangle::new(HEX * 1.3, HEX * 1.3)),
            border: meshes.add(Rectangle::new(HEX * 1.38, HEX * 1.38)),
        }
    }
}

/// What one counter shows: its border and face materials, text colour and two lines.
pub struct CounterLook {
    /// Border material (white when selected).
    pub edge: Handle<ColorMaterial>,
    /// Face material.
    pub face: Handle<ColorMaterial>,
    /// Text colour.
    pub fg: Color,
    /// The top line (its values), large.
    pub top: String,
    /// The bottom line (flags, id), small.
    pub bottom: String,
}

/// Spawn one counter at `pos` and height `z`, every part tagged with `tag` (so the
/// ruleset's redraw can despawn them).
pub fn spawn_counter<T: Component + Clone>(
    commands: &mut Commands,
    tag: T,
    meshes: &CounterMeshes,
    look: CounterLook,
    pos: Vec2,
    z: f32,
) {
    commands.spawn((
        tag.clone(),
        Mesh2d(meshes.border.clone()),
        MeshMaterial2d(look.edge),
        Transform::from_xyz(pos.x, pos.y, z),
    ));
    commands.spawn((
        tag.clone(),
        Mesh2d(meshes.face.clone()),
        MeshMaterial2d(look.face),
        Transform::from_xyz(pos.x, pos.y, z + 0.01),
    ));
    commands.spawn((
        tag.clone(),
        Text2d::new(look.top),
        TextFont::from_font_size(15.0),
        TextColor(look.fg),
        Transform::from_xyz(pos.x, pos.y + HEX * 0.3, z + 0.02),
    ));
    commands.spawn((
        tag,
        Text2d::new(look.bottom),
        TextFont::from_font_size(10.0),
        TextColor(look.fg),
        Transform::from_xyz(pos.x, pos.y - HEX * 0.2, z + 0.02),
    ));
}

/// Draw the map's hexside features as thick bars along the shared side of the two
/// hexes; `style(feature)` gives each feature's colour and width (`None`: not drawn).
pub fn spawn_hexsides(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    map: &HexMap,
    style: impl Fn(&str) -> Option<(Color, f32)>,
) {
    let mut mats: Vec<(String, Handle<ColorMaterial>, Handle<Mesh>)> = Vec::new();
    for h in &map.hexsides {
        let Some(other) = h.hex.step(h.dir) else {
            continue;
        };
        let Some((col, width)) = style(&h.feature) else {
            continue;
        };
        let (mat, mesh) = match mats.iter().find(|m| m.0 == h.feature) {
            Some(m) => (m.1.clone(), m.2.clone()),
            None => {
                let m = (
                    h.feature.clone(),
                    materials.add(col),
                    meshes.add(Rectangle::new(HEX * 1.04, width)),
                );
                mats.push(m.clone());
                (m.1, m.2)
            }
        };
        let (a, b) = (center(h.hex), center(other));
        let mid = (a + b) / 2.0;
        let d = (b - a).normalize_or_zero();
        // The side runs across the line between the two centres.
        let angle = d.y.atan2(d.x) + std::f32::consts::FRAC_PI_2;
        commands.spawn((
            BoardEntity,
            Mesh2d(mesh),
            MeshMaterial2d(mat),
            Transform::from_xyz(mid.x, mid.y, 0.25).with_rotation(Quat::from_rotation_z(angle)),
        ));
    }
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource or query it needs
fn pointer(
    mut contexts: EguiContexts,
    board: Res<BoardArea>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<Camera2d>>,
    buttons: Res<ButtonInput<MouseButton>>,
    map: Option<Res<ActiveMap>>,
    mut hover: ResMut<Hover>,
    mut clicked: ResMut<Clicked>,
    mut cursor_world: ResMut<CursorWorld>,
    mut clicked_world: ResMut<ClickedWorld>,
) -> Result {
    hover.0 = None;
    clicked.0 = None;
    cursor_world.0 = None;
    clicked_world.0 = None;
    let Some(cursor) = window.cursor_position() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let over_float = ctx
        .layer_id_at(egui::pos2(cursor.x, cursor.y))
        .is_some_and(|l| l.order != egui::Order::Background);
    if over_float
        || ctx.egui_is_using_pointer()
        || ctx.any_popup_open()
        || !board.0.is_some_and(|r| r.contains(cursor))
    {
        return Ok(());
    }
    let (cam, tf) = *camera;
    let Ok(world) = cam.viewport_to_world_2d(tf, cursor) else {
        return Ok(());
    };
    cursor_world.0 = Some(world);
    if buttons.just_released(MouseButton::Left) {
        clicked_world.0 = Some(world);
    }
    if let Some(map) = map {
        hover.0 = pick(&map.0, world);
        if buttons.just_released(MouseButton::Left) {
            clicked.0 = hover.0;
        }
    }
    Ok(())
}

/// The map being shown (set by the ruleset plugin).
#[derive(Resource)]
pub struct ActiveMap(pub HexMap);

#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource or query it needs
fn camera_controls(
    mut contexts: EguiContexts,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    scroll: Res<AccumulatedMouseScroll>,
    motion: Res<AccumulatedMouseMotion>,
    cursor: Res<CursorWorld>,
    time: Res<Time>,
    mut fit: ResMut<FitRequest>,
) -> Result {
    let keyboard_free = !contexts.ctx_mut()?.egui_wants_keyboard_input();
    let (mut tf, mut proj) = camera.into_inner();
    let Projection::Orthographic(ortho) = proj.as_mut() else {
        return Ok(());
    };
    if let (Some(at), true) = (cursor.0, scroll.delta.y != 0.0) {
        // Zoom about the cursor: the world point under it stays put.
        let old = ortho.scale;
        let new = (old * (1.0 - scroll.delta.y.clamp(-3.0, 3.0) * 0.1)).clamp(0.2, 6.0);
        ortho.scale = new;
        let cam = tf.translation.truncate();
        let moved = cam + (at - cam) * (1.0 - new / old);
        tf.translation.x = moved.x;
        tf.translation.y = moved.y;
    }
    if cursor.0.is_some()
        && (buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle))
    {
        tf.translation.x -= motion.delta.x * ortho.scale;
        tf.translation.y += motion.delta.y * ortho.scale;
    }
    if keyboard_free {
        let mut d = Vec2::ZERO;
        if keys.pressed(KeyCode::ArrowLeft) || keys.pressed(KeyCode::KeyA) {
            d.x -= 1.0;
        }
        if keys.pressed(KeyCode::ArrowRight) || keys.pressed(KeyCode::KeyD) {
            d.x += 1.0;
        }
        if keys.pressed(KeyCode::ArrowUp) || keys.pressed(KeyCode::KeyW) {
            d.y += 1.0;
        }
        if keys.pressed(KeyCode::ArrowDown)
            || keys.pressed(KeyCode::KeyS) && !keys.pressed(KeyCode::ControlLeft)
        {
            d.y -= 1.0;
        }
        tf.translation += (d * 700.0 * ortho.scale * time.delta_secs()).extend(0.0);
        // With Ctrl, + and - scale the interface (gui::settings), not the board.
        let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
        if !ctrl && (keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd)) {
            ortho.scale = (ortho.scale / 1.2).clamp(0.2, 6.0);
        }
        if !ctrl
            && (keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract))
        {
            ortho.scale = (ortho.scale * 1.2).clamp(0.2, 6.0);
        }
        if keys.just_pressed(KeyCode::KeyF) {
            fit.pending = true;
        }
    }
    Ok(())
}

fn fit(
    mut fit: ResMut<FitRequest>,
    board: Res<BoardArea>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    if !fit.pending {
        return;
    }
    let (Some((lo, hi)), Some(area)) = (fit.bounds, board.0) else {
        return;
    };
    fit.pending = false;
    let (mut tf, mut proj) = camera.into_inner();
    let Projection::Orthographic(ortho) = proj.as_mut() else {
        return;
    };
    let size = hi - lo;
    let scale = (size.x / area.width().max(50.0)).max(size.y / area.height().max(50.0)) * 1.04;
    ortho.scale = scale.clamp(0.2, 6.0);
    // Centre the board in the free area: the window centre maps to the camera position.
    let win = Vec2::new(window.width(), window.height());
    let area_centre = area.center();
    let offset_px = area_centre - win / 2.0;
    let board_centre = (lo + hi) / 2.0;
    tf.translation.x = board_centre.x - offset_px.x * ortho.scale;
    tf.translation.y = board_centre.y + offset_px.y * ortho.scale;
}

/// On leaving the play screen: remove the board and a plugin's own marked entities
/// (its counters and highlights, marked `M`), and the hex map the pointer used.
#[allow(clippy::type_complexity)] // an ECS query filter: the board and the overlay together
pub fn despawn_board<M: Component>(
    mut commands: Commands,
    q: Query<Entity, Or<(With<BoardEntity>, With<M>)>>,
) {
    for e in &q {
        commands.entity(e).despawn();
    }
    commands.remove_resource::<ActiveMap>();
}

/// Move by destination on a hex board ([`crate::core::route`]): a pale green ring on
/// every hex further than one step, labelled with the movement left there ("may stop"
/// past a place where another seat may act), and the route to the hovered hex as dots.
/// `hex` reads a place in the ruleset's notation. Every entity carries `marker`, so
/// the plugin's redraw takes them down with its other highlights.
pub fn draw_routes<M: Component + Clone>(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    marker: M,
    routes: &[crate::core::route::Route],
    hover: Option<Coord>,
    hex: impl Fn(&str) -> Option<Coord>,
) {
    let ring = meshes.add(Annulus::new(HEX * 0.8, HEX * 0.92));
    let pale = materials.add(Color::srgba(0.0, 0.62, 0.45, 0.45));
    let dot = meshes.add(Circle::new(HEX * 0.14));
    let ink = materials.add(Color::srgb(0.0, 0.45, 0.32));
    for r in routes.iter().filter(|r| r.actions.len() > 1) {
        let Some(to) = hex(&r.to) else {
            continue;
        };
        let label = match (r.interrupted, r.left) {
            (true, Some(l)) => format!("{l} left, may stop"),
            (true, None) => "may stop".to_string(),
            (false, Some(l)) => format!("{l} left"),
            (false, None) => format!("{} hexes", r.actions.len()),
        };
        let p = center(to);
        commands.spawn((
            marker.clone(),
            Mesh2d(ring.clone()),
            MeshMaterial2d(pale.clone()),
            Transform::from_xyz(p.x, p.y, 5.0),
        ));
        // White over a black shadow: it reads on every terrain colour.
        for (dx, colour, z) in [(0.8, Color::BLACK, 5.05), (0.0, Color::WHITE, 5.1)] {
            commands.spawn((
                marker.clone(),
                Text2d::new(label.clone()),
                TextFont::from_font_size(10.0),
                TextColor(colour),
                Transform::from_xyz(p.x + dx, p.y - HEX * 0.62 - dx, z),
            ));
        }
        if hover == Some(to) {
            for c in r.places.iter().filter_map(|h| hex(h)) {
                let p = center(c);
                commands.spawn((
                    marker.clone(),
                    Mesh2d(dot.clone()),
                    MeshMaterial2d(ink.clone()),
                    Transform::from_xyz(p.x, p.y, 5.2),
                ));
            }
        }
    }
}

/// The board's hover tooltip, beside the pointer: a heading (the hex or area and its
/// terrain), a line per piece the viewing seat may see there, and sections such as the
/// selected unit's fire at it (a gold heading over its modifiers, each with its rule).
/// The plugin builds the text from the seat's view only.
pub fn hover_tooltip(
    ctx: &egui::Context,
    head: &str,
    lines: &[String],
    sections: &[(String, Vec<String>)],
) {
    let Some(at) = ctx.pointer_hover_pos() else {
        return;
    };
    egui::Area::new("board_hover_tooltip".into())
        .order(egui::Order::Tooltip)
        .interactable(false)
        .fixed_pos(at + egui::vec2(18.0, 18.0))
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(360.0);
                ui.strong(head);
                for l in lines {
                    ui.label(l);
                }
                for (head, items) in sections {
                    ui.separator();
                    ui.colored_label(egui::Color32::from_rgb(240, 200, 80), head);
                    for m in items {
                        ui.small(m);
                    }
                }
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_finds_the_hex_under_its_centre() {
        let map = HexMap::filled(10, 8, "open");
        for c in map.coords() {
            assert_eq!(pick(&map, center(c)), Some(c));
            assert_eq!(
                pick(&map, center(c) + Vec2::new(HEX * 0.5, HEX * 0.3)),
                Some(c)
            );
        }
        assert_eq!(pick(&map, Vec2::new(-500.0, 500.0)), None);
    }
}
