//! What the computer player knows about *Harvest the Wind*: how to sample the hidden
//! stacks, how good a position is under the scenario's victory rule, which actions look
//! promising. The search itself (`core::ai`) knows nothing of the game.

use super::Harvest;
use super::data::VictoryRule;
use super::rules::kills;
use super::state::{Kind, Loc, Phase, State};
use crate::core::dice::Dice;
use crate::core::game::Seat;
use crate::core::hexmap::Coord;
use std::cell::RefCell;

/// What a side is trying to do under the scenario's victory rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aim {
    /// Close in and destroy (points games, the attacker of an elimination game).
    Attack,
    /// Keep units alive (the defender of an elimination game).
    Survive,
    /// Keep units alive inside the named zone (Beecher Island, Reno's west bank).
    Hold,
}

fn aim(s: &State, side: u8) -> Aim {
    match &s.stat.scenario.victory.rule {
        VictoryRule::HigherPoints | VictoryRule::PointsThreshold { .. } => Aim::Attack,
        VictoryRule::EliminateAll { attacker } => {
            if side == *attacker {
                Aim::Attack
            } else {
                Aim::Survive
            }
        }
        VictoryRule::EliminateAllOrHold { attacker, .. }
        | VictoryRule::KillsOrHold { attacker, .. } => {
            if side == *attacker {
                Aim::Attack
            } else {
                Aim::Hold
            }
        }
    }
}

/// One resolved zone, cached per thread.
struct Zone {
    /// The game data it was resolved from, held weakly so that its address is never
    /// reused while the entry lives.
    data: std::sync::Weak<super::state::Static>,
    /// The zone's hexes.
    hexes: Vec<Coord>,
    /// Per map hex (by `HexMap::index`), the distance to the nearest hex of the zone.
    dist: Vec<u32>,
}

thread_local! {
    /// Zones per loaded game data and zone name, resolved once per thread. Keyed by the
    /// data's address, not the scenario id: a designer's edited file may reuse an id.
    /// A list, not a map: a scenario has a handful of zones, and the evaluation looks
    /// one up for every unit waiting to enter, so a lookup must not allocate or hash.
    static ZONES: RefCell<Vec<(usize, String, std::rc::Rc<Zone>)>> =
        const { RefCell::new(Vec::new()) };
}

/// The named zone of the scenario (cached).
fn zone_of(s: &State, name: &str) -> std::rc::Rc<Zone> {
    let data = std::sync::Arc::as_ptr(&s.stat) as usize;
    ZONES.with(|z| {
        let mut z = z.borrow_mut();
        if let Some((_, _, zone)) = z.iter().find(|(d, n, _)| *d == data && n == name) {
            return zone.clone();
        }
        // Entries whose game data is gone are dropped, so the cache stays small.
        z.retain(|(_, _, zone)| zone.data.strong_count() > 0);
        let hexes = super::setup::zone_hexes(s, name).to_vec();
        let dist = s
            .stat
            .map
            .coords()
            .map(|c| hexes.iter().map(|h| h.distance(c)).min().unwrap_or(FAR))
            .collect();
        let zone = std::rc::Rc::new(Zone {
            data: std::sync::Arc::downgrade(&s.stat),
            hexes,
            dist,
        });
        z.push((data, name.to_string(), zone.clone()));
        zone
    })
}

/// The hexes of the victory rule's hold zone, if it has one.
fn hold_zone(s: &State) -> Option<std::rc::Rc<Zone>> {
    match &s.stat.scenario.victory.rule {
        VictoryRule::EliminateAllOrHold { zone: z, .. }
        | VictoryRule::KillsOrHold { zone: z, .. } => Some(zone_of(s, z)),
        _ => None,
    }
}

/// Distances beyond this count as this far (bigger than any shipped board).
const FAR: u32 = 40;

/// Distance from `c` to the nearest enemy piece worth attacking: a combat unit, a
/// leader, or a Dependent or Lodge (raze targets that score, VIII.D).
fn nearest_target(s: &State, side: u8, c: Coord) -> u32 {
    // The prior asks this of every move and entry the search lists: no list is built.
    targets(s, side)
        .map(|h| h.distance(c))
        .min()
        .unwrap_or(u32::MAX)
}

/// Distance from `c` to the nearest of `hexes` (`u32::MAX` if there are none).
fn nearest_of(hexes: &[Coord], c: Coord) -> u32 {
    hexes
        .iter()
        .map(|h| h.distance(c))
        .min()
        .unwrap_or(u32::MAX)
}

