//! Fire combat (9, with 9A-C reconstructed): who may fire at whom (range, line of
//! sight), the firing strength and its column, the 2d6 roll with its modifiers, the
//! ammunition check on a natural 5 (14A), and the results (9D): Morale Checks and
//! Casualty Points, applied to the one unit fired at. Opportunity fire (9F) and Retreat
//! fire (9G) open a window for the enemy, kept in `State::pending`.

use super::morale::{lose_horses, morale_check, start_rout};
use crate::core::bands::drm;
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::rosebud::data::{AmmoRule, FireResult, Kind, Mode, Side, Zoc};
use crate::games::rosebud::state::{FireKind, Loc, Offensive, Pending, State};

/// Whether unit `e` exerts its zone of control into hex `c` (5): a Full ZOC reaches the
/// six hexes around (not across a Cliff); Holders and Routed units only their own hex;
/// Pinned units keep theirs (9D1.e).
pub fn zoc_reaches(s: &State, e: usize, c: Coord) -> bool {
    let Some(h) = s.hex(e) else { return false };
    // Most units are far away: the distance first, the class only for the near ones.
    if h.distance(c) > 1 {
        return false;
    }
    let zoc = if s.units[e].routed && s.class(e).zoc == Zoc::Full {
        Zoc::Partial
    } else {
        s.class(e).zoc
    };
    if h == c {
        return zoc != Zoc::None;
    }
    zoc == Zoc::Full
        && h.distance(c) == 1
        && s.stat.on_board(c)
        && s.stat.hexside(h, c) != Some("cliff")
}

/// Whether a unit can fire at all now (9A reconstructed; 10J3: never when Routed;
/// Pony Holders are not combat units, 3J).
pub fn can_fire(s: &State, u: usize) -> bool {
    s.hex(u).is_some()
        && s.combat(u)
        && !s.units[u].routed
        && !s.units[u].fired
        && s.cf(u) > 0
        && !s.units[u].supplying
        && !(on_roster(s, u) && s.units[u].halves == 0)
}

/// Whether a unit keeps its ammunition on the Ammo Roster (14D Option #2: "Each
/// Cavalry, Infantry, Miner and Scout unit has ammo points"; the US player's only).
pub fn on_roster(s: &State, u: usize) -> bool {
    s.stat.options.ammo == AmmoRule::Roster
        && s.side(u) == Side::US
        && s.stat
            .tables
            .ammo_roster
            .boxes
            .iter()
            .any(|(k, _)| *k == s.kind(u))
}

/// The half-boxes a fire of this kind marks on the Ammo Roster (14D Option #2): half a
/// box for fire at 1/2 (chosen, Advance fire, and by this version's reading the other
/// fire the rules halve: Offensive at 1/2, Opportunity), else a whole box.
pub fn halves_used(kind: FireKind) -> u32 {
    match kind {
        FireKind::Offensive | FireKind::Defensive | FireKind::Retreat => 2,
        FireKind::OffensiveHalf
        | FireKind::DefensiveHalf
        | FireKind::Advance
        | FireKind::Opportunity => 1,
    }
}

/// Whether a Roster unit's fire of this kind is at half for its ammunition: chosen
/// (Defensive at 1/2), or its last half box (14D: "the unit may only fire at half
/// strength for its last remaining shot").
fn ammo_halved(s: &State, f: usize, kind: FireKind) -> bool {
    kind == FireKind::DefensiveHalf
        || (on_roster(s, f) && s.units[f].halves == 1 && halves_used(kind) == 2)
}

/// The longest range of a unit's fire and the factor beyond 1 hex (reconstructed).
fn range_of(s: &State, u: usize) -> (u32, f64) {
    let kind = s.kind(u);
    s.stat
        .tables
        .fire
        .ranges
        .iter()
        .find(|r| r.kinds.contains(&kind))
        .map_or((1, 1.0), |r| (r.max_range, r.long_factor))
}

/// A hex's height as an obstacle to line of sight: its level, plus its terrain's.
fn obstacle(s: &State, c: Coord) -> u8 {
    let t = s.stat.map.terrain_name(c).unwrap_or("clear");
    let add = s
        .stat
        .tables
        .terrain
        .iter()
        .find(|r| r.terrain == t)
        .map_or(0, |r| r.los);
    s.stat.map.level(c).saturating_add(add)
}

