//! The rules of *Once We Moved Like the Wind* (seed 001): Provocation and forces (§6.0),
//! deployment, the two movement impulses with boundary costs, Leaders, block limits,
//! the border and reinforcements (§7.0), Rumors, combat area by area with retreat,
//! Scouts, ambush and regular combat (§8.0), Victory Points and Levels (§9.0) and the
//! turn end (§10.0), with the optional rules of §11.0. `legal` lists every action;
//! `apply` refuses anything else and changes nothing when it does.

use super::action::Action;
use super::data::{BlockKind, Nation, Pool};
use super::state::{
    Bid, EDGE, FORT, Fight, MEXICO, OCEAN, Pending, Phase, RESERVATION, State, Status, TOWN, US,
    WATER,
};
use crate::core::error::RuleError;
use crate::core::game::{LogEntry, Outcome};

/// Seat of the Apache player.
pub const APACHE: u8 = 0;
/// Seat of the Army player (US and Mexican forces).
pub const ARMY: u8 = 1;

fn other(side: u8) -> u8 {
    1 - side
}

fn side_name(s: &State, side: u8) -> String {
    s.stat
        .scenario
        .sides
        .get(usize::from(side))
        .cloned()
        .unwrap_or_else(|| format!("seat {side}"))
}

/// How a block is named to a seat: its name when the seat may know it, else its handle
/// and colour only.
pub fn shown(s: &State, b: Bid, seat: u8) -> String {
    let k = &s.blocks[b];
    if k.side() == seat || k.revealed {
        format!("{} ({})", k.handle, k.name)
    } else {
        format!("{} (a {} block)", k.handle, nation_word(k.nation))
    }
}

fn nation_word(n: Nation) -> &'static str {
    match n {
        Nation::Apache => "tan Apache",
        Nation::Us => "blue US",
        Nation::Mexico => "red Mexican",
    }
}

/// The seat that must decide now.
pub fn to_act(s: &State) -> Option<u8> {
    match s.phase {
        Phase::Over => None,
        Phase::Deploy | Phase::Move => Some(s.side),
        Phase::Combat => Some(match &s.pending {
            Pending::None | Pending::Scout { .. } => ARMY,
            Pending::Retreat => APACHE,
            Pending::Lead { side } => *side,
            Pending::Loss { chooser, .. } => *chooser,
            Pending::Withdraw => s.fight.as_ref().and_then(|f| f.ambusher).unwrap_or(ARMY),
        }),
    }
}

// -------------------------------------------------------------------------------------
// Turn start: Provocation and forces (§6.0)
// -------------------------------------------------------------------------------------

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
    s.reveals += 1;
    // Handles are dealt at random per nation, so a handle tells nothing of its block.
    for (nation, letter) in [
        (Nation::Apache, "A"),
        (Nation::Us, "U"),
        (Nation::Mexico, "M"),
    ] {
        let mut drawn: Vec<Bid> = (0..s.blocks.len())
            .filter(|&i| s.blocks[i].nation == nation && s.blocks[i].status == Status::Drawn)
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
    for side in [APACHE, ARMY] {
        let mine: Vec<String> = s
            .blocks
            .iter()
            .filter(|b| b.side() == side && b.status == Status::Drawn)
            .map(|b| {
                if b.kind.fights() {
                    format!("{} {} {}SP", b.handle, b.name, b.sp)
                } else {
                    format!("{} {}", b.handle, b.name)
                }
            })
            .collect();
        log.push(LogEntry::private(
            side,
            format!("Forces drawn ({name}): {}", mine.join(", ")),
        ));
        log.push(LogEntry::private(
            other(side),
            format!("{} draws {} blocks", side_name(s, side), mine.len()),
        ));
    }
    if mexicans {
        log.push(LogEntry::public(if s.turn == s.last_turn {
            "Mexican forces take part: last turn (§6.0)"
        } else {
            "Mexican forces take part: the Incursion marker shows Yes (§6.0)"
        }));
    }
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
            (Nation::Us, BlockKind::Settler) => st.is(a, TOWN) && st.is(a, US),
            (Nation::Us, _) => st.is(a, US) && (st.is(a, FORT) || st.is(a, TOWN)),
            (Nation::Mexico, _) => st.is(a, MEXICO) && (st.is(a, FORT) || st.is(a, TOWN)),
        })
        .filter(|&a| !(blk.senior && other_senior_in(s, b, a)))
        .collect()
}

/// Whether the other US Senior Leader is in area `a` (§7.0 "Command Conflict").
fn other_senior_in(s: &State, b: Bid, a: usize) -> bool {
    s.in_area(a)
        .any(|o| o != b && s.blocks[o].senior && s.blocks[o].nation == Nation::Us)
}

// -------------------------------------------------------------------------------------
// Legal actions
// -------------------------------------------------------------------------------------

