//! The strategic sequence of play (B2.2) as legal actions and their effects: the start
//! of a turn (reinforcements and removals, B6.0; C7.2's restrictions; Indian supply,
//! B3.0), Indian movement (B4), Indian combat declarations (B5.1, B5.3), Army supply
//! (B3.0), Army movement and the compulsory Army search (B5.2). A contact is recorded
//! as the combat to fight; the campaign layer fights it as a tactical combat.

use super::rules;
use super::state::{Phase, State, Where};
use crate::core::error::RuleError;
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::nez_perce_tactical::data::{Side, Trigger};
use crate::games::nez_perce_tactical::rules::aftermath::Restriction;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A strategic action, in notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// `fast perry`: the unit moves Fast this phase (B4.3), declared before it moves.
    Fast {
        /// The unit.
        unit: String,
    },
    /// `move perry 0810`: one hex (B4.1).
    Move {
        /// The unit.
        unit: String,
        /// The hex entered.
        to: Coord,
    },
    /// `cross looking_glass 0811`: try to cross a major river hexside (B4.4.2).
    Cross {
        /// The unit.
        unit: String,
        /// The hex across.
        to: Coord,
    },
    /// `declare 0910`: the Indian player starts a declaration of combat in a hex
    /// (B5.1), with every unit there that may take part; `leave` then leaves some out
    /// and `commit` makes it.
    Declare {
        /// The hex.
        hex: Coord,
    },
    /// `leave ollokot`: the unit stays out of the combat being declared (B5.1: the
    /// Indian player "states which, if any, of his units ... wish to engage").
    Leave {
        /// The unit.
        unit: String,
    },
    /// `commit`: make the declaration with the units still in it (B5.1).
    Commit,
    /// `search 0910`: the Army searches a hex it shares with Indian units (B5.2).
    Search {
        /// The hex.
        hex: Coord,
    },
    /// `unsupply perry`: in Army Supply, a unit the over-full town or fort does not
    /// supply (B3.0).
    Unsupply {
        /// The unit.
        unit: String,
    },
    /// `end`: end the phase.
    End,
    /// `fight`: before a combat, this seat's player fights it on the tactical map.
    Fight,
    /// `computer 2`: before a combat, this seat lets the computer fight it at a level
    /// (1-5).
    Computer {
        /// The computer player's level.
        level: u8,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Fast { unit } => write!(f, "fast {unit}"),
            Action::Move { unit, to } => write!(f, "move {unit} {to}"),
            Action::Cross { unit, to } => write!(f, "cross {unit} {to}"),
            Action::Declare { hex } => write!(f, "declare {hex}"),
            Action::Leave { unit } => write!(f, "leave {unit}"),
            Action::Commit => write!(f, "commit"),
            Action::Search { hex } => write!(f, "search {hex}"),
            Action::Unsupply { unit } => write!(f, "unsupply {unit}"),
            Action::End => write!(f, "end"),
            Action::Fight => write!(f, "fight"),
            Action::Computer { level } => write!(f, "computer {level}"),
        }
    }
}

impl FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let w: Vec<&str> = s.split_whitespace().collect();
        let hex = |x: &str| x.parse::<Coord>().map_err(|e| format!("'{s}': {e}"));
        match w.as_slice() {
            ["fast", u] => Ok(Action::Fast {
                unit: u.to_string(),
            }),
            ["move", u, h] => Ok(Action::Move {
                unit: u.to_string(),
                to: hex(h)?,
            }),
            ["cross", u, h] => Ok(Action::Cross {
                unit: u.to_string(),
                to: hex(h)?,
            }),
            ["declare", h] => Ok(Action::Declare { hex: hex(h)? }),
            ["leave", u] => Ok(Action::Leave {
                unit: u.to_string(),
            }),
            ["commit"] => Ok(Action::Commit),
            ["search", h] => Ok(Action::Search { hex: hex(h)? }),
            ["unsupply", u] => Ok(Action::Unsupply {
                unit: u.to_string(),
            }),
            ["end"] => Ok(Action::End),
            ["fight"] => Ok(Action::Fight),
            ["computer", n] => Ok(Action::Computer {
                level: n
                    .parse()
                    .map_err(|_| format!("'{s}': the level is a number 1-5"))?,
            }),
            _ => Err(format!(
                "'{s}' is not a strategic action (fast U, move U CCRR, cross U CCRR, declare CCRR, leave U, commit, search CCRR, unsupply U, end, fight, computer N)"
            )),
        }
    }
}