/// Line of sight between two hexes (reconstructed, docs/reconstructions-rosebud.md s.2):
/// an intervening hex blocks when its obstacle height is above both ends' levels.
pub fn sight(s: &State, a: Coord, b: Coord) -> bool {
    if a.distance(b) <= 1 {
        return true;
    }
    let top = s.stat.map.level(a).max(s.stat.map.level(b));
    s.stat.map.los(a, b, |c| obstacle(s, c) > top)
}

/// Whether `f` may fire at `t` now, range and line of sight included.
pub fn can_target(s: &State, f: usize, t: usize) -> bool {
    let (Some(a), Some(b)) = (s.hex(f), s.hex(t)) else {
        return false;
    };
    if s.side(f) == s.side(t) {
        return false;
    }
    let d = a.distance(b);
    let (max, _) = range_of(s, f);
    d >= 1 && d <= max && sight(s, a, b)
}

/// The factor a fire's kind applies (4B, 4E, 9F; 9G fires at full).
fn kind_factor(s: &State, kind: FireKind) -> (f64, Option<&'static str>) {
    let key = match kind {
        FireKind::Offensive | FireKind::Defensive | FireKind::DefensiveHalf | FireKind::Retreat => {
            return (1.0, None);
        }
        FireKind::OffensiveHalf => "offensive_half",
        FireKind::Advance => "advance",
        FireKind::Opportunity => "opportunity",
    };
    (factor(s, key), Some(key))
}

/// A named strength factor.
fn factor(s: &State, key: &str) -> f64 {
    s.stat
        .tables
        .fire
        .factors
        .iter()
        .find(|f| f.key == key)
        .map_or(1.0, |f| f.factor)
}

/// The firing strength of `f` at `t` (9B reconstructed: the current Combat Factor times
/// every factor, fractions kept, 3L), with the factors named.
pub fn strength(s: &State, f: usize, t: usize, kind: FireKind) -> (f64, Vec<String>) {
    let mut x = f64::from(s.cf(f));
    let mut why = vec![];
    let (k, key) = kind_factor(s, kind);
    if let Some(key) = key {
        x *= k;
        why.push(format!("{key} x{k}"));
    }
    if ammo_halved(s, f, kind) {
        let k = factor(s, "ammo_half");
        x *= k;
        why.push(format!("ammunition x{k}, 14D"));
    }
    if s.units[f].pinned {
        let k = factor(s, "pinned");
        x *= k;
        why.push(format!("Pinned x{k}"));
    }
    if s.units[f].low_ammo {
        let k = factor(s, "low_ammo");
        x *= k;
        why.push(format!("Low Ammo x{k}"));
    }
    if let (Some(a), Some(b)) = (s.hex(f), s.hex(t))
        && a.distance(b) > 1
    {
        let (_, k) = range_of(s, f);
        x *= k;
        why.push(format!("range {} x{k}", a.distance(b)));
    }
    (x, why)
}

/// The column a strength reads: the rightmost whose lowest strength it reaches.
pub fn column(s: &State, x: f64) -> usize {
    let cols = &s.stat.tables.fire.columns;
    cols.iter().rposition(|&c| x >= c).unwrap_or(0)
}

/// The die-roll modifiers of a fire, each with its key (9 reconstructed).
pub fn modifiers(s: &State, f: usize, t: usize) -> Vec<(&'static str, i32)> {
    let d = &s.stat.tables.fire.drm;
    let mut out = vec![];
    let tu = &s.units[t];
    let fu = &s.units[f];
    if tu.mode == Mode::Mounted {
        out.push(("target_mounted", drm(d, "target_mounted")));
    }
    // 16C: units under Breastworks count as Prone.
    if super::works::prone(s, t) || tu.pinned {
        out.push(("target_prone_or_pinned", drm(d, "target_prone_or_pinned")));
    }
    if let (Some(a), Some(b)) = (s.hex(f), s.hex(t)) {
        let name = s.stat.map.terrain_name(b).unwrap_or("clear");
        if let Some(r) = s.stat.tables.terrain.iter().find(|r| r.terrain == name)
            && r.fire != 0
        {
            out.push(("target_terrain", r.fire));
        }
        if s.stat.map.level(b) > s.stat.map.level(a) {
            out.push(("target_uphill", drm(d, "target_uphill")));
        }
    }
    if fu.mode == Mode::Mounted {
        out.push(("firer_mounted", drm(d, "firer_mounted")));
    }
    if super::works::prone(s, f) {
        out.push(("firer_prone", drm(d, "firer_prone")));
    }
    if fu.disrupted {
        out.push(("firer_disrupted", drm(d, "firer_disrupted")));
    }
    out
}

