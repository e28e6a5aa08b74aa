//! Hex board rendering and the camera: terrain hexes drawn from map data (colours from
//! the rules' terrain chart, levels as shading rings), pan, zoom, fit, and cursor →
//! hex picking. Generic over any `HexMap`; rulesets supply the colours.

use super::Screen;
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
        .init_resource::<PipelinesWaiting>()
        .add_systems(Startup, load_board_font)
        .add_systems(
            Update,
            (pointer, camera_controls, fit, board_viewport).chain(),
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

/// Parse `#rrggbb` into a colour (grey if malformed).
pub fn colour(hex: &str) -> Color {
    Srgba::hex(hex)
        .map(Color::from)
        .unwrap_or(Color::srgb(0.5, 0.5, 0.5))
}

/// The board's fixed drawing (hexes, level rings, terrain symbols, hexsides) gathered
/// into one mesh with a colour per vertex, spawned as one entity: one draw for the whole
/// map instead of thousands of entities (and, through `bake_map`, one picture).
/// Parts are drawn in order of their height.
#[derive(Default)]
pub struct Sketch {
    /// The shapes, in the order they were added.
    parts: Vec<SketchPart>,
}

/// One shape of a [`Sketch`]: its triangles, in world units, and its colour.
struct SketchPart {
    z: f32,
    positions: Vec<[f32; 3]>,
    indices: Vec<u32>,
    colour: [f32; 4],
}

impl Sketch {
    /// Add `shape` in `colour`, centred at `at`, turned by `angle` radians, at height `z`
    /// (higher parts are drawn over lower ones).
    pub fn add(&mut self, shape: impl Into<Mesh>, colour: Color, at: Vec2, z: f32, angle: f32) {
        let mesh: Mesh = shape.into();
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(pos)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            return;
        };
        let turn = Quat::from_rotation_z(angle);
        let positions = pos
            .iter()
            .map(|p| {
                let q = turn * Vec3::from_array(*p);
                [q.x + at.x, q.y + at.y, z]
            })
            .collect::<Vec<_>>();
        let indices = match mesh.indices() {
            Some(i) => i.iter().map(|k| k as u32).collect(),
            None => (0..positions.len() as u32).collect(),
        };
        self.parts.push(SketchPart {
            z,
            positions,
            indices,
            colour: colour.to_linear().to_f32_array(),
        });
    }

    /// How many shapes have been added.
    pub fn len(&self) -> usize {
        self.parts.len()
    }

    /// Whether nothing has been added.
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// The one mesh: every part, lower heights first (stable within a height).
    pub fn mesh(mut self) -> Mesh {
        self.parts.sort_by(|a, b| a.z.total_cmp(&b.z));
        let (mut positions, mut colours, mut indices) = (vec![], vec![], vec![]);
        for p in self.parts {
            let base = positions.len() as u32;
            indices.extend(p.indices.iter().map(|i| i + base));
            colours.extend(std::iter::repeat_n(p.colour, p.positions.len()));
            positions.extend(p.positions);
        }
        let uvs = vec![[0.0f32, 0.0]; positions.len()];
        Mesh::new(
            bevy::mesh::PrimitiveTopology::TriangleList,
            bevy::asset::RenderAssetUsages::default(),
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colours)
        .with_inserted_indices(bevy::mesh::Indices::U32(indices))
    }

    /// Spawn the drawing as one board entity. Where the shell can render to an image,
    /// `bake_map` draws it once into a picture at the screen's resolution and shows
    /// that instead.
    pub fn spawn(
        self,
        commands: &mut Commands,
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<ColorMaterial>,
    ) {
        let mesh = self.mesh();
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        if let Some(bevy::mesh::VertexAttributeValues::Float32x3(pos)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        {
            for p in pos {
                lo = lo.min(Vec2::new(p[0], p[1]));
                hi = hi.max(Vec2::new(p[0], p[1]));
            }
        }
        commands.spawn((
            BoardEntity,
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(materials.add(Color::WHITE)),
            Transform::default(),
            MapBake {
                lo,
                hi,
                ..default()
            },
        ));
    }
}

impl Sketch {
    /// Spawn the drawing as one entity carrying `marker` (a plugin's highlights, taken
    /// down with its other overlay entities), drawn live; blended where a part is
    /// translucent.
    pub fn spawn_with<M: Component>(
        mut self,
        commands: &mut Commands,
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<ColorMaterial>,
        marker: M,
    ) {
        if self.is_empty() {
            return;
        }
        let blend = self.parts.iter().any(|p| p.colour[3] < 1.0);
        let base = self.rebase();
        let material = ColorMaterial {
            alpha_mode: if blend {
                bevy::sprite_render::AlphaMode2d::Blend
            } else {
                bevy::sprite_render::AlphaMode2d::Opaque
            },
            ..default()
        };
        commands.spawn((
            marker,
            Mesh2d(meshes.add(self.mesh())),
            MeshMaterial2d(materials.add(material)),
            Transform::from_xyz(0.0, 0.0, base),
        ));
    }

    /// Stand the drawing on its lowest part: every part's height less the lowest,
    /// which is returned for the entity's own height. Translucent meshes are sorted by
    /// their entity's height, not their vertices', so highlights at height 5 must
    /// stand at 5 to be drawn over the map's picture (height 0), as the separate
    /// entities they replace did.
    fn rebase(&mut self) -> f32 {
        let Some(base) = self.parts.iter().map(|p| p.z).reduce(f32::min) else {
            return 0.0;
        };
        for p in &mut self.parts {
            p.z -= base;
            for v in &mut p.positions {
                v[2] -= base;
            }
        }
        base
    }

    /// Add the band that marks a highlighted hex (a legal move, a target, a route's
    /// end) centred at `at`: a hexagonal band inside the hex's edge, 12 triangles.
    pub fn highlight(&mut self, at: Vec2, colour: Color, z: f32) {
        self.add(
            Ring::new(
                RegularPolygon::new(HEX * 0.9, 6),
                RegularPolygon::new(HEX * 0.76, 6),
            ),
            colour,
            at,
            z,
            FRAC_PI_6,
        );
    }
}

/// The render layer of a map being drawn into its picture (`bake_map`); the board
/// camera draws layer 0.
pub const MAP_LAYER: usize = 1;

/// The largest picture of a map, in pixels a side; zoomed in further, the map is drawn
/// live from its mesh.
pub const MAP_IMAGE_MAX: u32 = 4096;

/// Marks the camera that shows the board (the other cameras draw maps into pictures).
#[derive(Component)]
pub struct BoardCamera;

/// A map's picture: the fixed map drawn once into an image at the board camera's zoom
/// and shown as one sprite, so that a frame costs one textured quad instead of some
/// thousands of small triangles (under a software renderer the map mesh was about 14 ms
/// of a 37 ms frame on Battle of the Rosebud). Redrawn when the zoom changes.
#[derive(Component, Default)]
pub struct MapBake {
    /// The mesh's bounds, in world units.
    lo: Vec2,
    hi: Vec2,
    /// The zoom the picture was drawn at (None: not yet).
    scale: Option<f32>,
    /// The picture, the sprite showing it and the camera drawing it.
    parts: Option<(Handle<Image>, Entity, Entity)>,
    /// Updates the picture's camera still runs: a drawing is kept going until
    /// [`MAP_DRAW_FRAMES`] frames have passed with no render pipeline waiting to be
    /// compiled (a draw whose pipeline is not ready yet is skipped, so one frame is not
    /// enough the first time).
    drawing: u8,
}

/// Frames a map's picture camera runs after the last frame that found a render
/// pipeline still compiling.
const MAP_DRAW_FRAMES: u8 = 3;

/// How many render pipelines were still compiling at the last extraction (copied from
/// the render world; 0 where there is none).
#[derive(Resource, Default)]
pub struct PipelinesWaiting(pub usize);

fn count_waiting_pipelines(
    mut main: ResMut<bevy::render::MainWorld>,
    cache: Res<bevy::render::render_resource::PipelineCache>,
) {
    if let Some(mut w) = main.get_resource_mut::<PipelinesWaiting>() {
        w.0 = cache.waiting_pipelines().count();
    }
}

/// Marks the sprite that shows a map's picture.
#[derive(Component)]
pub struct MapPicture;

/// The picture's size in pixels for a map of `size` world units seen at `scale` world
/// units a pixel (a pixel's margin each side), or None where it would be larger than
/// [`MAP_IMAGE_MAX`] a side: then the map is drawn live.
pub fn map_picture_size(size: Vec2, scale: f32) -> Option<UVec2> {
    if !scale.is_finite() || scale <= 0.0 || !size.is_finite() || size.min_element() <= 0.0 {
        return None;
    }
    let px = (size / scale).ceil() + Vec2::splat(2.0);
    (px.max_element() <= MAP_IMAGE_MAX as f32).then(|| px.as_uvec2())
}

/// Keep each map's picture at the board camera's zoom: on a change, resize the picture
/// and run its camera for one frame; past [`MAP_IMAGE_MAX`], show the mesh itself. Where
/// images cannot be made (headless tests), the mesh stays on the board camera's layer.
#[allow(clippy::type_complexity, clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource or query it needs
fn bake_map(
    mut commands: Commands,
    images: Option<ResMut<Assets<Image>>>,
    waiting: Res<PipelinesWaiting>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    board: Query<&Projection, With<BoardCamera>>,
    mut maps: Query<(&mut MapBake, Entity)>,
    mut cameras: Query<(&mut Camera, &mut Projection), Without<BoardCamera>>,
    mut sprites: Query<(&mut Sprite, &mut Visibility), With<MapPicture>>,
) {
    use bevy::camera::visibility::RenderLayers;
    let Some(mut images) = images else { return };
    let Some(Projection::Orthographic(o)) = board.iter().next() else {
        return;
    };
    let scale = o.scale;
    for (mut bake, entity) in &mut maps {
        if bake.drawing > 0 {
            if waiting.0 > 0 {
                bake.drawing = MAP_DRAW_FRAMES;
            } else {
                bake.drawing -= 1;
            }
            if bake.drawing == 0
                && let Some((_, _, cam)) = bake.parts
                && let Ok((mut c, _)) = cameras.get_mut(cam)
            {
                c.is_active = false;
            } else {
                // The window draws on demand: ask for the frames the picture needs.
                redraw.write(bevy::window::RequestRedraw);
            }
        }
        if bake.scale.is_some_and(|s| (s - scale).abs() <= s * 1e-4) {
            continue;
        }
        bake.scale = Some(scale);
        let (lo, hi) = (bake.lo, bake.hi);
        let Some(px) = map_picture_size(hi - lo, scale) else {
            // Too large a picture: draw the mesh live.
            commands.entity(entity).insert(RenderLayers::layer(0));
            if let Some((_, sprite, _)) = bake.parts
                && let Ok((_, mut vis)) = sprites.get_mut(sprite)
            {
                *vis = Visibility::Hidden;
            }
            continue;
        };
        let centre = ((lo + hi) / 2.0).extend(0.0);
        let world = px.as_vec2() * scale;
        match bake.parts.clone() {
            None => {
                let mut image = Image::new_target_texture(
                    px.x,
                    px.y,
                    bevy::render::render_resource::TextureFormat::Rgba8UnormSrgb,
                    None,
                );
                image.sampler = bevy::image::ImageSampler::nearest();
                let handle = images.add(image);
                let sprite = commands
                    .spawn((
                        BoardEntity,
                        MapPicture,
                        Sprite {
                            image: handle.clone(),
                            custom_size: Some(world),
                            ..default()
                        },
                        Transform::from_translation(centre),
                    ))
                    .id();
                let camera = commands
                    .spawn((
                        BoardEntity,
                        Camera2d,
                        Camera {
                            order: -1,
                            clear_color: ClearColorConfig::Custom(Color::NONE),
                            ..default()
                        },
                        bevy::camera::RenderTarget::Image(handle.clone().into()),
                        Projection::Orthographic(OrthographicProjection {
                            scale,
                            ..OrthographicProjection::default_2d()
                        }),
                        Transform::from_translation(centre),
                        RenderLayers::layer(MAP_LAYER),
                    ))
                    .id();
                bake.parts = Some((handle, sprite, camera));
            }
            Some((handle, sprite, camera)) => {
                if let Some(mut image) = images.get_mut(&handle) {
                    image.resize(bevy::render::render_resource::Extent3d {
                        width: px.x,
                        height: px.y,
                        depth_or_array_layers: 1,
                    });
                }
                if let Ok((mut s, mut vis)) = sprites.get_mut(sprite) {
                    s.custom_size = Some(world);
                    *vis = Visibility::Inherited;
                }
                if let Ok((mut c, mut p)) = cameras.get_mut(camera) {
                    c.is_active = true;
                    if let Projection::Orthographic(po) = p.as_mut() {
                        po.scale = scale;
                    }
                }
            }
        }
        commands
            .entity(entity)
            .insert(RenderLayers::layer(MAP_LAYER));
        bake.drawing = MAP_DRAW_FRAMES;
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// The board's font, Barlow Condensed SemiBold (assets/fonts, SIL OFL 1.1), compiled in:
/// every text drawn on the board uses it. A condensed face fits a counter's three
/// printed values ("12-5-3") at 9 px on a counter 21 px wide.
pub const BOARD_FONT: Handle<Font> =
    bevy::asset::uuid_handle!("5b0f3c1e-8d2a-4c7e-9a61-2f4d8e7b3c90");

/// The font file of [`BOARD_FONT`].
const BOARD_FONT_FILE: &[u8] = include_bytes!("../../assets/fonts/BarlowCondensed-SemiBold.ttf");

/// The board font's advance widths in em for the characters from ' ' to '~' (its `hmtx`
/// over `unitsPerEm`, read with fontTools; see assets/fonts/README.md).
const ADVANCE: [f32; 95] = [
    0.200, 0.269, 0.306, 0.606, 0.434, 0.772, 0.581, 0.152, 0.279, 0.279, 0.361, 0.439, 0.199,
    0.325, 0.211, 0.386, 0.450, 0.274, 0.425, 0.426, 0.459, 0.428, 0.429, 0.392, 0.434, 0.423,
    0.252, 0.218, 0.439, 0.439, 0.439, 0.413, 0.759, 0.456, 0.462, 0.457, 0.472, 0.435, 0.415,
    0.462, 0.477, 0.224, 0.443, 0.477, 0.415, 0.538, 0.507, 0.467, 0.457, 0.455, 0.461, 0.434,
    0.452, 0.478, 0.471, 0.665, 0.460, 0.456, 0.406, 0.330, 0.386, 0.330, 0.413, 0.405, 0.206,
    0.434, 0.437, 0.422, 0.437, 0.426, 0.291, 0.431, 0.439, 0.215, 0.211, 0.433, 0.199, 0.665,
    0.439, 0.432, 0.441, 0.441, 0.313, 0.398, 0.282, 0.438, 0.415, 0.592, 0.417, 0.403, 0.368,
    0.319, 0.171, 0.319, 0.480,
];

/// The width of `text`'s widest line in the board font, in em (a character outside
/// `ADVANCE` counts as a wide one, 0.6).
pub fn text_em(text: &str) -> f32 {
    text.lines()
        .map(|l| {
            l.chars()
                .map(|c| {
                    (c as usize)
                        .checked_sub(0x20)
                        .and_then(|i| ADVANCE.get(i))
                        .copied()
                        .unwrap_or(0.6)
                })
                .sum::<f32>()
        })
        .fold(0.0, f32::max)
}

/// Put the board font into the font assets (where there are any: not in headless
/// tests).
fn load_board_font(fonts: Option<ResMut<Assets<Font>>>) {
    if let Some(mut fonts) = fonts {
        // A UUID handle's insert cannot fail.
        let _ = fonts.insert(BOARD_FONT.id(), Font::from_bytes(BOARD_FONT_FILE.to_vec()));
    }
}

/// Board text drawn at the screen's own resolution: `size` is its height in world units
/// (it grows and shrinks with the zoom), never less than `min_px` screen pixels, and
/// hidden when it would be smaller than `hide_px` (hex numbers read only when zoomed in;
/// a counter's values stay readable at any zoom).
#[derive(Component, Clone, Copy, Debug)]
pub struct BoardText {
    /// Height in world units.
    pub size: f32,
    /// The smallest height shown, in screen pixels.
    pub min_px: f32,
    /// Below this many screen pixels the text is hidden.
    pub hide_px: f32,
    /// The widest the text may be, in world units (0: no limit): a counter's values
    /// stay inside its face, shrinking rather than spilling onto the next hex.
    pub fit: f32,
    /// Its widest line's width in em of the board font (for `fit`).
    pub em: f32,
}

impl BoardText {
    /// Text that scales with the board and is hidden below `hide_px` pixels.
    pub fn zoomed(size: f32, hide_px: f32) -> Self {
        Self {
            size,
            min_px: 0.0,
            hide_px,
            fit: 0.0,
            em: 0.0,
        }
    }

    /// Text that never shows smaller than `min_px` pixels.
    pub fn at_least(size: f32, min_px: f32) -> Self {
        Self {
            size,
            min_px,
            hide_px: 0.0,
            fit: 0.0,
            em: 0.0,
        }
    }

    /// A label under a hex: 9 pixels or more while it fits the hex's width, else
    /// smaller, and hidden under 8 pixels (labels never run into the next hexes).
    pub fn hex_label(text: &str) -> Self {
        Self {
            hide_px: 8.0,
            ..Self::at_least(10.0, 9.0).within(HEX * 1.7, text)
        }
    }

    /// The same text kept within `width` world units when its longest line is `text`'s.
    pub fn within(self, width: f32, text: &str) -> Self {
        Self {
            fit: width,
            em: text_em(text),
            ..self
        }
    }

    /// The height in whole screen pixels at camera scale `scale` (world units per
    /// pixel), or `None` when hidden.
    pub fn px(&self, scale: f32) -> Option<f32> {
        let scale = scale.max(1e-3);
        let mut px = (self.size / scale).max(self.min_px);
        if self.fit > 0.0 && self.em > 0.0 {
            px = px.min(self.fit / scale / self.em);
        }
        if px < self.hide_px.max(1.0) {
            return None;
        }
        Some(px.floor())
    }
}

/// Bundle of a board text: its text, font size for the present zoom, colour and place.
pub fn board_text(
    text: impl Into<String>,
    look: BoardText,
    colour: Color,
    at: Vec3,
) -> (Text2d, TextFont, TextColor, Transform, BoardText) {
    (
        Text2d::new(text),
        TextFont {
            font: BOARD_FONT.into(),
            ..TextFont::from_font_size(look.size)
        },
        TextColor(colour),
        Transform::from_translation(at),
        look,
    )
}

/// Size every [`BoardText`] for the camera's zoom: the font is rasterised at its screen
/// size (crisp at every zoom) and the entity scaled back to the world. Runs when the
/// zoom changes and for texts spawned this frame.
#[allow(clippy::type_complexity)] // an ECS query: the texts to size, and its change filter
fn size_board_text(
    camera: Query<&Projection, With<BoardCamera>>,
    changed: Query<(), (With<BoardCamera>, Changed<Projection>)>,
    mut texts: Query<(
        Ref<BoardText>,
        &mut TextFont,
        &mut Transform,
        &mut Visibility,
    )>,
) {
    let Some(Projection::Orthographic(o)) = camera.iter().next() else {
        return;
    };
    let all = !changed.is_empty();
    for (look, mut font, mut tf, mut vis) in &mut texts {
        if !all && !look.is_added() {
            continue;
        }
        match look.px(o.scale) {
            Some(px) => {
                if font.font_size != FontSize::Px(px) {
                    font.font_size = FontSize::Px(px);
                }
                tf.scale = Vec3::new(o.scale, o.scale, 1.0);
                vis.set_if_neq(Visibility::Inherited);
            }
            None => {
                vis.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

/// Spawn the terrain of a map into `sketch`: one flat-topped hex per map hex, with a
/// darker ring per level above 1 and a thin outline; the hex numbers and level labels
/// as texts that read when zoomed in. Returns the board bounds.
pub fn spawn_map(
    commands: &mut Commands,
    sketch: &mut Sketch,
    map: &HexMap,
    terrain_colour: impl Fn(&str) -> Color,
) -> (Vec2, Vec2) {
    let line = Color::srgb(0.25, 0.25, 0.25);
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    // Level rings, light tan at Level 2 deepening to dark brown at 5 and above, drawn
    // as a ring so the terrain colour stays visible in the middle.
    let ring = |l: u8| {
        let t = f32::from(l.clamp(2, 5) - 2) / 3.0;
        let c = Vec3::new(0.86, 0.76, 0.58).lerp(Vec3::new(0.52, 0.38, 0.22), t);
        Color::srgb(c.x, c.y, c.z)
    };
    // Hex numbers and levels: readable once a hex is about 60 pixels across.
    let number = BoardText::zoomed(10.0, 9.0);
    let mut colours: Vec<(String, Color)> = Vec::new();
    for c in map.coords() {
        let name = map.terrain_name(c).unwrap_or("open").to_string();
        // A cell of the tile that is not a printed hex (Battle of the Rosebud's shoved
        // columns end a row sooner).
        if name == "none" {
            continue;
        }
        let base = match colours.iter().find(|m| m.0 == name) {
            Some(m) => m.1,
            None => {
                let col = terrain_colour(&name);
                colours.push((name.clone(), col));
                col
            }
        };
        let p = center(c);
        lo = lo.min(p - Vec2::splat(HEX));
        hi = hi.max(p + Vec2::splat(HEX));
        // Rings rather than stacked hexes: each pixel is drawn about once, which is
        // what a software renderer pays for.
        let hex_ring = |outer: f32, inner: f32| {
            Ring::new(RegularPolygon::new(outer, 6), RegularPolygon::new(inner, 6))
                .mesh()
                .build()
        };
        sketch.add(hex_ring(HEX, HEX - 1.5), line, p, 0.0, FRAC_PI_6);
        let level = map.level(c);
        if level >= 2 {
            sketch.add(
                hex_ring(HEX - 1.5, HEX * 0.62),
                ring(level),
                p,
                0.1,
                FRAC_PI_6,
            );
            sketch.add(RegularPolygon::new(HEX * 0.62, 6), base, p, 0.2, FRAC_PI_6);
        } else {
            sketch.add(RegularPolygon::new(HEX - 1.5, 6), base, p, 0.1, FRAC_PI_6);
        }
        commands.spawn((
            BoardEntity,
            board_text(
                map.label(c),
                number,
                Color::srgba(0.0, 0.0, 0.0, 0.6),
                Vec3::new(p.x, p.y + HEX * 0.62, 0.3),
            ),
        ));
        if level >= 2 {
            commands.spawn((
                BoardEntity,
                board_text(
                    format!("L{level}"),
                    number,
                    Color::srgba(0.0, 0.0, 0.0, 0.7),
                    Vec3::new(p.x - HEX * 0.55, p.y, 0.3),
                ),
            ));
        }
        for m in map.marks.get(&c).into_iter().flatten() {
            if m == "prepared" {
                commands.spawn((
                    BoardEntity,
                    board_text(
                        "x",
                        BoardText::at_least(16.0, 10.0),
                        Color::BLACK,
                        Vec3::new(p.x + HEX * 0.5, p.y - HEX * 0.4, 0.3),
                    ),
                ));
            }
        }
    }
    (lo, hi)
}

/// A counter's face, square, in world units.
pub const COUNTER: f32 = HEX * 1.4;

/// The smallest a counter's printed values are written, in screen pixels, while they
/// fit its face (where they do not, they shrink to fit rather than spill).
pub const COUNTER_VALUES_PX: f32 = 10.0;

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
            face: meshes.add(Rectangle::new(COUNTER, COUNTER)),
            border: meshes.add(Rectangle::new(COUNTER + HEX * 0.08, COUNTER + HEX * 0.08)),
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
    // The values stay readable at any zoom; the flags and name show once legible.
    commands.spawn((
        tag.clone(),
        board_text(
            look.top.clone(),
            BoardText::at_least(15.0, COUNTER_VALUES_PX).within(COUNTER * 0.94, &look.top),
            look.fg,
            Vec3::new(pos.x, pos.y + HEX * 0.3, z + 0.02),
        ),
    ));
    commands.spawn((
        tag,
        board_text(
            look.bottom.clone(),
            BoardText::zoomed(10.0, 7.0).within(COUNTER * 0.94, &look.bottom),
            look.fg,
            Vec3::new(pos.x, pos.y - HEX * 0.2, z + 0.02),
        ),
    ));
}

/// Draw the map's hexside features into `sketch` as thick bars along the shared side
/// of the two hexes; `style(feature)` gives each feature's colour and width (`None`:
/// not drawn).
pub fn spawn_hexsides(
    sketch: &mut Sketch,
    map: &HexMap,
    style: impl Fn(&str) -> Option<(Color, f32)>,
) {
    for h in &map.hexsides {
        let Some(other) = h.hex.step(h.dir) else {
            continue;
        };
        let Some((col, width)) = style(&h.feature) else {
            continue;
        };
        let (a, b) = (center(h.hex), center(other));
        let d = (b - a).normalize_or_zero();
        // The side runs across the line between the two centres.
        let angle = d.y.atan2(d.x) + std::f32::consts::FRAC_PI_2;
        sketch.add(
            Rectangle::new(HEX * 1.04, width),
            col,
            (a + b) / 2.0,
            0.25,
            angle,
        );
    }
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource or query it needs
fn pointer(
    mut contexts: EguiContexts,
    board: Res<BoardArea>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
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
        .layer_id_at(egui::pos2(cursor.x, cursor.y) / ctx.zoom_factor())
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
    camera: Single<(&mut Transform, &mut Projection), With<BoardCamera>>,
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
    camera: Single<(&mut Transform, &mut Projection), With<BoardCamera>>,
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
    // The camera's viewport is the free area: its centre shows the board's centre.
    let board_centre = (lo + hi) / 2.0;
    tf.translation.x = board_centre.x;
    tf.translation.y = board_centre.y;
}

/// The board camera's viewport: the free area between the panels, in the window's
/// physical pixels, kept inside the window; None (the whole window) for an empty area.
pub fn board_viewport_for(area: Rect, scale_factor: f32, window: UVec2) -> Option<URect> {
    let lo = (area.min * scale_factor)
        .round()
        .max(Vec2::ZERO)
        .as_uvec2()
        .min(window);
    let hi = (area.max * scale_factor)
        .round()
        .max(Vec2::ZERO)
        .as_uvec2()
        .min(window);
    (hi.x > lo.x && hi.y > lo.y).then(|| URect::from_corners(lo, hi))
}

/// Keep the board camera's viewport on the free area ([`BoardArea`]).
fn board_viewport(
    board: Res<BoardArea>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<BoardCamera>>,
) {
    let want = board
        .0
        .and_then(|a| board_viewport_for(a, window.scale_factor(), window.physical_size()));
    let have = camera
        .viewport
        .as_ref()
        .map(|v| URect::from_corners(v.physical_position, v.physical_position + v.physical_size));
    if want != have {
        camera.viewport = want.map(|r| bevy::camera::Viewport {
            physical_position: r.min,
            physical_size: r.size(),
            ..default()
        });
    }
}

/// Take the board down on leaving the play screen (for the menu, or to enter it again
/// when a campaign's battle begins or ends): the shell's board entities once, however
/// many ruleset plugins ask, and the plugin's own marked entities (its counters and
/// highlights, marked `M`) that are not board entities. Every ruleset plugin calls it
/// from its `logic_plugin`; each entity is despawned by exactly one system, once.
pub fn take_down_on_exit<M: Component>(app: &mut App) {
    if !app.is_plugin_added::<BoardTakeDown>() {
        app.add_plugins(BoardTakeDown);
    }
    app.add_systems(OnExit(Screen::Playing), despawn_overlay::<M>);
}

/// The one system that despawns the board entities on leaving the play screen (see
/// [`take_down_on_exit`]).
struct BoardTakeDown;

impl Plugin for BoardTakeDown {
    fn build(&self, app: &mut App) {
        app.add_systems(OnExit(Screen::Playing), despawn_board);
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
    let pale = Color::srgba(0.0, 0.62, 0.45, 0.45);
    let ink = Color::srgb(0.0, 0.45, 0.32);
    let mut marks = Sketch::default();
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
        marks.highlight(p, pale, 5.0);
        // The hovered place's label always reads; the others only where they fit
        // their hex (at the fit zoom the rings and the hovered one say enough).
        // The hovered one goes above its hex, clear of the tooltip below the pointer.
        let (look, at) = if hover == Some(to) {
            (BoardText::at_least(10.0, 11.0), p + Vec2::Y * HEX * 0.62)
        } else {
            (BoardText::hex_label(&label), p - Vec2::Y * HEX * 0.62)
        };
        hex_note(commands, marker.clone(), &label, look, at, 5.05);
        if hover == Some(to) {
            for c in r.places.iter().filter_map(|h| hex(h)) {
                marks.add(Circle::new(HEX * 0.14), ink, center(c), 5.2, 0.0);
            }
        }
    }
    // The rings and dots are one mesh.
    marks.spawn_with(commands, meshes, materials, marker);
}

/// A highlight's note by a hex, in a dark ink that reads on every terrain colour the
/// rulesets use (light grounds, mid greens and blues), sized by `look`. (A shadow
/// offset in world units would vanish at the fit zoom, where the text is kept larger
/// than the board's scale.)
pub fn hex_note<M: Component + Clone>(
    commands: &mut Commands,
    marker: M,
    label: &str,
    look: BoardText,
    at: Vec2,
    z: f32,
) {
    commands.spawn((
        marker,
        board_text(
            label,
            look,
            Color::srgb(0.0, 0.12, 0.08),
            Vec3::new(at.x, at.y, z),
        ),
    ));
}

/// A highlighted hex: its band into `marks` (drawn as one mesh with the others) at
/// height `z`, and under it `label` (if any) as a note that shows where it fits.
pub fn highlight_hex<M: Component + Clone>(
    commands: &mut Commands,
    marks: &mut Sketch,
    marker: M,
    at: Vec2,
    colour: Color,
    label: &str,
    z: f32,
) {
    marks.highlight(at, colour, z);
    if !label.is_empty() {
        let look = BoardText::hex_label(label);
        hex_note(
            commands,
            marker,
            label,
            look,
            at - Vec2::Y * HEX * 0.62,
            z + 0.05,
        );
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
    fn hex_numbers_read_only_when_zoomed_in_and_counter_values_stay_readable() {
        let number = BoardText::zoomed(10.0, 9.0);
        // At a fit zoom of 2 world units a pixel the number would be 5 px: hidden.
        assert_eq!(number.px(2.0), None);
        // Zoomed in to 1:1 it reads at 10 px, and larger further in.
        assert_eq!(number.px(1.0), Some(10.0));
        assert_eq!(number.px(0.5), Some(20.0));
        // A counter's values: never under 10 px while they fit the face.
        let values = BoardText::at_least(15.0, COUNTER_VALUES_PX).within(COUNTER * 0.94, "1-6D");
        assert_eq!(values.px(2.0), Some(10.0));
        assert_eq!(values.px(1.0), Some(15.0));
        // Where 9 px would spill off the face they shrink to fit it instead.
        // The Nez Perce maps' three values, on a counter about 21 px wide at their fit
        // zoom on a 1280x800 window, read at 9 px in the condensed board font.
        let three = BoardText::at_least(15.0, COUNTER_VALUES_PX).within(COUNTER * 0.94, "12-5-3");
        assert_eq!(three.px(2.3), Some(9.0));
        assert_eq!(
            BoardText::at_least(15.0, COUNTER_VALUES_PX)
                .within(COUNTER * 0.94, "8-3-7")
                .px(2.3),
            Some(10.0)
        );
        let px = three.px(3.0).unwrap();
        assert!(
            px < 9.0 && px * text_em("12-5-3") <= COUNTER * 0.94 / 3.0,
            "{px}"
        );
        // The widths come from the font: digits are narrow, "W" is wide, and the widest
        // line of several counts.
        assert!((text_em("12-5-3") - 2.203).abs() < 1e-3);
        assert!(text_em("W") > text_em("1") * 2.0);
        assert_eq!(text_em("ab\nabcd"), text_em("abcd"));
    }

    #[test]
    fn highlights_stand_at_their_own_height_over_the_map_picture() {
        let mut marks = Sketch::default();
        marks.highlight(Vec2::ZERO, Color::srgba(0.0, 0.6, 0.4, 0.45), 5.0);
        marks.add(Circle::new(5.0), Color::BLACK, Vec2::X * 10.0, 5.2, 0.0);
        assert_eq!(marks.rebase(), 5.0);
        let mesh = marks.mesh();
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(pos)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("no positions");
        };
        // The band's 12 vertices at 0 above the entity, the dot's at 0.2.
        assert!(pos[..12].iter().all(|p| p[2] == 0.0));
        assert!(pos[12..].iter().all(|p| (p[2] - 0.2).abs() < 1e-6));
        assert_eq!(Sketch::default().rebase(), 0.0);
    }

    #[test]
    fn a_sketch_is_one_mesh_drawn_lowest_first() {
        let mut sketch = Sketch::default();
        sketch.add(
            Circle::new(5.0),
            Color::WHITE,
            Vec2::new(100.0, 0.0),
            0.3,
            0.0,
        );
        sketch.add(
            RegularPolygon::new(HEX, 6),
            Color::BLACK,
            Vec2::ZERO,
            0.0,
            0.0,
        );
        assert_eq!(sketch.len(), 2);
        let mesh = sketch.mesh();
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(pos)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("no positions");
        };
        let Some(bevy::mesh::VertexAttributeValues::Float32x4(col)) =
            mesh.attribute(Mesh::ATTRIBUTE_COLOR)
        else {
            panic!("no colours");
        };
        assert_eq!(pos.len(), col.len());
        // The hex (height 0) comes first, black; the circle (0.3) after it, moved.
        assert_eq!(pos[0][2], 0.0);
        assert_eq!(col[0], [0.0, 0.0, 0.0, 1.0]);
        let last = pos[pos.len() - 1];
        assert_eq!(last[2], 0.3);
        assert!((last[0] - 100.0).abs() <= 5.0);
        let n = pos.len() as u32;
        assert!(mesh.indices().unwrap().iter().all(|i| (i as u32) < n));
    }

    #[test]
    fn a_map_picture_is_drawn_at_the_screen_resolution_up_to_its_limit() {
        // Rosebud's map at a fit zoom: one pixel a world unit over 1.6, plus a margin.
        let size = Vec2::new(2000.0, 900.0);
        assert_eq!(map_picture_size(size, 1.6), Some(UVec2::new(1252, 565)));
        // Zoomed in until a side passes the limit: drawn live instead.
        assert_eq!(
            map_picture_size(size, 2000.0 / 4094.0),
            Some(UVec2::new(4096, 1845))
        );
        assert_eq!(map_picture_size(size, 0.45), None);
        // Nothing to draw, or a broken zoom: no picture.
        assert_eq!(map_picture_size(Vec2::ZERO, 1.0), None);
        assert_eq!(map_picture_size(size, 0.0), None);
        assert_eq!(map_picture_size(size, f32::NAN), None);
    }

    #[test]
    fn the_board_camera_draws_only_the_free_area_inside_the_window() {
        let window = UVec2::new(2560, 1600);
        // The free area between the panels, logical pixels at a scale factor of 2.
        let area = Rect::new(300.0, 45.4, 1280.0, 650.0);
        assert_eq!(
            board_viewport_for(area, 2.0, window),
            Some(URect::new(600, 91, 2560, 1300))
        );
        // A window made smaller than the area: kept inside it.
        assert_eq!(
            board_viewport_for(area, 2.0, UVec2::new(1000, 800)),
            Some(URect::new(600, 91, 1000, 800))
        );
        // Panels wider than the window: no area, the whole window.
        assert_eq!(
            board_viewport_for(
                Rect {
                    min: Vec2::new(300.0, 0.0),
                    max: Vec2::new(200.0, 600.0)
                },
                1.0,
                window
            ),
            None
        );
        assert_eq!(board_viewport_for(area, 1.0, UVec2::new(200, 800)), None);
    }

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
