//! The rules this version of *Battle of the Rosebud* plays, as legal actions and their
//! effects, one file per rule section: the sequence of play (4, the Indian player first,
//! in `sequence`), the Indian entry on turn 1 (18, in `entry`), movement and zones of
//! control (5, 7, in `movement`), stacking (6, in `stacking`), modes with the Horse, Mule
//! and Pony Holders (8, in `modes`), fire with Opportunity and Retreat fire and the
//! ammunition check (9, 14A, in `fire`), Morale Checks, retreats, routs with Voluntary
//! Rout, lost horses and rally (10I, 10J, 13, 16B, in `morale`), melee (10, in `melee`),
//! Leader losses, wounds and replacements and the Column HQ (9E, 12D, 12E, in
//! `leaders`), re-supply (14C, 14D, in `supply`), the Pack Trains' Personnel (15B, 15C,
//! in `pack`), the Cavalry Charge (16A, in `charge`), Breastworks (16C, in `works`), the
//! Eagle's Nest and the village search (16D, 16E, in `special`), and the VP hills and the
//! Victory Levels (17, in `victory`). Every rule of the seed is played; the optional
//! rules are options chosen when the game starts: `no_voluntary_rout` (10J1 left out),
//! `indian_resupply` (14C), `ammo=first_fire` and `ammo=roster` (14D's Options #1 and
//! #2) and `grass_fires` (see docs/rules-rosebud.md).
//!
//! This file holds the dispatch: who acts (`to_act`), the legal actions of each phase
//! and of each pending decision (`legal`, and `search_legal` for the computer player),
//! their effects (`apply`, `apply_listed`), and `settle`, which takes what needs no
//! choice and ends the phases in which nobody has anything to do.

pub mod charge;
pub mod entry;
pub mod fire;
pub mod leaders;
pub mod melee;
pub mod modes;
pub mod morale;
pub mod movement;
pub mod pack;
pub mod sequence;
pub mod special;
pub mod stacking;
pub mod supply;
pub mod victory;
pub mod works;

pub use movement::{
    allowance, best_step_cost, in_zoc_of, leader_mp_left, move_cost, moves_of, mp_left,
};
pub use stacking::overstacked;
pub use supply::{roster_full, roster_low};

use super::action::Action;
use super::data::{Mode, Side};
use super::state::{FireKind, Loc, Pending, Phase, State};
use crate::core::error::RuleError;
use crate::core::game::LogEntry;
use entry::entry_area;
use modes::change_mode;
use movement::{do_move, movement_legal, movement_legal_only, step_cost};
use sequence::end_phase;
use supply::{pack_train_for, resupply, resupply_legal};

/// The side that must act now.
pub fn to_act(s: &State) -> Option<Side> {
    (s.phase != Phase::Over).then(|| s.actor())
}

/// Every legal action now.
pub fn legal(s: &State) -> Vec<Action> {
    if s.phase == Phase::Over {
        return vec![];
    }
    if let Some(p) = s.pending.first() {
        return pending_legal(s, p);
    }
    let mut out = match s.phase {
        Phase::Rally => {
            let mut v = resupply_legal(s);
            v.extend(rally_rout_legal(s));
            v
        }
        Phase::OffensiveFire => fire_legal(s, s.phasing, true),
        Phase::Movement => return movement_legal(s),
        Phase::DefensiveFire => fire_legal(s, s.phasing.other(), false),
        Phase::AdvanceFire => fire_legal(s, s.phasing, false),
        Phase::Melee => {
            let mut v = melee::declare_legal(s);
            v.extend(melee::advance_legal(s));
            // 16A: a charging unit must engage its target.
            if charge::must_attack(s) {
                return v;
            }
            v
        }
        Phase::Over => vec![],
    };
    out.push(Action::End);
    out
}

