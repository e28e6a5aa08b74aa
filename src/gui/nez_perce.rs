//! The plugin of *I Will Fight No More Forever*'s tactical game: draws the tactical map
//! (Clear, Tree Stand and Rocked & Broken hexes; streams and ridges on the hexsides)
//! and every counter with its fire strength, Defence & Melee and movement, its mode and
//! pin; highlights the selected unit's moves (with their cost) and targets (with the
//! fire strength at that range); turns clicks into legal actions; and shows the turn
//! bar, the unit panel, units beside and off the map, the owed decisions and the
//! charts, each reconstruction marked as one.

use super::board::{self, ActiveMap, BoardArea, Clicked, FitRequest, HEX, Hover};
use super::playing::{Drawn, RulesetUi, game_is, register_ruleset_ui};
use super::{Game, Screen};
use crate::core::hexmap::Coord;
use crate::games::nez_perce_tactical::action::Action;
use crate::games::nez_perce_tactical::data::Side;
use crate::games::nez_perce_tactical::rules::{self, fire, movement};
use crate::games::nez_perce_tactical::state::{Loc, State};
use crate::games::nez_perce_tactical::{NezPerceTactical, UnitView, view};
use bevy::ecs::system::InMut;
use bevy::prelude::*;
use bevy_egui::egui;

/// Counters and highlights (redrawn when the game changes).
#[derive(Component, Clone)]
pub struct Overlay;

/// What the player has selected.
#[derive(Resource, Default)]
pub struct Selection {
    /// Selected unit id.
    pub unit: Option<String>,
    /// What was drawn last: the selected unit and the hovered hex.
    drawn: Drawn<(Option<String>, Option<Coord>)>,
}

/// Register the plugin: the logic systems plus its parts of the play screen.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(logic_plugin);
    let ui = RulesetUi {
        game: crate::games::nez_perce_tactical::setup::GAME,
        turn_info: app.register_system(turn_info),
        side_panel: app.register_system(side_panel),
        buttons: None,
        windows: Some(app.register_system(windows)),
        end_label: "End player turn",
        charts: true,
    };
    register_ruleset_ui(app, ui);
    crate::gui::palette::register(app, crate::games::nez_perce_tactical::setup::GAME, palettes);
}

/// The colours the board shows side by side, for the colour-vision check
/// (`gui::palette`): the terrain classes and the sides' counters.
fn palettes(_: &std::path::Path) -> Result<Vec<crate::gui::palette::Palette>, String> {
    use crate::gui::palette::Palette;
    let t = ["clear", "tree_stand", "rocked_broken"];
    Ok(vec![
        Palette::new(
            "Nez Perce tactical terrain",
            t.map(|n| (n, terrain_colour(n))),
        ),
        Palette::new(
            "Nez Perce tactical sides",
            [
                ("Army", side_colours(Side::Army).0),
                ("Indian", side_colours(Side::Indian).0),
            ],
        ),
    ])
}

/// The systems that need no egui and no window: board spawning, counter and highlight
/// drawing, and click handling. Headless App tests use this alone.
pub fn logic_plugin(app: &mut App) {
    board::take_down_on_exit::<Overlay>(app);
    app.init_resource::<Selection>()
        .init_resource::<Clicked>()
        .init_resource::<Hover>()
        .init_resource::<FitRequest>()
        .init_resource::<BoardArea>()
        .add_systems(
            OnEnter(Screen::Playing),
            spawn_board.run_if(game_is::<NezPerceTactical>),
        )
        .add_systems(
            Update,
            (
                click.in_set(board::BoardSystems::Click),
                redraw.in_set(board::BoardSystems::Draw),
            )
                .run_if(in_state(Screen::Playing).and_then(game_is::<NezPerceTactical>)),
        );
}

/// The game as the seat on screen sees it ([`Game::view`]): all this plugin reads of it.
fn state(game: &Game) -> Option<std::sync::Arc<State>> {
    game.view::<NezPerceTactical>()
}

