//! The tactical game's rules: the legal actions and their effects, and the sequence of
//! play (C3.2): the First player's actions, his pin-removal rolls, the Second player's
//! actions and rolls, until one side has no units left in the combat. One file per
//! rule section: [`movement`] (C4), [`fire`] (C6.1-C6.3, C6.5), [`melee`] (C5),
//! [`results`] (C6.4), [`victory`] (C7, D2.0), [`aftermath`] (C7.2, C4.3.4: what goes
//! back to the campaign).

pub mod aftermath;
pub mod fire;
pub mod melee;
pub mod movement;
pub mod results;
pub mod setup;
pub mod victory;

use super::action::Action;
use super::data::{Contact, Side};
use super::state::{Active, Loc, Melee, Pending, Pin, State, Uid};
use crate::core::error::RuleError;
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::core::sym::Sym;

/// The side that must decide now, or `None` when the combat is over.
pub fn to_act(s: &State) -> Option<Side> {
    if s.result.is_some() {
        return None;
    }
    if !s.setup.is_empty() {
        return setup::to_act(s);
    }
    Some(match &s.pending {
        Pending::None => s.phasing,
        Pending::Losses { side, .. } => *side,
        Pending::FallBack { unit, .. } => s.u(*unit).side,
    })
}

/// Whether the phasing player may still act with `u` this player turn (C3.2: every
/// unit on the map on an Ambushing or Surprised first turn; otherwise the Army one
/// unit, or two Washington Volunteers instead (C4.3.3), and the Indian two).
pub fn may_act(s: &State, u: Uid) -> bool {
    may_act_with(s, u, None)
}

/// [`may_act`] as if `also` had acted too.
fn may_act_with(s: &State, u: Uid, also: Option<Uid>) -> bool {
    let unit = s.u(u);
    let also = also.filter(|m| !s.acted.contains(m));
    if unit.side != s.phasing || s.acted.contains(&u) || also == Some(u) {
        return false;
    }
    if s.all_act() {
        return matches!(unit.loc, Loc::Map(_));
    }
    if !matches!(unit.loc, Loc::Map(_) | Loc::Waiting(..)) {
        return false;
    }
    let n = s.acted.len() + usize::from(also.is_some());
    let first = s.acted.first().copied().or(also);
    let (army, indian) = s.stat.tables.actions;
    match unit.side {
        Side::Indian => n < indian,
        Side::Army => {
            n < army || (n == 1 && first.is_some_and(|f| s.class(f).pairs) && s.class(u).pairs)
        }
    }
}

/// Whether `u` could still act once `mover` (now acting) has acted.
pub fn may_act_after(s: &State, u: Uid, mover: Uid) -> bool {
    may_act_with(s, u, Some(mover))
}

/// Hexes of the phasing side over the stacking limit (C2.5, C2.6: the Second player's
/// first actions must correct them).
fn overstacked(s: &State) -> Vec<Coord> {
    let side = s.phasing;
    let mut hexes: Vec<Coord> = s.on_map(side).filter_map(|i| s.u(i).hex()).collect();
    hexes.sort();
    hexes.dedup();
    hexes
        .into_iter()
        .filter(|&c| !s.has(c, side.other()) && s.side_at(c, side).count() > s.stack_limit(side))
        .collect()
}

/// The hexes a unit may step into now: its active move, or its first step (from
/// beside the map: the entry hexes).
fn steps(s: &State, u: Uid, mp: u32) -> Vec<Coord> {
    match s.u(u).loc {
        Loc::Map(c) => s
            .stat
            .map
            .neighbors(c)
            .filter(|&n| movement::step(s, u, Some(c), n, mp).is_ok())
            .collect(),
        Loc::Waiting(edge, _) => movement::entry_hexes(s, edge)
            .into_iter()
            .filter(|&n| movement::step(s, u, None, n, mp).is_ok())
            .collect(),
        _ => vec![],
    }
}