/// The hexes of the enemy pieces worth attacking (see [`nearest_target`]).
fn targets(s: &State, side: u8) -> impl Iterator<Item = Coord> + '_ {
    s.pieces
        .iter()
        .filter(move |p| {
            p.side != side
                && (p.kind.is_unit()
                    || matches!(p.kind, Kind::Leader | Kind::Dependent | Kind::Lodge))
        })
        .filter_map(|p| p.hex())
}

/// Whether a hex gives Cover (TEC).
fn cover(s: &State, c: Coord) -> bool {
    s.stat.tec(c).is_some_and(|t| t.cover)
}

/// A side's standing, in rough units of "one combat unit": what it has scored, what it
/// has lost, and what its victory rule asks of it. Units waiting off the map count as
/// neither won nor lost, so the opening position is even. `drive` is set for the
/// evaluating seat only: its drive to close in, or a defender's insurance, counts for
/// that seat alone.
fn side_score(s: &State, side: u8, zone: Option<&[Coord]>, drive: bool) -> f64 {
    let enemy = 1 - side;
    let mut x = f64::from(s.points.get(usize::from(side)).copied().unwrap_or(0));
    for (sd, k, _) in &s.eliminated {
        if *sd == side {
            x -= lost_base(*k);
        }
    }
    // The side whose Movement phase is still to come this player turn (I.1-I.2) has
    // its units' movement ahead of it. Counted only from the Movement phase on, it made
    // ending the Offensive Fire phase look like a gain in itself, and the AI never fired
    // in it.
    let moving = matches!(s.phase, Phase::OffensiveFire | Phase::Movement) && s.phasing == side;
    let aims: Vec<Coord> = targets(s, side).collect();
    let mut in_zone = 0u32;
    let mut covered = 0u32;
    let mut closeness = 0.0;
    let mut n = 0u32;
    let mut entry_d: Vec<(crate::core::sym::Sym, u32)> = Vec::new();
    for (i, p) in s.pieces.iter().enumerate() {
        if p.side != side || !p.kind.is_unit() {
            continue;
        }
        if let Loc::Offboard { zone: entry, turn } = &p.loc {
            // Still to enter. One that may enter this turn counts as standing in its
            // best entry hex (with its whole allowance as reach in its own Movement
            // phase), so entering gains nothing by itself: the search finishes one
            // unit's move before entering the next, which would end it (III.C).
            // Later arrivals are as far as the distance term goes.
            let d = if *turn <= s.turn {
                // Units waiting in the same zone share the distance: work it out once.
                match entry_d.iter().find(|(z, _)| z == entry) {
                    Some(&(_, d)) => d,
                    None => {
                        let zone = zone_of(s, entry);
                        let d = aims
                            .iter()
                            .filter_map(|&c| s.stat.map.index(c).and_then(|i| zone.dist.get(i)))
                            .copied()
                            .min()
                            .unwrap_or(FAR)
                            .min(FAR);
                        entry_d.push((*entry, d));
                        d
                    }
                }
            } else {
                FAR
            };
            let d = f64::from(d);
            let reach = if moving && *turn <= s.turn {
                0.8 * f64::from(p.ma.min(6)).min(d)
            } else {
                0.0
            };
            closeness += closeness_at(d - reach);
            n += 1;
        }
        let Loc::Map(c) = p.loc else { continue };
        if p.pinned {
            x -= 0.3;
        }
        n += 1;
        if cover(s, c) {
            covered += 1;
        }
        if zone.is_some_and(|z| z.contains(&c)) {
            in_zone += 1;
        }
        let d = f64::from(nearest_of(&aims, c).min(FAR));
        let rec = s.rec(i as super::state::Pid);
        // Movement not yet spent this phase counts, a little less than movement made:
        // a unit whose move is finished (by starting another unit, say) loses what it
        // had left, so the search finishes one unit's approach before starting the
        // next and does not end the phase with units idle.
        let reach = match rec {
            _ if !moving || p.pinned => 0.0,
            Some(r) if r.done || r.stopped => 0.0,
            r => {
                // Movement points spent, or hexes walked for a mounted unit, whichever
                // is more: beyond its printed allowance a unit has no reach left.
                let spent = r.map_or(0, |r| r.mp.max(r.hexes));
                0.8 * f64::from(p.ma.saturating_sub(spent).min(6)).min(d)
            }
        };
        closeness += closeness_at(d - reach);
        // Hexes walked this phase beyond the printed allowance cost, so that pacing to
        // and fro (mounted units have no movement limit, III.C.2.c) never looks as good
        // as stopping.
        let walked = rec.map_or(0, |r| r.hexes);
        x -= 0.02 * f64::from(walked.saturating_sub(p.ma));
    }
    x += 0.05 * f64::from(covered);
    if drive && raid_made(s, side) {
        // The raid is made and the lead held (IX.D): the enemy can score now only by
        // destroying this side's units, so each unit counts its distance from the
        // nearest enemy unit, up to one hex beyond the farthest printed allowance
        // among them (beyond it a unit cannot be reached on foot this turn).
        let foes: Vec<(Coord, u32)> = s
            .pieces
            .iter()
            .filter(|p| p.side == enemy && p.kind.is_unit())
            .filter_map(|p| Some((p.hex()?, u32::from(p.ma))))
            .collect();
        let cap = foes.iter().map(|&(_, ma)| ma + 1).max().unwrap_or(0);
        let hexes: Vec<Coord> = foes.iter().map(|&(c, _)| c).collect();
        let apart: u32 = s
            .pieces
            .iter()
            .filter(|p| p.side == side && p.kind.is_unit())
            .filter_map(|p| p.hex())
            .map(|c| nearest_of(&hexes, c).min(cap))
            .sum();
        x += KEEP_AWAY * f64::from(apart);
    }
    if drive && aim(s, side) == Aim::Survive {
        // The defender of an elimination game wins with one unit left (IX.B): the unit
        // standing farthest from the enemy is its insurance, worth more the farther
        // away it is. Like the drive, this counts for the evaluating seat only: the
        // attacker that counted it too chased the straggler instead of the nearest
        // fight (Wagon Box Indian vs greedy fell from 6-0-2 to 3-0-5).
        let safest = s
            .pieces
            .iter()
            .filter(|p| p.side == side && p.kind.is_unit())
            .filter_map(|p| p.hex())
            .map(|c| nearest_of(&aims, c).min(8))
            .max()
            .unwrap_or(0);
        x += SAFEST * f64::from(safest);
    }
    if let (Some(z), VictoryRule::KillsOrHold { .. }) = (zone, &s.stat.scenario.victory.rule) {
        // IX.F: "the Leader counts as a unit for purposes of determining victory
        // conditions", so for the hold as well (the rules count it, issue 28).
        in_zone += s
            .pieces
            .iter()
            .filter(|p| p.side == side && p.kind == Kind::Leader)
            .filter(|p| p.hex().is_some_and(|c| z.contains(&c)))
            .count() as u32;
    }
    match (aim(s, side), &s.stat.scenario.victory.rule) {
        (
            Aim::Attack,
            VictoryRule::EliminateAll { .. } | VictoryRule::EliminateAllOrHold { .. },
        ) => {
            // Every defender destroyed brings the elimination victory nearer.
            x += 1.0 * kills(s, enemy) as f64;
        }
        (Aim::Attack, VictoryRule::KillsOrHold { kills: k, .. }) => {
            x += 1.0 * (kills(s, enemy).min(usize::from(*k)) as f64);
        }
        (
            Aim::Hold,
            VictoryRule::EliminateAllOrHold { hold, .. } | VictoryRule::KillsOrHold { hold, .. },
        ) => {
            x += 1.0 * f64::from(in_zone.min(u32::from(*hold)));
        }
        _ => {}
    }
    if drive && aim(s, side) == Aim::Attack && n > 0 {
        // Summed over the units, not averaged: one unit's approach is worth as much in a
        // large force as in a small one. Averaged, the Massacre Canyon Sioux hardly
        // closed in (3 wins in 8 against random play); summed at 0.6 they won 8 of 8,
        // and the Washita and Beecher Island attackers 8 of 8 as well.
        x += DRIVE * lead_damping(s, side) * closeness;
        if matches!(
            s.stat.scenario.victory.rule,
            VictoryRule::EliminateAll { .. }
        ) {
            // Every defender must be destroyed (IX.B): one left at the end wins it the
            // game. Each defender counts by how close the nearest attacker stands to it,
            // so that none is left unwatched while the rest fight the main body. The
            // drive alone sent every unit to its own nearest target, and the games lost
            // ended with one Army unit running free.
            let mine: Vec<Coord> = s
                .pieces
                .iter()
                .filter(|p| p.side == side && p.kind.is_unit())
                .filter_map(|p| p.hex())
                .collect();
            let watched: f64 = s
                .pieces
                .iter()
                .filter(|p| p.side == enemy && p.kind.is_unit())
                .filter_map(|p| p.hex())
                .map(|c| closeness_at(f64::from(nearest_of(&mine, c).min(FAR))))
                .sum();
            x += COVER * watched;
        }
    }
    x
}

