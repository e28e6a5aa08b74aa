//! The plugin of *I Will Fight No More Forever*'s strategic campaign: draws the strategic
//! map (Open Plains, Rolling Hills, Wooded and Major Mountains, each with its own
//! symbol; Minor River hexes, Major River hexsides, towns, forts, the Canada hexes and
//! named places) and every strategic counter (face-down reinforcements greyed on their
//! hexes); highlights the selected unit's moves and crossings with their cost; turns
//! clicks into legal actions; and shows the turn bar (with the 1877 dates), the unit
//! panel, and, before each combat, each seat's choice to fight it on the tactical map
//! or hand it to the computer. While a combat is fought, the tactical plugin draws it
//! (the shell follows the game being played, `Game::level_game`).

use super::board::{self, ActiveMap, BoardArea, Clicked, FitRequest, HEX, Hover};
use super::charts::{source_line, source_tag};
use super::playing::{Drawn, RulesetUi, game_is, register_ruleset_ui};
use super::{Game, Screen};
use crate::core::campaign::NestedState;
use crate::core::hexmap::Coord;
use crate::games::nez_perce_strategic::campaign::{NezPerceCampaign, NezPerceStrategic, count};
use crate::games::nez_perce_strategic::play::{self, Action};
use crate::games::nez_perce_strategic::rules;
use crate::games::nez_perce_strategic::setup::GAME;
use crate::games::nez_perce_strategic::state::{Phase, State, Where, place_label};
use crate::games::nez_perce_tactical::data::Side;
use bevy::ecs::system::InMut;
use bevy::prelude::*;
use bevy_egui::egui;

/// Counters and highlights (redrawn when the game changes).
#[derive(Component, Clone)]
pub struct Overlay;

/// What the player has selected on the strategic map.
#[derive(Resource, Default)]
pub struct Selection {
    /// Selected unit id.
    pub unit: Option<String>,
    drawn: Drawn<(Option<String>, Option<Coord>)>,
}

/// Register the plugin: the logic systems plus its parts of the play screen.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(logic_plugin);
    let ui = RulesetUi {
        game: GAME,
        turn_info: app.register_system(turn_info),
        side_panel: app.register_system(side_panel),
        buttons: None,
        windows: Some(app.register_system(windows)),
        end_label: "End phase",
        charts: true,
    };
    register_ruleset_ui(app, ui);
    crate::gui::palette::register(app, GAME, palettes);
}

/// The colours the board shows side by side, for the colour-vision check
/// (`gui::palette`): the terrain classes and the sides' counters.
fn palettes(_: &std::path::Path) -> Result<Vec<crate::gui::palette::Palette>, String> {
    use crate::gui::palette::Palette;
    let t = ["plains", "rolling_hills", "wooded", "major_mountains"];
    Ok(vec![
        Palette::new(
            "Nez Perce strategic terrain",
            t.map(|n| (n, terrain_colour(n))),
        ),
        Palette::new(
            "Nez Perce strategic sides",
            [
                ("Army", side_colours(Side::Army).0),
                ("Indian", side_colours(Side::Indian).0),
            ],
        ),
    ])
}

/// The systems that need no egui: board spawning, drawing and clicks.
pub fn logic_plugin(app: &mut App) {
    board::take_down_on_exit::<Overlay>(app);
    app.init_resource::<Selection>()
        .init_resource::<Clicked>()
        .init_resource::<Hover>()
        .init_resource::<FitRequest>()
        .init_resource::<BoardArea>()
        .add_systems(
            OnEnter(Screen::Playing),
            spawn_board.run_if(game_is::<NezPerceCampaign>),
        )
        .add_systems(
            Update,
            (
                click.in_set(board::BoardSystems::Click),
                redraw.in_set(board::BoardSystems::Draw),
            )
                .run_if(in_state(Screen::Playing).and_then(game_is::<NezPerceCampaign>)),
        );
}

/// The strategic state as the seat on screen sees it ([`Game::view`]: all this plugin
/// reads of the game), while no combat is being fought.
fn state(game: &Game) -> Option<Strategic> {
    game.view::<NezPerceCampaign>()
        .filter(|n| n.battle.is_none())
        .map(Strategic)
}