/// The choices of what is pending: the fire a window allows (9F, 9G), or the next hex
/// of a retreat or rout (10I, 10J).
fn pending_legal(s: &State, p: &Pending) -> Vec<Action> {
    match p {
        Pending::Window {
            eligible, declared, ..
        } => {
            let mut out: Vec<Action> = eligible
                .iter()
                .filter(|e| !declared.contains(e) && fire::can_fire(s, **e))
                .map(|&e| Action::OpFire {
                    unit: s.def(e).id.clone(),
                })
                .collect();
            out.push(Action::Resolve);
            out
        }
        Pending::Retreat { unit, .. } | Pending::Rout { unit, .. } => {
            let mut out: Vec<Action> = morale::pending_options(s)
                .into_iter()
                .map(|c| Action::Retreat {
                    unit: s.def(*unit).id.clone(),
                    hex: s.stat.label(c),
                })
                .collect();
            if morale::may_stop(s) || morale::may_halt_rout(s) {
                out.push(Action::Halt);
            }
            out
        }
        Pending::Volunteer { .. } => {
            let units = morale::volunteers(s);
            let mut out: Vec<Action> = units
                .iter()
                .map(|&u| Action::Rout {
                    unit: Some(s.def(u).id.clone()),
                })
                .collect();
            if units.len() > 1 {
                out.push(Action::Rout { unit: None });
            }
            out.push(Action::Hold);
            out
        }
        Pending::Declare { attackers, target } => {
            let mut out: Vec<Action> = if attackers.len() > 1 {
                attackers
                    .iter()
                    // 16A: a charging unit may not be left out of its target's melee.
                    .filter(|&&a| s.units[a].charge.is_none_or(|c| c.target != *target))
                    .map(|&a| Action::Leave {
                        unit: s.def(a).id.clone(),
                    })
                    .collect()
            } else {
                vec![]
            };
            if !attackers.is_empty() {
                out.push(Action::Commit);
            }
            out.push(Action::Cancel);
            out
        }
        Pending::Rbm { rolled, .. } => {
            let rollers = melee::rbm_rollers(s);
            let mut out = vec![];
            if rolled.is_empty() {
                out.push(Action::Rbm { unit: None });
            }
            if rollers.len() > 1 || !rolled.is_empty() {
                out.extend(rollers.iter().map(|&u| Action::Rbm {
                    unit: Some(s.def(u).id.clone()),
                }));
            }
            out.push(Action::Stand);
            out
        }
        Pending::Fight { .. } => vec![],
        Pending::Village => vec![
            Action::Search { exit: Some(true) },
            Action::Search { exit: Some(false) },
        ],
        Pending::Pursuit { .. } | Pending::PursuitMove { .. } => melee::pursuit_legal(s),
        Pending::Casualties { .. } => melee::casualty_options(s)
            .into_iter()
            .map(|u| Action::Lose {
                unit: s.def(u).id.clone(),
            })
            .collect(),
        Pending::Replace { .. } => leaders::replace_hexes(s)
            .into_iter()
            .map(|c| Action::Replace {
                hex: Some(s.stat.label(c)),
            })
            .chain([Action::Replace { hex: None }])
            .collect(),
    }
}

/// The fire of one side's units in a fire phase (9); `offensive` offers the half-strength
/// choice too (4B), and the Advance Fire Phase only units that did not fire in the
/// Offensive Fire Phase (4E).
fn fire_legal(s: &State, side: Side, offensive: bool) -> Vec<Action> {
    let mut out = vec![];
    let advance = s.phase == Phase::AdvanceFire;
    for f in 0..s.units.len() {
        if s.side(f) != side || !fire::can_fire(s, f) || advance && s.units[f].offensive.is_some() {
            continue;
        }
        for t in 0..s.units.len() {
            if s.side(t) == side || !fire::can_target(s, f, t) {
                continue;
            }
            // 14D Option #2: a Roster unit may fire Defensive fire at half to mark half
            // a box.
            let half_ok = offensive
                || s.phase == Phase::DefensiveFire
                    && fire::on_roster(s, f)
                    && s.units[f].halves >= 2;
            for half in [false, true] {
                if half && !half_ok {
                    continue;
                }
                out.push(Action::Fire {
                    unit: s.def(f).id.clone(),
                    target: s.def(t).id.clone(),
                    half,
                });
            }
        }
    }
    out
}