/// Every legal action now.
pub fn legal(s: &State) -> Vec<Action> {
    let mut out = vec![];
    match s.phase {
        Phase::Over => {}
        Phase::Deploy => {
            // Each drawn block is deployed once (undo takes a deployment back); the
            // segment ends when every block is on the map.
            let mut waiting = false;
            for b in 0..s.blocks.len() {
                let blk = &s.blocks[b];
                if blk.side() != s.side || blk.status != Status::Drawn {
                    continue;
                }
                waiting = true;
                for a in deploy_areas(s, b) {
                    out.push(Action::Deploy {
                        block: blk.handle,
                        area: s.stat.id_sym(a),
                    });
                }
            }
            if !waiting {
                out.push(Action::End);
            }
        }
        Phase::Move => {
            for b in 0..s.blocks.len() {
                let blk = &s.blocks[b];
                if blk.side() != s.side || blk.area().is_none() {
                    continue;
                }
                if s.side == ARMY && blk.kind != BlockKind::Leader {
                    continue;
                }
                for &(to, _) in s.stat.neighbors(blk.area().unwrap_or(0)) {
                    if move_ok(s, b, to, &[]).is_ok() {
                        out.push(Action::Move {
                            block: blk.handle,
                            area: s.stat.id_sym(to),
                            with: vec![],
                        });
                    }
                    if s.side == ARMY {
                        let all = followers(s, b, to);
                        if !all.is_empty() && move_ok(s, b, to, &all).is_ok() {
                            out.push(Action::Move {
                                block: blk.handle,
                                area: s.stat.id_sym(to),
                                with: all.iter().map(|&f| s.blocks[f].handle).collect(),
                            });
                        }
                    }
                }
            }
            out.push(Action::End);
        }
        Phase::Combat => combat_legal(s, &mut out),
    }
    out
}

/// Movement cost for a block to cross from its area into `to` (§7.0 "Movement Costs").
pub fn cost(s: &State, b: Bid, to: usize) -> Option<u8> {
    let from = s.blocks[b].area()?;
    let &(_, k) = s.stat.neighbors(from).iter().find(|(a, _)| *a == to)?;
    let c = &s.stat.tables.costs[k];
    if s.blocks[b].side() == APACHE {
        let extra = if s.in_area(to).any(|o| s.blocks[o].side() == ARMY) {
            s.stat.tables.apache_enter_army.value.max(0) as u8
        } else {
            0
        };
        Some(c.apache + extra)
    } else {
        Some(c.army)
    }
}

/// The blocks an Army Leader may take along into `to`: same nation, same area, with the
/// MP to pay (§7.0 "Leaders").
fn followers(s: &State, leader: Bid, to: usize) -> Vec<Bid> {
    let l = &s.blocks[leader];
    let Some(here) = l.area() else {
        return vec![];
    };
    s.in_area(here)
        .filter(|&o| o != leader && s.blocks[o].nation == l.nation)
        .filter(|&o| cost(s, o, to).is_some_and(|c| c <= s.blocks[o].mp_left))
        .filter(|&o| !(s.blocks[o].senior && l.senior))
        .collect()
}

/// Whether block `b` (with `with` for an Army Leader) may cross into `to` now.
fn move_ok(s: &State, b: Bid, to: usize, with: &[Bid]) -> Result<(), String> {
    let blk = &s.blocks[b];
    let here = blk.area().ok_or("the block is not on the map")?;
    if s.stat.is(to, OCEAN) {
        return Err("the ocean may not be entered (§3.0)".into());
    }
    let party: Vec<Bid> = std::iter::once(b).chain(with.iter().copied()).collect();
    for &p in &party {
        let pb = &s.blocks[p];
        if pb.area() != Some(here) || pb.side() != blk.side() {
            return Err(format!("{} is not in the same area", pb.handle));
        }
        let c = cost(s, p, to).ok_or("the areas are not adjacent")?;
        if c > pb.mp_left {
            return Err(format!(
                "{} has {} MP left and the crossing costs {c} (§7.0)",
                pb.handle, pb.mp_left
            ));
        }
    }
    if blk.side() == ARMY {
        if blk.kind != BlockKind::Leader {
            return Err("Army blocks move only with a Leader (§7.0 \"Leaders\")".into());
        }
        if party.iter().any(|&p| s.blocks[p].nation != blk.nation) {
            return Err(
                "US blocks move only with US Leaders, Mexican blocks with Mexican Leaders (§7.0)"
                    .into(),
            );
        }
        if blk.nation == Nation::Mexico && s.stat.all_us(to) {
            return Err(
                "Mexican blocks may not enter an area entirely in US Territories (§7.0)".into(),
            );
        }
        if blk.nation == Nation::Us
            && s.stat.all_mexican(to)
            && !party.iter().any(|&p| s.blocks[p].senior)
        {
            return Err(
                "US blocks enter an all-Mexican area only with a Senior Leader (§7.0)".into(),
            );
        }
        let seniors = party.iter().filter(|&&p| s.blocks[p].senior).count();
        if seniors > 1
            || party
                .iter()
                .any(|&p| s.blocks[p].senior && other_senior_in(s, p, to))
        {
            return Err(
                "the two US Senior Leaders may never be in the same area (§7.0 \"Command Conflict\")"
                    .into(),
            );
        }
    }
    Ok(())
}

fn combat_legal(s: &State, out: &mut Vec<Action>) {
    let Some(f) = &s.fight else {
        for a in contested(s) {
            out.push(Action::Combat {
                area: s.stat.id_sym(a),
            });
        }
        return;
    };
    let area = f.area;
    match &s.pending {
        Pending::None => {}
        Pending::Retreat => {
            for l in s.side_in(area, APACHE) {
                if s.blocks[l].kind == BlockKind::Leader {
                    out.push(Action::Retreat {
                        leader: s.blocks[l].handle,
                    });
                }
            }
            out.push(Action::Stay);
        }
        Pending::Scout { .. } => {
            if s.side_in(area, ARMY)
                .into_iter()
                .any(|b| s.blocks[b].kind == BlockKind::Scout)
            {
                out.push(Action::Scout);
            }
            out.push(Action::Pass);
        }
        Pending::Lead { side } => {
            let blocks = s.side_in(area, *side);
            for &l in &blocks {
                if s.blocks[l].kind != BlockKind::Leader || f.leads.iter().any(|x| x.0 == l) {
                    continue;
                }
                for &t in &blocks {
                    if s.blocks[t].kind.fights()
                        && s.blocks[t].sp > 0
                        && !f.leads.iter().any(|x| x.1 == t)
                    {
                        out.push(Action::Lead {
                            leader: s.blocks[l].handle,
                            block: s.blocks[t].handle,
                        });
                    }
                }
            }
            out.push(Action::Fire);
        }
        Pending::Loss { victim, .. } => {
            for b in strongest(s, area, *victim) {
                out.push(Action::Loss {
                    block: s.blocks[b].handle,
                });
            }
        }
        Pending::Withdraw => {
            let side = f.ambusher.unwrap_or(ARMY);
            for &(to, _) in s.stat.neighbors(area) {
                if withdraw_ok(s, area, side, to) {
                    out.push(Action::Withdraw {
                        area: s.stat.id_sym(to),
                    });
                }
            }
            out.push(Action::Stay);
        }
    }
}