/// The result a modified total reads in a column.
pub fn lookup(s: &State, col: usize, total: i32) -> FireResult {
    let f = &s.stat.tables.fire;
    let row = (total - f.first_total).clamp(0, f.rows.len() as i32 - 1) as usize;
    f.rows[row]
        .split_whitespace()
        .nth(col)
        .and_then(FireResult::parse)
        .unwrap_or(FireResult::NoEffect)
}

/// Resolve one fire of `f` at `t` and apply its result at once (9B-9D, 9F3).
pub fn fire(s: &mut State, f: usize, t: usize, kind: FireKind) -> Vec<LogEntry> {
    let mut log = vec![];
    let (x, why) = strength(s, f, t, kind);
    let col = column(s, x);
    let d1 = s.dice.d6();
    let d2 = s.dice.d6();
    s.reveals += 1;
    let natural = i32::from(d1) + i32::from(d2);
    let mods = modifiers(s, f, t);
    let total = natural + mods.iter().map(|(_, v)| v).sum::<i32>();
    let result = lookup(s, col, total);
    s.units[f].fired = true;
    if kind == FireKind::Advance {
        s.units[f].advance_at = s.hex(t);
    }
    match kind {
        FireKind::Offensive => s.units[f].offensive = Some(Offensive::Full),
        FireKind::OffensiveHalf => s.units[f].offensive = Some(Offensive::Half),
        _ => {}
    }
    let heading = s.stat.tables.fire.columns[col];
    let kind_name = match kind {
        FireKind::Offensive => "Offensive fire",
        FireKind::OffensiveHalf => "Offensive fire at 1/2",
        FireKind::Defensive => "Defensive fire",
        FireKind::DefensiveHalf => "Defensive fire at 1/2 (14D)",
        FireKind::Advance => "Advance fire",
        FireKind::Opportunity => "Opportunity fire",
        FireKind::Retreat => "Retreat fire",
    };
    let mods_text = if mods.is_empty() {
        String::new()
    } else {
        format!(
            " {}",
            mods.iter()
                .map(|(k, v)| format!("{v:+} {k}"))
                .collect::<Vec<_>>()
                .join(" ")
        )
    };
    log.push(LogEntry::public(format!(
        "{kind_name}: {} at {} in {}: strength {}{} reads the {} column; 2d6 {d1}+{d2}{mods_text} = {total}: {result} (9, Fire Table RECONSTRUCTED)",
        s.def(f).name,
        s.def(t).name,
        s.hex(t).map(|c| s.stat.label(c)).unwrap_or_default(),
        trim(x),
        if why.is_empty() {
            String::new()
        } else {
            format!(" ({})", why.join(", "))
        },
        if col == 0 {
            "<1".to_string()
        } else {
            trim(heading)
        }
    )));
    log.extend(ammunition(s, f, natural, kind));
    if s.stat.options.grass_fires {
        log.extend(grass_fire(s, t, natural));
    }
    // 9E, 12D1: a natural 2, or a Casualty Point to the target, calls one Leader Loss
    // Check in the target's hex, made before the result is applied.
    if (natural == 2 || matches!(result, FireResult::Cp(_)))
        && let Some(c) = s.hex(t)
    {
        let why = if natural == 2 {
            "a natural 2 on the fire, 9E"
        } else {
            "a Casualty Point in his hex, 9E"
        };
        log.extend(super::leaders::check_in_hex(s, c, s.side(t), why));
    }
    let from = s.hex(f);
    let (side, hex) = (s.side(t), s.hex(t));
    log.extend(apply_result(s, t, result, from, kind));
    // 10J1: the owner of the units fired upon may rout them voluntarily.
    if let Some(c) = hex {
        let units: Vec<usize> = s.at(c, side).collect();
        super::morale::offer_voluntary(s, side, units, from.into_iter().collect());
    }
    log
}