/// Every legal action now.
pub fn legal(s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    if s.result.is_some() {
        return out;
    }
    if !s.setup.is_empty() {
        return setup::legal(s);
    }
    let sym = |u: Uid| Sym::new(&s.u(u).id);
    match &s.pending {
        Pending::Losses {
            among,
            kills,
            morale,
            ..
        } => {
            for &u in among {
                if s.u(u).hex().is_some() {
                    out.push(if *kills > 0 {
                        Action::Kill { unit: sym(u) }
                    } else {
                        let _ = morale;
                        Action::Morale { unit: sym(u) }
                    });
                }
            }
            return out;
        }
        Pending::FallBack { unit, options } => {
            for &to in options {
                out.push(Action::FallBack {
                    unit: sym(*unit),
                    to,
                });
            }
            return out;
        }
        Pending::None => {}
    }
    if let Some(a) = s.active {
        for to in steps(s, a.unit, a.mp) {
            out.push(Action::Move {
                unit: sym(a.unit),
                to,
            });
        }
        if let Some(c) = s.u(a.unit).hex()
            && movement::on_edge(s, c)
            && a.mp >= 1
        {
            out.push(Action::Exit { unit: sym(a.unit) });
        }
        // A unit may always stay where its move began (it adds nothing to that hex's
        // stack); and one that can neither go on nor stop within the limits (a hex
        // over-stacked by a unit that fell back, C6.4.3) stops where it is.
        if a.spent == 0
            || out.is_empty()
            || s.u(a.unit)
                .hex()
                .is_some_and(|c| movement::may_stop(s, a.unit, c))
        {
            out.push(Action::Stop);
        }
        return out;
    }
    // A melee waiting for a second attacker: fight it, or bring one in.
    if !s.melees.is_empty() {
        for m in &s.melees {
            out.push(Action::Melee { hex: m.hex });
        }
        for u in 0..s.units.len() {
            if may_act(s, u) && movement::may_start_move(s, u) {
                let mp = movement::allowance(s, u, false);
                for to in steps(s, u, mp) {
                    out.push(Action::Move { unit: sym(u), to });
                }
            }
        }
        return out;
    }
    let mut fix = overstacked(s);
    let mut must_fix = !fix.is_empty()
        && matches!(
            s.contact(),
            Contact::SurprisedEncamped | Contact::SurprisedOnTrail
        )
        && s.phasing != s.first();
    // C4.2: a stack a unit entered over the limit this turn is put right first.
    if !s.unstack.is_empty() {
        fix = s.unstack.clone();
        must_fix = true;
    }
    let mut sight: std::collections::HashMap<(Coord, Coord), bool, crate::core::hexmap::CoordHash> =
        Default::default();
    for u in 0..s.units.len() {
        if !may_act(s, u) {
            continue;
        }
        let unit = s.u(u);
        if must_fix && !unit.hex().is_some_and(|c| fix.contains(&c)) {
            continue;
        }
        if movement::may_start_move(s, u) {
            let mp = movement::allowance(s, u, false);
            for to in steps(s, u, mp) {
                out.push(Action::Move { unit: sym(u), to });
            }
            if let Some(c) = unit.hex()
                && movement::on_edge(s, c)
                && mp >= 1
            {
                out.push(Action::Exit { unit: sym(u) });
            }
        }
        if must_fix {
            continue;
        }
        let Some(c) = unit.hex() else { continue };
        // Fire: the checks of fire::may_fire, with each line of sight traced once per
        // pair of hexes (targets stack, and firers share hexes).
        let can_fire = unit.pin != Pin::P2 && fire::printed_fs(s, u) > 0;
        for t in s.on_map(unit.side.other()) {
            let Some(tc) = s.u(t).hex() else { continue };
            let sees = can_fire && *sight.entry((c, tc)).or_insert_with(|| fire::los(s, c, tc));
            if sees {
                out.push(Action::Fire {
                    unit: sym(u),
                    target: sym(t),
                });
                if unit.pin == Pin::None && movement::allowance(s, u, true) > 0 {
                    out.push(Action::FireMove {
                        unit: sym(u),
                        target: sym(t),
                    });
                }
            }
        }
        if s.class(u).indirect {
            let mut hexes: Vec<Coord> = s
                .on_map(unit.side.other())
                .filter_map(|t| s.u(t).hex())
                .collect();
            hexes.sort();
            hexes.dedup();
            for h in hexes {
                if fire::may_indirect(s, u, h).is_ok() {
                    out.push(Action::Indirect {
                        unit: sym(u),
                        hex: h,
                    });
                }
            }
        }
        if movement::mode_change(s, u).is_ok() {
            out.push(Action::Mode { unit: sym(u) });
        }
        if s.has(c, unit.side.other()) && unit.pin != Pin::P2 && unit.face().dm > 0 {
            out.push(Action::Assault { unit: sym(u) });
        }
    }
    if s.phasing == Side::Indian && !must_fix {
        for u in s.on_map(Side::Indian) {
            out.push(Action::Surrender { unit: sym(u) });
        }
    }
    // The stack must be put right first, unless no unit of it can move after all.
    if s.unstack.is_empty() || !out.iter().any(|a| matches!(a, Action::Move { .. })) {
        out.push(Action::End);
    }
    out
}

