//! Morale and its consequences: the Morale Check (13A, 9D1) and its results, the Pin
//! and its special cases for Mounted units and Holders (9D1.d, 8A), retreats and routs
//! hex by hex (10I, 10J) with Retreat fire on entering an enemy zone of control (9G),
//! lost horses (16B), and the Rally Phase (13B, 13C).

use super::fire::{eliminate, window_firers, zoc_reaches};
use super::modes::change_mode_free;
use super::movement::kill_lone_leaders;
use super::stacking::overstacked_with;
use crate::core::bands::{band_of, drm};
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::rosebud::action::ModeChange;
use crate::games::rosebud::data::{Kind, Mode, MoraleResult, Side, YesNo};
use crate::games::rosebud::state::{FireKind, Loc, Pending, State};
use std::collections::VecDeque;

/// Roll `dice` six-sided dice and add them.
fn roll(s: &mut State, dice: u8) -> (i32, String) {
    let mut total = 0;
    let mut faces = vec![];
    for _ in 0..dice {
        let d = s.dice.d6();
        total += i32::from(d);
        faces.push(d.to_string());
    }
    s.reveals += 1;
    (total, faces.join("+"))
}

/// The best rating among the friendly Leaders whose Command Radius reaches a unit
/// (12C3), with his name.
fn leader_in_radius(s: &State, u: usize) -> Option<(i32, String)> {
    let c = s.hex(u)?;
    let side = s.side(u);
    (0..s.leaders.len())
        .filter(|&l| s.ldef(l).side == side)
        .filter(|&l| {
            // 9D1: a Pinned Leader affects only the units in his own hex.
            let Some((_, radius)) = super::leaders::ratings(s, l) else {
                // 12D1: a mortally or severely wounded Leader uses no rating.
                return false;
            };
            let radius = if s.leaders[l].pinned { 0 } else { radius };
            s.leader_hex(l).is_some_and(|h| h.distance(c) <= radius)
        })
        .filter_map(|l| Some((super::leaders::ratings(s, l)?.0, s.ldef(l).name.clone())))
        .max_by_key(|(r, _)| *r)
}

/// The best rating among the friendly Leaders stacked with a unit (13B).
fn leader_stacked(s: &State, u: usize) -> Option<(i32, String)> {
    let c = s.hex(u)?;
    s.leaders_at(c, s.side(u))
        .filter_map(|l| Some((super::leaders::ratings(s, l)?.0, s.ldef(l).name.clone())))
        .max_by_key(|(r, _)| *r)
}

/// A Morale Check (13A): 2d6 plus the modifiers, and its result applied at once.
/// `extra` is the fire result's own modifier (MC-1, 2 CP); `away` the hexes of the
/// enemy that caused it, for a retreat or rout.
pub fn morale_check(
    s: &mut State,
    u: usize,
    extra: i32,
    away: &[Coord],
    kind: FireKind,
) -> Vec<LogEntry> {
    let mut log = vec![];
    if s.hex(u).is_none() {
        return log;
    }
    let d = s.stat.tables.morale.drm.clone();
    let mut mods: Vec<(String, i32)> = vec![];
    if extra != 0 {
        mods.push(("fire result".into(), extra));
    }
    let unit = &s.units[u];
    if unit.disrupted {
        mods.push(("Disrupted".into(), drm(&d, "disrupted")));
    }
    if unit.pinned {
        mods.push(("Pinned".into(), drm(&d, "pinned")));
    }
    if unit.routed {
        mods.push(("Routed".into(), drm(&d, "routed")));
    }
    if let Some((r, name)) = leader_in_radius(s, u)
        && r != 0
    {
        mods.push((format!("{name}'s radius (12C3)"), r));
    }
    let (natural, faces) = roll(s, 2);
    let total = natural + mods.iter().map(|(_, v)| v).sum::<i32>();
    let result =
        band_of(&s.stat.tables.morale.bands, total).map_or(MoraleResult::Pass, |b| b.result);
    let mods_text: String = mods.iter().map(|(k, v)| format!(" {v:+} {k}")).collect();
    log.push(LogEntry::public(format!(
        "Morale Check for {}: 2d6 {faces}{mods_text} = {total}: {} (13A, table RECONSTRUCTED)",
        s.def(u).name,
        match result {
            MoraleResult::Pass => "no effect",
            MoraleResult::Disrupted => "Disrupted",
            MoraleResult::R1 => "r1/Disrupt",
            MoraleResult::R2 => "r2/Disrupt",
            MoraleResult::Pinned => "Pinned",
            MoraleResult::Routed => "Routed",
        }
    )));
    match result {
        MoraleResult::Pass => {}
        MoraleResult::Disrupted => log.extend(disrupt(s, u)),
        MoraleResult::R1 | MoraleResult::R2 => {
            log.extend(disrupt(s, u));
            s.pending.push(Pending::Retreat {
                unit: u,
                left: if result == MoraleResult::R1 { 1 } else { 2 },
                away: away.to_vec(),
                rout: false,
                before_melee: false,
            });
        }
        MoraleResult::Pinned => log.extend(pin(s, u, away)),
        MoraleResult::Routed => log.extend(start_rout(s, u, away)),
    }
    let _ = kind;
    log
}