/// How much of the drive to close in a side keeps, in a game won on the higher score
/// (IX.A, IX.C): all of it while level or behind, none once ahead. A melee is an even
/// gamble between like units (V; MCT Table 2), so a side that leads keeps its lead by
/// holding its ground, and one that does not must seek the fight. Points still count,
/// so a leader takes a melee or a shot that the evaluation finds worth it; it is only
/// the pull toward the enemy that stops.
///
/// Half the drive at a lead of one and a fifth beyond (the first form, 855501e) left a
/// leading side walking into even melees: in 48 Massacre Canyon games (seed 7) the AI
/// Pawnee won 22 against random play with it and 29 with none; in 48 Wood Lake games
/// the AI Army won 6 against random play and 16. Games won on a points threshold
/// (Washita, IX.D) keep the whole drive: dropping it there once past the threshold moved
/// neither side's results beyond the draw of 48 games.
fn lead_damping(s: &State, side: u8) -> f64 {
    if !matches!(s.stat.scenario.victory.rule, VictoryRule::HigherPoints) {
        return 1.0;
    }
    let pts = |sd: u8| points(s, sd);
    if pts(side) > pts(1 - side) { 0.0 } else { 1.0 }
}

/// Weight, per hex, of the distance between the defender's safest unit and the enemy.
const SAFEST: f64 = 0.6;

