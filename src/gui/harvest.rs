//! The Harvest the Wind plugin: draws the current seat's view (terrain, counters with
//! their printed values, Hidden stacks as blank markers), highlights the selected
//! unit's legal moves and fire targets with the to-hit number, turns clicks into legal
//! actions, and shows the turn bar, unit details, stack viewer, log and the FCT, MCT
//! and TEC charts with the cell in use highlighted.

use super::board::{self, ActiveMap, BoardArea, Clicked, FitRequest, HEX, Hover};
use super::playing::{Drawn, RulesetUi, StandingOrder, game_is, register_ruleset_ui};
use super::{Game, Screen};
use crate::core::hexmap::Coord;
use crate::core::session::GameSession;
use crate::games::harvest::action::Action;
use crate::games::harvest::state::{Kind, State};
use crate::games::harvest::{Harvest, rules, view};
use bevy::ecs::system::InMut;
use bevy::prelude::*;
use bevy_egui::egui;

/// Counters and highlights (redrawn when the game changes).
#[derive(Component, Clone)]
pub struct Overlay;

/// What the player has selected and any pending choice between actions.
#[derive(Resource, Default)]
pub struct Selection {
    /// Selected piece id.
    pub piece: Option<String>,
    /// Hex of the selected stack (for the stack viewer).
    pub hex: Option<Coord>,
    /// What was drawn last: the selected piece and the hovered hex.
    drawn: Drawn<(Option<String>, Option<Coord>)>,
}

/// Register the plugin: the logic systems plus its parts of the play screen.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins(logic_plugin);
    let ui = RulesetUi {
        game: crate::games::harvest::setup::GAME,
        turn_info: app.register_system(turn_info),
        side_panel: app.register_system(side_panel),
        buttons: Some(app.register_system(buttons)),
        windows: Some(app.register_system(windows)),
        end_label: "End phase",
        charts: true,
    };
    register_ruleset_ui(app, ui);
    crate::gui::palette::register(app, crate::games::harvest::setup::GAME, palettes);
}

/// The colours the board shows side by side, for the colour-vision check
/// (`gui::palette`): each scenario's terrain (the chart's colours of the terrain its map
/// uses) and its sides' counters.
fn palettes(root: &std::path::Path) -> Result<Vec<crate::gui::palette::Palette>, String> {
    use crate::gui::palette::Palette;
    let mut out = vec![];
    for id in crate::games::scenarios(root, crate::games::harvest::setup::GAME) {
        let g = crate::games::new_session(root, &id, 1).map_err(|e| e.to_string())?;
        // A new game's data as a seat sees it (the map and tables are public).
        let seen = Game::new(g, false)
            .view::<Harvest>()
            .ok_or("not a Harvest the Wind game")?;
        let s = &*seen;
        let m = &s.stat.map;
        let used: std::collections::BTreeSet<&str> = m
            .terrain
            .iter()
            .filter_map(|t| m.terrain_names.get(usize::from(*t)).map(String::as_str))
            .collect();
        let terrain = s
            .stat
            .tables
            .tec
            .iter()
            .filter(|r| used.contains(r.terrain.as_str()));
        out.push(Palette::new(
            &format!("{id} terrain"),
            terrain.map(|r| (r.terrain.clone(), board::colour(&r.colour))),
        ));
        let sides = s.stat.scenario.sides.iter();
        out.push(Palette::new(
            &format!("{id} sides"),
            sides.map(|sd| (sd.name.clone(), board::colour(&sd.colours.0))),
        ));
    }
    Ok(out)
}

/// The standing order this ruleset offers: pass every reaction-fire window (IV).
fn reaction_pending(s: &dyn GameSession) -> bool {
    s.probe("pending").as_deref() == Some("reaction")
}

/// Give a new Harvest the Wind game its standing order (off for every seat).
fn offer_auto_pass(mut game: ResMut<Game>) {
    if game.standing_order().is_none() {
        let seats = vec![false; usize::from(game.seats())];
        game.offer_standing_order(StandingOrder {
            label: "Auto-pass reaction fire",
            applies: reaction_pending,
            seats,
        });
    }
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
            spawn_board.run_if(game_is::<Harvest>),
        )
        .add_systems(
            Update,
            (
                (offer_auto_pass, click)
                    .chain()
                    .in_set(board::BoardSystems::Click),
                redraw.in_set(board::BoardSystems::Draw),
            )
                .run_if(in_state(Screen::Playing).and_then(game_is::<Harvest>)),
        );
}

/// Counters and highlights drawn by the plugin (public for tests).
pub type OverlayMarker = Overlay;