/// The campaign as seen, read as its strategic state.
struct Strategic(std::sync::Arc<NestedState<NezPerceStrategic>>);

impl std::ops::Deref for Strategic {
    type Target = State;
    fn deref(&self) -> &State {
        &self.0.campaign
    }
}

/// Terrain colours, chosen to stay apart in greyscale: pale open plains, olive hills,
/// dark green wooded mountains, grey-brown major mountains; apart under every
/// colour-vision deficiency too (`gui::palette`).
pub(crate) fn terrain_colour(name: &str) -> Color {
    match name {
        "rolling_hills" => Color::srgb(0.74, 0.72, 0.48),
        "wooded" => Color::srgb(0.33, 0.52, 0.30),
        "major_mountains" => Color::srgb(0.62, 0.55, 0.52),
        _ => Color::srgb(0.90, 0.88, 0.68),
    }
}

/// The 1877 dates of a strategic turn: turn n covers 14 June + 4(n-1) days and the three
/// days after (research notes s.3).
pub fn turn_dates(turn: u32) -> String {
    let day = |d: u32| -> String {
        // Days from 14 June: June has 30 days, July and August 31, September 30.
        let mut n = 14 + d;
        for (month, len) in [
            ("June", 30),
            ("July", 31),
            ("August", 31),
            ("September", 30),
        ] {
            if n <= len {
                return format!("{n} {month}");
            }
            n -= len;
        }
        format!("{n} October")
    };
    let first = 4 * turn.saturating_sub(1);
    format!("{} - {} 1877", day(first), day(first + 3))
}

fn spawn_board(
    mut commands: Commands,
    game: Option<Res<Game>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut fit: ResMut<FitRequest>,
    mut sel: ResMut<Selection>,
) {
    *sel = Selection::default();
    let Some(game) = game else { return };
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    let map = &s.stat.map;
    let mut sketch = board::Sketch::default();
    let bounds = board::spawn_map(&mut commands, &mut sketch, map, terrain_colour);
    board::spawn_hexsides(&mut sketch, map, |f| {
        (f == "major_river").then_some((Color::srgb(0.10, 0.30, 0.85), 7.0))
    });
    // Symbols as well as colour: dots for wooded mountains, a peak for major
    // mountains, a low mound for rolling hills, a short blue bar for a Minor River.
    let peak = Triangle2d::new(
        Vec2::new(0.0, HEX * 0.26),
        Vec2::new(-HEX * 0.26, -HEX * 0.14),
        Vec2::new(HEX * 0.26, -HEX * 0.14),
    );
    for c in map.coords() {
        let p = board::center(c);
        let mut at = |shape: Mesh, colour: Color, dx: f32, dy: f32| {
            sketch.add(shape, colour, p + Vec2::new(HEX * dx, HEX * dy), 0.3, 0.0);
        };
        match map.terrain_name(c) {
            Some("wooded") => {
                for (dx, dy) in [(-0.3, 0.3), (0.0, 0.5), (0.3, 0.3)] {
                    at(
                        Circle::new(HEX * 0.09).into(),
                        Color::srgb(0.10, 0.25, 0.10),
                        dx,
                        dy,
                    );
                }
            }
            Some("major_mountains") => at(peak.into(), Color::srgb(0.30, 0.25, 0.22), 0.0, 0.3),
            Some("rolling_hills") => at(
                CircularSegment::new(HEX * 0.28, 1.0).into(),
                Color::srgb(0.45, 0.42, 0.25),
                0.0,
                0.35,
            ),
            _ => {}
        }
        if s.stat.is(c, "minor_river") {
            let bar = Rectangle::new(HEX * 0.6, HEX * 0.09);
            at(bar.into(), Color::srgb(0.15, 0.40, 0.90), 0.0, -0.55);
        }
        if s.stat.town(c).is_some() {
            let town = Rectangle::new(HEX * 0.34, HEX * 0.34);
            at(town.into(), Color::BLACK, -0.55, 0.0);
        }
        if s.stat.is(c, "canada") {
            let ring = Annulus::new(HEX * 0.86, HEX * 0.98);
            at(ring.into(), Color::srgb(0.85, 0.15, 0.15), 0.0, 0.0);
        }
    }
    sketch.spawn(&mut commands, &mut meshes, &mut materials);
    // Place names, towns and forts under the hex.
    for (c, marks) in &map.marks {
        let p = board::center(*c);
        let label = marks
            .iter()
            .find(|m| m.starts_with("town:") || m.starts_with("fort:") || m.starts_with("place:"))
            .map(|m| place_label(m));
        if let Some(l) = label {
            commands.spawn((
                board::BoardEntity,
                board::board_text(
                    l,
                    board::BoardText::at_least(9.0, 8.0),
                    Color::srgb(0.1, 0.1, 0.1),
                    Vec3::new(p.x, p.y - HEX * 0.78, 0.4),
                ),
            ));
        }
    }
    commands.insert_resource(ActiveMap(map.clone()));
    fit.bounds = Some(bounds);
    fit.pending = true;
}

