//! Fire (C6): one target, fire strength after range (C6.5.2) less the target's
//! Defence & Melee for the superiority, the Army on the AF line and the Indians and
//! Washington Volunteers on the IF line (C6.2), fire and move at half (C6.3), line of
//! sight (C6.5.1) and indirect fire with scatter (C6.5.3).

use super::results::{Hit, hit};
use crate::core::game::LogEntry;
use crate::core::hexmap::{Coord, Dir};
use crate::games::nez_perce_tactical::data::Faces;
use crate::games::nez_perce_tactical::state::{Loc, Pin, State, Uid};

/// Line of sight between two hexes (C6.5.1): Tree Stand and Rocked & Broken hexes
/// between them and Ridge hexsides crossed block it, and so does a line along the edge
/// of a blocking hex (both of the line's nudged traces must be clear). Fire may go into
/// or out of a blocking hex, and a unit directly behind a ridge hexside sees through
/// it (the ridge sides of the two end hexes never block).
pub fn los(s: &State, a: Coord, b: Coord) -> bool {
    if a == b {
        return true;
    }
    let st = &s.stat;
    st.map.sight_strict(
        a,
        b,
        |c| st.terrain(c).blocks_los,
        |x, y| {
            x != a && y != a && x != b && y != b && st.hexside(x, y).is_some_and(|r| r.blocks_los)
        },
    )
}

/// The fire strength printed on the face showing; mounted horse units and limbered
/// artillery have none (C6.1, C4.1).
pub fn printed_fs(s: &State, u: Uid) -> i32 {
    let unit = s.u(u);
    if unit.flipped && matches!(s.class(u).faces, Faces::Horse | Faces::Artillery) {
        0
    } else {
        unit.face().fs
    }
}

/// Fire strength at a range (C6.5.2), halved first for fire and move (C6.3); fractions
/// dropped each time.
pub fn strength_at(s: &State, u: Uid, range: u32, half: bool) -> i32 {
    let fs = printed_fs(s, u);
    let fs = if half { fs / 2 } else { fs };
    let band = &s.class(u).range;
    let Some(r) = s.stat.tables.ranges.iter().find(|r| &r.band == band) else {
        return fs;
    };
    if range <= r.full {
        fs
    } else if range <= r.half {
        fs / 2
    } else {
        fs / 4
    }
}

/// A unit's Defence & Melee against fire: halved while a unit that fell back
/// overstacks its hex (C6.4.3).
pub fn defence(s: &State, t: Uid) -> i32 {
    let unit = s.u(t);
    let dm = unit.face().dm;
    match unit.hex() {
        Some(c)
            if !unit.fell_back
                && s.at(c)
                    .any(|i| s.u(i).fell_back && s.u(i).side == unit.side) =>
        {
            dm / 2
        }
        _ => dm,
    }
}

/// Whether `u` may fire directly at `t` now.
pub fn may_fire(s: &State, u: Uid, t: Uid) -> Result<(), String> {
    let (a, b) = (s.u(u), s.u(t));
    let (Some(ha), Some(hb)) = (a.hex(), b.hex()) else {
        return Err("both units must be on the map".into());
    };
    if a.side == b.side {
        return Err(format!("{} is a friendly unit", b.name));
    }
    if a.pin == Pin::P2 {
        return Err(format!(
            "{} is hard pinned and may not fire (C6.4.2)",
            a.name
        ));
    }
    if printed_fs(s, u) <= 0 {
        return Err(format!(
            "{} has no fire strength in this mode (C6.1)",
            a.name
        ));
    }
    if !los(s, ha, hb) {
        return Err(format!("{} cannot see {} (C6.5.1)", a.name, b.name));
    }
    Ok(())
}

/// The result-table column for a superiority on the firer's line (C6.2), clamped to
/// the table's end columns.
fn column(s: &State, u: Uid, sup: i32) -> usize {
    let t = &s.stat.tables.fire;
    let first = if s.class(u).range == "indian" {
        t.first_if
    } else {
        t.first_if + t.af_offset
    };
    let cols = t.rows.first().map_or(1, |r| r.split_whitespace().count()) as i32;
    (sup - first).clamp(0, cols - 1) as usize
}

/// The Fire Results Table's cell for a superiority on the firer's line and a modified die.
pub fn lookup(s: &State, u: Uid, sup: i32, die: i32) -> Hit {
    let t = &s.stat.tables.fire;
    let rows = t.rows.len() as i32;
    let row = (die - t.first_die).clamp(0, rows - 1) as usize;
    let col = column(s, u, sup);
    let cell = t.rows[row].split_whitespace().nth(col).unwrap_or("-");
    Hit::parse(cell)
}