fn uid(s: &State, id: &Sym) -> Result<Uid, RuleError> {
    s.find(id)
        .ok_or_else(|| RuleError::new(format!("no unit '{id}'")))
}

/// Apply an action, refusing anything not legal now (nothing changes then).
pub fn apply(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    if !legal(s).contains(a) {
        return Err(RuleError::new(why_illegal(s, a)));
    }
    apply_listed(s, a)
}

/// Why an action is not legal now, as helpfully as can be said.
fn why_illegal(s: &State, a: &Action) -> String {
    if s.result.is_some() {
        return "the combat is over".into();
    }
    if !matches!(s.pending, Pending::None) || !s.setup.is_empty() {
        if let (Action::Place { unit, hex, mounted }, false) = (a, s.setup.is_empty())
            && let Some(u) = s.find(unit)
            && let Some(e) =
                crate::games::nez_perce_tactical::placement::placement_error(s, u, *hex, *mounted)
        {
            return e;
        }
        return format!("'{a}' is not a choice now: {}", pending_text(s));
    }
    let unit = |id: &Sym| s.find(id);
    let reason = match a {
        Action::Move { unit: id, to } => unit(id).map(|u| {
            let from = s.u(u).hex();
            let mp = match s.active {
                Some(act) if act.unit == u => act.mp,
                _ => movement::allowance(s, u, false),
            };
            if s.active.is_none() && !may_act(s, u) {
                return format!("{} may not act now (C3.2)", s.u(u).name);
            }
            movement::step(s, u, from, *to, mp)
                .err()
                .unwrap_or_else(|| "another unit is moving".into())
        }),
        Action::Fire { unit: id, target } | Action::FireMove { unit: id, target } => {
            match (unit(id), unit(target)) {
                (Some(u), Some(_)) if !may_act(s, u) => {
                    Some(format!("{} may not act now (C3.2)", s.u(u).name))
                }
                (Some(u), Some(t)) => fire::may_fire(s, u, t).err(),
                _ => None,
            }
        }
        Action::Indirect { unit: id, hex } => {
            unit(id).and_then(|u| fire::may_indirect(s, u, *hex).err())
        }
        Action::Mode { unit: id } => unit(id).and_then(|u| movement::mode_change(s, u).err()),
        _ => None,
    };
    reason.unwrap_or_else(|| format!("'{a}' is not legal now"))
}

/// What the owed decision is, in words.
pub fn pending_text(s: &State) -> String {
    if !s.setup.is_empty() {
        return setup::step_text(s);
    }
    match &s.pending {
        Pending::None => String::new(),
        Pending::Losses {
            side,
            kills,
            morale,
            ..
        } => {
            if *kills > 0 {
                format!("the {side:?} player chooses {kills} unit(s) to be killed (C6.4.4)")
            } else {
                format!("the {side:?} player chooses {morale} unit(s) to roll for morale (C6.4.4)")
            }
        }
        Pending::FallBack { unit, .. } => format!(
            "the {:?} player chooses where {} falls back (C6.4.3)",
            s.u(*unit).side,
            s.u(*unit).name
        ),
    }
}

