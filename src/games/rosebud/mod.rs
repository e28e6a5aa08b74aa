//! *Battle of the Rosebud*, 17 June 1876 (seed 003): a tactical hex game of Crook's
//! column against the Lakota and Cheyenne over nineteen 20-minute turns. Pure rules; no
//! Bevy. Nothing is hidden (the seed hides no information, so every seat's view is the
//! whole position less the dice). This version plays the set-up, the Indian entry,
//! movement, modes, stacking and the VP hills; fire, melee, morale and rally are still
//! to come (docs/rules-rosebud.md).

pub mod action;
pub mod ai;
pub mod data;
pub mod def;
pub mod rules;
pub mod setup;
pub mod state;

use crate::core::dice::Dice;
use crate::core::error::RuleError;
use crate::core::game::{ActionKind, LogEntry, Outcome, Rules, Seat};
use crate::core::session::GameId;
use action::Action;
use data::{Mode, Side};
use serde::Serialize;
use state::{Loc, State};

/// The ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Rosebud;

impl GameId for Rosebud {
    const ID: &'static str = setup::GAME;
}

/// A unit or Leader as a seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PieceView {
    /// Id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Class key (`"leader"` for Leaders).
    pub class: String,
    /// Side.
    pub side: Side,
    /// Printed hex, if on the map.
    pub hex: Option<String>,
    /// `map`, `entering`, `off` or `gone`.
    pub status: &'static str,
    /// `Mounted`, `Dismounted`, `Prone` (Leaders: `-`).
    pub mode: String,
    /// Combat Factor now (Leaders: their rating).
    pub cf: u32,
    /// Movement points left this phase.
    pub mp: u32,
    /// Markers: `Disrupted`, `Pinned`, `Routed`, `Low Ammo`, `Fired`, `No horses`, and a
    /// Pack Train's ammunition (`Ammo 5`).
    pub markers: Vec<String>,
}

/// A unit's Ammo Roster boxes as a number (`3.5`), or a Pack Train's small arms, under
/// 14D Option #2; `-` otherwise.
fn fire_boxes(s: &State, u: usize) -> String {
    if rules::fire::on_roster(s, u)
        || s.kind(u) == data::Kind::PackTrain && s.stat.options.ammo == data::AmmoRule::Roster
    {
        rules::fire::trim(f64::from(s.units[u].halves) / 2.0)
    } else {
        "-".into()
    }
}

/// A unit's markers, as the counter shows them.
pub fn markers(s: &State, u: usize) -> Vec<String> {
    let x = &s.units[u];
    let mut m = vec![];
    for (on, name) in [
        (x.disrupted, "Disrupted"),
        (x.pinned, "Pinned"),
        (x.routed, "Routed"),
        (x.low_ammo, "Low Ammo"),
        (x.fired, "Fired"),
        (x.supplying, "Re-supplying"),
        (x.horseless && s.def(u).holder.is_some(), "No horses"),
    ] {
        if on {
            m.push(name.to_string());
        }
    }
    if s.stat.options.ammo == data::AmmoRule::Roster {
        if s.kind(u) == data::Kind::PackTrain {
            m.push(format!("Small arms {}", fire_boxes(s, u)));
        } else if rules::fire::on_roster(s, u) {
            m.push(format!("Ammo {}", rules::fire::boxes_text(x.halves)));
        }
    } else if s.kind(u) == data::Kind::PackTrain {
        m.push(format!("Ammo {}", x.ammo));
    }
    if s.hex(u).is_some_and(|c| rules::fire::burning(s, c)) {
        m.push("Grass fire".into());
    }
    m
}

/// What one seat sees: everything (nothing is hidden in this game).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The viewing seat.
    pub seat: Seat,
    /// Game turn.
    pub turn: u32,
    /// The clock (`08:20`).
    pub time: String,
    /// The phasing player.
    pub phasing: Side,
    /// Victory points (US, Indian).
    pub vp: [i32; 2],
    /// The phase.
    pub phase: String,
    /// Casualty Points taken (US, Indian).
    pub losses: [u32; 2],
    /// Units and Leaders.
    pub pieces: Vec<PieceView>,
    /// Grass fires burning: the printed hex and the fire's number (4 (3)).
    pub grass_fires: Vec<(String, u32)>,
}

/// A location's word.
pub fn status(l: Loc) -> &'static str {
    match l {
        Loc::Map(_) => "map",
        Loc::Entering => "entering",
        Loc::Off => "off",
        Loc::Gone => "gone",
        Loc::Abandoned(_) => "abandoned",
    }
}

/// Where a unit's counter stands on the map: its hex, or for an abandoned Pack Train
/// the hex it was left in (15C: "the Pack Train counter remains in the hex, abandoned";
/// found by the fifth rules review, which saw no hex for it).
pub fn shown_hex(s: &State, u: usize) -> Option<crate::core::hexmap::Coord> {
    match s.units[u].at {
        Loc::Abandoned(c) => Some(c),
        _ => s.hex(u),
    }
}