/// Areas where combat is still to be resolved: blocks of both players, not a
/// Reservation (Apache blocks there are never attacked, §8.0 "Reservations").
pub fn contested(s: &State) -> Vec<usize> {
    (0..s.stat.map.areas.len())
        .filter(|&a| !s.resolved.contains(&a) && !s.stat.is(a, RESERVATION))
        .filter(|&a| !s.side_in(a, APACHE).is_empty() && !s.side_in(a, ARMY).is_empty())
        .collect()
}

/// The strongest fighting blocks of a side in an area (ties included).
fn strongest(s: &State, area: usize, side: u8) -> Vec<Bid> {
    let blocks: Vec<Bid> = s
        .side_in(area, side)
        .into_iter()
        .filter(|&b| s.blocks[b].kind.fights() && s.blocks[b].sp > 0)
        .collect();
    let top = blocks.iter().map(|&b| s.blocks[b].sp).max().unwrap_or(0);
    blocks
        .into_iter()
        .filter(|&b| s.blocks[b].sp == top)
        .collect()
}

fn withdraw_ok(s: &State, from: usize, side: u8, to: usize) -> bool {
    if s.stat.is(to, OCEAN) {
        return false;
    }
    let blocks = s.side_in(from, side);
    if side == ARMY {
        let us = blocks.iter().any(|&b| s.blocks[b].nation == Nation::Us);
        let mex = blocks.iter().any(|&b| s.blocks[b].nation == Nation::Mexico);
        if mex && s.stat.all_us(to) {
            return false;
        }
        if us && s.stat.all_mexican(to) && !blocks.iter().any(|&b| s.blocks[b].senior) {
            return false;
        }
        if blocks
            .iter()
            .any(|&b| s.blocks[b].senior && other_senior_in(s, b, to))
        {
            return false;
        }
    }
    true
}

// -------------------------------------------------------------------------------------
// Apply
// -------------------------------------------------------------------------------------

fn bid(s: &State, handle: &str) -> Result<Bid, RuleError> {
    s.find(handle)
        .ok_or_else(|| RuleError::new(format!("no block '{handle}' in play")))
}

fn area_id(s: &State, id: &str) -> Result<usize, RuleError> {
    s.stat
        .area(id)
        .ok_or_else(|| RuleError::new(format!("no area '{id}'")))
}

/// Whether `a` is one of `legal(s)`, answered without listing every action for the
/// frequent actions (deploy, move, end): the same tests `legal` makes, for the one
/// block and area named. Other actions are looked up in the full list.
pub fn listed(s: &State, a: &Action) -> bool {
    match (s.phase, a) {
        (Phase::Deploy, Action::End) => !s
            .blocks
            .iter()
            .any(|b| b.side() == s.side && b.status == Status::Drawn),
        (Phase::Move, Action::End) => true,
        (Phase::Deploy, Action::Deploy { block, area }) => {
            let Some(to) = s.stat.area(area) else {
                return false;
            };
            s.blocks.iter().enumerate().any(|(b, k)| {
                k.side() == s.side
                    && k.status == Status::Drawn
                    && *k.handle == **block
                    && deploy_areas(s, b).contains(&to)
            })
        }
        (Phase::Move, Action::Move { block, area, with }) => {
            let Some(to) = s.stat.area(area) else {
                return false;
            };
            s.blocks.iter().enumerate().any(|(b, k)| {
                let Some(here) = k.area() else {
                    return false;
                };
                if k.side() != s.side
                    || *k.handle != **block
                    || (s.side == ARMY && k.kind != BlockKind::Leader)
                    || !s.stat.neighbors(here).iter().any(|&(n, _)| n == to)
                {
                    return false;
                }
                if with.is_empty() {
                    return move_ok(s, b, to, &[]).is_ok();
                }
                if s.side != ARMY {
                    return false;
                }
                let all = followers(s, b, to);
                !all.is_empty()
                    && all.len() == with.len()
                    && all
                        .iter()
                        .zip(with)
                        .all(|(&f, h)| *s.blocks[f].handle == **h)
                    && move_ok(s, b, to, &all).is_ok()
            })
        }
        (Phase::Deploy | Phase::Move, _) | (Phase::Over, _) => false,
        (Phase::Combat, _) => legal(s).contains(a),
    }
}

/// Apply an action. It must be one of `legal(s)`, except that an Army Leader may take
/// any subset of the blocks it could take along.
pub fn apply(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    let listed = listed(s, a);
    let subset_move = matches!(a, Action::Move { with, .. } if !with.is_empty());
    if !listed && !subset_move {
        let legal = legal(s);
        let who = to_act(s).map_or("nobody".into(), |x| side_name(s, x));
        return Err(RuleError::new(format!(
            "'{a}' is not legal now ({who} to act). Legal actions include: {}",
            legal
                .iter()
                .take(8)
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        )));
    }
    execute(s, a, listed)
}