/// The ammunition a fire uses (14A, 14D): under the basic rules (and for the Indians
/// always) a natural 5 calls a re-roll that may leave the firer Low on Ammo, except for a
/// US unit's first fire under Option #1; on the Ammo Roster the fire marks its boxes.
fn ammunition(s: &mut State, f: usize, natural: i32, kind: FireKind) -> Vec<LogEntry> {
    let mut log = vec![];
    let first = !s.units[f].fired_once;
    s.units[f].fired_once = true;
    if on_roster(s, f) {
        let used = halves_used(kind).min(s.units[f].halves);
        s.units[f].halves -= used;
        log.push(LogEntry::public(format!(
            "{} marks {} on the Ammo Roster: {} left (14D Option #2)",
            s.def(f).name,
            if used == 1 { "half a box" } else { "a box" },
            boxes_text(s.units[f].halves)
        )));
        return log;
    }
    // 14A: a natural 5 calls the ammunition check for the firer (not Pack Trains or
    // Horse Holders, 14).
    let a = &s.stat.tables.ammo;
    let (check, max) = (a.check_total as i32, a.depleted_max);
    if natural != check
        || matches!(s.kind(f), Kind::PackTrain | Kind::Holder)
        || s.units[f].low_ammo
    {
        return log;
    }
    if first && s.side(f) == Side::US && s.stat.options.ammo == AmmoRule::FirstFire {
        log.push(LogEntry::public(format!(
            "A natural {check}: {} fires for the first time and cannot become ammo depleted (14D Option #1)",
            s.def(f).name
        )));
        return log;
    }
    let r = s.dice.d6();
    if r <= max {
        s.units[f].low_ammo = true;
        log.push(LogEntry::public(format!(
            "A natural {check}: {} re-rolls {r} and is Low on Ammo (14A)",
            s.def(f).name
        )));
    } else {
        log.push(LogEntry::public(format!(
            "A natural {check}: {} re-rolls {r}, ammunition holds (14A)",
            s.def(f).name
        )));
    }
    log
}

/// Half-boxes as the roster shows them: `4 boxes`, `3 1/2 boxes`.
pub fn boxes_text(halves: u32) -> String {
    let (whole, half) = (halves / 2, halves % 2 == 1);
    match (whole, half) {
        (0, true) => "1/2 box".into(),
        (1, false) => "1 box".into(),
        (w, false) => format!("{w} boxes"),
        (w, true) => format!("{w} 1/2 boxes"),
    }
}

/// Whether a hex is burning (4 (3), with the `grass_fires` option).
pub fn burning(s: &State, c: Coord) -> bool {
    s.grass_fires.iter().any(|&(h, _)| h == c)
}

/// A fire may set the target's hex alight (the `grass_fires` option, RECONSTRUCTED: a
/// natural 12 at a unit in a Clear hex, then 1d6 1-2).
fn grass_fire(s: &mut State, t: usize, natural: i32) -> Vec<LogEntry> {
    let g = &s.stat.tables.grass_fire;
    let (Some(c), true) = (s.hex(t), natural == g.natural as i32) else {
        return vec![];
    };
    let terrain = s.stat.map.terrain_name(c).unwrap_or("clear");
    if !g.terrain.iter().any(|n| n == terrain) || burning(s, c) {
        return vec![];
    }
    let (max, burn) = (g.start_max, g.burn);
    let r = s.dice.d6();
    let label = s.stat.label(c);
    if r <= max {
        s.grass_fires.push((c, burn));
        vec![LogEntry::public(format!(
            "A natural {natural} in the grass: 1d6 {r}, a grass fire starts at {label}, number {burn} (grass fires RECONSTRUCTED)"
        ))]
    } else {
        vec![LogEntry::public(format!(
            "A natural {natural} in the grass: 1d6 {r}, no fire at {label} (grass fires RECONSTRUCTED)"
        ))]
    }
}

