//! Combat (§8.0): contested areas, Reservations, retreat before combat, lone Leaders,
//! Scouts and ambush, regular combat, losses and withdrawal, and Leader death (optional
//! rules 11.1-11.2).

use super::movement::other_senior_in;
use super::victory::victory_points;
use super::{APACHE, ARMY, other, shown, side_name};
use crate::core::game::LogEntry;
use crate::games::wind::action::Action;
use crate::games::wind::data::{BlockKind, Nation};
use crate::games::wind::state::{
    Bid, FORT, Fight, OCEAN, Pending, Phase, RESERVATION, State, Status, TOWN,
};

pub(super) fn combat_legal(s: &State, out: &mut Vec<Action>) {
    let Some(f) = &s.fight else {
        for a in contested(s) {
            out.push(Action::Combat {
                area: s.stat.id_sym(a),
            });
        }
        return;
    };
    let area = f.area;
    match &s.pending {
        Pending::None => {}
        Pending::Retreat => {
            for l in s.side_in(area, APACHE) {
                if s.blocks[l].kind == BlockKind::Leader {
                    out.push(Action::Retreat {
                        leader: s.blocks[l].handle,
                    });
                }
            }
            out.push(Action::Stay);
        }
        Pending::Scout { .. } => {
            if s.side_in(area, ARMY)
                .into_iter()
                .any(|b| s.blocks[b].kind == BlockKind::Scout)
            {
                out.push(Action::Scout);
            }
            out.push(Action::Pass);
        }
        Pending::Lead { side } => {
            let blocks = s.side_in(area, *side);
            for &l in &blocks {
                if s.blocks[l].kind != BlockKind::Leader || f.leads.iter().any(|x| x.0 == l) {
                    continue;
                }
                for &t in &blocks {
                    if s.blocks[t].kind.fights()
                        && s.blocks[t].sp > 0
                        && !f.leads.iter().any(|x| x.1 == t)
                    {
                        out.push(Action::Lead {
                            leader: s.blocks[l].handle,
                            block: s.blocks[t].handle,
                        });
                    }
                }
            }
            out.push(Action::Fire);
            if !f.regular {
                out.push(Action::Decline);
            }
        }
        Pending::Loss { victim, .. } => {
            for b in strongest(s, area, *victim) {
                out.push(Action::Loss {
                    block: s.blocks[b].handle,
                });
            }
        }
        Pending::Withdraw => {
            let side = f.ambusher.unwrap_or(ARMY);
            for &(to, _) in s.stat.neighbors(area) {
                if withdraw_ok(s, area, side, to) {
                    out.push(Action::Withdraw {
                        area: s.stat.id_sym(to),
                    });
                }
            }
            out.push(Action::Stay);
        }
    }
}

/// Areas where combat is still to be resolved: blocks of both players, not a
/// Reservation (Apache blocks there are never attacked, §8.0 "Reservations").
pub fn contested(s: &State) -> Vec<usize> {
    (0..s.stat.map.areas.len())
        .filter(|&a| !s.resolved.contains(&a) && !s.stat.is(a, RESERVATION))
        .filter(|&a| !s.side_in(a, APACHE).is_empty() && !s.side_in(a, ARMY).is_empty())
        .collect()
}

/// The strongest fighting blocks of a side in an area (ties included).
fn strongest(s: &State, area: usize, side: u8) -> Vec<Bid> {
    let blocks: Vec<Bid> = s
        .side_in(area, side)
        .into_iter()
        .filter(|&b| s.blocks[b].kind.fights() && s.blocks[b].sp > 0)
        .collect();
    let top = blocks.iter().map(|&b| s.blocks[b].sp).max().unwrap_or(0);
    blocks
        .into_iter()
        .filter(|&b| s.blocks[b].sp == top)
        .collect()
}

fn withdraw_ok(s: &State, from: usize, side: u8, to: usize) -> bool {
    if s.stat.is(to, OCEAN) {
        return false;
    }
    let blocks = s.side_in(from, side);
    if side == ARMY {
        let us = blocks.iter().any(|&b| s.blocks[b].nation == Nation::Us);
        let mex = blocks.iter().any(|&b| s.blocks[b].nation == Nation::Mexico);
        if mex && s.stat.all_us(to) {
            return false;
        }
        if us && s.stat.all_mexican(to) && !blocks.iter().any(|&b| s.blocks[b].senior) {
            return false;
        }
        if blocks
            .iter()
            .any(|&b| s.blocks[b].senior && other_senior_in(s, b, to))
        {
            return false;
        }
    }
    true
}