/// Weight of the drive to close in, per unit.
const DRIVE: f64 = 0.6;

/// Weight, per defender, of the nearest attacker's closeness to it, in a game won only
/// by destroying every defender (IX.B). Against greedy, Wagon Box's Indians won 14 and
/// 12 of 24 games (seeds 1 and 2) without it, 13 of 24 at 0.3, 17 and 17 at 1.0.
const COVER: f64 = 1.0;

/// The value of standing `d` hexes from the nearest target: it rises steeply at close
/// range and flattens far away (logarithmic), so the first hexes of an approach count
/// most, and destroying the target next to a unit (which leaves the next target far
/// away) costs less than the points it scores.
fn closeness_at(d: f64) -> f64 {
    let d = d.max(0.0);
    // Most distances are whole hexes (no reach left to spend): those logarithms come
    // from a table, exactly the values the formula gives.
    static LN_1P: std::sync::OnceLock<[f64; 65]> = std::sync::OnceLock::new();
    if d.fract() == 0.0 && d < 65.0 {
        let table = LN_1P.get_or_init(|| std::array::from_fn(|k| (1.0 + k as f64).ln()));
        return -0.5 * table[d as usize];
    }
    -0.5 * (1.0 + d).ln()
}

/// What losing a piece of kind `k` costs its owner in [`side_score`], before any
/// points the enemy scores for it.
fn lost_base(k: Kind) -> f64 {
    if k.is_unit() {
        1.0
    } else if k == Kind::Leader {
        0.5
    } else {
        0.3
    }
}

/// The expected worth to `seat` of the melees still to be fought: every hex where
/// units of both sides stand is fought out in the Melee phase (V.1), round after round
/// until one or both die (V.4), each needing its MCT number (Table 2). A unit of Melee
/// Strength 1 against a 2 needs a 5 against the other's 3, and dies six times in seven:
/// without this the drive to close in walked Wood Lake's Army into the warriors' hexes.
///
/// A Leader in a hex with an enemy unit is eliminated at the end of the Melee phase
/// unless a unit of its own side is left there with it (V.5, VII.C): alone, it counts
/// as lost; stacked with a unit, as lost when that unit dies and the enemy's lives.
/// Without this the Washita Army's Leader rode alone into hidden stacks to raze a
/// Dependent (1 point, IX.D) and died there (5 points to the Indians), in most of the
/// games it lost.
fn melee_outlook(s: &State, seat: Seat) -> f64 {
    let mut x = 0.0;
    for (i, p) in s.pieces.iter().enumerate() {
        if p.kind != Kind::Leader || p.side > 1 {
            continue;
        }
        let Some(c) = p.hex() else { continue };
        let lost = match (s.unit_at(c, 1 - p.side), s.unit_at(c, p.side)) {
            (Some(_), None) => 1.0,
            (Some(enemy), Some(own)) => {
                // The own unit dies and the enemy's lives.
                let (_, own_dies, both_die) = melee_odds(s, own, enemy);
                own_dies - both_die
            }
            // Alone, within an enemy unit's reach: it needs only to walk in. Counted
            // by the Leader's own side only, as its caution.
            (None, None) if p.side == seat && leader_in_reach(s, p.side, c) => EXPOSED,
            (None, _) => continue,
        };
        let worth = lost * loss_worth(s, i as super::state::Pid, 1 - p.side);
        x += if p.side == seat { -worth } else { worth };
    }
    x + super::rules::contested_hexes(s)
        .into_iter()
        .filter_map(|c| Some((s.unit_at(c, seat)?, s.unit_at(c, 1 - seat)?)))
        .map(|(mine, theirs)| melee_worth(s, mine, theirs))
        .sum::<f64>()
}

