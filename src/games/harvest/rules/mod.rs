//! Harvest the Wind rules: legal actions and `apply` for every phase (I), fire combat
//! (II), movement (III), opportunity and defensive fire (IV), melee (V), rally (VI),
//! leaders and Medicine (VII), the miscellaneous rules (VIII) and the scenario special
//! rules (IX). Rule numbers in comments and log lines are the seed's own.
//!
//! This module holds the phase dispatch: who acts ([`to_act`]), every legal action
//! ([`legal`]), [`apply`] and [`apply_listed`], the sequence of play (I: the end of each
//! phase), the queue of pending decisions, elimination, and the queries the sections
//! share. Each rule section's legality and effect live in its own file: `los` (II.A.2,
//! Table 3 Cover), `fire` (II.A, II.B.1, II.C-E, VIII.A.2, VIII.C), `flight` (II.B.3-4,
//! IV.C.2), `movement` (III.A-E, III.H, III.J), `hidden` (III.F), `horses` (III.C.2,
//! III.G, III.I), `reaction` (IV.A-B), `melee` (V, VIII.A.3, VIII.B, VIII.D), `rally`
//! (II.B.1 morale, VI, VII.A), `leaders` (VII.B-D), `specials` (IX) and `victory`
//! (scoring and the scenarios' victory conditions).

mod fire;
mod flight;
mod hidden;
mod horses;
mod leaders;
mod los;
mod melee;
mod movement;
mod rally;
mod reaction;
mod specials;
mod victory;

pub use fire::{FireCalc, FireMode, fire_calc};
pub use hidden::hidden_stack;
pub use los::{in_cover, los};
pub use melee::contested_hexes;
pub(crate) use melee::melee_need;
pub(super) use movement::overstacked;
pub use movement::step_cost;
pub use reaction::best_reaction_rolls;
pub(crate) use victory::{award_for, kills};

use super::action::Action;
use super::data::Special;
use super::state::{Kind, Loc, Pending, Phase, Pid, Side, State};
use crate::core::error::RuleError;
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use fire::{abandon_weapons, big_artillery_group_ok, fire, offensive_fires, usable_weapons};
use flight::{flee, flee_options, settle_flight_without_options};
use hidden::{reveal_unit, unhide, unhide_actions};
use horses::{limbered_gun, mount_target, run_loose_horses, start_loose_horses, towable_at, towed};
use leaders::{medicine_targets, remove_medicine};
use melee::{lone_leaders_and_medicine, melee, raze_actions};
use movement::{begin_move, carry_along, enter, movement_actions, step};
use rally::morale_roll;
use reaction::{after_reaction_shot, close_reaction, mode_ok, open_reaction, reaction_fires};
use specials::{
    bad_medicine_source, blaze_deadline, marker, medicine_attrition, recruit, recruit_options,
    reinforcements,
};
use victory::{check_sudden_end, finish, score};

// ---------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------

/// Whether a hex holds an enemy (of `side`) unit or Hidden counter.
/// Whether a hex holds an enemy unit or a Hidden counter, which a unit may enter only to
/// end its move there (III.D.1). Anything under a Hidden counter counts, a hidden Leader
/// or Dependents under a Lodge too (the counter stops the unit, issue 28); Dependents in
/// the open do not (docs/reconstructions-harvest.md).
fn enemy_present(s: &State, c: Coord, side: Side) -> bool {
    s.at(c).any(|i| {
        let p = s.p(i);
        p.side != side && (p.kind.is_unit() || p.kind == Kind::Hidden || p.hidden)
    })
}

fn enemy_unit_in(s: &State, c: Coord, side: Side) -> Option<Pid> {
    s.unit_at(c, 1 - side)
}

/// The hex a counter is in, directly or through the unit carrying it.
fn map_hex(s: &State, p: Pid) -> Option<Coord> {
    match s.p(p).loc {
        Loc::Map(c) => Some(c),
        Loc::Carried(h) => s.p(h).hex(),
        _ => None,
    }
}

