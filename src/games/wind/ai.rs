//! What the computer player knows about *Once We Moved Like the Wind*: how to sample the
//! other side's hidden blocks, and how good a position is. The search itself
//! (`core::ai`) knows nothing of the game.
//!
//! The evaluation projects this turn's Victory Points (§9.0) from the blocks on the map:
//! Apache SP that stay free, Apache blocks in a Reservation or a map-edge area, Rumors the
//! Army will reveal (§7.0), US reinforcements still to come (§7.0), the expected result
//! of every combat still to fight (§8.0: retreat, ambush, regular fire, forced to the
//! Reservation) and the threat of the Army's stacks that can still move onto Apache
//! blocks. The turn's projected VP margin decides the chance of this turn's Victory
//! Level; the Levels already won decide the game.

use super::Wind;
use super::action::Action;
use super::data::{BlockKind, Nation};
use super::rules::{APACHE, ARMY, leadership};
use super::state::{Bid, Border, FORT, Pending, Phase, RESERVATION, State, Status, TOWN, US};
use crate::core::dice::Dice;
use crate::core::game::Seat;
use crate::core::sym::Sym;

/// A block as the evaluating seat counts it: its own blocks and revealed ones as they
/// are; the other side's hidden blocks as the average of what they could be (the blocks
/// the determinization draws from), so that every sampled world scores the hidden
/// blocks alike and the search compares actions, not samples.
#[derive(Clone, Copy, Default)]
struct Eff {
    /// Fighting SP (expected for a hidden block).
    sp: f64,
    /// Chance the block is a Leader.
    leader: f64,
    /// Leader value times that chance.
    value: f64,
    /// Chance it is a Rumor.
    rumor: f64,
    /// The Scout, known.
    scout: bool,
    /// The Settler, known.
    settler: bool,
}

/// Every block's [`Eff`] for `seat`.
fn effs(s: &State, seat: Seat) -> Vec<Eff> {
    let known = |b: &super::state::Block| Eff {
        sp: if b.kind.fights() {
            f64::from(b.sp)
        } else {
            0.0
        },
        leader: f64::from(u8::from(b.kind == BlockKind::Leader)),
        value: if b.kind == BlockKind::Leader {
            f64::from(b.value)
        } else {
            0.0
        },
        rumor: f64::from(u8::from(b.kind == BlockKind::Rumor)),
        scout: b.kind == BlockKind::Scout,
        settler: b.kind == BlockKind::Settler,
    };
    let mut out: Vec<Eff> = s.blocks.iter().map(known).collect();
    let level = s.level.map(|l| s.stat.tables.levels[l].name.as_str());
    let row = s
        .stat
        .tables
        .chart
        .iter()
        .find(|r| Some(r.level.as_str()) == level);
    for nation in [Nation::Apache, Nation::Us, Nation::Mexico] {
        if nation.side() == seat {
            continue;
        }
        let unseen = |b: &super::state::Block| {
            b.nation == nation
                && !b.revealed
                && matches!(b.status, Status::Pool | Status::Drawn | Status::Map(_))
        };
        let mut mix = Eff::default();
        let mut n = 0.0;
        for b in s.blocks.iter().filter(|b| unseen(b)) {
            let mut e = known(b);
            if b.kind.fights() {
                let start = row
                    .and_then(|r| r.sp.get(&b.pool).copied())
                    .unwrap_or(b.max_sp);
                e.sp = f64::from(if b.nation == Nation::Mexico {
                    b.max_sp
                } else {
                    start.min(b.max_sp)
                });
            }
            mix.sp += e.sp;
            mix.leader += e.leader;
            mix.value += e.value;
            mix.rumor += e.rumor;
            n += 1.0;
        }
        if n == 0.0 {
            continue;
        }
        mix.sp /= n;
        mix.leader /= n;
        mix.value /= n;
        mix.rumor /= n;
        for (i, b) in s.blocks.iter().enumerate() {
            if unseen(b) && matches!(b.status, Status::Map(_)) {
                out[i] = mix;
            }
        }
    }
    out
}