/// Disrupt a unit (3B); Routed units ignore it (10J3).
fn disrupt(s: &mut State, u: usize) -> Vec<LogEntry> {
    if s.units[u].routed || s.units[u].disrupted {
        return vec![];
    }
    s.units[u].disrupted = true;
    vec![]
}

/// A Pin result (9D1.d) and its special cases.
pub fn pin(s: &mut State, u: usize, away: &[Coord]) -> Vec<LogEntry> {
    let mut log = vec![];
    let name = s.def(u).name.clone();
    match s.kind(u) {
        Kind::PonyHolder => {
            // 16B: "If engaged in Melee Combat, Pinned or Routed, remove the counter."
            return eliminate(s, u, "(Pinned Pony Holders are removed, 16B)");
        }
        Kind::Cavalry | Kind::Infantry | Kind::Miners | Kind::Scout
            if s.units[u].mode == Mode::Mounted && s.side(u) == Side::US =>
        {
            // 8A, 9D1: "Mounted US units do not become Pinned. They must immediately
            // Dismount in the hex."
            log.push(LogEntry::public(format!(
                "{name} is Mounted: instead of being Pinned it dismounts at once (8A, 9D1)"
            )));
            log.extend(change_mode_free(s, u, ModeChange::Dismount));
            return log;
        }
        Kind::Warrior if s.units[u].mode == Mode::Mounted => {
            // 8A, 9D1: Mounted Indian units "immediately Retreat 2 hexes away from the
            // firing unit and become Disrupted".
            log.push(LogEntry::public(format!(
                "{name} is Mounted: instead of being Pinned it retreats 2 hexes, Disrupted (8A, 9D1)"
            )));
            log.extend(disrupt(s, u));
            s.pending.push(Pending::Retreat {
                unit: u,
                left: 2,
                away: away.to_vec(),
                rout: false,
                before_melee: false,
            });
            return log;
        }
        Kind::Holder if !s.units[u].horseless => {
            log.extend(lose_horses(s, u));
        }
        _ => {}
    }
    if s.stat.options.grass_fires && s.hex(u).is_some_and(|c| super::fire::burning(s, c)) {
        // 9D1: "Pinned units in a grass fire hex automatically and immediately Rout
        // instead of being Pinned."
        log.push(LogEntry::public(format!(
            "{name} is in a grass fire: it routs instead of being Pinned (9D1)"
        )));
        log.extend(start_rout(s, u, away));
        return log;
    }
    s.units[u].pinned = true;
    log.push(LogEntry::public(format!("{name} is Pinned (9D1)")));
    // 12A: a Leader attached to a Pinned unit is Pinned too. With one unit in the hex
    // he is attached to it; with several, this version attaches him to one that is not
    // Pinned while there is one (the owner's choice, made in his favour).
    if let Some(c) = s.hex(u) {
        let side = s.side(u);
        let free = s.at(c, side).any(|v| s.combat(v) && !s.units[v].pinned);
        if !free {
            let here: Vec<usize> = s.leaders_at(c, side).collect();
            for l in here {
                if !s.leaders[l].pinned {
                    s.leaders[l].pinned = true;
                    log.push(LogEntry::public(format!(
                        "{} is Pinned with the unit he is attached to: he affects only his own hex (12A, 9D1)",
                        s.ldef(l).name
                    )));
                }
            }
        }
    }
    if s.units[u].routed {
        // 9D1.e: a Routed unit that becomes Pinned stops its Rout movement there.
        s.pending.retain(|p| !matches!(p, Pending::Retreat { unit, .. } | Pending::Rout { unit, .. } if *unit == u));
    }
    log
}