/// [`apply`] without checking that `a` is legal: only for an action just listed by
/// [`legal`] for this very state (the AI's search, `Rules::apply_listed`).
pub fn apply_listed(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    execute(s, a, true)
}

/// Carry out `a`; `listed`: it is one of `legal(s)` (otherwise it is an Army Leader's
/// move with a subset of the blocks it could take along, checked here).
fn execute(s: &mut State, a: &Action, listed: bool) -> Result<Vec<LogEntry>, RuleError> {
    let mut log = vec![];
    match a {
        Action::Deploy { block, area } => {
            let b = bid(s, block)?;
            let to = area_id(s, area)?;
            s.blocks[b].status = Status::Map(to);
            log.push(LogEntry::private(
                s.side,
                format!("{} deployed to {area}", shown(s, b, s.side)),
            ));
            log.push(LogEntry::private(
                other(s.side),
                format!("{} deployed to {area}", shown(s, b, other(s.side))),
            ));
        }
        Action::End => end_segment(s, &mut log),
        Action::Move { block, area, with } => {
            let b = bid(s, block)?;
            let to = area_id(s, area)?;
            let party: Vec<Bid> = with
                .iter()
                .map(|h| bid(s, h))
                .collect::<Result<Vec<_>, _>>()?;
            if !listed {
                let allowed = followers(s, b, to);
                if let Some(&x) = party.iter().find(|x| !allowed.contains(x)) {
                    return Err(RuleError::new(format!(
                        "{} cannot go along with {block} into {area}",
                        s.blocks[x].handle
                    )));
                }
            }
            move_ok(s, b, to, &party).map_err(RuleError::new)?;
            let from = s.blocks[b].area().unwrap_or(to);
            for p in std::iter::once(b).chain(party.iter().copied()) {
                let c = cost(s, p, to).unwrap_or(0);
                s.blocks[p].mp_left -= c;
                s.blocks[p].status = Status::Map(to);
            }
            if s.side == APACHE && s.stat.is(from, US) && s.stat.all_mexican(to) {
                if !s.incursion_now {
                    log.push(LogEntry::public(format!(
                        "Apache incursion into Mexico ({} -> {area}): the Incursion marker goes to Yes (§7.0)",
                        s.stat.id(from)
                    )));
                }
                s.incursion_now = true;
            }
            let names: Vec<crate::core::sym::Sym> = std::iter::once(b)
                .chain(party.iter().copied())
                .map(|p| s.blocks[p].handle)
                .collect();
            log.push(LogEntry::public(format!(
                "{} moves {} from {} to {area}",
                side_name(s, s.side),
                names.join(", "),
                s.stat.id(from)
            )));
        }
        Action::Combat { area } => {
            let at = area_id(s, area)?;
            s.fight = Some(Fight {
                area: at,
                ambusher: None,
                regular: false,
                leads: vec![],
                hits: [0, 0],
                taking: [None, None],
            });
            log.push(LogEntry::public(format!(
                "Combat in {area} (the Army player's choice of order, §8.0)"
            )));
            begin_area(s, &mut log);
        }
        Action::Retreat { leader } => {
            let l = bid(s, leader)?;
            s.blocks[l].revealed = true;
            s.reveals += 1;
            log.push(LogEntry::public(format!(
                "The Apache player reveals {} to retreat before combat (§8.0)",
                shown(s, l, ARMY)
            )));
            // The Army player always answers (`pass` only, without a Scout there), so
            // the question does not tell the Apache player where the Scout is.
            s.pending = Pending::Scout { leader: l };
        }
        Action::Stay => match s.pending {
            Pending::Retreat => {
                s.pending = Pending::None;
                after_retreat_step(s, &mut log);
            }
            Pending::Withdraw => {
                s.pending = Pending::None;
                start_regular(s, &mut log);
            }
            _ => {}
        },
        Action::Scout => {
            let area = s.fight.as_ref().map_or(0, |f| f.area);
            if let Some(sc) = s
                .side_in(area, ARMY)
                .into_iter()
                .find(|&b| s.blocks[b].kind == BlockKind::Scout)
            {
                s.blocks[sc].revealed = true;
            }
            s.reveals += 1;
            log.push(LogEntry::public(
                "The Army player reveals the Scout: the retreat is cancelled (§8.0 \"Scouts & Combat\")",
            ));
            s.pending = Pending::None;
            after_retreat_step(s, &mut log);
        }
        Action::Pass => {
            s.pending = Pending::None;
            retreat_before_combat(s, &mut log);
        }
        Action::Lead { leader, block } => {
            let l = bid(s, leader)?;
            let t = bid(s, block)?;
            if let Some(f) = s.fight.as_mut() {
                f.leads.push((l, t));
            }
            let side = s.blocks[l].side();
            log.push(LogEntry::private(
                side,
                format!("{} leads {} (§8.0)", shown(s, l, side), shown(s, t, side)),
            ));
        }
        Action::Fire => fire(s, &mut log),
        Action::Loss { block } => {
            let b = bid(s, block)?;
            if let (Pending::Loss { victim, .. }, Some(f)) = (s.pending.clone(), s.fight.as_mut()) {
                f.taking[usize::from(victim)] = Some(b);
            }
            s.pending = Pending::None;
            take_losses(s, &mut log);
        }
        Action::Withdraw { area } => {
            let to = area_id(s, area)?;
            let Some(f) = s.fight.clone() else {
                return Err(RuleError::new("no combat under way"));
            };
            let side = f.ambusher.unwrap_or(ARMY);
            let moving = s.side_in(f.area, side);
            for &b in &moving {
                s.blocks[b].status = Status::Map(to);
            }
            if side == APACHE && s.stat.is(f.area, US) && s.stat.all_mexican(to) {
                s.incursion_now = true;
            }
            log.push(LogEntry::public(format!(
                "The ambusher ({}) retreats from {} to {area} (§8.0); combat in {} is over",
                side_name(s, side),
                s.stat.id(f.area),
                s.stat.id(f.area)
            )));
            s.pending = Pending::None;
            close_area(s, &mut log);
        }
    }
    Ok(log)
}

