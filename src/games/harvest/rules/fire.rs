//! Fire combat (II): who may fire with which weapon (II.A.1, II.A.4, II.E.1-3, VII.C),
//! the Fire Combat Table and its modifiers (II.A.5-6, Table 1), Offensive Fire, artillery
//! multi-target fire (II.E.5-7), Low Ammo and jams (II.D, II.E.4), the effects of a hit
//! (II.B.1, VIII.A.2; Horses as targets, VIII.C) and abandoned weapons (II.C).

use super::eliminate;
use super::flight::queue_flee;
use super::hidden::{hidden_stack, reveal_unit, unhide};
use super::leaders::hit_leader;
use super::los::{in_cover, los};
use super::rally::morale_check;
use super::specials::{blaze_ok, dust};
use crate::core::error::RuleError;
use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::harvest::action::Action;
use crate::games::harvest::data::Special;
use crate::games::harvest::state::{Ammo, Flight, Kind, Loc, Pending, Pid, Side, State};

/// How a shot is being fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FireMode {
    /// Offensive Fire phase (I.1).
    Offensive,
    /// Opportunity Fire (IV.A).
    Opportunity,
    /// Defensive Fire (IV.B).
    Defensive,
}

/// The figures behind one fire attack, for the log and the GUI's to-hit display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FireCalc {
    /// Range in hexes (II.A.3).
    pub range: u32,
    /// FCT row index.
    pub row: usize,
    /// FCT column index (range, 8+ capped).
    pub col: usize,
    /// Number needed (FCT).
    pub need: u8,
    /// Modifiers with their rule.
    pub mods: Vec<(i8, String)>,
}

impl FireCalc {
    /// Sum of the modifiers.
    pub fn total(&self) -> i8 {
        self.mods.iter().map(|(v, _)| *v).sum()
    }
    /// The lowest natural die roll that hits (7 = cannot hit).
    pub fn min_roll(&self) -> u8 {
        (i16::from(self.need) - i16::from(self.total())).clamp(1, 7) as u8
    }
}

/// The piece a shot at a hex hits (not Horses): the unit, else a lone leader, else a
/// Dependent, else a Hidden dummy.
fn target_in(s: &State, c: Coord, firer_side: Side) -> Option<Pid> {
    let enemy = 1 - firer_side;
    s.unit_at(c, enemy)
        .or_else(|| {
            s.at(c)
                .find(|&i| s.p(i).side == enemy && s.p(i).kind == Kind::Leader)
        })
        .or_else(|| {
            s.at(c)
                .find(|&i| s.p(i).side == enemy && s.p(i).kind == Kind::Dependent)
        })
        .or_else(|| {
            s.at(c)
                .find(|&i| s.p(i).side == enemy && s.p(i).kind == Kind::Hidden)
        })
}

/// Unmounted enemy Horses in a hex (VIII.C).
fn horses_in(s: &State, c: Coord, firer_side: Side) -> Option<Pid> {
    s.at(c).find(|&i| {
        let p = s.p(i);
        p.kind == Kind::Horses
            && p.side != firer_side
            && !s
                .pieces
                .iter()
                .any(|q| q.mounted_on == Some(i) && q.kind.is_unit())
    })
}

/// Whether the side has Low Ammo rules in force (II.D).
fn low_ammo_rules(s: &State, side: Side) -> bool {
    s.special(|sp| matches!(sp, Special::LowAmmo { side: x } if *x == side))
}

/// The artillery weapon in a hex, if the crew can fire it.
pub(super) fn artillery_at(s: &State, c: Coord) -> Option<Pid> {
    // A limbered gun (riding Horses, III.I.1) cannot fire.
    s.at(c)
        .find(|&i| s.p(i).kind == Kind::Artillery && s.p(i).mounted_on.is_none())
}