/// Terrain colours: light grass for Clear, dark green for Tree Stands, grey rock.
pub(crate) fn terrain_colour(name: &str) -> Color {
    match name {
        "tree_stand" => Color::srgb(0.30, 0.50, 0.28),
        "rocked_broken" => Color::srgb(0.55, 0.50, 0.45),
        _ => Color::srgb(0.80, 0.82, 0.62),
    }
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
    board::spawn_hexsides(&mut sketch, map, |f| match f {
        "stream" => Some((Color::srgb(0.15, 0.35, 0.85), 6.0)),
        "ridge" => Some((Color::srgb(0.45, 0.25, 0.10), 5.0)),
        _ => None,
    });
    // Symbols as well as colour, so terrain reads without it: three dots for a Tree
    // Stand, a triangle for Rocked & Broken.
    let tree = Color::srgb(0.12, 0.28, 0.12);
    let rock = Color::srgb(0.25, 0.22, 0.2);
    for c in map.coords() {
        let p = board::center(c);
        match map.terrain_name(c) {
            Some("tree_stand") => {
                for (dx, dy) in [(-0.3, -0.15), (0.0, 0.2), (0.3, -0.15)] {
                    let at = p + Vec2::new(HEX * dx, HEX * dy);
                    sketch.add(Circle::new(HEX * 0.11), tree, at, 0.3, 0.0);
                }
            }
            Some("rocked_broken") => {
                let shape = Triangle2d::new(
                    Vec2::new(0.0, HEX * 0.22),
                    Vec2::new(-HEX * 0.22, -HEX * 0.16),
                    Vec2::new(HEX * 0.22, -HEX * 0.16),
                );
                sketch.add(shape, rock, p, 0.3, 0.0);
            }
            _ => {}
        }
    }
    sketch.spawn(&mut commands, &mut meshes, &mut materials);
    commands.insert_resource(ActiveMap(map.clone()));
    fit.bounds = Some(bounds);
    fit.pending = true;
}

/// The hexes an action is made by clicking: the hex entered, the target's hex, the
/// hex fired at, the melee hex; with the unit that acts (`None`: a hex-only action).
fn action_hex(s: &State, a: &Action) -> Option<(Option<String>, Coord)> {
    let hex_of = |id: &str| s.find(id).and_then(|u| s.u(u).hex());
    Some(match a {
        Action::Move { unit, to } | Action::FallBack { unit, to } => (Some(unit.to_string()), *to),
        Action::Place { unit, hex, .. } => (Some(unit.to_string()), *hex),
        Action::Fire { unit, target } | Action::FireMove { unit, target } => {
            (Some(unit.to_string()), hex_of(target)?)
        }
        Action::Indirect { unit, hex } => (Some(unit.to_string()), *hex),
        Action::Melee { hex } => (None, *hex),
        Action::Kill { unit } | Action::Morale { unit } => (None, hex_of(unit)?),
        _ => return None,
    })
}