/// The expected worth to `seat` of the reaction fire owed at a fleeing unit that has
/// just entered a hex (IV.A, IV.B): a unit hit again while it flees is eliminated
/// (IV.C.2), so the chance that the best Opportunity shot or, failing it, the best
/// Defensive shot hits (Table 1 with its modifiers) is the chance of losing it. Without
/// it a flight's path looked as good as any other until the shot was rolled, and the
/// Wagon Box warriors, hit riding in, fled one hex into the next rifle's range: five of
/// twelve fell so in the first turn of a lost game.
///
/// Only a flight counts. Counting the first shot at every step of an approach too (a
/// Pin, and a flight for a mounted unit) kept the Wagon Box warriors out of the
/// corral's range until time ran out: 11 wins in 24 against greedy, from 16.
fn fire_outlook(s: &State, seat: Seat) -> f64 {
    let super::state::Pending::Reaction { mover, hex } = s.pending else {
        return 0.0;
    };
    let m = s.p(mover);
    if !m.kind.is_unit() || !s.fleeing.contains(&mover) {
        return 0.0;
    }
    let (opportunity, defensive) = super::rules::best_reaction_rolls(s, mover, hex);
    let chance = |roll: Option<u8>| roll.map_or(0.0, |r| f64::from(7u8.saturating_sub(r)) / 6.0);
    // Either shot eliminates it; the second comes only if the first misses.
    let hit = 1.0 - (1.0 - chance(opportunity)) * (1.0 - chance(defensive));
    if hit <= 0.0 {
        return 0.0;
    }
    let loss = hit * loss_worth(s, mover, 1 - m.side);
    if m.side == seat { -loss } else { loss }
}

/// Loose Horses (III.G.1, III.G.4): an unheld Horses counter moves at random at the end
/// of a Movement phase and is lost if it runs into Woods, a Blaze or off the map.
/// A counter counts as held only by its own side's units: one held by an enemy unit
/// alone stays put (III.G.6) but within the enemy's reach, where it may be shot at +1
/// (VIII.C.1-2), so it is counted as at risk too.
///
/// Only where a lost Horses counter changes the score (Washita, IX.D: a point to the
/// Army, and one fewer kept by the Indians). Where it does not (Reno's Defense, Wagon
/// Box), a Horses counter is mobility, already counted at 0.3 once lost, and the term
/// held attackers back from the fight: the Wagon Box Indians beat greedy 68 times in 96
/// with it, 86 without (seed 7).
fn horse_outlook(s: &State, seat: Seat) -> f64 {
    let from = s.stat.scenario.special.iter().find_map(|sp| match sp {
        super::data::Special::RandomHorsesFrom { turn } => Some(*turn),
        _ => None,
    });
    // From the turn before the scenario lets Horses run: one left unheld now may still
    // be unheld when they first do.
    if from.is_some_and(|t| s.turn + 1 < t) {
        return 0.0;
    }
    // What losing one of a side's Horses costs it in points: the enemy's award for it
    // and the side's own award for each Horses counter kept to the end.
    let points = |side: u8| {
        let kept = s
            .stat
            .scenario
            .victory
            .awards
            .iter()
            .filter(|a| a.side == side && a.what == super::data::Award::HorsesKept)
            .count() as f64;
        f64::from(super::rules::award_for(s, 1 - side, Kind::Horses, false)) + kept
    };
    let at_stake = [points(0), points(1)];
    let stake = |side: u8| at_stake.get(usize::from(side)).copied().unwrap_or(0.0);
    if at_stake == [0.0, 0.0] {
        return 0.0;
    }
    // The Horses on the map that nobody rides.
    let mut free: Vec<(Coord, u8)> = Vec::new();
    for (h, p) in s.pieces.iter().enumerate() {
        if p.kind != Kind::Horses || stake(p.side) == 0.0 {
            continue;
        }
        let Some(c) = p.hex() else { continue };
        let h = h as super::state::Pid;
        if !s.pieces.iter().any(|q| q.mounted_on == Some(h)) {
            free.push((c, p.side));
        }
    }
    if free.is_empty() {
        return 0.0;
    }
    let units: Vec<(Coord, u8)> = s
        .pieces
        .iter()
        .filter(|u| u.kind.is_unit())
        .filter_map(|u| Some((u.hex()?, u.side)))
        .collect();
    let mut x = 0.0;
    for (c, side) in free {
        // Held: a unit of its side in its hex or next to it (III.G.6).
        if units
            .iter()
            .any(|&(u, sd)| sd == side && u.distance(c) <= 1)
        {
            continue;
        }
        let v = LOOSE * (0.3 + stake(side));
        x += if side == seat { -v } else { v };
    }
    x
}