/// Why a weapon cannot fire at a hex (see [`fire_need`]); spelt out only when asked.
pub(super) enum NoShot {
    /// A fixed reason.
    Because(&'static str),
    /// The Howitzer has lost this ammunition (II.E.4).
    LostAmmo(Ammo),
    /// Out of range: the range and the FCT row.
    Range(u32, usize),
}

impl NoShot {
    fn text(&self, s: &State) -> String {
        match self {
            NoShot::Because(why) => (*why).to_string(),
            NoShot::LostAmmo(a) => format!("the Howitzer can no longer fire {a:?} (II.E.4)"),
            NoShot::Range(range, row) => format!(
                "{} cannot fire at range {range} (Table 1, II.A.4)",
                s.stat
                    .tables
                    .fct
                    .get(*row)
                    .map_or("the weapon", |r| r.name.as_str())
            ),
        }
    }
}

/// The range, FCT row and column, and number needed of a shot (Table 1), or why the
/// weapon cannot fire at `target_hex` (out of range, or a Howitzer without the ammunition
/// named, II.E.2): [`fire_calc`] without the modifiers, cheap enough to list shots with.
pub(super) fn fire_need(
    s: &State,
    firer: Pid,
    weapon: Pid,
    target_hex: Coord,
    ammo: Option<Ammo>,
) -> Result<(u32, usize, usize, u8), NoShot> {
    let st = &s.stat;
    let w = s.p(weapon);
    let from = s
        .p(firer)
        .hex()
        .ok_or(NoShot::Because("firer is not on the map"))?;
    let range = from.distance(target_hex);
    let mut row = w.row;
    if w.kind == Kind::Artillery {
        // The two-sided counter: a Gatling, or a Howitzer firing canister or shell (II.E.2).
        if &*w.letter == "howitzer" {
            let a = ammo.ok_or(NoShot::Because(
                "the Howitzer must declare canister or shell (II.E.2)",
            ))?;
            if w.lost_ammo.contains(&a) {
                return Err(NoShot::LostAmmo(a));
            }
            let key = if a == Ammo::Canister {
                "howitzer_canister"
            } else {
                "howitzer_shell"
            };
            row = st
                .tables
                .fct
                .iter()
                .position(|r| r.weapon == key)
                .ok_or(NoShot::Because("no howitzer row in the FCT"))?;
        }
    }
    let fct = st
        .tables
        .fct
        .get(row)
        .ok_or(NoShot::Because("weapon has no FCT row"))?;
    let col = (range as usize).min(8);
    let need = fct
        .to_hit
        .get(col)
        .copied()
        .flatten()
        .ok_or(NoShot::Range(range, row))?;
    Ok((range, row, col, need))
}

/// Compute a fire attack's figures, or why it is impossible. During an Opportunity or
/// Defensive Fire window the target is the moving unit (IV.A.1), whatever else stands
/// in its hex; otherwise it is the piece a shot at the hex hits.
pub fn fire_calc(
    s: &State,
    firer: Pid,
    weapon: Pid,
    target_hex: Coord,
    horses: bool,
    ammo: Option<Ammo>,
) -> Result<FireCalc, String> {
    let target =
        reaction_target(s, target_hex).or_else(|| target_in(s, target_hex, s.p(firer).side));
    fire_calc_on(s, firer, weapon, target_hex, horses, ammo, target)
}

/// The unit that Opportunity or Defensive Fire at `hex` is aimed at: the mover of the
/// reaction window open now, if it stands in `hex` (IV.A.1, IV.B.1).
pub(super) fn reaction_target(s: &State, hex: Coord) -> Option<Pid> {
    match s.pending {
        Pending::Reaction { mover, .. } if s.p(mover).hex() == Some(hex) => Some(mover),
        _ => None,
    }
}

/// [`fire_calc`] at a given target piece in `target_hex` (`None`: no piece to hit).
pub(super) fn fire_calc_on(
    s: &State,
    firer: Pid,
    weapon: Pid,
    target_hex: Coord,
    horses: bool,
    ammo: Option<Ammo>,
    target: Option<Pid>,
) -> Result<FireCalc, String> {
    let (range, row, col, need) =
        fire_need(s, firer, weapon, target_hex, ammo).map_err(|e| e.text(s))?;
    let st = &s.stat;
    let f = s.p(firer);
    let w = s.p(weapon);
    let mut mods: Vec<(i8, String)> = Vec::new();
    let fe = if f.kind == Kind::Leader {
        0
    } else {
        f.fire.unwrap_or(0) as i8
    };
    if fe != 0 {
        mods.push((fe, format!("Fire Combat Effectiveness F{fe} (II.A.5)")));
    }
    let fm = &st.tables.fire_modifiers;
    if w.flipped && w.kind == Kind::Weapon {
        mods.push((
            fm.low_ammo.value,
            format!("Low Ammo ({})", fm.low_ammo.source.label()),
        ));
    }
    if horses {
        mods.push((
            fm.horses.value,
            format!("unmounted Horses ({})", fm.horses.source.label()),
        ));
    } else if let Some(t) = target {
        let tp = s.p(t);
        if tp.mounted_on.is_some() {
            mods.push((
                fm.mounted_target.value,
                format!("mounted target ({})", fm.mounted_target.source.label()),
            ));
        }
        if tp.kind == Kind::Dependent {
            mods.push((
                fm.dependents.value,
                format!("Dependents ({})", fm.dependents.source.label()),
            ));
        }
        if in_cover(s, target_hex, t) {
            mods.push((
                fm.cover.value,
                format!("Cover ({})", fm.cover.source.label()),
            ));
        }
        if hidden_stack(s, target_hex, tp.side) {
            mods.push((
                fm.hidden.value,
                format!("Hidden ({})", fm.hidden.source.label()),
            ));
        }
    }
    Ok(FireCalc {
        range,
        row,
        col,
        need,
        mods,
    })
}

/// Weapons a unit may fire (II.A.1, II.A.4, II.E.1/3, VII.C).
pub(super) fn usable_weapons(s: &State, unit: Pid) -> impl Iterator<Item = Pid> + '_ {
    let u = s.p(unit);
    // A crew fires the artillery piece in its hex while it has ammunition (II.E).
    let crew = if u.kind == Kind::Crew {
        u.hex()
            .and_then(|c| artillery_at(s, c))
            .filter(|&a| s.p(a).lost_ammo.len() < 2)
    } else {
        None
    };
    // A unit with a fire rating fires the weapons it carries; a leader only a pistol.
    let carries = matches!(u.kind, Kind::Unit if u.fire.is_some()) || u.kind == Kind::Leader;
    let leader = u.kind == Kind::Leader;
    let carried = carries.then(|| s.carried(unit)).into_iter().flatten();
    crew.into_iter().chain(
        carried
            .filter(move |&w| s.p(w).kind == Kind::Weapon && (!leader || &*s.p(w).letter == "P")),
    )
}