/// The notation-facing name of a piece for a seat: its id, or "a Hidden stack" when
/// the seat may not see it.
fn shown(s: &State, pid: Pid, seat: Side) -> String {
    let p = s.p(pid);
    if p.side != seat && (p.hidden || p.kind == Kind::Hidden) {
        "a Hidden stack".to_string()
    } else {
        format!("{} ({})", p.id, p.label)
    }
}

/// Log a line that names `pid`: public if both seats may see it, otherwise a private
/// full line for the owner and a public line with the piece masked.
fn log_about(log: &mut Vec<LogEntry>, s: &State, pid: Pid, text: impl Fn(&str) -> String) {
    if s.quiet {
        return;
    }
    let p = s.p(pid);
    if p.hidden || p.kind == Kind::Hidden {
        log.push(LogEntry::private(p.side, text(&shown(s, pid, p.side))));
        log.push(LogEntry::private(
            1 - p.side,
            text(&shown(s, pid, 1 - p.side)),
        ));
    } else {
        log.push(LogEntry::public(text(&shown(s, pid, p.side))));
    }
}

fn seat_name(s: &State, side: Side) -> &str {
    &s.stat.scenario.sides[usize::from(side)].name
}

// ---------------------------------------------------------------------------------
// Legal actions
// ---------------------------------------------------------------------------------

/// The side that must decide now.
pub fn to_act(s: &State) -> Option<Side> {
    if s.phase == Phase::Over {
        return None;
    }
    Some(match &s.pending {
        Pending::Reaction { .. } => 1 - s.phasing,
        Pending::Flee { unit, .. } => s.p(*unit).side,
        Pending::Medicine { medicine } => s.p(*medicine).side,
        Pending::Recruit { .. } => s.phasing,
        Pending::Dust { side, .. } => *side,
        Pending::Capture { side, .. } => *side,
        Pending::None => s.phasing,
    })
}

/// Every legal action now.
pub fn legal(s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    if s.phase == Phase::Over {
        return out;
    }
    match s.pending.clone() {
        Pending::Reaction { mover, hex } => {
            reaction_fires(s, mover, hex, &mut out);
            out.push(Action::Pass);
            return out;
        }
        Pending::Flee {
            unit,
            why,
            start_dist,
            moved,
        } => {
            flee_options(s, unit, why, start_dist, moved, &mut out);
            return out;
        }
        Pending::Medicine { medicine } => {
            medicine_targets(s, medicine, true, &mut out);
            out.push(Action::Pass);
            return out;
        }
        Pending::Recruit { .. } => {
            recruit_options(s, &mut out);
            return out;
        }
        Pending::Capture { horse, .. } => {
            out.push(Action::Catch {
                horses: s.p(horse).id,
            });
            out.push(Action::Pass);
            return out;
        }
        Pending::Dust { .. } => {
            for c in &s.dust {
                out.push(Action::Dust { from: *c });
            }
            out.push(Action::Pass);
            return out;
        }
        Pending::None => {}
    }
    match s.phase {
        Phase::Setup => setup_actions(s, &mut out),
        Phase::OffensiveFire => {
            offensive_fires(s, &mut out);
            unhide_actions(s, &mut out);
            out.push(Action::End);
        }
        Phase::Movement => movement_actions(s, &mut out),
        Phase::Melee => {
            let contested = contested_hexes(s);
            for c in &contested {
                out.push(Action::Melee { hex: *c });
            }
            raze_actions(s, &mut out);
            if contested.is_empty() {
                out.push(Action::End);
            }
        }
        Phase::Rally => {
            for (i, p) in s.pieces.iter().enumerate() {
                let i = i as Pid;
                if p.side == s.phasing
                    && p.on_map()
                    && p.kind.is_unit()
                    && p.pinned
                    && !s.rallied.contains(&i)
                {
                    out.push(Action::Rally { unit: p.id });
                }
            }
            if s.stat.scenario.sides[usize::from(s.phasing)].indian {
                for (i, p) in s.pieces.iter().enumerate() {
                    // VII.D.2; each Medicine moves once per Rally phase (moving it twice
                    // achieves nothing the first move could not).
                    // A held Medicine may be added back to any unit; one on the map may
                    // pass to any unit or be taken off the map.
                    if p.kind == Kind::Medicine
                        && p.side == s.phasing
                        && !s.rallied.contains(&(i as Pid))
                        && matches!(p.loc, Loc::Carried(_) | Loc::Map(_) | Loc::Held)
                    {
                        medicine_targets(s, i as Pid, false, &mut out);
                        if p.loc != Loc::Held {
                            out.push(Action::MedicineOff { medicine: p.id });
                        }
                    }
                }
            }
            out.push(Action::End);
        }
        Phase::Over => {}
    }
    out
}

