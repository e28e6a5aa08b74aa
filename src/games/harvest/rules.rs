//! Harvest the Wind rules: legal actions and `apply` for every phase (I), fire combat
//! (II), movement (III), opportunity and defensive fire (IV), melee (V), rally (VI),
//! leaders and Medicine (VII), the miscellaneous rules (VIII) and the scenario special
//! rules (IX). Rule numbers in comments and log lines are the seed's own.

use super::action::{Action, Id};
use super::data::{Award, ForceKind, Special, VictoryRule};
use super::state::{
    Ammo, Flight, HorseWalk, Kind, Loc, Occupied, Pending, Phase, Pid, Side, State, Terrain,
};
use crate::core::error::RuleError;
use crate::core::game::{LogEntry, Outcome};
use crate::core::hexmap::{Coord, Dir};

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

// ---------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------

/// Whether a hex gives Cover to a piece of `side` standing in it (Table 3, IX.E).
pub fn in_cover(s: &State, c: Coord, target: Pid) -> bool {
    let st = &s.stat;
    if st.tec(c).is_some_and(|t| t.cover) {
        return true;
    }
    let tp = s.p(target);
    if tp.hidden {
        return true; // Table 3: Hidden provides Cover.
    }
    let mounted = tp.mounted_on.is_some();
    for i in s.at(c) {
        let k = s.p(i).kind;
        match k {
            Kind::Wagon | Kind::Blaze | Kind::Dust | Kind::Lodge => return true,
            Kind::Horses
                if !mounted && s.p(i).id != tp.id
                // Table 3: a Horse gives Cover to a dismounted unit (under the Horses).
                && !s.pieces.iter().any(|p| p.mounted_on == Some(i)) =>
            {
                return true;
            }
            _ => {}
        }
    }
    s.stat.scenario.special.iter().any(|sp| matches!(sp, Special::PreparedPositions { side, mark } if *side == tp.side && st.map.has_mark(c, mark)))
}

/// Whether an intervening hex blocks line of sight for a shot between levels `la`
/// and `lb`, as seen by `seer` (a hex with an enemy Hidden counter counts as holding a
/// unit, since the seer cannot tell a dummy from a real stack). II.A.2, Table 3. `occ`
/// spares the look at the pieces of an empty hex.
fn blocks(s: &State, c: Coord, la: u8, lb: u8, seer: Side, occ: &Occupied) -> bool {
    let st = &s.stat;
    if st.tec(c).is_some_and(|t| t.blocks_los) {
        return true;
    }
    let lv = st.map.level(c);
    if lv >= 2 && (la < lv || lb < lv) {
        return true;
    }
    occ.has(c, s)
        && s.at(c).any(|i| {
            let p = s.p(i);
            match p.kind {
                Kind::Unit
                | Kind::Crew
                | Kind::Dependent
                | Kind::Horses
                | Kind::Wagon
                | Kind::Blaze
                | Kind::Dust
                | Kind::Lodge
                | Kind::Leader => p.kind != Kind::Leader || p.side == seer || !p.hidden,
                Kind::Hidden => p.side != seer,
                _ => false,
            }
        })
}

/// Line of sight from `a` to `b` as seen by `seer` (II.A.2).
pub fn los(s: &State, a: Coord, b: Coord, seer: Side) -> bool {
    los_among(s, a, b, seer, &Occupied::of(s))
}

/// [`los`] with the occupied hexes already noted (for many lines in one position).
fn los_among(s: &State, a: Coord, b: Coord, seer: Side, occ: &Occupied) -> bool {
    let (la, lb) = (s.stat.map.level(a), s.stat.map.level(b));
    s.stat.map.los(a, b, |c| blocks(s, c, la, lb, seer, occ))
}

/// Whether a hex holds an enemy (of `side`) unit or Hidden counter.
fn enemy_present(s: &State, c: Coord, side: Side) -> bool {
    s.at(c).any(|i| {
        let p = s.p(i);
        p.side != side
            && (p.kind.is_unit() || p.kind == Kind::Hidden || (p.kind == Kind::Leader && p.hidden))
    })
}

