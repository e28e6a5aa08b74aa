//! The *Once We Moved Like the Wind* plugin: draws the area map (territory colours,
//! boundary types, Towns, Forts, Water, Reservations and labels) and the current seat's
//! view of the blocks: its own face up with name and strength, the other side's as blank
//! blocks of their colour until revealed. Clicks deploy and move blocks; the panels
//! show the turn, the selected area's blocks, the Army Leader's party, the combat
//! decisions and the log, all through the seat's view.

use super::board::{self, BoardArea, BoardEntity, ClickedWorld, CursorWorld, FitRequest};
use super::playing::{Drawn, RulesetUi, game_is, register_ruleset_ui};
use super::{Game, Screen};
use crate::core::game::{ActionKind, Rules};
use crate::games::wind::action::Action;
use crate::games::wind::data::{BlockKind, Nation};
use crate::games::wind::state::State;
use crate::games::wind::{BlockView, Wind, view};
use bevy::ecs::system::InMut;
use bevy::prelude::*;
use bevy_egui::egui;

/// Blocks and highlights (redrawn when the game or the selection changes).
#[derive(Component)]
pub struct WindOverlay;

/// The selection on the area map.
#[derive(Resource, Default)]
pub struct WindSelection {
    /// Selected area index.
    pub area: Option<usize>,
    /// Selected block handle.
    pub block: Option<String>,
    /// Blocks the selected Army Leader takes along (handles).
    pub party: Vec<String>,
    /// The starting strength chosen for the selected block's deployment, where its
    /// pool's strength is split (§3.0, §6.0); `None`: the one nearest the chart's
    /// average.
    pub sp: Option<u8>,
    /// What was drawn last: the selected area, block and party, and the hovered area.
    drawn: Drawn<DrawnKey>,
}

/// What the area map was last drawn for: the selected area, block and party, and the
/// hovered area.
type DrawnKey = (Option<usize>, Option<String>, Vec<String>, Option<usize>);

impl WindSelection {
    /// What a move by destination moves: the selected block, or an Army Leader with
    /// the blocks ticked to go along (`U2 with U5,U7`, [`Wind`]'s `Rules::steps`).
    pub fn piece(&self) -> Option<String> {
        let b = self.block.clone()?;
        Some(if self.party.is_empty() {
            b
        } else {
            format!("{b} with {}", self.party.join(","))
        })
    }
}

/// Register the plugin: the logic systems plus its parts of the play screen.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(logic_plugin);
    let ui = RulesetUi {
        game: crate::games::wind::setup::GAME,
        turn_info: app.register_system(turn_info),
        side_panel: app.register_system(side_panel),
        buttons: None,
        windows: Some(app.register_system(windows)),
        end_label: "End segment",
        charts: true,
    };
    register_ruleset_ui(app, ui);
    crate::gui::palette::register(app, crate::games::wind::setup::GAME, palettes);
}

/// The colours the board shows side by side, for the colour-vision check
/// (`gui::palette`): the areas' fills by their properties.
fn palettes(_: &std::path::Path) -> Result<Vec<crate::gui::palette::Palette>, String> {
    let sets: Vec<(&str, Vec<&str>)> = vec![
        ("territory", vec![]),
        ("ocean", vec!["ocean"]),
        ("reservation", vec!["reservation"]),
        ("border", vec!["us", "mexico"]),
        ("mexico", vec!["mexico"]),
        ("texas", vec!["texas"]),
        ("new_mexico", vec!["new_mexico"]),
    ];
    let fills = sets.into_iter().map(|(n, p)| {
        let props = p.into_iter().map(str::to_string).collect();
        (n, fill_colour(&props))
    });
    Ok(vec![crate::gui::palette::Palette::new(
        "block-game areas",
        fills,
    )])
}

/// The systems that need no egui: board, blocks and clicks (headless tests use this).
pub fn logic_plugin(app: &mut App) {
    board::take_down_on_exit::<WindOverlay>(app);
    app.init_resource::<WindSelection>()
        .init_resource::<ClickedWorld>()
        .init_resource::<CursorWorld>()
        .init_resource::<FitRequest>()
        .init_resource::<BoardArea>()
        .add_systems(
            OnEnter(Screen::Playing),
            spawn_board.run_if(game_is::<Wind>),
        )
        .add_systems(
            Update,
            (
                click.in_set(board::BoardSystems::Click),
                redraw.in_set(board::BoardSystems::Draw),
            )
                .run_if(in_state(Screen::Playing).and_then(game_is::<Wind>)),
        );
}

/// The game as the seat on screen sees it ([`Game::view`]): all this plugin reads of it.
fn state(game: &Game) -> Option<std::sync::Arc<State>> {
    game.view::<Wind>()
}

/// Map units (x east, y south) to world coordinates (y up), centred.
fn world(p: [f32; 2]) -> Vec2 {
    Vec2::new(p[0] - 800.0, 600.0 - p[1])
}