// -------------------------------------------------------------------------------------
// Movement segments (§7.0)
// -------------------------------------------------------------------------------------

fn begin_segment(s: &mut State, side: u8, log: &mut Vec<LogEntry>) {
    s.phase = Phase::Move;
    s.side = side;
    for b in &mut s.blocks {
        if b.side() == side {
            b.mp_left = b.mp;
        }
    }
    log.push(LogEntry::public(format!(
        "Turn {}, movement impulse {}: {} moves (§5.0, §7.0)",
        s.turn,
        s.impulse,
        side_name(s, side)
    )));
}

fn end_segment(s: &mut State, log: &mut Vec<LogEntry>) {
    match s.phase {
        Phase::Deploy => {
            if s.side == APACHE {
                s.side = ARMY;
                log.push(LogEntry::public("The Army player deploys (§6.0)"));
            } else {
                s.impulse = 1;
                begin_segment(s, APACHE, log);
            }
        }
        Phase::Move => {
            block_limits(s, s.side, log);
            if s.side == APACHE {
                begin_segment(s, ARMY, log);
            } else {
                reveal_rumors(s, log);
                if s.impulse == 1 {
                    reinforcements(s, log);
                    s.impulse = 2;
                    begin_segment(s, APACHE, log);
                } else {
                    begin_combat(s, log);
                }
            }
        }
        _ => {}
    }
}

/// §7.0 "Area Block Limits": at the end of a side's segment, excess non-Leader blocks
/// in an area are picked at random and eliminated, without VP.
fn block_limits(s: &mut State, side: u8, log: &mut Vec<LogEntry>) {
    let t = &s.stat.tables;
    let limit = if side == APACHE {
        t.apache_limit.clone()
    } else {
        t.army_limit.clone()
    };
    for a in 0..s.stat.map.areas.len() {
        let mine = s.side_in(a, side);
        let excess = mine.len().saturating_sub(limit.value.max(0) as usize);
        if excess == 0 {
            continue;
        }
        let mut pool: Vec<Bid> = mine
            .into_iter()
            .filter(|&b| s.blocks[b].kind != BlockKind::Leader)
            .collect();
        for _ in 0..excess {
            if pool.is_empty() {
                break;
            }
            let k = s.dice.draw(pool.len());
            let b = pool.remove(k);
            s.reveals += 1;
            s.blocks[b].status = Status::Out;
            log.push(LogEntry::public(format!(
                "{} in {} is over the limit of {} blocks and is eliminated at random, no VP (§7.0; {})",
                shown(s, b, other(side)),
                s.stat.id(a),
                limit.value,
                limit.source.label()
            )));
        }
    }
}

/// §7.0 "Reveal Rumors": Rumors in areas with blocks of both players, and in Reservation
/// areas always (§8.0), are revealed and removed; +1 Army VP each.
fn reveal_rumors(s: &mut State, log: &mut Vec<LogEntry>) {
    let vp = s.stat.tables.vp_rumor.value;
    for a in 0..s.stat.map.areas.len() {
        let both = !s.side_in(a, ARMY).is_empty() || s.stat.is(a, RESERVATION);
        if !both {
            continue;
        }
        for b in s.side_in(a, APACHE) {
            if s.blocks[b].kind == BlockKind::Rumor {
                s.blocks[b].revealed = true;
                s.blocks[b].status = Status::Out;
                s.reveals += 1;
                s.vp[usize::from(ARMY)] += vp;
                log.push(LogEntry::public(format!(
                    "{} in {} is a Rumor: revealed and removed, +{vp} Army VP (§7.0 \"Reveal Rumors\")",
                    shown(s, b, ARMY),
                    s.stat.id(a)
                )));
            }
        }
    }
}

/// §7.0 "Reinforcements" (after the first impulse only): each US block (not a Leader or
/// the Settler) in a US Territory area with a Town and a US Leader gains 1 SP up to its
/// maximum; +1 Army VP per SP.
fn reinforcements(s: &mut State, log: &mut Vec<LogEntry>) {
    let vp = s.stat.tables.vp_reinforcement.value;
    let mut gained = 0;
    for a in 0..s.stat.map.areas.len() {
        if !(s.stat.is(a, US) && s.stat.is(a, TOWN)) {
            continue;
        }
        let here = s.side_in(a, ARMY);
        if !here
            .iter()
            .any(|&b| s.blocks[b].nation == Nation::Us && s.blocks[b].kind == BlockKind::Leader)
        {
            continue;
        }
        for b in here {
            let k = &s.blocks[b];
            if k.nation == Nation::Us
                && matches!(k.kind, BlockKind::Unit | BlockKind::Scout)
                && k.sp < k.max_sp
            {
                s.blocks[b].sp += 1;
                gained += 1;
                log.push(LogEntry::private(
                    ARMY,
                    format!(
                        "{} is reinforced in {} to {} SP (§7.0)",
                        shown(s, b, ARMY),
                        s.stat.id(a),
                        s.blocks[b].sp
                    ),
                ));
            }
        }
    }
    if gained > 0 {
        s.vp[usize::from(ARMY)] += vp * gained;
        log.push(LogEntry::public(format!(
            "US reinforcements: {gained} SP gained, +{} Army VP (§7.0 \"Reinforcements\")",
            vp * gained
        )));
    }
}