fn enemy_unit_in(s: &State, c: Coord, side: Side) -> Option<Pid> {
    s.unit_at(c, 1 - side)
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
fn artillery_at(s: &State, c: Coord) -> Option<Pid> {
    // A limbered gun (riding Horses, III.I.1) cannot fire.
    s.at(c)
        .find(|&i| s.p(i).kind == Kind::Artillery && s.p(i).mounted_on.is_none())
}

/// The gun (or movable Wagon, III.I.3) limbered to the Horses `unit` rides, if any
/// (III.I.1).
fn limbered_gun(s: &State, unit: Pid) -> Option<Pid> {
    let h = s.p(unit).mounted_on?;
    (0..s.pieces.len() as Pid).find(|&i| {
        matches!(s.p(i).kind, Kind::Artillery | Kind::Wagon) && s.p(i).mounted_on == Some(h)
    })
}

/// How the log names a towed piece, and the rule that lets it move: a gun (III.I.1) or a
/// movable Wagon (III.I.3).
fn towed(s: &State, g: Pid) -> (&'static str, &'static str) {
    if s.p(g).kind == Kind::Wagon {
        ("the Wagon", "III.I.3")
    } else {
        ("its gun", "III.I.1")
    }
}

/// Whether the scenario lets a side's Wagons move (III.I.3).
fn wagons_move(s: &State, side: Side) -> bool {
    s.special(|sp| matches!(sp, Special::MovableWagons { side: x } if *x == side))
}

/// What a unit in `c` limbers when it mounts Horses, or may shift a hex: a Crew its
/// unlimbered gun (III.I.1-2), any unit a friendly Wagon where Wagons may move (III.I.3).
fn towable_at(s: &State, unit: Pid, c: Coord) -> Option<Pid> {
    let u = s.p(unit);
    match u.kind {
        Kind::Crew => artillery_at(s, c),
        Kind::Unit if wagons_move(s, u.side) => s.at(c).find(|&i| {
            let w = s.p(i);
            w.kind == Kind::Wagon && w.side == u.side && w.mounted_on.is_none()
        }),
        _ => None,
    }
}

/// Why a weapon cannot fire at a hex (see [`fire_need`]); spelt out only when asked.
enum NoShot {
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
fn fire_need(
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

/// Compute a fire attack's figures, or why it is impossible.
pub fn fire_calc(
    s: &State,
    firer: Pid,
    weapon: Pid,
    target_hex: Coord,
    horses: bool,
    ammo: Option<Ammo>,
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
    } else if let Some(t) = target_in(s, target_hex, f.side) {
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

/// Whether a hex holds a Hidden counter of `side`.
pub fn hidden_stack(s: &State, c: Coord, side: Side) -> bool {
    s.at(c)
        .any(|i| s.p(i).side == side && (s.p(i).hidden || s.p(i).kind == Kind::Hidden))
}

/// The rally/morale modifier for a unit: best leader rating in range, and Medicine
/// within 2 hexes (VII.A).
fn leader_medicine_mod(s: &State, unit: Pid) -> (u8, Vec<String>) {
    let u = s.p(unit);
    let Some(c) = u.hex() else { return (0, vec![]) };
    let mut total = 0u8;
    let mut why = vec![];
    let best = s
        .pieces
        .iter()
        .filter(|p| p.kind == Kind::Leader && p.side == u.side)
        .filter_map(|p| p.hex().map(|h| (p, h)))
        .filter(|(p, h)| h.distance(c) <= u32::from(p.morale))
        .map(|(p, _)| (p.melee, p.id))
        .max();
    if let Some((r, id)) = best.filter(|(r, _)| *r > 0) {
        total += r;
        why.push(format!("-{r} leader {id} in range (VII.A)"));
    }
    let tab = &s.stat.tables;
    let mr = tab.medicine_range.value as u32;
    let near = s.pieces.iter().any(|p| {
        p.kind == Kind::Medicine
            && p.side == u.side
            && match p.loc {
                Loc::Map(h) => h.distance(c) <= mr,
                Loc::Carried(h) => s.p(h).hex().is_some_and(|x| x.distance(c) <= mr),
                _ => false,
            }
    });
    if near {
        total += tab.medicine_rally.value as u8;
        why.push(format!(
            "-{} Medicine within {mr} hexes (VII.A)",
            tab.medicine_rally.value
        ));
    }
    (total, why)
}

/// The hex a counter is in, directly or through the unit carrying it.
fn map_hex(s: &State, p: Pid) -> Option<Coord> {
    match s.p(p).loc {
        Loc::Map(c) => Some(c),
        Loc::Carried(h) => s.p(h).hex(),
        _ => None,
    }
}

/// The notation-facing name of a piece for a seat: its id, or "a Hidden stack" when
/// the seat may not see it.
fn shown(s: &State, pid: Pid, seat: Side) -> String {
    let p = s.p(pid);
    if p.side != seat && (p.hidden || p.kind == Kind::Hidden) {
        "a Hidden stack".to_string()
    } else {
        format!("{} ({})", p.id, p.label)
    }
}

/// Log a line that names `pid`: public if both seats may see it, otherwise a private
/// full line for the owner and a public line with the piece masked.
fn log_about(log: &mut Vec<LogEntry>, s: &State, pid: Pid, text: impl Fn(&str) -> String) {
    if s.quiet {
        return;
    }
    let p = s.p(pid);
    if p.hidden || p.kind == Kind::Hidden {
        log.push(LogEntry::private(p.side, text(&shown(s, pid, p.side))));
        log.push(LogEntry::private(
            1 - p.side,
            text(&shown(s, pid, 1 - p.side)),
        ));
    } else {
        log.push(LogEntry::public(text(&shown(s, pid, p.side))));
    }
}

fn seat_name(s: &State, side: Side) -> &str {
    &s.stat.scenario.sides[usize::from(side)].name
}

// ---------------------------------------------------------------------------------
// Legal actions
// ---------------------------------------------------------------------------------

/// The side that must decide now.
pub fn to_act(s: &State) -> Option<Side> {
    if s.phase == Phase::Over {
        return None;
    }
    Some(match &s.pending {
        Pending::Reaction { .. } => 1 - s.phasing,
        Pending::Flee { unit, .. } => s.p(*unit).side,
        Pending::Medicine { medicine } => s.p(*medicine).side,
        Pending::Recruit { .. } => s.phasing,
        Pending::Dust { side, .. } => *side,
        Pending::Capture { side, .. } => *side,
        Pending::None => s.phasing,
    })
}

/// Every legal action now.
pub fn legal(s: &State) -> Vec<Action> {
    let mut out = Vec::new();
    if s.phase == Phase::Over {
        return out;
    }
    match s.pending.clone() {
        Pending::Reaction { mover, hex } => {
            reaction_fires(s, mover, hex, &mut out);
            out.push(Action::Pass);
            return out;
        }
        Pending::Flee {
            unit,
            why,
            start_dist,
            moved,
        } => {
            flee_options(s, unit, why, start_dist, moved, &mut out);
            return out;
        }
        Pending::Medicine { medicine } => {
            medicine_targets(s, medicine, true, &mut out);
            out.push(Action::Pass);
            return out;
        }
        Pending::Recruit { .. } => {
            recruit_options(s, &mut out);
            return out;
        }
        Pending::Capture { horse, .. } => {
            out.push(Action::Catch {
                horses: s.p(horse).id,
            });
            out.push(Action::Pass);
            return out;
        }
        Pending::Dust { .. } => {
            for c in &s.dust {
                out.push(Action::Dust { from: *c });
            }
            out.push(Action::Pass);
            return out;
        }
        Pending::None => {}
    }
    match s.phase {
        Phase::Setup => setup_actions(s, &mut out),
        Phase::OffensiveFire => {
            offensive_fires(s, &mut out);
            unhide_actions(s, &mut out);
            out.push(Action::End);
        }
        Phase::Movement => movement_actions(s, &mut out),
        Phase::Melee => {
            let contested = contested_hexes(s);
            for c in &contested {
                out.push(Action::Melee { hex: *c });
            }
            raze_actions(s, &mut out);
            if contested.is_empty() {
                out.push(Action::End);
            }
        }
        Phase::Rally => {
            for (i, p) in s.pieces.iter().enumerate() {
                let i = i as Pid;
                if p.side == s.phasing
                    && p.on_map()
                    && p.kind.is_unit()
                    && p.pinned
                    && !s.rallied.contains(&i)
                {
                    out.push(Action::Rally { unit: p.id });
                }
            }
            if s.stat.scenario.sides[usize::from(s.phasing)].indian {
                for (i, p) in s.pieces.iter().enumerate() {
                    // VII.D.2; each Medicine moves once per Rally phase (moving it twice
                    // achieves nothing the first move could not).
                    // A held Medicine may be added back to any unit; one on the map may
                    // pass to any unit or be taken off the map.
                    if p.kind == Kind::Medicine
                        && p.side == s.phasing
                        && !s.rallied.contains(&(i as Pid))
                        && matches!(p.loc, Loc::Carried(_) | Loc::Map(_) | Loc::Held)
                    {
                        medicine_targets(s, i as Pid, false, &mut out);
                        if p.loc != Loc::Held {
                            out.push(Action::MedicineOff { medicine: p.id });
                        }
                    }
                }
            }
            out.push(Action::End);
        }
        Phase::Over => {}
    }
    out
}

fn setup_actions(s: &State, out: &mut Vec<Action>) {
    let side = s.phasing;
    for (i, p) in s.pieces.iter().enumerate() {
        if p.side != side || !p.on_map() {
            continue;
        }
        if let Some(zone) = super::setup::zone_of(s, i as Pid) {
            for c in zone {
                if Some(c) != p.hex() && super::setup::can_place(s, i as Pid, c) {
                    out.push(Action::Place {
                        piece: p.id,
                        hex: c,
                    });
                }
            }
        }
    }
    out.push(Action::Ready);
}

fn unhide_actions(s: &State, out: &mut Vec<Action>) {
    let mut seen = Vec::new();
    for p in &s.pieces {
        if p.side == s.phasing
            && (p.hidden || p.kind == Kind::Hidden)
            && let Some(c) = p.hex()
            && !seen.contains(&c)
        {
            seen.push(c);
            out.push(Action::Unhide { hex: c });
        }
    }
}

/// Weapons a unit may fire (II.A.1, II.A.4, II.E.1/3, VII.C).
fn usable_weapons(s: &State, unit: Pid) -> impl Iterator<Item = Pid> + '_ {
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
fn ammo_choices(w: &super::state::Piece) -> impl Iterator<Item = Option<Ammo>> + Clone + '_ {
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
fn can_fire_now(s: &State, unit: Pid) -> bool {
    let u = s.p(unit);
    u.on_map() && !u.pinned && (u.kind.is_unit() || u.kind == Kind::Leader)
}

fn offensive_fires(s: &State, out: &mut Vec<Action>) {
    let blaze = s.special(|sp| matches!(sp, Special::Blaze { side } if *side == s.phasing));
    for (i, p) in s.pieces.iter().enumerate() {
        let i = i as Pid;
        if p.side != s.phasing || s.fired.contains(&i) || !can_fire_now(s, i) {
            continue;
        }
        for w in usable_weapons(s, i) {
            let targets = fire_targets(s, i, w);
            let letter = if s.p(w).kind == Kind::Artillery {
                super::action::art()
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

fn blaze_ok(s: &State, c: Coord) -> bool {
    // IX.B: not in a hex containing Cover (terrain or counters such as Wagons).
    if s.stat.tec(c).is_some_and(|t| t.cover) {
        return false;
    }
    !s.at(c).any(|i| {
        matches!(
            s.p(i).kind,
            Kind::Wagon | Kind::Blaze | Kind::Dust | Kind::Lodge | Kind::Horses
        ) || s.p(i).hidden
            || s.p(i).kind == Kind::Hidden
    })
}

fn reaction_fires(s: &State, mover: Pid, hex: Coord, out: &mut Vec<Action>) {
    each_reaction_fire(s, mover, hex, &mut |shot| {
        out.push(Action::Fire {
            unit: s.p(shot.firer).id,
            weapon: shot.letter,
            targets: vec![hex],
            horses: false,
            ammo: shot.ammo,
        });
        true
    });
}

/// Whether the enemy of `mover` has any reaction fire at it in `hex`: the same test as
/// [`reaction_fires`], stopping at the first shot found. Entering or moving asks it for
/// every step, where only whether play pauses for the other player matters.
fn any_reaction_fire(s: &State, mover: Pid, hex: Coord) -> bool {
    let mut any = false;
    each_reaction_fire(s, mover, hex, &mut |_| {
        any = true;
        false
    });
    any
}

/// The lowest natural die roll that hits with the best Opportunity Fire (IV.A) and the
/// best Defensive Fire (IV.B) the enemy of `mover` has at it in `hex` (Table 1 with its
/// modifiers), `None` where it has none. Each may be fired once at a mover in a hex
/// (IV.A.3, IV.B), so a mover next to the enemy may face both. The computer player
/// counts the shots to come by them.
pub fn best_reaction_rolls(s: &State, mover: Pid, hex: Coord) -> (Option<u8>, Option<u8>) {
    let mut best: (Option<u8>, Option<u8>) = (None, None);
    let keep = |b: &mut Option<u8>, r: u8| *b = Some(b.map_or(r, |x| x.min(r)));
    each_reaction_fire(s, mover, hex, &mut |shot| {
        if let Ok(calc) = fire_calc(s, shot.firer, shot.weapon, hex, false, shot.ammo) {
            let r = calc.min_roll();
            if shot.opportunity {
                keep(&mut best.0, r);
            }
            if shot.defensive {
                keep(&mut best.1, r);
            }
        }
        best != (Some(1), Some(1))
    });
    best
}

/// One reaction fire found by [`each_reaction_fire`].
struct Shot {
    firer: Pid,
    weapon: Pid,
    letter: crate::core::sym::Sym,
    ammo: Option<Ammo>,
    /// Open as Opportunity Fire (IV.A).
    opportunity: bool,
    /// Open as Defensive Fire (IV.B).
    defensive: bool,
}

/// Call `found` with each reaction fire at `mover` in `hex` (IV.A, IV.B) until it
/// returns `false`.
fn each_reaction_fire(s: &State, mover: Pid, hex: Coord, found: &mut dyn FnMut(Shot) -> bool) {
    let m = s.p(mover);
    let side = 1 - m.side;
    // Noted only when a line of sight is traced: most entries and steps are out of
    // every enemy weapon's range.
    let mut occ: Option<Occupied> = None;
    for (i, p) in s.pieces.iter().enumerate() {
        let i = i as Pid;
        if p.side != side || !can_fire_now(s, i) {
            continue;
        }
        let Some(from) = p.hex() else { continue };
        // The line of sight depends on the two hexes alone: traced once per firer, and
        // only for a weapon that reaches.
        let mut los: Option<bool> = None;
        for w in usable_weapons(s, i) {
            let wp = s.p(w);
            if wp.kind == Kind::Artillery
                && !mode_ok(s, i, w, mover, from, hex, FireMode::Defensive)
            {
                continue;
            }
            let opp = mode_ok(s, i, w, mover, from, hex, FireMode::Opportunity);
            let def = mode_ok(s, i, w, mover, from, hex, FireMode::Defensive);
            if !opp && !def {
                continue;
            }
            let letter = if wp.kind == Kind::Artillery {
                super::action::art()
            } else {
                wp.letter
            };
            for ammo in ammo_choices(wp) {
                if fire_need(s, i, w, hex, ammo).is_ok()
                    && *los.get_or_insert_with(|| {
                        los_among(
                            s,
                            from,
                            hex,
                            side,
                            occ.get_or_insert_with(|| Occupied::of(s)),
                        )
                    })
                    && !found(Shot {
                        firer: i,
                        weapon: w,
                        letter,
                        ammo,
                        opportunity: opp,
                        defensive: def,
                    })
                {
                    return;
                }
            }
        }
    }
}

/// Whether a reaction shot of a mode is allowed (IV.A, IV.B).
fn mode_ok(
    s: &State,
    firer: Pid,
    weapon: Pid,
    mover: Pid,
    from: Coord,
    hex: Coord,
    mode: FireMode,
) -> bool {
    let w = s.p(weapon);
    match mode {
        FireMode::Opportunity => {
            // IV.A.1 Hidden units cannot be fired upon; IV.A.2 once per firer; IV.A.3 once
            // per target per hex; IV.A.4 no artillery.
            !s.p(mover).hidden
                && !s.fired.contains(&firer)
                && !s.hex_fired.0
                && w.kind != Kind::Artillery
        }
        FireMode::Defensive => {
            let defensive_weapon = if w.kind == Kind::Artillery {
                true
            } else {
                s.stat.tables.fct.get(w.row).is_some_and(|r| r.defensive)
            };
            from.distance(hex) <= 1
                && defensive_weapon
                && !s.defensive_pairs.contains(&(firer, mover))
                && !s.hex_fired.1
        }
        FireMode::Offensive => true,
    }
}

/// Whether a fleeing unit may pass through or stop in `to` (II.B.3-4): no Blaze, no
/// enemy, no friendly unit, no Woods for a mounted unit. `occ` lists the hexes with
/// pieces, so that an empty hex is judged without looking at the pieces.
fn flee_passable(s: &State, unit: Pid, mounted: bool, to: Coord, occ: &Occupied) -> bool {
    let side = s.p(unit).side;
    !(s.blazes.iter().any(|(b, _, _)| *b == to)
        || (occ.has(to, s) && enemy_present(s, to, side))
        // Any other friendly unit blocks, including one sharing the hex the flight
        // starts from: once the unit has left, that hex is closed to it.
        || (occ.has(to, s)
            && s.at(to).any(|i| i != unit && s.p(i).side == side && s.p(i).kind.is_unit()))
        || (mounted && s.stat.terrain(to) == Terrain::Woods))
}

/// Whether a flight may end in `d` (II.B.3-4): a routed unit must reach Cover farther
/// from the enemy; a mounted unit must end farther from the enemy, or stay where it was
/// hit.
fn flee_end_ok(s: &State, unit: Pid, why: Flight, start_dist: u32, moved: u8, d: Coord) -> bool {
    let farther = s.nearest_enemy(s.p(unit).side, d) > start_dist;
    match why {
        Flight::Rout => moved > 0 && farther && in_cover(s, d, unit),
        Flight::Mounted => farther || moved == 0,
    }
}

/// A flight's legal actions (II.B.3-4, IV.C.2). The unit moves one hex at a time
/// (`flee U HEX`, HEX next to it) toward a hex where it may end, at most 4 hexes in
/// all; it ends the flight with `flee U HERE` (routed) or `flee U HERE DISMOUNT-HEX`
/// (mounted: dismount into that hex or one next to it).
fn flee_options(
    s: &State,
    unit: Pid,
    why: Flight,
    start_dist: u32,
    moved: u8,
    out: &mut Vec<Action>,
) {
    let u = s.p(unit);
    let Some(from) = u.hex() else { return };
    let n = s.stat.tables.retreat_hexes.value as u32;
    let left = n.saturating_sub(u32::from(moved));
    let mounted = why == Flight::Mounted;
    let occ = Occupied::of(s);
    // Each hex reachable in the steps left, with the fewest steps it takes.
    let found = s.stat.map.reachable(
        from,
        left,
        |_, to| flee_passable(s, unit, mounted, to, &occ).then_some(1),
        |_| false,
    );
    let ends: Vec<(Coord, u32)> = found
        .iter()
        .filter(|&(&d, _)| flee_end_ok(s, unit, why, start_dist, moved + u8::from(d != from), d))
        .map(|(&d, &(cost, _))| (d, cost))
        .collect();
    if ends.is_empty() {
        return;
    }
    if ends.iter().any(|&(d, _)| d == from) {
        match why {
            Flight::Rout => out.push(Action::Flee {
                unit: u.id,
                hex: from,
                dismount: None,
            }),
            Flight::Mounted => {
                let mut spots: Vec<Coord> = std::iter::once(from)
                    .chain(s.stat.map.neighbors(from))
                    .collect();
                spots.sort();
                for x in spots {
                    if x == from || flee_passable(s, unit, false, x, &occ) {
                        out.push(Action::Flee {
                            unit: u.id,
                            hex: from,
                            dismount: Some(x),
                        });
                    }
                }
            }
        }
    }
    // Whether the flight, standing in `at` after `moved` hexes, can still reach a hex
    // where it may end within `left` more hexes.
    let reach_end = |moved: u8, at: Coord, left: u32| {
        let found = s.stat.map.reachable(
            at,
            left,
            |_, to| flee_passable(s, unit, mounted, to, &occ).then_some(1),
            |_| false,
        );
        found.iter().any(|(&d, &(cost, _))| {
            let m = moved.saturating_add(u8::try_from(cost).unwrap_or(u8::MAX));
            flee_end_ok(s, unit, why, start_dist, m, d)
        })
    };
    // A step is legal if an end is still in reach from the hex it enters.
    let mut steps: Vec<Coord> = s
        .stat
        .map
        .neighbors(from)
        .filter(|&nb| found.get(&nb).is_some_and(|&(cost, _)| cost == 1))
        .filter(|&nb| reach_end(moved + 1, nb, left - 1))
        .collect();
    steps.sort();
    for nb in steps {
        out.push(Action::Flee {
            unit: u.id,
            hex: nb,
            dismount: None,
        });
    }
}

fn medicine_targets(s: &State, medicine: Pid, near_only: bool, out: &mut Vec<Action>) {
    let m = s.p(medicine);
    let here = map_hex(s, medicine);
    if here.is_none() && (near_only || m.loc != Loc::Held) {
        return;
    }
    let range = s.stat.tables.medicine_range.value as u32;
    for (i, p) in s.pieces.iter().enumerate() {
        let i = i as Pid;
        if p.side != m.side || p.kind != Kind::Unit || m.loc == Loc::Carried(i) {
            continue;
        }
        let Some(c) = p.hex() else { continue };
        if near_only && here.is_some_and(|h| c.distance(h) > range) {
            continue;
        }
        if s.carried(i).any(|x| s.p(x).kind == Kind::Medicine) {
            continue;
        }
        out.push(Action::Medicine {
            medicine: m.id,
            unit: p.id,
        });
    }
}

/// Hexes where a melee must be fought (V): a unit of each side.
pub fn contested_hexes(s: &State) -> Vec<Coord> {
    // The evaluation asks this of every position it scores, and most have no melee:
    // one pass notes the hexes of the second side's units, a second finds the first
    // side's units in them, and nothing is allocated while no hex is contested.
    let theirs = Occupied::of_pieces(s, |p| p.side == 1 && p.kind.is_unit());
    let mut v: Vec<Coord> = s
        .pieces
        .iter()
        .filter(|p| p.side == 0 && p.kind.is_unit())
        .filter_map(|p| p.hex())
        .filter(|&c| theirs.has(c, s) && s.unit_at(c, 1).is_some())
        .collect();
    v.sort();
    v.dedup();
    v
}

fn raze_actions(s: &State, out: &mut Vec<Action>) {
    for (i, p) in s.pieces.iter().enumerate() {
        let i = i as Pid;
        if p.side != s.phasing || !p.kind.is_unit() || s.meleed.contains(&i) {
            continue;
        }
        let Some(c) = p.hex() else { continue };
        if s.unit_at(c, 1 - p.side).is_some() {
            continue;
        }
        for t in s.at(c) {
            let tp = s.p(t);
            if tp.side != p.side && matches!(tp.kind, Kind::Dependent | Kind::Lodge) {
                out.push(Action::Raze {
                    unit: p.id,
                    target: tp.id,
                });
            }
        }
    }
}

/// Pieces of the phasing side that may move this phase.
fn movers(s: &State) -> impl Iterator<Item = Pid> + '_ {
    s.pieces.iter().enumerate().filter_map(move |(i, p)| {
        let i = i as Pid;
        let kind_ok = matches!(
            p.kind,
            Kind::Unit | Kind::Crew | Kind::Leader | Kind::Hidden
        );
        let rec_done = s.rec(i).is_some_and(|r| r.done);
        (p.side == s.phasing && kind_ok && !p.pinned && !rec_done && p.on_map()).then_some(i)
    })
}

/// The cost for `unit` to enter `to` from `from`, or why not (III.B-F, III.G.8).
pub fn step_cost(s: &State, unit: Pid, from: Coord, to: Coord) -> Result<u8, &'static str> {
    step_cost_in(s, unit, from, to, false)
}

/// [`step_cost`], told whether `to` holds no piece at all (from an [`Occupied`] taken
/// once for many steps), which spares every look at its pieces: an empty hex holds no
/// friend, enemy, Leader or Horses. `empty` false always looks.
fn step_cost_in(
    s: &State,
    unit: Pid,
    from: Coord,
    to: Coord,
    empty: bool,
) -> Result<u8, &'static str> {
    let st = &s.stat;
    let u = s.p(unit);
    if !st.map.contains(to) {
        return Err("exiting the map is not allowed (III.J)");
    }
    if s.blazes.iter().any(|(b, _, _)| *b == to) {
        return Err("no unit may enter a Blaze hex (IX.B)");
    }
    let mounted = u.mounted_on.is_some();
    let t = st.terrain(to);
    if mounted && t == Terrain::Woods {
        return Err("mounted units cannot enter Woods (III.C.2.c)");
    }
    let hidden = u.hidden || u.kind == Kind::Hidden;
    if hidden && t == Terrain::River {
        return Err("a Hidden stack may not enter River hexes (III.F.5)");
    }
    if !empty {
        let enemy = enemy_present(s, to, u.side);
        if enemy && friend_unit_in(s, unit, to) {
            return Err("only one friendly unit per hex (III.E.1): it would have to stop there");
        }
        if u.kind == Kind::Leader
            && s.at(to)
                .any(|i| s.p(i).kind == Kind::Leader && s.p(i).side == u.side)
        {
            return Err("only one Leader per hex (III.E.2)");
        }
        if mounted && s.has_kind(to, Kind::Horses) {
            return Err("only one Horses counter per hex (III.E.2)");
        }
        if u.kind == Kind::Hidden && enemy {
            return Err("a Hidden counter alone cannot enter an enemy hex");
        }
        if enemy && s.rec(unit).is_some_and(|r| r.started_with_enemy) {
            return Err(
                "a unit that began stacked with an enemy may not enter another enemy hex (III.D.4)",
            );
        }
    }
    let tec = st.tec(to).ok_or("hex not on map")?;
    let climb = if st.map.level(to) > st.map.level(from) {
        st.tables.climb_cost.value as u8 * (st.map.level(to) - st.map.level(from))
    } else {
        0
    };
    Ok(tec.cost + climb)
}

/// Whether another friendly combat unit than `unit` is in `at` (III.E.1).
pub(super) fn friend_unit_in(s: &State, unit: Pid, at: Coord) -> bool {
    let u = s.p(unit);
    u.kind.is_unit()
        && s.at(at)
            .any(|i| i != unit && s.p(i).side == u.side && s.p(i).kind.is_unit())
}

/// III.E.1 forbids ending the Movement phase with two friendly units in a hex, not
/// passing through: a unit may enter a friendly unit's hex only if it can still leave it
/// for a hex of its own this phase.
fn can_pass_through(s: &State, unit: Pid, to: Coord, cost: u8) -> bool {
    let u = s.p(unit);
    let rec = s.rec(unit).cloned().unwrap_or_default();
    if u.mounted_on.is_some() && s.stat.terrain(to) == Terrain::River {
        return false; // thirsty horses could strand it there (III.G.8)
    }
    s.stat.map.neighbors(to).any(|n| {
        // The hex it came from counts too, but only if no other friendly unit is there:
        // a unit passing through two friends in a row could otherwise be stranded with
        // one of them (III.E.1).
        let free = !friend_unit_in(s, unit, n);
        let Ok(c2) = step_cost(s, unit, to, n) else {
            return false;
        };
        let budget = if u.hidden || u.kind == Kind::Hidden {
            rec.hexes + 2 <= s.stat.tables.hidden_move.value as u8
        } else if u.mounted_on.is_some() {
            true
        } else {
            u16::from(rec.mp) + u16::from(cost) + u16::from(c2) <= u16::from(u.ma)
        };
        free && budget && !enemy_present(s, n, u.side)
    })
}

/// Whether `unit` may step into `to` now (III.B-F). `empty`: no piece at all stands in
/// `to` (see [`step_cost_in`]).
fn can_step(s: &State, unit: Pid, to: Coord, empty: bool) -> bool {
    let ok = can_step_budget(s, unit, to, empty);
    let u = s.p(unit);
    if !ok || empty || !friend_unit_in(s, unit, to) {
        return ok;
    }
    let Some(from) = u.hex() else { return false };
    let Ok(cost) = step_cost(s, unit, from, to) else {
        return false;
    };
    can_pass_through(s, unit, to, cost)
}

fn can_step_budget(s: &State, unit: Pid, to: Coord, empty: bool) -> bool {
    let u = s.p(unit);
    let Some(from) = u.hex() else { return false };
    let rec = s.rec(unit).cloned().unwrap_or_default();
    if rec.stopped || rec.thirsty {
        return false;
    }
    let Ok(cost) = step_cost_in(s, unit, from, to, empty) else {
        return false;
    };
    if u.hidden || u.kind == Kind::Hidden {
        if rec.hexes >= s.stat.tables.hidden_move.value as u8 {
            return false;
        }
        return true;
    }
    if limbered_gun(s, unit).is_some() {
        // III.I.2: limbered artillery has MA 12 and cannot enter Woods or River.
        let t = s.stat.terrain(to);
        return t != Terrain::Woods
            && t != Terrain::River
            && !(rec.changed && rec.mp > 0 && !rec.mounted_moved)
            && u16::from(rec.mp) + u16::from(cost) <= s.stat.tables.artillery_ma.value as u16;
    }
    if u.mounted_on.is_some() {
        // III.C.2.c: unlimited MA mounted; option 6 forbids moving after mounting late.
        return !(rec.changed && rec.mp > 0);
    }
    if rec.mounted_moved || (rec.changed && rec.mp > 0) {
        return false;
    }
    u16::from(rec.mp) + u16::from(cost) <= u16::from(u.ma)
}

fn marching(s: &State) -> Option<Dir> {
    if !s.marching {
        return None;
    }
    s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::MarchUntilFired { side, toward } if *side == s.phasing => Some(match toward {
            crate::core::hexmap::Edge::North => Dir::N,
            crate::core::hexmap::Edge::South => Dir::S,
            crate::core::hexmap::Edge::East => Dir::NE,
            crate::core::hexmap::Edge::West => Dir::NW,
        }),
        _ => None,
    })
}

fn movement_actions(s: &State, out: &mut Vec<Action>) {
    // Most hexes next to a mover are empty, and an empty hex needs no look at the
    // pieces: the hexes with any piece on them are listed once here.
    let occupied = super::state::Occupied::of(s);
    let empty = |c: Coord| !occupied.has(c, s);
    if let Some(dir) = marching(s) {
        // IX.A: every unit moves directly north at its full movement rate.
        let mut any = false;
        for i in movers(s) {
            let p = s.p(i);
            if let Some(to) = p.hex().and_then(|h| h.step(dir))
                && (s.active.is_none() || s.active == Some(i))
                && can_step(s, i, to, empty(to))
            {
                out.push(Action::Move {
                    unit: p.id,
                    hex: to,
                });
                any = true;
            }
        }
        if let Some(a) = s.active {
            if !out
                .iter()
                .any(|x| matches!(x, Action::Move { unit, .. } if *unit == s.p(a).id))
            {
                out.push(Action::Stop { unit: s.p(a).id });
            }
        } else if !any {
            out.push(Action::End);
        }
        return;
    }
    // III.E.1: a unit passing through a friendly unit's hex must move on first.
    if let Some(a) = s.active
        && let Some(here) = s.p(a).hex()
        && friend_unit_in(s, a, here)
        && !s.p(a).pinned
    {
        for to in s.stat.map.neighbors(here) {
            if can_step(s, a, to, empty(to)) {
                out.push(Action::Move {
                    unit: s.p(a).id,
                    hex: to,
                });
            }
        }
        if !out.is_empty() {
            return;
        }
    }
    // III.C: units move one at a time; starting another unit ends the moving unit's
    // move (as on the tabletop), so every unit that has not moved is a candidate.
    let mut candidates: Vec<Pid> = movers(s).collect();
    if let Some(a) = s.active {
        candidates.retain(|&i| i != a);
        candidates.insert(0, a);
    }
    for i in candidates {
        let p = s.p(i);
        let Some(from) = p.hex() else { continue };
        let rec = s.rec(i).cloned().unwrap_or_default();
        for to in s.stat.map.neighbors(from) {
            if can_step(s, i, to, empty(to)) {
                out.push(Action::Move {
                    unit: p.id,
                    hex: to,
                });
            }
        }
        if !rec.changed
            && !rec.thirsty
            && p.kind != Kind::Hidden
            && (!rec.stopped || p.mounted_on.is_some())
        {
            if p.mounted_on.is_none() {
                for c in std::iter::once(from).chain(s.stat.map.neighbors(from)) {
                    if mount_target(s, i, c, empty(c)).is_some() {
                        out.push(Action::Mount { unit: p.id, hex: c });
                    }
                }
            } else {
                for c in std::iter::once(from).chain(s.stat.map.neighbors(from)) {
                    // III.D.2: after entering an enemy hex, only dismounting in place.
                    if (!rec.stopped || c == from) && dismount_ok(s, i, c) {
                        out.push(Action::Dismount { unit: p.id, hex: c });
                    }
                }
            }
        }
        if rec.mp == 0
            && !rec.changed
            && p.mounted_on.is_none()
            && !p.pinned
            && let Some(a) = towable_at(s, i, from)
        {
            let kind = s.p(a).kind;
            for to in s.stat.map.neighbors(from) {
                let t = s.stat.terrain(to);
                if t != Terrain::Woods
                    && t != Terrain::River
                    && !s.has_kind(to, kind)
                    && !s.blazes.iter().any(|(b, _, _)| *b == to)
                    && !enemy_present(s, to, p.side)
                {
                    out.push(Action::Shift {
                        unit: p.id,
                        hex: to,
                    });
                }
            }
        }
        if s.active == Some(i) {
            out.push(Action::Stop { unit: p.id });
        }
    }
    {
        // Off-board units entering this turn; most edge hexes are empty (`occupied`).
        for (i, p) in s.pieces.iter().enumerate() {
            if p.side != s.phasing {
                continue;
            }
            if let Loc::Offboard { zone, turn } = &p.loc {
                if *turn > s.turn || !matches!(p.kind, Kind::Unit | Kind::Leader | Kind::Crew) {
                    continue;
                }
                for &c in super::setup::zone_hexes(s, zone) {
                    if entry_ok(s, i as Pid, c, empty(c)) {
                        out.push(Action::Enter { unit: p.id, hex: c });
                    }
                }
            }
        }
        // II.C.3: weapons may be picked up "anytime during the Movement Phase" by units
        // with a Fire Combat Effectiveness; picking up is not movement, so a unit that
        // has finished moving (or had to stop in an enemy hex) may still do it.
        for (i, p) in s.pieces.iter().enumerate() {
            let (Some(here), true) = (
                p.hex(),
                p.side == s.phasing && p.kind == Kind::Unit && p.fire.is_some() && !p.pinned,
            ) else {
                continue;
            };
            for w in s.at(here) {
                if s.p(w).kind == Kind::Weapon && carry_ok(s, i as Pid, w) {
                    out.push(Action::Pickup {
                        unit: p.id,
                        weapon: s.p(w).id,
                    });
                }
            }
        }
        unhide_actions(s, out);
        out.push(Action::End);
    }
}

/// Whether `unit` may enter the map at edge hex `c` now. `empty`: no piece at
/// all stands in `c`, which spares the look at its pieces.
fn entry_ok(s: &State, unit: Pid, c: Coord, empty: bool) -> bool {
    let u = s.p(unit);
    if s.blazes.iter().any(|(b, _, _)| *b == c) || (!empty && enemy_present(s, c, u.side)) {
        return false;
    }
    if !empty && u.kind.is_unit() && s.unit_at(c, u.side).is_some() {
        return false;
    }
    if !empty
        && u.kind == Kind::Leader
        && s.at(c)
            .any(|i| s.p(i).kind == Kind::Leader && s.p(i).side == u.side)
    {
        return false;
    }
    let t = s.stat.terrain(c);
    if u.mounted_on.is_some() {
        return t != Terrain::Woods && (empty || !s.has_kind(c, Kind::Horses));
    }
    s.stat.tec(c).is_some_and(|r| r.cost <= u.ma)
}

/// The Horses counter `unit` could mount in hex `c` (III.C.2.b, III.C.2.d). `empty`:
/// no piece at all stands in `c`, so no Horses either.
fn mount_target(s: &State, unit: Pid, c: Coord, empty: bool) -> Option<Pid> {
    if empty {
        return None;
    }
    let u = s.p(unit);
    if u.hidden && s.stat.terrain(c) == Terrain::River {
        return None;
    }
    if s.stat.terrain(c) == Terrain::Woods {
        return None;
    }
    let from = u.hex()?;
    if c != from
        && (s.unit_at(c, u.side).is_some() && u.kind.is_unit()
            || enemy_present(s, c, u.side)
            || s.blazes.iter().any(|(b, _, _)| *b == c))
    {
        return None;
    }
    s.at(c).find(|&h| {
        let hp = s.p(h);
        if hp.kind != Kind::Horses || hp.side != u.side {
            return false;
        }
        let riders: Vec<Kind> = s
            .pieces
            .iter()
            .filter(|p| p.mounted_on == Some(h))
            .map(|p| p.kind)
            .collect();
        match u.kind {
            Kind::Leader => !riders.contains(&Kind::Leader),
            _ => !riders.iter().any(|k| k.is_unit()),
        }
    })
}

fn dismount_ok(s: &State, unit: Pid, c: Coord) -> bool {
    let u = s.p(unit);
    let Some(from) = u.hex() else { return false };
    if c == from {
        return true;
    }
    if s.blazes.iter().any(|(b, _, _)| *b == c) {
        return false;
    }
    if u.kind.is_unit() && s.unit_at(c, u.side).is_some() {
        return false;
    }
    if u.kind == Kind::Leader
        && s.at(c)
            .any(|i| s.p(i).kind == Kind::Leader && s.p(i).side == u.side)
    {
        return false;
    }
    !(enemy_present(s, c, u.side) && s.rec(unit).is_some_and(|r| r.started_with_enemy))
}

/// Whether `unit` may pick up weapon `w` (III.H.2).
fn carry_ok(s: &State, unit: Pid, w: Pid) -> bool {
    let wp = s.p(w);
    let have: Vec<&str> = s
        .carried(unit)
        .filter(|&x| s.p(x).kind == Kind::Weapon)
        .map(|x| &*s.p(x).letter)
        .collect();
    if &*wp.letter == "P" {
        !have.contains(&"P")
    } else {
        !have.iter().any(|l| *l != "P")
    }
}

// ---------------------------------------------------------------------------------
// Apply
// ---------------------------------------------------------------------------------

fn pid(s: &State, id: &str) -> Result<Pid, RuleError> {
    s.find(id)
        .ok_or_else(|| RuleError::new(format!("no piece '{id}'")))
}

/// Apply an action: it must be one of [`legal`]'s. On error nothing changes.
pub fn apply(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    if s.phase == Phase::Over {
        return Err(RuleError::new("the game is over"));
    }
    let legal_now = legal(s);
    if !legal_now.contains(a) && !big_artillery_group_ok(s, a, &legal_now) {
        return Err(explain_illegal(s, a, &legal_now));
    }
    apply_listed(s, a)
}

/// Apply an action the caller has just taken from [`legal`] for this very state,
/// without listing the legal actions again to check it (the computer player's search
/// applies thousands). Anything not from that list must go through [`apply`].
pub fn apply_listed(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    if s.phase == Phase::Over {
        return Err(RuleError::new("the game is over"));
    }
    let mut log = Vec::new();
    match a {
        Action::Place { piece, hex } => {
            let i = pid(s, piece)?;
            s.pm(i).loc = Loc::Map(*hex);
            for r in s.pieces.iter_mut().filter(|p| p.mounted_on == Some(i)) {
                r.loc = Loc::Map(*hex);
            }
            log.push(LogEntry::private(
                s.phasing,
                format!("{piece} placed in {hex}"),
            ));
        }
        Action::Ready => {
            log.push(LogEntry::public(format!(
                "{} has finished setting up",
                seat_name(s, s.phasing)
            )));
            super::setup::next_setup(s);
        }
        Action::Fire {
            unit,
            weapon: _,
            targets,
            horses,
            ammo,
        } => {
            let f = pid(s, unit)?;
            let w = usable_weapons(s, f)
                .into_iter()
                .find(|&w| {
                    let wp = s.p(w);
                    let l = if wp.kind == Kind::Artillery {
                        "art"
                    } else {
                        &*wp.letter
                    };
                    matches!(a, Action::Fire { weapon, .. } if &**weapon == l)
                })
                .ok_or_else(|| RuleError::new("no such weapon"))?;
            let mode = match s.pending {
                Pending::Reaction { mover, hex } => {
                    let from = s.p(f).hex().unwrap_or(hex);
                    if mode_ok(s, f, w, mover, from, hex, FireMode::Opportunity)
                        && !mode_ok(s, f, w, mover, from, hex, FireMode::Defensive)
                    {
                        FireMode::Opportunity
                    } else if mode_ok(s, f, w, mover, from, hex, FireMode::Defensive) {
                        // Prefer Defensive Fire when both are open: it keeps the once-per-phase
                        // Opportunity shot for later (IV.B.2).
                        FireMode::Defensive
                    } else {
                        FireMode::Opportunity
                    }
                }
                _ => FireMode::Offensive,
            };
            fire(s, f, w, targets, *horses, *ammo, mode, &mut log)?;
            after_reaction_shot(s);
        }
        Action::Blaze { unit, hex } => {
            let u = pid(s, unit)?;
            s.fired.insert(u);
            let n = s.pieces.iter().filter(|p| p.kind == Kind::Blaze).count() + 1;
            s.pieces
                .push(marker(Kind::Blaze, s.phasing, format!("B{n}"), *hex));
            s.blazes.push((*hex, s.turn, s.phasing));
            log.push(LogEntry::public(format!(
                "{unit} sets a Blaze in {hex} instead of firing (IX.B)"
            )));
            reveal_unit(s, u, &mut log);
        }
        Action::Move { unit, hex } => {
            let u = pid(s, unit)?;
            step(s, u, *hex, &mut log);
        }
        Action::Enter { unit, hex } => {
            let u = pid(s, unit)?;
            enter(s, u, *hex, &mut log);
        }
        Action::Mount { unit, hex } => {
            let u = pid(s, unit)?;
            let h = mount_target(s, u, *hex, false)
                .ok_or_else(|| RuleError::new("no Horses to mount"))?;
            begin_move(s, u);
            let from = s.p(u).hex();
            reveal_unit(s, u, &mut log);
            // III.I.1: a Crew mounting Horses limbers the gun in its hex (one Horses
            // counter pulls one Artillery Weapon plus a Crew, III.C.2.d).
            let gun = from.and_then(|c| towable_at(s, u, c));
            s.pm(u).mounted_on = Some(h);
            s.pm(u).loc = Loc::Map(*hex);
            if let Some(g) = gun {
                s.pm(g).mounted_on = Some(h);
                s.pm(g).loc = Loc::Map(*hex);
                let (what, rule) = towed(s, g);
                log.push(LogEntry::public(format!(
                    "{unit} limbers {what} {} ({rule})",
                    s.p(g).id
                )));
            }
            let rec = s.rec_mut(u);
            rec.changed = true;
            let late = rec.mp > 0;
            if late {
                rec.done = true;
            }
            log.push(LogEntry::public(format!(
                "{unit} mounts the Horses in {hex}{} (III.C.2.b)",
                if late {
                    "; its move ends (III.A option 6)"
                } else {
                    ""
                }
            )));
            if Some(*hex) != from {
                carry_along(s, u, *hex);
            }
            open_reaction(s, u, *hex);
            if late && s.pending == Pending::None {
                s.active = None;
            }
        }
        Action::Dismount { unit, hex } => {
            let u = pid(s, unit)?;
            begin_move(s, u);
            if let Some(g) = limbered_gun(s, u) {
                s.pm(g).mounted_on = None;
                s.pm(g).loc = Loc::Map(*hex);
                let (what, rule) = towed(s, g);
                log.push(LogEntry::public(format!(
                    "{unit} unlimbers {what} {} in {hex} ({rule})",
                    s.p(g).id
                )));
            }
            s.pm(u).mounted_on = None;
            s.pm(u).loc = Loc::Map(*hex);
            carry_along(s, u, *hex);
            let rec = s.rec_mut(u);
            rec.changed = true;
            let late = rec.mounted_moved;
            if late {
                rec.done = true;
            }
            log.push(LogEntry::public(format!(
                "{unit} dismounts into {hex}{} (III.C.2.b)",
                if late {
                    "; its move ends (III.A option 7)"
                } else {
                    ""
                }
            )));
            if enemy_present(s, *hex, s.p(u).side) {
                s.rec_mut(u).stopped = true;
            }
            open_reaction(s, u, *hex);
            if late && s.pending == Pending::None {
                s.active = None;
            }
        }
        Action::Pickup { unit, weapon } => {
            let u = pid(s, unit)?;
            let w = pid(s, weapon)?;
            s.pm(w).loc = Loc::Carried(u);
            log.push(LogEntry::public(format!(
                "{unit} picks up {weapon} ({}{}) (II.C.3)",
                s.p(w).letter,
                if s.p(w).flipped { ", Low Ammo" } else { "" }
            )));
        }
        Action::Shift { unit, hex } => {
            let u = pid(s, unit)?;
            let from = s.p(u).hex().ok_or_else(|| RuleError::new("crew off map"))?;
            let art = towable_at(s, u, from).ok_or_else(|| RuleError::new("no gun here"))?;
            s.pm(art).loc = Loc::Map(*hex);
            s.rec_mut(u).done = true;
            let (what, rule) = towed(s, art);
            log.push(LogEntry::public(format!(
                "{unit} shifts {what} {} to {hex} ({rule}, III.I.2)",
                s.p(art).id
            )));
        }
        Action::Unhide { hex } => {
            unhide(s, *hex, &mut log, "voluntarily (III.F.4)");
        }
        Action::Stop { unit } => {
            let u = pid(s, unit)?;
            s.rec_mut(u).done = true;
            s.active = None;
            log.push(LogEntry::private(
                s.phasing,
                format!("{unit} ends its move"),
            ));
        }
        Action::Catch { horses } => {
            let h = pid(s, horses)?;
            let Pending::Capture { side, .. } = s.pending else {
                return Err(RuleError(format!("'{a}': no loose Horses to catch")));
            };
            s.pm(h).side = side;
            let c = s.p(h).hex().map_or(String::new(), |c| format!(" in {c}"));
            log.push(LogEntry::public(format!(
                "{} stops the loose Horses {horses}{c} and takes control of them (III.G.5)",
                seat_name(s, side)
            )));
            s.walk = None;
            s.pending = Pending::None;
            run_loose_horses(s, &mut log);
        }
        Action::Pass => match s.pending.clone() {
            Pending::Capture { .. } => {
                s.pending = Pending::None;
                let next = s.walk.as_mut().and_then(|w| {
                    if w.deciders.is_empty() {
                        None
                    } else {
                        Some(w.deciders.remove(0))
                    }
                });
                if let (Some(side), Some(w)) = (next, &s.walk) {
                    s.pending = Pending::Capture {
                        horse: w.horse,
                        side,
                    };
                } else {
                    run_loose_horses(s, &mut log);
                }
            }
            Pending::Reaction { .. } => close_reaction(s),
            Pending::Dust { .. } => {
                s.pending = Pending::None;
                next_pending(s);
            }
            Pending::Medicine { medicine } => {
                s.pm(medicine).loc = Loc::Removed;
                log.push(LogEntry::public(format!(
                    "{medicine} is removed from play (VII.D.1)",
                    medicine = s.p(medicine).id
                )));
                s.pending = Pending::None;
                next_pending(s);
            }
            _ => {}
        },
        Action::End => end_phase(s, &mut log),
        Action::Melee { hex } => melee(s, *hex, &mut log),
        Action::Raze { unit, target } => {
            let u = pid(s, unit)?;
            let t = pid(s, target)?;
            s.meleed.insert(u);
            let kind = s.p(t).kind;
            eliminate(
                s,
                t,
                &mut log,
                "razed in the Melee phase (VIII.A.3, VIII.D)",
            );
            let _ = kind;
        }
        Action::Rally { unit } => {
            let u = pid(s, unit)?;
            s.rallied.insert(u);
            let r = morale_roll(s, u);
            if r.pass {
                s.pm(u).pinned = false;
            }
            log.push(LogEntry::public(format!(
                "{unit} rally (VI): {}: {}",
                r.text,
                if r.pass {
                    "rallied, unpinned (VI.2)"
                } else {
                    "stays Pinned (VI.3)"
                }
            )));
        }
        Action::Flee {
            unit,
            hex,
            dismount,
        } => {
            let u = pid(s, unit)?;
            flee(s, u, *hex, *dismount, &mut log);
        }
        Action::Recruit { unit } => {
            let u = pid(s, unit)?;
            recruit(s, u, &mut log);
        }
        Action::Dust { from } => {
            if let Pending::Dust { hex, .. } = s.pending.clone() {
                if let Some(i) = s
                    .pieces
                    .iter()
                    .position(|p| p.kind == Kind::Dust && p.loc == Loc::Map(*from))
                {
                    s.pieces[i].loc = Loc::Map(hex);
                }
                s.dust.retain(|d| d != from);
                s.dust.push(hex);
                log.push(LogEntry::public(format!(
                    "The Dust marker in {from} moves to {hex} (IX.E)"
                )));
                s.pending = Pending::None;
                next_pending(s);
            }
        }
        Action::MedicineOff { medicine } => {
            let m = pid(s, medicine)?;
            s.pm(m).loc = Loc::Held;
            s.rallied.insert(m);
            log.push(LogEntry::public(format!(
                "{medicine} is taken off the map and held (VII.D.2)"
            )));
        }
        Action::Medicine { medicine, unit } => {
            let m = pid(s, medicine)?;
            let u = pid(s, unit)?;
            if s.p(m).loc == Loc::Held {
                log.push(LogEntry::public(format!(
                    "{medicine} is added to the map (VII.D.2)"
                )));
            }
            s.pm(m).loc = Loc::Carried(u);
            if s.phase == Phase::Rally {
                s.rallied.insert(m);
            }
            log.push(LogEntry::private(
                s.p(m).side,
                format!("{medicine} passes to {unit} (VII.D)"),
            ));
            log.push(LogEntry::private(
                1 - s.p(m).side,
                format!("{medicine} passes to another unit (VII.D)"),
            ));
            if matches!(s.pending, Pending::Medicine { .. }) {
                s.pending = Pending::None;
                next_pending(s);
            }
        }
    }
    log.append(&mut s.pending_log);
    check_sudden_end(s, &mut log);
    Ok(log)
}

/// Artillery may fire at up to seven adjacent targets (II.E.5-6); legal actions list
/// single targets and adjacent pairs, and a larger group is accepted when every one of
/// its targets could be fired on alone and the group meets II.E.5-7.
fn big_artillery_group_ok(s: &State, a: &Action, legal: &[Action]) -> bool {
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

fn explain_illegal(s: &State, a: &Action, legal: &[Action]) -> RuleError {
    let who = to_act(s).map_or("nobody".to_string(), |x| seat_name(s, x).to_string());
    let phase = s.phase.name();
    let id = match a {
        Action::Place { piece, .. } => Some(piece),
        Action::Fire { unit, .. }
        | Action::Blaze { unit, .. }
        | Action::Move { unit, .. }
        | Action::Enter { unit, .. }
        | Action::Mount { unit, .. }
        | Action::Dismount { unit, .. }
        | Action::Pickup { unit, .. }
        | Action::Shift { unit, .. }
        | Action::Stop { unit }
        | Action::Raze { unit, .. }
        | Action::Rally { unit }
        | Action::Recruit { unit }
        | Action::Flee { unit, .. } => Some(unit),
        _ => None,
    };
    if let Some(id) = id {
        match s.find(id) {
            None => return RuleError::new(format!("'{a}' is illegal: there is no piece '{id}'")),
            Some(p) if Some(s.p(p).side) != to_act(s) => {
                return RuleError::new(format!(
                    "'{a}' is illegal: {id} is not a piece of {who}, who must act now"
                ));
            }
            _ => {}
        }
    }
    if let (Action::Move { unit, hex }, Some(p)) = (
        a,
        s.find(match a {
            Action::Move { unit, .. } => unit,
            _ => "",
        }),
    ) && let Some(from) = s.p(p).hex()
    {
        if from.distance(*hex) != 1 {
            return RuleError::new(format!(
                "'{a}' is illegal: {hex} is not adjacent to {unit} in {from} (III.C.1)"
            ));
        }
        if let Err(e) = step_cost(s, p, from, *hex) {
            return RuleError::new(format!("'{a}' is illegal: {e}"));
        }
        return RuleError::new(format!(
            "'{a}' is illegal: {unit} has not enough movement left, has finished, or another unit is moving (III.B.4, III.C)"
        ));
    }
    if let Action::Fire { unit, targets, .. } = a
        && let (Some(f), Some(t)) = (s.find(unit), targets.first())
        && let Some(from) = s.p(f).hex()
        && !los(s, from, *t, s.p(f).side)
    {
        return RuleError::new(format!(
            "'{a}' is illegal: no line of sight from {from} to {t} (II.A.2)"
        ));
    }
    let hint: Vec<String> = legal.iter().take(6).map(ToString::to_string).collect();
    RuleError::new(format!(
        "'{a}' is not legal now ({who} to act, {phase} phase). Legal actions include: {}",
        hint.join("; ")
    ))
}

fn marker(kind: Kind, side: Side, id: String, hex: Coord) -> super::state::Piece {
    super::state::Piece {
        id: format!("{}{}", if kind == Kind::Blaze { "x" } else { "u" }, id).into(),
        kind,
        side,
        loc: Loc::Map(hex),
        label: format!("{kind:?}").into(),
        melee: 0,
        morale: 0,
        ma: 0,
        fire: None,
        militia: false,
        pinned: false,
        flipped: false,
        hidden: false,
        mounted_on: None,
        letter: Id::from(""),
        row: 0,
        lost_ammo: Default::default(),
    }
}

/// Make `u` the moving unit, finishing any other (III.C).
fn begin_move(s: &mut State, u: Pid) {
    if s.active != Some(u) {
        if let Some(prev) = s.active {
            s.rec_mut(prev).done = true;
        }
        s.active = Some(u);
        let here = s.p(u).hex();
        let side = s.p(u).side;
        let with_enemy = here.is_some_and(|c| enemy_unit_in(s, c, side).is_some());
        let rec = s.rec_mut(u);
        if rec.mp == 0 && rec.hexes == 0 && !rec.changed {
            rec.started_with_enemy = with_enemy;
        }
    }
}

/// Move everything that travels with `u` (its Horses, their other rider, carried
/// weapons go by reference) into `to`.
fn carry_along(s: &mut State, u: Pid, to: Coord) {
    if let Some(h) = s.p(u).mounted_on {
        s.pm(h).loc = Loc::Map(to);
        for r in 0..s.pieces.len() {
            if s.pieces[r].mounted_on == Some(h) {
                s.pieces[r].loc = Loc::Map(to);
            }
        }
    }
}

fn step(s: &mut State, u: Pid, to: Coord, log: &mut Vec<LogEntry>) {
    begin_move(s, u);
    let from = s.p(u).hex().unwrap_or(to);
    let cost = step_cost(s, u, from, to).unwrap_or(0);
    let mounted = s.p(u).mounted_on.is_some();
    let limbered = limbered_gun(s, u).is_some();
    s.pm(u).loc = Loc::Map(to);
    carry_along(s, u, to);
    {
        let rec = s.rec_mut(u);
        // Mounted units move without limit (III.C.2.c): saturate, never overflow.
        rec.hexes = rec.hexes.saturating_add(1);
        if mounted {
            rec.mounted_moved = true;
        }
        // Dismounted units and limbered artillery (MA 12, III.I.2) pay MP.
        if !mounted || limbered {
            rec.mp += cost;
        }
    }
    let side = s.p(u).side;
    log_about(log, s, u, |name| {
        format!(
            "{name} moves {from} -> {to}{}",
            if mounted { " mounted" } else { "" }
        )
    });
    if enemy_present(s, to, side) {
        // III.D.1, III.D.3: entering an enemy or Hidden hex ends the move and removes Hidden counters.
        s.rec_mut(u).stopped = true;
        if !mounted {
            // Nothing more it can do this phase; a mounted unit may still dismount (III.D.2).
            s.rec_mut(u).done = true;
        }
        unhide(s, to, log, "an enemy unit entered the hex (III.D.3)");
        log.push(LogEntry::public(format!(
            "{} must stop in {to}: enemy in the hex (III.D.1)",
            s.p(u).id
        )));
    }
    if mounted && s.stat.terrain(to) == Terrain::River {
        thirsty(s, u, to, log);
    }
    if s.marching
        && s.special(|sp| matches!(sp, Special::MarchUntilFired { side: x, .. } if *x == side))
    {
        let ma = s.p(u).ma;
        if s.rec(u).is_some_and(|r| r.mp >= ma) {
            s.rec_mut(u).done = true;
            s.active = None;
        }
    }
    open_reaction(s, u, to);
}

fn thirsty(s: &mut State, u: Pid, to: Coord, log: &mut Vec<LogEntry>) {
    let roll = s.dice.d6();
    s.reveals += 1;
    let stop = roll >= s.stat.tables.thirsty_stop.value as u8;
    if stop {
        s.rec_mut(u).thirsty = true;
        s.rec_mut(u).done = true;
    }
    log.push(LogEntry::public(format!(
        "Thirsty Horses (III.G.8) in {to}: die {roll}: {}",
        if stop {
            "4-6, the Horses stop in the River for the rest of the phase"
        } else {
            "they go on"
        }
    )));
}

fn enter(s: &mut State, u: Pid, to: Coord, log: &mut Vec<LogEntry>) {
    begin_move(s, u);
    let cost = s.stat.tec(to).map_or(1, |t| t.cost);
    s.pm(u).loc = Loc::Map(to);
    let mounted = s.p(u).mounted_on.is_some();
    carry_along(s, u, to);
    {
        let rec = s.rec_mut(u);
        // Mounted units move without limit (III.C.2.c): saturate, never overflow.
        rec.hexes = rec.hexes.saturating_add(1);
        if mounted {
            rec.mounted_moved = true;
        } else {
            rec.mp += cost;
        }
    }
    log_about(log, s, u, |name| {
        format!(
            "{name} enters the map at {to}{}",
            if mounted { " mounted" } else { "" }
        )
    });
    open_reaction(s, u, to);
}

/// After a unit enters a hex (or mounts/dismounts, III.C.2.b), give the non-phasing
/// side the chance of Opportunity or Defensive Fire (IV) if any shot is possible.
fn open_reaction(s: &mut State, u: Pid, hex: Coord) {
    s.hex_fired = (false, false);
    s.pending = Pending::Reaction { mover: u, hex };
    if !any_reaction_fire(s, u, hex) {
        s.pending = Pending::None;
        if !flight_goes_on(s, u) {
            s.fleeing.remove(&u);
        }
        finish_if_stuck(s, u);
    }
}

fn close_reaction(s: &mut State) {
    if let Pending::Reaction { mover, .. } = s.pending {
        s.pending = Pending::None;
        if !flight_goes_on(s, mover) {
            s.fleeing.remove(&mover);
        }
        next_pending(s);
        finish_if_stuck(s, mover);
    }
}

/// End a mover's move when it can do nothing more.
fn finish_if_stuck(s: &mut State, u: Pid) {
    if s.active != Some(u) || s.phase != Phase::Movement || s.pending != Pending::None {
        return;
    }
    let p = s.p(u);
    if !p.on_map() || p.pinned || s.rec(u).is_some_and(|r| r.done) {
        s.rec_mut(u).done = true;
        s.active = None;
    }
}

fn after_reaction_shot(s: &mut State) {
    if let Pending::Reaction { mover, .. } = s.pending {
        let any = s
            .p(mover)
            .hex()
            .is_some_and(|hex| any_reaction_fire(s, mover, hex));
        if !any {
            close_reaction(s);
        }
    }
}

/// Move the next queued decision (if any) into `pending`.
fn next_pending(s: &mut State) {
    while s.pending == Pending::None && !s.queue.is_empty() {
        let next = s.queue.remove(0);
        // A flight whose unit was eliminated in between (IV.C.2) is over.
        if let Pending::Flee { unit, .. } = next
            && !s.p(unit).on_map()
        {
            s.fleeing.remove(&unit);
            continue;
        }
        s.pending = next;
        settle_flight_without_options(s);
    }
}

/// Whether `u` is in the middle of a flight that goes on after the current decision.
fn flight_goes_on(s: &State, u: Pid) -> bool {
    s.queue
        .iter()
        .any(|p| matches!(p, Pending::Flee { unit, .. } if *unit == u))
}

fn unhide(s: &mut State, c: Coord, log: &mut Vec<LogEntry>, why: &str) {
    let hidden: Vec<Pid> = s
        .at(c)
        .filter(|&i| s.p(i).hidden || s.p(i).kind == Kind::Hidden)
        .collect();
    if hidden.is_empty() {
        return;
    }
    let side = s.p(hidden[0]).side;
    let mut shown = vec![];
    for i in hidden {
        if s.p(i).kind == Kind::Hidden {
            s.pm(i).loc = Loc::Removed;
        } else {
            s.pm(i).hidden = false;
            shown.push(format!("{} ({})", s.p(i).id, s.p(i).label));
        }
    }
    s.reveals += 1;
    let _ = side;
    log.push(LogEntry::public(format!(
        "Hidden counters removed from {c}, {why}: {}",
        if shown.is_empty() {
            "it held nothing".to_string()
        } else {
            shown.join(", ")
        }
    )));
}

fn reveal_unit(s: &mut State, u: Pid, log: &mut Vec<LogEntry>) {
    if s.p(u).hidden
        && let Some(c) = s.p(u).hex()
    {
        unhide(s, c, log, "its unit fired, meleed or mounted (III.F.9)");
    }
}

#[allow(clippy::too_many_arguments)] // one argument per element of a fire declaration (II.A.1)
fn fire(
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
    let mut hits = vec![];
    for t in targets {
        let calc = fire_calc(s, f, w, *t, horses, ammo).map_err(RuleError)?;
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
        } else if let Some(tp) = target_in(s, t, firer_side) {
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

fn hit_leader(s: &mut State, l: Pid, log: &mut Vec<LogEntry>) {
    if s.p(l).flipped {
        eliminate(s, l, log, "Leader hit on its reverse side (VII.B)");
    } else {
        s.pm(l).flipped = true;
        let reduce = |v: u8| v.saturating_sub(1);
        let (r, g) = (reduce(s.p(l).melee), reduce(s.p(l).morale));
        s.pm(l).melee = r;
        s.pm(l).morale = g;
        log.push(LogEntry::public(format!(
            "Leader {} is hit and flips to its reverse side: rating {r}, range {g} (VII.B; {})",
            s.p(l).id,
            s.stat.tables.leader_reverse.label()
        )));
    }
}

/// Pin a dismounted unit and, if it is not under Cover, check morale (II.B.1).
fn pin_and_check(s: &mut State, t: Pid, log: &mut Vec<LogEntry>) {
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

/// One morale or rally roll: d6 minus the leader and Medicine modifiers (VII.A),
/// passing when the result is at most the printed Morale (II.B.1, VI.2).
struct MoraleRoll {
    pass: bool,
    /// `die 5 -1 leader aL1 in range (VII.A) = 4 vs Morale 4`.
    text: String,
}

fn morale_roll(s: &mut State, u: Pid) -> MoraleRoll {
    let roll = s.dice.d6();
    s.reveals += 1;
    let (m, why) = leader_medicine_mod(s, u);
    let net = i16::from(roll) - i16::from(m);
    let morale = s.p(u).morale;
    let mods = if why.is_empty() {
        String::new()
    } else {
        format!(" {}", why.join(" "))
    };
    MoraleRoll {
        pass: net <= i16::from(morale),
        text: format!("die {roll}{mods} = {net} vs Morale {morale}"),
    }
}

/// Roll a morale check; on failure the unit routs (II.B.1).
fn morale_check(s: &mut State, t: Pid, log: &mut Vec<LogEntry>, why: &str) {
    let Some(c) = s.p(t).hex() else { return };
    let r = morale_roll(s, t);
    let pass = r.pass;
    log.push(LogEntry::public(format!(
        "{} morale check, {why}: {}: {}",
        s.p(t).id,
        r.text,
        if pass {
            "passes"
        } else {
            "fails and routs (II.B.1, II.B.4)"
        }
    )));
    if !pass {
        // Routed units abandon their weapons (II.C.1).
        abandon_weapons(s, t, c, log);
        let start = s.nearest_enemy(s.p(t).side, c);
        queue_flee(s, t, Flight::Rout, start);
    }
}

fn queue_flee(s: &mut State, t: Pid, why: Flight, start: u32) {
    match s.pending.clone() {
        Pending::None => {}
        Pending::Reaction { mover, .. } => {
            // A flight interrupts a reaction window; the window is closed (the mover, if
            // it flees, gets a new window where it lands).
            s.fleeing.remove(&mover);
            s.pending = Pending::None;
        }
        _ => {
            s.queue.push(Pending::Flee {
                unit: t,
                why,
                start_dist: start,
                moved: 0,
            });
            return;
        }
    }
    s.pending = Pending::Flee {
        unit: t,
        why,
        start_dist: start,
        moved: 0,
    };
    settle_flight_without_options(s);
}

/// If the pending flight has nowhere to go, it is settled at once: a routed unit is
/// eliminated (II.B.4), a mounted unit dismounts in place and is Pinned (II.B.3). A
/// flight queued behind another decision is checked here too when it comes up, so a
/// seat is never asked to flee with no hex to flee to.
fn settle_flight_without_options(s: &mut State) {
    let Pending::Flee {
        unit: t,
        why,
        start_dist,
        moved,
    } = s.pending.clone()
    else {
        return;
    };
    let mut v = Vec::new();
    flee_options(s, t, why, start_dist, moved, &mut v);
    if v.is_empty() {
        s.pending = Pending::None;
        s.fleeing.remove(&t);
        match why {
            Flight::Rout => {
                let mut log = Vec::new();
                eliminate(
                    s,
                    t,
                    &mut log,
                    "routed with no hex in Cover farther from the enemy within 4 hexes (II.B.4)",
                );
                s.pending_log.extend(log);
            }
            Flight::Mounted => {
                // Nowhere farther: dismount in place.
                s.pm(t).mounted_on = None;
                let mut log = Vec::new();
                pin_and_check(s, t, &mut log);
                s.pending_log.extend(log);
            }
        }
    }
    if s.active == Some(t) && s.pending == Pending::None {
        s.rec_mut(t).done = true;
        s.active = None;
    }
}

/// One action of a flight (II.B.3-4): a hex of movement, or the end of the flight. In
/// the fleeing side's own Movement phase the enemy may fire at it in each hex it enters,
/// and a second hit eliminates it (IV.C.2).
fn flee(s: &mut State, u: Pid, to: Coord, dismount: Option<Coord>, log: &mut Vec<LogEntry>) {
    let Pending::Flee {
        why,
        start_dist,
        moved,
        ..
    } = s.pending.clone()
    else {
        return;
    };
    let here = s.p(u).hex().unwrap_or(to);
    let reacts = s.phase == Phase::Movement && s.p(u).side == s.phasing;
    let verb = if why == Flight::Rout {
        "routs"
    } else {
        "flees mounted"
    };
    if to != here {
        s.pm(u).loc = Loc::Map(to);
        carry_along(s, u, to);
        log.push(LogEntry::public(format!(
            "{} {verb} {here} -> {to} (hex {} of at most {}, {})",
            s.p(u).id,
            moved + 1,
            s.stat.tables.retreat_hexes.value,
            if why == Flight::Rout {
                "II.B.4"
            } else {
                "II.B.3"
            }
        )));
        let next = Pending::Flee {
            unit: u,
            why,
            start_dist,
            moved: moved + 1,
        };
        if reacts {
            s.fleeing.insert(u);
            s.pending = Pending::None;
            s.queue.insert(0, next);
            open_reaction(s, u, to);
            next_pending(s);
        } else {
            s.pending = next;
        }
        log.append(&mut s.pending_log);
        return;
    }
    s.pending = Pending::None;
    if s.active == Some(u) {
        s.rec_mut(u).done = true;
        s.active = None;
    }
    let mut end = here;
    match why {
        Flight::Rout => {
            log.push(LogEntry::public(format!(
                "{} ends its rout in {here}, in Cover (II.B.4)",
                s.p(u).id
            )));
            s.pm(u).pinned = true;
        }
        Flight::Mounted => {
            end = dismount.unwrap_or(here);
            s.pm(u).mounted_on = None;
            s.pm(u).loc = Loc::Map(end);
            log.push(LogEntry::public(format!(
                "{} ends its flight in {here}, dismounts into {end} and is Pinned (II.B.3)",
                s.p(u).id
            )));
            s.pm(u).pinned = true;
            if !in_cover(s, end, u) {
                morale_check(s, u, log, "dismounted into the Open (II.B.3)");
            }
        }
    }
    // IV.C.2: dismounting into another hex is still movement caused by the hit.
    if reacts && end != here && s.pending == Pending::None && s.p(u).on_map() {
        s.fleeing.insert(u);
        open_reaction(s, u, end);
    } else if !matches!(s.pending, Pending::Flee { unit, .. } if unit == u) {
        s.fleeing.remove(&u);
    }
    next_pending(s);
    log.append(&mut s.pending_log);
}

fn dust(s: &mut State, t: Pid, c: Coord, log: &mut Vec<LogEntry>) {
    let Some(max) = s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::Dust { side, markers } if *side == s.p(t).side => Some(*markers),
        _ => None,
    }) else {
        return;
    };
    let near_river = s
        .stat
        .map
        .coords()
        .any(|r| s.stat.terrain(r) == Terrain::River && r.distance(c) <= 2);
    if !near_river || s.dust.contains(&c) {
        return;
    }
    if s.dust.len() < usize::from(max) {
        s.dust.push(c);
        let n = s.dust.len();
        let side = s.p(t).side;
        s.pieces.push(marker(Kind::Dust, side, format!("{n}"), c));
        log.push(LogEntry::public(format!(
            "A Dust marker is placed in {c} (IX.E)"
        )));
    } else {
        // IX.E: all markers are out; the Indian player may move one to the new hex.
        let side = s.p(t).side;
        let d = Pending::Dust { hex: c, side };
        if s.pending == Pending::None {
            s.pending = d;
        } else {
            s.queue.push(d);
        }
        log.push(LogEntry::public(format!(
            "All Dust markers are placed: the {} player may move one to {c} (IX.E)",
            seat_name(s, side)
        )));
    }
}

fn abandon_weapons(s: &mut State, u: Pid, c: Coord, log: &mut Vec<LogEntry>) {
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

/// Eliminate a piece: abandon weapons, drop Medicine, free Horses, score points.
fn eliminate(s: &mut State, t: Pid, log: &mut Vec<LogEntry>, why: &str) {
    let Some(c) = s.p(t).hex() else { return };
    abandon_weapons(s, t, c, log);
    for w in s.carried(t).collect::<Vec<_>>() {
        if s.p(w).kind == Kind::Weapon {
            s.pm(w).loc = Loc::Removed; // the "P" goes with its unit
        }
    }
    let meds: Vec<Pid> = s
        .carried(t)
        .filter(|&m| s.p(m).kind == Kind::Medicine)
        .collect();
    s.pm(t).loc = Loc::Eliminated;
    s.pm(t).pinned = false;
    s.pm(t).mounted_on = None;
    if s.p(t).kind == Kind::Horses {
        for r in 0..s.pieces.len() {
            if s.pieces[r].mounted_on == Some(t) {
                s.pieces[r].mounted_on = None;
            }
        }
    }
    let (side, kind, militia) = (s.p(t).side, s.p(t).kind, s.p(t).militia);
    s.eliminated.push((side, kind, militia));
    log.push(LogEntry::public(format!(
        "{} ({}) is eliminated: {why}",
        s.p(t).id,
        s.p(t).label
    )));
    score(s, side, kind, militia, log);
    for m in meds {
        s.pm(m).loc = Loc::Map(c);
        let bad = s.special(|sp| matches!(sp, Special::BadMedicine { side: x } if *x == side));
        let range = s.stat.tables.medicine_range.value as u32;
        let near = s.pieces.iter().any(|p| {
            p.side == side
                && p.kind == Kind::Unit
                && p.hex().is_some_and(|h| h.distance(c) <= range)
        });
        if bad {
            log.push(LogEntry::public(format!(
                "Bad Medicine: {} is lost with its carrier (IX.E; {})",
                s.p(m).id,
                bad_medicine_source()
            )));
            remove_medicine(s, m, log);
        } else if near {
            log.push(LogEntry::public(format!(
                "Medicine {} is left in {c} and may pass to a unit within 2 hexes (VII.D.1)",
                s.p(m).id
            )));
            if s.pending == Pending::None {
                s.pending = Pending::Medicine { medicine: m };
            } else {
                // Another decision is owed first: pass it to the nearest unit.
                let target = s
                    .pieces
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.side == side && p.kind == Kind::Unit)
                    .filter_map(|(i, p)| p.hex().map(|h| (h.distance(c), i)))
                    .filter(|(d, _)| *d <= range)
                    .min();
                if let Some((_, i)) = target {
                    s.pm(m).loc = Loc::Carried(i as Pid);
                }
            }
        } else {
            s.pm(m).loc = Loc::Removed;
            log.push(LogEntry::public(format!(
                "Medicine {} is removed: no Indian unit within 2 hexes (VII.D.1)",
                s.p(m).id
            )));
        }
    }
}

fn bad_medicine_source() -> &'static str {
    "RECONSTRUCTION: the seed names Bad Medicine but never defines it; see docs/reconstructions-harvest.md"
}

/// Remove a Medicine counter; under Bad Medicine, Indian units within 2 hexes check morale.
fn remove_medicine(s: &mut State, m: Pid, log: &mut Vec<LogEntry>) {
    let side = s.p(m).side;
    let here = map_hex(s, m);
    s.pm(m).loc = Loc::Removed;
    if let Some(c) = here
        && s.special(|sp| matches!(sp, Special::BadMedicine { side: x } if *x == side))
    {
        let near: Vec<Pid> = s
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.side == side
                    && p.kind == Kind::Unit
                    && p.hex().is_some_and(|h| h.distance(c) <= 2)
            })
            .map(|(i, _)| i as Pid)
            .collect();
        for u in near {
            if s.pending == Pending::None {
                morale_check(s, u, log, "Bad Medicine (IX.E, reconstruction)");
            }
        }
    }
}

fn score(s: &mut State, side: Side, kind: Kind, militia: bool, log: &mut Vec<LogEntry>) {
    // Every side but the one that lost the piece, without assuming there are two.
    for other in (0..s.points.len()).filter_map(|i| Side::try_from(i).ok()) {
        let points = award_for(s, other, kind, militia);
        if other == side || points == 0 {
            continue;
        }
        s.points[usize::from(other)] += points;
        log.push(LogEntry::public(format!(
            "{} scores {} (victory conditions, {})",
            seat_name(s, other),
            points,
            s.stat.scenario.rule
        )));
    }
}

/// The points `scorer` receives under the scenario's awards when an enemy piece of
/// `kind` (a militia piece when `militia`) is eliminated (IX: each scenario's victory
/// conditions). Two awards for the same piece add up.
pub(crate) fn award_for(s: &State, scorer: Side, kind: Kind, militia: bool) -> i32 {
    s.stat
        .scenario
        .victory
        .awards
        .iter()
        .filter(|a| a.side == scorer)
        .filter_map(|a| match &a.what {
            Award::Eliminated {
                kind: k,
                militia: m,
            } if force_kind_is(k, kind) && m.is_none_or(|mm| mm == militia) => Some(a.points),
            _ => None,
        })
        .sum()
}

/// What `own` needs on a die to eliminate `enemy` in melee, and the differential it
/// is read from: the difference of Melee Strengths, held to -2..+2, looked up on the
/// Melee Combat Table (V.2; MCT Table 2).
pub(crate) fn melee_need(s: &State, own: Pid, enemy: Pid) -> (i8, u8) {
    let d = (s.p(own).melee as i8 - s.p(enemy).melee as i8).clamp(-2, 2);
    let n = s
        .stat
        .tables
        .mct
        .iter()
        .find(|m| m.differential == d)
        .map_or(4, |m| m.need);
    (d, n)
}

fn melee(s: &mut State, c: Coord, log: &mut Vec<LogEntry>) {
    let (Some(a), Some(b)) = (s.unit_at(c, 0), s.unit_at(c, 1)) else {
        return;
    };
    unhide(s, c, log, "melee (III.F.9)");
    s.meleed.insert(a);
    s.meleed.insert(b);
    let (da, na) = melee_need(s, a, b);
    let (db, nb) = melee_need(s, b, a);
    let mut round = 1;
    loop {
        let ra = s.dice.d6();
        let rb = s.dice.d6();
        s.reveals += 1;
        let a_kills = ra >= na;
        let b_kills = rb >= nb;
        log.push(LogEntry::public(format!(
            "Melee in {c}, round {round} (V; MCT Table 2): {} differential {da:+} needs {na}, rolls {ra}{}; {} differential {db:+} needs {nb}, rolls {rb}{}",
            s.p(a).id,
            if a_kills { " — eliminates its enemy" } else { "" },
            s.p(b).id,
            if b_kills { " — eliminates its enemy" } else { "" },
        )));
        if a_kills {
            eliminate(s, b, log, "melee (V.3)");
        }
        if b_kills {
            eliminate(s, a, log, "melee (V.3)");
        }
        if a_kills || b_kills {
            break;
        }
        round += 1;
        // V.4 repeats until a result; every round ends it with probability at least
        // 1 - (5/6)^2, so this guard (against forced-dice scripts that run dry into a
        // fixed stream) is never reached in play.
        if round > 200 {
            break;
        }
    }
    lone_leaders_and_medicine(s, c, log);
}

/// Leaders or Medicine left alone with an enemy unit are eliminated (V.5, VII.C).
fn lone_leaders_and_medicine(s: &mut State, c: Coord, log: &mut Vec<LogEntry>) {
    // Which sides have a combat unit here, in one look at the pieces.
    let mut units = [false; 2];
    for i in s.at(c) {
        let p = s.p(i);
        if p.kind.is_unit() && p.side < 2 {
            units[usize::from(p.side)] = true;
        }
    }
    for side in 0..2u8 {
        if !units[usize::from(side)] && units[usize::from(1 - side)] {
            let lone: Vec<Pid> = s
                .at(c)
                .filter(|&i| {
                    s.p(i).side == side && matches!(s.p(i).kind, Kind::Leader | Kind::Medicine)
                })
                .collect();
            for i in lone {
                if s.p(i).kind == Kind::Medicine {
                    s.pm(i).loc = Loc::Removed;
                    log.push(LogEntry::public(format!(
                        "Medicine {} left alone with the enemy is eliminated (V.5)",
                        s.p(i).id
                    )));
                } else {
                    eliminate(
                        s,
                        i,
                        log,
                        "left alone in a hex with an enemy unit (V.5, VII.C)",
                    );
                }
            }
        }
    }
}

fn end_phase(s: &mut State, log: &mut Vec<LogEntry>) {
    let name = seat_name(s, s.phasing).to_string();
    match s.phase {
        Phase::Setup | Phase::Over => {}
        Phase::OffensiveFire => {
            s.phase = Phase::Movement;
            s.fired.clear();
            s.moves.clear();
            for i in 0..s.pieces.len() {
                let i = i as Pid;
                let p = s.p(i);
                if p.side == s.phasing && p.on_map() {
                    let with_enemy = p
                        .hex()
                        .is_some_and(|c| enemy_unit_in(s, c, p.side).is_some());
                    if with_enemy {
                        s.rec_mut(i).started_with_enemy = true;
                    }
                }
            }
            reinforcements(s, log);
            log.push(LogEntry::public(format!(
                "Turn {}, {name}: Movement phase (I.2)",
                s.turn
            )));
        }
        Phase::Movement => {
            if let Some(a) = s.active.take() {
                s.rec_mut(a).done = true;
            }
            blaze_deadline(s, log);
            start_loose_horses(s);
            run_loose_horses(s, log);
        }
        Phase::Melee => {
            // Only hexes with pieces in them can hold a lone Leader; they are taken in
            // the map's order (row by row), as a walk over every hex would.
            let mut hexes: Vec<(usize, Coord)> = s
                .pieces
                .iter()
                .filter_map(|p| p.hex())
                .filter_map(|c| Some((s.stat.map.index(c)?, c)))
                .filter(|&(i, _)| i < s.stat.map.terrain.len())
                .collect();
            hexes.sort();
            hexes.dedup();
            for (_, c) in hexes {
                lone_leaders_and_medicine(s, c, log);
            }
            s.phase = Phase::Rally;
            s.rallied.clear();
            log.push(LogEntry::public(format!(
                "Turn {}, {name}: Rally phase (I.4)",
                s.turn
            )));
        }
        Phase::Rally => {
            medicine_attrition(s, log);
            if s.phase == Phase::Over {
                return;
            }
            if s.phasing == 0 {
                s.phasing = 1;
            } else {
                // I.5: advance the turn counter.
                if let Some(last) = s.stat.scenario.turns
                    && s.turn >= last
                {
                    finish(s, log, format!("end of turn {last}"));
                    return;
                }
                s.turn += 1;
                s.phasing = 0;
            }
            s.phase = Phase::OffensiveFire;
            s.fired.clear();
            log.push(LogEntry::public(format!(
                "Turn {}, {}: Offensive Fire phase (I.1)",
                s.turn,
                seat_name(s, s.phasing)
            )));
        }
    }
}

/// IX.B: units in a Blaze hex must leave during their following Movement phase or be
/// eliminated (read as the owner's next Movement phase after the Blaze was set).
fn blaze_deadline(s: &mut State, log: &mut Vec<LogEntry>) {
    let blazes = s.blazes.clone();
    for (c, turn, setter) in blazes {
        let due = if s.phasing == setter {
            s.turn > turn
        } else {
            s.turn >= turn
        };
        if !due {
            continue;
        }
        let victims: Vec<Pid> = s
            .at(c)
            .filter(|&i| {
                s.p(i).side == s.phasing
                    && matches!(s.p(i).kind, Kind::Unit | Kind::Crew | Kind::Leader)
            })
            .collect();
        for v in victims {
            eliminate(s, v, log, "did not leave the Blaze hex (IX.B)");
        }
    }
}

/// III.G: Horses not in or adjacent to a unit move at random; IX.D starts this on turn 2.
/// The end of the Movement phase after loose Horses have moved: on to Melee (I.3).
fn start_melee(s: &mut State, log: &mut Vec<LogEntry>) {
    let name = seat_name(s, s.phasing).to_string();
    s.fired.clear();
    s.defensive_pairs.clear();
    s.phase = Phase::Melee;
    s.meleed.clear();
    log.push(LogEntry::public(format!(
        "Turn {}, {name}: Melee phase (I.3)",
        s.turn
    )));
}

/// III.G.1: list the Horses that will move at random at the end of this Movement phase
/// (not mounted, not held by a unit in or next to their hex, from the scenario's turn).
fn start_loose_horses(s: &mut State) {
    s.loose.clear();
    s.walk = None;
    let from_turn = s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::RandomHorsesFrom { turn } => Some(*turn),
        _ => None,
    });
    if from_turn.is_some_and(|t| s.turn < t) {
        return;
    }
    s.loose = (0..s.pieces.len() as Pid)
        .filter(|&h| {
            s.p(h).kind == Kind::Horses
                && !s.pieces.iter().any(|p| p.mounted_on == Some(h))
                && s.p(h).hex().is_some_and(|c| sides_near(s, c).is_empty())
        })
        .collect();
}