/// Expected hits of a side's fire: one die per SP, each modified die of `need` or more
/// hits (§8.0); `fire` lists each firing block's SP and the Leader value on its dice.
fn hits(fire: &[(f64, f64)], need: i32) -> f64 {
    fire.iter()
        .map(|&(sp, m)| sp * ((f64::from(7 - need) + m) / 6.0).clamp(0.0, 1.0))
        .sum()
}

/// What the projection needs to know of one area.
struct Ctx<'a> {
    s: &'a State,
    e: &'a [Eff],
    area: usize,
    /// The Settler is there (Army Leaders -1, §8.0).
    settler: bool,
}

impl Ctx<'_> {
    /// A Leader's (expected) value in combat: Apache +1 in an ambush in a mountainous
    /// area, Army -1 (not below 0) with the Settler (§8.0).
    fn value(&self, l: Bid, ambush: bool) -> f64 {
        let t = &self.s.stat.tables;
        let e = &self.e[l];
        let mut v = e.value;
        if self.s.blocks[l].side() == APACHE && ambush && self.s.stat.mountainous(self.area) {
            v += f64::from(t.mountain_bonus.value) * e.leader;
        }
        if self.s.blocks[l].side() == ARMY && self.settler {
            v = (v - f64::from(t.settler_penalty.value) * e.leader).max(0.0);
        }
        v
    }
    /// A side's Leader total.
    fn leadership(&self, blocks: &[Bid], ambush: bool) -> f64 {
        blocks.iter().map(|&b| self.value(b, ambush)).sum()
    }
}

/// How a side's Leaders are put on its firing blocks for the fire being projected.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Leads {
    /// Each Leader on one block, the best Leader on the strongest block (§8.0).
    Best,
    /// Only the assignments already made in the fight under way (the side is assigning
    /// now: firing at once would leave the others unused).
    Made,
}

/// Scratch lists for [`fire_hits`], kept per thread: the evaluation projects tens of
/// thousands of fires a decision, and allocating three lists for each was most of its
/// time in positions with many Army stacks.
#[derive(Default)]
struct FireScratch {
    /// SP and Leader modifier per firing block.
    firing: Vec<(f64, f64)>,
    /// Values of the Leaders not yet put on a block.
    free: Vec<f64>,
    /// Firing blocks without a Leader.
    unled: Vec<usize>,
}

thread_local! {
    static FIRE: std::cell::RefCell<FireScratch> = std::cell::RefCell::new(FireScratch::default());
}

/// Expected hits of the fire of `blocks` (one side in the area), each block firing its
/// SP with the modifier of the Leader on it (§8.0), `need` or more hitting.
fn fire_hits(c: &Ctx, blocks: &[Bid], ambush: bool, leads: Leads, need: i32) -> f64 {
    FIRE.with(|f| {
        let mut f = f.borrow_mut();
        let FireScratch {
            firing,
            free,
            unled,
        } = &mut *f;
        fire_list(c, blocks, ambush, leads, firing, free, unled);
        hits(firing, need)
    })
}

/// The firing list of `blocks` into `firing`: SP and Leader modifier per block
/// (`free` and `unled` are scratch).
fn fire_list(
    c: &Ctx,
    blocks: &[Bid],
    ambush: bool,
    leads: Leads,
    firing: &mut Vec<(f64, f64)>,
    free: &mut Vec<f64>,
    unled: &mut Vec<usize>,
) {
    let made: &[(Bid, Bid)] =
        c.s.fight
            .as_ref()
            .filter(|f| f.area == c.area)
            .map_or(&[], |f| f.leads.as_slice());
    firing.clear();
    free.clear();
    for &b in blocks {
        let e = &c.e[b];
        if e.leader > 0.0 && !made.iter().any(|x| x.0 == b) {
            free.push(c.value(b, ambush));
        }
        if e.sp > 0.0 {
            let m = made
                .iter()
                .find(|x| x.1 == b)
                .map_or(0.0, |x| c.value(x.0, ambush));
            firing.push((e.sp, m));
        }
    }
    if leads == Leads::Best {
        free.sort_unstable_by(|a, b| b.total_cmp(a));
        // Unled blocks, strongest first, take the free Leaders, best first.
        unled.clear();
        unled.extend((0..firing.len()).filter(|&i| firing[i].1 == 0.0));
        unled.sort_by(|&a, &b| firing[b].0.total_cmp(&firing[a].0));
        for (&i, &v) in unled.iter().zip(free.iter()) {
            firing[i].1 = v;
        }
    }
}

