//! Movement (§7.0): boundary costs, Leaders taking blocks along, Command Conflict, the
//! movement segments of the two impulses, Area Block Limits, revealing Rumors and
//! reinforcements.

use super::combat::begin_combat;
use super::{APACHE, ARMY, other, shown, side_name};
use crate::core::game::LogEntry;
use crate::games::wind::data::{BlockKind, Nation};
use crate::games::wind::state::{Bid, OCEAN, Phase, RESERVATION, State, Status, TOWN, US};

/// Movement cost for a block to cross from its area into `to` (§7.0 "Movement Costs").
pub fn cost(s: &State, b: Bid, to: usize) -> Option<u8> {
    let from = s.blocks[b].area()?;
    let &(_, k) = s.stat.neighbors(from).iter().find(|(a, _)| *a == to)?;
    let c = &s.stat.tables.costs[k];
    if s.blocks[b].side() == APACHE {
        let extra = if s.in_area(to).any(|o| s.blocks[o].side() == ARMY) {
            s.stat.tables.apache_enter_army.value.max(0) as u8
        } else {
            0
        };
        Some(c.apache + extra)
    } else {
        Some(c.army)
    }
}

/// The blocks an Army Leader may take along into `to`: same nation, same area, with the
/// MP to pay (§7.0 "Leaders").
pub(super) fn followers(s: &State, leader: Bid, to: usize) -> Vec<Bid> {
    let l = &s.blocks[leader];
    let Some(here) = l.area() else {
        return vec![];
    };
    s.in_area(here)
        .filter(|&o| o != leader && s.blocks[o].nation == l.nation)
        .filter(|&o| cost(s, o, to).is_some_and(|c| c <= s.blocks[o].mp_left))
        .filter(|&o| !(s.blocks[o].senior && l.senior))
        .collect()
}