fn setup_actions(s: &State, out: &mut Vec<Action>) {
    let side = s.phasing;
    for (i, p) in s.pieces.iter().enumerate() {
        if p.side != side || !p.on_map() {
            continue;
        }
        if let Some(zone) = super::setup::zone_of(s, i as Pid) {
            for c in zone {
                if Some(c) != p.hex() && super::setup::can_place(s, i as Pid, c) {
                    out.push(Action::Place {
                        piece: p.id,
                        hex: c,
                    });
                }
            }
        }
    }
    // IX.B, IX.D: a set-up that breaks a scenario's placement rule cannot be finished.
    if super::setup::setup_problem(s, side).is_none() {
        out.push(Action::Ready);
    }
}

// ---------------------------------------------------------------------------------
// Apply
// ---------------------------------------------------------------------------------

fn pid(s: &State, id: &str) -> Result<Pid, RuleError> {
    s.find(id)
        .ok_or_else(|| RuleError::new(format!("no piece '{id}'")))
}

/// Apply an action: it must be one of [`legal`]'s. On error nothing changes.
pub fn apply(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    if s.phase == Phase::Over {
        return Err(RuleError::new("the game is over"));
    }
    let legal_now = legal(s);
    if !legal_now.contains(a) && !big_artillery_group_ok(s, a, &legal_now) {
        return Err(explain_illegal(s, a, &legal_now));
    }
    apply_listed(s, a)
}

/// Whether `a`, not one of [`legal`]'s, is legal all the same: an artillery group of
/// three to seven adjacent targets (II.E.5-6).
pub fn allows_unlisted(s: &State, a: &Action) -> bool {
    s.phase != Phase::Over && big_artillery_group_ok(s, a, &legal(s))
}