/// Where the projection of a contested area starts.
#[derive(Clone, Copy, PartialEq)]
enum Stage {
    /// Before the area's combat: Rumors (if a Reveal segment is still to come), capture,
    /// retreat before combat, ambush and regular combat (§7.0, §8.0).
    Before {
        /// A Reveal Rumors segment is still to come this turn.
        reveal: bool,
    },
    /// The ambush fire of `side` is being prepared (Leaders being assigned).
    Ambush {
        /// The ambusher.
        side: u8,
        /// The side assigning Leaders now.
        assigning: u8,
    },
    /// Regular combat is being prepared; `assigning` assigns Leaders now (the Apache
    /// player first).
    Regular {
        /// The side assigning Leaders now.
        assigning: u8,
    },
    /// Hits are still to be taken (`[Apache, Army]`), then regular combat if the
    /// ambush was the fire just made.
    Losses {
        /// Hits still to take per side.
        hits: [f64; 2],
        /// Regular combat comes next.
        regular_next: bool,
    },
    /// The ambusher may withdraw; staying means regular combat.
    Withdraw,
}

/// Projected VP `(Apache, Army)` still to come from one area where both sides have
/// blocks: the combat there and its consequences (§8.0, §9.0).
fn contest(s: &State, e: &[Eff], area: usize, ap: &[Bid], ar: &[Bid], stage: Stage) -> (f64, f64) {
    let t = &s.stat.tables;
    let need = t.hit.value;
    let (lost_ar, lost_ap, forced, free) = (
        f64::from(t.vp_army_sp_lost.value),
        f64::from(t.vp_apache_sp_lost.value),
        f64::from(t.vp_apache_sp_forced.value),
        f64::from(t.vp_apache_sp_free.value),
    );
    let apv = 0.0;
    let mut arv = 0.0;
    let c = Ctx {
        s,
        e,
        area,
        settler: ar.iter().any(|&b| e[b].settler),
    };
    // Rumors where both sides are: revealed and removed, 1 Army VP each (§7.0).
    let reveal = matches!(stage, Stage::Before { reveal: true });
    if reveal {
        arv += f64::from(t.vp_rumor.value) * ap.iter().map(|&b| e[b].rumor).sum::<f64>();
    }
    let real = |b: Bid| if reveal { 1.0 - e[b].rumor } else { 1.0 };
    let ap_mass: f64 = ap.iter().map(|&b| real(b)).sum();
    if ap_mass < 0.5 {
        return (apv, arv);
    }
    let a: f64 = ap.iter().map(|&b| e[b].sp).sum();
    let r: f64 = ar.iter().map(|&b| e[b].sp).sum();
    let ap_values: f64 = ap.iter().map(|&b| e[b].value).sum();
    if matches!(stage, Stage::Before { .. }) {
        // A lone Settler in a Fort or Town area is reduced at once (§8.0).
        if ar.len() == 1 && c.settler && (s.stat.is(area, FORT) || s.stat.is(area, TOWN)) {
            return (apv + lost_ar * r + free * a, arv);
        }
    }
    // Leaders alone with enemy non-Leaders are captured (§8.0): the chance that a side
    // has no non-Leader block, from its blocks' chances of being Leaders (or Rumors).
    let (mut ap_lone, mut ar_lone) = (1.0, 1.0);
    if matches!(stage, Stage::Before { .. }) {
        for &b in ap {
            ap_lone *= 1.0 - (real(b) - e[b].leader).clamp(0.0, 1.0);
        }
        for &b in ar {
            ar_lone *= e[b].leader;
        }
    } else {
        (ap_lone, ar_lone) = (0.0, 0.0);
    }
    let w_ap_taken = ap_lone * (1.0 - ar_lone);
    let w_ar_taken = ar_lone * (1.0 - ap_lone);
    let w_fight = 1.0 - w_ap_taken - w_ar_taken;
    let blend = |(x, y): (f64, f64)| -> (f64, f64) {
        (
            w_fight * x + w_ar_taken * (apv + free * a),
            w_fight * y + w_ap_taken * (arv + ap_values) + w_ar_taken * arv,
        )
    };
    // The fire still to come, in order.
    let (mut a_rem, mut r_rem) = (a, r);
    let amb_ap = c.leadership(ap, true);
    let amb_ar = c.leadership(ar, true);
    let regular = |a_rem: &mut f64, r_rem: &mut f64, ap_leads: Leads, ar_leads: Leads| {
        if *a_rem <= 0.0 || *r_rem <= 0.0 || a <= 0.0 || r <= 0.0 {
            return;
        }
        let ha = fire_hits(&c, ap, false, ap_leads, need) * (*a_rem / a);
        let hr = fire_hits(&c, ar, false, ar_leads, need) * (*r_rem / r);
        *a_rem = (*a_rem - hr).max(0.0);
        *r_rem = (*r_rem - ha).max(0.0);
    };
    let ambush = |side: u8, a_rem: &mut f64, r_rem: &mut f64, leads: Leads| {
        if side == ARMY {
            let h = fire_hits(&c, ar, true, leads, need);
            *a_rem = (*a_rem - h).max(0.0);
        } else {
            let h = fire_hits(&c, ap, true, leads, need);
            *r_rem = (*r_rem - h).max(0.0);
        }
    };
    let lead_of = |side: u8, assigning: u8| {
        if side == assigning {
            Leads::Made
        } else {
            Leads::Best
        }
    };
    match stage {
        Stage::Before { .. } => {
            if amb_ar > amb_ap + 0.5 {
                ambush(ARMY, &mut a_rem, &mut r_rem, Leads::Best);
            } else if amb_ap > amb_ar + 0.5 {
                ambush(APACHE, &mut a_rem, &mut r_rem, Leads::Best);
            }
            regular(&mut a_rem, &mut r_rem, Leads::Best, Leads::Best);
        }
        Stage::Ambush { side, assigning } => {
            ambush(side, &mut a_rem, &mut r_rem, lead_of(side, assigning));
            regular(&mut a_rem, &mut r_rem, Leads::Best, Leads::Best);
        }
        Stage::Regular { assigning } => {
            // The Apache player assigns first: once the Army assigns, the Apache
            // assignments are final.
            regular(
                &mut a_rem,
                &mut r_rem,
                Leads::Made,
                lead_of(ARMY, assigning),
            );
        }
        Stage::Losses { hits, regular_next } => {
            a_rem = (a_rem - hits[0]).max(0.0);
            r_rem = (r_rem - hits[1]).max(0.0);
            if regular_next {
                regular(&mut a_rem, &mut r_rem, Leads::Best, Leads::Best);
            }
        }
        Stage::Withdraw => regular(&mut a_rem, &mut r_rem, Leads::Best, Leads::Best),
    }
    let fight_ap = apv + lost_ar * (r - r_rem);
    let mut fight_ar = arv + lost_ap * (a - a_rem);
    // §9.0: a lower Apache Leader total forces the rest to the Reservation and the
    // Apache Leaders are captured. Expected totals: how far apart they are decides.
    let gap = c.leadership(ar, false) - c.leadership(ap, false);
    let p_forced = gap.clamp(0.0, 1.0);
    fight_ar += p_forced * (forced * a_rem + ap_values);
    let fight_ap = fight_ap + (1.0 - p_forced) * free * a_rem;
    // Retreat before combat: an Apache Leader leads everything away, forced to the
    // Reservation, unless the Scout cancels it (§8.0).
    let ap_leader: f64 = ap.iter().map(|&b| e[b].leader).sum();
    if matches!(stage, Stage::Before { .. }) && ap_leader >= 0.5 && !ar.iter().any(|&b| e[b].scout)
    {
        let (rap, rar) = (apv, arv + forced * a);
        if rap - rar > fight_ap - fight_ar {
            return blend((rap, rar));
        }
    }
    blend((fight_ap, fight_ar))
}

