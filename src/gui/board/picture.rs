//! The map's picture: the fixed map's mesh drawn once into an image at the board
//! camera's zoom by a camera of its own (on [`MAP_LAYER`], run until no render pipeline
//! is still compiling) and shown as one sprite, redrawn when the zoom changes; past
//! [`MAP_IMAGE_MAX`] pixels a side the mesh itself is drawn.

use super::BoardEntity;
use super::camera::BoardCamera;
use bevy::prelude::*;

/// The render layer of a map being drawn into its picture (`bake_map`); the board
/// camera draws layer 0.
pub const MAP_LAYER: usize = 1;

/// The largest picture of a map, in pixels a side; zoomed in further, the map is drawn
/// live from its mesh.
pub const MAP_IMAGE_MAX: u32 = 4096;

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

impl MapBake {
    /// A map not drawn yet whose mesh lies within `lo`..`hi` (world units).
    pub(super) fn new(lo: Vec2, hi: Vec2) -> Self {
        Self {
            lo,
            hi,
            ..default()
        }
    }
}

/// Frames a map's picture camera runs after the last frame that found a render
/// pipeline still compiling.
const MAP_DRAW_FRAMES: u8 = 3;

/// How many render pipelines were still compiling at the last extraction (copied from
/// the render world; 0 where there is none).
#[derive(Resource, Default)]
pub struct PipelinesWaiting(pub usize);

pub(super) fn count_waiting_pipelines(
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
pub(super) fn bake_map(
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