pub(super) fn begin_combat(s: &mut State, log: &mut Vec<LogEntry>) {
    s.phase = Phase::Combat;
    s.resolved.clear();
    s.fight = None;
    s.pending = Pending::None;
    log.push(LogEntry::public(format!(
        "Turn {}: Combat Phase (§8.0)",
        s.turn
    )));
    // "Settlers & Combat": a Settler that is the only Army block in a Fort or Town area
    // with an Apache block is reduced to 0 at once, before any combat.
    for a in 0..s.stat.map.areas.len() {
        let army = s.side_in(a, ARMY);
        if army.len() == 1
            && s.blocks[army[0]].kind == BlockKind::Settler
            && !s.side_in(a, APACHE).is_empty()
            && (s.stat.is(a, FORT) || s.stat.is(a, TOWN))
        {
            let b = army[0];
            let lost = i32::from(s.blocks[b].sp);
            s.blocks[b].revealed = true;
            s.blocks[b].sp = 0;
            s.blocks[b].status = Status::Out;
            s.reveals += 1;
            let vp = lost * s.stat.tables.vp_army_sp_lost.value;
            s.vp[usize::from(APACHE)] += vp;
            log.push(LogEntry::public(format!(
                "The Settler is alone with Apache blocks in {}: reduced to 0, {lost} SP lost, +{vp} Apache VP (§8.0 \"Settlers & Combat\")",
                s.stat.id(a)
            )));
        }
    }
    next_area(s, log);
}

/// Continue the Combat Phase: if no area is left, score Victory Points.
fn next_area(s: &mut State, log: &mut Vec<LogEntry>) {
    s.fight = None;
    s.pending = Pending::None;
    if contested(s).is_empty() {
        victory_points(s, log);
    }
}

/// Every area starts with the Apache player's retreat decision, even without a Leader
/// there (then `stay` is the only choice): skipping it would tell the Army player that
/// no Apache Leader is among the hidden blocks.
pub(super) fn begin_area(s: &mut State, _log: &mut [LogEntry]) {
    s.pending = Pending::Retreat;
}

/// A retreat before combat that stands: every Apache block in the area is forced to the
/// Reservation; +2 Army VP per SP at once; no combat there (§8.0).
pub(super) fn retreat_before_combat(s: &mut State, log: &mut Vec<LogEntry>) {
    let area = s.fight.as_ref().map_or(0, |f| f.area);
    let mut sp = 0;
    for b in s.side_in(area, APACHE) {
        sp += i32::from(s.blocks[b].sp);
        s.blocks[b].status = Status::Out;
    }
    let vp = sp * s.stat.tables.vp_apache_sp_forced.value;
    s.vp[usize::from(ARMY)] += vp;
    log.push(LogEntry::public(format!(
        "The Apache blocks in {} retreat before combat and count as forced to the Reservation: {sp} SP, +{vp} Army VP (§8.0)",
        s.stat.id(area)
    )));
    close_area(s, log);
}

/// Leaders without non-Leader blocks, alone with enemy non-Leader blocks, are captured
/// (§8.0 "Leaders in Ambush & Regular Combat"): an Apache Leader scores its value for
/// the Army (§9.0), an Army Leader goes back to its pool. Checked at the Ambush Combat
/// Segment and again whenever fire has eliminated a side's last non-Leader block, so a
/// Leader the ambush (or regular combat) leaves alone is taken too (issue 28; the seed
/// counts blocks "captured" among those set aside after regular combat).
fn capture_lone_leaders(s: &mut State, area: usize, log: &mut Vec<LogEntry>) {
    for side in [APACHE, ARMY] {
        let mine = s.side_in(area, side);
        let theirs = s.side_in(area, other(side));
        let alone = mine.iter().all(|&b| s.blocks[b].kind == BlockKind::Leader);
        let enemy_units = theirs
            .iter()
            .any(|&b| s.blocks[b].kind != BlockKind::Leader);
        if alone && enemy_units {
            for b in mine {
                s.blocks[b].revealed = true;
                s.blocks[b].status = Status::Out;
                s.reveals += 1;
                if side == APACHE {
                    let v = i32::from(s.blocks[b].value);
                    s.vp[usize::from(ARMY)] += v;
                    log.push(LogEntry::public(format!(
                        "{} is alone with Army blocks in {} and is captured: +{v} Army VP (§8.0, §9.0)",
                        shown(s, b, ARMY),
                        s.stat.id(area)
                    )));
                } else {
                    log.push(LogEntry::public(format!(
                        "{} is alone with Apache blocks in {} and is captured; it returns to its pool (§8.0)",
                        shown(s, b, APACHE),
                        s.stat.id(area)
                    )));
                }
            }
        }
    }
}