/// The ammunition a weapon may fire: a howitzer each type it has not lost to a natural 1
/// (II.E.2), every other weapon none to choose.
pub(super) fn ammo_choices(
    w: &crate::games::harvest::state::Piece,
) -> impl Iterator<Item = Option<Ammo>> + Clone + '_ {
    let howitzer = w.kind == Kind::Artillery && &*w.letter == "howitzer";
    [Some(Ammo::Canister), Some(Ammo::Shell), None]
        .into_iter()
        .filter(move |a| match a {
            Some(a) => howitzer && !w.lost_ammo.contains(a),
            None => !howitzer,
        })
}

/// Targets (hex, at-horses) a firer may shoot at with a weapon, ignoring per-phase limits.
fn fire_targets(s: &State, firer: Pid, weapon: Pid) -> Vec<(Coord, bool, Option<Ammo>)> {
    let f = s.p(firer);
    let Some(from) = f.hex() else { return vec![] };
    let w = s.p(weapon);
    let ammos = ammo_choices(w);
    let mut hexes: Vec<Coord> = s
        .pieces
        .iter()
        .filter(|p| p.side != f.side)
        .filter_map(|p| p.hex())
        .collect();
    hexes.sort();
    hexes.dedup();
    let mut out = vec![];
    for c in hexes {
        // Range first (a table look-up), then the line of sight.
        let reach = |ammo: &Option<Ammo>| fire_need(s, firer, weapon, c, *ammo).is_ok();
        if !ammos.clone().any(|a| reach(&a)) || !los(s, from, c, f.side) {
            continue;
        }
        for ammo in ammos.clone().filter(reach) {
            if target_in(s, c, f.side).is_some() {
                out.push((c, false, ammo));
            }
            if horses_in(s, c, f.side).is_some() {
                out.push((c, true, ammo));
            }
        }
    }
    out
}

/// Whether a unit may fire at all now: on the map and not Pinned (II.B.5). Mounted
/// units may fire; the seed only makes them easier to hit (Table 1).
pub(super) fn can_fire_now(s: &State, unit: Pid) -> bool {
    let u = s.p(unit);
    u.on_map() && !u.pinned && (u.kind.is_unit() || u.kind == Kind::Leader)
}