/// The chance that an unheld Horses counter is lost before it is held again.
const LOOSE: f64 = 0.5;

/// Whether an enemy unit free to move (not Pinned, II.B.5) could walk into hex `c` in
/// its next Movement phase: within its printed allowance, terrain not counted, or
/// anywhere if it is mounted (III.C.2.c).
fn leader_in_reach(s: &State, side: u8, c: Coord) -> bool {
    s.pieces.iter().any(|q| {
        q.side == 1 - side
            && q.kind.is_unit()
            && !q.pinned
            && q.hex()
                .is_some_and(|h| q.mounted_on.is_some() || h.distance(c) <= u32::from(q.ma))
    })
}

/// The melees the evaluating seat can still start this player turn against enemy
/// units that are Pinned: a Pinned unit fires no Defensive Fire (II.B.5) and stays
/// Pinned until its own Rally phase (VI), so a unit free to move that can reach it walks
/// in unshot and fights the melee (V). Each Pinned enemy unit not yet in a melee counts
/// the best such melee's worth (MCT Table 2), at [`STRIKE`]. Counted for the seat only,
/// and only from its Offensive Fire phase to the end of its Movement phase (I.1-I.2):
/// a pin its fire scores is then worth what the melee it opens is worth.
///
/// Only for the side a points threshold protects (IX.D: the Indians, who win if the
/// Army has fewer than ten points): once the Army has its points and draws off, the
/// Indians can come back only by destroying Army units (5 points each), and walking
/// into a trooper that can still fire means a hit at range 0 (Table 1).
fn strike_outlook(s: &State, seat: Seat) -> f64 {
    if !matches!(s.stat.scenario.victory.rule, VictoryRule::PointsThreshold { side, .. } if side == seat)
        || s.phasing != seat
        || !matches!(s.phase, Phase::OffensiveFire | Phase::Movement)
    {
        return 0.0;
    }
    let free: Vec<(super::state::Pid, Coord, u32)> = s
        .pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.side == seat && p.kind.is_unit() && !p.pinned)
        .filter_map(|(i, p)| {
            let i = i as super::state::Pid;
            let c = p.hex()?;
            let rec = s.rec(i);
            if rec.is_some_and(|r| r.done || r.stopped) {
                return None;
            }
            let reach = if p.mounted_on.is_some() {
                FAR
            } else {
                let spent = rec.map_or(0, |r| r.mp.max(r.hexes));
                u32::from(p.ma.saturating_sub(spent))
            };
            Some((i, c, reach))
        })
        .collect();
    if free.is_empty() {
        return 0.0;
    }
    let mut x = 0.0;
    for (j, e) in s.pieces.iter().enumerate() {
        if e.side == seat || e.side > 1 || !e.kind.is_unit() || !e.pinned {
            continue;
        }
        let Some(c) = e.hex() else { continue };
        if s.unit_at(c, seat).is_some() {
            continue;
        }
        let j = j as super::state::Pid;
        let best = free
            .iter()
            .filter(|&&(_, h, reach)| h.distance(c) <= reach)
            .map(|&(i, _, _)| melee_worth(s, i, j))
            .fold(0.0, f64::max);
        x += STRIKE * best;
    }
    x
}

/// The share of a melee's worth that a Pinned enemy unit within reach counts for
/// (`strike_outlook`). Against greedy (Washita, seed 7) the AI Indians won 19 of the
/// first 48 games without the term, 22 at 0.5 and 23 at 1.0; 50 of 96 at 1.0, from 40.
const STRIKE: f64 = 1.0;

/// The chance at which a Leader standing alone within an enemy unit's reach counts as
/// lost (V.5, VII.C), in its own side's evaluation.
const EXPOSED: f64 = 0.5;

/// The chances, over the whole melee between units `a` and `b` (V.1, V.4: rounds
/// until one or both die), that `b` dies, that `a` dies, and that both die (V.1).
fn melee_odds(s: &State, a: super::state::Pid, b: super::state::Pid) -> (f64, f64, f64) {
    let hit = |need: u8| (f64::from(7u8.saturating_sub(need)) / 6.0).clamp(0.0, 1.0);
    let pa = hit(super::rules::melee_need(s, a, b).1);
    let pb = hit(super::rules::melee_need(s, b, a).1);
    // The chance that a round decides it; a round with no kill is fought again.
    let ends = pa + pb - pa * pb;
    if ends <= 0.0 {
        return (0.0, 0.0, 0.0);
    }
    (pa / ends, pb / ends, pa * pb / ends)
}