/// After the retreat step: capture lone Leaders, then the ambush step.
pub(super) fn after_retreat_step(s: &mut State, log: &mut Vec<LogEntry>) {
    let area = s.fight.as_ref().map_or(0, |f| f.area);
    capture_lone_leaders(s, area, log);
    if s.side_in(area, APACHE).is_empty() || s.side_in(area, ARMY).is_empty() {
        close_area(s, log);
        return;
    }
    // Ambush: both reveal everything; the higher Leader total ambushes (§8.0).
    let mut shown_list = vec![];
    for b in s.in_area(area).collect::<Vec<_>>() {
        s.blocks[b].revealed = true;
        let k = &s.blocks[b];
        shown_list.push(if k.kind.fights() {
            format!("{} {} {}SP", k.handle, k.name, k.sp)
        } else {
            format!("{} {}", k.handle, k.name)
        });
    }
    s.reveals += 1;
    log.push(LogEntry::public(format!(
        "Both players reveal their blocks in {}: {}",
        s.stat.id(area),
        shown_list.join(", ")
    )));
    let (ap, ar) = (
        leadership(s, area, APACHE, true),
        leadership(s, area, ARMY, true),
    );
    let why = format!(
        "ambush Leader totals: Apache {ap}{}, Army {ar}{} (§8.0)",
        if s.stat.mountainous(area) {
            " (+1 each for the Mountain boundary)"
        } else {
            ""
        },
        if settler_in(s, area) {
            " (-1 each for the Settler)"
        } else {
            ""
        }
    );
    let ambusher = match ap.cmp(&ar) {
        std::cmp::Ordering::Greater => Some(APACHE),
        std::cmp::Ordering::Less => Some(ARMY),
        std::cmp::Ordering::Equal => None,
    };
    if let Some(f) = s.fight.as_mut() {
        f.ambusher = ambusher;
    }
    match ambusher {
        Some(side) => {
            log.push(LogEntry::public(format!(
                "{why}: {} ambushes",
                side_name(s, side)
            )));
            s.pending = Pending::Lead { side };
            skip_idle_leads(s, log);
        }
        None => {
            log.push(LogEntry::public(format!("{why}: equal, no ambush")));
            start_regular(s, log);
        }
    }
}

fn settler_in(s: &State, area: usize) -> bool {
    s.side_in(area, ARMY)
        .iter()
        .any(|&b| s.blocks[b].kind == BlockKind::Settler)
}

/// A Leader's value in combat: Apache +1 in an ambush in a mountainous area; Army -1
/// (not below 0) with the Settler (§8.0).
fn leader_value(s: &State, area: usize, l: Bid, ambush: bool) -> i32 {
    let k = &s.blocks[l];
    let t = &s.stat.tables;
    let mut v = i32::from(k.value);
    if k.side() == APACHE && ambush && s.stat.mountainous(area) {
        v += t.mountain_bonus.value;
    }
    if k.side() == ARMY && settler_in(s, area) {
        v = (v - t.settler_penalty.value).max(0);
    }
    v
}

/// Total Leader value of a side in an area.
pub fn leadership(s: &State, area: usize, side: u8, ambush: bool) -> i32 {
    s.side_in(area, side)
        .into_iter()
        .filter(|&b| s.blocks[b].kind == BlockKind::Leader)
        .map(|l| leader_value(s, area, l, ambush))
        .sum()
}

pub(super) fn start_regular(s: &mut State, log: &mut Vec<LogEntry>) {
    let area = s.fight.as_ref().map_or(0, |f| f.area);
    if s.sp_in(area, APACHE) == 0 || s.sp_in(area, ARMY) == 0 {
        close_area(s, log);
        return;
    }
    if let Some(f) = s.fight.as_mut() {
        f.regular = true;
        f.leads.clear();
    }
    log.push(LogEntry::public(format!(
        "Regular combat in {}: both sides fire at once (§8.0)",
        s.stat.id(area)
    )));
    s.pending = Pending::Lead { side: APACHE };
    skip_idle_leads(s, log);
}