/// A combat to fight: where, what started it, and the units of each side there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    /// The hex.
    pub hex: Coord,
    /// An Army search or an Indian declaration (a town's automatic contact counts as a
    /// declaration against the town, C2.7).
    pub trigger: Trigger,
    /// The strategic units of each side in the hex, Army then Indian.
    pub army: Vec<String>,
    /// Indian units.
    pub indian: Vec<String>,
    /// The town or fort, if the combat is in one (C2.7).
    pub town: Option<String>,
}

/// Who fights a combat for a seat: its player on the tactical map, or the computer at
/// a level. Not a rule of the game: the players' choice, recorded so that a save and a
/// replay know who played each combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fighter {
    /// The seat's player fights it.
    Player,
    /// The computer fights it at this level (1-5).
    Computer(u8),
}

/// The seat that must still say who fights the next combat (the Army first), if any.
pub fn choosing(s: &State) -> Option<Side> {
    if s.combats.is_empty() {
        return None;
    }
    [Side::Army, Side::Indian]
        .into_iter()
        .find(|side| s.fighters[usize::from(side.seat())].is_none())
}

/// The side acting in a phase (or choosing who fights the next combat).
pub fn phasing(s: &State) -> Option<Side> {
    if let Some(side) = choosing(s) {
        return Some(side);
    }
    match s.phase {
        Phase::IndianMove | Phase::IndianDeclare => Some(Side::Indian),
        Phase::ArmySupply | Phase::ArmyMove | Phase::ArmySearch => Some(Side::Army),
        Phase::Over => None,
    }
}

/// Whether the unit may move at all this phase (C7.2: an Army unit after a combat).
fn may_move(s: &State, u: usize) -> bool {
    s.hex(u).is_some() && !s.units[u].halted && !s.restricted(u, Restriction::NoMove)
}

/// B4.3, B3.0, C4.3.4, C7.2: whether the unit may move Fast this phase.
fn may_go_fast(s: &State, u: usize) -> bool {
    let unit = &s.units[u];
    may_move(s, u)
        && !unit.moved
        && !unit.fast
        && unit.supplied
        && !s.restricted(u, Restriction::NoFast)
        && rules::fast_allowed(s.lodge_loss(), s.def(u))
        && (s.side(u) == Side::Army
            || rules::indian_fast_turn(&s.stat.tables, s.turn, unit.last_fast))
}

/// The movement points to enter `to` from the unit's hex (B4.1, B4.4.1), or why not.
fn entry_cost(s: &State, u: usize, to: Coord) -> Result<u32, String> {
    let side = s.side(u);
    let st = &s.stat;
    if !st.map.contains(to) {
        return Err(format!("{to} is off the map (B4.2)"));
    }
    let canada = st.is(to, "canada");
    match side {
        Side::Army => {
            if canada {
                return Err("Army units may never enter Canada (B4.4.3)".into());
            }
            if s.stat.sitting_bull && s.find("sitting_bull").and_then(|b| s.hex(b)) == Some(to) {
                return Err("no Army unit may enter Sitting Bull's hex (B8.0)".into());
            }
        }
        Side::Indian => {
            let t = &st.tables;
            // B8.0: Sitting Bull "cannot move further than three hexes from its
            // starting position".
            if s.def(u).id == "sitting_bull"
                && let Ok(home) = t.sitting_bull.hex.parse::<Coord>()
                && home.distance(to) > t.sitting_bull.reach
            {
                return Err(format!(
                    "Sitting Bull stays within {} hexes of {home} (B8.0)",
                    t.sitting_bull.reach
                ));
            }
            if s.turn <= t.idaho_turns.value.max(0) as u32 && !st.is(to, "idaho") {
                return Err(format!(
                    "during turns 1-{} Indian units stay within or on the border of Idaho (B4.4.4)",
                    t.idaho_turns.value
                ));
            }
            if canada
                && (s.turn <= t.canada_turn.value.max(0) as u32 || s.position_reached != Some(true))
            {
                return Err(format!(
                    "Canada is closed: through turn {}, and after it until the Village and two bands have been south of the Yellowstone east of column {} (B4.4.5)",
                    t.canada_turn.value, t.yellowstone_column.value
                ));
            }
        }
    }
    let base = if st.town(to).is_some() {
        st.tables.town_mp.value.max(1) as u32
    } else {
        st.terrain(to).mp
    };
    let enemy = s.at(to, side.other()).next().is_some();
    Ok(base
        + if enemy {
            st.tables.enemy_hex_extra_mp.value.max(0) as u32
        } else {
            0
        })
}