/// The sides with a unit in or next to `c` (III.G.5-6), the side with a unit in the
/// hex itself first, then the phasing side.
fn sides_near(s: &State, c: Coord) -> Vec<Side> {
    let mut out: Vec<Side> = vec![];
    for n in std::iter::once(c).chain(s.stat.map.neighbors(c)) {
        for u in s.at(n).filter(|&u| s.p(u).kind.is_unit()) {
            let side = s.p(u).side;
            if !out.contains(&side) {
                out.push(side);
            }
        }
    }
    if out.len() == 2 && s.at(c).all(|u| !s.p(u).kind.is_unit()) {
        out.sort_by_key(|&side| side != s.phasing);
    }
    out
}

/// Move loose Horses at random (III.G.2-4, 8) one hex at a time. When they come into
/// or next to a hex with a unit, the unit's owner decides whether to stop them and
/// take control (III.G.5): the walk pauses on `Pending::Capture` and this resumes it.
/// When every loose Horses counter has moved, the Melee phase begins.
fn run_loose_horses(s: &mut State, log: &mut Vec<LogEntry>) {
    loop {
        if s.pending != Pending::None || s.phase != Phase::Movement {
            return;
        }
        let Some(mut w) = s.walk.take() else {
            if s.loose.is_empty() {
                start_melee(s, log);
                return;
            }
            let h = s.loose.remove(0);
            let Some(start) = s.p(h).hex() else { continue };
            let dir_roll = s.dice.d6();
            let dist = s.dice.d6();
            s.reveals += 1;
            let dir = Dir::ALL[usize::from(dir_roll - 1)];
            log.push(LogEntry::public(format!(
                "Loose Horses {} in {start} move at random (III.G.1): direction die {dir_roll} -> {dir:?} ({}), distance die {dist}",
                s.p(h).id,
                s.stat.tables.random_direction.label()
            )));
            s.walk = Some(HorseWalk {
                horse: h,
                start,
                dir_roll,
                dist,
                left: dist,
                drinking: false,
                deciders: vec![],
            });
            continue;
        };
        let h = w.horse;
        let id = s.p(h).id;
        let Some(c) = s.p(h).hex() else { continue };
        if w.left == 0 || w.drinking {
            log.push(LogEntry::public(format!("Loose Horses {id} stop in {c}")));
            continue;
        }
        let dir = Dir::ALL[usize::from(w.dir_roll - 1)];
        let Some(n) = c.step(dir).filter(|n| s.stat.map.contains(*n)) else {
            log.push(LogEntry::public(format!(
                "Loose Horses {id} run off the map from {c} and are eliminated (III.G.4)"
            )));
            eliminate(s, h, log, "ran off the map (III.G.4)");
            continue;
        };
        if s.stat.terrain(n) == Terrain::Woods || s.blazes.iter().any(|(b, _, _)| *b == n) {
            log.push(LogEntry::public(format!(
                "Loose Horses {id} run into {n} (Woods or Blaze) and are eliminated (III.G.4)"
            )));
            eliminate(s, h, log, "ran into Woods or a Blaze (III.G.4)");
            continue;
        }
        w.left -= 1;
        s.pm(h).loc = Loc::Map(n);
        if s.stat.terrain(n) == Terrain::River {
            let r = s.dice.d6();
            s.reveals += 1;
            if r >= s.stat.tables.thirsty_stop.value as u8 {
                log.push(LogEntry::public(format!(
                    "Loose Horses {id} stop to drink in {n} (III.G.8, die {r})"
                )));
                w.drinking = true;
            }
        }
        let mut near = sides_near(s, n);
        if !near.is_empty() {
            let side = near.remove(0);
            w.deciders = near;
            s.pending = Pending::Capture { horse: h, side };
            log.push(LogEntry::public(format!(
                "Loose Horses {id} come into or next to a unit's hex in {n}: {} may stop them and take control (III.G.5)",
                seat_name(s, side)
            )));
        }
        s.walk = Some(w);
    }
}