// -------------------------------------------------------------------------------------
// Combat (§8.0)
// -------------------------------------------------------------------------------------

fn begin_combat(s: &mut State, log: &mut Vec<LogEntry>) {
    s.phase = Phase::Combat;
    s.resolved.clear();
    s.fight = None;
    s.pending = Pending::None;
    log.push(LogEntry::public(format!(
        "Turn {}: Combat Phase (§8.0)",
        s.turn
    )));
    // "Settlers & Combat": a Settler that is the only Army block in a Fort or Town area
    // with an Apache block is reduced to 0 at once, before any combat.
    for a in 0..s.stat.map.areas.len() {
        let army = s.side_in(a, ARMY);
        if army.len() == 1
            && s.blocks[army[0]].kind == BlockKind::Settler
            && !s.side_in(a, APACHE).is_empty()
            && (s.stat.is(a, FORT) || s.stat.is(a, TOWN))
        {
            let b = army[0];
            let lost = i32::from(s.blocks[b].sp);
            s.blocks[b].revealed = true;
            s.blocks[b].sp = 0;
            s.blocks[b].status = Status::Out;
            s.reveals += 1;
            let vp = lost * s.stat.tables.vp_army_sp_lost.value;
            s.vp[usize::from(APACHE)] += vp;
            log.push(LogEntry::public(format!(
                "The Settler is alone with Apache blocks in {}: reduced to 0, {lost} SP lost, +{vp} Apache VP (§8.0 \"Settlers & Combat\")",
                s.stat.id(a)
            )));
        }
    }
    next_area(s, log);
}

/// Continue the Combat Phase: if no area is left, score Victory Points.
fn next_area(s: &mut State, log: &mut Vec<LogEntry>) {
    s.fight = None;
    s.pending = Pending::None;
    if contested(s).is_empty() {
        victory_points(s, log);
    }
}

/// Every area starts with the Apache player's retreat decision, even without a Leader
/// there (then `stay` is the only choice): skipping it would tell the Army player that
/// no Apache Leader is among the hidden blocks.
fn begin_area(s: &mut State, _log: &mut [LogEntry]) {
    s.pending = Pending::Retreat;
}

/// A retreat before combat that stands: every Apache block in the area is forced to the
/// Reservation; +2 Army VP per SP at once; no combat there (§8.0).
fn retreat_before_combat(s: &mut State, log: &mut Vec<LogEntry>) {
    let area = s.fight.as_ref().map_or(0, |f| f.area);
    let mut sp = 0;
    for b in s.side_in(area, APACHE) {
        sp += i32::from(s.blocks[b].sp);
        s.blocks[b].status = Status::Out;
    }
    let vp = sp * s.stat.tables.vp_apache_sp_forced.value;
    s.vp[usize::from(ARMY)] += vp;
    log.push(LogEntry::public(format!(
        "The Apache blocks in {} retreat before combat and count as forced to the Reservation: {sp} SP, +{vp} Army VP (§8.0)",
        s.stat.id(area)
    )));
    close_area(s, log);
}

/// After the retreat step: capture lone Leaders, then the ambush step.
fn after_retreat_step(s: &mut State, log: &mut Vec<LogEntry>) {
    let area = s.fight.as_ref().map_or(0, |f| f.area);
    // Leaders without non-Leader blocks, alone with enemy non-Leader blocks, are
    // captured (§8.0 "Capture of Leaders").
    for side in [APACHE, ARMY] {
        let mine = s.side_in(area, side);
        let theirs = s.side_in(area, other(side));
        let alone = mine.iter().all(|&b| s.blocks[b].kind == BlockKind::Leader);
        let enemy_units = theirs
            .iter()
            .any(|&b| s.blocks[b].kind != BlockKind::Leader);
        if alone && enemy_units {
            for b in mine {
                s.blocks[b].revealed = true;
                s.blocks[b].status = Status::Out;
                s.reveals += 1;
                if side == APACHE {
                    let v = i32::from(s.blocks[b].value);
                    s.vp[usize::from(ARMY)] += v;
                    log.push(LogEntry::public(format!(
                        "{} is alone with Army blocks in {} and is captured: +{v} Army VP (§8.0, §9.0)",
                        shown(s, b, ARMY),
                        s.stat.id(area)
                    )));
                } else {
                    log.push(LogEntry::public(format!(
                        "{} is alone with Apache blocks in {} and is captured; it returns to its pool (§8.0)",
                        shown(s, b, APACHE),
                        s.stat.id(area)
                    )));
                }
            }
        }
    }
    if s.side_in(area, APACHE).is_empty() || s.side_in(area, ARMY).is_empty() {
        close_area(s, log);
        return;
    }
    // Ambush: both reveal everything; the higher Leader total ambushes (§8.0).
    let mut shown_list = vec![];
    for b in s.in_area(area).collect::<Vec<_>>() {
        s.blocks[b].revealed = true;
        let k = &s.blocks[b];
        shown_list.push(if k.kind.fights() {
            format!("{} {} {}SP", k.handle, k.name, k.sp)
        } else {
            format!("{} {}", k.handle, k.name)
        });
    }
    s.reveals += 1;
    log.push(LogEntry::public(format!(
        "Both players reveal their blocks in {}: {}",
        s.stat.id(area),
        shown_list.join(", ")
    )));
    let (ap, ar) = (
        leadership(s, area, APACHE, true),
        leadership(s, area, ARMY, true),
    );
    let why = format!(
        "ambush Leader totals: Apache {ap}{}, Army {ar}{} (§8.0)",
        if s.stat.mountainous(area) {
            " (+1 each for the Mountain boundary)"
        } else {
            ""
        },
        if settler_in(s, area) {
            " (-1 each for the Settler)"
        } else {
            ""
        }
    );
    let ambusher = match ap.cmp(&ar) {
        std::cmp::Ordering::Greater => Some(APACHE),
        std::cmp::Ordering::Less => Some(ARMY),
        std::cmp::Ordering::Equal => None,
    };
    if let Some(f) = s.fight.as_mut() {
        f.ambusher = ambusher;
    }
    match ambusher {
        Some(side) => {
            log.push(LogEntry::public(format!(
                "{why}: {} ambushes",
                side_name(s, side)
            )));
            s.pending = Pending::Lead { side };
            skip_idle_leads(s, log);
        }
        None => {
            log.push(LogEntry::public(format!("{why}: equal, no ambush")));
            start_regular(s, log);
        }
    }
}

