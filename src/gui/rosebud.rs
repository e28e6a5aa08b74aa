//! The plugin of *Battle of the Rosebud*: draws the battlefield (Clear, Light Woods,
//! Rocks and Marsh, each with its own symbol; levels 1-5 in deepening tan rings; Rosebud
//! Creek, the dry creeks and the cliffs on their hexsides; the VP hills and the Eagle's
//! Nest named), numbered as printed; draws every unit and Leader on the map; highlights
//! the selected unit's moves and entry hexes; turns clicks into legal actions; and shows
//! the turn bar (turn and clock), the unit panel with its mode changes, and the units
//! still waiting to enter.

use super::board::{self, ActiveMap, BoardArea, Clicked, FitRequest, HEX, Hover};
use super::charts::source_line;
use super::playing::{Drawn, RulesetUi, game_is, register_ruleset_ui};
use super::{Game, Screen};
use crate::core::hexmap::Coord;
use crate::games::rosebud::action::Action;
use crate::games::rosebud::data::{Mode, Side};
use crate::games::rosebud::rules::{self, fire};
use crate::games::rosebud::setup::GAME;
use crate::games::rosebud::state::{FireKind, Loc, Pending, Phase, State, Wound};
use crate::games::rosebud::{Rosebud, markers};
use bevy::ecs::system::InMut;
use bevy::prelude::*;
use bevy_egui::egui;

/// Counters and highlights (redrawn when the game changes).
#[derive(Component, Clone)]
pub struct Overlay;