fn centroid(poly: &[[f32; 2]]) -> Vec2 {
    if poly.is_empty() {
        return Vec2::ZERO;
    }
    poly.iter().map(|&p| world(p)).sum::<Vec2>() / poly.len() as f32
}

/// The area under a world point (even-odd rule).
fn pick(s: &State, p: Vec2) -> Option<usize> {
    s.stat.map.areas.iter().position(|a| {
        let pts: Vec<Vec2> = a.polygon.iter().map(|&q| world(q)).collect();
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

/// An area's properties in a player's words: its region first, then what it holds
/// ("Arizona: fort, town, water, map edge"). The side a region belongs to (`us`,
/// `mexico`) is said by the region's name, and a key the map adds later is shown as
/// it is written.
pub(crate) fn area_words(props: &std::collections::BTreeSet<String>) -> String {
    const REGIONS: [(&str, &str); 6] = [
        ("arizona", "Arizona"),
        ("new_mexico", "New Mexico"),
        ("texas", "Texas"),
        ("sonora", "Sonora"),
        ("chihuahua", "Chihuahua"),
        ("mexico", "Mexico"),
    ];
    let region = REGIONS
        .iter()
        .find(|(k, _)| props.contains(*k))
        .map(|(_, name)| *name);
    let mut features: Vec<String> = props
        .iter()
        .filter(|p| !REGIONS.iter().any(|(k, _)| k == p) && !["us", "edge"].contains(&p.as_str()))
        .map(|p| p.replace('_', " "))
        .collect();
    if props.contains("edge") {
        features.push("map edge".into());
    }
    match (region, features.is_empty()) {
        (Some(r), true) => r.to_string(),
        (Some(r), false) => format!("{r}: {}", features.join(", ")),
        (None, _) => features.join(", "),
    }
}

/// An area's fill by its properties: pastels dark labels read on, kept apart under
/// every colour-vision deficiency (`gui::palette`).
pub(crate) fn fill_colour(props: &std::collections::BTreeSet<String>) -> Color {
    let has = |p: &str| props.contains(p);
    if has("ocean") {
        Color::srgb(0.47, 0.62, 0.86)
    } else if has("reservation") {
        Color::srgb(0.90, 0.78, 0.48)
    } else if has("us") && has("mexico") {
        Color::srgb(0.81, 0.67, 0.86)
    } else if has("mexico") {
        Color::srgb(0.92, 0.66, 0.74)
    } else if has("texas") {
        Color::srgb(0.82, 0.82, 0.62)
    } else if has("new_mexico") {
        Color::srgb(0.76, 0.89, 0.92)
    } else {
        Color::srgb(0.88, 0.95, 0.80)
    }
}

/// Boundary colour and width by type (§3.0).
fn boundary_style(kind: &str) -> (Color, f32) {
    match kind {
        "mountain" => (Color::srgb(0.40, 0.22, 0.08), 7.0),
        "mixed" => (Color::srgb(0.62, 0.48, 0.22), 4.0),
        "rio_grande" => (Color::srgb(0.10, 0.35, 0.85), 7.0),
        _ => (Color::srgb(0.35, 0.35, 0.35), 1.5),
    }
}

fn spawn_board(
    mut commands: Commands,
    game: Option<Res<Game>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut fit: ResMut<FitRequest>,
    mut sel: ResMut<WindSelection>,
) {
    *sel = WindSelection::default();
    let Some(game) = game else { return };
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    let map = &s.stat.map;
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    let mut sketch = board::Sketch::default();
    for a in &map.areas {
        let pts: Vec<Vec2> = a.polygon.iter().map(|&p| world(p)).collect();
        for p in &pts {
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
        if pts.len() < 3 {
            continue;
        }
        sketch.add(
            ConvexPolygon::new_unchecked(pts.clone()),
            fill_colour(&a.props),
            Vec2::ZERO,
            0.0,
            0.0,
        );
        let c = centroid(&a.polygon);
        let mut marks = vec![];
        for (p, m) in [
            ("town", "Town"),
            ("fort", "Fort"),
            ("water", "Water"),
            ("reservation", "Reservation"),
            ("edge", "Edge"),
        ] {
            if a.props.contains(p) {
                marks.push(m);
            }
        }
        commands.spawn((
            BoardEntity,
            board::board_text(
                a.name.clone(),
                board::BoardText::zoomed(13.0, 0.0),
                Color::srgba(0.0, 0.0, 0.0, 0.8),
                Vec3::new(c.x, c.y + 30.0, 0.3),
            ),
        ));
        if !marks.is_empty() {
            commands.spawn((
                BoardEntity,
                board::board_text(
                    marks.join(" · "),
                    board::BoardText::zoomed(10.0, 0.0),
                    Color::srgba(0.1, 0.1, 0.4, 0.8),
                    Vec3::new(c.x, c.y + 17.0, 0.3),
                ),
            ));
        }
    }
    // Boundaries: the shared edge of each adjacent pair, styled by type.
    for b in &map.boundaries {
        let (Some(ia), Some(ib)) = (map.index(&b.a), map.index(&b.b)) else {
            continue;
        };
        let pa = &map.areas[ia].polygon;
        let pb = &map.areas[ib].polygon;
        let shared: Vec<Vec2> = pa
            .iter()
            .filter(|p| {
                pb.iter()
                    .any(|q| (p[0] - q[0]).abs() < 1.0 && (p[1] - q[1]).abs() < 1.0)
            })
            .map(|&p| world(p))
            .collect();
        if shared.len() < 2 {
            continue;
        }
        let (p, q) = (shared[0], shared[shared.len() - 1]);
        let (colour, width) = boundary_style(&b.kind);
        let d = q - p;
        sketch.add(
            Rectangle::new(d.length(), width),
            colour,
            (p + q) / 2.0,
            0.2,
            d.y.atan2(d.x),
        );
    }
    // The areas and boundaries are one mesh, drawn once into a picture.
    sketch.spawn(&mut commands, &mut meshes, &mut materials);
    fit.bounds = Some((lo, hi));
    fit.pending = true;
}

/// The widest a note on an area may be, in world units (about the narrowest areas'
/// width), so that notes never run over each other.
const AREA_NOTE: f32 = 130.0;

/// The legal actions that would move or deploy `block` into `area`.
fn moves_to(legal: &[String], block: &str, area: &str) -> Vec<String> {
    legal
        .iter()
        .filter(|l| match l.parse::<Action>() {
            Ok(Action::Deploy {
                block: b, area: a, ..
            })
            | Ok(Action::Move {
                block: b, area: a, ..
            }) => b == block && a == area,
            _ => false,
        })
        .cloned()
        .collect()
}

/// The starting strengths the legal deployments offer `block` (empty for a block that
/// starts at a fixed strength).
fn strengths(legal: &[String], block: &str) -> Vec<u8> {
    let mut out: Vec<u8> = legal
        .iter()
        .filter_map(|l| match l.parse::<Action>() {
            Ok(Action::Deploy {
                block: b,
                sp: Some(v),
                ..
            }) if b == block => Some(v),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The strength offered nearest `usual` (the block's drawn strength, the chart's
/// average), the default of the chooser.
fn nearest(offered: &[u8], usual: u8) -> Option<u8> {
    offered
        .iter()
        .copied()
        .min_by_key(|&v| (v.abs_diff(usual), v))
}

/// Of the deployments of one block to one area, the one at strength `sp`, else the one
/// nearest `usual` (the chart's average).
fn deploy_at(options: &[String], sp: Option<u8>, usual: u8) -> String {
    let at = |o: &String| match o.parse::<Action>() {
        Ok(Action::Deploy { sp, .. }) => sp,
        _ => None,
    };
    let offered: Vec<u8> = options.iter().filter_map(at).collect();
    let want = sp
        .filter(|v| offered.contains(v))
        .or(nearest(&offered, usual));
    options
        .iter()
        .find(|o| at(o) == want)
        .or(options.first())
        .cloned()
        .unwrap_or_default()
}

fn click(
    mut game: Option<ResMut<Game>>,
    clicked: Res<ClickedWorld>,
    mut sel: ResMut<WindSelection>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let Some(game) = game.as_mut() else { return };
    if keys.just_pressed(KeyCode::Escape) {
        sel.block = None;
        sel.party.clear();
    }
    // The routes of the selected block (and party), found once per state (drawn by
    // `redraw`).
    game.keep_routes(sel.piece().as_deref());
    let Some(p) = clicked.0 else { return };
    if game.curtain_down() {
        return;
    }
    let Some(seen) = state(game) else { return };
    let s = &*seen;
    let Some(a) = pick(s, p) else { return };
    let area_id = s.stat.id(a).to_string();
    if let Some(b) = sel.block.clone()
        && game.can_act()
    {
        let legal = game.legal();
        let options = moves_to(&legal, &b, &area_id);
        if !options.is_empty() {
            // A deployment at the strength chosen in the panel (the highest offered
            // when none was chosen); an Army Leader takes the party the player ticked
            // (any subset is legal).
            let action = if options.iter().all(|o| o.starts_with("deploy")) {
                let usual = view(s, game.viewing())
                    .blocks
                    .iter()
                    .find(|x| x.handle == b)
                    .and_then(|x| x.sp)
                    .unwrap_or(0);
                deploy_at(&options, sel.sp, usual)
            } else if sel.party.is_empty() {
                options[0].clone()
            } else {
                format!("move {b} {area_id} with {}", sel.party.join(","))
            };
            game.submit(&action);
            sel.sp = None;
            sel.area = Some(a);
            sel.party.retain(|h| !h.is_empty());
            return;
        }
        // Further than one boundary: move there by the route found, crossing by
        // crossing through the rules (issue 30, move by destination).
        if let Some(piece) = sel.piece()
            && game.walk_to(&piece, &area_id)
        {
            sel.area = Some(a);
            return;
        }
    }
    sel.area = Some(a);
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource or query it needs
fn redraw(
    mut commands: Commands,
    game: Option<Res<Game>>,
    mut sel: ResMut<WindSelection>,
    overlay: Query<Entity, With<WindOverlay>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    cursor: Res<CursorWorld>,
) {
    let Some(game) = game else { return };
    let hovered = state(&game).zip(cursor.0).and_then(|(s, p)| pick(&s, p));
    let key = (sel.area, sel.block.clone(), sel.party.clone(), hovered);
    if !sel.drawn.changed(&game, key) {
        return;
    }
    for e in &overlay {
        commands.entity(e).despawn();
    }
    if game.curtain_down() {
        return;
    }
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    let v = view(s, game.viewing());
    // Highlights: the selected area, and where the selected block may go.
    let glow = materials.add(Color::srgba(1.0, 0.9, 0.1, 0.35));
    let chosen = materials.add(Color::srgba(1.0, 1.0, 1.0, 0.30));
    let legal = if game.can_act() { game.legal() } else { vec![] };
    for (i, a) in s.stat.map.areas.iter().enumerate() {
        let target = sel
            .block
            .as_deref()
            .is_some_and(|b| !moves_to(&legal, b, &a.id).is_empty());
        if (target || sel.area == Some(i)) && a.polygon.len() >= 3 {
            let pts: Vec<Vec2> = a.polygon.iter().map(|&p| world(p)).collect();
            commands.spawn((
                WindOverlay,
                Mesh2d(meshes.add(ConvexPolygon::new_unchecked(pts))),
                MeshMaterial2d(if target { glow.clone() } else { chosen.clone() }),
                Transform::from_xyz(0.0, 0.0, 0.15),
            ));
        }
    }
    // Areas further than one crossing (move by destination): a paler highlight with
    // the MP left there, and the route to the hovered one as dots.
    let routes = sel
        .piece()
        .map(|p| game.cached_routes(&p).to_vec())
        .unwrap_or_default();
    let far = materials.add(Color::srgba(0.0, 0.62, 0.45, 0.30));
    let dot = meshes.add(Circle::new(9.0));
    let ink = materials.add(Color::srgb(0.0, 0.35, 0.25));
    for r in routes.iter().filter(|r| r.actions.len() > 1) {
        let Some(i) = s.stat.area(&r.to) else {
            continue;
        };
        let area = &s.stat.map.areas[i];
        if area.polygon.len() < 3 {
            continue;
        }
        let pts: Vec<Vec2> = area.polygon.iter().map(|&p| world(p)).collect();
        commands.spawn((
            WindOverlay,
            Mesh2d(meshes.add(ConvexPolygon::new_unchecked(pts))),
            MeshMaterial2d(far.clone()),
            Transform::from_xyz(0.0, 0.0, 0.14),
        ));
        let c = centroid(&area.polygon);
        // The hovered area says it all, always legibly; the others only the MP left,
        // and only where it fits (the tint already says the block can get there).
        let (text, look) = if hovered == Some(i) {
            let n = r.actions.len();
            let text = match (r.interrupted, r.left) {
                (true, Some(l)) => format!("{n} crossings, {l} MP left, may stop"),
                (false, Some(l)) => format!("{n} crossings, {l} MP left"),
                (_, None) => format!("{n} crossings"),
            };
            (text, board::BoardText::at_least(12.0, 11.0))
        } else {
            let text = match (r.interrupted, r.left) {
                (true, Some(l)) => format!("{l} MP left, may stop"),
                (false, Some(l)) => format!("{l} MP left"),
                (_, None) => format!("{} crossings", r.actions.len()),
            };
            let look = board::BoardText {
                hide_px: 8.0,
                ..board::BoardText::at_least(12.0, 9.0).within(AREA_NOTE, &text)
            };
            (text, look)
        };
        commands.spawn((
            WindOverlay,
            board::board_text(text, look, Color::BLACK, Vec3::new(c.x, c.y + 22.0, 1.3)),
        ));
        if hovered == Some(i) {
            let mut from = sel.block.as_deref().and_then(|b| {
                v.blocks
                    .iter()
                    .find(|x| x.handle == b)
                    .and_then(|x| x.area.as_deref())
                    .and_then(|a| s.stat.area(a))
            });
            for a in &r.actions {
                let Ok(Action::Move { area, .. }) = a.parse::<Action>() else {
                    continue;
                };
                let Some(to) = s.stat.area(&area) else {
                    continue;
                };
                let q = centroid(&s.stat.map.areas[to].polygon);
                // Dots from the area left to the area entered.
                if let Some(f) = from {
                    let p = centroid(&s.stat.map.areas[f].polygon);
                    for k in 1..=4 {
                        let t = k as f32 / 5.0;
                        let d = p.lerp(q, t);
                        commands.spawn((
                            WindOverlay,
                            Mesh2d(dot.clone()),
                            MeshMaterial2d(ink.clone()),
                            Transform::from_xyz(d.x, d.y, 1.25),
                        ));
                    }
                }
                from = Some(to);
            }
        }
    }
    // Blocks, laid out in two columns under each area's label.
    let body = meshes.add(Rectangle::new(74.0, 19.0));
    let edge = meshes.add(Rectangle::new(78.0, 23.0));
    let black = materials.add(Color::BLACK);
    let white = materials.add(Color::WHITE);
    let fills = [
        materials.add(Color::srgb_u8(0xE6, 0x9F, 0x00)),
        materials.add(Color::srgb_u8(0x00, 0x72, 0xB2)),
        materials.add(Color::srgb_u8(0xD5, 0x5E, 0x00)),
    ];
    for a in &s.stat.map.areas {
        let here: Vec<&BlockView> = v
            .blocks
            .iter()
            .filter(|b| b.area.as_deref() == Some(a.id.as_str()))
            .collect();
        let c = centroid(&a.polygon);
        for (k, b) in here.iter().enumerate() {
            let col = (k % 2) as f32;
            let row = (k / 2) as f32;
            let p = Vec2::new(c.x - 39.0 + col * 78.0, c.y - row * 24.0);
            let selected = sel.block.as_deref() == Some(b.handle.as_str());
            let in_party = sel.party.contains(&b.handle);
            commands.spawn((
                WindOverlay,
                Mesh2d(edge.clone()),
                MeshMaterial2d(if selected || in_party {
                    white.clone()
                } else {
                    black.clone()
                }),
                Transform::from_xyz(p.x, p.y, 1.0),
            ));
            let fill = match b.nation {
                Nation::Apache => fills[0].clone(),
                Nation::Us => fills[1].clone(),
                Nation::Mexico => fills[2].clone(),
            };
            commands.spawn((
                WindOverlay,
                Mesh2d(body.clone()),
                MeshMaterial2d(fill),
                Transform::from_xyz(p.x, p.y, 1.1),
            ));
            let text = label(b);
            let ink = if b.nation == Nation::Apache {
                Color::BLACK
            } else {
                Color::WHITE
            };
            commands.spawn((
                WindOverlay,
                board::board_text(
                    text.clone(),
                    board::BoardText::at_least(11.0, 9.0).within(72.0, &text),
                    ink,
                    Vec3::new(p.x, p.y, 1.2),
                ),
            ));
        }
    }
}

/// A block's face as the seat sees it: name and strength or value when known, else
/// only its handle.
fn label(b: &BlockView) -> String {
    let Some(name) = &b.name else {
        return b.handle.clone();
    };
    let short: String = name.chars().take(9).collect();
    match (b.kind, b.sp, b.value) {
        (Some(BlockKind::Leader), _, Some(v)) => format!("{short} L{v}"),
        (Some(BlockKind::Rumor), _, _) => format!("{short} ?"),
        (_, Some(sp), _) => format!("{short} {sp}"),
        _ => short,
    }
}

fn kind_word(b: &BlockView) -> String {
    match b.kind {
        None => format!("{:?} block (hidden)", b.nation),
        Some(k) => format!("{k:?}"),
    }
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource or query it needs
/// The ruleset's part of the turn bar: scenario and turn, phase or impulse,
/// Provocation, Incursion, Victory Points and Levels.
fn turn_info(InMut(ui): InMut<egui::Ui>, game: Res<Game>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    let v = view(s, game.viewing());
    ui.strong(format!(
        "{} — Turn {} of {}",
        s.stat.scenario.name, v.turn, v.last_turn
    ));
    ui.separator();
    let phase = match v.phase.as_str() {
        "movement" => format!(
            "Movement impulse {} ({})",
            v.impulse,
            game.seat_name(s.side)
        ),
        "deploy" => format!("Deployment ({})", game.seat_name(s.side)),
        other => other.to_string(),
    };
    ui.label(phase);
    ui.separator();
    ui.label(format!(
        "Provocation: {}",
        v.level.clone().unwrap_or_else(|| "-".into())
    ));
    ui.label(format!(
        "Incursion: {}",
        if v.incursion { "Yes" } else { "No" }
    ));
    ui.separator();
    ui.label(format!(
        "VP this turn: Apache {} — Army {}",
        v.vp[0], v.vp[1]
    ));
    ui.label(format!(
        "Victory Levels: Apache {} — Army {}",
        v.levels[0], v.levels[1]
    ));
}

/// The left panel: the viewing seat, decisions not made on the map (combat), blocks to
/// deploy, the selected area's blocks and an Army Leader's party.
fn side_panel(InMut(ui): InMut<egui::Ui>, mut game: ResMut<Game>, mut sel: ResMut<WindSelection>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    let s = s.clone();
    // The legal actions of the seat to act, only when that is the human at the screen.
    let legal = if game.can_act() { game.legal() } else { vec![] };
    let mine = game.can_act();
    let v = view(&s, game.viewing());
    let mut submit: Option<String> = None;
    {
        ui.heading(format!("View: {}", game.who(game.viewing())));
        // Decisions that are not made on the map: combat.
        let off_map: Vec<&String> = legal
            .iter()
            .filter(|l| {
                l.parse::<Action>().is_ok_and(|a| {
                    !matches!(a, Action::Deploy { .. } | Action::Move { .. })
                        && Wind::action_kind(&a) != ActionKind::EndPhase
                })
            })
            .collect();
        if mine && !off_map.is_empty() {
            ui.colored_label(egui::Color32::from_rgb(240, 200, 80), "Decision:");
            egui::ScrollArea::vertical()
                .id_salt("wind_decisions")
                .max_height(220.0)
                .show(ui, |ui| {
                    for l in off_map {
                        if ui.button(describe(&s, &v, l)).clicked() {
                            submit = Some(l.clone());
                        }
                    }
                });
            ui.separator();
        }
        let waiting: Vec<&BlockView> = v
            .blocks
            .iter()
            .filter(|b| b.status == "drawn" && b.name.is_some())
            .collect();
        if !waiting.is_empty() {
            ui.label(format!(
                "To deploy ({}): select one, then click a highlighted area",
                waiting.len()
            ));
            ui.horizontal_wrapped(|ui| {
                for b in waiting {
                    let on = sel.block.as_deref() == Some(b.handle.as_str());
                    if ui.selectable_label(on, label(b)).clicked() {
                        sel.block = Some(b.handle.clone());
                        sel.party.clear();
                        sel.sp = None;
                    }
                }
            });
            // The selected block's starting strength, from its pool's share of the
            // Provocation Chart (§3.0, §6.0; the chart is a reconstruction).
            if let Some(h) = sel.block.clone() {
                let offered = strengths(&legal, &h);
                if offered.len() > 1 {
                    let usual = v
                        .blocks
                        .iter()
                        .find(|b| b.handle == h)
                        .and_then(|b| b.sp)
                        .unwrap_or(0);
                    let chosen = sel
                        .sp
                        .filter(|x| offered.contains(x))
                        .or(nearest(&offered, usual));
                    ui.horizontal_wrapped(|ui| {
                        ui.label("Starting SP:");
                        for v in offered {
                            if ui
                                .selectable_label(chosen == Some(v), v.to_string())
                                .clicked()
                            {
                                sel.sp = Some(v);
                            }
                        }
                    });
                    ui.small("The pool's SP (chart average × blocks drawn, a reconstruction) are split among its blocks; each keeps at least 1.");
                }
            }
            ui.separator();
        }
        if let Some(a) = sel.area {
            let info = &s.stat.map.areas[a];
            ui.strong(&info.name);
            ui.small(area_words(&info.props));
            for &(n, k) in s.stat.neighbors(a) {
                ui.small(format!(
                    "  to {} ({})",
                    s.stat.map.areas[n].name, s.stat.tables.costs[k].kind
                ));
            }
            ui.separator();
            let here: Vec<&BlockView> = v
                .blocks
                .iter()
                .filter(|b| b.area.as_deref() == Some(info.id.as_str()))
                .collect();
            for b in &here {
                let own = b.mp_left.is_some();
                let text = format!(
                    "{} — {}{}{}",
                    label(b),
                    kind_word(b),
                    b.max_sp.map_or(String::new(), |m| format!(", max {m}")),
                    b.mp_left
                        .map_or(String::new(), |m| format!(", {m} MP left"))
                );
                if own {
                    let on = sel.block.as_deref() == Some(b.handle.as_str());
                    if ui.selectable_label(on, text).clicked() {
                        sel.block = Some(b.handle.clone());
                        sel.party.clear();
                    }
                } else {
                    ui.label(text);
                }
            }
            // An Army Leader's party (§7.0 "Leaders").
            if let Some(h) = sel.block.clone()
                && let Some(l) = here.iter().find(|b| b.handle == h)
                && l.kind == Some(BlockKind::Leader)
                && l.nation != Nation::Apache
            {
                ui.separator();
                ui.label("Takes along (tick, then click a highlighted area):");
                for b in here
                    .iter()
                    .filter(|b| b.nation == l.nation && b.handle != h)
                {
                    let mut on = sel.party.contains(&b.handle);
                    if ui.checkbox(&mut on, label(b)).changed() {
                        if on {
                            sel.party.push(b.handle.clone());
                        } else {
                            sel.party.retain(|x| x != &b.handle);
                        }
                    }
                }
            }
        } else {
            ui.label("Click an area to see its blocks; select one of yours, then click a highlighted area: a bright one is one crossing away, a green one further (hover it to see the route).");
        }
    }
    if let Some(a) = submit {
        game.submit(&a);
    }
}

/// A decision in words, naming blocks as the seat sees them.
fn describe(s: &State, v: &crate::games::wind::View, l: &str) -> String {
    let name = |h: &str| {
        v.blocks
            .iter()
            .find(|b| b.handle == h)
            .map_or(h.to_string(), label)
    };
    let area_name = |area: &str| {
        s.stat
            .area(area)
            .map_or(area.to_string(), |a| s.stat.map.areas[a].name.clone())
    };
    match l.parse::<Action>() {
        Ok(Action::Combat { area }) => format!("Resolve combat in {}", area_name(&area)),
        Ok(Action::Retreat { leader }) => format!("Retreat before combat with {}", name(&leader)),
        Ok(Action::Stay) => "Stay and fight".into(),
        Ok(Action::Scout) => "Reveal the Scout: cancel the retreat".into(),
        Ok(Action::Pass) => "Let them retreat".into(),
        Ok(Action::Lead { leader, block }) => format!("{} leads {}", name(&leader), name(&block)),
        Ok(Action::Fire) => "Fire!".into(),
        Ok(Action::Decline) => "Decline the ambush: fight regular combat".into(),
        Ok(Action::Loss { block }) => format!("{} takes the hits", name(&block)),
        Ok(Action::Withdraw { area }) => format!("Retreat to {}", area_name(&area)),
        _ => l.to_string(),
    }
}

/// The charts window, when it is open: the Provocation levels and Chart (this turn's
/// line marked), movement costs, limits and combat numbers, the VP schedule and the
/// blocks of the counter mix, each value with its source (reconstructions marked).
fn windows(InMut(ui): InMut<egui::Ui>, game: Res<Game>, cursor: Res<CursorWorld>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    // The hovered area's tooltip: its name and kind, and its blocks as the seat sees
    // them (the other side's as blank blocks of their colour until revealed).
    if let Some(a) = cursor.0.and_then(|p| pick(s, p))
        && !game.curtain_down()
    {
        let v = view(s, game.viewing());
        let info = &s.stat.map.areas[a];
        let words = area_words(&info.props);
        let head = if words.is_empty() {
            info.name.clone()
        } else {
            format!("{} ({words})", info.name)
        };
        let lines: Vec<String> = v
            .blocks
            .iter()
            .filter(|b| b.area.as_deref() == Some(info.id.as_str()))
            .map(|b| {
                format!(
                    "{} — {}{}",
                    label(b),
                    kind_word(b),
                    b.mp_left
                        .map_or(String::new(), |m| format!(", {m} MP left"))
                )
            })
            .collect();
        board::hover_tooltip(ui.ctx(), &head, &lines, &[]);
    }
    if !game.charts() {
        return;
    }
    let t = &s.stat.tables;
    let now = s
        .level
        .and_then(|l| t.levels.get(l))
        .map(|l| l.name.as_str());
    let mark = |on: bool, text: String| -> egui::RichText {
        if on {
            egui::RichText::new(text)
                .strong()
                .color(egui::Color32::from_rgb(240, 200, 80))
        } else {
            egui::RichText::new(text)
        }
    };
    egui::Window::new("Charts — Once We Moved Like the Wind")
        .default_width(760.0)
        .vscroll(true)
        .show(ui.ctx(), |ui| {
            ui.heading("Provocation Level (§6.0)");
            ui.small(t.levels_source.label());
            egui::Grid::new("wind_levels").striped(true).show(ui, |ui| {
                for h in ["die + modifier", "level", "next turn's roll"] {
                    ui.strong(h);
                }
                ui.end_row();
                for l in &t.levels {
                    let on = now == Some(l.name.as_str());
                    let range = if l.lo == l.hi {
                        l.lo.to_string()
                    } else {
                        format!("{}-{}", l.lo, l.hi)
                    };
                    ui.label(mark(on, range));
                    ui.label(mark(
                        on,
                        if l.skip {
                            format!("{} (the turn is skipped)", l.name)
                        } else {
                            l.name.clone()
                        },
                    ));
                    ui.label(mark(on, format!("{:+}", l.next)));
                    ui.end_row();
                }
            });
            ui.separator();
            ui.heading("Provocation Chart (§6.0): blocks picked, average starting SP");
            ui.small(t.chart_source.label());
            let pools: Vec<_> = t
                .chart
                .iter()
                .flat_map(|r| r.draw.keys().copied())
                .fold(Vec::new(), |mut v, p| {
                    if !v.contains(&p) {
                        v.push(p);
                    }
                    v
                });
            egui::Grid::new("wind_chart").striped(true).show(ui, |ui| {
                ui.strong("level");
                for p in &pools {
                    ui.strong(format!("{p:?}"));
                }
                ui.strong("set aside in play");
                ui.end_row();
                for r in &t.chart {
                    let on = now == Some(r.level.as_str());
                    ui.label(mark(on, r.level.clone()));
                    for p in &pools {
                        let n = r.draw.get(p).copied().unwrap_or(0);
                        let cell = match r.sp.get(p) {
                            Some(sp) => format!("{n} (avg {sp} SP)"),
                            None => n.to_string(),
                        };
                        ui.label(mark(on, cell));
                    }
                    ui.label(mark(on, r.set_aside.join(", ")));
                    ui.end_row();
                }
            });
            ui.small("A pool's SP (average x blocks picked) are split by their owner as he deploys them, each 1 to its maximum; Mexican blocks deploy at their maximum (§3.0, §6.0).");
            ui.separator();
            ui.heading("Movement costs (§7.0): MP to cross a boundary");
            egui::Grid::new("wind_costs").striped(true).show(ui, |ui| {
                for h in ["boundary", "Apache", "Army"] {
                    ui.strong(h);
                }
                ui.end_row();
                for c in &t.costs {
                    ui.label(&c.kind);
                    ui.label(format!("{} — {}", c.apache, c.apache_source.label()));
                    ui.label(format!("{} — {}", c.army, c.army_source.label()));
                    ui.end_row();
                }
            });
            let num = |ui: &mut egui::Ui, what: &str, n: &crate::games::wind::data::Num| {
                ui.label(format!("{what}: {} — {}", n.value, n.source.label()));
            };
            num(ui, "Apache entering an area with Army blocks, extra MP", &t.apache_enter_army);
            ui.separator();
            ui.heading("Limits and combat (§7.0, §8.0, §11.0)");
            num(ui, "Apache blocks ending a movement segment in an area, at most", &t.apache_limit);
            num(ui, "Army blocks ending a movement segment in an area, at most", &t.army_limit);
            num(ui, "A die (plus a Leader's value) hits on", &t.hit);
            num(ui, "Apache Leaders in an ambush with a Mountain boundary", &t.mountain_bonus);
            num(ui, "Army Leaders with the Settler", &t.settler_penalty);
            num(ui, "Apache Leader death (11.1): d6 + value at most", &t.apache_death);
            num(ui, "Army Leader death (11.2): d6 + value at most", &t.army_death);
            ui.separator();
            ui.heading("Victory Points (§9.0)");
            num(ui, "Apache: each Army SP lost in combat", &t.vp_army_sp_lost);
            num(ui, "Apache: each Apache SP not forced to the Reservation", &t.vp_apache_sp_free);
            num(ui, "Army: each Apache SP lost in combat", &t.vp_apache_sp_lost);
            num(ui, "Army: each Apache SP forced to the Reservation", &t.vp_apache_sp_forced);
            num(ui, "Army: each Rumor revealed", &t.vp_rumor);
            num(ui, "Army: 1 VP per this many Apache blocks in map-edge areas", &t.edge_blocks_per_vp);
            num(ui, "Army: each SP of US reinforcement", &t.vp_reinforcement);
            ui.label("Army: a captured Apache Leader's value (§8.0, §9.0).");
            ui.separator();
            ui.heading("The blocks (§3.0, §4.0)");
            egui::Grid::new("wind_blocks").striped(true).show(ui, |ui| {
                for h in ["block", "nation, kind", "MP", "max SP / value", "turns", "source"] {
                    ui.strong(h);
                }
                ui.end_row();
                for d in &s.stat.scenario.blocks {
                    ui.label(&d.name);
                    ui.label(format!("{:?}, {:?}", d.nation, d.kind));
                    ui.label(d.mp.to_string());
                    ui.label(if d.kind == BlockKind::Leader {
                        format!("value {}", d.value)
                    } else if d.kind == BlockKind::Rumor {
                        "-".to_string()
                    } else {
                        format!("{} SP", d.max_sp)
                    });
                    ui.label(d.turns.map_or(String::new(), |(a, b)| format!("{a}-{b}")));
                    ui.small(d.source.label());
                    ui.end_row();
                }
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_areas_properties_read_as_words_not_keys() {
        let set = |v: &[&str]| v.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            area_words(&set(&["arizona", "edge", "fort", "town", "us", "water"])),
            "Arizona: fort, town, water, map edge"
        );
        assert_eq!(area_words(&set(&["mexico", "sonora"])), "Sonora");
        assert_eq!(area_words(&set(&["new_mexico", "reservation", "us"])), "New Mexico: reservation");
        assert_eq!(area_words(&set(&[])), "");
    }

    #[test]
    fn decisions_name_areas_by_their_names_not_their_keys() {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let s = crate::games::new_session(&root, "moved_like_the_wind/victorio_geronimo", 0)
            .expect("the scenario loads");
        let game = Game::new(s, false);
        let seen = state(&game).expect("a block game");
        let st = &*seen;
        let v = view(st, 0);
        let key = "mogollon";
        let name = &st.stat.map.areas[st.stat.area(key).expect("an area")].name;
        assert_ne!(name, key);
        assert_eq!(
            describe(st, &v, &format!("withdraw {key}")),
            format!("Retreat to {name}")
        );
        assert_eq!(
            describe(st, &v, &format!("combat {key}")),
            format!("Resolve combat in {name}")
        );
    }
}
