//! The map of the West and what is on it: the Areas' polygons (triangulated, since
//! most states are not convex) filled by kind, their outlines, names and printed
//! Survival and Statehood numbers, the On Reservation box, and over them what the
//! seat's view holds: each Area's Resources and markers, the Columns (In Fort ones in
//! the Area's Fort box), the Villages and War Parties, and the highlights of the
//! selection's legal targets.

use super::words::{Names, actor, target_area};
use super::{GeronimoOverlay, GeronimoSelection, acting_piece, seen};
use crate::core::areamap::Area;
use crate::games::geronimo::View;
use crate::games::geronimo::action::Action;
use crate::games::geronimo::state::Static;
use crate::gui::Game;
use crate::gui::board::{self, BoardEntity, CursorWorld, FitRequest};
use bevy::prelude::*;

/// Map units (x east, y south) to world coordinates (y up), centred on the map.
pub fn world(p: [f32; 2]) -> Vec2 {
    Vec2::new(p[0] - 700.0, 494.0 - p[1])
}

/// The On Reservation box, in map units (on the Pacific, south of California).
const RESERVATION: [[f32; 2]; 2] = [[8.0, 700.0], [300.0, 985.0]];

/// A polygon's triangles by ear clipping: indices into `pts` (either winding).
pub fn triangulate(pts: &[Vec2]) -> Vec<u32> {
    let n = pts.len();
    if n < 3 {
        return vec![];
    }
    let signed: f32 = (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum();
    let ccw = signed > 0.0;
    let mut idx: Vec<usize> = (0..n).collect();
    let mut out = vec![];
    let cross = |a: Vec2, b: Vec2, c: Vec2| (b - a).perp_dot(c - a);
    let mut guard = 0;
    while idx.len() > 3 && guard < 10_000 {
        guard += 1;
        let m = idx.len();
        let mut clipped = false;
        for k in 0..m {
            let (i0, i1, i2) = (idx[(k + m - 1) % m], idx[k], idx[(k + 1) % m]);
            let (a, b, c) = (pts[i0], pts[i1], pts[i2]);
            let turn = cross(a, b, c);
            if (ccw && turn <= 0.0) || (!ccw && turn >= 0.0) {
                continue;
            }
            let inside = idx.iter().any(|&j| {
                if j == i0 || j == i1 || j == i2 {
                    return false;
                }
                let p = pts[j];
                let (d1, d2, d3) = (cross(a, b, p), cross(b, c, p), cross(c, a, p));
                if ccw {
                    d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0
                } else {
                    d1 <= 0.0 && d2 <= 0.0 && d3 <= 0.0
                }
            });
            if inside {
                continue;
            }
            out.extend([i0 as u32, i1 as u32, i2 as u32]);
            idx.remove(k);
            clipped = true;
            break;
        }
        if !clipped {
            // A degenerate remainder: close it as a fan.
            break;
        }
    }
    for k in 1..idx.len().saturating_sub(1) {
        out.extend([idx[0] as u32, idx[k] as u32, idx[k + 1] as u32]);
    }
    out
}

/// A polygon (world units) as a mesh.
pub fn polygon_mesh(pts: &[Vec2]) -> Mesh {
    let positions: Vec<[f32; 3]> = pts.iter().map(|p| [p.x, p.y, 0.0]).collect();
    Mesh::new(
        bevy::mesh::PrimitiveTopology::TriangleList,
        bevy::asset::RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_indices(bevy::mesh::Indices::U32(triangulate(pts)))
}

/// An area's polygon in world units.
pub fn points(a: &Area) -> Vec<Vec2> {
    a.polygon.iter().map(|&p| world(p)).collect()
}

/// Where an Area's label and pieces go: its centroid, nudged where the shape asks.
pub fn anchor(a: &Area) -> Vec2 {
    let pts = points(a);
    let n = pts.len();
    let (mut cx, mut cy, mut area) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let (p, q) = (pts[i], pts[(i + 1) % n]);
        let c = p.x * q.y - q.x * p.y;
        area += c;
        cx += (p.x + q.x) * c;
        cy += (p.y + q.y) * c;
    }
    let c = if area.abs() < 1e-3 {
        pts.iter().copied().sum::<Vec2>() / n.max(1) as f32
    } else {
        Vec2::new(cx, cy) / (3.0 * area)
    };
    match a.id.as_str() {
        "canada" => world([60.0, 28.0]),
        "tx" => world([930.0, 690.0]),
        "mn" => world([1100.0, 150.0]),
        "ca" => world([200.0, 470.0]),
        "mexico" => world([700.0, 850.0]),
        "id" => world([430.0, 260.0]),
        _ => c + Vec2::new(0.0, 20.0),
    }
}

/// The area under a world point (even-odd rule).
pub fn pick(st: &Static, p: Vec2) -> Option<usize> {
    st.map.areas.iter().position(|a| {
        let pts = points(a);
        let mut inside = false;
        let mut j = pts.len().wrapping_sub(1);
        for i in 0..pts.len() {
            let (a, b) = (pts[i], pts[j]);
            if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
                inside = !inside;
            }
            j = i;
        }
        inside
    })
}