/// IX.D: from turn 2, at the start of the Indian Movement phase on even turns, 1d6
/// units arrive from the east edge.
fn reinforcements(s: &mut State, log: &mut Vec<LogEntry>) {
    let Some((side, zone)) = s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::EvenTurnReinforcements { side, zone } => Some((*side, zone.clone())),
        _ => None,
    }) else {
        return;
    };
    if s.phasing != side || s.turn < 2 || !s.turn.is_multiple_of(2) {
        return;
    }
    let n = s.dice.d6();
    s.reveals += 1;
    let _ = zone;
    let available = recruit_pool(s, side).len();
    log.push(LogEntry::public(format!(
        "Reinforcements (IX.D): die {n}: {} unit(s) to pick from the pool (2-4-8/F0 or 2-3-8) to arrive at the east edge",
        usize::from(n).min(available)
    )));
    if available > 0 {
        s.pending = Pending::Recruit {
            left: n.min(available as u8),
        };
    }
}

/// Units of `side` that may be taken as reinforcements: the pool and, since IX.D lets
/// units be recycled, eliminated units.
fn recruit_pool(s: &State, side: Side) -> Vec<Pid> {
    (0..s.pieces.len() as Pid)
        .filter(|&i| {
            s.p(i).side == side
                && s.p(i).kind == Kind::Unit
                && matches!(s.p(i).loc, Loc::Pool | Loc::Eliminated)
        })
        .collect()
}