/// Whether block `b` (with `with` for an Army Leader) may cross into `to` now.
pub(super) fn move_ok(s: &State, b: Bid, to: usize, with: &[Bid]) -> Result<(), String> {
    let blk = &s.blocks[b];
    let here = blk.area().ok_or("the block is not on the map")?;
    if s.stat.is(to, OCEAN) {
        return Err("the ocean may not be entered (§3.0)".into());
    }
    let party: Vec<Bid> = std::iter::once(b).chain(with.iter().copied()).collect();
    for &p in &party {
        let pb = &s.blocks[p];
        if pb.area() != Some(here) || pb.side() != blk.side() {
            return Err(format!("{} is not in the same area", pb.handle));
        }
        let c = cost(s, p, to).ok_or("the areas are not adjacent")?;
        if c > pb.mp_left {
            return Err(format!(
                "{} has {} MP left and the crossing costs {c} (§7.0)",
                pb.handle, pb.mp_left
            ));
        }
    }
    if blk.side() == ARMY {
        if blk.kind != BlockKind::Leader {
            return Err("Army blocks move only with a Leader (§7.0 \"Leaders\")".into());
        }
        if party.iter().any(|&p| s.blocks[p].nation != blk.nation) {
            return Err(
                "US blocks move only with US Leaders, Mexican blocks with Mexican Leaders (§7.0)"
                    .into(),
            );
        }
        if blk.nation == Nation::Mexico && s.stat.all_us(to) {
            return Err(
                "Mexican blocks may not enter an area entirely in US Territories (§7.0)".into(),
            );
        }
        if blk.nation == Nation::Us
            && s.stat.all_mexican(to)
            && !party.iter().any(|&p| s.blocks[p].senior)
        {
            return Err(
                "US blocks enter an all-Mexican area only with a Senior Leader (§7.0)".into(),
            );
        }
        let seniors = party.iter().filter(|&&p| s.blocks[p].senior).count();
        if seniors > 1 {
            return Err(
                "one US Senior Leader may not take the other along (§7.0 \"Command Conflict\")"
                    .into(),
            );
        }
        // Crook and Miles may pass through each other's area, but only one may end the
        // Movement Impulse there: a Senior enters the other's area only with the MP to
        // leave it again, so the segment can always end (§7.0 "Command Conflict").
        for &p in &party {
            if s.blocks[p].senior && other_senior_in(s, p, to) {
                let left = s.blocks[p].mp_left - cost(s, p, to).unwrap_or(0);
                if !can_leave(s, p, to, left) {
                    return Err(format!(
                        "{} may pass through the other US Senior Leader's area only with the MP to leave it again: the two may not end a Movement Impulse in one area (§7.0 \"Command Conflict\")",
                        s.blocks[p].handle
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Whether US Senior Leader `p`, in `at` with `mp` MP left, could move on from there to
/// an area without the other Senior (the ocean excepted; a Senior may enter any area of
/// either nation).
fn can_leave(s: &State, p: Bid, at: usize, mp: u8) -> bool {
    s.stat.neighbors(at).iter().any(|&(n, k)| {
        !s.stat.is(n, OCEAN) && s.stat.tables.costs[k].army <= mp && !other_senior_in(s, p, n)
    })
}

/// Whether it is the Army's Movement Segment and both US Senior Leaders stand in one
/// area (§7.0 "Command Conflict"): then the segment may not end until one of them moves
/// on. (They may be deployed together; the Army's first segment parts them.)
pub(super) fn command_conflict(s: &State) -> bool {
    s.side == ARMY
        && s.blocks.iter().enumerate().any(|(b, k)| {
            k.senior && k.nation == Nation::Us && k.area().is_some_and(|a| other_senior_in(s, b, a))
        })
}

/// Whether the other US Senior Leader is in area `a` (§7.0 "Command Conflict").
pub(super) fn other_senior_in(s: &State, b: Bid, a: usize) -> bool {
    s.in_area(a)
        .any(|o| o != b && s.blocks[o].senior && s.blocks[o].nation == Nation::Us)
}

pub(super) fn begin_segment(s: &mut State, side: u8, log: &mut Vec<LogEntry>) {
    s.phase = Phase::Move;
    s.side = side;
    for b in &mut s.blocks {
        if b.side() == side {
            b.mp_left = b.mp;
        }
    }
    log.push(LogEntry::public(format!(
        "Turn {}, movement impulse {}: {} moves (§5.0, §7.0)",
        s.turn,
        s.impulse,
        side_name(s, side)
    )));
}

pub(super) fn end_segment(s: &mut State, log: &mut Vec<LogEntry>) {
    match s.phase {
        Phase::Deploy => {
            if s.side == APACHE {
                // Apache Leaders left off the map sit out the turn (§6.0 "may be placed").
                let mut kept = 0;
                for b in &mut s.blocks {
                    if b.nation == Nation::Apache
                        && b.kind == BlockKind::Leader
                        && b.status == Status::Drawn
                    {
                        b.status = Status::Pool;
                        b.handle = "".into();
                        kept += 1;
                    }
                }
                if kept > 0 {
                    log.push(LogEntry::public(format!(
                        "The Apache player keeps {kept} available Leader(s) off the map this turn (§6.0)"
                    )));
                }
                s.side = ARMY;
                log.push(LogEntry::public("The Army player deploys (§6.0)"));
            } else {
                s.impulse = 1;
                begin_segment(s, APACHE, log);
            }
        }
        Phase::Move => {
            block_limits(s, s.side, log);
            if s.side == APACHE {
                begin_segment(s, ARMY, log);
            } else {
                reveal_rumors(s, log);
                if s.impulse == 1 {
                    reinforcements(s, log);
                    s.impulse = 2;
                    begin_segment(s, APACHE, log);
                } else {
                    begin_combat(s, log);
                }
            }
        }
        _ => {}
    }
}

/// §7.0 "Area Block Limits": at the end of a side's segment, excess non-Leader blocks
/// in an area are picked at random and eliminated, without VP.
fn block_limits(s: &mut State, side: u8, log: &mut Vec<LogEntry>) {
    let t = &s.stat.tables;
    let limit = if side == APACHE {
        t.apache_limit.clone()
    } else {
        t.army_limit.clone()
    };
    for a in 0..s.stat.map.areas.len() {
        let mine = s.side_in(a, side);
        let excess = mine.len().saturating_sub(limit.value.max(0) as usize);
        if excess == 0 {
            continue;
        }
        let mut pool: Vec<Bid> = mine
            .into_iter()
            .filter(|&b| s.blocks[b].kind != BlockKind::Leader)
            .collect();
        for _ in 0..excess {
            if pool.is_empty() {
                break;
            }
            let k = s.dice.draw(pool.len());
            let b = pool.remove(k);
            s.reveals += 1;
            s.blocks[b].status = Status::Out;
            log.push(LogEntry::public(format!(
                "{} in {} is over the limit of {} blocks and is eliminated at random, no VP (§7.0; {})",
                shown(s, b, other(side)),
                s.stat.id(a),
                limit.value,
                limit.source.label()
            )));
        }
    }
}

/// §7.0 "Reveal Rumors": Rumors in areas with blocks of both players, and in Reservation
/// areas always (§8.0), are revealed and removed; +1 Army VP each.
fn reveal_rumors(s: &mut State, log: &mut Vec<LogEntry>) {
    let vp = s.stat.tables.vp_rumor.value;
    for a in 0..s.stat.map.areas.len() {
        let both = !s.side_in(a, ARMY).is_empty() || s.stat.is(a, RESERVATION);
        if !both {
            continue;
        }
        for b in s.side_in(a, APACHE) {
            if s.blocks[b].kind == BlockKind::Rumor {
                s.blocks[b].revealed = true;
                s.blocks[b].status = Status::Out;
                s.reveals += 1;
                s.vp[usize::from(ARMY)] += vp;
                log.push(LogEntry::public(format!(
                    "{} in {} is a Rumor: revealed and removed, +{vp} Army VP (§7.0 \"Reveal Rumors\")",
                    shown(s, b, ARMY),
                    s.stat.id(a)
                )));
            }
        }
    }
}

/// §7.0 "Reinforcements" (after the first impulse only): a US block (a unit or the
/// Scout; Leaders have no SP and the Settler is always at its maximum then) that ends the
/// impulse in a US Territory area with a Town and a US Leader "gains one Strength Point
/// (SP) for each Army block in that area", up to its maximum; +1 Army VP per SP. With
/// the `reinforce_one` option, each such block gains one SP (an earlier reading; see
/// docs/reconstructions-wind.md).
fn reinforcements(s: &mut State, log: &mut Vec<LogEntry>) {
    let vp = s.stat.tables.vp_reinforcement.value;
    let one = s.stat.scenario.options.reinforce_one;
    let mut gained = 0;
    for a in 0..s.stat.map.areas.len() {
        if !(s.stat.is(a, US) && s.stat.is(a, TOWN)) {
            continue;
        }
        let here = s.side_in(a, ARMY);
        if !here
            .iter()
            .any(|&b| s.blocks[b].nation == Nation::Us && s.blocks[b].kind == BlockKind::Leader)
        {
            continue;
        }
        let each = if one {
            1
        } else {
            u8::try_from(here.len()).unwrap_or(u8::MAX)
        };
        for &b in &here {
            let k = &s.blocks[b];
            if k.nation == Nation::Us
                && matches!(k.kind, BlockKind::Unit | BlockKind::Scout)
                && k.sp < k.max_sp
            {
                let add = each.min(k.max_sp - k.sp);
                s.blocks[b].sp += add;
                gained += i32::from(add);
                log.push(LogEntry::private(
                    ARMY,
                    format!(
                        "{} is reinforced in {} by {add} to {} SP (§7.0)",
                        shown(s, b, ARMY),
                        s.stat.id(a),
                        s.blocks[b].sp
                    ),
                ));
            }
        }
    }
    if gained > 0 {
        s.vp[usize::from(ARMY)] += vp * gained;
        log.push(LogEntry::public(format!(
            "US reinforcements: {gained} SP gained, +{} Army VP (§7.0 \"Reinforcements\")",
            vp * gained
        )));
    }
}