/// An Army stack that can still move: its area, the most MP one of its Leaders can
/// spend, its blocks of the Leaders' nation, and whether a Senior Leader leads it.
struct Stack {
    area: usize,
    mp: u8,
    blocks: Vec<Bid>,
    senior: bool,
    nation: Nation,
}

/// The blocks on the map by area and side, in block order: one list with a range per
/// (area, side), built once per evaluation.
struct ByArea {
    /// Where each (area, side)'s blocks start in `bids`; one more entry at the end.
    start: Vec<usize>,
    /// Block indices grouped by (area, side).
    bids: Vec<Bid>,
}

impl ByArea {
    fn new(s: &State, n: usize) -> ByArea {
        let slot = |b: &super::state::Block| match b.status {
            Status::Map(a) if a < n => Some(2 * a + usize::from(b.side().min(1))),
            _ => None,
        };
        let mut start = vec![0usize; 2 * n + 1];
        for b in &s.blocks {
            if let Some(k) = slot(b) {
                start[k + 1] += 1;
            }
        }
        for k in 0..2 * n {
            start[k + 1] += start[k];
        }
        let mut fill = start.clone();
        let mut bids = vec![0; start[2 * n]];
        for (i, b) in s.blocks.iter().enumerate() {
            if let Some(k) = slot(b) {
                bids[fill[k]] = i;
                fill[k] += 1;
            }
        }
        ByArea { start, bids }
    }
    /// Number of areas.
    fn areas(&self) -> usize {
        self.start.len() / 2
    }
    /// The blocks of `side` in area `a`.
    fn get(&self, a: usize, side: u8) -> &[Bid] {
        let k = 2 * a + usize::from(side.min(1));
        match (self.start.get(k), self.start.get(k + 1)) {
            (Some(&i), Some(&j)) => &self.bids[i..j],
            _ => &[],
        }
    }
}