fn settler_in(s: &State, area: usize) -> bool {
    s.side_in(area, ARMY)
        .iter()
        .any(|&b| s.blocks[b].kind == BlockKind::Settler)
}

/// A Leader's value in combat: Apache +1 in an ambush in a mountainous area; Army -1
/// (not below 0) with the Settler (§8.0).
fn leader_value(s: &State, area: usize, l: Bid, ambush: bool) -> i32 {
    let k = &s.blocks[l];
    let t = &s.stat.tables;
    let mut v = i32::from(k.value);
    if k.side() == APACHE && ambush && s.stat.mountainous(area) {
        v += t.mountain_bonus.value;
    }
    if k.side() == ARMY && settler_in(s, area) {
        v = (v - t.settler_penalty.value).max(0);
    }
    v
}

/// Total Leader value of a side in an area.
pub fn leadership(s: &State, area: usize, side: u8, ambush: bool) -> i32 {
    s.side_in(area, side)
        .into_iter()
        .filter(|&b| s.blocks[b].kind == BlockKind::Leader)
        .map(|l| leader_value(s, area, l, ambush))
        .sum()
}

fn start_regular(s: &mut State, log: &mut Vec<LogEntry>) {
    let area = s.fight.as_ref().map_or(0, |f| f.area);
    if s.sp_in(area, APACHE) == 0 || s.sp_in(area, ARMY) == 0 {
        close_area(s, log);
        return;
    }
    if let Some(f) = s.fight.as_mut() {
        f.regular = true;
        f.leads.clear();
    }
    log.push(LogEntry::public(format!(
        "Regular combat in {}: both sides fire at once (§8.0)",
        s.stat.id(area)
    )));
    s.pending = Pending::Lead { side: APACHE };
    skip_idle_leads(s, log);
}

/// A side with no Leader that could lead a block has nothing to decide before its dice
/// are rolled: fire at once.
fn skip_idle_leads(s: &mut State, log: &mut Vec<LogEntry>) {
    for _ in 0..3 {
        let Pending::Lead { side } = s.pending else {
            return;
        };
        let Some(area) = s.fight.as_ref().map(|f| f.area) else {
            return;
        };
        let blocks = s.side_in(area, side);
        let can_lead = blocks
            .iter()
            .any(|&b| s.blocks[b].kind == BlockKind::Leader)
            && blocks
                .iter()
                .any(|&b| s.blocks[b].kind.fights() && s.blocks[b].sp > 0);
        if can_lead {
            return;
        }
        fire(s, log);
    }
}

/// Roll one die per SP for each firing block of `side`; a modified 6 or more hits.
fn roll_side(s: &mut State, side: u8, ambush: bool, log: &mut Vec<LogEntry>) -> u32 {
    let Some(f) = s.fight.clone() else { return 0 };
    let need = s.stat.tables.hit.value;
    let mut hits = 0;
    for b in s.side_in(f.area, side) {
        let k = &s.blocks[b];
        if !k.kind.fights() || k.sp == 0 {
            continue;
        }
        let lead = f.leads.iter().find(|x| x.1 == b).map(|x| x.0);
        let m = lead.map_or(0, |l| leader_value(s, f.area, l, ambush));
        let mut dice = vec![];
        let mut h = 0;
        for _ in 0..k.sp {
            let d = s.dice.d6();
            dice.push(d.to_string());
            if i32::from(d) + m >= need {
                h += 1;
            }
        }
        s.reveals += 1;
        hits += h;
        log.push(LogEntry::public(format!(
            "{} fires {} dice{}: {} -> {h} hit(s) (6+ hits, §8.0)",
            shown(s, b, other(side)),
            s.blocks[b].sp,
            match lead {
                Some(l) => format!(" +{m} from {}", s.blocks[l].name),
                None => String::new(),
            },
            dice.join(", ")
        )));
    }
    hits
}

fn fire(s: &mut State, log: &mut Vec<LogEntry>) {
    let Some(f) = s.fight.clone() else { return };
    let Pending::Lead { side } = s.pending else {
        return;
    };
    if !f.regular {
        // Ambush: only the ambusher fires (§8.0).
        let hits = roll_side(s, side, true, log);
        if let Some(f) = s.fight.as_mut() {
            f.hits[usize::from(other(side))] = hits;
            f.taking = [None, None];
        }
        leader_death(s, f.area, log);
        s.pending = Pending::None;
        take_losses(s, log);
        return;
    }
    if side == APACHE {
        s.pending = Pending::Lead { side: ARMY };
        skip_idle_leads(s, log);
        return;
    }
    // Regular combat: both sides have assigned Leaders; roll both, then apply.
    let a_hits = roll_side(s, APACHE, false, log);
    let b_hits = roll_side(s, ARMY, false, log);
    if let Some(f) = s.fight.as_mut() {
        f.hits = [b_hits, a_hits];
        f.taking = [None, None];
    }
    leader_death(s, f.area, log);
    s.pending = Pending::None;
    take_losses(s, log);
}