/// The game as the seat on screen sees it ([`Game::view`]): all this plugin reads of it.
fn state(game: &Game) -> Option<std::sync::Arc<State>> {
    game.view::<Harvest>()
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
    let tec = s.stat.tables.tec.clone();
    let map = &s.stat.map;
    let mut sketch = board::Sketch::default();
    let bounds = board::spawn_map(&mut commands, &mut sketch, map, |name| {
        tec.iter()
            .find(|r| r.terrain == name)
            .map_or(Color::srgb(0.9, 0.9, 0.9), |r| board::colour(&r.colour))
    });
    // Symbols as well as colour (Table 3's terrain reads in greyscale and for
    // colour-blind players): trees for Woods, tufts for Tall Grass, waves for a River.
    let tree = Color::srgb(0.05, 0.27, 0.15);
    let grass = Color::srgb(0.45, 0.40, 0.05);
    let water = Color::srgb(0.05, 0.20, 0.50);
    for c in map.coords() {
        let p = board::center(c);
        let at = |dx: f32, dy: f32| p + Vec2::new(HEX * dx, HEX * dy);
        match map.terrain_name(c) {
            Some("woods") => {
                for (dx, dy) in [(-0.3, 0.2), (0.0, 0.4), (0.3, 0.2), (0.0, 0.0)] {
                    sketch.add(Circle::new(HEX * 0.1), tree, at(dx, dy), 0.3, 0.0);
                }
            }
            Some("tall_grass") => {
                for (dx, dy) in [(-0.3, 0.2), (0.0, 0.35), (0.3, 0.2)] {
                    for lean in [-0.35f32, 0.0, 0.35] {
                        let blade = Rectangle::new(HEX * 0.035, HEX * 0.2);
                        let base = at(dx + lean * 0.15, dy);
                        sketch.add(blade, grass, base, 0.3, lean);
                    }
                }
            }
            Some("river") => {
                for dy in [0.3, 0.05] {
                    for (i, dx) in [-0.3f32, -0.1, 0.1, 0.3].into_iter().enumerate() {
                        // A zigzag of short bars, alternately tilted.
                        let tilt = if i % 2 == 0 { 0.5 } else { -0.5 };
                        let bar = Rectangle::new(HEX * 0.24, HEX * 0.05);
                        sketch.add(bar, water, at(dx, dy), 0.3, tilt);
                    }
                }
            }
            _ => {}
        }
    }
    sketch.spawn(&mut commands, &mut meshes, &mut materials);
    commands.insert_resource(ActiveMap(map.clone()));
    fit.bounds = Some(bounds);
    fit.pending = true;
}

