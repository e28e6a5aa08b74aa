//! The turn start (§6.0): the Provocation roll, picking forces, and the areas a drawn
//! block may deploy to.

use super::victory::finish;
use super::{APACHE, ARMY, other, side_name};
use crate::core::game::LogEntry;
use crate::games::wind::data::{BlockKind, Nation, Pool};
use crate::games::wind::state::{Bid, FORT, MEXICO, OCEAN, Phase, State, Status, TOWN, US, WATER};

/// Start turn `s.turn`: roll Provocation, pick forces, and begin Apache deployment. A
/// None result skips the rest of the turn (§6.0).
pub fn start_turn(s: &mut State, log: &mut Vec<LogEntry>) {
    loop {
        if s.turn > s.last_turn {
            finish(s, log);
            return;
        }
        let t = &s.stat.tables;
        let modifier = match s.level {
            None => 0,
            Some(l) => t.levels[l].next,
        };
        let die = s.dice.d6();
        s.reveals += 1;
        let level = t.level_of(i32::from(die) + modifier);
        let name = t.levels[level].name.clone();
        log.push(LogEntry::public(format!(
            "Turn {}: Provocation die {die} {modifier:+} = {} -> {name} ({})",
            s.turn,
            i32::from(die) + modifier,
            t.levels_source.label()
        )));
        s.level = Some(level);
        if t.levels[level].skip {
            log.push(LogEntry::public(format!(
                "No provocation: the rest of turn {} is skipped (§6.0)",
                s.turn
            )));
            s.turn += 1;
            continue;
        }
        pick_forces(s, log);
        s.phase = Phase::Deploy;
        s.side = APACHE;
        log.push(LogEntry::public(
            "The Apache player deploys first (§6.0 \"Deployment\")",
        ));
        return;
    }
}

fn pick_forces(s: &mut State, log: &mut Vec<LogEntry>) {
    let level = s.level.unwrap_or(0);
    let name = s.stat.tables.levels[level].name.clone();
    let Some(row) = s
        .stat
        .tables
        .chart
        .iter()
        .find(|r| r.level == name)
        .cloned()
    else {
        log.push(LogEntry::public(format!(
            "The Provocation Chart has no line for {name}: no forces"
        )));
        return;
    };
    let mexicans = s.incursion || s.turn == s.last_turn;
    for (&pool, &n) in &row.draw {
        if matches!(pool, Pool::MexSenior | Pool::MexJunior | Pool::MexUnits) && !mexicans {
            continue;
        }
        let mut avail: Vec<Bid> = (0..s.blocks.len())
            .filter(|&i| s.blocks[i].pool == pool && s.blocks[i].status == Status::Pool)
            .collect();
        for _ in 0..n {
            if avail.is_empty() {
                break;
            }
            let k = s.dice.draw(avail.len());
            let b = avail.remove(k);
            let blk = &mut s.blocks[b];
            blk.status = Status::Drawn;
            // Mexican blocks always deploy at full strength (§6.0 "Picking Forces").
            blk.sp = if blk.nation == Nation::Mexico {
                blk.max_sp
            } else {
                row.sp
                    .get(&pool)
                    .copied()
                    .unwrap_or(blk.max_sp)
                    .min(blk.max_sp)
            };
        }
    }
    for key in &row.set_aside {
        if let Some(b) = s
            .blocks
            .iter()
            .position(|b| *b.key == **key && b.status == Status::Pool)
        {
            s.blocks[b].status = Status::Drawn;
            s.blocks[b].sp = s.blocks[b].max_sp;
        }
    }
    // Apache Leaders are not drawn: each is available on the turns of its range (§4.0).
    for b in &mut s.blocks {
        if b.pool == Pool::ApacheLeaders && b.status == Status::Pool {
            let range = s
                .stat
                .scenario
                .blocks
                .iter()
                .find(|d| *d.key == *b.key)
                .and_then(|d| d.turns);
            if range.is_some_and(|(lo, hi)| lo <= s.turn && s.turn <= hi) {
                b.status = Status::Drawn;
            }
        }
    }
    deal_handles(s);
    log_forces(s, &format!("Forces drawn ({name})"), "draws", log);
    if mexicans {
        log.push(LogEntry::public(if s.turn == s.last_turn {
            "Mexican forces take part: last turn (§6.0)"
        } else {
            "Mexican forces take part: the Incursion marker shows Yes (§6.0)"
        }));
    }
}