/// A unit is Routed (10J) and makes its Mandatory Rout: 2 hexes, 3 if Mounted, away
/// from the enemy that caused it. A Pinned unit that routs is only Routed (10J3).
pub fn start_rout(s: &mut State, u: usize, away: &[Coord]) -> Vec<LogEntry> {
    let mut log = vec![];
    match s.kind(u) {
        Kind::PonyHolder => return eliminate(s, u, "(Routed Pony Holders are removed, 16B)"),
        Kind::PackTrain if super::pack::personnel_of(s, u).is_some() => {
            return super::pack::abandon(s, u, away);
        }
        Kind::Holder if !s.units[u].horseless => log.extend(lose_horses(s, u)),
        _ => {}
    }
    s.units[u].pinned = false;
    s.units[u].routed = true;
    s.units[u].disrupted = false;
    s.pending.retain(
        |p| !matches!(p, Pending::Retreat { unit, .. } | Pending::Rout { unit, .. } if *unit == u),
    );
    let r = &s.stat.tables.rout;
    let left = if s.units[u].mode == Mode::Mounted {
        r.mandatory_mounted
    } else {
        r.mandatory
    };
    log.push(LogEntry::public(format!(
        "{} is Routed: Mandatory Rout of {left} hexes (10J2)",
        s.def(u).name
    )));
    s.pending.push(Pending::Retreat {
        unit: u,
        left,
        away: away.to_vec(),
        rout: true,
        before_melee: false,
    });
    log
}

/// A Holder loses its horses (16B): it turns to its "no horses" side, its unit can no
/// longer mount, and the Lost Horses Table says whether the Indians score.
pub fn lose_horses(s: &mut State, h: usize) -> Vec<LogEntry> {
    let mut log = vec![];
    s.units[h].horseless = true;
    if let Some(p) = s.holder_of(h) {
        s.units[p].horseless = true;
    }
    let Some(c) = s.hex(h) else { return log };
    let t = s.stat.tables.lost_horses.clone();
    let indians: Vec<Coord> = (0..s.units.len())
        .filter(|&e| s.side(e) == Side::Indian && s.combat(e))
        .filter_map(|e| s.hex(e))
        .collect();
    let mut mods = vec![];
    if indians.iter().any(|e| e.distance(c) == 1) {
        mods.push(("an Indian unit adjacent", drm(&t.drm, "indian_adjacent")));
    }
    if !indians.iter().any(|e| e.distance(c) <= 5) {
        mods.push((
            "no Indian unit within 5 hexes",
            drm(&t.drm, "no_indian_near"),
        ));
    }
    let (die, _) = roll(s, 1);
    let total = die + mods.iter().map(|(_, v)| v).sum::<i32>();
    let yes = band_of(&t.bands, total).is_some_and(|b| b.result == YesNo::Yes);
    let mods_text: String = mods.iter().map(|(k, v)| format!(" {v:+} {k}")).collect();
    let vp = s.stat.tables.casualty_vp.lost_horses;
    if yes {
        s.vp[Side::Indian as usize] += vp;
    }
    log.push(LogEntry::public(format!(
        "{} lose their horses: Lost Horses Table 1d6 {die}{mods_text} = {total}: {} (16B, table RECONSTRUCTED)",
        s.def(h).name,
        if yes {
            format!("Yes, Indian +{vp} VP")
        } else {
            "No".into()
        }
    )));
    log
}

/// Whether a hex counts as in an enemy zone of control for a retreat (10I3, 5: a
/// friendly unit in the hex negates it).
pub(super) fn hostile(s: &State, u: usize, c: Coord) -> bool {
    let side = s.side(u);
    if s.at(c, side).any(|v| v != u) {
        return false;
    }
    (0..s.units.len()).any(|e| s.side(e) != side && s.combat(e) && zoc_reaches(s, e, c))
}

/// Whether a unit may step into `n` from its hex in a retreat or rout (10I2): on the
/// map, not across a Cliff, not into enemy units (except Leaders and Pony Holders alone).
fn passable(s: &State, u: usize, from: Coord, n: Coord) -> bool {
    s.stat.on_board(n)
        && s.stat.hexside(from, n) != Some("cliff")
        && s.at(n, s.side(u).other()).all(|e| !s.combat(e))
}

/// The hexes a retreating unit may enter next (10I): farther from every enemy that
/// caused it, a hex out of enemy zones of control first (10I3), and on the last hex one
/// within the stacking limit where there is one (10I5).
pub fn retreat_options(s: &State, u: usize, away: &[Coord], last: bool) -> Vec<Coord> {
    let Some(c) = s.hex(u) else { return vec![] };
    let near = |x: Coord| away.iter().map(|a| a.distance(x)).min().unwrap_or(u32::MAX);
    let mut opts: Vec<Coord> = s
        .stat
        .map
        .neighbors(c)
        .filter(|&n| passable(s, u, c, n) && near(n) > near(c))
        .collect();
    opts = out_of_zoc_first(s, u, opts);
    if last {
        let room: Vec<Coord> = opts
            .iter()
            .copied()
            .filter(|&n| !overstacked_with(s, n, s.side(u), Some(u)))
            .collect();
        if !room.is_empty() {
            opts = room;
        }
    }
    opts
}