/// The side of a seat.
fn side_of(seat: u8) -> Side {
    if seat == Side::Army.seat() {
        Side::Army
    } else {
        Side::Indian
    }
}

/// The unit an action is by, and the hex it is made by clicking.
fn action_hex(a: &Action) -> Option<(Option<&str>, Coord)> {
    match a {
        Action::Move { unit, to } | Action::Cross { unit, to } => Some((Some(unit), *to)),
        Action::Declare { hex } | Action::Search { hex } => Some((None, *hex)),
        _ => None,
    }
}

/// The legal actions a click on `hex` could mean, for the selected unit.
fn actions_at(legal: &[String], sel: Option<&str>, hex: Coord) -> Vec<String> {
    legal
        .iter()
        .filter(|l| {
            l.parse::<Action>().ok().is_some_and(|a| {
                action_hex(&a).is_some_and(|(who, h)| h == hex && (who.is_none() || who == sel))
            })
        })
        .cloned()
        .collect()
}

fn click(
    mut game: Option<ResMut<Game>>,
    clicked: Res<Clicked>,
    mut sel: ResMut<Selection>,
    keys: Res<ButtonInput<KeyCode>>,
) {
    let Some(game) = game.as_mut() else { return };
    if keys.just_pressed(KeyCode::Escape) {
        sel.unit = None;
        game.clear_choice();
    }
    // The selected piece's routes, found once per state (drawn by `redraw`).
    game.keep_routes(sel.unit.as_deref());
    let Some(hex) = clicked.0 else { return };
    if game.curtain_down() {
        return;
    }
    let legal = if game.can_act() { game.legal() } else { vec![] };
    let Some(seen) = state(game) else { return };
    let s = &*seen;
    let acts = actions_at(&legal, sel.unit.as_deref(), hex);
    let side = side_of(game.viewing());
    let own: Vec<String> = s.at(hex, side).map(|u| s.def(u).id.clone()).collect();
    let to = hex.to_string();
    game.resolve_click(&mut sel.unit, acts, &own, &to);
}

/// Counter colours by side: Army blue, Indian ochre (as in the tactical game).
pub(crate) fn side_colours(side: Side) -> (Color, Color) {
    match side {
        Side::Army => (board::colour("#1f3b73"), Color::WHITE),
        Side::Indian => (board::colour("#e69f00"), Color::BLACK),
    }
}

/// A counter's two lines: its search or evasion value and its allowances, and its name.
fn counter_text(s: &State, u: usize) -> (String, String) {
    let d = s.def(u);
    let value = match d.side {
        Side::Army => format!("S{}", d.search),
        Side::Indian => format!("E{}", d.evasion),
    };
    let mut name: String = d.name.chars().take(11).collect();
    if s.units[u].fast {
        name.push_str(" F");
    }
    (format!("{value} {}/{}", d.normal, d.fast), name)
}