/// Deal this turn's handles (`A1`, `U3`, `M2`) at random per nation to the drawn
/// blocks, so that a handle tells nothing of its block.
fn deal_handles(s: &mut State) {
    s.reveals += 1;
    for (nation, letter) in [
        (Nation::Apache, "A"),
        (Nation::Us, "U"),
        (Nation::Mexico, "M"),
    ] {
        let mut drawn: Vec<Bid> = (0..s.blocks.len())
            .filter(|&i| {
                s.blocks[i].nation == nation
                    && matches!(s.blocks[i].status, Status::Drawn | Status::Map(_))
            })
            .collect();
        let mut n = 1;
        while !drawn.is_empty() {
            let k = s.dice.draw(drawn.len());
            let b = drawn.remove(k);
            s.blocks[b].handle = format!("{letter}{n}").into();
            s.blocks[b].revealed = false;
            n += 1;
        }
    }
}

/// Tell each side its own forces this turn (handles, names, strengths and, once
/// placed, areas) and the other side only how many blocks it has.
fn log_forces(s: &State, what: &str, verb: &str, log: &mut Vec<LogEntry>) {
    for side in [APACHE, ARMY] {
        let mine: Vec<String> = s
            .blocks
            .iter()
            .filter(|b| b.side() == side && matches!(b.status, Status::Drawn | Status::Map(_)))
            .map(|b| {
                let at = match b.status {
                    Status::Map(a) => format!(" in {}", s.stat.id(a)),
                    _ => String::new(),
                };
                if b.kind.fights() {
                    format!("{} {} {}SP{at}", b.handle, b.name, b.sp)
                } else {
                    format!("{} {}{at}", b.handle, b.name)
                }
            })
            .collect();
        log.push(LogEntry::private(
            side,
            format!("{what}: {}", mine.join(", ")),
        ));
        log.push(LogEntry::private(
            other(side),
            format!("{} {verb} {} blocks", side_name(s, side), mine.len()),
        ));
    }
}

/// Begin the scenario's first turn with its forces already on the map (a historical
/// start, [`crate::games::wind::data::Forces`]): the level is the scenario's, each
/// listed block stands in its area at its strength, handles are dealt, and play begins
/// with the turn's first Movement Impulse. Loading has checked every placement against
/// §6.0 ("Deployment"), the Leaders' turns (§4.0) and the area limits (§7.0).
pub fn place_forces(s: &mut State, log: &mut Vec<LogEntry>) {
    let Some(start) = s.stat.scenario.start.clone() else {
        return start_turn(s, log);
    };
    let Some(forces) = start.forces else {
        return start_turn(s, log);
    };
    let t = &s.stat.tables;
    let level = t
        .levels
        .iter()
        .position(|l| l.name == forces.level)
        .unwrap_or(0);
    s.level = Some(level);
    log.push(LogEntry::public(format!(
        "Turn {}: the scenario sets the Provocation level at {} and the forces already deployed",
        s.turn, forces.level
    )));
    for p in &forces.placed {
        let (Some(b), Some(a)) = (
            s.blocks.iter().position(|b| *b.key == *p.block),
            s.stat.area(&p.area),
        ) else {
            continue;
        };
        s.blocks[b].status = Status::Map(a);
        s.blocks[b].sp = placed_strength(s, b, p.sp);
    }
    deal_handles(s);
    let name = s.stat.tables.levels[level].name.clone();
    log_forces(s, &format!("Forces on the map ({name})"), "has", log);
    s.impulse = 1;
    super::movement::begin_segment(s, APACHE, log);
}