/// Where a US Subsequent Rout ends (10J2a): stacked with or next to a friendly unit that
/// is not Routed, a Leader, the Column HQ or a Pack Train; in Light Woods or Rocks; or
/// with no Indian combat unit within 15 hexes. An Indian rout ends 3 hexes from every
/// US unit (10J2b).
pub fn rout_over(s: &State, u: usize) -> bool {
    let Some(c) = s.hex(u) else { return true };
    let r = &s.stat.tables.rout;
    let side = s.side(u);
    let enemies = enemy_hexes(s, side);
    if side == Side::Indian {
        return enemies.iter().all(|e| e.distance(c) >= r.indian_safe);
    }
    haven(s, u, c) || enemies.iter().all(|e| e.distance(c) > r.us_watch)
}

/// Of the hexes a retreat or rout may enter, those out of enemy zones of control when
/// there are any (10I3).
fn out_of_zoc_first(s: &State, u: usize, opts: Vec<Coord>) -> Vec<Coord> {
    let free: Vec<Coord> = opts
        .iter()
        .copied()
        .filter(|&n| !hostile(s, u, n))
        .collect();
    if free.is_empty() { opts } else { free }
}

/// Whether a hex's terrain ends a US rout (10J2a: Light Woods, Rocks).
fn refuge_terrain(s: &State, c: Coord) -> bool {
    s.stat
        .map
        .terrain_name(c)
        .and_then(|t| s.stat.tables.terrain.iter().find(|r| r.terrain == t))
        .is_some_and(|r| r.refuge)
}

/// Whether a hex ends a US rout by what is in or next to it (10J2a).
fn haven(s: &State, u: usize, c: Coord) -> bool {
    let refuge = refuge_terrain(s, c);
    let friend = (0..s.units.len()).any(|v| {
        v != u
            && s.side(v) == Side::US
            && s.combat(v)
            && !s.units[v].routed
            && s.hex(v).is_some_and(|h| h.distance(c) <= 1)
    });
    let leader = (0..s.leaders.len())
        .any(|l| s.ldef(l).side == Side::US && s.leader_hex(l).is_some_and(|h| h.distance(c) <= 1));
    refuge || friend || leader
}

/// The next hexes of a Subsequent Rout (10J2): US units by the shortest way toward
/// where the rout ends (10J2a), Indian units away from the nearest US unit (10J2b); a
/// hex out of enemy zones of control first (10I3).
pub fn rout_options(s: &State, u: usize) -> Vec<Coord> {
    let Some(c) = s.hex(u) else { return vec![] };
    let side = s.side(u);
    let mut opts: Vec<Coord> = if side == Side::US {
        let dist = haven_distance(s, u);
        let here = dist.get(&c).copied().unwrap_or(u32::MAX);
        s.stat
            .map
            .neighbors(c)
            .filter(|&n| passable(s, u, c, n) && dist.get(&n).is_some_and(|&d| d < here))
            .collect()
    } else {
        let us: Vec<Coord> = (0..s.units.len())
            .filter(|&e| s.side(e) == Side::US && s.combat(e))
            .filter_map(|e| s.hex(e))
            .collect();
        let near = |x: Coord| us.iter().map(|a| a.distance(x)).min().unwrap_or(u32::MAX);
        s.stat
            .map
            .neighbors(c)
            .filter(|&n| passable(s, u, c, n) && near(n) > near(c))
            .collect()
    };
    opts = out_of_zoc_first(s, u, opts);
    opts
}

/// Steps from every hex to the nearest hex where a US rout ends, over hexes a routing
/// unit may cross.
fn haven_distance(s: &State, u: usize) -> std::collections::HashMap<Coord, u32> {
    // The hexes next to (or holding) a friendly unit that is not Routed or a Leader,
    // marked once, then the refuge terrain: the same hexes as `haven`, without a scan
    // of every unit for every hex.
    let mut near: std::collections::HashSet<Coord> = std::collections::HashSet::new();
    let anchors = (0..s.units.len())
        .filter(|&v| v != u && s.side(v) == Side::US && s.combat(v) && !s.units[v].routed)
        .filter_map(|v| s.hex(v))
        .chain(
            (0..s.leaders.len())
                .filter(|&l| s.ldef(l).side == Side::US)
                .filter_map(|l| s.leader_hex(l)),
        );
    for a in anchors {
        near.insert(a);
        near.extend(s.stat.map.neighbors(a));
    }
    let refuge: Vec<&str> = s
        .stat
        .tables
        .terrain
        .iter()
        .filter(|r| r.refuge)
        .map(|r| r.terrain.as_str())
        .collect();
    let enemy: std::collections::HashSet<Coord> = (0..s.units.len())
        .filter(|&e| s.side(e) == Side::Indian && s.combat(e))
        .filter_map(|e| s.hex(e))
        .collect();
    let mut dist = std::collections::HashMap::new();
    let mut q = VecDeque::new();
    for c in s.stat.map.coords() {
        let terrain = s.stat.map.terrain_name(c).unwrap_or("clear");
        if s.stat.on_board(c)
            && !enemy.contains(&c)
            && (near.contains(&c) || refuge.contains(&terrain))
        {
            dist.insert(c, 0);
            q.push_back(c);
        }
    }
    while let Some(c) = q.pop_front() {
        let d = dist[&c];
        for n in s.stat.map.neighbors(c) {
            if !dist.contains_key(&n)
                && s.stat.on_board(n)
                && !enemy.contains(&n)
                && s.stat.hexside(c, n) != Some("cliff")
            {
                dist.insert(n, d + 1);
                q.push_back(n);
            }
        }
    }
    dist
}