fn redraw(
    mut commands: Commands,
    game: Option<Res<Game>>,
    mut sel: ResMut<Selection>,
    overlay: Query<Entity, With<Overlay>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    hover: Res<Hover>,
) {
    let Some(game) = game else { return };
    let key = (sel.unit.clone(), hover.0);
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
    let counter = board::CounterMeshes::new(&mut meshes);
    let black = materials.add(Color::BLACK);
    let white = materials.add(Color::WHITE);
    let mut by_hex: std::collections::BTreeMap<Coord, Vec<usize>> = Default::default();
    for u in 0..s.units.len() {
        match s.units[u].at {
            Where::Map(c) | Where::Inactive(c) => by_hex.entry(c).or_default().push(u),
            _ => {}
        }
    }
    for (c, mut us) in by_hex {
        // Face-down reinforcements under the active counters of their hex.
        us.sort_by_key(|&u| !matches!(s.units[u].at, Where::Inactive(_)));
        let base = board::center(c);
        let n = us.len();
        for (i, &u) in us.iter().enumerate() {
            let off = Vec2::new(5.0, 5.0) * (i as f32 - (n as f32 - 1.0) / 2.0);
            let pos = base + off;
            let z = 2.0 + i as f32 * 0.1;
            let (bg, fg) = side_colours(s.side(u));
            let inactive = matches!(s.units[u].at, Where::Inactive(_));
            let selected = sel.unit.as_deref() == Some(s.def(u).id.as_str());
            let (top, mut bottom) = counter_text(s, u);
            if inactive {
                // Face down until its track turn (B6.0, B7.0).
                let turn = s
                    .stat
                    .campaign
                    .track
                    .iter()
                    .find(|t| t.unit == s.def(u).id)
                    .map_or(0, |t| t.turn);
                bottom = format!("turn {turn}");
            }
            let face = materials.add(if inactive {
                Color::srgb(0.6, 0.6, 0.6)
            } else {
                bg
            });
            board::spawn_counter(
                &mut commands,
                Overlay,
                &counter,
                board::CounterLook {
                    edge: if selected {
                        white.clone()
                    } else {
                        black.clone()
                    },
                    face,
                    fg: if inactive { Color::BLACK } else { fg },
                    top,
                    bottom,
                },
                pos,
                z,
            );
        }
    }
    // The selected unit's moves and crossings, and the hexes to search or declare in.
    if !game.can_act() {
        return;
    }
    // Places further than one step (move by destination), and the hovered route.
    if let Some(u) = sel.unit.as_deref() {
        board::draw_routes(
            &mut commands,
            &mut meshes,
            &mut materials,
            Overlay,
            game.cached_routes(u),
            hover.0,
            |h| h.parse::<Coord>().ok(),
        );
    }
    let mut marks = board::Sketch::default();
    let green = Color::srgb(0.1, 0.8, 0.2);
    let amber = Color::srgb(0.95, 0.7, 0.1);
    let red = Color::srgb(0.9, 0.1, 0.1);
    for l in game.legal() {
        let Ok(a) = l.parse::<Action>() else { continue };
        let Some((who, hex)) = action_hex(&a) else {
            continue;
        };
        if who.is_some() && who != sel.unit.as_deref() {
            continue;
        }
        let (mat, label) = match &a {
            Action::Move { .. } => (green, "move".to_string()),
            Action::Cross { .. } => (amber, "cross (roll)".to_string()),
            Action::Search { .. } => (red, "search".to_string()),
            Action::Declare { .. } => (red, "declare".to_string()),
            _ => continue,
        };
        let p = board::center(hex);
        board::highlight_hex(&mut commands, &mut marks, Overlay, p, mat, &label, 3.5);
    }
    // The rings are one mesh.
    marks.spawn_with(&mut commands, &mut meshes, &mut materials, Overlay);
}

/// The phase in words, with its rule.
fn phase_text(p: Phase) -> &'static str {
    match p {
        Phase::IndianMove => "Indian Movement (B2.2 B, B4)",
        Phase::IndianDeclare => "Indian Combat Declaration (B2.2 C, B5.3)",
        Phase::ArmySupply => "Army Supply (B2.2 D, B3.0)",
        Phase::ArmyMove => "Army Movement (B2.2 E, B4)",
        Phase::ArmySearch => "Army Search (B2.2 F, B5.2)",
        Phase::Over => "the campaign is over",
    }
}