/// The legal actions a click on `hex` means for the selected unit.
fn actions_at(s: &State, legal: &[String], sel: Option<&str>, hex: Coord) -> Vec<String> {
    legal
        .iter()
        .filter(|l| {
            let Ok(a) = l.parse::<Action>() else {
                return false;
            };
            match action_hex(s, &a) {
                Some((Some(u), h)) => h == hex && sel == Some(u.as_str()),
                Some((None, h)) => h == hex,
                None => false,
            }
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
    // The counter being placed is selected (C2.3-C2.6).
    if game.can_act()
        && let Some(s) = state(game)
        && !s.setup.is_empty()
        && let Some(Ok(Action::Place { unit, .. })) =
            game.legal().first().map(|l| l.parse::<Action>())
        && sel.unit.as_deref() != Some(unit.as_str())
    {
        sel.unit = Some(unit.to_string());
    }
    // The moving unit stays selected.
    if let Some(s) = state(game)
        && let Some(a) = s.active
        && game.can_act()
    {
        let id = s.u(a.unit).id.clone();
        if sel.unit.as_deref() != Some(id.as_str()) {
            sel.unit = Some(id);
        }
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
    let acts = actions_at(s, &legal, sel.unit.as_deref(), hex);
    // A unit of the viewing seat's side in the hex, cycling through the stack.
    let side = if game.viewing() == 0 {
        Side::Army
    } else {
        Side::Indian
    };
    let own: Vec<String> = s
        .at(hex)
        .filter(|&u| s.u(u).side == side)
        .map(|u| s.u(u).id.clone())
        .collect();
    let to = hex.to_string();
    game.resolve_click(&mut sel.unit, acts, &own, &to);
}

/// The counter's colours by side: Army blue, Indian ochre.
pub(crate) fn side_colours(side: Side) -> (Color, Color) {
    match side {
        Side::Army => (Color::srgb(0.22, 0.33, 0.62), Color::WHITE),
        Side::Indian => (Color::srgb(0.86, 0.62, 0.28), Color::BLACK),
    }
}

/// The counter's two lines: values, then mode, pin and id.
fn counter_text(u: &UnitView) -> (String, String) {
    let (fs, dm, ma) = u.values;
    let top = match u.class.as_str() {
        "lodge" => "LODGE".to_string(),
        "camp" => "CAMP".to_string(),
        _ => format!("{fs}-{dm}-{ma}"),
    };
    let mut flags = vec![];
    if u.flipped {
        flags.push(
            if matches!(u.class.as_str(), "howitzer" | "hotchkiss" | "gatling") {
                "LMB"
            } else {
                "MTD"
            },
        );
    }
    if !u.pin.is_empty() {
        flags.push(u.pin);
    }
    (top, format!("{}\n{}", flags.join(" "), u.id))
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource it needs
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
    let v = view(s, game.viewing());
    let counter = board::CounterMeshes::new(&mut meshes);
    let black = materials.add(Color::BLACK);
    let white = materials.add(Color::WHITE);
    let pin_mat = materials.add(Color::srgb(0.85, 0.15, 0.1));
    let pin_mesh = meshes.add(Circle::new(HEX * 0.2));
    let mut by_hex: std::collections::BTreeMap<String, Vec<&UnitView>> = Default::default();
    for u in &v.units {
        if let Some(h) = &u.hex {
            by_hex.entry(h.clone()).or_default().push(u);
        }
    }
    for (hex, us) in by_hex {
        let Ok(c) = hex.parse::<Coord>() else {
            continue;
        };
        let base = board::center(c);
        let n = us.len();
        for (i, u) in us.iter().enumerate() {
            let off = Vec2::new(6.0, 6.0) * (i as f32 - (n as f32 - 1.0) / 2.0);
            let pos = base + off;
            let z = 2.0 + i as f32 * 0.1;
            let (bg, fg) = side_colours(u.side);
            let selected = sel.unit.as_deref() == Some(u.id.as_str());
            let acted = v.acted.contains(&u.id);
            let (top, bottom) = counter_text(u);
            let face = materials.add(if acted { bg.darker(0.2) } else { bg });
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
                    fg,
                    top,
                    bottom,
                },
                pos,
                z,
            );
            if !u.pin.is_empty() {
                commands.spawn((
                    Overlay,
                    Mesh2d(pin_mesh.clone()),
                    MeshMaterial2d(pin_mat.clone()),
                    // On the counter's corner, clear of its values.
                    Transform::from_xyz(pos.x + HEX * 0.7, pos.y + HEX * 0.7, z + 0.03),
                ));
            }
        }
    }
    // The selected unit's moves and targets.
    let Some(sel_id) = sel.unit.clone() else {
        return;
    };
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
    let Some(u) = s.find(&sel_id) else { return };
    let mut marks = board::Sketch::default();
    let green = Color::srgb(0.1, 0.8, 0.2);
    let red = Color::srgb(0.9, 0.1, 0.1);
    let amber = Color::srgb(0.95, 0.7, 0.1);
    for l in game.legal() {
        let Ok(a) = l.parse::<Action>() else { continue };
        let Some((Some(who), hex)) = action_hex(s, &a) else {
            continue;
        };
        if who != sel_id {
            continue;
        }
        let (mat, label) = match &a {
            Action::Move { to, .. } => {
                let k = movement::cost(s, s.u(u).hex(), *to);
                (green, format!("{k} MP"))
            }
            Action::Fire { target, .. } => {
                let t = s.find(target).unwrap_or(u);
                let range = s
                    .u(u)
                    .hex()
                    .zip(s.u(t).hex())
                    .map_or(0, |(x, y)| x.distance(y));
                (
                    red,
                    format!("fire {}", fire::strength_at(s, u, range, false)),
                )
            }
            Action::Indirect { .. } => (amber, "indirect".into()),
            Action::FallBack { .. } => (amber, "fall back".into()),
            // The ring says it: a note on every hex of a set-up area is noise.
            Action::Place { mounted: false, .. } => (green, String::new()),
            _ => continue,
        };
        let p = board::center(hex);
        board::highlight_hex(&mut commands, &mut marks, Overlay, p, mat, &label, 3.5);
    }
    // The rings are one mesh.
    marks.spawn_with(&mut commands, &mut meshes, &mut materials, Overlay);
}

/// The ruleset's part of the turn bar: combat, turn, whose player turn, actions left,
/// the margin so far.
fn turn_info(InMut(ui): InMut<egui::Ui>, game: Res<Game>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    ui.strong(format!("{} — game-turn {}", s.stat.scenario.name, s.turn));
    ui.separator();
    if !s.setup.is_empty() {
        ui.label(format!(
            "Set-up: {}, the {:?} player contacted (C2.2-C2.6)",
            s.contact(),
            s.stat.scenario.contacted
        ));
        ui.separator();
        ui.colored_label(
            egui::Color32::from_rgb(240, 200, 80),
            rules::pending_text(s),
        );
        return;
    }
    let role = if s.phasing == s.first() {
        "First"
    } else {
        "Second"
    };
    let allowed = if s.all_act() {
        "every unit on the map".to_string()
    } else {
        let (a, i) = s.stat.tables.actions;
        match s.phasing {
            Side::Army => format!("{a} unit (or 2 Washington Volunteers)"),
            Side::Indian => format!("{i} units"),
        }
    };
    ui.label(format!(
        "{:?} player's turn ({role} player): {} acted of {allowed} (C3.2)",
        s.phasing,
        s.acted.len()
    ));
    let pending = rules::pending_text(s);
    if !pending.is_empty() {
        ui.separator();
        ui.colored_label(egui::Color32::from_rgb(240, 200, 80), pending);
    }
    ui.separator();
    let t = rules::victory::Tally::of(s);
    ui.label(format!("Margin so far {:+} (D2.0)", t.margin()));
}

/// A hex in words as the viewing seat sees it (`v`): its number, terrain and cost, and a
/// line per counter the seat may see in it. The side panel and the board's tooltip both
/// show it.
fn hex_lines(
    s: &State,
    v: &crate::games::nez_perce_tactical::View,
    h: Coord,
) -> (String, Vec<String>) {
    let t = s.stat.terrain(h);
    let here = h.to_string();
    let lines = v
        .units
        .iter()
        .filter(|u| u.hex.as_deref() == Some(here.as_str()))
        .map(unit_line)
        .collect();
    (format!("{h}: {} ({} MP, C4.1)", t.name, t.mp), lines)
}

/// The hovered hex's tooltip, and the charts window when it is open.
fn windows(InMut(ui): InMut<egui::Ui>, game: Res<Game>, hover: Res<Hover>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    if let Some(h) = hover.0
        && s.stat.map.contains(h)
        && !game.curtain_down()
    {
        let v = view(s, game.viewing());
        let (head, lines) = hex_lines(s, &v, h);
        board::hover_tooltip(ui.ctx(), &head, &lines, &[]);
    }
    if !game.charts() {
        return;
    }
    let t = &s.stat.tables;
    egui::Window::new("Charts — I Will Fight No More Forever (tactical)")
        .default_width(720.0)
        .vscroll(true)
        .show(ui.ctx(), |ui| {
            ui.heading("Terrain Effects (C4.1)");
            for r in &t.terrain {
                ui.label(format!(
                    "{}: {} MP, fire die {:+}, melee die {:+}{}{} — {}",
                    r.name,
                    r.mp,
                    r.fire,
                    r.melee,
                    if r.blocks_los { ", blocks sight" } else { "" },
                    if r.mounted {
                        ""
                    } else {
                        ", no mounted units or artillery"
                    },
                    r.source.label()
                ));
            }
            for r in &t.hexsides {
                ui.label(format!(
                    "{} hexside: +{} MP{} — {}",
                    r.name,
                    r.mp,
                    if r.blocks_los { ", blocks sight" } else { "" },
                    r.source.label()
                ));
            }
            ui.separator();
            ui.heading("Fire Results Table (C6.2)");
            ui.label(t.fire.source.label());
            egui::Grid::new("fire").striped(true).show(ui, |ui| {
                ui.label("die \\ IF (AF)");
                let cols = t
                    .fire
                    .rows
                    .first()
                    .map_or(0, |r| r.split_whitespace().count());
                for c in 0..cols as i32 {
                    let f = t.fire.first_if + c;
                    ui.label(format!("{f:+} ({:+})", f + t.fire.af_offset));
                }
                ui.end_row();
                for (i, r) in t.fire.rows.iter().enumerate() {
                    ui.label(format!("{:+}", t.fire.first_die + i as i32));
                    for cell in r.split_whitespace() {
                        ui.label(cell);
                    }
                    ui.end_row();
                }
            });
            ui.separator();
            ui.heading("Melee Results Table (C5.2): lower side / higher side");
            ui.label(t.melee.source.label());
            egui::Grid::new("melee").striped(true).show(ui, |ui| {
                ui.label("die \\ superiority");
                for c in 0..=t.melee.max_superiority {
                    ui.label(if c == t.melee.max_superiority {
                        format!("{c}+")
                    } else {
                        c.to_string()
                    });
                }
                ui.end_row();
                for (i, r) in t.melee.rows.iter().enumerate() {
                    ui.label(format!("{:+}", t.melee.first_die + i as i32));
                    for cell in r.split_whitespace() {
                        ui.label(cell);
                    }
                    ui.end_row();
                }
            });
            ui.separator();
            ui.heading("Morale Table (C6.4.3)");
            ui.label(t.morale.source.label());
            egui::Grid::new("morale").striped(true).show(ui, |ui| {
                ui.label("die");
                for c in &t.morale.columns {
                    ui.label(c);
                }
                ui.end_row();
                for (i, r) in t.morale.rows.iter().enumerate() {
                    ui.label((i + 1).to_string());
                    for cell in r.split_whitespace() {
                        ui.label(cell);
                    }
                    ui.end_row();
                }
            });
            ui.separator();
            ui.heading("Range (C6.5.2)");
            for r in &t.ranges {
                ui.label(format!(
                    "{}: full to {} hexes, half to {}, quarter beyond — {}",
                    r.band,
                    r.full,
                    r.half,
                    r.source.label()
                ));
            }
        });
}

/// A unit's line in the panel.
fn unit_line(u: &UnitView) -> String {
    let (fs, dm, ma) = u.values;
    let gun = matches!(u.class.as_str(), "howitzer" | "hotchkiss" | "gatling");
    format!(
        "{} [{}] {}  FS {fs}  D&M {dm}  MA {ma}{}{}",
        u.name,
        u.id,
        u.class,
        match (u.flipped, gun) {
            (true, true) => "  limbered",
            (true, false) => "  mounted",
            _ => "",
        },
        if u.pin.is_empty() {
            String::new()
        } else {
            format!("  {}", u.pin)
        }
    )
}

/// The left panel: the viewing seat, decisions owed, the selected unit and its
/// actions, units beside and off the map, the hovered hex, every legal action.
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
        let v = view(s, game.viewing());
        ui.heading(format!("View: {}", game.who(game.viewing())));
        ui.label(format!(
            "{}; the {:?} player was contacted",
            v.contact, s.stat.scenario.contacted
        ));
        if !v.pending.is_empty() && game.can_act() {
            ui.colored_label(egui::Color32::from_rgb(240, 200, 80), &v.pending);
            if legal.iter().any(|l| l.starts_with("place ")) {
                ui.label("Click a green hex to place it; where it may also start mounted or limbered, you are asked which.");
            }
            for l in legal.iter().filter(|l| !l.starts_with("place ")) {
                let who = l
                    .split_whitespace()
                    .nth(1)
                    .and_then(|id| v.units.iter().find(|u| u.id == id))
                    .map_or(String::new(), |u| format!("  ({})", u.name));
                if ui.button(format!("{l}{who}")).clicked() {
                    submit = Some(l.clone());
                }
            }
            ui.separator();
        }
        if let Some(id) = sel.unit.clone()
            && let Some(u) = v.units.iter().find(|u| u.id == id)
        {
            ui.strong(unit_line(u));
            ui.label(format!(
                "Part of {}; {}",
                u.strategic,
                u.hex
                    .as_ref()
                    .map_or(u.status.to_string(), |h| format!("at {h}"))
            ));
            if let Some((a, mp)) = &v.active
                && *a == id
            {
                ui.label(format!("Moving: {mp} MP left"));
            }
            for l in &legal {
                let Ok(a) = l.parse::<Action>() else { continue };
                let mine = match &a {
                    Action::Mode { unit }
                    | Action::Exit { unit }
                    | Action::Assault { unit }
                    | Action::Surrender { unit }
                    | Action::FireMove { unit, .. }
                    | Action::Fire { unit, .. } => unit.as_str() == id,
                    Action::Stop => v.active.as_ref().is_some_and(|(a, _)| *a == id),
                    _ => false,
                };
                if mine && ui.button(describe(s, &a)).clicked() {
                    submit = Some(l.clone());
                }
            }
            ui.separator();
        }
        let waiting: Vec<&UnitView> = v.units.iter().filter(|u| u.status == "waiting").collect();
        if !waiting.is_empty() {
            ui.strong("Beside the map (select, then click an entry hex):");
            for u in waiting {
                let at = s.find(&u.id).map(|i| s.u(i).loc);
                let when = match at {
                    Some(Loc::Waiting(e, t)) => format!("{e:?} edge, from turn {t}"),
                    _ => String::new(),
                };
                if ui
                    .selectable_label(
                        sel.unit.as_deref() == Some(u.id.as_str()),
                        format!("{} — {when}", u.name),
                    )
                    .clicked()
                {
                    sel.unit = Some(u.id.clone());
                }
            }
            ui.separator();
        }
        for (status, title) in [
            ("killed", "Killed"),
            ("surrendered", "Surrendered"),
            ("broken", "Broken (out of this combat)"),
            ("exited", "Left the map"),
        ] {
            let names: Vec<String> = v
                .units
                .iter()
                .filter(|u| u.status == status)
                .map(|u| u.name.clone())
                .collect();
            if !names.is_empty() {
                ui.label(format!("{title}: {}", names.join(", ")));
            }
        }
        if let Some(h) = hover.0 {
            ui.separator();
            let (head, lines) = hex_lines(s, &v, h);
            ui.label(head);
            for l in lines {
                ui.label(l);
            }
        }
        if !legal.is_empty() {
            ui.separator();
            egui::CollapsingHeader::new(format!("All legal actions ({})", legal.len())).show(
                ui,
                |ui| {
                    for l in &legal {
                        let text = l.parse::<Action>().map_or(l.clone(), |a| describe(s, &a));
                        if ui.button(format!("{text}   [{l}]")).clicked() {
                            submit = Some(l.clone());
                        }
                    }
                },
            );
        }
    }
    if let Some(a) = submit {
        game.submit(&a);
        game.clear_choice();
    }
}