/// The projected VP margin of this turn, Apache minus Army, counting VP already scored,
/// as `seat` can count it (the other side's hidden blocks at their average).
pub fn margin(s: &State, seat: Seat) -> f64 {
    let t = &s.stat.tables;
    let n = s.stat.map.areas.len();
    let mut apv = f64::from(s.vp[0]);
    let mut arv = f64::from(s.vp[1]);
    if s.phase == Phase::Over {
        return apv - arv;
    }
    let by_area = ByArea::new(s, n);
    let moving = matches!(s.phase, Phase::Deploy | Phase::Move);
    let fight_area = s.fight.as_ref().map(|f| f.area);
    let free = f64::from(t.vp_apache_sp_free.value);
    let forced = f64::from(t.vp_apache_sp_forced.value);
    let e = effs(s, seat);
    let sp = |bs: &[Bid]| -> f64 { bs.iter().map(|&b| e[b].sp).sum() };
    let mut edge_blocks = 0usize;
    // Apache-held areas off the Reservations with no Army there yet.
    let mut open: Vec<usize> = Vec::new();
    for a in 0..n {
        let (ap, ar) = (by_area.get(a, APACHE), by_area.get(a, ARMY));
        if ap.is_empty() {
            continue;
        }
        if s.stat.is(a, RESERVATION) {
            // Never attacked; counted as forced at the VP phase; Rumors revealed (§8.0).
            arv += forced * sp(ap);
            if moving {
                arv += f64::from(t.vp_rumor.value) * ap.iter().map(|&b| e[b].rumor).sum::<f64>();
            }
            continue;
        }
        if ar.is_empty() {
            apv += free * sp(ap);
            if s.stat.is(a, super::state::EDGE) {
                edge_blocks += ap.len();
            }
            if moving {
                open.push(a);
            }
            continue;
        }
        if s.phase == Phase::Combat && s.resolved.contains(&a) {
            // Combat done here: the §9.0 check alone is left.
            if leadership(s, a, APACHE, false) < leadership(s, a, ARMY, false) {
                arv += forced * sp(ap) + ap.iter().map(|&b| e[b].value).sum::<f64>();
            } else {
                apv += free * sp(ap);
            }
            continue;
        }
        let stage = if fight_area == Some(a) {
            stage_of(s)
        } else {
            Stage::Before { reveal: moving }
        };
        let (x, y) = contest(s, &e, a, ap, ar, stage);
        apv += x;
        arv += y;
    }
    let per = t.edge_blocks_per_vp.value.max(1) as usize;
    arv += (edge_blocks / per) as f64 + 0.2 * (edge_blocks % per) as f64;
    // US reinforcements after the first impulse (§7.0), if still to come.
    if s.phase == Phase::Deploy || (s.phase == Phase::Move && s.impulse == 1) {
        for a in 0..n {
            let ar = by_area.get(a, ARMY);
            let us_leader = ar.iter().any(|&b| {
                s.blocks[b].nation == Nation::Us && s.blocks[b].kind == BlockKind::Leader
            });
            if !s.stat.is(a, US) || !s.stat.is(a, TOWN) || !us_leader {
                continue;
            }
            // One SP for each Army block there (or one, with `reinforce_one`), up to
            // each block's maximum (§7.0).
            let each = if s.stat.scenario.options.reinforce_one {
                1
            } else {
                ar.len()
            };
            let gain: usize = ar
                .iter()
                .map(|&b| {
                    let k = &s.blocks[b];
                    if k.nation == Nation::Us
                        && matches!(k.kind, BlockKind::Unit | BlockKind::Scout)
                    {
                        each.min(usize::from(k.max_sp.saturating_sub(k.sp)))
                    } else {
                        0
                    }
                })
                .sum();
            arv += 0.8 * f64::from(t.vp_reinforcement.value) * gain as f64;
        }
    }
    // Army units without a Leader of their nation cannot move (§7.0 "Leaders"): while
    // there is movement to come, each is worth a little less to the Army.
    let mut stuck = 0.0;
    if moving {
        for a in 0..n {
            let ar = by_area.get(a, ARMY);
            for &b in ar {
                let k = &s.blocks[b];
                if k.kind.fights()
                    && k.kind != BlockKind::Settler
                    && !ar.iter().any(|&l| {
                        s.blocks[l].kind == BlockKind::Leader && s.blocks[l].nation == k.nation
                    })
                {
                    stuck += STUCK;
                }
            }
        }
    }
    let threat = if moving {
        threat(s, &e, &by_area, &open)
    } else {
        0.0
    };
    apv - arv - threat + stuck
}