/// Apply an action taken from `legal(s)` of this very state.
pub fn apply_listed(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    if !s.setup.is_empty() {
        return Ok(setup::apply(s, a));
    }
    let mut log = std::mem::take(&mut s.pending_log);
    match a {
        Action::Kill { unit } | Action::Morale { unit } => {
            let u = uid(s, unit)?;
            let kill = matches!(a, Action::Kill { .. });
            if let Pending::Losses {
                among,
                kills,
                morale,
                ..
            } = &mut s.pending
            {
                among.retain(|&x| x != u);
                if kill {
                    *kills -= 1;
                } else {
                    *morale -= 1;
                }
            }
            log.extend(if kill {
                results::hit(s, u, results::Hit::K)
            } else {
                results::morale(s, u)
            });
            tidy_losses(s);
        }
        Action::FallBack { unit, to } => {
            let u = uid(s, unit)?;
            s.pending = Pending::None;
            log.extend(results::fall_back_to(s, u, *to));
        }
        Action::Move { unit, to } => {
            let u = uid(s, unit)?;
            let was_moving = s.active.is_some_and(|x| x.unit == u);
            if !was_moving {
                s.acted.push(u);
                s.actions_this_turn += 1;
                s.active = Some(Active {
                    unit: u,
                    mp: movement::allowance(s, u, false),
                    spent: 0,
                });
            }
            let from = s.u(u).hex();
            let k = movement::cost(s, from, *to);
            if let Some(act) = s.active.as_mut() {
                act.mp -= k;
                act.spent += k;
            }
            s.units[u].loc = Loc::Map(*to);
            s.units[u].fell_back = false;
            let enemy = s.u(u).side.other();
            let left = s.active.map_or(0, |x| x.mp);
            log.push(LogEntry::public(match from {
                None => format!(
                    "{} enters the map at {to} ({k} MP, {left} left)",
                    s.u(u).name
                ),
                Some(f) => format!("{} moves {f} -> {to} ({k} MP, {left} left)", s.u(u).name),
            }));
            if s.has(*to, enemy) {
                let spent = s.active.map_or(0, |x| x.spent);
                s.active = None;
                log.push(LogEntry::public(format!(
                    "{} enters {to}, held by the enemy, and stops to melee (C5.1; {spent} MP spent)",
                    s.u(u).name
                )));
                match s.melees.iter_mut().find(|m| m.hex == *to) {
                    Some(m) => m.attackers.push((u, spent)),
                    None => s.melees.push(Melee {
                        hex: *to,
                        attackers: vec![(u, spent)],
                    }),
                }
                log.extend(after_move(s, u));
            } else if s.active.is_some_and(|x| x.mp == 0) && movement::may_stop(s, u, *to) {
                s.active = None;
                log.extend(after_move(s, u));
            }
        }
        Action::Exit { unit } => {
            let u = uid(s, unit)?;
            if s.active.is_none() {
                s.acted.push(u);
                s.actions_this_turn += 1;
            }
            s.active = None;
            s.units[u].loc = Loc::Exited;
            log.push(LogEntry::public(format!(
                "{} leaves the map (C7.1): it may fight in later combats",
                s.u(u).name
            )));
            log.extend(after_move(s, u));
        }
        Action::Stop => {
            let mover = s.active.map_or(0, |x| x.unit);
            s.active = None;
            log.extend(after_move(s, mover));
        }
        Action::Fire { unit, target } | Action::FireMove { unit, target } => {
            let (u, t) = (uid(s, unit)?, uid(s, target)?);
            let half = matches!(a, Action::FireMove { .. });
            s.acted.push(u);
            s.actions_this_turn += 1;
            let range = match (s.u(u).hex(), s.u(t).hex()) {
                (Some(x), Some(y)) => x.distance(y),
                _ => 0,
            };
            let strength = fire::strength_at(s, u, range, half);
            let what = if half {
                format!("fires (and will move, C6.3) at range {range} at")
            } else {
                format!("fires at range {range} at")
            };
            log.extend(fire::resolve(s, u, t, strength, &what));
            if half {
                s.active = Some(Active {
                    unit: u,
                    mp: movement::allowance(s, u, true),
                    spent: 0,
                });
            }
        }
        Action::Indirect { unit, hex } => {
            let u = uid(s, unit)?;
            s.acted.push(u);
            s.actions_this_turn += 1;
            log.extend(fire::indirect(s, u, *hex));
        }
        Action::Mode { unit } => {
            let u = uid(s, unit)?;
            s.acted.push(u);
            // A mode change is not fighting or moving: it does not keep a stalled
            // combat going (the reconstructed end rule).
            s.units[u].flipped = !s.units[u].flipped;
            let what = match (s.artillery(u), s.units[u].flipped) {
                (true, true) => "limbers",
                (true, false) => "unlimbers",
                (false, true) => "mounts",
                (false, false) => "dismounts",
            };
            log.push(LogEntry::public(format!("{} {what} (C4.3.1)", s.u(u).name)));
        }
        Action::Melee { hex } => {
            log.extend(fight_waiting(s, Some(*hex)));
        }
        Action::Assault { unit } => {
            let u = uid(s, unit)?;
            s.acted.push(u);
            s.actions_this_turn += 1;
            if let Some(c) = s.u(u).hex() {
                log.extend(melee::fight(s, c, &[(u, 0)]));
            }
        }
        Action::Surrender { unit } => {
            let u = uid(s, unit)?;
            s.units[u].loc = Loc::Surrendered;
            log.push(LogEntry::public(format!(
                "The Indian player surrenders {} (C6.4.3)",
                s.u(u).name
            )));
        }
        Action::Lead { .. } | Action::Entry { .. } | Action::Place { .. } => {
            return Err(RuleError::new(format!(
                "'{a}' belongs to the set-up, which is over"
            )));
        }
        Action::End => {
            log.extend(fight_waiting(s, None));
            // Decisions owed by the melees come first; the turn ends after them.
            s.pending_end = true;
        }
    }
    settle(s, &mut log);
    Ok(log)
}