/// Voluntary Rout in the Rally Phase (10J1): any of the phasing player's units that may
/// rout, while an enemy combat unit is on the map to rout away from.
fn rally_rout_legal(s: &State) -> Vec<Action> {
    if !morale::voluntary(s) {
        return vec![];
    }
    (0..s.units.len())
        .filter(|&u| s.side(u) == s.phasing && morale::may_volunteer(s, u))
        .filter(|&u| !morale::nearest_enemies(s, u).is_empty())
        .map(|u| Action::Rout {
            unit: Some(s.def(u).id.clone()),
        })
        .collect()
}

/// The legal actions, or while the turn-1 entry waits on `first` (the first unit or
/// Leader of the phasing side still to enter, 18) only those the computer player weighs
/// then: `first`'s entries and whatever is neither an entry nor a move or mode change
/// (`ai::worth`). The same list as `legal` filtered by `worth`, without generating the
/// ~2,000 entries of the other bands and every move of the bands already in, which the
/// search would throw away at each node (a test compares the two).
pub fn search_legal(s: &State, first: Option<&str>) -> Vec<Action> {
    if s.phase == Phase::Movement && s.pending.is_empty() && first.is_some() {
        movement_legal_only(s, first, None)
    } else {
        legal(s)
    }
}

/// Apply an action; anything not legal now is refused and nothing changes.
pub fn apply(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    if !legal(s).contains(a) {
        return Err(RuleError::new(format!("'{a}' is not legal now")));
    }
    Ok(apply_listed(s, a))
}