/// The view of a seat.
pub fn view(s: &State, seat: Seat) -> View {
    let mut pieces: Vec<PieceView> = (0..s.units.len())
        .map(|u| PieceView {
            id: s.def(u).id.clone(),
            name: s.def(u).name.clone(),
            class: s.def(u).class.clone(),
            side: s.side(u),
            hex: shown_hex(s, u).map(|c| s.stat.label(c)),
            status: status(s.units[u].at),
            mode: format!("{:?}", s.units[u].mode),
            cf: s.cf(u),
            mp: rules::mp_left(s, u),
            markers: markers(s, u),
        })
        .collect();
    pieces.extend((0..s.leaders.len()).map(|l| PieceView {
        id: s.ldef(l).id.clone(),
        name: s.ldef(l).name.clone(),
        class: "leader".into(),
        side: s.ldef(l).side,
        hex: s.leader_hex(l).map(|c| s.stat.label(c)),
        status: status(s.leaders[l].at),
        mode: "-".into(),
        cf: s.ldef(l).rating.max(0) as u32,
        mp: rules::leader_mp_left(s, l),
        markers: vec![],
    }));
    View {
        seat,
        turn: s.turn,
        time: s.time(s.turn),
        phasing: s.phasing,
        vp: s.vp,
        phase: format!("{:?}", s.phase),
        losses: s.losses,
        pieces,
        grass_fires: s
            .grass_fires
            .iter()
            .map(|&(c, n)| (s.stat.label(c), n))
            .collect(),
    }
}

/// Script probes (docs/script-format.md).
pub fn probe(s: &State, key: &str) -> Option<String> {
    match key {
        "turn" => return Some(s.turn.to_string()),
        "time" => return Some(s.time(s.turn)),
        "phasing" => return Some(format!("{:?}", s.phasing)),
        "phase" => return Some(format!("{:?}", s.phase)),
        "vp.us" => return Some(s.vp[0].to_string()),
        "vp.indian" => return Some(s.vp[1].to_string()),
        "over" => return Some(s.result.is_some().to_string()),
        "winner" => {
            return Some(s.result.as_ref().map_or("none".into(), |r| {
                r.winner().map_or("draw".into(), |w| w.to_string())
            }));
        }
        "dice_left" => return Some(s.dice.forced_left().to_string()),
        "pending" => {
            return Some(match s.pending.first() {
                None => "none".into(),
                Some(state::Pending::Window { kind, .. }) => format!("{kind:?} fire"),
                Some(state::Pending::Retreat { rout: true, .. }) => "rout".into(),
                Some(state::Pending::Retreat { .. }) => "retreat".into(),
                Some(state::Pending::Rout { .. }) => "subsequent rout".into(),
                Some(state::Pending::Declare { .. }) => "melee declaration".into(),
                Some(state::Pending::Rbm { .. }) => "retreat before melee".into(),
                Some(state::Pending::Fight { .. }) => "melee".into(),
                Some(state::Pending::Pursuit { .. }) => "pursuit".into(),
                Some(state::Pending::PursuitMove { .. }) => "pursuit move".into(),
                Some(state::Pending::Casualties { .. }) => "casualties".into(),
                Some(state::Pending::Replace { .. }) => "replacement".into(),
                Some(state::Pending::Village) => "village".into(),
                Some(state::Pending::Volunteer { .. }) => "voluntary rout".into(),
            });
        }
        "losses.us" => return Some(s.losses[0].to_string()),
        "post_released" => return Some(s.post_released.to_string()),
        "breastworks" => {
            let mut v: Vec<String> = s.breastworks.iter().map(|&c| s.stat.label(c)).collect();
            v.sort();
            return Some(if v.is_empty() {
                "none".into()
            } else {
                v.join(" ")
            });
        }
        "village" => {
            return Some(match &s.village {
                None => "none".into(),
                Some(state::VillageSearch::Declared) => "declared".into(),
                Some(state::VillageSearch::Nearby { .. }) => "nearby".into(),
                Some(state::VillageSearch::Gone { .. }) => "gone".into(),
                Some(state::VillageSearch::Stayed) => "stayed".into(),
            });
        }
        "losses.indian" => return Some(s.losses[1].to_string()),
        "grass_fires" => {
            let mut v: Vec<String> = s
                .grass_fires
                .iter()
                .map(|&(c, n)| format!("{}:{n}", s.stat.label(c)))
                .collect();
            v.sort();
            return Some(if v.is_empty() {
                "none".into()
            } else {
                v.join(" ")
            });
        }
        _ => {}
    }
    let (id, field) = key.split_once('.')?;
    if let Some(l) = s.find_leader(id) {
        return match field {
            "hex" => Some(s.leader_hex(l).map_or("-".into(), |c| s.stat.label(c))),
            "status" => Some(status(s.leaders[l].at).into()),
            "mp" => Some(rules::leader_mp_left(s, l).to_string()),
            "pinned" => Some(s.leaders[l].pinned.to_string()),
            "wound" => Some(match s.leaders[l].wound {
                None => "none".into(),
                Some(state::Wound::Mortal { dies }) => format!("mortal {dies}"),
                Some(state::Wound::Severe) => "severe".into(),
                Some(state::Wound::Moderate) => "moderate".into(),
            }),
            _ => None,
        };
    }
    let u = s.find(id)?;
    Some(match field {
        "hex" => shown_hex(s, u).map_or("-".into(), |c| s.stat.label(c)),
        "status" => status(s.units[u].at).into(),
        "mode" => format!("{:?}", s.units[u].mode),
        "cf" => s.cf(u).to_string(),
        "mp" => rules::mp_left(s, u).to_string(),
        "horseless" => s.units[u].horseless.to_string(),
        "disrupted" => s.units[u].disrupted.to_string(),
        "pinned" => s.units[u].pinned.to_string(),
        "routed" => s.units[u].routed.to_string(),
        "low_ammo" => s.units[u].low_ammo.to_string(),
        "ammo" => s.units[u].ammo.to_string(),
        "boxes" => fire_boxes(s, u),
        "fired_once" => s.units[u].fired_once.to_string(),
        "cp" => s.units[u].cp.to_string(),
        "markers" => markers(s, u).join(","),
        "zoc" => s
            .hex(u)
            .is_some_and(|c| rules::in_zoc_of(s, c, s.side(u).other()))
            .to_string(),
        _ => return None,
    })
}

