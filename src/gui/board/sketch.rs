//! The sketch: a board's fixed drawing (hexes, level rings, terrain symbols,
//! hexsides; the block game's areas and boundaries) gathered into one mesh with a
//! colour per vertex, spawned as one entity (the map, shown through its picture,
//! `picture`) or as one overlay entity of a plugin (its highlights).

use super::BoardEntity;
use super::picture::MapBake;
use bevy::prelude::*;

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
            MapBake::new(lo, hi),
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
}

#[cfg(test)]
mod tests {
    use super::super::HEX;
    use super::*;

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
}