pub(super) fn offensive_fires(s: &State, out: &mut Vec<Action>) {
    let blaze = s.special(|sp| matches!(sp, Special::Blaze { side } if *side == s.phasing));
    for (i, p) in s.pieces.iter().enumerate() {
        let i = i as Pid;
        if p.side != s.phasing || s.fired.contains(&i) || !can_fire_now(s, i) {
            continue;
        }
        for w in usable_weapons(s, i) {
            let targets = fire_targets(s, i, w);
            let letter = if s.p(w).kind == Kind::Artillery {
                crate::games::harvest::action::art()
            } else {
                s.p(w).letter
            };
            for (c, horses, ammo) in &targets {
                out.push(Action::Fire {
                    unit: p.id,
                    weapon: letter,
                    targets: vec![*c],
                    horses: *horses,
                    ammo: *ammo,
                });
            }
            if s.p(w).kind == Kind::Artillery {
                multi_targets(s, i, w, &targets, out);
            }
        }
        if blaze
            && p.kind == Kind::Unit
            && let Some(from) = p.hex()
        {
            for c in s.stat.map.coords().filter(|c| c.distance(from) <= 2) {
                if blaze_ok(s, c) {
                    out.push(Action::Blaze { unit: p.id, hex: c });
                }
            }
        }
    }
}

/// Artillery multi-target fire (II.E.5-7): groups of mutually adjacent target hexes,
/// all in LOS, range to the nearest at least the number of targets, at most 7. Listed
/// as pairs of adjacent hexes (larger groups may be given in notation).
fn multi_targets(
    s: &State,
    firer: Pid,
    w: Pid,
    singles: &[(Coord, bool, Option<Ammo>)],
    out: &mut Vec<Action>,
) {
    let id = s.p(firer).id;
    for (i, (a, ha, am)) in singles.iter().enumerate() {
        for (b, hb, bm) in &singles[i + 1..] {
            if *ha || *hb || am != bm || a.distance(*b) != 1 || *am == Some(Ammo::Shell) {
                continue;
            }
            let targets = vec![*a, *b];
            if multi_ok(s, firer, w, &targets, *am).is_ok() {
                out.push(Action::Fire {
                    unit: id,
                    weapon: "art".into(),
                    targets,
                    horses: false,
                    ammo: *am,
                });
            }
        }
    }
}

fn multi_ok(
    s: &State,
    firer: Pid,
    w: Pid,
    targets: &[Coord],
    ammo: Option<Ammo>,
) -> Result<(), String> {
    if targets.len() > 7 {
        return Err("no more than seven targets (II.E.6)".into());
    }
    if ammo == Some(Ammo::Shell) {
        return Err("the Howitzer fires shell at one target only (II.E.7)".into());
    }
    let from = s.p(firer).hex().ok_or("not on map")?;
    let nearest = targets.iter().map(|t| t.distance(from)).min().unwrap_or(0);
    if (nearest as usize) < targets.len() {
        return Err(format!(
            "range to the nearest target ({nearest}) is less than the number of targets ({}) (II.E.5)",
            targets.len()
        ));
    }
    // Targets must form one group of adjacent hexes.
    let mut reached = vec![targets[0]];
    let mut grew = true;
    while grew {
        grew = false;
        for t in targets {
            if !reached.contains(t) && reached.iter().any(|r| r.distance(*t) == 1) {
                reached.push(*t);
                grew = true;
            }
        }
    }
    if reached.len() != targets.len() {
        return Err("the target units must be adjacent to each other (II.E.5)".into());
    }
    let _ = w;
    Ok(())
}

/// Artillery may fire at up to seven adjacent targets (II.E.5-6); legal actions list
/// single targets and adjacent pairs, and a larger group is accepted when every one of
/// its targets could be fired on alone and the group meets II.E.5-7.
pub(super) fn big_artillery_group_ok(s: &State, a: &Action, legal: &[Action]) -> bool {
    let Action::Fire {
        unit,
        weapon,
        targets,
        horses: false,
        ammo,
    } = a
    else {
        return false;
    };
    if &**weapon != "art" || targets.len() < 3 {
        return false;
    }
    let mut sorted = targets.clone();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != targets.len() {
        return false;
    }
    let each = targets.iter().all(|t| {
        legal.contains(&Action::Fire {
            unit: *unit,
            weapon: *weapon,
            targets: vec![*t],
            horses: false,
            ammo: *ammo,
        })
    });
    let Some(f) = s.find(unit) else { return false };
    let Some(w) = usable_weapons(s, f)
        .into_iter()
        .find(|&w| s.p(w).kind == Kind::Artillery)
    else {
        return false;
    };
    each && multi_ok(s, f, w, targets, *ammo).is_ok()
}

