//! Combat results (C6.4): P1 and P2 pins, the Morale Table with B (surrender if
//! surrounded, otherwise leave the combat) and P2R (fall back toward the nearest
//! friend, then hard pinned), K, and the owner's choice of which units take "nK" and
//! "nM" results, kills first.

use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::nez_perce_tactical::state::{Loc, Pending, Pin, State, Uid};
use std::collections::VecDeque;

/// One Fire Results Table cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// No effect.
    None,
    /// Pinned (C6.4.1).
    P1,
    /// Hard pinned (C6.4.2).
    P2,
    /// Morale roll (C6.4.3).
    M,
    /// Killed (C6.4.4).
    K,
}

impl Hit {
    /// Parse a cell (`-`, `P1`, `P2`, `M`, `K`).
    pub fn parse(t: &str) -> Hit {
        match t {
            "P1" => Hit::P1,
            "P2" => Hit::P2,
            "M" => Hit::M,
            "K" => Hit::K,
            _ => Hit::None,
        }
    }
    /// The printed result.
    pub fn label(self) -> &'static str {
        match self {
            Hit::None => "no effect",
            Hit::P1 => "P1",
            Hit::P2 => "P2",
            Hit::M => "M",
            Hit::K => "K",
        }
    }
}

/// Parse a melee side's result (`1K2M`, `-`) into kills and morale rolls (C6.4.4).
pub fn parse_km(t: &str) -> (u32, u32) {
    let (mut k, mut m, mut n) = (0, 0, String::new());
    for ch in t.chars() {
        match ch {
            '0'..='9' => n.push(ch),
            'K' | 'M' => {
                let v = n.parse().unwrap_or(1);
                n.clear();
                if ch == 'K' {
                    k += v;
                } else {
                    m += v;
                }
            }
            _ => {}
        }
    }
    (k, m)
}

/// Apply one fire result to a unit (C6.4.1-4).
pub fn hit(s: &mut State, t: Uid, h: Hit) -> Vec<LogEntry> {
    let name = s.u(t).name.clone();
    match h {
        Hit::None => vec![],
        Hit::P1 => match s.u(t).pin {
            Pin::None => {
                s.units[t].pin = Pin::P1;
                vec![LogEntry::public(format!("{name} is pinned: P1 (C6.4.1)"))]
            }
            Pin::P1 => {
                s.units[t].pin = Pin::P2;
                vec![LogEntry::public(format!(
                    "{name} already had P1: now P2 (C6.4.1)"
                ))]
            }
            Pin::P2 => vec![LogEntry::public(format!(
                "{name} is already P2: another P1 has no effect (C6.4.2)"
            ))],
        },
        Hit::P2 => {
            if s.u(t).pin == Pin::P2 {
                let mut log = vec![LogEntry::public(format!(
                    "{name} is already P2: a second P2 means a Morale roll (C6.4.2)"
                ))];
                log.extend(morale(s, t));
                log
            } else {
                s.units[t].pin = Pin::P2;
                vec![LogEntry::public(format!(
                    "{name} is hard pinned: P2 (C6.4.2)"
                ))]
            }
        }
        Hit::M => morale(s, t),
        Hit::K => {
            s.units[t].loc = Loc::Killed;
            s.units[t].fell_back = false;
            vec![LogEntry::public(format!("{name} is killed (C6.4.4)"))]
        }
    }
}

/// A roll on the Morale Table in the unit's column (C6.4.3).
pub fn morale(s: &mut State, t: Uid) -> Vec<LogEntry> {
    let col_name = s.class(t).morale.clone();
    let tab = &s.stat.tables.morale;
    let col = tab.columns.iter().position(|c| *c == col_name).unwrap_or(0);
    let roll = s.dice.d6();
    s.reveals += 1;
    let cell = tab.rows[usize::from(roll - 1)]
        .split_whitespace()
        .nth(col)
        .unwrap_or("B")
        .to_string();
    let mut log = vec![LogEntry::public(format!(
        "{} rolls on the Morale Table ({col_name}): die {roll}: {cell} (C6.4.3)",
        s.u(t).name
    ))];
    if cell == "P2R" {
        log.extend(fall_back(s, t));
    } else {
        log.extend(broken(s, t));
    }
    log
}