/// The strength a block placed by a scenario starts at: as written, else the
/// Provocation Chart's average for its pool this turn, never above its maximum;
/// Mexican blocks, the Scout and the Settler at their maximum, Leaders and Rumors at
/// none (§6.0).
pub fn placed_strength(s: &State, b: Bid, sp: Option<u8>) -> u8 {
    let blk = &s.blocks[b];
    if blk.nation == Nation::Mexico || !blk.kind.fights() || blk.pool == Pool::SetAside {
        return blk.max_sp;
    }
    sp.or_else(|| chart_row(s).and_then(|r| r.sp.get(&blk.pool).copied()))
        .unwrap_or(blk.max_sp)
        .min(blk.max_sp)
}

/// Areas a drawn block may deploy to (§6.0 "Deployment").
pub fn deploy_areas(s: &State, b: Bid) -> Vec<usize> {
    let blk = &s.blocks[b];
    let st = &s.stat;
    (0..st.map.areas.len())
        .filter(|&a| !st.is(a, OCEAN))
        .filter(|&a| match (blk.nation, blk.kind) {
            (Nation::Apache, BlockKind::Leader) => true,
            (Nation::Apache, _) => {
                st.is(a, WATER) && blk.territory.as_deref().is_some_and(|t| st.has(a, t))
            }
            // "The Settler block, if in play, must be placed in an area with a Town"
            // (§6.0): any Town, US or Mexican (issue 28).
            (Nation::Us, BlockKind::Settler) => st.is(a, TOWN),
            (Nation::Us, _) => st.is(a, US) && (st.is(a, FORT) || st.is(a, TOWN)),
            (Nation::Mexico, _) => st.is(a, MEXICO) && (st.is(a, FORT) || st.is(a, TOWN)),
        })
        .collect()
}

/// The starting strengths block `b` may be deployed at, when its pool's strength is
/// split by its owner: `None` for a block that starts at a fixed strength (Leaders,
/// Rumors, the Scout and the Settler, Mexican blocks at their maximum, §6.0). The
/// pool's total is the Provocation Chart's average times the blocks drawn from it this
/// turn; each block takes 1 to its maximum, and the range leaves every block still to
/// deploy at least 1 and no more than its maximum (§3.0, §6.0; the chart is a
/// reconstruction, see docs/reconstructions-wind.md).
pub fn deploy_strengths(s: &State, b: Bid) -> Option<std::ops::RangeInclusive<u8>> {
    let blk = &s.blocks[b];
    if blk.nation == Nation::Mexico {
        return None;
    }
    let avg = i32::from(*chart_row(s)?.sp.get(&blk.pool)?);
    // This turn's blocks of the pool: deployed (on the map, in the Deploy phase every
    // block of the side there was placed this turn) or still to deploy.
    let (mut drawn, mut placed, mut others_max, mut others) = (0i32, 0i32, 0i32, 0i32);
    for (i, k) in s.blocks.iter().enumerate() {
        if k.pool != blk.pool || k.nation != blk.nation {
            continue;
        }
        match k.status {
            Status::Map(_) => {
                drawn += 1;
                placed += i32::from(k.sp);
            }
            Status::Drawn => {
                drawn += 1;
                if i != b {
                    others += 1;
                    others_max += i32::from(k.max_sp);
                }
            }
            _ => {}
        }
    }
    let left = avg * drawn - placed;
    let lo = (left - others_max).max(1);
    let hi = (left - others).min(i32::from(blk.max_sp));
    let lo = u8::try_from(lo.clamp(1, 255)).unwrap_or(1);
    let hi = u8::try_from(hi.clamp(0, 255)).unwrap_or(0);
    Some(lo..=hi)
}

/// This turn's line of the Provocation Chart.
pub(super) fn chart_row(s: &State) -> Option<&crate::games::wind::data::ChartRow> {
    let name = &s.stat.tables.levels.get(s.level?)?.name;
    s.stat.tables.chart.iter().find(|r| &r.level == name)
}