/// Apply a fire result to the unit fired at (9D; 9D2: only that unit).
fn apply_result(
    s: &mut State,
    t: usize,
    result: FireResult,
    from: Option<Coord>,
    kind: FireKind,
) -> Vec<LogEntry> {
    let away: Vec<Coord> = from.into_iter().collect();
    match result {
        FireResult::NoEffect => vec![],
        FireResult::Mc(d) => morale_check(s, t, d, &away, kind),
        FireResult::Cp(n) => {
            let mut log = take_cp(s, t, n);
            if s.hex(t).is_none() {
                return log;
            }
            if matches!(s.kind(t), Kind::Holder | Kind::PonyHolder) {
                // 9D2: "If a Horse/Pony Holder takes a Casualty Point both the holder
                // and the mounts are eliminated."
                log.extend(eliminate(s, t, "with its mounts (9D2)"));
                return log;
            }
            if s.units[t].routed && kind != FireKind::Retreat {
                // 10J3: a Routed unit that suffers casualties routs again.
                log.push(LogEntry::public(format!(
                    "{} is Routed and takes casualties: it routs again (10J3)",
                    s.def(t).name
                )));
                log.extend(start_rout(s, t, &away));
                return log;
            }
            let extra = if n >= 2 {
                drm(&s.stat.tables.morale.drm, "two_cp")
            } else {
                0
            };
            log.extend(morale_check(s, t, extra, &away, kind));
            log
        }
    }
}

/// Casualty Points on a unit (11): its Combat Factor falls by one each; at 0 it is
/// eliminated. The enemy scores (17, reconstructed).
pub fn take_cp(s: &mut State, u: usize, n: u32) -> Vec<LogEntry> {
    let mut log = vec![];
    let before = s.cf(u);
    let n = n.min(before.max(1));
    s.units[u].cp += n;
    let side = s.side(u);
    s.losses[side as usize] += n;
    let v = &s.stat.tables.casualty_vp;
    let per = if side == Side::US {
        v.us_cp
    } else {
        v.indian_cp
    };
    let other = side.other() as usize;
    s.vp[other] += per * n as i32;
    if s.kind(u) == Kind::PackTrain {
        // 15C: every level lost costs an ammunition point (5 small arms with the
        // Ammo Roster, 14D).
        super::pack::lose_supplies(s, u, n);
    }
    log.push(LogEntry::public(format!(
        "{} takes {n} Casualty Point{}: CF {before} -> {} ({:?} +{} VP, 17 RECONSTRUCTED)",
        s.def(u).name,
        if n == 1 { "" } else { "s" },
        s.cf(u),
        side.other(),
        per * n as i32
    )));
    if s.cf(u) == 0 {
        log.extend(eliminate(s, u, "(11)"));
    }
    log
}