/// Whether a major river hexside lies between two adjacent hexes, and it is not the
/// free crossing (B4.4.2).
fn river_between(s: &State, a: Coord, b: Coord) -> bool {
    s.stat.map.hexside(a, b) == Some("major_river")
        && !rules::free_crossing(&s.stat.tables.river, &a.to_string(), &b.to_string())
}

/// The legal actions now.
pub fn legal(s: &State) -> Vec<Action> {
    if choosing(s).is_some() {
        let mut out = vec![Action::Fight];
        out.extend((1..=5).map(|level| Action::Computer { level }));
        return out;
    }
    let mut out = vec![];
    let Some(side) = phasing(s) else {
        return out;
    };
    let id = |u: usize| s.def(u).id.clone();
    match s.phase {
        Phase::IndianMove | Phase::ArmyMove => {
            for u in s.on_map(side) {
                if !may_move(s, u) {
                    continue;
                }
                if may_go_fast(s, u) {
                    out.push(Action::Fast { unit: id(u) });
                }
                let Some(c) = s.hex(u) else { continue };
                for n in s.stat.map.neighbors(c) {
                    let Ok(cost) = entry_cost(s, u, n) else {
                        continue;
                    };
                    if river_between(s, c, n) {
                        let t = &s.stat.tables.river;
                        let best = if s.turn >= t.change_turn {
                            if side == Side::Army {
                                t.army_from
                            } else {
                                t.indian_from
                            }
                        } else if side == Side::Army {
                            t.army_before
                        } else {
                            t.indian_before
                        };
                        if best > 0 && s.units[u].mp_left >= cost + t.crossing_mp {
                            out.push(Action::Cross { unit: id(u), to: n });
                        }
                    } else if s.units[u].mp_left >= cost {
                        out.push(Action::Move { unit: id(u), to: n });
                    }
                }
            }
            out.push(Action::End);
        }
        Phase::ArmySupply => {
            let over = over_limit(s);
            for c in &over {
                for u in s.at(*c, Side::Army) {
                    if s.units[u].supplied && limited(s, u) {
                        out.push(Action::Unsupply { unit: id(u) });
                    }
                }
            }
            if over.is_empty() {
                out.push(Action::End);
            }
        }
        Phase::IndianDeclare => {
            if let Some((_, units)) = &s.declaring {
                // B5.1: the player states which units engage; at least one must.
                if units.len() > 1 {
                    out.extend(units.iter().map(|u| Action::Leave { unit: u.clone() }));
                }
                out.push(Action::Commit);
                return out;
            }
            for c in declarable(s) {
                out.push(Action::Declare { hex: c });
            }
            out.push(Action::End);
        }
        Phase::ArmySearch => {
            let due = searches_due(s);
            for c in &due {
                out.push(Action::Search { hex: *c });
            }
            if due.is_empty() {
                out.push(Action::End);
            }
        }
        Phase::Over => {}
    }
    out
}