/// An action in words, with what the rules make of it.
fn describe(s: &State, a: &Action) -> String {
    let name = |id: &str| s.find(id).map_or(id.to_string(), |u| s.u(u).name.clone());
    match a {
        Action::Move { unit, to } => format!("Move {} to {to}", name(unit)),
        Action::Exit { unit } => format!("{} leaves the map (1 MP)", name(unit)),
        Action::Stop => "Stop moving".into(),
        Action::Fire { unit, target } | Action::FireMove { unit, target } => {
            let (u, t) = (s.find(unit), s.find(target));
            let strength = match (u, t) {
                (Some(u), Some(t)) => {
                    let r = s
                        .u(u)
                        .hex()
                        .zip(s.u(t).hex())
                        .map_or(0, |(x, y)| x.distance(y));
                    fire::strength_at(s, u, r, matches!(a, Action::FireMove { .. }))
                }
                _ => 0,
            };
            if matches!(a, Action::Fire { .. }) {
                format!(
                    "{} fires at {} (strength {strength})",
                    name(unit),
                    name(target)
                )
            } else {
                format!(
                    "{} fires at {} (strength {strength}) and moves at half",
                    name(unit),
                    name(target)
                )
            }
        }
        Action::Indirect { unit, hex } => format!("{} fires indirectly at {hex}", name(unit)),
        Action::Mode { unit } => format!("{} changes mode", name(unit)),
        Action::Melee { hex } => format!("Fight the melee in {hex} now"),
        Action::Assault { unit } => format!("{} attacks the enemy in its hex again", name(unit)),
        Action::Surrender { unit } => format!("Surrender {}", name(unit)),
        Action::Kill { unit } => format!("{} is killed", name(unit)),
        Action::Morale { unit } => format!("{} rolls for morale", name(unit)),
        Action::FallBack { unit, to } => format!("{} falls back to {to}", name(unit)),
        Action::End => "End the player turn".into(),
        Action::Lead { strategic } => format!("{strategic} leads the column (C2.3)"),
        Action::Entry { edge } => format!("Enter from the {edge:?} side"),
        Action::Place { unit, hex, mounted } => format!(
            "Place {} at {hex}{}",
            name(unit),
            if *mounted { " mounted/limbered" } else { "" }
        ),
    }
}