/// The turn bar: turn, dates, phase, the D2.0 points as they stand.
fn turn_info(InMut(ui): InMut<egui::Ui>, game: Res<Game>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    ui.strong(format!(
        "Strategic turn {} ({})",
        s.turn,
        turn_dates(s.turn)
    ));
    ui.separator();
    ui.label(phase_text(s.phase));
    ui.separator();
    let t = &s.stat.tables;
    let c = count(s);
    ui.label(format!(
        "Points now: Army {}, Indian {} (D2.0)",
        rules::army_points(t, &c),
        rules::indian_points(t, &c)
    ));
}

/// An action in words, with its notation.
fn describe(s: &State, a: &Action) -> String {
    let name = |id: &str| s.find(id).map_or(id.to_string(), |u| s.def(u).name.clone());
    let words = match a {
        Action::Fast { unit } => format!("{}: move Fast this phase (B4.3)", name(unit)),
        Action::Move { unit, to } => format!("{}: move to {to}", name(unit)),
        Action::Cross { unit, to } => {
            format!("{}: try to cross the river into {to} (B4.4.2)", name(unit))
        }
        Action::Declare { hex } => format!("Declare combat in {hex} (B5.1, B5.3)"),
        Action::Leave { unit } => format!("{} stays out of this combat (B5.1)", name(unit)),
        Action::Commit => "Declare the combat with the units still in it (B5.1)".to_string(),
        Action::Search { hex } => format!("Search {hex} (B5.2)"),
        Action::Unsupply { unit } => format!("{} goes without supply (B3.0)", name(unit)),
        Action::End => "End the phase".to_string(),
        Action::Fight => "Fight this combat yourself on the tactical map".to_string(),
        Action::Computer { level } => format!("Let the computer fight it for you (level {level})"),
    };
    format!("{words}   [{a}]")
}

/// The left panel: the viewing seat, the combat choice, the selected unit and its
/// actions, the hovered hex, the decisions not made on the board.
fn side_panel(
    InMut(ui): InMut<egui::Ui>,
    mut game: ResMut<Game>,
    mut sel: ResMut<Selection>,
    hover: Res<Hover>,
) {
    let legal = if game.can_act() { game.legal() } else { vec![] };
    let mut submit: Option<String> = None;
    {
        let Some(seen) = state(&game) else { return };
        let s = &*seen;
        ui.heading(format!("View: {}", game.who(game.viewing())));
        if let Some((hex, units)) = &s.declaring {
            ui.colored_label(
                egui::Color32::from_rgb(240, 200, 80),
                format!(
                    "Declaring combat in {hex} with {}. Leave out any unit that should not engage, then declare (B5.1).",
                    s.names(units)
                ),
            );
        }
        if let Some((c, _)) = s.combats.first()
            && play::choosing(s).is_some()
        {
            ui.colored_label(
                egui::Color32::from_rgb(240, 200, 80),
                format!(
                    "A combat in {} ({}): {} against {}. Who fights it for you?",
                    c.hex,
                    s.stat.terrain(c.hex).name,
                    s.army_names(c),
                    s.names(&c.indian)
                ),
            );
        }
        for l in &legal {
            let Ok(a) = l.parse::<Action>() else { continue };
            // Moves are made on the board and End in the turn bar; Fast is offered
            // for the selected unit; searches, declarations and choices as buttons
            // (as well as by clicking their hex).
            let shown = match &a {
                Action::Fast { unit } => sel.unit.as_deref() == Some(unit.as_str()),
                Action::End => false,
                _ => !matches!(a, Action::Move { .. } | Action::Cross { .. }),
            };
            if shown && ui.button(describe(s, &a)).clicked() {
                submit = Some(l.clone());
            }
        }
        ui.separator();
        if let Some(id) = sel.unit.clone()
            && let Some(u) = s.find(&id)
        {
            let d = s.def(u);
            ui.strong(format!("{} ({:?}, {:?})", d.name, d.side, d.rank));
            ui.label(format!(
                "Normal {} / Fast {} MP; {}",
                d.normal,
                d.fast,
                match d.side {
                    Side::Army => format!("search value {}", d.search),
                    Side::Indian => format!("evasion value {}", d.evasion),
                }
            ));
            let unit = &s.units[u];
            ui.label(format!(
                "{} MP left{}; {}",
                unit.mp_left,
                if unit.fast { " (Fast)" } else { "" },
                if unit.supplied {
                    "in supply"
                } else {
                    "out of supply"
                }
            ));
            if !unit.lost.is_empty() {
                ui.label(format!("Tactical units lost: {}", unit.lost.len()));
            }
            ui.label("Click a green ring to move there, amber to try a river crossing.");
        } else if game.can_act() {
            ui.label("Click one of your counters to select it.");
        }
        ui.separator();
        if let Some(h) = hover.0
            && s.stat.map.contains(h)
        {
            ui.label(hex_head(s, h));
            for u in 0..s.units.len() {
                if in_hex(s, u, h) {
                    let d = s.def(u);
                    let face_down = matches!(s.units[u].at, Where::Inactive(_));
                    if ui
                        .selectable_label(
                            sel.unit.as_deref() == Some(d.id.as_str()),
                            format!(
                                "{} ({:?}){}",
                                d.name,
                                d.side,
                                if face_down { ", face down" } else { "" }
                            ),
                        )
                        .clicked()
                        && d.side == side_of(game.viewing())
                    {
                        sel.unit = Some(d.id.clone());
                    }
                }
            }
        }
    }
    if let Some(a) = submit {
        game.submit(&a);
    }
}