/// The stage of the fight under way.
fn stage_of(s: &State) -> Stage {
    let Some(f) = &s.fight else {
        return Stage::Before { reveal: false };
    };
    match &s.pending {
        Pending::None | Pending::Retreat | Pending::Scout { .. } => Stage::Before { reveal: false },
        Pending::Lead { side } => {
            if f.regular {
                Stage::Regular { assigning: *side }
            } else {
                Stage::Ambush {
                    side: f.ambusher.unwrap_or(*side),
                    assigning: *side,
                }
            }
        }
        Pending::Loss { .. } => Stage::Losses {
            hits: [f64::from(f.hits[0]), f64::from(f.hits[1])],
            regular_next: !f.regular,
        },
        Pending::Withdraw => Stage::Withdraw,
    }
}

/// What the Army's stacks still threaten: each stack is matched (best first) with one
/// Apache-held area it can reach, and counts a share of the VP it would gain there,
/// more the closer it is. Before the second impulse the Apache player can still run,
/// so the share is smaller.
fn threat(s: &State, e: &[Eff], by_area: &ByArea, open: &[usize]) -> f64 {
    if open.is_empty() {
        return 0.0;
    }
    let army_now = s.phase == Phase::Move && s.side == ARMY;
    let last = s.phase == Phase::Move && s.impulse == 2;
    let share = if last {
        if army_now { 0.9 } else { 0.8 }
    } else {
        0.6
    };
    let budget = |b: Bid| -> u8 {
        let k = &s.blocks[b];
        let now = if army_now { k.mp_left } else { k.mp };
        if last { now } else { now.saturating_add(k.mp) }
    };
    let mut stacks: Vec<Stack> = Vec::new();
    for a in 0..by_area.areas() {
        let ar = by_area.get(a, ARMY);
        for nation in [Nation::Us, Nation::Mexico] {
            let leaders: Vec<Bid> = ar
                .iter()
                .copied()
                .filter(|&b| s.blocks[b].nation == nation && s.blocks[b].kind == BlockKind::Leader)
                .collect();
            let Some(mp) = leaders.iter().map(|&l| budget(l)).max() else {
                continue;
            };
            if mp == 0 {
                continue;
            }
            stacks.push(Stack {
                area: a,
                mp,
                blocks: ar
                    .iter()
                    .copied()
                    .filter(|&b| s.blocks[b].nation == nation)
                    .collect(),
                senior: leaders.iter().any(|&l| s.blocks[l].senior),
                nation,
            });
        }
    }
    let free = f64::from(s.stat.tables.vp_apache_sp_free.value);
    let mut options: Vec<(f64, usize, usize)> = Vec::new();
    let mut party: Vec<Bid> = Vec::new();
    for (si, st) in stacks.iter().enumerate() {
        let border = match st.nation {
            Nation::Mexico => Border::Mexican,
            Nation::Us if !st.senior => Border::Us,
            _ => Border::Free,
        };
        for &x in open {
            let d = s.stat.army_distance(border, st.area, x);
            if d > st.mp || x == st.area {
                continue;
            }
            party.clear();
            party.extend(
                st.blocks
                    .iter()
                    .copied()
                    .filter(|&b| s.blocks[b].kind == BlockKind::Leader || budget(b) >= d),
            );
            let ap = by_area.get(x, APACHE);
            let base: f64 = free * ap.iter().map(|&b| e[b].sp).sum::<f64>();
            let (pa, q) = contest(s, e, x, ap, &party, Stage::Before { reveal: true });
            let gain = (base - pa) + q;
            if gain > 0.0 {
                let w = share * (1.0 - 0.04 * f64::from(d));
                options.push((gain * w, si, x));
            }
        }
    }
    options.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut used_stack = vec![false; stacks.len()];
    let mut used_area: Vec<usize> = Vec::new();
    let mut total = 0.0;
    for (g, si, x) in options {
        if used_stack[si] || used_area.contains(&x) {
            continue;
        }
        used_stack[si] = true;
        used_area.push(x);
        total += g;
    }
    total
}