/// Whether a unit is on the map's edge (a retreat may leave the map there, 10I7).
pub(super) fn on_edge(s: &State, c: Coord) -> bool {
    s.stat.map.neighbors(c).count() < 6 || s.stat.map.neighbors(c).any(|n| !s.stat.on_board(n))
}

/// One step of a retreat or rout into `to` (10I): no MP, no ZOC cost (5.6); Leaders
/// alone with the unit go with it (12A); enemy Leaders and Pony Holders alone there
/// are eliminated (10I2); Retreat fire may follow (9G).
pub fn step(s: &mut State, u: usize, to: Coord) -> Vec<LogEntry> {
    let mut log = vec![];
    let Some(from) = s.hex(u) else { return log };
    let side = s.side(u);
    let alone = s.at(from, side).count() == 1;
    let at_end = matches!(s.pending.first(), Some(Pending::Rout { .. })) && rout_over(s, u);
    s.units[u].at = Loc::Map(to);
    if s.units[u].mode == Mode::Prone {
        s.units[u].mode = Mode::Dismounted;
    }
    if alone {
        for l in 0..s.leaders.len() {
            if s.leaders[l].at == Loc::Map(from) && s.ldef(l).side == side {
                s.leaders[l].at = Loc::Map(to);
            }
        }
    }
    let (rout, left) = match s.pending.first_mut() {
        Some(Pending::Retreat { left, rout, .. }) => {
            *left = left.saturating_sub(1);
            (*rout, *left)
        }
        Some(Pending::Rout { left, onward, .. }) => {
            // 10J1: a step from a hex where the rout would end is the owner's choice
            // to go on.
            *onward |= at_end;
            *left = left.saturating_sub(1);
            (true, *left)
        }
        _ => (false, 0),
    };
    log.push(LogEntry::public(format!(
        "{} {} to {} (10{})",
        s.def(u).name,
        if rout { "routs" } else { "retreats" },
        s.stat.label(to),
        if rout { "J" } else { "I" }
    )));
    let ponies: Vec<usize> = s.at(to, side.other()).collect();
    for p in ponies {
        log.extend(eliminate(s, p, "by the retreating enemy (10I2)"));
    }
    log.extend(kill_lone_leaders(s, u, to));
    // 10I5: a retreat may not end over the stacking limit; it goes on, and Disrupts one
    // friendly unit of the hex it passes through.
    if left == 0 && super::overstacked(s, to, side) {
        if let Some(Pending::Retreat { left, .. }) = s.pending.first_mut() {
            *left = 1;
        }
        let other = s.at(to, side).find(|&v| v != u && !s.units[v].disrupted);
        if let Some(v) = other {
            s.units[v].disrupted = true;
            log.push(LogEntry::public(format!(
                "{} passes through a full hex and Disrupts {} (10I5)",
                s.def(u).name,
                s.def(v).name
            )));
        }
    }
    // 9G: Retreat fire as it enters an enemy zone of control.
    let firers = window_firers(s, u, to);
    if !firers.is_empty() {
        s.pending.insert(
            0,
            Pending::Window {
                target: u,
                kind: FireKind::Retreat,
                eligible: firers,
                declared: vec![],
                then: None,
            },
        );
    }
    log
}