/// The actions among `legal` that a click on `hex` would mean for the selected piece.
fn actions_at(legal: &[String], sel: Option<&str>, hex: Coord) -> Vec<String> {
    legal
        .iter()
        .filter(|l| {
            let Ok(a) = l.parse::<Action>() else {
                return false;
            };
            let (unit, hexes): (Option<&str>, Vec<Coord>) = match &a {
                Action::Place { piece, hex } => (Some(piece), vec![*hex]),
                Action::Fire { unit, targets, .. } => (Some(unit), targets.clone()),
                Action::Blaze { unit, hex }
                | Action::Move { unit, hex }
                | Action::Enter { unit, hex }
                | Action::Mount { unit, hex }
                | Action::Dismount { unit, hex }
                | Action::Shift { unit, hex } => (Some(unit), vec![*hex]),
                Action::Flee {
                    unit,
                    hex,
                    dismount,
                } => (Some(unit), dismount.map_or(vec![*hex], |d| vec![d])),
                Action::Melee { hex } | Action::Unhide { hex } => (None, vec![*hex]),
                _ => (None, vec![]),
            };
            match (unit, sel) {
                (Some(u), Some(s)) => u == s && hexes.contains(&hex),
                (None, _) => hexes == vec![hex],
                _ => false,
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
        sel.piece = None;
        game.clear_choice();
    }
    // A flight (II.B.3-4) is made one hex at a time by its owner: select the unit.
    if game.can_act()
        && let Some(s) = state(game)
        && let crate::games::harvest::state::Pending::Flee { unit, .. } = s.pending
    {
        let id = s.p(unit).id.to_string();
        if sel.piece.as_deref() != Some(id.as_str()) {
            sel.piece = Some(id);
            game.clear_choice();
        }
    }
    // The routes of the selected piece, found once per state (drawn by `redraw`).
    game.keep_routes(sel.piece.as_deref());
    let Some(hex) = clicked.0 else { return };
    if game.curtain_down() {
        return;
    }
    // Only the human seat to act acts; otherwise a click only selects (a computer
    // seat's legal actions are never read here).
    let legal = if game.can_act() { game.legal() } else { vec![] };
    // Revealing a hidden stack voluntarily (III.F.4) cannot be undone, so a click meant
    // to select the stack never does it: the reveal is offered as a choice beside the
    // selection instead.
    let (reveals, acts): (Vec<String>, Vec<String>) = actions_at(&legal, sel.piece.as_deref(), hex)
        .into_iter()
        .partition(|a| matches!(a.parse::<Action>(), Ok(Action::Unhide { .. })));
    if acts.len() == 1 {
        let a = acts[0].clone();
        game.submit(&a);
        game.clear_choice();
        return;
    }
    if acts.len() > 1 {
        game.offer_choice(acts);
        return;
    }
    game.clear_choice();
    // Further than one step: move there by the route found (issue 30, move by
    // destination); the rules may stop it on the way.
    // Not to its own hex: a click there selects in the stack, as always.
    let here = state(game)
        .zip(sel.piece.as_deref())
        .and_then(|(s, p)| s.find(p).and_then(|i| s.p(i).hex()));
    if let Some(piece) = sel.piece.clone()
        && here != Some(hex)
        && game.can_act()
        && game.walk_to(&piece, &hex.to_string())
    {
        return;
    }
    // Select a piece of the viewing seat in the hex, cycling through the stack.
    let Some(seen) = state(game) else { return };
    let s = &*seen;
    let v = view(s, game.viewing());
    let own: Vec<String> = v
        .pieces
        .iter()
        .filter(|p| {
            p.hex == Some(hex)
                && p.side == game.viewing()
                && matches!(
                    p.kind,
                    Kind::Unit | Kind::Crew | Kind::Leader | Kind::Hidden
                )
        })
        .map(|p| p.id.clone())
        .collect();
    sel.hex = Some(hex);
    sel.piece = match sel
        .piece
        .as_ref()
        .and_then(|cur| own.iter().position(|x| x == cur))
    {
        Some(i) => own.get((i + 1) % own.len()).cloned(),
        None => own.first().cloned(),
    };
    if !reveals.is_empty() {
        game.offer_choice(reveals);
    } else if sel.piece.is_none() {
        // A hex-only action (melee) when nothing of ours is there.
        let hex_only = actions_at(&legal, None, hex);
        if hex_only.len() == 1 {
            game.submit(&hex_only[0]);
        } else if hex_only.len() > 1 {
            game.offer_choice(hex_only);
        }
    }
}

struct Look {
    bg: Color,
    fg: Color,
}

fn side_look(s: &State, side: u8) -> Look {
    let sd = &s.stat.scenario.sides[usize::from(side)];
    Look {
        bg: board::colour(&sd.colours.0),
        fg: board::colour(&sd.colours.1),
    }
}

fn counter_text(s: &State, p: &crate::games::harvest::PieceView) -> (String, String) {
    let carried: Vec<String> = s
        .pieces
        .iter()
        .filter(|w| matches!(w.loc, crate::games::harvest::state::Loc::Carried(h) if *s.pieces[usize::from(h)].id == *p.id))
        .map(|w| if w.kind == Kind::Medicine { "Med".to_string() } else if w.flipped { format!("{}*", w.letter) } else { w.letter.to_string() })
        .collect();
    let piece = s.find(&p.id).map(|i| s.p(i));
    match p.kind {
        Kind::Unit | Kind::Crew => {
            let pc = piece.expect("visible piece exists");
            let top = format!("{}-{}-{}", pc.melee, pc.morale, pc.ma);
            let f = pc.fire.map_or(String::new(), |f| format!("F{f} "));
            let mut bottom = format!("{f}{}", carried.join(" "));
            if p.pinned {
                bottom = format!("PINNED {bottom}");
            }
            if p.mounted {
                bottom = format!("MTD {bottom}");
            }
            (top, format!("{}\n{}", bottom.trim(), p.id))
        }
        Kind::Leader => {
            let pc = piece.expect("visible piece exists");
            (
                format!("L {}-{}-{}", pc.melee, pc.morale, pc.ma),
                format!(
                    "{}{}\n{}",
                    if p.flipped { "REV " } else { "" },
                    carried.join(" "),
                    p.id
                ),
            )
        }
        Kind::Horses => ("HORSES".into(), p.id.clone()),
        Kind::Wagon => ("WAGON".into(), String::new()),
        Kind::Lodge => ("LODGE".into(), String::new()),
        Kind::Dependent => ("DEPEND.".into(), p.id.clone()),
        Kind::Medicine => ("MEDICINE".into(), p.id.clone()),
        Kind::Weapon => (
            format!(
                "\"{}\"{}",
                piece.map_or("", |w| &*w.letter),
                if p.flipped { " LOW" } else { "" }
            ),
            "weapon".into(),
        ),
        Kind::Blaze => ("BLAZE".into(), String::new()),
        Kind::Dust => ("DUST".into(), String::new()),
        Kind::Hidden => ("HIDDEN".into(), p.id.clone()),
        Kind::Artillery => ("GUN".into(), p.id.clone()),
    }
}

fn layer(k: Kind) -> u8 {
    match k {
        Kind::Blaze | Kind::Dust | Kind::Lodge | Kind::Wagon => 0,
        Kind::Weapon | Kind::Medicine => 1,
        Kind::Horses | Kind::Dependent | Kind::Artillery => 2,
        Kind::Unit | Kind::Crew | Kind::Hidden => 3,
        Kind::Leader => 4,
    }
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
    let key = (sel.piece.clone(), hover.0);
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
    let (square, border) = (counter.face.clone(), counter.border.clone());
    let black = materials.add(Color::BLACK);
    let white = materials.add(Color::WHITE);
    // Stacks.
    let mut by_hex: std::collections::BTreeMap<Coord, Vec<&crate::games::harvest::PieceView>> =
        Default::default();
    for p in &v.pieces {
        if let Some(h) = p.hex {
            by_hex.entry(h).or_default().push(p);
        }
    }
    for (hex, mut ps) in by_hex {
        ps.sort_by_key(|p| layer(p.kind));
        let base = board::center(hex);
        let n = ps.len();
        for (i, p) in ps.iter().enumerate() {
            let off = Vec2::new(5.0, 5.0) * (i as f32 - (n as f32 - 1.0) / 2.0);
            let pos = base + off;
            let z = 2.0 + i as f32 * 0.1;
            let look = match p.kind {
                Kind::Blaze => Look {
                    bg: Color::srgb(0.85, 0.15, 0.05),
                    fg: Color::WHITE,
                },
                Kind::Dust => Look {
                    bg: Color::srgb(0.75, 0.7, 0.6),
                    fg: Color::BLACK,
                },
                Kind::Horses => Look {
                    bg: Color::srgb(0.55, 0.38, 0.22),
                    fg: Color::WHITE,
                },
                Kind::Weapon => Look {
                    bg: Color::srgb(0.3, 0.3, 0.3),
                    fg: Color::WHITE,
                },
                _ => side_look(s, p.side),
            };
            let selected = sel.piece.as_deref() == Some(p.id.as_str());
            let (top, bottom) = counter_text(s, p);
            let face = materials.add(if p.pinned {
                look.bg.darker(0.15)
            } else {
                look.bg
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
                    fg: look.fg,
                    top,
                    bottom,
                },
                pos,
                z,
            );
        }
    }
    // Enemy Hidden stacks: a blank marker only.
    let q = materials.add(Color::srgb(0.45, 0.45, 0.5));
    for (hex, count) in &v.hidden_stacks {
        let pos = board::center(*hex);
        commands.spawn((
            Overlay,
            Mesh2d(border.clone()),
            MeshMaterial2d(black.clone()),
            Transform::from_xyz(pos.x, pos.y, 2.5),
        ));
        commands.spawn((
            Overlay,
            Mesh2d(square.clone()),
            MeshMaterial2d(q.clone()),
            Transform::from_xyz(pos.x, pos.y, 2.51),
        ));
        let label = format!(
            "HIDDEN{}",
            if *count > 1 {
                format!(" x{count}")
            } else {
                String::new()
            }
        );
        commands.spawn((
            Overlay,
            board::board_text(
                label,
                board::BoardText::at_least(10.0, 9.0),
                Color::WHITE,
                Vec3::new(pos.x, pos.y, 2.52),
            ),
        ));
    }
    // Legal-move highlights for the selected piece.
    let Some(sel_id) = sel.piece.clone() else {
        return;
    };
    if !game.can_act() {
        return;
    }
    let mut marks = board::Sketch::default();
    let legal = game.legal();
    let unit = s.find(&sel_id);
    for l in &legal {
        let Ok(a) = l.parse::<Action>() else { continue };
        let (hexes, colour, label): (Vec<Coord>, Color, String) = match &a {
            Action::Move { unit: u, hex } if **u == *sel_id => {
                let cost = unit
                    .and_then(|i| s.p(i).hex().map(|f| (i, f)))
                    .and_then(|(i, f)| rules::step_cost(s, i, f, *hex).ok());
                let spent = unit.and_then(|i| s.rec(i)).map_or(0, |r| r.mp);
                let mounted = unit.is_some_and(|i| s.p(i).mounted_on.is_some());
                (
                    vec![*hex],
                    Color::srgb(0.0, 0.62, 0.45),
                    if mounted {
                        "mtd".into()
                    } else {
                        cost.map_or(String::new(), |c| format!("{} MP", spent + c))
                    },
                )
            }
            Action::Enter { unit: u, hex } | Action::Place { piece: u, hex } if **u == *sel_id => {
                (vec![*hex], Color::srgb(0.0, 0.62, 0.45), String::new())
            }
            Action::Mount { unit: u, hex } | Action::Dismount { unit: u, hex }
                if **u == *sel_id =>
            {
                (
                    vec![*hex],
                    Color::srgb(0.34, 0.71, 0.91),
                    if matches!(a, Action::Mount { .. }) {
                        "mount".into()
                    } else {
                        "dismount".into()
                    },
                )
            }
            Action::Flee {
                unit: u,
                hex,
                dismount,
            } if **u == *sel_id => {
                let here = unit.and_then(|i| s.p(i).hex());
                match dismount {
                    Some(d) => (vec![*d], Color::srgb(0.94, 0.89, 0.26), "dismount".into()),
                    None if Some(*hex) == here => {
                        (vec![*hex], Color::srgb(0.94, 0.89, 0.26), "stop".into())
                    }
                    None => (vec![*hex], Color::srgb(0.94, 0.89, 0.26), "flee".into()),
                }
            }
            Action::Blaze { unit: u, hex } if **u == *sel_id => {
                (vec![*hex], Color::srgb(0.84, 0.37, 0.0), "blaze".into())
            }
            Action::Fire {
                unit: u,
                weapon,
                targets,
                horses,
                ammo,
            } if **u == *sel_id && targets.len() == 1 => {
                let need =
                    unit.and_then(|f| fire_calc_of(s, f, weapon, targets[0], *horses, *ammo));
                let text = need.map_or("fire".into(), |c| {
                    format!(
                        "{}{} {}+",
                        weapon,
                        if *horses { "h" } else { "" },
                        c.min_roll()
                    )
                });
                (targets.clone(), Color::srgb(0.8, 0.47, 0.65), text)
            }
            _ => continue,
        };
        ring_at(&mut commands, &mut marks, &hexes, colour, &label);
    }
    // The rings are one mesh.
    marks.spawn_with(&mut commands, &mut meshes, &mut materials, Overlay);
    // Places further than one step (move by destination): a paler ring with the MP
    // left there, and the route to the hovered one drawn as dots.
    board::draw_routes(
        &mut commands,
        &mut meshes,
        &mut materials,
        Overlay,
        game.cached_routes(&sel_id),
        hover.0,
        |h| h.parse::<Coord>().ok(),
    );
}

/// A highlight ring (into `marks`) with a label on each hex.
fn ring_at(
    commands: &mut Commands,
    marks: &mut board::Sketch,
    hexes: &[Coord],
    colour: Color,
    label: &str,
) {
    for &h in hexes {
        board::highlight_hex(
            commands,
            marks,
            Overlay,
            board::center(h),
            colour,
            label,
            5.0,
        );
    }
}

/// A hex as the viewing seat sees it (`v`): "Hex 0605: terrain (level n)", and a line
/// per piece in it, with the enemy's Hidden counters as a count only. The side panel and
/// the board's tooltip both show it.
fn hex_summary(s: &State, v: &crate::games::harvest::View, h: Coord) -> (String, Vec<String>) {
    let head = format!(
        "Hex {h}: {} (level {})",
        s.stat.tec(h).map_or("?", |t| t.name.as_str()),
        s.stat.map.level(h)
    );
    let mut lines: Vec<String> = v
        .pieces
        .iter()
        .filter(|p| p.hex == Some(h))
        .map(|p| {
            format!(
                "{} {:?} {}{}",
                p.id,
                p.kind,
                p.label,
                if p.pinned { " PINNED" } else { "" }
            )
        })
        .collect();
    if let Some((_, n)) = v.hidden_stacks.iter().find(|(c, _)| *c == h) {
        lines.push(format!("{n} Hidden counter(s): contents unknown (III.F.3)"));
    }
    (head, lines)
}

/// An action in words, for the panel's buttons (the notation goes beside it).
pub fn describe(s: &State, a: &Action) -> String {
    let unit = |u: &str| s.find(u);
    match a {
        Action::Move { unit: u, hex } => {
            let cost = unit(u)
                .and_then(|i| s.p(i).hex().map(|f| (i, f)))
                .and_then(|(i, f)| rules::step_cost(s, i, f, *hex).ok());
            match cost {
                Some(c) => format!("Move to {hex} ({c} MP)"),
                None => format!("Move to {hex}"),
            }
        }
        Action::Enter { hex, .. } => format!("Enter the map at {hex}"),
        Action::Place { hex, .. } => format!("Set up at {hex}"),
        Action::Fire {
            unit: u,
            weapon,
            targets,
            horses,
            ammo,
        } => {
            let at: Vec<String> = targets.iter().map(ToString::to_string).collect();
            let need = match (unit(u), targets.as_slice()) {
                (Some(f), [t]) => fire_calc_of(s, f, weapon, *t, *horses, *ammo)
                    .map(|c| format!(": needs {}+", c.min_roll())),
                _ => None,
            };
            format!(
                "Fire the {weapon}{} at {}{}",
                if *horses { " (horses)" } else { "" },
                at.join(", "),
                need.unwrap_or_default()
            )
        }
        Action::Blaze { hex, .. } => format!("Set a blaze at {hex}"),
        Action::Mount { hex, .. } => format!("Mount, at {hex}"),
        Action::Dismount { hex, .. } => format!("Dismount, at {hex}"),
        Action::Pickup { weapon, .. } => format!("Pick up the {weapon}"),
        Action::Shift { hex, .. } => format!("Shift to {hex}"),
        Action::Unhide { hex } => format!("Reveal the hidden stack at {hex}"),
        Action::Stop { .. } => "Stop moving".into(),
        Action::Pass => "Pass".into(),
        Action::End => "End the phase".into(),
        Action::Melee { hex } => format!("Melee at {hex}"),
        Action::Raze { target, .. } => format!("Raze {target}"),
        Action::Rally { .. } => "Try to rally".into(),
        Action::Flee { hex, dismount, .. } => match dismount {
            Some(d) => format!("Flee to {hex}, dismounting at {d}"),
            None => format!("Flee to {hex}"),
        },
        Action::Recruit { .. } => "Recruit".into(),
        Action::Medicine { unit: u, .. } => format!("Use the medicine on {u}"),
        _ => a.to_string(),
    }
}

/// The rules' reckoning of a fire action (the number needed and its modifiers), as the
/// highlight label, the action's words and the tooltip show it.
fn fire_calc_of(
    s: &State,
    f: crate::games::harvest::state::Pid,
    weapon: &str,
    target: Coord,
    horses: bool,
    ammo: Option<crate::games::harvest::state::Ammo>,
) -> Option<rules::FireCalc> {
    rules_weapon(s, f, weapon).and_then(|w| rules::fire_calc(s, f, w, target, horses, ammo).ok())
}

/// The weapon piece a fire action's letter names for a firer.
fn rules_weapon(
    s: &State,
    f: crate::games::harvest::state::Pid,
    letter: &str,
) -> Option<crate::games::harvest::state::Pid> {
    if letter == "art" {
        let c = s.p(f).hex()?;
        return s.at(c).find(|&i| s.p(i).kind == Kind::Artillery);
    }
    s.carried(f)
        .find(|&w| s.p(w).kind == Kind::Weapon && *s.p(w).letter == *letter)
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each parameter is an ECS resource it needs
/// The ruleset's part of the turn bar: scenario and turn, phase, what the seat to act
/// is asked, points.
fn turn_info(InMut(ui): InMut<egui::Ui>, game: Res<Game>) {
    let Some(seen) = state(&game) else { return };
    let s = &*seen;
    let turns = s
        .stat
        .scenario
        .turns
        .map_or("no limit".to_string(), |t| t.to_string());
    ui.strong(format!(
        "{} — Turn {} of {turns}",
        s.stat.scenario.name, s.turn
    ));
    ui.separator();
    ui.label(format!(
        "{}'s player turn: {} phase",
        s.stat.scenario.sides[usize::from(s.phasing)].name,
        s.phase.name().replace('_', " ")
    ));
    use crate::games::harvest::state::Pending;
    let asked = match &s.pending {
        Pending::Reaction { .. } => "may fire at the moving unit (IV)",
        Pending::Flee { .. } => "must move the hit unit (II.B)",
        Pending::Medicine { .. } => "may pass the Medicine (VII.D)",
        Pending::Recruit { .. } => "picks reinforcements (IX.D)",
        Pending::Dust { .. } => "may move a Dust marker (IX.E)",
        Pending::Capture { .. } => "may stop the loose Horses and take control (III.G.5)",
        _ => "",
    };
    if let Some(who) = game.to_act()
        && !asked.is_empty()
    {
        ui.separator();
        ui.colored_label(
            egui::Color32::from_rgb(240, 200, 80),
            format!("{} {asked}", game.seat_name(who)),
        );
    }
    ui.separator();
    ui.label(format!(
        "Points: {} {} — {} {}",
        s.stat.scenario.sides[0].name, s.points[0], s.stat.scenario.sides[1].name, s.points[1]
    ));
}

/// Buttons of its own: the end of a manual set-up.
fn buttons(InMut(ui): InMut<egui::Ui>, mut game: ResMut<Game>) {
    if !game.can_act() {
        return;
    }
    let ready = Action::Ready.to_string();
    if game.legal().contains(&ready) && ui.button("Set-up done").clicked() {
        game.submit(&ready);
    }
}

/// The charts window, when it is open.
fn windows(InMut(ui): InMut<egui::Ui>, game: Res<Game>, sel: Res<Selection>, hover: Res<Hover>) {
    if game.charts() {
        charts(ui.ctx(), &game, &sel, hover.0);
    }
    hex_tooltip(ui.ctx(), &game, &sel, hover.0);
}

/// The hovered hex's tooltip: its terrain and level, the stack in it as the viewing
/// seat sees it, and for the selected unit each fire it may make there, with the number
/// it needs and (unless the target is hidden from this seat) every modifier and its
/// rule. Drawn beside the pointer, never under it, so the board keeps the hover.
fn hex_tooltip(ctx: &egui::Context, game: &Game, sel: &Selection, hex: Option<Coord>) {
    let Some(h) = hex else { return };
    if game.curtain_down() {
        return;
    }
    let Some(seen) = state(game) else { return };
    let s = &*seen;
    let v = view(s, game.viewing());
    let hidden_here = v
        .hidden_stacks
        .iter()
        .find(|(c, _)| *c == h)
        .map(|(_, n)| *n);
    let mut fires: Vec<(String, Vec<String>)> = vec![];
    if let Some(sel_id) = sel.piece.as_deref()
        && game.can_act()
        && let Some(f) = s.find(sel_id)
    {
        for l in game.legal() {
            let Ok(Action::Fire {
                unit,
                weapon,
                targets,
                horses,
                ammo,
            }) = l.parse::<Action>()
            else {
                continue;
            };
            if *unit != *sel_id || targets != [h] {
                continue;
            }
            let Some(c) = fire_calc_of(s, f, &weapon, h, horses, ammo) else {
                continue;
            };
            let head = format!(
                "Fire the {weapon}{} at {h}: needs {}+ on 1d6 (Table 1 row {}, column {})",
                if horses { " (horses)" } else { "" },
                c.min_roll(),
                c.row + 1,
                c.col + 1
            );
            let mods = if hidden_here.is_some() {
                vec!["(the target is hidden: its modifiers are not shown)".to_string()]
            } else {
                c.mods
                    .iter()
                    .map(|(m, why)| format!("{m:+} {why}"))
                    .collect()
            };
            fires.push((head, mods));
        }
    }
    let (head, lines) = hex_summary(s, &v, h);
    board::hover_tooltip(ctx, &head, &lines, &fires);
}

/// The left panel: the viewing seat, decisions not made on the map, the selected
/// counter and its actions, counters off the map, the hovered hex, every legal action.
fn side_panel(
    InMut(ui): InMut<egui::Ui>,
    mut game: ResMut<Game>,
    mut sel: ResMut<Selection>,
    hover: Res<Hover>,
) {
    // The legal actions of the seat to act, only when that is the human at the screen.
    let legal = if game.can_act() { game.legal() } else { vec![] };
    let mut submit: Option<String> = None;
    let mut clear_choice = false;
    {
        let Some(seen) = state(&game) else { return };
        let s = &*seen;
        let v = view(s, game.viewing());
        ui.heading(format!("View: {}", game.who(game.viewing())));
        // Decisions that are not made on the map (IX.D recruits, IX.E Dust, VII.D Medicine,
        // III.G.5 loose Horses).
        if matches!(
            s.pending,
            crate::games::harvest::state::Pending::Recruit { .. }
                | crate::games::harvest::state::Pending::Dust { .. }
                | crate::games::harvest::state::Pending::Medicine { .. }
                | crate::games::harvest::state::Pending::Capture { .. }
        ) && game.can_act()
        {
            ui.colored_label(egui::Color32::from_rgb(240, 200, 80), "Decision:");
            for l in &legal {
                let label = match l
                    .split_whitespace()
                    .nth(1)
                    .and_then(|id| v.pieces.iter().find(|p| p.id == id))
                {
                    Some(p) if l.starts_with("recruit") => format!("{l}  ({})", p.label),
                    _ => l.clone(),
                };
                if ui.button(label).clicked() {
                    submit = Some(l.clone());
                }
            }
            ui.separator();
        }
        if let Some(id) = sel.piece.clone() {
            if let Some(p) = v.pieces.iter().find(|p| p.id == id) {
                ui.strong(format!("{} — {:?} {}", p.id, p.kind, p.label));
                ui.label(format!("Where: {}", p.place));
                let mut flags = vec![];
                if p.pinned {
                    flags.push("Pinned");
                }
                if p.mounted {
                    flags.push("Mounted");
                }
                if p.hidden {
                    flags.push("Hidden");
                }
                if p.flipped {
                    flags.push("Reverse side");
                }
                if !flags.is_empty() {
                    ui.label(flags.join(", "));
                }
                for w in v
                    .pieces
                    .iter()
                    .filter(|w| w.place == format!("carried by {id}"))
                {
                    ui.label(format!(
                        "  carries {} {}{}",
                        w.id,
                        w.label,
                        if w.flipped { " (Low Ammo)" } else { "" }
                    ));
                }
                if let Some(i) = s.find(&id)
                    && let Some(r) = s.rec(i)
                {
                    ui.label(format!(
                        "This phase: {} MP spent{}{}",
                        r.mp,
                        if r.mounted_moved {
                            ", moved mounted"
                        } else {
                            ""
                        },
                        if r.done { ", done" } else { "" }
                    ));
                }
                ui.separator();
                ui.label("Actions for this counter:");
                egui::ScrollArea::vertical()
                    .id_salt("unit_actions")
                    .max_height(240.0)
                    .show(ui, |ui| {
                        for l in legal
                            .iter()
                            .filter(|l| l.split_whitespace().nth(1) == Some(id.as_str()))
                        {
                            // In words, the notation beside it (issue 30).
                            let words = l
                                .parse::<Action>()
                                .map_or_else(|_| l.clone(), |a| describe(s, &a));
                            ui.horizontal(|ui| {
                                if ui.small_button(words).on_hover_text(l).clicked() {
                                    submit = Some(l.clone());
                                }
                                ui.weak(egui::RichText::new(l).small());
                            });
                        }
                    });
            }
        } else {
            ui.label("Click one of your counters to select it; click a highlighted hex to act.");
        }
        // Off-board counters of the viewing seat (entering from an edge, reinforcements).
        let waiting: Vec<&crate::games::harvest::PieceView> = v
            .pieces
            .iter()
            .filter(|p| {
                p.side == game.viewing()
                    && ((p.place.starts_with("off-board")
                        && matches!(p.kind, Kind::Unit | Kind::Leader | Kind::Crew))
                        || p.place == crate::games::harvest::HELD)
            })
            .collect();
        if !waiting.is_empty() {
            ui.separator();
            ui.label(format!(
                "Off the map ({}); select one, then click a highlighted edge hex:",
                waiting.len()
            ));
            ui.horizontal_wrapped(|ui| {
                for p in waiting {
                    let can_enter = legal.iter().any(|l| {
                        l.starts_with(&format!("enter {} ", p.id))
                            || l.starts_with(&format!("medicine {} ", p.id))
                    });
                    let text = format!(
                        "{} {}{}",
                        p.id,
                        p.label,
                        if p.mounted { " mtd" } else { "" }
                    );
                    if ui
                        .add_enabled(can_enter, egui::Button::new(text).small())
                        .on_hover_text(&p.place)
                        .clicked()
                    {
                        sel.piece = Some(p.id.clone());
                        clear_choice = true;
                    }
                }
            });
        }
        ui.separator();
        if let Some(h) = hover.0.or(sel.hex) {
            let (head, lines) = hex_summary(s, &v, h);
            ui.strong(head);
            for l in lines {
                ui.label(format!("  {l}"));
            }
        }
        ui.separator();
        egui::CollapsingHeader::new(format!("All legal actions ({})", legal.len())).show(
            ui,
            |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("legal")
                    .max_height(220.0)
                    .show(ui, |ui| {
                        for l in &legal {
                            if ui.small_button(l).clicked() {
                                submit = Some(l.clone());
                            }
                        }
                    });
            },
        );
    }
    if clear_choice {
        game.clear_choice();
    }
    if let Some(a) = submit {
        game.submit(&a);
    }
}

/// The FCT, MCT and TEC with the cell in use highlighted (the selected unit firing at
/// the hovered hex), and each table's source.
fn charts(ctx: &egui::Context, game: &Game, sel: &Selection, hover: Option<Coord>) {
    let Some(seen) = state(game) else { return };
    let s = &*seen;
    let t = &s.stat.tables;
    let hot = (|| {
        let f = s.find(sel.piece.as_deref()?)?;
        let h = hover?;
        let w = s.carried(f).find(|&w| s.p(w).kind == Kind::Weapon)?;
        rules::fire_calc(s, f, w, h, false, None).ok()
    })();
    egui::Window::new("Charts")
        .default_pos(egui::pos2(320.0, 80.0))
        .default_size([640.0, 560.0])
        .max_height(ctx.viewport_rect().height() - 120.0)
        .vscroll(true)
        .show(ctx, |ui| {
            ui.strong("Table 1: Fire Combat Table (minimum d6 to hit)");
            egui::Grid::new("fct").striped(true).show(ui, |ui| {
                ui.label("Weapon");
                for r in 0..9 {
                    ui.label(if r == 8 {
                        "8+".to_string()
                    } else {
                        r.to_string()
                    });
                }
                ui.end_row();
                for (ri, row) in t.fct.iter().enumerate() {
                    ui.label(&row.name);
                    for (ci, v) in row.to_hit.iter().enumerate() {
                        let text = v.map_or("-".to_string(), |n| n.to_string());
                        if hot.as_ref().is_some_and(|h| h.row == ri && h.col == ci) {
                            ui.colored_label(
                                egui::Color32::BLACK,
                                egui::RichText::new(text)
                                    .background_color(egui::Color32::YELLOW)
                                    .strong(),
                            );
                        } else {
                            ui.label(text);
                        }
                    }
                    ui.end_row();
                }
            });
            if let Some(h) = &hot {
                ui.label(format!(
                    "In use: need {}; modifiers {}; lowest die that hits: {}",
                    h.need,
                    h.mods
                        .iter()
                        .map(|(v, w)| format!("{v:+} {w}"))
                        .collect::<Vec<_>>()
                        .join(", "),
                    h.min_roll()
                ));
            }
            let m = &t.fire_modifiers;
            for (name, md) in [
                ("Low Ammo", &m.low_ammo),
                ("Mounted target", &m.mounted_target),
                ("Cover", &m.cover),
                ("Hidden", &m.hidden),
                ("Unmounted Horses", &m.horses),
                ("Dependents", &m.dependents),
            ] {
                ui.small(format!("{name} {:+} — {}", md.value, md.source.label()));
            }
            ui.separator();
            ui.strong("Table 2: Melee Combat Table");
            egui::Grid::new("mct").show(ui, |ui| {
                ui.label("Differential");
                for c in &t.mct {
                    ui.label(format!("{:+}", c.differential));
                }
                ui.end_row();
                ui.label("Need");
                for c in &t.mct {
                    ui.label(c.need.to_string());
                }
                ui.end_row();
            });
            ui.small(format!("Beyond ±2: {}", t.mct_clamp.label()));
            ui.separator();
            ui.strong("Table 3: Terrain Effects Chart");
            egui::Grid::new("tec").striped(true).show(ui, |ui| {
                for h in ["Terrain", "MP", "Blocks LOS", "Cover", "Source"] {
                    ui.label(h);
                }
                ui.end_row();
                let here = hover.and_then(|h| s.stat.tec(h)).map(|r| r.terrain.clone());
                for r in &t.tec {
                    let name = if here.as_deref() == Some(r.terrain.as_str()) {
                        egui::RichText::new(&r.name)
                            .background_color(egui::Color32::YELLOW)
                            .color(egui::Color32::BLACK)
                    } else {
                        egui::RichText::new(&r.name)
                    };
                    ui.label(name);
                    ui.label(r.cost.to_string());
                    ui.label(if r.blocks_los { "yes" } else { "no" });
                    ui.label(if r.cover { "yes" } else { "no" });
                    ui.add(egui::Label::new(egui::RichText::new(r.source.label()).small()).wrap());
                    ui.end_row();
                }
                for c in &t.tec_counters {
                    ui.label(&c.counter);
                    ui.label("-");
                    ui.label(if c.blocks_los { "yes" } else { "no" });
                    ui.label(if c.cover { "yes" } else { "no" });
                    ui.add(egui::Label::new(egui::RichText::new(c.source.label()).small()).wrap());
                    ui.end_row();
                }
            });
            ui.separator();
            ui.strong("Reconstructions in this scenario (not in the rules text)");
            for n in &s.stat.scenario.notes {
                ui.small(format!("• {n}"));
            }
        });
}