/// A side with no Leader that could lead a block has nothing to decide before its dice
/// are rolled: fire at once.
fn skip_idle_leads(s: &mut State, log: &mut Vec<LogEntry>) {
    for _ in 0..3 {
        let Pending::Lead { side } = s.pending else {
            return;
        };
        let Some(area) = s.fight.as_ref().map(|f| f.area) else {
            return;
        };
        let blocks = s.side_in(area, side);
        let can_lead = blocks
            .iter()
            .any(|&b| s.blocks[b].kind == BlockKind::Leader)
            && blocks
                .iter()
                .any(|&b| s.blocks[b].kind.fights() && s.blocks[b].sp > 0);
        if can_lead {
            return;
        }
        fire(s, log);
    }
}

/// Roll one die per SP for each firing block of `side`; a modified 6 or more hits.
fn roll_side(s: &mut State, side: u8, ambush: bool, log: &mut Vec<LogEntry>) -> u32 {
    let Some(f) = s.fight.clone() else { return 0 };
    let need = s.stat.tables.hit.value;
    let mut hits = 0;
    for b in s.side_in(f.area, side) {
        let k = &s.blocks[b];
        if !k.kind.fights() || k.sp == 0 {
            continue;
        }
        let lead = f.leads.iter().find(|x| x.1 == b).map(|x| x.0);
        let m = lead.map_or(0, |l| leader_value(s, f.area, l, ambush));
        let mut dice = vec![];
        let mut h = 0;
        for _ in 0..k.sp {
            let d = s.dice.d6();
            dice.push(d.to_string());
            if i32::from(d) + m >= need {
                h += 1;
            }
        }
        s.reveals += 1;
        hits += h;
        log.push(LogEntry::public(format!(
            "{} fires {} dice{}: {} -> {h} hit(s) (6+ hits, §8.0)",
            shown(s, b, other(side)),
            s.blocks[b].sp,
            match lead {
                Some(l) => format!(" +{m} from {}", s.blocks[l].name),
                None => String::new(),
            },
            dice.join(", ")
        )));
    }
    hits
}

pub(super) fn fire(s: &mut State, log: &mut Vec<LogEntry>) {
    let Some(f) = s.fight.clone() else { return };
    let Pending::Lead { side } = s.pending else {
        return;
    };
    if !f.regular {
        // Ambush: only the ambusher fires (§8.0).
        let hits = roll_side(s, side, true, log);
        if let Some(f) = s.fight.as_mut() {
            f.hits[usize::from(other(side))] = hits;
            f.taking = [None, None];
        }
        leader_death(s, &f, true, log);
        s.pending = Pending::None;
        take_losses(s, log);
        return;
    }
    if side == APACHE {
        s.pending = Pending::Lead { side: ARMY };
        skip_idle_leads(s, log);
        return;
    }
    // Regular combat: both sides have assigned Leaders; roll both, then apply.
    let a_hits = roll_side(s, APACHE, false, log);
    let b_hits = roll_side(s, ARMY, false, log);
    if let Some(f) = s.fight.as_mut() {
        f.hits = [b_hits, a_hits];
        f.taking = [None, None];
    }
    leader_death(s, &f, false, log);
    s.pending = Pending::None;
    take_losses(s, log);
}

/// The ambusher declines: no ambush fire, regular combat follows (§8.0: the side with
/// the higher total *may* resolve an ambush).
pub(super) fn decline_ambush(s: &mut State, log: &mut Vec<LogEntry>) {
    let Pending::Lead { side } = s.pending else {
        return;
    };
    log.push(LogEntry::public(format!(
        "{} declines the ambush: regular combat follows (§8.0)",
        side_name(s, side)
    )));
    s.pending = Pending::None;
    start_regular(s, log);
}