/// Settle the first pending retreat or rout as far as it goes without a choice: end it,
/// take the only way, or leave the map or die when there is none (10I7, 10J2).
/// Returns false when the owner must choose.
pub fn settle_retreat(s: &mut State, log: &mut Vec<LogEntry>) -> bool {
    let Some(p) = s.pending.first().cloned() else {
        return false;
    };
    match p {
        Pending::Retreat {
            unit,
            left,
            away,
            rout,
            before_melee,
        } => {
            if left == 0 || s.hex(unit).is_none() {
                s.pending.remove(0);
                return true;
            }
            if before_melee {
                // 10H4: a Pinned unit may not retreat before melee (a Pin from the
                // Opportunity fire stops it); 10F: a Routed unit that cannot go without
                // entering an enemy ZOC stays.
                let opts = retreat_options(s, unit, &away, left == 1);
                let stays = s.units[unit].pinned
                    || opts.is_empty()
                    || s.units[unit].routed && opts.iter().all(|&n| hostile(s, unit, n));
                if stays {
                    log.push(LogEntry::public(format!(
                        "{} stays in its hex (10H)",
                        s.def(unit).name
                    )));
                    s.pending.remove(0);
                    return true;
                }
            }
            if rout && s.side(unit) == Side::Indian && rout_over(s, unit) {
                log.push(LogEntry::public(format!(
                    "{} is {} hexes from every US unit: its Mandatory Rout ends (10J2b)",
                    s.def(unit).name,
                    s.stat.tables.rout.indian_safe
                )));
                s.pending.remove(0);
                return true;
            }
            let opts = retreat_options(s, unit, &away, left == 1);
            // 10H1: "all Mounted units may Retreat one or two hexes": after its first
            // hex a Mounted unit's owner chooses to go on or stop.
            if may_stop(s) && !opts.is_empty() {
                return false;
            }
            match opts.len() {
                0 => {
                    s.pending.remove(0);
                    let c = s.hex(unit).expect("on the map");
                    if on_edge(s, c) {
                        s.units[unit].at = Loc::Gone;
                        log.push(LogEntry::public(format!(
                            "{} can only go off the map: it is out of the game, no VP (10I7)",
                            s.def(unit).name
                        )));
                    } else {
                        log.extend(eliminate(s, unit, "unable to retreat (10I7)"));
                        if s.phase == crate::games::rosebud::state::Phase::Melee {
                            // 12D5: "A Leader is also killed if the unit he was
                            // attached to is completely eliminated in Melee."
                            let side = s.side(unit);
                            log.extend(super::leaders::die_with_last_unit(s, c, side));
                        }
                    }
                    true
                }
                1 => {
                    log.extend(step(s, unit, opts[0]));
                    true
                }
                _ => false,
            }
        }
        Pending::Rout { unit, left, onward } => {
            let over = s.hex(unit).is_none() || rout_over(s, unit);
            if left == 0 || s.hex(unit).is_none() || over && !may_go_on(s, unit) {
                if left > 0 && s.hex(unit).is_some() {
                    log.push(LogEntry::public(format!(
                        "{}'s Subsequent Rout ends at {} (10J2)",
                        s.def(unit).name,
                        s.stat.label(s.hex(unit).expect("on the map"))
                    )));
                }
                s.pending.remove(0);
                return true;
            }
            if over {
                // 10J1: "He may also voluntarily continue Rout movement even if the
                // Routed unit enters a hex where its Subsequent Rout movement ends."
                return false;
            }
            let opts = if onward {
                onward_options(s, unit)
            } else {
                rout_options(s, unit)
            };
            match opts.len() {
                0 => {
                    s.pending.remove(0);
                    log.push(LogEntry::public(format!(
                        "{} has no hex to rout to and stays (10J2)",
                        s.def(unit).name
                    )));
                    true
                }
                1 => {
                    log.extend(step(s, unit, opts[0]));
                    true
                }
                _ => false,
            }
        }
        _ => false,
    }
}

/// Whether the first pending retreat is a Mounted unit's Retreat before melee after its
/// first hex, which it may end there (10H1: "Mounted units may Retreat one or two
/// hexes").
pub fn may_stop(s: &State) -> bool {
    matches!(
        s.pending.first(),
        Some(Pending::Retreat { unit, left: 1, before_melee: true, rout: false, .. })
            if s.units[*unit].mode == Mode::Mounted && !s.units[*unit].routed
    )
}

/// The options of the first pending retreat or rout, for the legal actions.
pub fn pending_options(s: &State) -> Vec<Coord> {
    match s.pending.first() {
        Some(Pending::Retreat {
            unit, left, away, ..
        }) => retreat_options(s, *unit, away, *left == 1),
        Some(Pending::Rout { unit, onward, .. }) => {
            if *onward || rout_over(s, *unit) {
                onward_options(s, *unit)
            } else {
                rout_options(s, *unit)
            }
        }
        _ => vec![],
    }
}

/// Whether Voluntary Rout is played (10J1; the `no_voluntary_rout` option leaves it
/// out).
pub fn voluntary(s: &State) -> bool {
    !s.stat.options.no_voluntary_rout
}