/// Apply an action the caller has just taken from [`legal`] for this very state,
/// without listing the legal actions again to check it (the computer player's search
/// applies thousands). Anything not from that list must go through [`apply`].
pub fn apply_listed(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    if s.phase == Phase::Over {
        return Err(RuleError::new("the game is over"));
    }
    let mut log = Vec::new();
    match a {
        Action::Place { piece, hex } => {
            let i = pid(s, piece)?;
            s.pm(i).loc = Loc::Map(*hex);
            for r in s.pieces.iter_mut().filter(|p| p.mounted_on == Some(i)) {
                r.loc = Loc::Map(*hex);
            }
            log.push(LogEntry::private(
                s.phasing,
                format!("{piece} placed in {hex}"),
            ));
        }
        Action::Ready => {
            log.push(LogEntry::public(format!(
                "{} has finished setting up",
                seat_name(s, s.phasing)
            )));
            super::setup::next_setup(s);
        }
        Action::Fire {
            unit,
            weapon: _,
            targets,
            horses,
            ammo,
        } => {
            let f = pid(s, unit)?;
            let w = usable_weapons(s, f)
                .into_iter()
                .find(|&w| {
                    let wp = s.p(w);
                    let l = if wp.kind == Kind::Artillery {
                        "art"
                    } else {
                        &*wp.letter
                    };
                    matches!(a, Action::Fire { weapon, .. } if &**weapon == l)
                })
                .ok_or_else(|| RuleError::new("no such weapon"))?;
            let mode = match s.pending {
                Pending::Reaction { mover, hex } => {
                    let from = s.p(f).hex().unwrap_or(hex);
                    if mode_ok(s, f, w, mover, from, hex, FireMode::Opportunity)
                        && !mode_ok(s, f, w, mover, from, hex, FireMode::Defensive)
                    {
                        FireMode::Opportunity
                    } else if mode_ok(s, f, w, mover, from, hex, FireMode::Defensive) {
                        // Prefer Defensive Fire when both are open: it keeps the once-per-phase
                        // Opportunity shot for later (IV.B.2).
                        FireMode::Defensive
                    } else {
                        FireMode::Opportunity
                    }
                }
                _ => FireMode::Offensive,
            };
            fire(s, f, w, targets, *horses, *ammo, mode, &mut log)?;
            after_reaction_shot(s);
        }
        Action::Blaze { unit, hex } => {
            let u = pid(s, unit)?;
            s.fired.insert(u);
            let n = s.pieces.iter().filter(|p| p.kind == Kind::Blaze).count() + 1;
            s.pieces
                .push(marker(Kind::Blaze, s.phasing, format!("B{n}"), *hex));
            s.blazes.push((*hex, s.turn, s.phasing));
            log.push(LogEntry::public(format!(
                "{unit} sets a Blaze in {hex} instead of firing (IX.B)"
            )));
            reveal_unit(s, u, &mut log);
        }
        Action::Move { unit, hex } => {
            let u = pid(s, unit)?;
            step(s, u, *hex, &mut log);
        }
        Action::Enter { unit, hex } => {
            let u = pid(s, unit)?;
            enter(s, u, *hex, &mut log);
        }
        Action::Mount { unit, hex } => {
            let u = pid(s, unit)?;
            let h = mount_target(s, u, *hex, false)
                .ok_or_else(|| RuleError::new("no Horses to mount"))?;
            begin_move(s, u);
            let from = s.p(u).hex();
            reveal_unit(s, u, &mut log);
            // III.I.1: a Crew mounting Horses limbers the gun in its hex (one Horses
            // counter pulls one Artillery Weapon plus a Crew, III.C.2.d).
            let gun = from.and_then(|c| towable_at(s, u, c));
            s.pm(u).mounted_on = Some(h);
            s.pm(u).loc = Loc::Map(*hex);
            if let Some(g) = gun {
                s.pm(g).mounted_on = Some(h);
                s.pm(g).loc = Loc::Map(*hex);
                let (what, rule) = towed(s, g);
                log.push(LogEntry::public(format!(
                    "{unit} limbers {what} {} ({rule})",
                    s.p(g).id
                )));
            }
            let rec = s.rec_mut(u);
            rec.changed = true;
            let late = rec.mp > 0;
            if late {
                rec.done = true;
            }
            log.push(LogEntry::public(format!(
                "{unit} mounts the Horses in {hex}{} (III.C.2.b)",
                if late {
                    "; its move ends (III.A option 6)"
                } else {
                    ""
                }
            )));
            if Some(*hex) != from {
                carry_along(s, u, *hex);
            }
            open_reaction(s, u, *hex);
            if late && s.pending == Pending::None {
                s.active = None;
            }
        }
        Action::Dismount { unit, hex } => {
            let u = pid(s, unit)?;
            begin_move(s, u);
            let from = s.p(u).hex();
            if let Some(g) = limbered_gun(s, u) {
                s.pm(g).mounted_on = None;
                s.pm(g).loc = Loc::Map(*hex);
                let (what, rule) = towed(s, g);
                log.push(LogEntry::public(format!(
                    "{unit} unlimbers {what} {} in {hex} ({rule})",
                    s.p(g).id
                )));
            }
            s.pm(u).mounted_on = None;
            s.pm(u).loc = Loc::Map(*hex);
            carry_along(s, u, *hex);
            let rec = s.rec_mut(u);
            rec.changed = true;
            let late = rec.mounted_moved;
            if late {
                rec.done = true;
            }
            log.push(LogEntry::public(format!(
                "{unit} dismounts into {hex}{} (III.C.2.b)",
                if late {
                    "; its move ends (III.A option 7)"
                } else {
                    ""
                }
            )));
            if enemy_present(s, *hex, s.p(u).side) {
                // III.D.1, III.D.3: dismounting into an enemy or Hidden hex enters it:
                // the move ends there and any Hidden counters in it are removed.
                s.rec_mut(u).stopped = true;
                s.rec_mut(u).done = true;
                if Some(*hex) != from {
                    unhide(s, *hex, &mut log, "an enemy unit entered the hex (III.D.3)");
                    log.push(LogEntry::public(format!(
                        "{unit} must stop in {hex}: enemy in the hex (III.D.1)"
                    )));
                }
            }
            open_reaction(s, u, *hex);
            if late && s.pending == Pending::None {
                s.active = None;
            }
        }
        Action::Pickup { unit, weapon } => {
            let u = pid(s, unit)?;
            let w = pid(s, weapon)?;
            s.pm(w).loc = Loc::Carried(u);
            log.push(LogEntry::public(format!(
                "{unit} picks up {weapon} ({}{}) (II.C.3)",
                s.p(w).letter,
                if s.p(w).flipped { ", Low Ammo" } else { "" }
            )));
        }
        Action::Shift { unit, hex } => {
            let u = pid(s, unit)?;
            let from = s.p(u).hex().ok_or_else(|| RuleError::new("crew off map"))?;
            let art = towable_at(s, u, from).ok_or_else(|| RuleError::new("no gun here"))?;
            s.pm(art).loc = Loc::Map(*hex);
            s.rec_mut(u).done = true;
            let (what, rule) = towed(s, art);
            log.push(LogEntry::public(format!(
                "{unit} shifts {what} {} to {hex} ({rule}, III.I.2)",
                s.p(art).id
            )));
        }
        Action::Unhide { hex } => {
            unhide(s, *hex, &mut log, "voluntarily (III.F.4)");
        }
        Action::Stop { unit } => {
            let u = pid(s, unit)?;
            s.rec_mut(u).done = true;
            s.active = None;
            log.push(LogEntry::private(
                s.phasing,
                format!("{unit} ends its move"),
            ));
        }
        Action::Catch { horses } => {
            let h = pid(s, horses)?;
            let Pending::Capture { side, .. } = s.pending else {
                return Err(RuleError(format!("'{a}': no loose Horses to catch")));
            };
            s.pm(h).side = side;
            let c = s.p(h).hex().map_or(String::new(), |c| format!(" in {c}"));
            log.push(LogEntry::public(format!(
                "{} stops the loose Horses {horses}{c} and takes control of them (III.G.5)",
                seat_name(s, side)
            )));
            s.walk = None;
            s.pending = Pending::None;
            run_loose_horses(s, &mut log);
        }
        Action::Pass => match s.pending.clone() {
            Pending::Capture { .. } => {
                s.pending = Pending::None;
                let next = s.walk.as_mut().and_then(|w| {
                    if w.deciders.is_empty() {
                        None
                    } else {
                        Some(w.deciders.remove(0))
                    }
                });
                if let (Some(side), Some(w)) = (next, &s.walk) {
                    s.pending = Pending::Capture {
                        horse: w.horse,
                        side,
                    };
                } else {
                    run_loose_horses(s, &mut log);
                }
            }
            Pending::Reaction { .. } => close_reaction(s),
            Pending::Dust { .. } => {
                s.pending = Pending::None;
                next_pending(s);
            }
            Pending::Medicine { medicine } => {
                s.pm(medicine).loc = Loc::Removed;
                log.push(LogEntry::public(format!(
                    "{medicine} is removed from play (VII.D.1)",
                    medicine = s.p(medicine).id
                )));
                s.pending = Pending::None;
                next_pending(s);
            }
            _ => {}
        },
        Action::End => end_phase(s, &mut log),
        Action::Melee { hex } => melee(s, *hex, &mut log),
        Action::Raze { unit, target } => {
            let u = pid(s, unit)?;
            let t = pid(s, target)?;
            s.meleed.insert(u);
            let kind = s.p(t).kind;
            eliminate(
                s,
                t,
                &mut log,
                "razed in the Melee phase (VIII.A.3, VIII.D)",
            );
            let _ = kind;
        }
        Action::Rally { unit } => {
            let u = pid(s, unit)?;
            s.rallied.insert(u);
            let r = morale_roll(s, u);
            if r.pass {
                s.pm(u).pinned = false;
            }
            log.push(LogEntry::public(format!(
                "{unit} rally (VI): {}: {}",
                r.text,
                if r.pass {
                    "rallied, unpinned (VI.2)"
                } else {
                    "stays Pinned (VI.3)"
                }
            )));
        }
        Action::Flee {
            unit,
            hex,
            dismount,
        } => {
            let u = pid(s, unit)?;
            flee(s, u, *hex, *dismount, &mut log);
        }
        Action::Recruit { unit } => {
            let u = pid(s, unit)?;
            recruit(s, u, &mut log);
        }
        Action::Dust { from } => {
            if let Pending::Dust { hex, .. } = s.pending.clone() {
                if let Some(i) = s
                    .pieces
                    .iter()
                    .position(|p| p.kind == Kind::Dust && p.loc == Loc::Map(*from))
                {
                    s.pieces[i].loc = Loc::Map(hex);
                }
                s.dust.retain(|d| d != from);
                s.dust.push(hex);
                log.push(LogEntry::public(format!(
                    "The Dust marker in {from} moves to {hex} (IX.E)"
                )));
                s.pending = Pending::None;
                next_pending(s);
            }
        }
        Action::MedicineOff { medicine } => {
            let m = pid(s, medicine)?;
            s.pm(m).loc = Loc::Held;
            s.rallied.insert(m);
            log.push(LogEntry::public(format!(
                "{medicine} is taken off the map and held (VII.D.2)"
            )));
        }
        Action::Medicine { medicine, unit } => {
            let m = pid(s, medicine)?;
            let u = pid(s, unit)?;
            if s.p(m).loc == Loc::Held {
                log.push(LogEntry::public(format!(
                    "{medicine} is added to the map (VII.D.2)"
                )));
            }
            s.pm(m).loc = Loc::Carried(u);
            if s.phase == Phase::Rally {
                s.rallied.insert(m);
            }
            log.push(LogEntry::private(
                s.p(m).side,
                format!("{medicine} passes to {unit} (VII.D)"),
            ));
            log.push(LogEntry::private(
                1 - s.p(m).side,
                format!("{medicine} passes to another unit (VII.D)"),
            ));
            if matches!(s.pending, Pending::Medicine { .. }) {
                s.pending = Pending::None;
                next_pending(s);
            }
        }
    }
    log.append(&mut s.pending_log);
    check_sudden_end(s, &mut log);
    Ok(log)
}