/// Hexes where both sides have units on the map.
fn shared(s: &State) -> Vec<Coord> {
    let mut v: Vec<Coord> = s
        .on_map(Side::Army)
        .filter_map(|u| s.hex(u))
        .filter(|c| s.at(*c, Side::Indian).next().is_some())
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Whether a hex is in Idaho or on its border.
fn in_idaho(s: &State, c: Coord) -> bool {
    s.stat.is(c, "idaho")
}

/// B5.3: the hexes where the Indian player may declare a combat now.
pub fn declarable(s: &State) -> Vec<Coord> {
    let idaho_turns = s.stat.tables.idaho_turns.value.max(0) as u32;
    shared(s)
        .into_iter()
        // C1.0: one combat for each declaration; a hex already declared this turn has
        // had its combat (B5.1).
        .filter(|c| !s.declared.contains(c))
        .filter(|c| {
            if s.turn <= idaho_turns {
                // B5.3.1: not until the Army has made a contact, and then within Idaho.
                s.army_contacted && in_idaho(s, *c)
            } else {
                // B5.3.2: once an Indian unit has left Idaho, not until such a unit has
                // been contacted by the Army.
                !s.left_idaho || s.contacted_outside
            }
        })
        // B8.0: Sitting Bull "cannot participate in any declared combats".
        .filter(|c| {
            s.at(*c, Side::Indian)
                .any(|u| s.def(u).id != "sitting_bull")
        })
        .collect()
}

/// B5.1, seed_notes 000-5.7: the shared hexes the Army must still search: those with an
/// Army unit that has not searched this turn.
pub fn searches_due(s: &State) -> Vec<Coord> {
    shared(s)
        .into_iter()
        .filter(|c| s.at(*c, Side::Army).any(|u| !s.units[u].searched))
        .collect()
}

fn unit_of(s: &State, id: &str) -> Result<usize, RuleError> {
    s.find(id)
        .ok_or_else(|| RuleError::new(format!("no strategic unit '{id}'")))
}

/// Apply an action; anything not legal now is refused and nothing changes. Returns the
/// log and, when a contact was made, the combat to fight.
pub fn apply(s: &mut State, a: &Action) -> Result<(Vec<LogEntry>, Option<Combat>), RuleError> {
    if !legal(s).contains(a) {
        return Err(RuleError::new(format!("'{a}' is not legal now")));
    }
    let mut log = vec![];
    let mut combat = None;
    match a {
        Action::Fight | Action::Computer { .. } => {
            let side = choosing(s).expect("a choice is legal only while one is due");
            let f = match a {
                Action::Computer { level } => Fighter::Computer(*level),
                _ => Fighter::Player,
            };
            s.fighters[usize::from(side.seat())] = Some(f);
            log.push(LogEntry::public(match f {
                Fighter::Player => format!("The {side:?} player fights the next combat"),
                Fighter::Computer(l) => {
                    format!(
                        "The computer (level {l}) fights the next combat for the {side:?} player"
                    )
                }
            }));
            return Ok((log, None));
        }
        Action::Fast { unit } => {
            let u = unit_of(s, unit)?;
            let d = s.def(u).clone();
            s.units[u].fast = true;
            s.units[u].mp_left = if d.side == Side::Army {
                d.fast
            } else {
                d.fast.max(rules::normal_allowance(s.lodge_loss(), &d))
            };
            if d.side == Side::Indian {
                s.units[u].last_fast = Some(s.turn);
            }
            log.push(LogEntry::public(format!(
                "{} moves Fast: {} MP (B4.3)",
                d.name, d.fast
            )));
        }
        Action::Move { unit, to } => {
            let u = unit_of(s, unit)?;
            let cost = entry_cost(s, u, *to).map_err(RuleError::new)?;
            combat = step(s, u, *to, cost, &mut log);
        }
        Action::Cross { unit, to } => {
            let u = unit_of(s, unit)?;
            let cost = entry_cost(s, u, *to).map_err(RuleError::new)?;
            let die = s.dice.d6();
            s.reveals += 1;
            let side = s.side(u);
            let ok = rules::crosses(&s.stat.tables.river, side, s.turn, die);
            let name = s.def(u).name.clone();
            log.push(LogEntry::public(format!(
                "{name} tries to cross the river into {to}: die {die}: {} (B4.4.2)",
                if ok {
                    "crosses"
                } else {
                    "may not cross and moves no further"
                }
            )));
            if ok {
                let extra = s.stat.tables.river.crossing_mp;
                combat = step(s, u, *to, cost + extra, &mut log);
            } else {
                s.units[u].halted = true;
            }
        }
        Action::Declare { hex } => {
            let all = combat_in(s, *hex, Trigger::Declaration).indian;
            s.declaring = Some((*hex, all));
        }
        Action::Leave { unit } => {
            if let Some((_, units)) = &mut s.declaring {
                units.retain(|u| u != unit);
            }
        }
        Action::Commit => {
            let Some((hex, units)) = s.declaring.take() else {
                return Err(RuleError::new("no declaration is being made"));
            };
            s.declared.push(hex);
            let mut c = combat_in(s, hex, Trigger::Declaration);
            c.indian.retain(|u| units.contains(u));
            let names: Vec<String> = c
                .indian
                .iter()
                .filter_map(|u| s.find(u))
                .map(|u| s.def(u).name.clone())
                .collect();
            log.push(LogEntry::public(format!(
                "The Indian player declares combat in {hex} with {} (B5.1)",
                names.join(", ")
            )));
            combat = Some(c);
        }
        Action::Search { hex } => {
            let army: Vec<usize> = s.at(*hex, Side::Army).collect();
            let indian: Vec<usize> = s.at(*hex, Side::Indian).collect();
            let values: Vec<i32> = army.iter().map(|&u| s.def(u).search).collect();
            let evasions: Vec<i32> = indian.iter().map(|&u| s.def(u).evasion).collect();
            let sup = rules::search_superiority(&values, &evasions);
            let modifier = s.stat.terrain(*hex).search;
            let die = s.dice.d6();
            s.reveals += 1;
            let found = rules::search_contact(&s.stat.tables.search, die, modifier, sup);
            for &u in &army {
                s.units[u].searched = true;
            }
            log.push(LogEntry::public(format!(
                "Army search in {hex}: superiority {sup}, die {die} {modifier:+} ({}): {} (B5.2; {})",
                s.stat.terrain(*hex).name,
                if found { "C, contact" } else { "-, no contact" },
                s.stat.tables.search.source.short()
            )));
            if found {
                s.army_contacted = true;
                if !in_idaho(s, *hex) {
                    s.contacted_outside = true;
                }
                combat = Some(combat_in(s, *hex, Trigger::Search));
            }
        }
        Action::Unsupply { unit } => {
            let u = unit_of(s, unit)?;
            s.units[u].supplied = false;
            log.push(LogEntry::public(format!(
                "{} goes without supply this turn: the town or fort supplies only {} Captains, Majors and Colonels (B3.0)",
                s.def(u).name,
                s.stat.tables.supply.limit
            )));
        }
        Action::End => log.extend(end_phase(s)),
    }
    Ok((log, combat))
}

/// Move a unit one hex; an Indian unit entering a town or fort stops there and is
/// contacted at once (B4.4.6, B5.3.3); entering a track unit's activation hex
/// activates it (B6.0).
fn step(s: &mut State, u: usize, to: Coord, cost: u32, log: &mut Vec<LogEntry>) -> Option<Combat> {
    let unit = &mut s.units[u];
    unit.moved = true;
    unit.mp_left = unit.mp_left.saturating_sub(cost);
    unit.at = Where::Map(to);
    let side = s.side(u);
    let mut combat = None;
    if side == Side::Indian && !in_idaho(s, to) {
        s.left_idaho = true;
    }
    if side == Side::Indian {
        for w in 0..s.units.len() {
            if s.units[w].at == Where::Inactive(to) {
                s.units[w].at = Where::Map(to);
                log.push(LogEntry::public(format!(
                    "{} activates at once: an Indian unit entered its hex (B6.0)",
                    s.def(w).name
                )));
            }
        }
        if let Some(town) = s.stat.town(to).map(str::to_string) {
            s.units[u].halted = true;
            log.push(LogEntry::public(format!(
                "{} enters {} and stops: contacted by its inhabitants (B4.4.6, B5.3.3)",
                s.def(u).name,
                super::state::place_label(&town)
            )));
            combat = Some(combat_in(s, to, Trigger::Declaration));
        }
    }
    combat
}

/// The combat in a hex.
fn combat_in(s: &State, hex: Coord, trigger: Trigger) -> Combat {
    // B8.0: Sitting Bull takes part in no declared combat.
    let ids = |side: Side| {
        s.at(hex, side)
            .filter(|&u| trigger == Trigger::Search || s.def(u).id != "sitting_bull")
            .map(|u| s.def(u).id.clone())
            .collect::<Vec<_>>()
    };
    Combat {
        hex,
        trigger,
        army: ids(Side::Army),
        indian: ids(Side::Indian),
        town: s.stat.town(hex).map(str::to_string),
    }
}

/// End the phase, and go on through the automatic phases (supply) to the next decision.
fn end_phase(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    for u in &mut s.units {
        u.moved = false;
        u.fast = false;
        u.halted = false;
        u.mp_left = 0;
    }
    match s.phase {
        Phase::IndianMove => {
            s.phase = Phase::IndianDeclare;
            log.extend(early_end(s));
        }
        Phase::IndianDeclare => {
            army_supply(s);
            if over_limit(s).is_empty() {
                s.phase = Phase::ArmyMove;
                start_moves(s, Side::Army);
            } else {
                s.phase = Phase::ArmySupply;
                log.push(LogEntry::public(
                    "Army supply: a town or fort holds more Captains, Majors and Colonels than the five it supplies; the Army player chooses which go without (B3.0)",
                ));
            }
        }
        Phase::ArmySupply => {
            s.phase = Phase::ArmyMove;
            start_moves(s, Side::Army);
        }
        Phase::ArmyMove => s.phase = Phase::ArmySearch,
        Phase::ArmySearch => log.extend(end_turn(s)),
        Phase::Over => {}
    }
    log
}

/// The Normal movement allowance of each unit of a side, at the start of its movement
/// phase (B4.2; C4.3.4 halves the bands with nine Lodges lost).
fn start_moves(s: &mut State, side: Side) {
    let level = s.lodge_loss();
    for u in s.on_map(side).collect::<Vec<_>>() {
        s.units[u].mp_left = rules::normal_allowance(level, s.def(u));
    }
}

/// B4.1, D2.0: after turn 25, the game ends after an Indian movement phase that leaves
/// every Indian unit on the map in Canada.
fn early_end(s: &mut State) -> Vec<LogEntry> {
    let after = s.stat.tables.canada_turn.value.max(0) as u32;
    let any = s.on_map(Side::Indian).next().is_some();
    if s.turn > after
        && any
        && s.on_map(Side::Indian)
            .all(|u| s.hex(u).is_some_and(|c| s.stat.is(c, "canada")))
    {
        s.phase = Phase::Over;
        return vec![LogEntry::public(
            "Every Indian unit is in Canada: the campaign ends (B4.1, D2.0)",
        )];
    }
    vec![]
}

/// Whether a unit has a rank B3.0's limit counts.
fn limited(s: &State, u: usize) -> bool {
    s.stat.tables.supply.limited_ranks.contains(&s.rank(u))
}

/// The towns and forts holding more supplied units of the limited ranks than they
/// supply (B3.0).
pub fn over_limit(s: &State) -> Vec<Coord> {
    let mut towns: Vec<Coord> = s
        .on_map(Side::Army)
        .filter_map(|u| s.hex(u))
        .filter(|c| s.stat.town(*c).is_some())
        .filter(|c| {
            s.at(*c, Side::Army)
                .filter(|&u| s.units[u].supplied && limited(s, u))
                .count()
                > s.stat.tables.supply.limit
        })
        .collect();
    towns.sort();
    towns.dedup();
    towns
}

/// B3.0: Army supply in phase D: every Army unit in a town or fort is supplied, and
/// where more than five Captains, Majors and Colonels stand in one, the Army player
/// then chooses which go without (phase [`Phase::ArmySupply`]).
fn army_supply(s: &mut State) {
    for u in s.on_map(Side::Army).collect::<Vec<_>>() {
        let c = s.hex(u);
        s.units[u].supplied = c.is_some_and(|c| s.stat.town(c).is_some());
    }
}

/// B3.0: Indian supply in phase A: a Minor River hex or next to a Major River hexside.
fn indian_supply(s: &mut State) {
    for u in s.on_map(Side::Indian).collect::<Vec<_>>() {
        let Some(c) = s.hex(u) else { continue };
        let map = &s.stat.map;
        s.units[u].supplied = s.stat.is(c, "minor_river")
            || map
                .neighbors(c)
                .any(|n| map.hexside(c, n) == Some("major_river"));
    }
}

/// The end of a strategic turn: the turn-25 position (B4.4.5), the last turn, or the
/// next turn's start (reinforcements and removals, C7.2's restrictions, Indian supply).
fn end_turn(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    let t = &s.stat.tables;
    if s.turn >= t.canada_turn.value.max(0) as u32 && s.position_reached != Some(true) {
        let col = t.yellowstone_column.value.max(0) as u8;
        let there = |u: usize| {
            s.hex(u)
                .is_some_and(|c| c.col > col && s.stat.is(c, "yellowstone_south"))
        };
        let village = s
            .find("village")
            .is_none_or(|v| s.hex(v).is_none() || there(v));
        let bands = s
            .on_map(Side::Indian)
            .filter(|&u| s.rank(u) == super::data::Rank::Band && there(u))
            .count();
        let ok = village && bands >= 2;
        s.position_reached = Some(ok);
        log.push(LogEntry::public(if ok {
            "The Village and two bands are south of the Yellowstone and east of column 28: Canada is open to the Indians (B4.4.5)".to_string()
        } else {
            "The Village and two bands are not yet south of the Yellowstone and east of column 28: Canada stays closed (B4.4.5)".to_string()
        }));
    }
    let last = t.last_turn.value.max(1) as u32 + u32::from(s.stat.sitting_bull);
    if s.turn >= last {
        s.phase = Phase::Over;
        log.push(LogEntry::public(format!(
            "Turn {} ends the campaign (B2.1, D2.0)",
            s.turn
        )));
        return log;
    }
    s.turn += 1;
    log.extend(begin_turn(s));
    log
}

/// The start of a turn: C7.2's restrictions move on a turn, the track's units activate
/// and its removals leave (B6.0), Sitting Bull appears on turn 30 (B8.0), and Indian
/// supply is determined (B3.0, phase A).
pub fn begin_turn(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    let turn = s.turn;
    s.declared.clear();
    for u in &mut s.units {
        u.searched = false;
        u.restrictions.retain(|(t, _)| *t >= turn);
    }
    let camp = s.stat.campaign.clone();
    for e in camp.track.iter().filter(|e| e.turn == s.turn) {
        if let Some(u) = s.find(&e.unit)
            && matches!(s.units[u].at, Where::Inactive(_))
        {
            if let Ok(c) = e.hex.parse() {
                s.units[u].at = Where::Map(c);
            }
            log.push(LogEntry::public(format!(
                "{} activates at {} (B6.0)",
                s.def(u).name,
                e.hex
            )));
        }
    }
    for r in camp.removals.iter().filter(|r| r.turn == s.turn) {
        if let Some(u) = s.find(&r.unit) {
            s.units[u].at = Where::Gone;
            log.push(LogEntry::public(format!(
                "{} is removed from play (B6.0)",
                s.def(u).name
            )));
        }
    }
    if s.stat.sitting_bull
        && s.turn == s.stat.tables.sitting_bull.turn
        && let Some(b) = s.find("sitting_bull")
        && let Ok(c) = s.stat.tables.sitting_bull.hex.parse()
    {
        s.units[b].at = Where::Map(c);
        log.push(LogEntry::public(format!(
            "Sitting Bull appears in {c} (B8.0)"
        )));
    }
    indian_supply(s);
    s.phase = Phase::IndianMove;
    start_moves(s, Side::Indian);
    log.insert(0, LogEntry::public(format!("Strategic turn {}", s.turn)));
    log
}
