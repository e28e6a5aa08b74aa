//! Victory Points and Levels (§9.0) and the turn end (§10.0), with the end of the game.

use super::combat::leadership;
use super::deploy::start_turn;
use super::{APACHE, ARMY, side_name};
use crate::core::game::{LogEntry, Outcome};
use crate::games::wind::data::{BlockKind, Pool};
use crate::games::wind::state::{EDGE, Pending, Phase, RESERVATION, State, Status};

pub(super) fn victory_points(s: &mut State, log: &mut Vec<LogEntry>) {
    let t = s.stat.tables.clone();
    let mut forced_sp = 0;
    // Areas with both sides: a lower Apache Leader total forces the Apache blocks to the
    // Reservation and the Apache Leaders are captured (§9.0; no Mountain bonus). Not in a
    // Reservation area, whose Apache blocks "may never be attacked in any way" (§8.0):
    // they count as forced below, and their Leaders are never captured there.
    for a in 0..s.stat.map.areas.len() {
        let apache = s.side_in(a, APACHE);
        if apache.is_empty() || s.side_in(a, ARMY).is_empty() || s.stat.is(a, RESERVATION) {
            continue;
        }
        let (ap, ar) = (
            leadership(s, a, APACHE, false),
            leadership(s, a, ARMY, false),
        );
        if ap >= ar {
            continue;
        }
        let mut sp = 0;
        let mut captured = 0;
        for b in apache {
            if s.blocks[b].kind == BlockKind::Leader {
                captured += i32::from(s.blocks[b].value);
            }
            sp += i32::from(s.blocks[b].sp);
            s.blocks[b].revealed = true;
            s.blocks[b].status = Status::Out;
        }
        s.reveals += 1;
        forced_sp += sp;
        s.vp[usize::from(ARMY)] += captured;
        log.push(LogEntry::public(format!(
            "{}: Apache Leaders {ap} < Army Leaders {ar}: {sp} Apache SP forced to the Reservation, Leaders worth {captured} captured (§9.0)",
            s.stat.id(a)
        )));
    }
    // Apache blocks ending the turn in a Reservation count as forced (§8.0, §9.0).
    for a in 0..s.stat.map.areas.len() {
        if !s.stat.is(a, RESERVATION) {
            continue;
        }
        let mut sp = 0;
        for b in s.side_in(a, APACHE) {
            sp += i32::from(s.blocks[b].sp);
            s.blocks[b].status = Status::Out;
        }
        if sp > 0 {
            forced_sp += sp;
            log.push(LogEntry::public(format!(
                "{}: {sp} Apache SP in the Reservation count as forced (§9.0)",
                s.stat.id(a)
            )));
        }
    }
    let forced_vp = forced_sp * t.vp_apache_sp_forced.value;
    s.vp[usize::from(ARMY)] += forced_vp;
    // Map-edge areas, except the Mescalero Reservation: 1 Army VP per 3 Apache blocks.
    let edge_blocks = (0..s.stat.map.areas.len())
        .filter(|&a| s.stat.is(a, EDGE) && !s.stat.is(a, RESERVATION))
        .map(|a| s.side_in(a, APACHE).len() as i32)
        .sum::<i32>();
    let per = t.edge_blocks_per_vp.value.max(1);
    let edge_vp = edge_blocks / per;
    s.vp[usize::from(ARMY)] += edge_vp;
    // Apache: 1 VP per SP not forced to the Reservation.
    let free_sp: i32 = s
        .blocks
        .iter()
        .filter(|b| b.side() == APACHE && b.area().is_some())
        .map(|b| i32::from(b.sp))
        .sum();
    let free_vp = free_sp * t.vp_apache_sp_free.value;
    s.vp[usize::from(APACHE)] += free_vp;
    log.push(LogEntry::public(format!(
        "Victory Points (§9.0): forced {forced_sp} SP +{forced_vp} Army; {edge_blocks} Apache blocks in map-edge areas +{edge_vp} Army ({}); {free_sp} Apache SP not forced +{free_vp} Apache. Turn total: Apache {}, Army {}",
        t.edge_blocks_per_vp.source.label(),
        s.vp[0],
        s.vp[1]
    )));
    match s.vp[0].cmp(&s.vp[1]) {
        std::cmp::Ordering::Greater => s.levels[0] += 1,
        std::cmp::Ordering::Less => s.levels[1] += 1,
        std::cmp::Ordering::Equal => {}
    }
    log.push(LogEntry::public(format!(
        "Victory Levels: Apache {}, Army {} (§9.0: more VP this turn gains a Level; a tie gains none)",
        s.levels[0], s.levels[1]
    )));
    turn_end(s, log);
}

fn turn_end(s: &mut State, log: &mut Vec<LogEntry>) {
    s.vp = [0, 0];
    s.fight = None;
    s.pending = Pending::None;
    s.resolved.clear();
    let next = s.turn + 1;
    for b in &mut s.blocks {
        if b.status == Status::Gone {
            continue;
        }
        b.status = Status::Pool;
        b.revealed = false;
        b.handle = "".into();
    }
    // Apache Leaders whose range has ended leave the game (§10.0).
    let ranges: Vec<(String, Option<(u32, u32)>)> = s
        .stat
        .scenario
        .blocks
        .iter()
        .map(|d| (d.key.clone(), d.turns))
        .collect();
    for b in &mut s.blocks {
        if b.pool == Pool::ApacheLeaders
            && ranges
                .iter()
                .find(|(k, _)| **k == *b.key)
                .and_then(|(_, r)| *r)
                .is_some_and(|(_, hi)| hi < next)
            && b.status != Status::Gone
        {
            b.status = Status::Gone;
            log.push(LogEntry::public(format!(
                "{} leaves the game: his turns are over (§10.0)",
                b.name
            )));
        }
    }
    s.incursion = s.incursion_now;
    s.incursion_now = false;
    log.push(LogEntry::public(format!(
        "Turn {} ends; the Incursion marker shows {} (§7.0, §10.0)",
        s.turn,
        if s.incursion { "Yes" } else { "No" }
    )));
    s.turn = next;
    start_turn(s, log);
}

pub(super) fn finish(s: &mut State, log: &mut Vec<LogEntry>) {
    s.phase = Phase::Over;
    s.turn = s.last_turn;
    let winner = match s.levels[0].cmp(&s.levels[1]) {
        std::cmp::Ordering::Greater => Some(APACHE),
        std::cmp::Ordering::Less => Some(ARMY),
        std::cmp::Ordering::Equal => None,
    };
    let summary = format!(
        "After turn {}: Victory Levels Apache {}, Army {}: {} (§9.0)",
        s.last_turn,
        s.levels[0],
        s.levels[1],
        winner.map_or("a tie".to_string(), |w| format!("{} wins", side_name(s, w)))
    );
    log.push(LogEntry::public(summary.clone()));
    s.result = Some(Outcome::decided(2, winner, s.levels.to_vec(), summary));
}