/// One `recruit` action per kind of counter in the pool (printed values and whether it
/// comes armed), choosing fresh counters before recycled ones.
fn recruit_options(s: &State, out: &mut Vec<Action>) {
    let mut seen: Vec<(Id, bool)> = vec![];
    let mut pool = recruit_pool(s, s.phasing);
    pool.sort_by_key(|&i| (s.p(i).loc == Loc::Eliminated, i));
    for i in pool {
        let key = (s.p(i).label, s.carried(i).next().is_some());
        if !seen.contains(&key) {
            seen.push(key);
            out.push(Action::Recruit { unit: s.p(i).id });
        }
    }
}

fn recruit(s: &mut State, u: Pid, log: &mut Vec<LogEntry>) {
    let zone = s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::EvenTurnReinforcements { zone, .. } => Some(zone.clone()),
        _ => None,
    });
    let p = s.pm(u);
    p.loc = Loc::Offboard {
        zone: zone.unwrap_or_default().into(),
        turn: 0,
    };
    p.pinned = false;
    p.hidden = false;
    let armed = s.carried(u).any(|w| s.p(w).kind == Kind::Weapon);
    log.push(LogEntry::public(format!(
        "Reinforcement {} ({}{}) arrives at the east edge (IX.D)",
        s.p(u).id,
        s.p(u).label,
        if armed { ", with an \"M\"" } else { "" }
    )));
    let left = match s.pending {
        Pending::Recruit { left } => left.saturating_sub(1),
        _ => 0,
    };
    s.pending = if left > 0 && !recruit_pool(s, s.phasing).is_empty() {
        Pending::Recruit { left }
    } else {
        Pending::None
    };
    next_pending(s);
}