/// Apply an action taken from `legal(s)` of this very state.
pub fn apply_listed(s: &mut State, a: &Action) -> Vec<LogEntry> {
    let mut log = vec![];
    let side = s.phasing;
    match a {
        Action::Enter { unit, hex, mounted } => {
            let Ok(c) = s.stat.map.parse(hex) else {
                return log;
            };
            if let Some(l) = s.find_leader(unit) {
                let cost = best_step_cost(s, None, c, side).unwrap_or(0);
                s.leaders[l].at = Loc::Map(c);
                s.leaders[l].spent = cost;
                log.push(LogEntry::public(format!(
                    "{} enters the map at {hex} ({cost} MP) (18)",
                    s.ldef(l).name
                )));
                return log;
            }
            let Some(u) = s.find(unit) else { return log };
            let cost = step_cost(s, None, c, *mounted, side).unwrap_or(0);
            let area = entry_area(s, u, c).unwrap_or_default();
            s.entered.push((unit.clone(), area.clone()));
            s.units[u].at = Loc::Map(c);
            s.units[u].mode = if *mounted {
                Mode::Mounted
            } else {
                Mode::Dismounted
            };
            s.units[u].spent = cost.min(s.face(u).ma);
            s.units[u].moved = true;
            if !*mounted && let Some(h) = s.holder(u) {
                // 18: "The units must pay the cost of the first hex they enter": the
                // Pony Holders (always Dismounted, 8B) too.
                s.units[h].at = Loc::Map(c);
                s.units[h].spent = step_cost(s, None, c, false, side).unwrap_or(0);
            }
            log.push(LogEntry::public(format!(
                "{} enters the map at {hex} from the {area} edge, {} ({cost} MP) (18)",
                s.def(u).name,
                if *mounted {
                    "Mounted"
                } else {
                    "Dismounted, with its Pony Holders"
                }
            )));
        }
        Action::Move { unit, hex } => {
            let Ok(to) = s.stat.map.parse(hex) else {
                return log;
            };
            if let Some(l) = s.find_leader(unit) {
                let from = s.leader_hex(l);
                let cost = best_step_cost(s, from, to, side).unwrap_or(0);
                s.leaders[l].at = Loc::Map(to);
                s.leaders[l].spent += cost;
                log.push(LogEntry::public(format!(
                    "{} moves to {hex} ({cost} MP, {} left)",
                    s.ldef(l).name,
                    leader_mp_left(s, l)
                )));
                return log;
            }
            let Some(u) = s.find(unit) else { return log };
            let Some(from) = s.hex(u) else { return log };
            // 9F: leaving an enemy zone of control draws Opportunity fire first.
            let firers = fire::window_firers(s, u, from);
            if firers.is_empty() {
                log.extend(do_move(s, u, to));
            } else {
                log.push(LogEntry::public(format!(
                    "{} is about to leave an enemy zone of control at {} for {hex}: the {:?} player may fire Opportunity fire (9F)",
                    s.def(u).name,
                    s.stat.label(from),
                    side.other()
                )));
                s.pending.push(Pending::Window {
                    target: u,
                    kind: FireKind::Opportunity,
                    eligible: firers,
                    declared: vec![],
                    then: Some(to),
                });
            }
        }
        Action::Mode { unit, change } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(change_mode(s, u, *change));
        }
        Action::Fire { unit, target, half } => {
            let (Some(f), Some(t)) = (s.find(unit), s.find(target)) else {
                return log;
            };
            let kind = match s.phase {
                Phase::OffensiveFire if *half => FireKind::OffensiveHalf,
                Phase::OffensiveFire => FireKind::Offensive,
                Phase::DefensiveFire if *half => FireKind::DefensiveHalf,
                Phase::DefensiveFire => FireKind::Defensive,
                _ => FireKind::Advance,
            };
            log.extend(fire::fire(s, f, t, kind));
        }
        Action::OpFire { unit } => {
            let Some(f) = s.find(unit) else { return log };
            if let Some(Pending::Window { declared, .. }) = s.pending.first_mut() {
                declared.push(f);
            }
        }
        Action::Resolve => log.extend(fire::resolve_window(s)),
        Action::Retreat { unit, hex } => {
            let (Some(u), Ok(to)) = (s.find(unit), s.stat.map.parse(hex)) else {
                return log;
            };
            log.extend(morale::step(s, u, to));
        }
        Action::Resupply { unit, from } => {
            let Some(u) = s.find(unit) else { return log };
            let giver = match from {
                Some(v) => s.find(v),
                None => pack_train_for(s, u),
            };
            let Some(p) = giver else { return log };
            log.extend(resupply(s, u, p));
        }
        Action::Rout { unit } => {
            let u = unit.as_deref().and_then(|id| s.find(id));
            if matches!(s.pending.first(), Some(Pending::Volunteer { .. })) {
                log.extend(morale::answer_volunteer(s, u));
            } else if let Some(u) = u {
                // 10J1: in the owner's Rally Phase, away from the nearest enemy.
                log.extend(morale::rout_voluntarily(s, &[u], &[]));
            }
        }
        Action::Hold => {
            if let Some(Pending::Volunteer { .. }) = s.pending.first() {
                s.pending.remove(0);
            }
        }
        Action::Recover { unit } => {
            let Some(u) = s.find(unit) else { return log };
            let cost = s.stat.tables.disruption_mp.value;
            s.units[u].spent += cost;
            s.units[u].disrupted = false;
            log.push(LogEntry::public(format!(
                "{} spends {cost} MP and is in Good Order again (13B3)",
                s.def(u).name
            )));
        }
        Action::Melee { hex } => {
            let Ok(t) = s.stat.map.parse(hex) else {
                return log;
            };
            if matches!(s.pending.first(), Some(Pending::Pursuit { .. })) {
                log.extend(melee::reinitiate(s, t));
            } else {
                log.extend(melee::declare(s, t));
            }
        }
        Action::Leave { unit } => {
            let Some(u) = s.find(unit) else { return log };
            if let Some(Pending::Declare { attackers, .. }) = s.pending.first_mut() {
                attackers.retain(|&a| a != u);
            }
        }
        Action::Commit => log.extend(melee::commit(s)),
        Action::Cancel => {
            s.pending.remove(0);
            log.push(LogEntry::public("The melee declaration is withdrawn"));
        }
        Action::Rbm { unit: None } => log.extend(melee::retreat_before_melee(s, true, None)),
        Action::Rbm { unit: Some(unit) } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(melee::retreat_before_melee(s, true, Some(u)));
        }
        Action::Stand => log.extend(melee::retreat_before_melee(s, false, None)),
        Action::Lose { unit } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(melee::lose(s, u));
        }
        Action::Advance { unit, hex } => {
            let (Some(u), Ok(t)) = (s.find(unit), s.stat.map.parse(hex)) else {
                return log;
            };
            if matches!(s.pending.first(), Some(Pending::PursuitMove { .. })) {
                log.extend(melee::pursuit_step(s, u, t));
            } else {
                log.extend(melee::advance(s, u, t));
            }
        }
        Action::Pursue { unit } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(melee::pursue(s, u));
        }
        Action::Halt => {
            if let Some(Pending::Rout { unit, .. }) = s.pending.first().cloned() {
                s.pending.remove(0);
                log.push(LogEntry::public(format!(
                    "{} stops its rout at {} (10J2)",
                    s.def(unit).name,
                    s.hex(unit).map(|c| s.stat.label(c)).unwrap_or_default()
                )));
            } else {
                log.extend(melee::halt(s));
            }
        }
        Action::Breastworks { unit: None } => log.extend(works::declare(s)),
        Action::Breastworks { unit: Some(unit) } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(works::build(s, u));
        }
        Action::Reload { unit } => {
            let Some(u) = s.find(unit) else { return log };
            log.extend(works::reload(s, u));
        }
        Action::Charge { unit, hex } => {
            let (Some(u), Ok(t)) = (s.find(unit), s.stat.map.parse(hex)) else {
                return log;
            };
            log.extend(charge::declare(s, u, t));
        }
        Action::Search { exit: None } => log.extend(special::search(s)),
        Action::Search { exit: Some(go) } => log.extend(special::village_answer(s, *go)),
        Action::Transfer { from, to } => {
            let (Some(p), Some(v)) = (s.find(from), s.find(to)) else {
                return log;
            };
            log.extend(pack::transfer(s, p, v));
        }
        Action::Replace { hex } => {
            let c = hex.as_deref().and_then(|h| s.stat.map.parse(h).ok());
            log.extend(leaders::replace(s, c));
        }
        Action::End => log.extend(end_phase(s)),
    }
    log.extend(settle(s));
    log
}