impl Rules for Rosebud {
    type State = State;
    type Action = Action;
    type View = View;

    fn legal_actions(state: &State) -> Vec<Action> {
        rules::legal(state)
    }
    fn apply(state: &mut State, action: &Action) -> Result<Vec<LogEntry>, RuleError> {
        rules::apply(state, action)
    }
    fn apply_listed(state: &mut State, action: &Action) -> Result<Vec<LogEntry>, RuleError> {
        Ok(rules::apply_listed(state, action))
    }
    fn to_act(state: &State) -> Option<Seat> {
        rules::to_act(state).map(Side::seat)
    }
    fn outcome(state: &State) -> Option<Outcome> {
        state.result.clone()
    }
    fn view(state: &State, seat: Seat) -> View {
        view(state, seat)
    }
    fn seats(_: &State) -> u8 {
        2
    }
    fn seat_name(_: &State, seat: Seat) -> String {
        if seat == 0 { "US" } else { "Indian" }.to_string()
    }
    fn turn(state: &State) -> u32 {
        state.turn
    }
    fn dice(state: &mut State) -> &mut Dice {
        &mut state.dice
    }
    fn reveals(state: &State) -> u64 {
        state.reveals
    }
    fn probe(s: &State, key: &str) -> Option<String> {
        probe(s, key)
    }
    /// A unit or Leader moving one hex (7A).
    fn step(action: &Action) -> Option<(String, String)> {
        match action {
            Action::Move { unit, hex } => Some((unit.clone(), hex.clone())),
            _ => None,
        }
    }
    /// The one-hex moves of the unit or Leader `piece` (7A), generated for it alone.
    fn steps(state: &State, piece: &str) -> Vec<(Action, String)> {
        rules::moves_of(state, piece)
            .into_iter()
            .filter_map(|a| match &a {
                Action::Move { hex, .. } => {
                    let h = hex.clone();
                    Some((a, h))
                }
                _ => None,
            })
            .collect()
    }
    /// The movement points a unit or Leader has left this phase (7A, 4B, 12D1).
    fn moves_left(state: &State, piece: &str) -> Option<i64> {
        if let Some(u) = state.find(piece) {
            return Some(i64::from(rules::mp_left(state, u)));
        }
        state
            .find_leader(piece)
            .map(|l| i64::from(rules::leader_mp_left(state, l)))
    }
    fn scores(state: &State) -> Vec<i32> {
        state.vp.to_vec()
    }
    fn opening_log(state: &State) -> Vec<LogEntry> {
        state.intro.clone()
    }
    fn action_kind(action: &Action) -> ActionKind {
        match action {
            Action::End => ActionKind::EndPhase,
            _ => ActionKind::Play,
        }
    }
    fn place_piece(state: &mut State, id: &str, hex: Option<&str>) -> Result<(), String> {
        let at = match hex {
            Some(h) => Loc::Map(state.stat.map.parse(h)?),
            None => Loc::Gone,
        };
        if let Some(l) = state.find_leader(id) {
            state.leaders[l].at = at;
            return Ok(());
        }
        let u = state
            .find(id)
            .ok_or_else(|| format!("no unit or Leader '{id}'"))?;
        state.units[u].at = at;
        if state.units[u].mode == Mode::Mounted
            && let Some(h) = state.holder(u)
            && hex.is_some()
        {
            state.units[h].at = Loc::Off;
        }
        Ok(())
    }
}