/// Optional rules 11.1 and 11.2: each Leader in a resolved ambush or regular combat
/// rolls d6 + value; at or under the threshold it is killed for the rest of the game.
fn leader_death(s: &mut State, area: usize, log: &mut Vec<LogEntry>) {
    let o = s.stat.scenario.options.clone();
    for l in s.in_area(area).collect::<Vec<_>>() {
        let k = s.blocks[l];
        if k.kind != BlockKind::Leader {
            continue;
        }
        let (on, limit) = if k.side() == APACHE {
            (o.apache_leader_death, s.stat.tables.apache_death.clone())
        } else {
            (o.army_leader_death, s.stat.tables.army_death.clone())
        };
        if !on {
            continue;
        }
        let d = s.dice.d6();
        s.reveals += 1;
        let total = i32::from(d) + i32::from(k.value);
        let dies = total <= limit.value;
        if dies {
            s.blocks[l].status = Status::Gone;
        }
        log.push(LogEntry::public(format!(
            "{} {}: d6 {d} + {} = {total} {} {} ({})",
            k.name,
            if dies { "dies" } else { "survives" },
            k.value,
            if dies { "<=" } else { ">" },
            limit.value,
            if k.side() == APACHE {
                "§11.1"
            } else {
                "§11.2"
            }
        )));
    }
}

/// Apply pending hits: the strongest block takes hits until eliminated, then the next;
/// among tied strongest blocks the firer chooses in an ambush, the owner in regular
/// combat (§8.0; see docs/reconstructions-wind.md).
fn take_losses(s: &mut State, log: &mut Vec<LogEntry>) {
    let Some(mut f) = s.fight.clone() else { return };
    for victim in [APACHE, ARMY] {
        let vi = usize::from(victim);
        while f.hits[vi] > 0 {
            let target = match f.taking[vi] {
                Some(b) if s.blocks[b].sp > 0 && s.blocks[b].area() == Some(f.area) => b,
                _ => {
                    let top = strongest(s, f.area, victim);
                    match top.len() {
                        0 => {
                            f.hits[vi] = 0;
                            break;
                        }
                        1 => top[0],
                        _ => {
                            let chooser = if f.regular { victim } else { other(victim) };
                            s.fight = Some(f);
                            s.pending = Pending::Loss { victim, chooser };
                            return;
                        }
                    }
                }
            };
            f.taking[vi] = Some(target);
            let take = f.hits[vi].min(u32::from(s.blocks[target].sp));
            s.blocks[target].sp -= take as u8;
            f.hits[vi] -= take;
            let (who, per) = if victim == ARMY {
                (APACHE, s.stat.tables.vp_army_sp_lost.value)
            } else {
                (ARMY, s.stat.tables.vp_apache_sp_lost.value)
            };
            let vp = per * take as i32;
            s.vp[usize::from(who)] += vp;
            let gone = s.blocks[target].sp == 0;
            if gone {
                s.blocks[target].status = Status::Out;
                f.taking[vi] = None;
            }
            log.push(LogEntry::public(format!(
                "{} loses {take} SP{} (+{vp} {} VP, §8.0, §9.0)",
                shown(s, target, other(victim)),
                if gone {
                    " and is eliminated".to_string()
                } else {
                    format!(", now {}", s.blocks[target].sp)
                },
                side_name(s, who)
            )));
        }
    }
    s.fight = Some(f.clone());
    if f.regular {
        close_area(s, log);
        return;
    }
    // After an ambush: a weaker ambusher may retreat; else regular combat (§8.0).
    let amb = f.ambusher.unwrap_or(ARMY);
    let (mine, theirs) = (s.sp_in(f.area, amb), s.sp_in(f.area, other(amb)));
    if mine > 0 && theirs > 0 && mine < theirs {
        log.push(LogEntry::public(format!(
            "The ambusher has {mine} SP left against {theirs}: it may retreat to an adjacent area (§8.0)"
        )));
        s.pending = Pending::Withdraw;
    } else {
        start_regular(s, log);
    }
}

fn close_area(s: &mut State, log: &mut Vec<LogEntry>) {
    if let Some(f) = &s.fight {
        s.resolved.push(f.area);
        log.push(LogEntry::public(format!(
            "Combat in {} is completed",
            s.stat.id(f.area)
        )));
    }
    next_area(s, log);
}

// -------------------------------------------------------------------------------------
// Victory Points and turn end (§9.0, §10.0)
// -------------------------------------------------------------------------------------

fn victory_points(s: &mut State, log: &mut Vec<LogEntry>) {
    let t = s.stat.tables.clone();
    let mut forced_sp = 0;
    // Areas with both sides: a lower Apache Leader total forces the Apache blocks to the
    // Reservation and the Apache Leaders are captured (§9.0; no Mountain bonus).
    for a in 0..s.stat.map.areas.len() {
        let apache = s.side_in(a, APACHE);
        if apache.is_empty() || s.side_in(a, ARMY).is_empty() {
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

fn finish(s: &mut State, log: &mut Vec<LogEntry>) {
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
    s.result = Some(Outcome {
        winner,
        scores: s.levels.to_vec(),
        summary,
    });
}