/// Settle what needs no choice: a retreat with one way, a fire window nobody can use
/// any more, and the Rally and fire phases in which nobody has anything to do.
pub fn settle(s: &mut State) -> Vec<LogEntry> {
    let mut log = special::update_post(s);
    for _ in 0..100_000 {
        if s.phase == Phase::Over {
            break;
        }
        match s.pending.first() {
            Some(Pending::Window { eligible, .. }) => {
                if eligible.iter().all(|&e| s.hex(e).is_none()) {
                    log.extend(fire::resolve_window(s));
                    continue;
                }
                break;
            }
            Some(Pending::Fight {
                target,
                attackers,
                fled,
            }) => {
                let (t, a, f) = (*target, attackers.clone(), fled.clone());
                s.pending.remove(0);
                log.extend(melee::fight(s, t, &a, &f));
                continue;
            }
            Some(Pending::Pursuit { .. } | Pending::PursuitMove { .. }) => {
                if melee::pursuit_legal(s) == [Action::Halt] {
                    log.extend(melee::halt(s));
                    continue;
                }
                break;
            }
            Some(Pending::Casualties { .. }) => {
                if melee::settle_casualties(s, &mut log) {
                    continue;
                }
                break;
            }
            Some(Pending::Volunteer { .. }) => {
                if morale::volunteers(s).is_empty() {
                    s.pending.remove(0);
                    continue;
                }
                break;
            }
            Some(
                Pending::Declare { .. }
                | Pending::Rbm { .. }
                | Pending::Replace { .. }
                | Pending::Village,
            ) => break,
            Some(_) => {
                if morale::settle_retreat(s, &mut log) {
                    continue;
                }
                break;
            }
            None => {}
        }
        if s.phase != Phase::Movement && legal(s) == [Action::End] {
            log.extend(end_phase(s));
            continue;
        }
        break;
    }
    log
}