/// Whether counter `u` stands in `h`, on the map or face down awaiting its turn.
fn in_hex(s: &State, u: usize, h: Coord) -> bool {
    matches!(s.units[u].at, Where::Map(c) | Where::Inactive(c) if c == h)
}

/// A hex's heading: its number, terrain, town and marks (rivers, territories).
fn hex_head(s: &State, h: Coord) -> String {
    let mut line = format!("{h}: {}", s.stat.terrain(h).name);
    if let Some(t) = s.stat.town(h) {
        line.push_str(&format!(", {}", place_label(t)));
    }
    for m in ["minor_river", "idaho", "canada", "yellowstone_south"] {
        if s.stat.is(h, m) {
            line.push_str(&format!(", {}", m.replace('_', " ")));
        }
    }
    line
}

/// The charts window when it is open, and the hovered hex's tooltip: its heading and
/// the counters in it (nothing on the strategic map is hidden), face-down ones marked,
/// with the movement points left.
fn windows(InMut(ui): InMut<egui::Ui>, game: Res<Game>, hover: Res<Hover>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    if game.charts() {
        charts(ui.ctx(), s, hover.0);
    }
    let Some(h) = hover.0 else { return };
    if !s.stat.map.contains(h) || game.curtain_down() {
        return;
    }
    let lines: Vec<String> = (0..s.units.len())
        .filter(|&u| in_hex(s, u, h))
        .map(|u| {
            let d = s.def(u);
            format!(
                "{} ({:?}){}, {} MP left",
                d.name,
                d.side,
                if matches!(s.units[u].at, Where::Inactive(_)) {
                    ", face down"
                } else {
                    ""
                },
                s.units[u].mp_left
            )
        })
        .collect();
    board::hover_tooltip(ui.ctx(), &hex_head(s, h), &lines, &[]);
}