fn medicine_attrition(s: &mut State, log: &mut Vec<LogEntry>) {
    let side = s.phasing;
    let rule = s.stat.scenario.special.iter().find_map(|sp| match sp {
        Special::MedicineAttrition {
            side: x,
            turn,
            ends_game,
        } if *x == side => Some((*turn, *ends_game)),
        _ => None,
    });
    let meds = |s: &State| -> Vec<Pid> {
        (0..s.pieces.len() as Pid)
            .filter(|&i| {
                s.p(i).kind == Kind::Medicine
                    && s.p(i).side == side
                    && matches!(s.p(i).loc, Loc::Map(_) | Loc::Carried(_) | Loc::Held)
            })
            .collect()
    };
    if let Some((from, ends)) = rule
        && s.turn >= from
    {
        let roll = s.dice.d6();
        s.reveals += 1;
        let m = meds(s);
        if roll >= 4 {
            if let Some(&first) = m.first() {
                log.push(LogEntry::public(format!(
                    "Medicine attrition (IX.F): die {roll}: Medicine {} is removed",
                    s.p(first).id
                )));
                remove_medicine(s, first, log);
            }
        } else {
            log.push(LogEntry::public(format!(
                "Medicine attrition (IX.F): die {roll}: no effect"
            )));
        }
        if ends && meds(s).is_empty() {
            finish(s, log, "all Medicine markers are gone (IX.F)".into());
            return;
        }
    }
    if s.special(|sp| matches!(sp, Special::BadMedicine { side: x } if *x == side)) {
        let roll = s.dice.d6();
        s.reveals += 1;
        let m = meds(s);
        if roll == 6
            && let Some(&first) = m.first()
        {
            log.push(LogEntry::public(format!(
                "Bad Medicine: die {roll}: Medicine {} is lost ({})",
                s.p(first).id,
                bad_medicine_source()
            )));
            remove_medicine(s, first, log);
        }
    }
}