/// The fill colours: plains, mountain Areas, Mexico and Canada, the Gray Area.
const PLAINS: Color = Color::srgb(0.88, 0.94, 0.76);
const MOUNTAIN: Color = Color::srgb(0.78, 0.64, 0.48);
const FOREIGN: Color = Color::srgb(0.92, 0.74, 0.86);
const GREY: Color = Color::srgb(0.55, 0.55, 0.55);
const RESERVATION_FILL: Color = Color::srgb(0.95, 0.90, 0.72);

/// The pieces' faces: Columns, Villages, War Parties.
const COLUMN: Color = Color::srgb_u8(0x00, 0x5A, 0xB5);
const VILLAGE: Color = Color::srgb_u8(0xE6, 0x9F, 0x00);
const PARTY: Color = Color::srgb_u8(0xA0, 0x1C, 0x1C);

/// An Area's fill by its kind.
pub fn fill(st: &Static, i: usize) -> Color {
    let a = &st.map.areas[i];
    if a.props.contains("grey") {
        GREY
    } else if a.props.contains("foreign") {
        FOREIGN
    } else if st.area(i).is_some_and(|d| d.mountain) {
        MOUNTAIN
    } else {
        PLAINS
    }
}

/// The colours the board shows side by side, for the colour-vision check
/// (`gui::palette`): the Areas' fills, and the pieces' faces.
pub fn palettes(_: &std::path::Path) -> Result<Vec<crate::gui::palette::Palette>, String> {
    use crate::gui::palette::Palette;
    Ok(vec![
        Palette::new(
            "Geronimo! areas",
            [
                ("plains", PLAINS),
                ("mountain", MOUNTAIN),
                ("foreign", FOREIGN),
                ("grey", GREY),
            ],
        ),
        Palette::new(
            "Geronimo! pieces",
            [
                ("column", COLUMN),
                ("village", VILLAGE),
                ("war party", PARTY),
            ],
        ),
    ])
}

/// A thin line from `p` to `q` into a sketch.
fn line(sketch: &mut board::Sketch, p: Vec2, q: Vec2, width: f32, colour: Color, z: f32) {
    let d = q - p;
    if d.length() < 0.01 {
        return;
    }
    sketch.add(
        Rectangle::new(d.length() + width * 0.5, width),
        colour,
        (p + q) / 2.0,
        z,
        d.y.atan2(d.x),
    );
}

/// A rectangle's frame into a sketch.
fn frame(sketch: &mut board::Sketch, lo: Vec2, hi: Vec2, width: f32, colour: Color, z: f32) {
    let (a, b, c, d) = (lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y));
    for (p, q) in [(a, b), (b, c), (c, d), (d, a)] {
        line(sketch, p, q, width, colour, z);
    }
}