/// Whether a unit may rout voluntarily now (10J1): a unit on the map, not Routed
/// already; never the Pack Train's Personnel or the train they man (15B: "Pack Personnel
/// may never voluntarily leave the Pack Train (including Voluntary Rout)"), and not the
/// Holders, which hold horses rather than fight.
pub fn may_volunteer(s: &State, u: usize) -> bool {
    voluntary(s)
        && s.hex(u).is_some()
        && !s.units[u].routed
        && !matches!(
            s.kind(u),
            Kind::PackTrain | Kind::PackPersonnel | Kind::Holder | Kind::PonyHolder
        )
}

/// 10J1: ask the owner of `units`, just fired upon or out of a melee, whether to rout
/// any of them voluntarily, away from `away`. Several shots at the same units in one
/// window make one question.
pub fn offer_voluntary(s: &mut State, side: Side, units: Vec<usize>, away: Vec<Coord>) {
    let units: Vec<usize> = units.into_iter().filter(|&u| may_volunteer(s, u)).collect();
    if units.is_empty() {
        return;
    }
    if let Some(Pending::Volunteer {
        side: sd,
        units: us,
        away: aw,
    }) = s.pending.last_mut()
        && *sd == side
        && *us == units
    {
        for a in away {
            if !aw.contains(&a) {
                aw.push(a);
            }
        }
        return;
    }
    s.pending.push(Pending::Volunteer { side, units, away });
}

/// The units a Volunteer question may still rout.
pub fn volunteers(s: &State) -> Vec<usize> {
    match s.pending.first() {
        Some(Pending::Volunteer { units, .. }) => units
            .iter()
            .copied()
            .filter(|&u| may_volunteer(s, u))
            .collect(),
        _ => vec![],
    }
}

/// The hexes of the combat units on the map of the side opposed to `side`.
fn enemy_hexes(s: &State, side: Side) -> Vec<Coord> {
    (0..s.units.len())
        .filter(|&e| s.side(e) != side && s.combat(e))
        .filter_map(|e| s.hex(e))
        .collect()
}

/// The hexes of the enemy combat units nearest to a unit: where a rout chosen in the
/// Rally Phase runs from (10J1, 10J2: "away from the enemy unit(s)").
pub fn nearest_enemies(s: &State, u: usize) -> Vec<Coord> {
    let Some(c) = s.hex(u) else { return vec![] };
    let hexes = enemy_hexes(s, s.side(u));
    let Some(d) = hexes.iter().map(|h| h.distance(c)).min() else {
        return vec![];
    };
    let mut near: Vec<Coord> = hexes.into_iter().filter(|h| h.distance(c) == d).collect();
    near.sort_unstable_by_key(|h| (h.col, h.row));
    near.dedup();
    near
}

/// Rout units voluntarily (10J1): each makes its Mandatory Rout away from `away` at
/// once, before whatever else was waiting.
pub fn rout_voluntarily(s: &mut State, units: &[usize], away: &[Coord]) -> Vec<LogEntry> {
    let mut log = vec![];
    let rest = std::mem::take(&mut s.pending);
    for &u in units {
        log.push(LogEntry::public(format!(
            "{} routs voluntarily (10J1)",
            s.def(u).name
        )));
        let away = if away.is_empty() {
            nearest_enemies(s, u)
        } else {
            away.to_vec()
        };
        log.extend(start_rout(s, u, &away));
    }
    s.pending.extend(rest);
    log
}

/// Answer a Voluntary Rout question (10J1) with `rout U` (`Some(U)`) or `rout all`
/// (`None`): the chosen units rout at once; the others may still be chosen once the
/// chosen ones' Mandatory Routs are walked.
pub fn answer_volunteer(s: &mut State, unit: Option<usize>) -> Vec<LogEntry> {
    let Some(Pending::Volunteer { side, away, .. }) = s.pending.first().cloned() else {
        return vec![];
    };
    let all = volunteers(s);
    s.pending.remove(0);
    let chosen: Vec<usize> = match unit {
        Some(u) => vec![u],
        None => all.clone(),
    };
    let rest: Vec<usize> = all.into_iter().filter(|u| !chosen.contains(u)).collect();
    let log = rout_voluntarily(s, &chosen, &away);
    if !rest.is_empty() {
        let n = s
            .pending
            .iter()
            .position(|p| !matches!(p, Pending::Retreat { unit, .. } if chosen.contains(unit)))
            .unwrap_or(s.pending.len());
        s.pending.insert(
            n,
            Pending::Volunteer {
                side,
                units: rest,
                away,
            },
        );
    }
    log
}

/// Whether the first pending Subsequent Rout stands in a hex where it would end and its
/// owner may choose to stop there or go on (10J1).
pub fn may_halt_rout(s: &State) -> bool {
    matches!(s.pending.first(), Some(Pending::Rout { unit, left, .. })
        if *left > 0 && s.hex(*unit).is_some() && rout_over(s, *unit) && may_go_on(s, *unit))
}