// ---------------------------------------------------------------------------------
// Victory
// ---------------------------------------------------------------------------------

pub(crate) fn units_left(s: &State, side: Side) -> usize {
    s.pieces
        .iter()
        .filter(|p| {
            p.side == side
                && p.kind.is_unit()
                && !matches!(p.loc, Loc::Eliminated | Loc::Removed | Loc::Pool)
        })
        .count()
}

pub(crate) fn kills(s: &State, side: Side) -> usize {
    s.eliminated
        .iter()
        .filter(|(sd, k, _)| *sd == side && (k.is_unit() || *k == Kind::Leader))
        .count()
}

fn check_sudden_end(s: &mut State, log: &mut Vec<LogEntry>) {
    if s.phase == Phase::Over || s.phase == Phase::Setup {
        return;
    }
    let rule = s.stat.scenario.victory.rule.clone();
    match rule {
        VictoryRule::EliminateAll { attacker }
        | VictoryRule::EliminateAllOrHold { attacker, .. } => {
            if units_left(s, 1 - attacker) == 0 {
                finish(s, log, "every defending unit is eliminated".into());
            }
        }
        VictoryRule::KillsOrHold {
            attacker, kills: k, ..
        } => {
            if kills(s, 1 - attacker) >= usize::from(k) {
                finish(s, log, format!("{k} or more units eliminated"));
            }
        }
        _ => {
            // A points game lasts to its last turn (IX.A, IX.C, IX.D). It is cut short
            // only when no score can change any more, which gives the result playing on
            // would: one side has no units left (nor any to come), and the other has
            // nothing left to score. The Sioux who destroy the last Pawnee unit may still
            // raze the Dependents, at 2 points each (IX.C).
            if (units_left(s, 0) == 0 || units_left(s, 1) == 0) && !scores_may_change(s) {
                finish(
                    s,
                    log,
                    "one side has no units left and no score can change".into(),
                );
            }
        }
    }
}