#[allow(clippy::too_many_arguments)] // one argument per element of a fire declaration (II.A.1)
pub(super) fn fire(
    s: &mut State,
    f: Pid,
    w: Pid,
    targets: &[Coord],
    horses: bool,
    ammo: Option<Ammo>,
    mode: FireMode,
    log: &mut Vec<LogEntry>,
) -> Result<(), RuleError> {
    if targets.len() > 1 {
        multi_ok(s, f, w, targets, ammo).map_err(RuleError)?;
    }
    let firer_side = s.p(f).side;
    match mode {
        FireMode::Offensive => {
            s.fired.insert(f);
        }
        FireMode::Opportunity => {
            s.fired.insert(f);
            s.hex_fired.0 = true;
        }
        FireMode::Defensive => {
            if let Pending::Reaction { mover, .. } = s.pending {
                s.defensive_pairs.insert((f, mover));
            }
            s.hex_fired.1 = true;
        }
    }
    // IX.A: the march ends when the other side performs Fire Combat.
    if s.marching
        && s.special(
            |sp| matches!(sp, Special::MarchUntilFired { side, .. } if *side != firer_side),
        )
    {
        s.marching = false;
        log.push(LogEntry::public(
            "The march north ends: the Indians have fired (IX.A)".to_string(),
        ));
    }
    reveal_unit(s, f, log);
    let roll = s.dice.d6();
    s.reveals += 1;
    let wname = {
        let wp = s.p(w);
        if wp.kind == Kind::Artillery {
            wp.letter
        } else {
            format!("\"{}\"", wp.letter).into()
        }
    };
    // IV.A.1: Opportunity (and Defensive) Fire is at the unit that is moving, not at
    // whatever unit comes first in its hex (a friend it passes through).
    let mover = match mode {
        FireMode::Offensive => None,
        FireMode::Opportunity | FireMode::Defensive => {
            targets.first().and_then(|&t| reaction_target(s, t))
        }
    };
    let mut hits = vec![];
    for t in targets {
        let target = mover.or_else(|| target_in(s, *t, firer_side));
        let calc = fire_calc_on(s, f, w, *t, horses, ammo, target).map_err(RuleError)?;
        let total = i16::from(roll) + i16::from(calc.total());
        let hit = total >= i16::from(calc.need);
        let row_name = s.stat.tables.fct[calc.row].name.clone();
        let mods = if calc.mods.is_empty() {
            String::new()
        } else {
            calc.mods
                .iter()
                .map(|(v, w)| format!(" {v:+} {w}"))
                .collect::<Vec<_>>()
                .join("")
        };
        let col = if calc.col == 8 {
            "8+".to_string()
        } else {
            calc.col.to_string()
        };
        log.push(LogEntry::public(format!(
            "{} {:?} Fire: {} with {wname} at {t}{}: FCT (Table 1) row {row_name}, range {} -> column {col}, need {}; die {roll}{mods} = {total}: {}",
            s.p(f).id,
            mode,
            s.p(f).id,
            if horses { " (Horses)" } else { "" },
            calc.range,
            calc.need,
            if hit { "HIT (II.A.6)" } else { "no effect (II.A.6)" }
        )));
        if hit {
            hits.push(*t);
        }
    }
    // Low Ammo and jamming on an unmodified 1 (II.D.1, II.E.4).
    if roll == 1 {
        let wk = s.p(w).kind;
        if wk == Kind::Artillery {
            if &*s.p(w).letter == "gatling" {
                s.pm(w).loc = Loc::Removed;
                log.push(LogEntry::public(
                    "Natural 1: the Gatling Gun jams permanently and is removed (II.E.4)"
                        .to_string(),
                ));
            } else if let Some(a) = ammo {
                s.pm(w).lost_ammo.push(a);
                log.push(LogEntry::public(format!(
                    "Natural 1: the Howitzer may no longer fire {a:?} (II.E.4)"
                )));
                if s.p(w).lost_ammo.len() >= 2 {
                    s.pm(w).loc = Loc::Removed;
                }
            }
        } else if low_ammo_rules(s, firer_side) {
            let wp = s.p(w);
            if wp.flipped || &*wp.letter == "S" || &*wp.letter == "P" {
                s.pm(w).loc = Loc::Removed;
                log.push(LogEntry::public(format!(
                    "Natural 1: weapon {} is removed from play (II.D.1)",
                    s.p(w).id
                )));
            } else {
                s.pm(w).flipped = true;
                log.push(LogEntry::public(format!(
                    "Natural 1: weapon {} flips to Low Ammo (II.D.1)",
                    s.p(w).id
                )));
            }
        }
    }
    for t in hits {
        if horses {
            if let Some(h) = horses_in(s, t, firer_side) {
                eliminate(s, h, log, "Horses hit by fire (VIII.C.4)");
            }
        } else if let Some(tp) = mover
            .filter(|&m| s.p(m).hex() == Some(t))
            .or_else(|| target_in(s, t, firer_side))
        {
            apply_hit(s, tp, log);
        }
    }
    Ok(())
}