/// What an Army unit left without a Leader of its nation costs the Army while there is
/// movement to come, in VP.
const STUCK: f64 = 1.5;

/// How much the projected VP margin sways this turn's Victory Level: the margin over
/// this many VP is worth about three quarters of a Level.
const MARGIN_SCALE: f64 = 6.0;

impl crate::core::ai::Knowledge for Wind {
    /// A world consistent with the seat's view: every block of the other side that the
    /// seat has not seen revealed gets an identity drawn at random from that nation's
    /// unseen blocks (pools included), its strength from the Provocation Chart, full MP;
    /// and the dice are fresh. Nothing hidden is copied from the true state, so two
    /// states that differ only in what the seat cannot see give the same worlds.
    fn determinize(state: &State, seat: Seat, rng: &mut rand_chacha::ChaCha8Rng) -> State {
        use rand::{Rng, RngCore};
        let mut s = state.clone();
        // The opening log is never read by the search; dropping it makes every copy of
        // this world cheaper.
        s.intro = Vec::new();
        s.dice = Dice::new(rng.next_u64());
        let other = 1 - seat;
        let level = s
            .level
            .map(|l| s.stat.tables.levels[l].name.clone())
            .unwrap_or_default();
        let row = s
            .stat
            .tables
            .chart
            .iter()
            .find(|r| r.level == level)
            .cloned();
        for nation in [Nation::Apache, Nation::Us, Nation::Mexico] {
            if nation.side() != other {
                continue;
            }
            let unseen = |b: &super::state::Block| {
                b.nation == nation
                    && !b.revealed
                    && matches!(b.status, Status::Pool | Status::Drawn | Status::Map(_))
            };
            // Public slots: handle, where it is.
            let mut slots: Vec<(Sym, Status)> = s
                .blocks
                .iter()
                .filter(|b| unseen(b) && matches!(b.status, Status::Drawn | Status::Map(_)))
                .map(|b| (b.handle, b.status))
                .collect();
            slots.sort_by_key(|a| a.0);
            let mut cands: Vec<usize> = (0..s.blocks.len())
                .filter(|&i| unseen(&s.blocks[i]))
                .collect();
            for &c in &cands {
                let b = &mut s.blocks[c];
                b.status = Status::Pool;
                b.handle = Sym::empty();
                b.mp_left = 0;
                let start = row
                    .as_ref()
                    .and_then(|r| r.sp.get(&b.pool).copied())
                    .unwrap_or(b.max_sp);
                b.sp = if b.nation == Nation::Mexico {
                    b.max_sp
                } else {
                    start.min(b.max_sp)
                };
            }
            for (handle, status) in slots {
                if cands.is_empty() {
                    break;
                }
                let c = cands.remove(rng.random_range(0..cands.len()));
                let b = &mut s.blocks[c];
                b.handle = handle;
                b.status = status;
                b.mp_left = b.mp;
            }
        }
        s
    }