fn explain_illegal(s: &State, a: &Action, legal: &[Action]) -> RuleError {
    let who = to_act(s).map_or("nobody".to_string(), |x| seat_name(s, x).to_string());
    if *a == Action::Ready
        && s.phase == Phase::Setup
        && let Some(why) = super::setup::setup_problem(s, s.phasing)
    {
        return RuleError::new(format!("'{a}' is illegal: {why}"));
    }
    let phase = s.phase.name();
    let id = match a {
        Action::Place { piece, .. } => Some(piece),
        Action::Fire { unit, .. }
        | Action::Blaze { unit, .. }
        | Action::Move { unit, .. }
        | Action::Enter { unit, .. }
        | Action::Mount { unit, .. }
        | Action::Dismount { unit, .. }
        | Action::Pickup { unit, .. }
        | Action::Shift { unit, .. }
        | Action::Stop { unit }
        | Action::Raze { unit, .. }
        | Action::Rally { unit }
        | Action::Recruit { unit }
        | Action::Flee { unit, .. } => Some(unit),
        _ => None,
    };
    if let Some(id) = id {
        match s.find(id) {
            None => return RuleError::new(format!("'{a}' is illegal: there is no piece '{id}'")),
            Some(p) if Some(s.p(p).side) != to_act(s) => {
                return RuleError::new(format!(
                    "'{a}' is illegal: {id} is not a piece of {who}, who must act now"
                ));
            }
            _ => {}
        }
    }
    if let (Action::Move { unit, hex }, Some(p)) = (
        a,
        s.find(match a {
            Action::Move { unit, .. } => unit,
            _ => "",
        }),
    ) && let Some(from) = s.p(p).hex()
    {
        if from.distance(*hex) != 1 {
            return RuleError::new(format!(
                "'{a}' is illegal: {hex} is not adjacent to {unit} in {from} (III.C.1)"
            ));
        }
        if let Err(e) = step_cost(s, p, from, *hex) {
            return RuleError::new(format!("'{a}' is illegal: {e}"));
        }
        return RuleError::new(format!(
            "'{a}' is illegal: {unit} has not enough movement left, has finished, or another unit is moving (III.B.4, III.C)"
        ));
    }
    if let Action::Fire { unit, targets, .. } = a
        && let (Some(f), Some(t)) = (s.find(unit), targets.first())
        && let Some(from) = s.p(f).hex()
        && !los(s, from, *t, s.p(f).side)
    {
        return RuleError::new(format!(
            "'{a}' is illegal: no line of sight from {from} to {t} (II.A.2)"
        ));
    }
    let hint: Vec<String> = legal.iter().take(6).map(ToString::to_string).collect();
    RuleError::new(format!(
        "'{a}' is not legal now ({who} to act, {phase} phase). Legal actions include: {}",
        hint.join("; ")
    ))
}