/// Effects of a hit on a piece (II.B, III.F.7, VII.B, VIII.A.2, IV.C).
fn apply_hit(s: &mut State, t: Pid, log: &mut Vec<LogEntry>) {
    let Some(c) = s.p(t).hex() else { return };
    let kind = s.p(t).kind;
    unhide(s, c, log, "a hit was scored on the stack (III.F.7)");
    match kind {
        Kind::Hidden => {}
        Kind::Dependent => eliminate(s, t, log, "Dependents hit (VIII.A.2)"),
        Kind::Leader => hit_leader(s, t, log),
        _ => {
            let leaders: Vec<Pid> = s
                .at(c)
                .filter(|&i| s.p(i).kind == Kind::Leader && s.p(i).side == s.p(t).side)
                .collect();
            for l in leaders {
                hit_leader(s, l, log);
            }
            if s.fleeing.contains(&t) {
                eliminate(s, t, log, "hit again while retreating or routing (IV.C.2)");
                return;
            }
            if s.p(t).mounted_on.is_some() {
                let start = s.nearest_enemy(s.p(t).side, c);
                log.push(LogEntry::public(format!("{} is mounted: it may move up to 4 hexes away, then must dismount and is Pinned (II.B.3)", s.p(t).id)));
                queue_flee(s, t, Flight::Mounted, start);
            } else {
                pin_and_check(s, t, log);
            }
        }
    }
}

/// Pin a dismounted unit and, if it is not under Cover, check morale (II.B.1).
pub(super) fn pin_and_check(s: &mut State, t: Pid, log: &mut Vec<LogEntry>) {
    let Some(c) = s.p(t).hex() else { return };
    s.pm(t).pinned = true;
    log.push(LogEntry::public(format!(
        "{} is Pinned (II.B.1)",
        s.p(t).id
    )));
    if s.active == Some(t) {
        s.rec_mut(t).done = true;
    }
    // Cover is judged as the hex was when the hit landed, before any Dust marker (IX.E).
    let open = !in_cover(s, c, t);
    dust(s, t, c, log);
    if open {
        morale_check(s, t, log, "hit in the Open (II.B.1)");
    }
}

pub(super) fn abandon_weapons(s: &mut State, u: Pid, c: Coord, log: &mut Vec<LogEntry>) {
    let carried: Vec<Pid> = s
        .carried(u)
        .filter(|&w| s.p(w).kind == Kind::Weapon)
        .collect();
    for w in carried {
        let wp = s.p(w);
        if &*wp.letter == "P" {
            continue; // II.C.1: "P" is never abandoned.
        }
        if wp.flipped || &*wp.letter == "S" {
            s.pm(w).loc = Loc::Removed;
            log.push(LogEntry::public(format!(
                "Weapon {} is abandoned and removed from play (II.C.2)",
                s.p(w).id
            )));
        } else {
            s.pm(w).flipped = true;
            s.pm(w).loc = Loc::Map(c);
            log.push(LogEntry::public(format!(
                "Weapon {} is abandoned in {c}, Low Ammo side up (II.C.2)",
                s.p(w).id
            )));
        }
    }
}