/// The strategic charts (C or the Charts button): the Terrain Effects Chart, the moves'
/// costs, the major rivers, the Search Table with the hovered hex's terrain row marked,
/// supply, the calendar limits and the victory points, each with its source (the
/// seed's rule in green, a reconstruction in orange).
fn charts(ctx: &egui::Context, s: &State, hover: Option<Coord>) {
    let t = &s.stat.tables;
    let gold = egui::Color32::from_rgb(240, 200, 80);
    let here = hover
        .filter(|&h| s.stat.map.contains(h))
        .map(|h| s.stat.terrain(h).key.clone());
    egui::Window::new("Charts — I Will Fight No More Forever (strategic)")
        .default_width(680.0)
        .default_height(560.0)
        .vscroll(true)
        .show(ctx, |ui| {
            ui.heading("Terrain Effects Chart (B4.1, B5.2)");
            egui::Grid::new("np_strategic_terrain")
                .striped(true)
                .show(ui, |ui| {
                    for h in ["Terrain", "MP", "Search", "Tactical map", "Source"] {
                        ui.strong(h);
                    }
                    ui.end_row();
                    for r in &t.terrain {
                        let on = here.as_deref() == Some(r.key.as_str());
                        let name = egui::RichText::new(&r.name);
                        ui.label(if on { name.color(gold).strong() } else { name });
                        ui.label(r.mp.to_string());
                        ui.label(format!("{:+}", r.search));
                        ui.label(r.tactical_map.replace('_', " "));
                        source_tag(ui, &r.source);
                        ui.end_row();
                    }
                });
            ui.small("Hover a source for its rule or reasoning; the hovered hex's terrain is in gold.");
            ui.label(format!(
                "A Town or Fort hex: {} MP; a hex with opposing units: +{} MP (B4.4.1)",
                t.town_mp.value, t.enemy_hex_extra_mp.value
            ));
            source_line(ui, &t.town_mp.source);
            source_line(ui, &t.enemy_hex_extra_mp.source);
            ui.separator();
            ui.heading("Major rivers (B4.4.2)");
            let r = &t.river;
            ui.label(format!(
                "A crossing costs {} MP and a roll on 1d6. Before turn {}: the Indian crosses on {} or less, the Army {}. From turn {}: the Indian on {} or less, the Army on {} or less.",
                r.crossing_mp,
                r.change_turn,
                r.indian_before,
                if r.army_before == 0 {
                    "may not cross".to_string()
                } else {
                    format!("on {} or less", r.army_before)
                },
                r.change_turn,
                r.indian_from,
                r.army_from
            ));
            if !r.free_hexsides.is_empty() {
                let sides: Vec<String> =
                    r.free_hexsides.iter().map(|(a, b)| format!("{a}/{b}")).collect();
                ui.label(format!("Crossed freely: {}", sides.join(", ")));
            }
            source_line(ui, &r.source);
            ui.separator();
            ui.heading("Search Table (B5.2)");
            let st = &t.search;
            ui.label("Modified die (rows) against superiority (columns): C is contact.");
            egui::Grid::new("np_strategic_search")
                .striped(true)
                .show(ui, |ui| {
                    ui.strong("die \\ sup");
                    for c in st.sup_min..=st.sup_max {
                        ui.strong(format!("{c:+}"));
                    }
                    ui.end_row();
                    for d in st.die_min..=st.die_max {
                        ui.strong(format!("{d:+}"));
                        for c in st.sup_min..=st.sup_max {
                            ui.label(if d + c >= st.contact_at { "C" } else { "–" });
                        }
                        ui.end_row();
                    }
                });
            source_line(ui, &st.source);
            ui.separator();
            ui.heading("Supply and the calendar");
            ui.label(format!(
                "A town or fort supplies {} units of the ranks {:?} (B3.0)",
                t.supply.limit, t.supply.limited_ranks
            ));
            source_line(ui, &t.supply.source);
            for (what, v) in [
                ("Indian Fast movement at most once in this many turns (B4.3)", &t.indian_fast_every),
                ("The Idaho limits last until turn (B4.4.4, B5.3.1)", &t.idaho_turns),
                ("Canada is closed to the Indians until turn (B4.4.5)", &t.canada_turn),
                ("The turn-25 position lies east of column (B4.4.5)", &t.yellowstone_column),
                ("The last turn (B2.1)", &t.last_turn),
            ] {
                ui.label(format!("{what}: {}", v.value));
                source_line(ui, &v.source);
            }
            ui.separator();
            ui.heading("Victory (D2.0)");
            let v = &t.victory;
            ui.label(format!(
                "Army: {:+} a brave unit killed, {:+} surrendered, {:+} a Lodge surrendered, {:+} a Lodge killed",
                v.army.brave_killed, v.army.brave_surrendered, v.army.lodge_surrendered, v.army.lodge_killed
            ));
            ui.label(format!(
                "Indian: {:+} a surviving brave unit in Canada, {:+} in the United States; {:+} a Lodge in Canada, {:+} in the United States",
                v.indian.brave_canada, v.indian.brave_us, v.indian.lodge_canada, v.indian.lodge_us
            ));
            for l in &v.levels {
                ui.label(format!("Margin {:+} or more: {}", l.min, l.name));
            }
            source_line(ui, &v.source);
        });
}