/// Move the next queued decision (if any) into `pending`.
fn next_pending(s: &mut State) {
    while s.pending == Pending::None && !s.queue.is_empty() {
        let next = s.queue.remove(0);
        // A flight whose unit was eliminated in between (IV.C.2) is over.
        if let Pending::Flee { unit, .. } = next
            && !s.p(unit).on_map()
        {
            s.fleeing.remove(&unit);
            continue;
        }
        s.pending = next;
        settle_flight_without_options(s);
    }
}

/// Eliminate a piece: abandon weapons, drop Medicine, free Horses, score points.
fn eliminate(s: &mut State, t: Pid, log: &mut Vec<LogEntry>, why: &str) {
    let Some(c) = s.p(t).hex() else { return };
    abandon_weapons(s, t, c, log);
    for w in s.carried(t).collect::<Vec<_>>() {
        if s.p(w).kind == Kind::Weapon {
            s.pm(w).loc = Loc::Removed; // the "P" goes with its unit
        }
    }
    let meds: Vec<Pid> = s
        .carried(t)
        .filter(|&m| s.p(m).kind == Kind::Medicine)
        .collect();
    s.pm(t).loc = Loc::Eliminated;
    s.pm(t).pinned = false;
    s.pm(t).mounted_on = None;
    if s.p(t).kind == Kind::Horses {
        for r in 0..s.pieces.len() {
            if s.pieces[r].mounted_on == Some(t) {
                s.pieces[r].mounted_on = None;
            }
        }
    }
    let (side, kind, militia) = (s.p(t).side, s.p(t).kind, s.p(t).militia);
    s.eliminated.push((side, kind, militia));
    log.push(LogEntry::public(format!(
        "{} ({}) is eliminated: {why}",
        s.p(t).id,
        s.p(t).label
    )));
    score(s, side, kind, militia, log);
    for m in meds {
        s.pm(m).loc = Loc::Map(c);
        let bad = s.special(|sp| matches!(sp, Special::BadMedicine { side: x } if *x == side));
        let range = s.stat.tables.medicine_range.value as u32;
        let near = s.pieces.iter().any(|p| {
            p.side == side
                && p.kind == Kind::Unit
                && p.hex().is_some_and(|h| h.distance(c) <= range)
        });
        if bad {
            log.push(LogEntry::public(format!(
                "Bad Medicine: {} is lost with its carrier (IX.E; {})",
                s.p(m).id,
                bad_medicine_source()
            )));
            remove_medicine(s, m, log);
        } else if near {
            log.push(LogEntry::public(format!(
                "Medicine {} is left in {c} and may pass to a unit within 2 hexes (VII.D.1)",
                s.p(m).id
            )));
            if s.pending == Pending::None {
                s.pending = Pending::Medicine { medicine: m };
            } else {
                // Another decision is owed first: pass it to the nearest unit.
                let target = s
                    .pieces
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.side == side && p.kind == Kind::Unit)
                    .filter_map(|(i, p)| p.hex().map(|h| (h.distance(c), i)))
                    .filter(|(d, _)| *d <= range)
                    .min();
                if let Some((_, i)) = target {
                    s.pm(m).loc = Loc::Carried(i as Pid);
                }
            }
        } else {
            s.pm(m).loc = Loc::Removed;
            log.push(LogEntry::public(format!(
                "Medicine {} is removed: no Indian unit within 2 hexes (VII.D.1)",
                s.p(m).id
            )));
        }
    }
}