/// Whether any victory points may still be scored: a side with units (on the map, still
/// to enter, or recycled to come back, IX.D) or a leader on the map has an enemy piece
/// left of a kind it scores for, Horses it scores for are still alive (loose Horses
/// die by themselves, III.G.4), or Horses kept at the end (IX.D) may still change hands.
/// It errs towards playing on.
fn scores_may_change(s: &State) -> bool {
    let to_come = |side: Side| {
        s.pieces.iter().any(|p| {
            p.side == side && p.kind.is_unit() && matches!(p.loc, Loc::Pool | Loc::Offboard { .. })
        })
    };
    let alive = |p: &super::state::Piece| !matches!(p.loc, Loc::Eliminated | Loc::Removed);
    // A side still fights with units, or a leader (who may fire a pistol, VII.C).
    let fights = |side: Side| {
        units_left(s, side) > 0
            || to_come(side)
            || s.pieces
                .iter()
                .any(|p| p.side == side && p.kind == Kind::Leader && p.on_map())
    };
    s.stat
        .scenario
        .victory
        .awards
        .iter()
        .any(|a| match &a.what {
            Award::HorsesKept => s
                .pieces
                .iter()
                .any(|p| p.kind == Kind::Horses && p.on_map()),
            Award::Eliminated { kind, .. } => {
                // Loose Horses may run off the map or into Woods with nobody firing at
                // them (III.G.4), so Horses may still score for a side with no force.
                (fights(a.side) || *kind == ForceKind::Horses)
                    && s.pieces
                        .iter()
                        .any(|p| p.side != a.side && alive(p) && force_kind_is(kind, p.kind))
            }
        })
}

/// Whether a piece of kind `kind` is of the force kind `k` that an award names.
fn force_kind_is(k: &ForceKind, kind: Kind) -> bool {
    match k {
        ForceKind::Unit => kind == Kind::Unit,
        ForceKind::Leader => kind == Kind::Leader,
        ForceKind::Crew => kind == Kind::Crew,
        ForceKind::Horses => kind == Kind::Horses,
        ForceKind::Lodge => kind == Kind::Lodge,
        ForceKind::Dependent => kind == Kind::Dependent,
        ForceKind::Wagon => kind == Kind::Wagon,
        _ => false,
    }
}

/// Combat units of `side` standing in a named zone (IX.E island, IX.F west bank).
pub(crate) fn units_in_zone(s: &State, side: Side, zone: &str) -> usize {
    let hexes = super::setup::zone_hexes(s, zone);
    s.pieces
        .iter()
        .filter(|x| {
            x.side == side && x.kind.is_unit() && x.hex().is_some_and(|c| hexes.contains(&c))
        })
        .count()
}

fn finish(s: &mut State, log: &mut Vec<LogEntry>, why: String) {
    // End-of-game awards (IX.D: Horses kept).
    let awards = s.stat.scenario.victory.awards.clone();
    for a in &awards {
        if a.what == Award::HorsesKept {
            let enemy = 1 - a.side;
            let kept = s
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| p.kind == Kind::Horses && p.on_map())
                .filter(|(i, p)| {
                    let i = *i as Pid;
                    let c = p.hex().unwrap_or(Coord::new(1, 1));
                    let enemy_rider = s
                        .pieces
                        .iter()
                        .any(|q| q.mounted_on == Some(i) && q.side == enemy);
                    let enemy_holds = std::iter::once(c)
                        .chain(s.stat.map.neighbors(c))
                        .any(|n| s.unit_at(n, enemy).is_some())
                        && !std::iter::once(c)
                            .chain(s.stat.map.neighbors(c))
                            .any(|n| s.unit_at(n, a.side).is_some());
                    !enemy_rider && !enemy_holds
                })
                .count() as i32;
            s.points[usize::from(a.side)] += kept * a.points;
            log.push(LogEntry::public(format!(
                "{} scores {} for {kept} Horses not under enemy control (IX.D)",
                seat_name(s, a.side),
                kept * a.points
            )));
        }
    }
    let p = s.points.clone();
    let higher = |p: &[i32]| -> Option<Side> {
        if p[0] > p[1] {
            Some(0)
        } else if p[1] > p[0] {
            Some(1)
        } else {
            None
        }
    };
    let rule = s.stat.scenario.victory.rule.clone();
    let winner = match &rule {
        VictoryRule::HigherPoints => higher(&p),
        VictoryRule::PointsThreshold { side, min } => {
            if p[usize::from(1 - side)] < *min {
                Some(*side)
            } else {
                higher(&p)
            }
        }
        VictoryRule::EliminateAll { attacker } => {
            if units_left(s, 1 - attacker) == 0 {
                Some(*attacker)
            } else {
                Some(1 - attacker)
            }
        }
        VictoryRule::EliminateAllOrHold {
            attacker,
            zone,
            hold,
        } => {
            let d = 1 - attacker;
            let held = units_in_zone(s, d, zone);
            if units_left(s, d) == 0 {
                Some(*attacker)
            } else if held >= usize::from(*hold) {
                Some(d)
            } else {
                None
            }
        }
        VictoryRule::KillsOrHold {
            attacker,
            kills: k,
            zone,
            hold,
        } => {
            let d = 1 - attacker;
            let held = units_in_zone(s, d, zone);
            if kills(s, d) >= usize::from(*k) {
                Some(*attacker)
            } else if held >= usize::from(*hold) {
                Some(d)
            } else {
                None
            }
        }
    };
    let summary = format!(
        "Game over ({why}): {} — points {} {}, {} {} ({})",
        winner.map_or("a draw".to_string(), |w| format!(
            "{} wins",
            seat_name(s, w)
        )),
        seat_name(s, 0),
        p[0],
        seat_name(s, 1),
        p[1],
        s.stat.scenario.victory.source.label()
    );
    log.push(LogEntry::public(summary.clone()));
    s.phase = Phase::Over;
    s.pending = Pending::None;
    s.result = Some(Outcome {
        winner,
        scores: p,
        summary,
    });
}