/// Build the map once: fills, outlines, names, printed numbers, the On Reservation box.
pub fn spawn_board(
    mut commands: Commands,
    game: Option<Res<Game>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut fit: ResMut<FitRequest>,
    mut sel: ResMut<GeronimoSelection>,
) {
    *sel = GeronimoSelection::default();
    let Some(game) = game else { return };
    let Some((s, _)) = seen(&game) else { return };
    let st = &*s.stat;
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    let mut sketch = board::Sketch::default();
    let ink = Color::srgb(0.25, 0.22, 0.2);
    for (i, a) in st.map.areas.iter().enumerate() {
        let pts = points(a);
        for p in &pts {
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
        if pts.len() < 3 {
            continue;
        }
        sketch.add(polygon_mesh(&pts), fill(st, i), Vec2::ZERO, 0.0, 0.0);
        for k in 0..pts.len() {
            line(&mut sketch, pts[k], pts[(k + 1) % pts.len()], 2.0, ink, 0.1);
        }
        let c = anchor(a);
        let (name_at, nums_at) = if a.id == "canada" {
            (c, None)
        } else {
            (c + Vec2::new(0.0, 40.0), Some(c + Vec2::new(0.0, 27.0)))
        };
        commands.spawn((
            BoardEntity,
            board::board_text(
                a.name.clone(),
                board::BoardText::at_least(17.0, 10.0),
                Color::srgba(0.0, 0.0, 0.0, 0.85),
                name_at.extend(0.3),
            ),
        ));
        if let (Some(at), Some(d)) = (nums_at, st.area(i)) {
            let mut text = format!("Survival {} · Statehood {}", d.survival, d.statehood);
            if d.buffalo {
                text.push_str(" · Buffalo");
            }
            commands.spawn((
                BoardEntity,
                board::board_text(
                    text.clone(),
                    board::BoardText {
                        hide_px: 6.0,
                        ..board::BoardText::at_least(11.0, 8.0).within(170.0, &text)
                    },
                    Color::srgba(0.15, 0.1, 0.35, 0.9),
                    at.extend(0.3),
                ),
            ));
        }
    }
    // The two corner links (5.341): a dot where the diagonal Areas touch.
    for b in st.map.boundaries.iter().filter(|b| b.kind == "corner") {
        let (Some(ia), Some(ib)) = (st.map.index(&b.a), st.map.index(&b.b)) else {
            continue;
        };
        if let Some(p) = st.map.areas[ia].polygon.iter().find(|p| {
            st.map.areas[ib]
                .polygon
                .iter()
                .any(|q| (p[0] - q[0]).abs() < 1.0 && (p[1] - q[1]).abs() < 1.0)
        }) {
            sketch.add(Circle::new(6.0), ink, world(*p), 0.2, 0.0);
        }
    }
    // The On Reservation box.
    let (rlo, rhi) = (world(RESERVATION[1]), world(RESERVATION[0]));
    let (rlo, rhi) = (rlo.min(rhi), rlo.max(rhi));
    sketch.add(
        Rectangle::new(rhi.x - rlo.x, rhi.y - rlo.y),
        RESERVATION_FILL,
        (rlo + rhi) / 2.0,
        0.0,
        0.0,
    );
    frame(&mut sketch, rlo, rhi, 3.0, ink, 0.1);
    commands.spawn((
        BoardEntity,
        board::board_text(
            "On Reservation",
            board::BoardText::at_least(16.0, 10.0),
            Color::BLACK,
            Vec3::new((rlo.x + rhi.x) / 2.0, rhi.y - 14.0, 0.3),
        ),
    ));
    lo = lo.min(rlo);
    hi = hi.max(rhi);
    sketch.spawn(&mut commands, &mut meshes, &mut materials);
    fit.bounds = Some((lo, hi));
    fit.pending = true;
}

/// A piece's short name on its face: a Village's first word ("Teton 1"), a
/// Commander's surname.
fn short(name: &str) -> String {
    let name = name.replace("Southern ", "S. ").replace("Northern ", "N. ");
    if name.chars().count() <= 10 {
        return name;
    }
    name.split_whitespace().next().unwrap_or(&name).to_string()
}

/// A Column's face: its Commander's surname and BP, and its guns.
pub fn column_face(n: &Names, c: &crate::games::geronimo::ColumnView) -> String {
    let who = c.commander.as_deref().map_or_else(
        || format!("Col {}", c.id.trim_start_matches('c')),
        |k| {
            let full = n.commander(k);
            full.split_whitespace().last().unwrap_or(&full).to_string()
        },
    );
    let mut s = format!("{who} {}", c.bp);
    if c.guns > 0 {
        s.push_str(&format!(" G{}", c.guns));
    }
    if c.gatlings > 0 {
        s.push_str(&format!(" X{}", c.gatlings));
    }
    s
}

/// A Village's face: its short name and BP, and its Chiefs at home as a count.
pub fn village_face(n: &Names, v: &crate::games::geronimo::VillageView) -> String {
    let name = n.village(&v.id);
    let mut s = format!("{} {}", short(&name), v.bp);
    if !v.chiefs.is_empty() {
        s.push_str(&format!(" +{}C", v.chiefs.len()));
    }
    s
}

/// A War Party's face.
pub fn party_face(n: &Names, p: &crate::games::geronimo::PartyView) -> String {
    let mut s = format!("WP {} {}", short(&n.village(&p.village)), p.bp);
    if !p.chiefs.is_empty() {
        s.push_str(&format!(" +{}C", p.chiefs.len()));
    }
    s
}

/// An Area's Resources and markers in a line or two ("3 Settlements · 1 Town · RR 1",
/// "STATE · Massacre · 2 Skulls · Mission · Weather +2").
pub fn contents(a: &crate::games::geronimo::AreaView) -> Vec<String> {
    let mut first = vec![];
    if a.settlements > 0 {
        first.push(format!("{} Settl", a.settlements));
    }
    if a.towns > 0 {
        first.push(format!(
            "{} Town{}",
            a.towns,
            if a.towns == 1 { "" } else { "s" }
        ));
    }
    if a.rr > 0 || a.rr_broken > 0 {
        first.push(if a.rr_broken > 0 {
            format!("RR {} ({} broken)", a.rr, a.rr_broken)
        } else {
            format!("RR {}", a.rr)
        });
    }
    let mut second = vec![];
    if a.state {
        second.push("STATE".to_string());
    }
    for (_, value, hit) in &a.mines {
        second.push(if *hit {
            format!("Mine {value} (hit)")
        } else {
            format!("Mine {value}")
        });
    }
    if a.massacres > 0 {
        second.push(if a.massacres == 1 {
            "Massacre".into()
        } else {
            format!("{} Massacres", a.massacres)
        });
    }
    if a.skulls > 0 {
        second.push(if a.skulls == 1 {
            "Skull".into()
        } else {
            format!("{} Skulls", a.skulls)
        });
    }
    if a.mission {
        second.push("Mission".into());
    }
    match a.weather {
        0 => {}
        w if w > 0 => second.push(format!("Weather +{w}")),
        w => second.push(format!("Weather {w}")),
    }
    [first, second]
        .into_iter()
        .filter(|l| !l.is_empty())
        .map(|l| l.join(" · "))
        .collect()
}

/// The Areas the selected piece's legal actions point at, by id.
pub fn targets(legal: &[String], piece: &str) -> Vec<String> {
    let mut out: Vec<String> = legal
        .iter()
        .filter_map(|l| l.parse::<Action>().ok())
        .filter(|a| actor(a).as_deref() == Some(piece))
        .filter_map(|a| target_area(&a).map(str::to_string))
        .collect();
    // A Column attacks in its own Area.
    out.sort();
    out.dedup();
    out
}

/// The Areas a click chooses without a selection: the Settlement and the RR marker.
pub fn free_targets(legal: &[String]) -> Vec<String> {
    legal
        .iter()
        .filter_map(|l| match l.parse::<Action>() {
            Ok(Action::Settle(a)) | Ok(Action::Rail(Some(a))) => Some(a),
            _ => None,
        })
        .collect()
}

/// The pieces of the view in an Area: Columns on patrol, Villages, War Parties (with
/// their ids, faces and colours), and the Columns In Fort.
type Piece = (String, String, Color, Color);

fn pieces_in(n: &Names, v: &View, area: &str) -> (Vec<Piece>, Vec<Piece>) {
    let mut out = vec![];
    let mut fort = vec![];
    for c in v.columns.iter().filter(|c| c.area == area) {
        let p = (c.id.clone(), column_face(n, c), COLUMN, Color::WHITE);
        if c.fort {
            fort.push(p);
        } else {
            out.push(p);
        }
    }
    for w in v.villages.iter().filter(|w| w.place == area) {
        out.push((w.id.clone(), village_face(n, w), VILLAGE, Color::BLACK));
    }
    for p in v.parties.iter().filter(|p| p.area == area) {
        out.push((p.id.clone(), party_face(n, p), PARTY, Color::WHITE));
    }
    (out, fort)
}

/// Size of a piece's face, and the step between faces, in world units.
const FACE: Vec2 = Vec2::new(80.0, 19.0);
const STEP: Vec2 = Vec2::new(83.0, 22.0);

/// Redraw the pieces and highlights when the game, the seat or the selection changed.
#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource or query it needs
pub fn redraw(
    mut commands: Commands,
    game: Option<Res<Game>>,
    mut sel: ResMut<GeronimoSelection>,
    overlay: Query<Entity, With<GeronimoOverlay>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    cursor: Res<CursorWorld>,
) {
    let Some(game) = game else { return };
    let seen_now = seen(&game);
    let hovered = seen_now
        .as_ref()
        .zip(cursor.0)
        .and_then(|((s, _), p)| pick(&s.stat, p));
    let key = (
        sel.area.clone(),
        sel.piece.clone(),
        hovered,
        sel.options.len(),
    );
    if !sel.drawn.changed(&game, key) {
        return;
    }
    for e in &overlay {
        commands.entity(e).despawn();
    }
    sel.boxes.clear();
    if game.curtain_down() {
        return;
    }
    let Some((s, v)) = seen_now else { return };
    let st = &*s.stat;
    let n = Names { st, v: &v };
    let legal = if game.can_act() { game.legal() } else { vec![] };
    let mut sketch = board::Sketch::default();
    // Highlights: the selection's targets, else the Areas a click settles in.
    let lit = match acting_piece(&sel, &legal).as_deref() {
        Some(p) => targets(&legal, p),
        None => free_targets(&legal),
    };
    for (i, a) in st.map.areas.iter().enumerate() {
        let pts = points(a);
        if pts.len() < 3 {
            continue;
        }
        let colour = if lit.contains(&a.id) {
            Some(Color::srgba(1.0, 0.9, 0.1, 0.45))
        } else if sel.area.as_deref() == Some(a.id.as_str()) {
            Some(Color::srgba(1.0, 1.0, 1.0, 0.35))
        } else if hovered == Some(i) {
            Some(Color::srgba(1.0, 1.0, 1.0, 0.18))
        } else {
            None
        };
        if let Some(c) = colour {
            sketch.add(polygon_mesh(&pts), c, Vec2::ZERO, 0.15, 0.0);
        }
    }
    let text =
        |commands: &mut Commands, t: String, size: f32, colour: Color, at: Vec2, fit: f32| {
            commands.spawn((
                GeronimoOverlay,
                board::board_text(
                    t.clone(),
                    board::BoardText {
                        hide_px: 5.0,
                        ..board::BoardText::at_least(size, 8.0).within(fit, &t)
                    },
                    colour,
                    at.extend(2.0),
                ),
            ));
        };
    let mut boxes = vec![];
    for a in &st.map.areas {
        let c = anchor(a);
        let canada = a.id == "canada";
        let mut y = c.y + 14.0;
        if let Some(av) = v.areas.iter().find(|x| x.id == a.id) {
            for line in contents(av) {
                let colour = if line.starts_with("STATE") {
                    Color::srgb(0.45, 0.0, 0.0)
                } else {
                    Color::srgb(0.1, 0.1, 0.1)
                };
                text(&mut commands, line, 10.5, colour, Vec2::new(c.x, y), 165.0);
                y -= 13.0;
            }
        }
        let (open, fort) = pieces_in(&n, &v, &a.id);
        let place = |k: usize, start: Vec2, per_row: usize| -> Vec2 {
            let (col, row) = ((k % per_row) as f32, (k / per_row) as f32);
            let w = per_row as f32;
            Vec2::new(
                start.x - (w - 1.0) * STEP.x / 2.0 + col * STEP.x,
                start.y - row * STEP.y,
            )
        };
        let (start, per_row) = if canada {
            (Vec2::new(c.x + 120.0 + 1.5 * STEP.x, c.y), 4)
        } else {
            (Vec2::new(c.x, y - 6.0), 2)
        };
        let mut last = start.y + STEP.y;
        for (k, (id, face, body, ink)) in open.iter().enumerate() {
            let p = place(k, start, per_row);
            last = p.y;
            boxes.push((
                Rect::from_center_size(p, FACE),
                id.clone(),
                face.clone(),
                *body,
                *ink,
            ));
        }
        if !fort.is_empty() {
            // The Fort box: In Fort Columns framed together under the others.
            let fstart = Vec2::new(start.x, last - STEP.y - 6.0);
            let mut flo = Vec2::splat(f32::MAX);
            let mut fhi = Vec2::splat(f32::MIN);
            for (k, (id, face, body, ink)) in fort.iter().enumerate() {
                let p = place(k, fstart, per_row);
                let r = Rect::from_center_size(p, FACE);
                flo = flo.min(r.min);
                fhi = fhi.max(r.max);
                boxes.push((r, id.clone(), face.clone(), *body, *ink));
            }
            let (flo, fhi) = (flo - Vec2::splat(4.0), fhi + Vec2::new(4.0, 14.0));
            sketch.add(
                Rectangle::new(fhi.x - flo.x, fhi.y - flo.y),
                Color::srgb(0.55, 0.42, 0.25),
                (flo + fhi) / 2.0,
                0.9,
                0.0,
            );
            text(
                &mut commands,
                "Fort".into(),
                9.0,
                Color::WHITE,
                Vec2::new((flo.x + fhi.x) / 2.0, fhi.y - 6.0),
                60.0,
            );
        }
    }
    // The On Reservation box: its Villages in two columns.
    let top = world([RESERVATION[0][0], RESERVATION[0][1]]);
    let on_res: Vec<_> = v
        .villages
        .iter()
        .filter(|w| w.place == "reservation")
        .collect();
    for (k, w) in on_res.iter().enumerate() {
        let (col, row) = ((k % 3) as f32, (k / 3) as f32);
        let p = Vec2::new(top.x + 50.0 + col * 96.0, top.y - 44.0 - row * 22.0);
        boxes.push((
            Rect::from_center_size(p, Vec2::new(92.0, 19.0)),
            w.id.clone(),
            village_face(&n, w),
            VILLAGE,
            Color::BLACK,
        ));
    }
    let white = Color::WHITE;
    for (r, id, face, body, ink) in &boxes {
        let on = sel.piece.as_deref() == Some(id.as_str());
        let edge = if on { white } else { Color::BLACK };
        sketch.add(
            Rectangle::new(r.width() + 4.0, r.height() + 4.0),
            edge,
            r.center(),
            1.0,
            0.0,
        );
        sketch.add(
            Rectangle::new(r.width(), r.height()),
            *body,
            r.center(),
            1.1,
            0.0,
        );
        text(
            &mut commands,
            face.clone(),
            11.0,
            *ink,
            r.center(),
            r.width() - 4.0,
        );
        sel.boxes.push((*r, id.clone()));
    }
    sketch.spawn_with(&mut commands, &mut meshes, &mut materials, GeronimoOverlay);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_concave_polygon_is_cut_into_triangles_inside_it() {
        // An L shape, clockwise and counter-clockwise.
        let l = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(0.0, 2.0),
        ];
        for pts in [l.to_vec(), l.iter().rev().copied().collect::<Vec<_>>()] {
            let t = triangulate(&pts);
            assert_eq!(t.len(), 3 * (pts.len() - 2));
            let area: f32 = t
                .chunks(3)
                .map(|k| {
                    let (a, b, c) = (pts[k[0] as usize], pts[k[1] as usize], pts[k[2] as usize]);
                    ((b - a).perp_dot(c - a) / 2.0).abs()
                })
                .sum();
            assert!((area - 3.0).abs() < 1e-4, "{area}");
        }
    }

    #[test]
    fn every_area_of_the_map_is_triangulated_whole_and_picked_at_its_anchor() {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let st = crate::games::geronimo::setup::load_scenario_id(&root, "basic")
            .expect("the Basic Game loads");
        for (i, a) in st.map.areas.iter().enumerate() {
            let pts = points(a);
            assert_eq!(triangulate(&pts).len(), 3 * (pts.len() - 2), "{}", a.id);
            assert_eq!(
                pick(&st, anchor(a)),
                Some(i),
                "{}'s label is inside it",
                a.id
            );
        }
    }
}