fn end_phase(s: &mut State, log: &mut Vec<LogEntry>) {
    let name = seat_name(s, s.phasing).to_string();
    // The once-per-hex record (IV.A.3) lasts one Movement phase at most.
    s.hex_fired_at = None;
    match s.phase {
        Phase::Setup | Phase::Over => {}
        Phase::OffensiveFire => {
            s.phase = Phase::Movement;
            s.fired.clear();
            s.moves.clear();
            s.hex_fired = (false, false);
            s.hex_fired_at = None;
            for i in 0..s.pieces.len() {
                let i = i as Pid;
                let p = s.p(i);
                if p.side == s.phasing && p.on_map() {
                    let with_enemy = p
                        .hex()
                        .is_some_and(|c| enemy_unit_in(s, c, p.side).is_some());
                    if with_enemy {
                        s.rec_mut(i).started_with_enemy = true;
                    }
                }
            }
            reinforcements(s, log);
            log.push(LogEntry::public(format!(
                "Turn {}, {name}: Movement phase (I.2)",
                s.turn
            )));
        }
        Phase::Movement => {
            if let Some(a) = s.active.take() {
                s.rec_mut(a).done = true;
            }
            blaze_deadline(s, log);
            start_loose_horses(s);
            run_loose_horses(s, log);
        }
        Phase::Melee => {
            // Only hexes with pieces in them can hold a lone Leader; they are taken in
            // the map's order (row by row), as a walk over every hex would.
            let mut hexes: Vec<(usize, Coord)> = s
                .pieces
                .iter()
                .filter_map(|p| p.hex())
                .filter_map(|c| Some((s.stat.map.index(c)?, c)))
                .filter(|&(i, _)| i < s.stat.map.terrain.len())
                .collect();
            hexes.sort();
            hexes.dedup();
            for (_, c) in hexes {
                lone_leaders_and_medicine(s, c, log);
            }
            s.phase = Phase::Rally;
            s.rallied.clear();
            log.push(LogEntry::public(format!(
                "Turn {}, {name}: Rally phase (I.4)",
                s.turn
            )));
        }
        Phase::Rally => {
            medicine_attrition(s, log);
            if s.phase == Phase::Over {
                return;
            }
            if s.phasing == 0 {
                s.phasing = 1;
            } else {
                // I.5: advance the turn counter.
                if let Some(last) = s.stat.scenario.turns
                    && s.turn >= last
                {
                    finish(s, log, format!("end of turn {last}"));
                    return;
                }
                s.turn += 1;
                s.phasing = 0;
            }
            s.phase = Phase::OffensiveFire;
            s.fired.clear();
            log.push(LogEntry::public(format!(
                "Turn {}, {}: Offensive Fire phase (I.1)",
                s.turn,
                seat_name(s, s.phasing)
            )));
        }
    }
}

/// III.G: Horses not in or adjacent to a unit move at random; IX.D starts this on turn 2.
/// The end of the Movement phase after loose Horses have moved: on to Melee (I.3).
fn start_melee(s: &mut State, log: &mut Vec<LogEntry>) {
    let name = seat_name(s, s.phasing).to_string();
    s.fired.clear();
    s.defensive_pairs.clear();
    s.phase = Phase::Melee;
    s.meleed.clear();
    log.push(LogEntry::public(format!(
        "Turn {}, {name}: Melee phase (I.3)",
        s.turn
    )));
}