    /// The result if the game is over. Otherwise the Victory Levels already won, plus
    /// this turn's Level as the projected VP margin makes it likely (see [`margin`]),
    /// scaled into 0..1 by the number of turns.
    fn evaluate(s: &State, seat: Seat) -> f64 {
        if let Some(o) = &s.result {
            return crate::core::ai::result_value(o, seat);
        }
        let m = margin(s, seat);
        let x = f64::from(s.levels[0] - s.levels[1]) + (m / MARGIN_SCALE).tanh() + 0.01 * m;
        let x = if seat == APACHE { x } else { -x };
        let span = f64::from(s.last_turn.max(1)) + 2.0;
        (0.5 + 0.5 * x / span).clamp(0.001, 0.999)
    }

    /// Leaders are put on blocks before the fire; everything else is left to the
    /// one-step values the search seeds every node with.
    fn prior(_: &State, a: &Action) -> f64 {
        match a {
            Action::Lead { .. } => 2.0,
            _ => 1.0,
        }
    }

    /// One group per verb: every move is one group, every deployment another, `end` a
    /// third. The search then widens the moves in the order of their one-step values and
    /// spends its visits on the best few, instead of giving `end` as many visits as all
    /// the moves of one block.
    fn group(a: &Action, out: &mut String) {
        let t = match a {
            Action::Deploy { .. } => "deploy",
            Action::Move { .. } => "move",
            Action::End => "end",
            Action::Combat { .. } => "combat",
            Action::Retreat { .. } => "retreat",
            Action::Stay => "stay",
            Action::Scout => "scout",
            Action::Pass => "pass",
            Action::Lead { .. } => "lead",
            Action::Fire => "fire",
            Action::Decline => "decline",
            Action::Loss { .. } => "loss",
            Action::Withdraw { .. } => "withdraw",
        };
        out.push_str(t);
    }

    /// No rollouts: the evaluation projects the turn's combats and threats itself, and
    /// random moves within a segment only add noise.
    fn rollout_depth() -> usize {
        0
    }

    /// A quarter of the level's iterations (32 at the default level). Against greedy, 48
    /// games of seed 7, the Apache won 47 at 16 and 32 iterations but 38 and 39 at 64 and
    /// 128; the Army 39 at 32 and 41 at 128; against random the Army won 47 at 32 and 45
    /// at 128 (docs/ai.md, "Iterations against strength and speed").
    fn level_iterations(standard: u32) -> u32 {
        standard / 4
    }
}