/// The expected worth, to the side of unit `a`, of a melee between `a` and enemy unit
/// `b`: the chance that `b` dies times what that is worth to `a`'s side, less the chance
/// that `a` dies times what that is worth to the other.
fn melee_worth(s: &State, a: super::state::Pid, b: super::state::Pid) -> f64 {
    let (ka, kb, _) = melee_odds(s, a, b);
    let (sa, sb) = (s.p(a).side, s.p(b).side);
    ka * loss_worth(s, b, sa) - kb * loss_worth(s, a, sb)
}

/// What losing piece `u` (a unit or a Leader) is worth to the side that destroys it
/// (`by`), in the terms of [`side_score`]: the loss to its owner, the points its
/// destroyer scores (IX), and a kill toward an elimination or kills victory (a Leader
/// counts as one, as `rules::kills` counts it).
fn loss_worth(s: &State, u: super::state::Pid, by: u8) -> f64 {
    let p = s.p(u);
    let mut x = lost_base(p.kind) + f64::from(super::rules::award_for(s, by, p.kind, p.militia));
    if aim(s, by) == Aim::Attack {
        match &s.stat.scenario.victory.rule {
            VictoryRule::EliminateAll { .. } | VictoryRule::EliminateAllOrHold { .. } => x += 1.0,
            VictoryRule::KillsOrHold { kills: k, .. } if kills(s, p.side) < usize::from(*k) => {
                x += 1.0
            }
            _ => {}
        }
    }
    x
}

/// What an action does, for the prior.
enum Verb {
    Fire,
    Melee,
    Raze,
    Rally,
    Move,
    Enter,
    /// Anything else, with its weight.
    Other(f64),
}

fn verb(a: &super::action::Action) -> Verb {
    use super::action::Action as A;
    match a {
        A::Fire { horses, .. } => {
            if *horses {
                Verb::Other(1.0)
            } else {
                Verb::Fire
            }
        }
        A::Melee { .. } => Verb::Melee,
        A::Raze { .. } => Verb::Raze,
        A::Rally { .. } => Verb::Rally,
        A::Move { .. } => Verb::Move,
        A::Enter { .. } => Verb::Enter,
        A::Recruit { .. } | A::Catch { .. } => Verb::Other(3.0),
        A::Blaze { .. } => Verb::Other(2.0),
        A::End => Verb::Other(1.5),
        A::Unhide { .. } => Verb::Other(0.3),
        _ => Verb::Other(1.0),
    }
}

impl crate::core::ai::Knowledge for Harvest {
    /// A world consistent with the seat's view: the other side's pieces under Hidden
    /// counters (and its dummy Hidden counters) are dealt at random over the hexes that
    /// show Hidden counters, so the seat never learns which stack is real; the dice are
    /// fresh.
    fn determinize(state: &State, seat: Seat, rng: &mut rand_chacha::ChaCha8Rng) -> State {
        use rand::{Rng, RngCore};
        let mut s = state.clone();
        s.dice = Dice::new(rng.next_u64());
        s.quiet = true;
        let hidden: Vec<usize> = (0..s.pieces.len())
            .filter(|&i| {
                let p = &s.pieces[i];
                p.side != seat
                    && (p.hidden || p.kind == Kind::Hidden)
                    && matches!(p.loc, Loc::Map(_))
            })
            .collect();
        let mut hexes: Vec<Coord> = hidden.iter().filter_map(|&i| s.pieces[i].hex()).collect();
        hexes.sort();
        for &i in &hidden {
            let c = hexes.remove(rng.random_range(0..hexes.len()));
            s.pieces[i].loc = Loc::Map(c);
        }
        s
    }

    /// The scenario's victory rule decides what counts: points, units alive (pinned
    /// ones less), and per rule the defenders left (elimination), the kills toward the
    /// target, the units held in the zone; plus Cover and, for a side that must attack,
    /// closing in on the enemy.
    fn evaluate(s: &State, seat: Seat) -> f64 {
        if let Some(o) = &s.result {
            return crate::core::ai::result_value(o, seat);
        }
        let zone = hold_zone(s);
        let z = zone.as_deref().map(|z| z.hexes.as_slice());
        // The drive to close in (and the movement still to spend) is the evaluating
        // seat's own: counted for the other side too, it cancels out whenever both
        // sides must attack, and one enemy unit entering the board would look like a
        // gain for the other side's whole force.
        let x = side_score(s, seat, z, true) - side_score(s, 1 - seat, z, false)
            + melee_outlook(s, seat)
            + fire_outlook(s, seat)
            + horse_outlook(s, seat)
            + strike_outlook(s, seat);
        // Scale by the size of the fight, so that a lost unit matters as much in a
        // small scenario as in a large one without saturating.
        let units = s.pieces.iter().filter(|p| p.kind.is_unit()).count() as f64;
        crate::core::ai::squash(x / (units / 6.0).max(1.5))
    }