/// Optional rules 11.1 and 11.2: each Leader "participating by using its value" in the
/// fire just resolved (one that added its value to a block's dice) rolls d6 plus that
/// value as used (the Mountain and Settler modifiers included); at or under the
/// threshold it is killed for the rest of the game. A Leader that led no block, or whose
/// side did not fire, does not roll.
fn leader_death(s: &mut State, f: &Fight, ambush: bool, log: &mut Vec<LogEntry>) {
    let o = s.stat.scenario.options.clone();
    let mut leaders: Vec<Bid> = f.leads.iter().map(|x| x.0).collect();
    leaders.sort_unstable();
    leaders.dedup();
    for l in leaders {
        let k = s.blocks[l];
        if k.kind != BlockKind::Leader || k.area() != Some(f.area) {
            continue;
        }
        let (on, limit) = if k.side() == APACHE {
            (o.apache_leader_death, s.stat.tables.apache_death.clone())
        } else {
            (o.army_leader_death, s.stat.tables.army_death.clone())
        };
        if !on {
            continue;
        }
        let used = leader_value(s, f.area, l, ambush);
        let d = s.dice.d6();
        s.reveals += 1;
        let total = i32::from(d) + used;
        let dies = total <= limit.value;
        if dies {
            s.blocks[l].status = Status::Gone;
        }
        log.push(LogEntry::public(format!(
            "{} {}: d6 {d} + {} = {total} {} {} ({})",
            k.name,
            if dies { "dies" } else { "survives" },
            used,
            if dies { "<=" } else { ">" },
            limit.value,
            if k.side() == APACHE {
                "§11.1"
            } else {
                "§11.2"
            }
        )));
    }
}

/// Apply pending hits: the strongest block takes hits until eliminated, then the next;
/// among tied strongest blocks the firer chooses in an ambush, the owner in regular
/// combat (§8.0; see docs/reconstructions-wind.md).
pub(super) fn take_losses(s: &mut State, log: &mut Vec<LogEntry>) {
    let Some(mut f) = s.fight.clone() else { return };
    for victim in [APACHE, ARMY] {
        let vi = usize::from(victim);
        while f.hits[vi] > 0 {
            let target = match f.taking[vi] {
                Some(b) if s.blocks[b].sp > 0 && s.blocks[b].area() == Some(f.area) => b,
                _ => {
                    let top = strongest(s, f.area, victim);
                    match top.len() {
                        0 => {
                            f.hits[vi] = 0;
                            break;
                        }
                        1 => top[0],
                        _ => {
                            let chooser = if f.regular { victim } else { other(victim) };
                            s.fight = Some(f);
                            s.pending = Pending::Loss { victim, chooser };
                            return;
                        }
                    }
                }
            };
            f.taking[vi] = Some(target);
            let take = f.hits[vi].min(u32::from(s.blocks[target].sp));
            s.blocks[target].sp -= take as u8;
            f.hits[vi] -= take;
            let (who, per) = if victim == ARMY {
                (APACHE, s.stat.tables.vp_army_sp_lost.value)
            } else {
                (ARMY, s.stat.tables.vp_apache_sp_lost.value)
            };
            let vp = per * take as i32;
            s.vp[usize::from(who)] += vp;
            let gone = s.blocks[target].sp == 0;
            if gone {
                s.blocks[target].status = Status::Out;
                f.taking[vi] = None;
            }
            log.push(LogEntry::public(format!(
                "{} loses {take} SP{} (+{vp} {} VP, §8.0, §9.0)",
                shown(s, target, other(victim)),
                if gone {
                    " and is eliminated".to_string()
                } else {
                    format!(", now {}", s.blocks[target].sp)
                },
                side_name(s, who)
            )));
        }
    }
    s.fight = Some(f.clone());
    capture_lone_leaders(s, f.area, log);
    if f.regular {
        close_area(s, log);
        return;
    }
    // After an ambush: a weaker ambusher may retreat; else regular combat (§8.0).
    let amb = f.ambusher.unwrap_or(ARMY);
    let (mine, theirs) = (s.sp_in(f.area, amb), s.sp_in(f.area, other(amb)));
    if mine > 0 && theirs > 0 && mine < theirs {
        log.push(LogEntry::public(format!(
            "The ambusher has {mine} SP left against {theirs}: it may retreat to an adjacent area (§8.0)"
        )));
        s.pending = Pending::Withdraw;
    } else {
        start_regular(s, log);
    }
}

pub(super) fn close_area(s: &mut State, log: &mut Vec<LogEntry>) {
    if let Some(f) = &s.fight {
        s.resolved.push(f.area);
        log.push(LogEntry::public(format!(
            "Combat in {} is completed",
            s.stat.id(f.area)
        )));
    }
    next_area(s, log);
}