/// Whether a routing unit at a hex where its rout ends may go on (10J1): Voluntary Rout
/// is played and a hex farther from the enemy is open.
fn may_go_on(s: &State, u: usize) -> bool {
    voluntary(s) && !onward_options(s, u).is_empty()
}

/// The hexes of a rout its owner chose to continue (10J1): away from the nearest enemy
/// combat unit, out of enemy zones of control first.
pub fn onward_options(s: &State, u: usize) -> Vec<Coord> {
    let Some(c) = s.hex(u) else { return vec![] };
    let enemies = enemy_hexes(s, s.side(u));
    if enemies.is_empty() {
        return vec![];
    }
    let near = |x: Coord| {
        enemies
            .iter()
            .map(|a| a.distance(x))
            .min()
            .unwrap_or(u32::MAX)
    };
    let opts: Vec<Coord> = s
        .stat
        .map
        .neighbors(c)
        .filter(|&n| passable(s, u, c, n) && near(n) > near(c))
        .collect();
    out_of_zoc_first(s, u, opts)
}

/// The Rally Phase's rolls (13B): every Pinned unit of the phasing player rallies
/// automatically unless an enemy combat unit is adjacent, else rolls; then every Routed
/// one rolls. The Leader's and radius modifiers of 13B, 12C1 apply.
pub fn rally(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    let side = s.phasing;
    let t = s.stat.tables.rally.clone();
    // 13B: "Leaders automatically Rally from all adverse morale effects".
    for l in 0..s.leaders.len() {
        if s.ldef(l).side == side && s.leaders[l].pinned {
            s.leaders[l].pinned = false;
            log.push(LogEntry::public(format!(
                "{} rallies from his Pin (13B: Leaders rally automatically)",
                s.ldef(l).name
            )));
        }
    }
    for u in 0..s.units.len() {
        if s.side(u) != side || s.hex(u).is_none() {
            continue;
        }
        let c = s.hex(u).expect("on the map");
        let adjacent = (0..s.units.len()).any(|e| {
            s.side(e) != side && s.combat(e) && s.hex(e).is_some_and(|h| h.distance(c) == 1)
        });
        let mut base: Vec<(String, i32)> = vec![];
        if let Some((r, name)) = leader_stacked(s, u)
            && r != 0
        {
            base.push((format!("{name} stacked (13B)"), r));
        }
        let us_unled =
            side == Side::US && s.kind(u) != Kind::Scout && leader_in_radius(s, u).is_none();
        if us_unled {
            base.push((
                "outside every Command Radius".into(),
                drm(&t.drm, "self_rally_outside_radius"),
            ));
        }
        let mut still_pinned = false;
        if s.units[u].pinned {
            if !adjacent {
                s.units[u].pinned = false;
                log.push(LogEntry::public(format!(
                    "{} is not adjacent to an enemy combat unit and rallies from its Pin (13B2)",
                    s.def(u).name
                )));
            } else {
                let (yes, line) = rally_roll(s, u, &base, "Pin", &t);
                log.push(line);
                if yes {
                    s.units[u].pinned = false;
                } else {
                    still_pinned = true;
                }
            }
        }
        if s.units[u].routed {
            let mut mods = base.clone();
            if still_pinned {
                mods.push(("still Pinned".into(), drm(&t.drm, "pinned_and_routed")));
            }
            if refuge_terrain(s, c)
                || s.at(c, side)
                    .any(|v| v != u && s.combat(v) && !s.units[v].routed)
            {
                mods.push(("a refuge".into(), drm(&t.drm, "rout_refuge")));
            }
            if adjacent {
                mods.push((
                    "adjacent to the enemy".into(),
                    drm(&t.drm, "routed_adjacent_enemy"),
                ));
            }
            let (yes, line) = rally_roll(s, u, &mods, "Rout", &t);
            log.push(line);
            if yes {
                s.units[u].routed = false;
            }
        }
    }
    log
}

/// One Rally Table roll (13C).
fn rally_roll(
    s: &mut State,
    u: usize,
    mods: &[(String, i32)],
    what: &str,
    t: &crate::games::rosebud::data::DieTable<YesNo>,
) -> (bool, LogEntry) {
    let (die, _) = roll(s, 1);
    let total = die + mods.iter().map(|(_, v)| v).sum::<i32>();
    let yes = band_of(&t.bands, total).is_some_and(|b| b.result == YesNo::Yes);
    let mods_text: String = mods.iter().map(|(k, v)| format!(" {v:+} {k}")).collect();
    (
        yes,
        LogEntry::public(format!(
            "{} rolls to rally from its {what}: 1d6 {die}{mods_text} = {total}: {} (13C, table RECONSTRUCTED)",
            s.def(u).name,
            if yes { "Yes" } else { "No" }
        )),
    )
}