/// What the player has selected.
#[derive(Resource, Default)]
pub struct Selection {
    /// Selected unit or Leader id.
    pub unit: Option<String>,
    /// The seat whose view the selection was made in: another seat's view (after the
    /// curtain) starts with nothing selected.
    seat: Option<crate::core::game::Seat>,
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
/// (`gui::palette`): the printed terrain classes and the sides' counters.
fn palettes(_: &std::path::Path) -> Result<Vec<crate::gui::palette::Palette>, String> {
    use crate::gui::palette::Palette;
    let t = ["clear", "light_woods", "rocks", "marsh"];
    Ok(vec![
        Palette::new("Rosebud terrain", t.map(|n| (n, terrain_colour(n)))),
        Palette::new(
            "Rosebud sides",
            [
                ("US", side_colours(Side::US).0),
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
            spawn_board.run_if(game_is::<Rosebud>),
        )
        .add_systems(
            Update,
            (
                click.in_set(board::BoardSystems::Click),
                redraw.in_set(board::BoardSystems::Draw),
            )
                .run_if(in_state(Screen::Playing).and_then(game_is::<Rosebud>)),
        );
}

/// The game as the seat on screen sees it ([`Game::view`]): all this plugin reads of it.
fn state(game: &Game) -> Option<std::sync::Arc<State>> {
    game.view::<Rosebud>()
}

/// Terrain colours, apart in greyscale and under every colour-vision deficiency
/// (`gui::palette`): pale grass, green woods, dark grey rocks, light blue marsh.
pub(crate) fn terrain_colour(name: &str) -> Color {
    match name {
        "light_woods" => Color::srgb(0.45, 0.65, 0.38),
        "rocks" => Color::srgb(0.50, 0.48, 0.47),
        "marsh" => Color::srgb(0.60, 0.80, 0.85),
        "none" => Color::srgb(0.2, 0.2, 0.2),
        _ => Color::srgb(0.90, 0.88, 0.68),
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
        "rosebud" => Some((Color::srgb(0.10, 0.30, 0.85), 7.0)),
        "creek" => Some((Color::srgb(0.35, 0.60, 0.95), 4.0)),
        "cliff" => Some((Color::srgb(0.30, 0.15, 0.05), 6.0)),
        _ => None,
    });
    // Symbols as well as colour: trees for Light Woods, boulders for Rocks, reeds for
    // Marsh.
    let dark_green = Color::srgb(0.10, 0.30, 0.10);
    let dark_rock = Color::srgb(0.25, 0.22, 0.20);
    let dark_blue = Color::srgb(0.10, 0.30, 0.35);
    for c in map.coords() {
        let p = board::center(c);
        let at = |dx: f32, dy: f32| p + Vec2::new(HEX * dx, HEX * dy);
        match map.terrain_name(c) {
            Some("light_woods") => {
                for (dx, dy) in [(-0.3, 0.25), (0.0, 0.45), (0.3, 0.25)] {
                    sketch.add(Circle::new(HEX * 0.09), dark_green, at(dx, dy), 0.3, 0.0);
                }
            }
            Some("rocks") => {
                for (dx, dy) in [(-0.25, 0.3), (0.25, 0.3)] {
                    let rock = RegularPolygon::new(HEX * 0.12, 5);
                    sketch.add(rock, dark_rock, at(dx, dy), 0.3, 0.0);
                }
            }
            Some("marsh") => {
                for dx in [-0.2, 0.0, 0.2] {
                    let reed = Rectangle::new(HEX * 0.04, HEX * 0.24);
                    sketch.add(reed, dark_blue, at(dx, 0.3), 0.3, 0.0);
                }
            }
            _ => {}
        }
    }
    sketch.spawn(&mut commands, &mut meshes, &mut materials);
    for (c, marks) in &map.marks {
        let p = board::center(*c);
        let name = s
            .stat
            .scenario
            .hills
            .iter()
            .find(|h| marks.contains(&h.mark))
            .map(|h| format!("{} ({} VP)", h.name, h.vp))
            .or_else(|| {
                marks
                    .iter()
                    .any(|m| m == "eagles_nest")
                    .then(|| "Eagle's Nest".to_string())
            });
        if let Some(l) = name {
            commands.spawn((
                board::BoardEntity,
                board::board_text(
                    l,
                    board::BoardText::at_least(10.0, 9.0),
                    Color::srgb(0.05, 0.05, 0.05),
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
    if seat == Side::US.seat() {
        Side::US
    } else {
        Side::Indian
    }
}

/// The piece an action is by, and the hex it is made by clicking: a move, an entry or a
/// retreat into the hex, or full-strength fire at a unit in it (the half-strength
/// choice and the other actions are buttons).
fn action_hex(s: &State, a: &Action) -> Option<(String, Coord)> {
    match a {
        Action::Move { unit, hex }
        | Action::Enter { unit, hex, .. }
        | Action::Retreat { unit, hex }
        | Action::Advance { unit, hex } => Some((unit.clone(), s.stat.map.parse(hex).ok()?)),
        Action::Fire {
            unit,
            target,
            half: false,
        } => Some((unit.clone(), s.find(target).and_then(|t| s.hex(t))?)),
        _ => None,
    }
}

/// Whether an action is made by clicking its hex whatever is selected: the next hex of
/// the one retreat or rout under way (10I, 10J).
fn unselected(a: &Action) -> bool {
    matches!(a, Action::Retreat { .. })
}

/// The legal actions a click on `hex` could mean, for the selected piece.
fn actions_at(s: &State, legal: &[String], sel: Option<&str>, hex: Coord) -> Vec<String> {
    legal
        .iter()
        .filter(|l| {
            l.parse::<Action>().ok().is_some_and(|a| {
                action_hex(s, &a).is_some_and(|(who, h)| {
                    h == hex && (Some(who.as_str()) == sel || unselected(&a))
                })
            })
        })
        .cloned()
        .collect()
}

/// The ids of a side's units and Leaders in a hex.
fn own_in(s: &State, hex: Coord, side: Side) -> Vec<String> {
    let mut v: Vec<String> = s.at(hex, side).map(|u| s.def(u).id.clone()).collect();
    v.extend(s.leaders_at(hex, side).map(|l| s.ldef(l).id.clone()));
    v
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
    // One seat's selection never shows in another seat's panel.
    // (Written only when it changes: a write marks the resource changed, and the board
    // redraws on change.)
    if (game.curtain_down() && sel.unit.is_some()) || sel.seat != Some(game.viewing()) {
        sel.unit = None;
        sel.seat = Some(game.viewing());
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
    let own = own_in(s, hex, side_of(game.viewing()));
    let to = s.stat.map.label(hex);
    game.resolve_click(&mut sel.unit, acts, &own, &to);
}

/// Counter colours by side: US blue, Indian ochre.
pub(crate) fn side_colours(side: Side) -> (Color, Color) {
    match side {
        Side::US => (board::colour("#1f3b73"), Color::WHITE),
        Side::Indian => (board::colour("#e69f00"), Color::BLACK),
    }
}

/// A unit's two lines: CF, MA and mode letter; a short name.
fn counter_text(s: &State, u: usize) -> (String, String) {
    let m = match s.units[u].mode {
        Mode::Mounted => "M",
        Mode::Dismounted => "D",
        Mode::Prone => "P",
    };
    let f = s.face(u);
    let x = &s.units[u];
    let marks: String = [
        (x.routed, "Rt"),
        (x.pinned, "Pn"),
        (x.disrupted, "Ds"),
        (x.low_ammo, "LA"),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .map(|(_, m)| *m)
    .collect::<Vec<_>>()
    .join(" ");
    let name: String = s.def(u).name.chars().take(10).collect();
    if matches!(s.units[u].at, Loc::Abandoned(_)) {
        return ("ABANDONED".to_string(), name);
    }
    // The printed values and the mode, without spaces, so they stay large on a small
    // counter; below, the conditions (the markers on it) or else the name, short enough
    // to read at the fit zoom.
    (
        format!("{}-{}{m}", s.cf(u), f.ma),
        if marks.is_empty() { name } else { marks },
    )
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
    // (hex) -> pieces: units then Leaders.
    let mut by_hex: std::collections::BTreeMap<Coord, Vec<(bool, usize)>> = Default::default();
    for u in 0..s.units.len() {
        // An abandoned Pack Train is drawn where it lies (15B), marked "ABANDONED".
        if let Loc::Map(c) | Loc::Abandoned(c) = s.units[u].at {
            by_hex.entry(c).or_default().push((false, u));
        }
    }
    for l in 0..s.leaders.len() {
        if let Loc::Map(c) = s.leaders[l].at {
            by_hex.entry(c).or_default().push((true, l));
        }
    }
    // 16C: Breastworks markers, under the counters.
    let mut works = s.breastworks.clone();
    works.dedup();
    for c in works {
        let p = board::center(c);
        commands.spawn((
            Overlay,
            board::board_text(
                "BREASTWORKS",
                board::BoardText::at_least(9.0, 8.0),
                Color::srgb(0.35, 0.2, 0.05),
                Vec3::new(p.x, p.y + HEX * 0.62, 3.4),
            ),
        ));
    }
    // Grass fires (4 (3), the `grass_fires` option), with their numbers.
    for &(c, n) in &s.grass_fires {
        let p = board::center(c);
        commands.spawn((
            Overlay,
            board::board_text(
                format!("GRASS FIRE {n}"),
                board::BoardText::at_least(9.0, 8.0),
                Color::srgb(0.8, 0.15, 0.0),
                Vec3::new(p.x, p.y - HEX * 0.62, 3.4),
            ),
        ));
    }
    for (c, pieces) in by_hex {
        let base = board::center(c);
        let n = pieces.len();
        for (i, &(leader, k)) in pieces.iter().enumerate() {
            let off = Vec2::new(4.0, 4.0) * (i as f32 - (n as f32 - 1.0) / 2.0);
            let (side, id, top, bottom) = if leader {
                let d = s.ldef(k);
                (
                    d.side,
                    d.id.clone(),
                    match rules::leaders::ratings(s, k) {
                        Some((r, radius)) if s.leaders[k].wound.is_some() => {
                            format!("W{r:+}r{radius}")
                        }
                        Some((r, radius)) => format!("{r:+}r{radius}"),
                        None => "WOUNDED".to_string(),
                    },
                    d.name.chars().take(12).collect(),
                )
            } else {
                let (t, b) = counter_text(s, k);
                (s.side(k), s.def(k).id.clone(), t, b)
            };
            let (bg, fg) = side_colours(side);
            let selected = sel.unit.as_deref() == Some(id.as_str());
            let face = materials.add(if leader {
                bg.mix(&Color::WHITE, 0.35)
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
                    fg,
                    top,
                    bottom,
                },
                base + off,
                2.0 + i as f32 * 0.1,
            );
        }
    }
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
            |h| s.stat.map.parse(h).ok(),
        );
    }
    let mut marks = board::Sketch::default();
    let green = Color::srgb(0.1, 0.8, 0.2);
    let amber = Color::srgb(0.95, 0.7, 0.1);
    let red = Color::srgb(0.85, 0.1, 0.1);
    let mut shown: Vec<Coord> = vec![];
    for l in game.legal() {
        let Ok(a) = l.parse::<Action>() else { continue };
        let Some((who, hex)) = action_hex(s, &a) else {
            continue;
        };
        if (Some(who.as_str()) != sel.unit.as_deref() && !unselected(&a)) || shown.contains(&hex) {
            continue;
        }
        shown.push(hex);
        let (mat, label) = match &a {
            Action::Move { .. } => {
                let cost = s
                    .find(&who)
                    .and_then(|u| rules::move_cost(s, u, hex).ok())
                    .map_or(String::new(), |c| format!("{c} MP"));
                (green, cost)
            }
            Action::Enter { .. } => (amber, "enter".to_string()),
            Action::Retreat { .. } => (amber, "retreat".to_string()),
            Action::Advance { .. } => (green, "advance".to_string()),
            Action::Fire { .. } => (red, "fire".to_string()),
            _ => continue,
        };
        let p = board::center(hex);
        board::highlight_hex(&mut commands, &mut marks, Overlay, p, mat, &label, 3.5);
    }
    // The rings are one mesh.
    marks.spawn_with(&mut commands, &mut meshes, &mut materials, Overlay);
}

/// The turn bar: turn, clock, phasing player, victory points.
fn turn_info(InMut(ui): InMut<egui::Ui>, game: Res<Game>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    ui.strong(format!(
        "Turn {} of {} ({})",
        s.turn,
        s.stat.tables.turns.count,
        s.time(s.turn)
    ));
    ui.separator();
    ui.label(phase_name(s));
    ui.separator();
    ui.label(format!(
        "VP: US {}, Indian {} (17); losses US {} CP, Indian {} CP",
        s.vp[0], s.vp[1], s.losses[0], s.losses[1]
    ));
}

/// The phase in words, with what is pending.
fn phase_name(s: &State) -> String {
    let phase = match s.phase {
        Phase::Rally => format!("{:?} Rally Phase (4A)", s.phasing),
        Phase::OffensiveFire => format!("{:?} Offensive Fire Phase (4B)", s.phasing),
        Phase::Movement => format!("{:?} Movement Phase (4C)", s.phasing),
        Phase::DefensiveFire => format!("{:?} Defensive Fire Phase (4D)", s.phasing.other()),
        Phase::AdvanceFire => format!("{:?} Advance Fire Phase (4E)", s.phasing),
        Phase::Melee => format!("{:?} Melee Phase (4F)", s.phasing),
        Phase::Over => "The battle is over".to_string(),
    };
    match s.pending.first() {
        Some(Pending::Window { target, kind, .. }) => format!(
            "{phase}: {:?} fire at {} ({})",
            kind,
            s.def(*target).name,
            if *kind == FireKind::Opportunity {
                "9F"
            } else {
                "9G"
            }
        ),
        Some(Pending::Retreat { unit, rout, .. }) => format!(
            "{phase}: {} {}",
            s.def(*unit).name,
            if *rout {
                "routs (10J)"
            } else {
                "retreats (10I)"
            }
        ),
        Some(Pending::Rout { unit, .. }) if rules::morale::may_halt_rout(s) => format!(
            "{phase}: {}'s rout may end here, or go on (10J1, 10J2)",
            s.def(*unit).name
        ),
        Some(Pending::Rout { unit, .. }) => {
            format!("{phase}: {} routs (10J2)", s.def(*unit).name)
        }
        Some(Pending::Volunteer { units, .. }) => format!(
            "{phase}: rout {} voluntarily? (10J1)",
            units
                .iter()
                .map(|&u| s.def(u).name.clone())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Some(Pending::Declare { target, attackers }) => format!(
            "{phase}: melee on {} by {} units being declared (10A)",
            s.stat.label(*target),
            attackers.len()
        ),
        Some(Pending::Rbm { target, .. }) => format!(
            "{phase}: the defenders of {} may retreat before melee (10H)",
            s.stat.label(*target)
        ),
        Some(Pending::Pursuit { target, .. }) => format!(
            "{phase}: the defenders left {}: the attacker may pursue (10H2)",
            s.stat.label(*target)
        ),
        Some(Pending::PursuitMove { unit, left }) => format!(
            "{phase}: {} pursues, {left} hex(es) left (10H2)",
            s.def(*unit).name
        ),
        Some(Pending::Fight { target, .. }) => {
            format!("{phase}: melee at {}", s.stat.label(*target))
        }
        Some(Pending::Casualties { left, .. }) => {
            format!("{phase}: place {left} Casualty Point(s) of the melee (10C)")
        }
        Some(Pending::Village) => {
            format!("{phase}: a village may be nearby: send the searchers off the map? (16E)")
        }
        Some(Pending::Replace { lost }) => format!(
            "{phase}: the US may bring in a Replacement Leader for {} (12D6)",
            s.ldef(*lost).name
        ),
        None => phase,
    }
}

/// The optional rules in play, as the side panel says them.
fn wargame_options_line(s: &State) -> String {
    crate::games::rosebud::setup::options_line(&s.stat.options)
}

/// An action in words, with its notation.
fn describe(s: &State, a: &Action) -> String {
    let name = |id: &str| {
        s.find(id)
            .map(|u| s.def(u).name.clone())
            .or_else(|| s.find_leader(id).map(|l| s.ldef(l).name.clone()))
            .unwrap_or_else(|| id.to_string())
    };
    let words = match a {
        Action::Enter { unit, hex, mounted } => format!(
            "{}: enter at {hex} {} (18)",
            name(unit),
            if *mounted { "Mounted" } else { "Dismounted" }
        ),
        Action::Move { unit, hex } => format!("{}: move to {hex}", name(unit)),
        Action::Mode { unit, change } => format!("{}: {change:?} (8D)", name(unit)),
        Action::Fire { unit, target, half } => {
            let kind = match (s.phase, half) {
                (Phase::OffensiveFire, true) => FireKind::OffensiveHalf,
                (Phase::OffensiveFire, false) => FireKind::Offensive,
                (Phase::DefensiveFire, true) => FireKind::DefensiveHalf,
                (Phase::DefensiveFire, false) => FireKind::Defensive,
                _ => FireKind::Advance,
            };
            match (s.find(unit), s.find(target)) {
                (Some(f), Some(t)) => {
                    let (x, _) = fire::strength(s, f, t, kind);
                    let drm: i32 = fire::modifiers(s, f, t).iter().map(|(_, v)| v).sum();
                    format!(
                        "{}: fire at {} {}(strength {}, DRM {drm:+}, 9)",
                        name(unit),
                        name(target),
                        match (kind, half) {
                            (FireKind::DefensiveHalf, _) => "at 1/2, half a box (14D) ",
                            (_, true) => "at 1/2, keeping 1/2 MA ",
                            _ => "",
                        },
                        fire::trim(x)
                    )
                }
                _ => format!("{}: fire at {}", name(unit), name(target)),
            }
        }
        Action::OpFire { unit } => format!("{}: fire at the unit (9F, 9G)", name(unit)),
        Action::Resolve => "Resolve the fire declared (or hold fire)".to_string(),
        Action::Retreat { unit, hex } => match s.pending.first() {
            Some(Pending::Rout { .. }) if rules::morale::may_halt_rout(s) => {
                format!("{}: go on routing, to {hex} (10J1)", name(unit))
            }
            Some(Pending::Rout { .. }) | Some(Pending::Retreat { rout: true, .. }) => {
                format!("{}: rout to {hex} (10J)", name(unit))
            }
            _ => format!("{}: retreat to {hex} (10I)", name(unit)),
        },
        Action::Resupply { unit, from: None } => {
            format!("{}: re-supply from the Pack Train (14C)", name(unit))
        }
        Action::Resupply {
            unit,
            from: Some(p),
        } => format!(
            "{}: take ammunition boxes from {} (14D Option #2)",
            name(unit),
            name(p)
        ),
        Action::Rout { unit: Some(u) } => format!("{}: rout voluntarily (10J1)", name(u)),
        Action::Rout { unit: None } => "Rout them all voluntarily (10J1)".to_string(),
        Action::Hold => "Hold: rout none (10J1)".to_string(),
        Action::Recover { unit } => format!("{}: remove Disruption for 2 MP (13B3)", name(unit)),
        Action::Melee { hex } => format!("Declare a melee on {hex} (10A)"),
        Action::Leave { unit } => format!("{}: leave out of the melee (10B5)", name(unit)),
        Action::Commit => "Attack with the units declared (10A)".to_string(),
        Action::Cancel => "Withdraw the declaration".to_string(),
        Action::Rbm { unit: None } => {
            "Attempt a Retreat before melee with the stack (10H1)".to_string()
        }
        Action::Rbm { unit: Some(u) } => {
            format!("{}: attempt a Retreat before melee alone (10H1)", name(u))
        }
        Action::Stand => "Stand and fight (10H1)".to_string(),
        Action::Lose { unit } => format!("{}: takes a Casualty Point (10C)", name(unit)),
        Action::Advance { unit, hex } => format!("{}: advance into {hex} (10H3)", name(unit)),
        Action::Replace { hex: Some(h) } => {
            format!("Place the Replacement Leader in {h} (12D6)")
        }
        Action::Replace { hex: None } => "Bring in no Replacement Leader (12D6)".to_string(),
        Action::Pursue { unit } => format!("{}: roll to pursue (10H2)", name(unit)),
        Action::Halt if matches!(s.pending.first(), Some(Pending::Rout { .. })) => {
            "Stop the rout here (10J2)".to_string()
        }
        Action::Halt => "Stop here: end the pursuit or the retreat (10H1, 10H2)".to_string(),
        Action::Breastworks { unit: None } => {
            "Build Breastworks: roll for how many units may build (16C)".to_string()
        }
        Action::Breastworks { unit: Some(u) } => {
            format!("{}: build Breastworks here (16C)", name(u))
        }
        Action::Reload { unit } => format!(
            "{}: load the Breastworks back onto the Pack Train (16C)",
            name(unit)
        ),
        Action::Charge { unit, hex } => format!(
            "{}: charge {hex} (+1 MP, +1/2 strength in its melee, 16A)",
            name(unit)
        ),
        Action::Search { exit: None } => "Look for the Indian village (16E)".to_string(),
        Action::Search { exit: Some(true) } => {
            "Send the searching units off the map to find the village (16E)".to_string()
        }
        Action::Search { exit: Some(false) } => "Keep the searching units here (16E)".to_string(),
        Action::Transfer { from, to } => format!(
            "{}: give a strength point to {} (15B)",
            name(from),
            name(to)
        ),
        Action::End => "End the phase".to_string(),
    };
    format!("{words}   [{a}]")
}

/// The left panel: the viewing seat, the selected piece and its mode changes, the units
/// waiting to enter, the hovered hex.
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
        ui.label(wargame_options_line(s));
        ui.separator();
        let side = side_of(game.viewing());
        ui.label(phase_name(s));
        // The choices that need no hex: a fire window's, and the selected unit's mode
        // changes, half-strength fire, re-supply and recovery, as buttons.
        for l in &legal {
            let Ok(a) = l.parse::<Action>() else { continue };
            let mine = match &a {
                Action::OpFire { .. }
                | Action::Resolve
                | Action::Melee { .. }
                | Action::Leave { .. }
                | Action::Commit
                | Action::Cancel
                | Action::Rbm { .. }
                | Action::Stand
                | Action::Lose { .. }
                | Action::Replace { .. }
                | Action::Pursue { .. }
                | Action::Halt
                | Action::Search { .. }
                | Action::Breastworks { unit: None }
                | Action::Retreat { .. }
                | Action::Rout { unit: None }
                | Action::Hold
                | Action::Advance { .. } => true,
                Action::Rout { unit: Some(unit) } => {
                    matches!(s.pending.first(), Some(Pending::Volunteer { .. }))
                        || sel.unit.as_deref() == Some(unit.as_str())
                }
                Action::Mode { unit, .. }
                | Action::Charge { unit, .. }
                | Action::Breastworks { unit: Some(unit) }
                | Action::Reload { unit }
                | Action::Transfer { from: unit, .. }
                | Action::Recover { unit }
                | Action::Resupply { unit, .. }
                | Action::Fire {
                    unit, half: true, ..
                } => sel.unit.as_deref() == Some(unit.as_str()),
                _ => false,
            };
            if mine && ui.button(describe(s, &a)).clicked() {
                submit = Some(l.clone());
            }
        }
        if let Some(id) = sel.unit.clone() {
            if let Some(u) = s.find(&id) {
                let d = s.def(u);
                ui.strong(format!("{} ({})", d.name, s.class(u).name));
                ui.label(format!(
                    "CF {} ({:?}), MA {}: {} MP left{}",
                    s.cf(u),
                    s.units[u].mode,
                    s.face(u).ma,
                    rules::mp_left(s, u),
                    if s.units[u].at == Loc::Entering {
                        "; waiting to enter: click an amber ring"
                    } else {
                        ""
                    }
                ));
            } else if let Some(l) = s.find_leader(&id) {
                let d = s.ldef(l);
                ui.strong(format!("{} (Leader)", d.name));
                let ratings = match rules::leaders::ratings(s, l) {
                    Some((r, radius)) => format!("Rating {r:+}, radius {radius}"),
                    None => "No ratings".to_string(),
                };
                let wound = match s.leaders[l].wound {
                    None => String::new(),
                    Some(Wound::Mortal { dies }) => format!(
                        " (mortally wounded: dies on turn {dies} unless carried to aid, 12D1)"
                    ),
                    Some(Wound::Severe) => " (severely wounded, 12D1)".to_string(),
                    Some(Wound::Moderate) => " (wounded side, 12D1)".to_string(),
                };
                ui.label(format!(
                    "{ratings}, MA {}: {} MP left{wound}",
                    rules::leaders::ma(s, l),
                    rules::leader_mp_left(s, l)
                ));
            }
            ui.label("Click a green ring to move there, a red ring to fire at full strength.");
        } else if game.can_act() {
            ui.label("Click one of your counters to select it.");
        }
        let waiting: Vec<String> = (0..s.units.len())
            .filter(|&u| s.units[u].at == Loc::Entering && s.side(u) == side)
            .map(|u| s.def(u).id.clone())
            .chain(
                (0..s.leaders.len())
                    .filter(|&l| s.leaders[l].at == Loc::Entering && s.ldef(l).side == side)
                    .map(|l| s.ldef(l).id.clone()),
            )
            .collect();
        if !waiting.is_empty() {
            ui.separator();
            ui.strong(format!("Waiting to enter (18): {}", waiting.len()));
            egui::ScrollArea::vertical()
                .max_height(220.0)
                .show(ui, |ui| {
                    for id in &waiting {
                        let label = s
                            .find(id)
                            .map(|u| {
                                format!("{} ({}, CF {})", s.def(u).name, s.def(u).group, s.cf(u))
                            })
                            .or_else(|| {
                                s.find_leader(id)
                                    .map(|l| format!("{} (Leader)", s.ldef(l).name))
                            })
                            .unwrap_or_default();
                        if ui
                            .selectable_label(sel.unit.as_deref() == Some(id.as_str()), label)
                            .clicked()
                        {
                            sel.unit = Some(id.clone());
                        }
                    }
                });
        }
        ui.separator();
        if let Some(h) = hover.0
            && s.stat.on_board(h)
        {
            let (head, lines) = hex_lines(s, h);
            ui.label(head);
            for l in lines {
                ui.label(l);
            }
        }
    }
    if let Some(a) = submit {
        game.submit(&a);
    }
}

/// A hex in words: its number, terrain, level and VP hill, and a line per unit and
/// Leader in it (nothing in this game is hidden). The side panel and the board's
/// tooltip both show it.
fn hex_lines(s: &State, h: Coord) -> (String, Vec<String>) {
    let m = &s.stat.map;
    let mut head = format!(
        "{}: {}, Level {}",
        m.label(h),
        m.terrain_name(h).unwrap_or("?").replace('_', " "),
        m.level(h)
    );
    for hill in &s.stat.scenario.hills {
        if m.has_mark(h, &hill.mark) {
            head.push_str(&format!(", {} ({} VP)", hill.name, hill.vp));
        }
    }
    let lines = own_in(s, h, Side::US)
        .into_iter()
        .chain(own_in(s, h, Side::Indian))
        .map(|id| {
            s.find(&id)
                .map(|u| {
                    let m = markers(s, u);
                    format!(
                        "{} ({:?}, CF {}, {:?}{})",
                        s.def(u).name,
                        s.side(u),
                        s.cf(u),
                        s.units[u].mode,
                        if m.is_empty() {
                            String::new()
                        } else {
                            format!(", {}", m.join(", "))
                        }
                    )
                })
                .or_else(|| {
                    s.find_leader(&id)
                        .map(|l| format!("{} (Leader, {:?})", s.ldef(l).name, s.ldef(l).side))
                })
                .unwrap_or_default()
        })
        .collect();
    (head, lines)
}

/// The selected unit's fire at an enemy in the hovered hex, in words: its factors and
/// column, the natural 2d6 roll each result needs, and every factor and modifier with
/// its key in the Fire table (9A-9D).
fn fire_section(s: &State, sel: &Selection, hover: &Hover) -> Option<(String, Vec<String>)> {
    let f = s.find(sel.unit.as_deref()?)?;
    let hex = hover.0?;
    let t = s
        .at(hex, s.side(f).other())
        .find(|&t| fire::can_target(s, f, t))?;
    let kind = if s.phase == Phase::DefensiveFire {
        FireKind::Defensive
    } else {
        FireKind::Offensive
    };
    let (x, why) = fire::strength(s, f, t, kind);
    let mods = fire::modifiers(s, f, t);
    let drm: i32 = mods.iter().map(|(_, v)| v).sum();
    let col = fire::column(s, x);
    let head = format!(
        "{} fires at {}: {x} factors, column {}, modifiers {drm:+} (9)",
        s.def(f).name,
        s.def(t).name,
        s.stat.tables.fire.columns.get(col).copied().unwrap_or(0.0)
    );
    let mut items = vec![];
    let mut last = crate::games::rosebud::data::FireResult::NoEffect;
    for roll in 2..=12 {
        let r = fire::lookup(s, col, roll + drm);
        if r != last {
            items.push(format!("{r:?} on {roll}+ (2d6)"));
            last = r;
        }
    }
    if items.is_empty() {
        items.push("no result on any roll".to_string());
    }
    items.extend(why);
    items.extend(
        mods.iter()
            .map(|(k, v)| format!("{v:+} {}", k.replace('_', " "))),
    );
    Some((head, items))
}

/// A die table's bands, each with its result and source.
fn die_table<R: std::fmt::Debug>(
    ui: &mut egui::Ui,
    id: &str,
    t: &crate::games::rosebud::data::DieTable<R>,
) {
    source_line(ui, &t.source);
    egui::Grid::new(id).striped(true).show(ui, |ui| {
        ui.strong(format!("{}d6", t.dice));
        ui.strong("result");
        ui.strong("source");
        ui.end_row();
        for b in &t.bands {
            ui.label(match (b.from, b.to) {
                (None, Some(to)) => format!("{to} or less"),
                (Some(f), None) => format!("{f} or more"),
                (Some(f), Some(to)) if f == to => f.to_string(),
                (Some(f), Some(to)) => format!("{f}-{to}"),
                (None, None) => "any".into(),
            });
            ui.label(format!("{:?}", b.result));
            ui.label(egui::RichText::new(b.source.short()).small());
            ui.end_row();
        }
    });
    for d in &t.drm {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{:+} {}", d.value, d.when));
            ui.label(egui::RichText::new(d.source.short()).small());
        });
    }
}

/// The fire the person is looking at: the selected unit's fire at an enemy unit in
/// the hovered hex, when it may fire at it, as (column, total modifier, target name).
fn fire_in_view(s: &State, sel: &Selection, hover: &Hover) -> Option<(usize, i32, String)> {
    let f = s.find(sel.unit.as_deref()?)?;
    let hex = hover.0?;
    let enemy = s.side(f).other();
    let t = s.at(hex, enemy).find(|&t| fire::can_target(s, f, t))?;
    let kind = if s.phase == Phase::DefensiveFire {
        FireKind::Defensive
    } else {
        FireKind::Offensive
    };
    let (x, _) = fire::strength(s, f, t, kind);
    let drm: i32 = fire::modifiers(s, f, t).iter().map(|(_, v)| v).sum();
    Some((fire::column(s, x), drm, s.def(t).name.clone()))
}

/// The charts window (C or the Charts button): every table the engine reads, each
/// value with its source and the reconstructions marked; the Fire CRT's column for the
/// selected unit's fire at the hovered enemy is highlighted.
fn windows(InMut(ui): InMut<egui::Ui>, game: Res<Game>, sel: Res<Selection>, hover: Res<Hover>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    // The hovered hex's tooltip, with the selected unit's fire at it.
    if let Some(h) = hover.0
        && s.stat.on_board(h)
        && !game.curtain_down()
    {
        let (head, lines) = hex_lines(s, h);
        let fire: Vec<(String, Vec<String>)> = if game.can_act() {
            fire_section(s, &sel, &hover).into_iter().collect()
        } else {
            vec![]
        };
        board::hover_tooltip(ui.ctx(), &head, &lines, &fire);
    }
    if !game.charts() {
        return;
    }
    let t = &s.stat.tables;
    let in_view = fire_in_view(s, &sel, &hover);
    let gold = egui::Color32::from_rgb(240, 200, 80);
    egui::Window::new("Charts — Battle of the Rosebud")
        .default_width(760.0)
        .max_width(820.0)
        .default_height(560.0)
        .vscroll(true)
        .show(ui.ctx(), |ui| {
            ui.label(
                "The seed lost every chart: what is RECONSTRUCTED is marked in orange, with \
                 its reasoning (docs/reconstructions-rosebud.md); the seed's own values in green.",
            );
            ui.separator();
            ui.heading("Fire Combat Results Table (9)");
            source_line(ui, &t.fire.source);
            match &in_view {
                Some((_, drm, name)) => {
                    ui.colored_label(
                        gold,
                        format!("Highlighted: the selected unit's fire at {name}, 2d6 {drm:+}"),
                    );
                }
                None => {
                    ui.small("Select a unit and hover an enemy it may fire at to see its column.");
                }
            }
            let col = in_view.as_ref().map(|(c, _, _)| *c);
            let drm = in_view.as_ref().map_or(0, |(_, d, _)| *d);
            egui::Grid::new("rb_fire").striped(true).show(ui, |ui| {
                ui.strong("2d6 \\ strength");
                let n = t.fire.columns.len();
                for (c, lo) in t.fire.columns.iter().enumerate() {
                    let label = match t.fire.columns.get(c + 1) {
                        _ if c == 0 => "<1".to_string(),
                        Some(hi) if c + 1 < n => format!("{}-{}", fire::trim(*lo), fire::trim(*hi)),
                        _ => format!("{}+", fire::trim(*lo)),
                    };
                    let text = egui::RichText::new(label).strong();
                    ui.label(if col == Some(c) { text.color(gold) } else { text });
                }
                ui.end_row();
                let rows = t.fire.rows.len() as i32;
                for (i, r) in t.fire.rows.iter().enumerate() {
                    let total = t.fire.first_total + i as i32;
                    ui.label(if i == 0 {
                        format!("{total} or less")
                    } else if i as i32 == rows - 1 {
                        format!("{total} or more")
                    } else {
                        total.to_string()
                    });
                    // The rows this fire can read: natural 2-12 plus its modifiers.
                    let reachable = in_view.is_some()
                        && (2 + drm..=12 + drm).any(|m| {
                            m.clamp(t.fire.first_total, t.fire.first_total + rows - 1) == total
                        });
                    for (c, cell) in r.split_whitespace().enumerate() {
                        let text = egui::RichText::new(cell);
                        ui.label(if col == Some(c) && reachable {
                            text.color(gold).strong()
                        } else {
                            text
                        });
                    }
                    ui.end_row();
                }
            });
            ui.small("Modifiers to the 2d6 total:");
            for d in &t.fire.drm {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{:+} {}", d.value, d.when));
                    ui.label(egui::RichText::new(d.source.short()).small());
                });
            }
            ui.small("Strength factors:");
            for f in &t.fire.factors {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("x{} {}", fire::trim(f.factor), f.when));
                    ui.label(egui::RichText::new(f.source.short()).small());
                });
            }
            for r in &t.fire.ranges {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!(
                        "{:?}: range {} hexes, x{} beyond 1 hex",
                        r.kinds,
                        r.max_range,
                        fire::trim(r.long_factor)
                    ));
                    ui.label(egui::RichText::new(r.source.short()).small());
                });
            }
            ui.separator();
            ui.heading("Melee Combat Results Table (10): attacker / defender");
            source_line(ui, &t.melee.source);
            egui::Grid::new("rb_melee").striped(true).show(ui, |ui| {
                ui.strong("1d6 \\ US odds");
                for (a, d) in &t.melee.us_line {
                    ui.strong(format!("{a}:{d}"));
                }
                ui.end_row();
                ui.strong("Indian odds");
                for (a, d) in &t.melee.indian_line {
                    ui.strong(format!("{a}:{d}"));
                }
                ui.end_row();
                let rows = t.melee.rows.len();
                for (i, r) in t.melee.rows.iter().enumerate() {
                    let die = t.melee.first_die + i as i32;
                    ui.label(if i == 0 {
                        format!("{die} or less")
                    } else if i + 1 == rows {
                        format!("{die} or more")
                    } else {
                        die.to_string()
                    });
                    for cell in r.split_whitespace() {
                        ui.label(cell);
                    }
                    ui.end_row();
                }
            });
            for d in &t.melee.drm {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{:+} {}", d.value, d.when));
                    ui.label(egui::RichText::new(d.source.short()).small());
                });
            }
            for f in &t.melee.factors {
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("x{} {}", fire::trim(f.factor), f.when));
                    ui.label(egui::RichText::new(f.source.short()).small());
                });
            }
            ui.separator();
            ui.heading("Morale Check Table (13A)");
            die_table(ui, "rb_morale", &t.morale);
            ui.heading("Rally Table (13C)");
            die_table(ui, "rb_rally", &t.rally);
            ui.heading("Retreat Before Melee (10H1)");
            die_table(ui, "rb_rbm", &t.retreat_before_melee);
            ui.heading("Leader Loss Check (9E, 12D1)");
            die_table(ui, "rb_leader", &t.leader_loss);
            ui.heading("Wound Severity (12D1)");
            die_table(ui, "rb_wound", &t.wound_severity);
            ui.heading("Lost Horses (16B)");
            die_table(ui, "rb_horses", &t.lost_horses);
            ui.separator();
            ui.heading("Terrain Effects (7B, 10D)");
            egui::Grid::new("rb_tec").striped(true).show(ui, |ui| {
                for h in ["terrain", "MP mounted", "MP dismounted", "melee", "fire", "source"] {
                    ui.strong(h);
                }
                ui.end_row();
                for r in &t.terrain {
                    ui.label(&r.name);
                    ui.label(r.mounted_mp.to_string());
                    ui.label(r.dismounted_mp.to_string());
                    ui.label(format!("{:+}", r.melee));
                    ui.label(format!("{:+}", r.fire));
                    ui.label(egui::RichText::new(r.source.short()).small());
                    ui.end_row();
                }
                for r in &t.hexsides {
                    ui.label(format!("{} hexside", r.name));
                    let mp = r.mp.map_or("prohibited".to_string(), |m| format!("+{m}"));
                    ui.label(&mp);
                    ui.label(&mp);
                    ui.label(format!("{:+}", r.melee));
                    ui.label("");
                    ui.label(egui::RichText::new(r.source.short()).small());
                    ui.end_row();
                }
            });
            ui.label(format!(
                "+{} MP per level uphill; {} MP to change mode; +{} MP to leave an enemy ZOC; {} MP to remove Disruption",
                t.uphill_mp.value, t.mode_mp.value, t.zoc_exit_mp.value, t.disruption_mp.value
            ));
            ui.separator();
            ui.heading("Victory Levels (17)");
            source_line(ui, &t.victory.source);
            for b in &t.victory.bands {
                ui.label(format!("ratio {} or more: {}", b.from_ratio, b.level));
            }
        });
}