/// Resolve one unit's fire at one target at a strength already worked out (C6.2).
pub fn resolve(s: &mut State, u: Uid, t: Uid, strength: i32, what: &str) -> Vec<LogEntry> {
    let Some(hb) = s.u(t).hex() else {
        return vec![];
    };
    let dm = defence(s, t);
    let sup = strength - dm;
    let roll = s.dice.d6();
    s.reveals += 1;
    let m = s.stat.terrain(hb).fire;
    let die = i32::from(roll) + m;
    let h = lookup(s, u, sup, die);
    let line = if s.class(u).range == "indian" {
        "IF"
    } else {
        "AF"
    };
    let mut log = vec![LogEntry::public(format!(
        "{} {what} {} at {hb}: strength {strength} - D&M {dm} = {line} {sup:+}; die {roll}{} = {die}: {} (C6.2)",
        s.u(u).name,
        s.u(t).name,
        if m == 0 {
            String::new()
        } else {
            format!(" {m:+} {}", s.stat.terrain(hb).name)
        },
        h.label()
    ))];
    log.extend(hit(s, t, h));
    log
}

/// Whether a gun may fire indirectly at a hex now (C6.5.3): an unlimbered Howitzer or
/// Hotchkiss, not hard pinned, and a friendly regular Cavalry unit that sees the hex
/// from terrain where it could mount.
pub fn may_indirect(s: &State, u: Uid, hex: Coord) -> Result<(), String> {
    let a = s.u(u);
    if !s.class(u).indirect {
        return Err(format!("{} cannot fire indirectly (C6.5.3)", a.name));
    }
    if a.hex().is_none() || a.flipped {
        return Err(format!("{} must be unlimbered on the map", a.name));
    }
    if a.pin == Pin::P2 {
        return Err(format!("{} is hard pinned (C6.4.2)", a.name));
    }
    if !s.stat.map.contains(hex) {
        return Err(format!("{hex} is off the map"));
    }
    let spotted = s.units.iter().enumerate().any(|(i, v)| {
        v.side == a.side
            && s.class(i).spotter
            && matches!(v.loc, Loc::Map(c) if s.stat.terrain(c).mounted && los(s, c, hex))
    });
    if !spotted {
        return Err(format!(
            "no friendly Cavalry unit able to mount sees {hex} (C6.5.3)"
        ));
    }
    Ok(())
}

/// Indirect-fire strength at a range (C6.5.3): 2/3 at 1-9 hexes, 1/3 beyond, fractions
/// dropped; range reductions of C6.5.2 do not apply.
pub fn indirect_strength(s: &State, u: Uid, range: u32) -> i32 {
    let ind = &s.stat.tables.indirect;
    let (n, d) = if range <= ind.near {
        ind.near_fraction
    } else {
        ind.far_fraction
    };
    printed_fs(s, u) * n as i32 / d as i32
}

/// Resolve indirect fire (C6.5.3): scatter, then every unit in the hex where it lands
/// is attacked individually, friends included.
pub fn indirect(s: &mut State, u: Uid, target: Coord) -> Vec<LogEntry> {
    let Some(from) = s.u(u).hex() else {
        return vec![];
    };
    let strength = indirect_strength(s, u, from.distance(target));
    let roll = s.dice.d6();
    s.reveals += 1;
    let dist = s.stat.tables.indirect.scatter[usize::from(roll - 1)];
    let mut land = Some(target);
    let mut log = vec![];
    if dist == 0 {
        log.push(LogEntry::public(format!(
            "{} fires indirectly at {target} (strength {strength}); scatter die {roll}: on target (C6.5.3)",
            s.u(u).name
        )));
    } else {
        let d = s.dice.d6();
        s.reveals += 1;
        let dir = Dir::ALL[usize::from(d - 1)];
        for _ in 0..dist {
            land = land.and_then(|c| c.step(dir));
        }
        land = land.filter(|c| s.stat.map.contains(*c));
        log.push(LogEntry::public(format!(
            "{} fires indirectly at {target} (strength {strength}); scatter die {roll}: {dist} hex(es), direction die {d} ({dir:?}): {} (C6.5.3)",
            s.u(u).name,
            land.map_or("off the map, no effect".to_string(), |c| format!("lands in {c}"))
        )));
    }
    let Some(c) = land else {
        return log;
    };
    let targets: Vec<Uid> = s.at(c).collect();
    if targets.is_empty() {
        log.push(LogEntry::public(format!("{c} is empty: no effect")));
    }
    for t in targets {
        if s.u(t).hex() == Some(c) {
            log.extend(resolve(s, u, t, strength, "shells"));
        }
    }
    log
}