    /// The tree's leaves are evaluated directly: a phase is dozens of one-hex moves,
    /// and random play through them hid the difference between finishing one unit's
    /// approach and scattering single steps.
    fn rollout_depth() -> usize {
        0
    }

    /// Moves that only spend time are left out. Mounted units have no movement limit
    /// (III.C.2.c), and a unit may pass through a friendly unit's hex, or ride through a
    /// hex with other Horses, but not stop there (III.E.1-2), so a search can pace a unit to and fro between friends for ever. Past
    /// its printed allowance a unit is walked only into hexes where it may stop, and past
    /// twice its allowance only out of a friend's hex it must leave.
    fn worth(s: &State, a: &super::action::Action) -> bool {
        let super::action::Action::Move { unit, hex } = a else {
            return true;
        };
        let Some(pid) = s.find(unit) else { return true };
        let walked = u32::from(s.rec(pid).map_or(0, |r| r.hexes));
        let ma = u32::from(s.p(pid).ma.max(1));
        let stoppable = !super::rules::overstacked(s, pid, *hex);
        if walked >= 2 * ma {
            stoppable
                && s.p(pid)
                    .hex()
                    .is_some_and(|h| super::rules::overstacked(s, pid, h))
        } else {
            walked < ma || stoppable
        }
    }

    /// Fire and melee first; rallies; moves toward the enemy for a side that must
    /// attack, into (and not out of) the hold zone for one that must hold it, into
    /// Cover otherwise.
    fn prior(s: &State, a: &super::action::Action) -> f64 {
        match verb(a) {
            Verb::Fire | Verb::Melee => 6.0,
            Verb::Raze => 5.0,
            Verb::Rally => 4.0,
            Verb::Other(w) => w,
            Verb::Enter => {
                let super::action::Action::Enter { unit, hex } = a else {
                    return 1.0;
                };
                let side = s.find(unit).map_or(0, |p| s.p(p).side);
                if aim(s, side) == Aim::Attack {
                    1.0 + 8.0 / (1.0 + f64::from(nearest_target(s, side, *hex).min(30)))
                } else {
                    2.0
                }
            }
            Verb::Move => {
                let super::action::Action::Move { unit, hex } = a else {
                    return 1.0;
                };
                let Some(pid) = s.find(unit) else { return 1.0 };
                let p = s.p(pid);
                let Some(from) = p.hex() else { return 1.0 };
                if s.phase == Phase::Setup {
                    return 1.0;
                }
                let side = p.side;
                let mut w = match aim(s, side) {
                    Aim::Attack => {
                        let (d0, d1) =
                            (nearest_target(s, side, from), nearest_target(s, side, *hex));
                        if d1 < d0 {
                            3.0
                        } else if d1 > d0 {
                            0.5
                        } else {
                            1.0
                        }
                    }
                    Aim::Hold => match hold_zone(s) {
                        Some(z) => match (z.hexes.contains(&from), z.hexes.contains(hex)) {
                            (true, false) => 0.1,
                            (false, true) => 4.0,
                            _ => 1.0,
                        },
                        None => 1.0,
                    },
                    Aim::Survive => 1.0,
                };
                if cover(s, *hex) && !cover(s, from) {
                    w *= 1.5;
                }
                if s.active == Some(pid) {
                    // Finish one unit's move before starting the next.
                    w *= 2.0;
                }
                w
            }
        }
    }
}

/// Weight, per hex up to the enemy's reach, of each unit's distance from the nearest
/// enemy unit once its side's raid is made (`raid_made`).
const KEEP_AWAY: f64 = 0.5;

/// Whether `side` must reach a points threshold (IX.D: the Army needs ten points, or
/// the Indians win), has reached it, and leads. The raid is then made: the enemy's
/// points come from this side's losses (5 for each Army unit or leader, IX.D), so the
/// side draws its units off and keeps its lead. Without it the Washita Army, 22 points
/// to none by turn 4, went on closing in and lost every unit to the warriors' melees
/// (Melee 1 against 2, MCT Table 2) by turn 12; 26 wins in 48 against greedy (seed 7)
/// became 37 (at a weight of 0.1: 29; 0.3: 31; 1.0: 35; 2.0: 24).
fn raid_made(s: &State, side: u8) -> bool {
    let VictoryRule::PointsThreshold { side: t, min } = s.stat.scenario.victory.rule else {
        return false;
    };
    let pts = |sd: u8| points(s, sd);
    side != t && pts(side) >= i64::from(min) && pts(side) > pts(t)
}

/// `side`'s victory points so far (0 for a side the state has no score for).
fn points(s: &State, side: u8) -> i64 {
    i64::from(s.points.get(usize::from(side)).copied().unwrap_or(0))
}