/// After `mover`'s move ends: every waiting melee is fought now, except the one it has
/// just entered while a second unit could still join it (C5.1: two Indian units, or two
/// Washington Volunteers, C5.3.2).
fn after_move(s: &mut State, mover: Uid) -> Vec<LogEntry> {
    // C4.2: note a stack the mover left over the limit, forget those put right.
    if let Some(c) = s.u(mover).hex()
        && s.u(mover).side == Side::Indian
        && !s.has(c, Side::Army)
        && s.side_at(c, Side::Indian).count() > s.stack_limit(Side::Indian)
        && !s.unstack.contains(&c)
    {
        s.unstack.push(c);
    }
    let lim = s.stack_limit(Side::Indian);
    let still: Vec<Coord> = s
        .unstack
        .iter()
        .copied()
        .filter(|&c| s.side_at(c, Side::Indian).count() > lim)
        .collect();
    s.unstack = still;
    let another =
        (0..s.units.len()).any(|u| u != mover && may_act(s, u) && movement::may_start_move(s, u));
    let mut log = vec![];
    let mut i = 0;
    while i < s.melees.len() {
        let m = &s.melees[i];
        let first = m.attackers[0].0;
        let may_combine = s.u(first).side == Side::Indian || s.class(first).pairs;
        let wait = m.attackers.len() == 1 && first == mover && may_combine && another;
        if wait {
            i += 1;
        } else {
            let m = s.melees.remove(i);
            log.extend(melee::fight(s, m.hex, &m.attackers));
        }
    }
    log
}

/// Fight the waiting melee in `hex`, or every waiting melee.
fn fight_waiting(s: &mut State, hex: Option<Coord>) -> Vec<LogEntry> {
    let mut log = vec![];
    let mut i = 0;
    while i < s.melees.len() {
        if hex.is_none_or(|h| s.melees[i].hex == h) {
            let m = s.melees.remove(i);
            log.extend(melee::fight(s, m.hex, &m.attackers));
        } else {
            i += 1;
        }
    }
    log
}

/// Drop a finished Losses decision.
fn tidy_losses(s: &mut State) {
    if let Pending::Losses {
        among,
        kills,
        morale,
        ..
    } = &mut s.pending
    {
        among.retain(|&u| s.units[u].hex().is_some());
        if (*kills == 0 && *morale == 0) || among.is_empty() {
            s.pending = Pending::None;
        }
    }
}