/// A unit leaves play as a loss: the enemy scores the elimination (17, reconstructed),
/// its Holder goes with it, its horses are lost (16B), and a lone Leader with it follows
/// nothing (Leaders stay in the hex).
pub fn eliminate(s: &mut State, u: usize, why: &str) -> Vec<LogEntry> {
    let mut log = vec![];
    let side = s.side(u);
    if s.combat(u) {
        let v = &s.stat.tables.casualty_vp;
        let bonus = if side == Side::US {
            v.us_eliminated
        } else {
            v.indian_eliminated
        };
        // 15D: a Pack Train scores 5 and 1 per ammunition point it held, its own award
        // in place of the bonus for a unit lost whole (seed_notes 003-4: a train lost
        // with 4 ammunition points is 9 VP; found by the fifth rules review); the Column
        // HQ (reconstructed) 5 the same way.
        let bonus = match s.kind(u) {
            Kind::PackTrain => v.pack_train + v.pack_train_ammo * super::pack::supplies_vp(s, u),
            Kind::Hq => v.hq,
            _ => bonus,
        };
        s.vp[side.other() as usize] += bonus;
        log.push(LogEntry::public(format!(
            "{} is eliminated {why} ({:?} +{bonus} VP, {})",
            s.def(u).name,
            side.other(),
            match s.kind(u) {
                Kind::PackTrain => "15D",
                Kind::Hq => "12E, value RECONSTRUCTED",
                _ => "17 RECONSTRUCTED",
            }
        )));
    } else {
        log.push(LogEntry::public(format!(
            "{} is removed {why}",
            s.def(u).name
        )));
    }
    // 9D2, 16B: a Holder lost takes its horses with it.
    if s.kind(u) == Kind::Holder
        && let Some(p) = s.holder_of(u)
        && !s.units[p].horseless
    {
        s.units[p].horseless = true;
        log.extend(lose_horses(s, u));
    }
    s.units[u].at = Loc::Gone;
    s.pending.retain(|p| p.unit() != Some(u));
    for p in &mut s.pending {
        match p {
            Pending::Declare { attackers, .. } | Pending::Rbm { attackers, .. } => {
                attackers.retain(|&a| a != u)
            }
            Pending::Casualties { units, .. } => units.retain(|&a| a != u),
            _ => {}
        }
    }
    for p in &mut s.pending {
        if let Pending::Window {
            eligible, declared, ..
        } = p
        {
            eligible.retain(|&e| e != u);
            declared.retain(|&e| e != u);
        }
    }
    if let Some(h) = s.holder(u)
        && s.hex(h).is_none()
        && s.units[h].at == Loc::Off
        && s.kind(u) != Kind::Scout
    {
        // The unit was Mounted: its horses go with it.
        s.units[h].at = Loc::Gone;
    }
    log
}

/// Remove a pending fire window's eligible firers that no longer may fire, and say who
/// may fire at `target` as it leaves `from` (9F) or enters `into` (9G): every enemy
/// unit exerting its zone of control on the hex, able to fire, unless a friendly unit
/// of the target is in that hex (5).
pub fn window_firers(s: &State, target: usize, hex: Coord) -> Vec<usize> {
    window_firers_leaving(s, target, hex, &[])
}

/// As `window_firers`, when the units `leaving` go too (a stack that retreats before
/// melee together): they do not shield the target (5).
pub fn window_firers_leaving(
    s: &State,
    target: usize,
    hex: Coord,
    leaving: &[usize],
) -> Vec<usize> {
    let side = s.side(target);
    if s.at(hex, side)
        .any(|v| v != target && !leaving.contains(&v))
    {
        return vec![];
    }
    (0..s.units.len())
        .filter(|&e| {
            s.side(e) == side.other()
                && s.hex(e).is_some_and(|h| h != hex)
                && zoc_reaches(s, e, hex)
                && can_fire(s, e)
        })
        .collect()
}

/// Resolve a fire window: every declared unit fires in turn, even if an earlier shot
/// stops the target (9F4); then the move it was making goes on if it still can.
pub fn resolve_window(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    let Some(Pending::Window {
        target,
        kind,
        declared,
        then,
        ..
    }) = s.pending.first().cloned()
    else {
        return log;
    };
    s.pending.remove(0);
    let from = s.hex(target);
    if declared.is_empty() {
        log.push(LogEntry::public(format!(
            "No {} at {}",
            if kind == FireKind::Opportunity {
                "Opportunity fire (9F)"
            } else {
                "Retreat fire (9G)"
            },
            s.def(target).name
        )));
    }
    // What the shots bring (retreats, routs) is settled before what was already
    // waiting, in the order the shots were fired.
    let rest = std::mem::take(&mut s.pending);
    for f in declared {
        if s.hex(target).is_none() || s.hex(f).is_none() {
            continue;
        }
        log.extend(fire(s, f, target, kind));
    }
    if let Some(to) = then {
        log.extend(super::movement::finish_move(s, target, from, to));
    }
    // 9D1: "Routed units that become Pinned cease Rout movement in the hex they were
    // Pinned in": the rout this window interrupted ends here.
    let mut rest = rest;
    if s.units[target].pinned && s.units[target].routed {
        rest.retain(|p| !matches!(p, Pending::Retreat { unit, rout: true, .. } | Pending::Rout { unit, .. } if *unit == target));
    }
    s.pending.extend(rest);
    log
}

/// A number without a needless ".0".
pub fn trim(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        format!("{x:.2}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}