/// Whether every path from the unit's hex to the map edge passes an enemy-occupied hex
/// (C6.4.3 "completely surrounded"; read as seed_notes 000-5.11 does).
pub fn surrounded(s: &State, t: Uid) -> bool {
    let Some(start) = s.u(t).hex() else {
        return false;
    };
    let enemy = s.u(t).side.other();
    let map = &s.stat.map;
    let n = map.terrain.len();
    let mut blocked = vec![false; n];
    for u in &s.units {
        if u.side == enemy
            && let Some(i) = u.hex().and_then(|c| map.index(c))
        {
            blocked[i] = true;
        }
    }
    let mut seen = vec![false; n];
    let mut q = VecDeque::from([start]);
    if let Some(i) = map.index(start) {
        seen[i] = true;
    }
    while let Some(c) = q.pop_front() {
        if c.col == 1 || c.row == 1 || c.col == map.cols || c.row == map.rows {
            return false;
        }
        for nb in map.neighbors(c) {
            if let Some(i) = map.index(nb)
                && !blocked[i]
                && !seen[i]
            {
                seen[i] = true;
                q.push_back(nb);
            }
        }
    }
    true
}

/// B (C6.4.3): a surrounded unit surrenders; otherwise it leaves this combat.
pub fn broken(s: &mut State, t: Uid) -> Vec<LogEntry> {
    let name = s.u(t).name.clone();
    let out = if surrounded(s, t) {
        s.units[t].loc = Loc::Surrendered;
        format!("{name} is broken and surrounded: it surrenders (C6.4.3)")
    } else {
        s.units[t].loc = Loc::Broken;
        format!("{name} is broken and leaves this combat (C6.4.3)")
    };
    s.units[t].fell_back = false;
    vec![LogEntry::public(out)]
}

/// The hexes a unit may fall back into (C6.4.3): one hex nearer the closest friendly
/// unit, never into an enemy-occupied hex. With no friend on the map outside its own
/// hex no hex is nearer one, so the unit cannot fall back and is broken (the seed read
/// literally: "A unit that cannot fall back is considered broken").
pub fn fall_back_options(s: &State, t: Uid) -> Vec<Coord> {
    let Some(c) = s.u(t).hex() else {
        return vec![];
    };
    let side = s.u(t).side;
    let friends: Vec<Coord> = s
        .on_map(side)
        .filter(|&i| i != t)
        .filter_map(|i| s.u(i).hex())
        .filter(|h| *h != c)
        .collect();
    let near = |h: Coord, set: &[Coord]| set.iter().map(|f| f.distance(h)).min();
    let map = &s.stat.map;
    map.neighbors(c)
        .filter(|n| !s.has(*n, side.other()))
        .filter(|n| !super::movement::barred(s, t, *n))
        .filter(|n| near(*n, &friends) < near(c, &friends))
        .collect()
}

/// P2R (C6.4.3): fall back one hex, then P2; a unit that cannot is broken.
pub fn fall_back(s: &mut State, t: Uid) -> Vec<LogEntry> {
    let opts = fall_back_options(s, t);
    match opts.len() {
        0 => {
            let mut log = vec![LogEntry::public(format!(
                "{} cannot fall back (C6.4.3)",
                s.u(t).name
            ))];
            log.extend(broken(s, t));
            log
        }
        1 => fall_back_to(s, t, opts[0]),
        _ => {
            s.queue.insert(
                0,
                Pending::FallBack {
                    unit: t,
                    options: opts,
                },
            );
            vec![LogEntry::public(format!(
                "{} must fall back; its owner chooses the hex (C6.4.3)",
                s.u(t).name
            ))]
        }
    }
}

/// Move a falling-back unit and hard-pin it (C6.4.3).
pub fn fall_back_to(s: &mut State, t: Uid, to: Coord) -> Vec<LogEntry> {
    let side = s.u(t).side;
    // C6.4.3: entering a friendly-occupied hex, over the limit or not, it adds nothing
    // to the hex's defence and halves the D&M of the units there.
    let over = s.side_at(to, side).count() >= 1;
    let u = &mut s.units[t];
    u.loc = Loc::Map(to);
    u.pin = Pin::P2;
    u.fell_back = over;
    vec![LogEntry::public(format!(
        "{} falls back to {to} and is hard pinned (P2){} (C6.4.3)",
        u.name,
        if over {
            ": it shares a friendly hex, adds nothing to its defence and halves its D&M"
        } else {
            ""
        }
    ))]
}

/// Queue "nK" and "nM" against the units of one side in a hex (C6.4.4): kills first;
/// where the result does not take every unit, the owner chooses.
pub fn losses(s: &mut State, among: Vec<Uid>, kills: u32, morale: u32) {
    if among.is_empty() || (kills == 0 && morale == 0) {
        return;
    }
    let side = s.u(among[0]).side;
    s.queue.push(Pending::Losses {
        side,
        among,
        kills,
        morale,
    });
}