/// Move queued decisions forward, settling every one that leaves no choice, and end
/// the combat when a side has no units left in it.
pub fn settle(s: &mut State, log: &mut Vec<LogEntry>) {
    loop {
        if s.result.is_none() && (!s.present(Side::Army) || !s.present(Side::Indian)) {
            s.pending = Pending::None;
            s.queue.clear();
            s.melees.clear();
            s.active = None;
            finish(s, log, "one side has no units left in the combat (C3.1)");
            return;
        }
        if matches!(s.pending, Pending::None) {
            if s.queue.is_empty() {
                if s.pending_end {
                    s.pending_end = false;
                    log.extend(end_player_turn(s));
                    continue;
                }
                return;
            }
            s.pending = s.queue.remove(0);
            continue;
        }
        match s.pending.clone() {
            Pending::Losses {
                among,
                kills,
                morale,
                ..
            } => {
                let alive: Vec<Uid> = among
                    .iter()
                    .copied()
                    .filter(|&u| s.units[u].hex().is_some())
                    .collect();
                if kills > 0 && kills as usize >= alive.len() {
                    for &u in &alive {
                        log.extend(results::hit(s, u, results::Hit::K));
                    }
                    s.pending = Pending::Losses {
                        side: s.u(alive.first().copied().unwrap_or(0)).side,
                        among: vec![],
                        kills: 0,
                        morale: 0,
                    };
                    tidy_losses(s);
                } else if kills == 0 && morale as usize >= alive.len() {
                    s.pending = Pending::None;
                    for &u in &alive {
                        if s.units[u].hex().is_some() {
                            log.extend(results::morale(s, u));
                        }
                    }
                } else {
                    if let Pending::Losses { among, .. } = &mut s.pending {
                        *among = alive;
                    }
                    tidy_losses(s);
                    if !matches!(s.pending, Pending::None) {
                        return;
                    }
                }
            }
            Pending::FallBack { options, unit } => {
                if options.len() == 1 {
                    s.pending = Pending::None;
                    log.extend(results::fall_back_to(s, unit, options[0]));
                } else {
                    return;
                }
            }
            Pending::None => {}
        }
    }
}

/// End the phasing player's turn: pin-removal rolls (C3.2), then the other player, or
/// the next game turn.
fn end_player_turn(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    let (p1, p2) = s.stat.tables.pin_removal;
    let side = s.phasing;
    let pinned: Vec<Uid> = s
        .on_map(side)
        .filter(|&u| s.u(u).pin != Pin::None)
        .collect();
    for u in pinned {
        let roll = s.dice.d6();
        s.reveals += 1;
        let pin = s.u(u).pin;
        let need = if pin == Pin::P1 { p1 } else { p2 };
        let off = roll <= need;
        if off {
            s.units[u].pin = Pin::None;
        }
        log.push(LogEntry::public(format!(
            "{}: pin removal for {pin:?}, die {roll} (needs 1-{need}): {} ({})",
            s.u(u).name,
            if off { "removed" } else { "stays" },
            if pin == Pin::P1 { "C6.4.1" } else { "C6.4.2" }
        )));
    }
    s.acted.clear();
    s.active = None;
    s.unstack.clear();
    if s.phasing == s.first() {
        s.phasing = s.first().other();
        log.push(LogEntry::public(format!(
            "Turn {}: the {:?} player's turn (Second player)",
            s.turn, s.phasing
        )));
        return log;
    }
    s.idle_turns = if s.actions_this_turn == 0 {
        s.idle_turns + 1
    } else {
        0
    };
    s.actions_this_turn = 0;
    s.turn += 1;
    s.phasing = s.first();
    let limit = s.stat.turn_limit;
    let stall = s.stat.stall_turns;
    if (stall > 0 && s.idle_turns >= stall) || (limit > 0 && s.turn > limit) {
        let why = if stall > 0 && s.idle_turns >= stall {
            format!("neither side moved, fired or meleed for {stall} game-turns")
        } else {
            format!("the {limit}-turn limit passed")
        };
        let contacted = s.stat.scenario.contacted;
        for u in 0..s.units.len() {
            if s.units[u].side == contacted
                && matches!(s.units[u].loc, Loc::Map(_) | Loc::Waiting(..))
            {
                s.units[u].loc = Loc::Exited;
            }
        }
        finish(
            s,
            &mut log,
            &format!(
                "{why}: the contacted side leaves the map (reconstructed end rule, seed_notes 000-3.7)"
            ),
        );
        return log;
    }
    log.push(LogEntry::public(format!(
        "Turn {}: the {:?} player's turn (First player)",
        s.turn, s.phasing
    )));
    log
}

/// End the combat.
fn finish(s: &mut State, log: &mut Vec<LogEntry>, why: &str) {
    let o = victory::outcome(s);
    log.push(LogEntry::public(format!(
        "The combat ends: {why}. {}",
        o.summary
    )));
    s.result = Some(o);
}
