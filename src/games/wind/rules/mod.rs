//! The rules of *Once We Moved Like the Wind* (seed 001): Provocation and forces (§6.0),
//! deployment, the two movement impulses with boundary costs, Leaders, block limits,
//! the border and reinforcements (§7.0), Rumors, combat area by area with retreat,
//! Scouts, ambush and regular combat (§8.0), Victory Points and Levels (§9.0) and the
//! turn end (§10.0), with the optional rules of §11.0. `legal` lists every action;
//! `apply` refuses anything else and changes nothing when it does.
//!
//! This module holds the seats, who acts, every legal action and `apply`; the sections
//! live in `deploy` (§6.0), `movement` (§7.0), `combat` (§8.0, with the optional rules
//! 11.1-11.2) and `victory` (§9.0, §10.0).

mod combat;
mod deploy;
mod movement;
mod victory;

pub use combat::{contested, leadership};
pub use deploy::{deploy_areas, deploy_strengths, place_forces, start_turn};
pub use movement::cost;

use super::action::Action;
use super::data::{BlockKind, Nation};
use super::state::{Bid, Fight, Pending, Phase, State, Status, US};
use crate::core::error::RuleError;
use crate::core::game::LogEntry;
use crate::core::sym::Sym;
use combat::{
    after_retreat_step, begin_area, close_area, combat_legal, decline_ambush, fire,
    retreat_before_combat, start_regular, take_losses,
};
use movement::{command_conflict, end_segment, followers, move_ok};

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
// Legal actions
// -------------------------------------------------------------------------------------

/// Whether a drawn block may stay off the map at deployment: an Apache Leader
/// "available for the turn may be placed" (§6.0 "Deployment"; see
/// docs/reconstructions-wind.md). Every other drawn block is placed.
fn optional_deploy(b: &super::state::Block) -> bool {
    b.nation == Nation::Apache && b.kind == BlockKind::Leader
}

/// Every legal action now.
pub fn legal(s: &State) -> Vec<Action> {
    let mut out = vec![];
    match s.phase {
        Phase::Over => {}
        Phase::Deploy => {
            // Each drawn block is deployed once (undo takes a deployment back); the
            // segment ends when every block is on the map, except Apache Leaders, which
            // "may be placed" (§6.0): those still off the map sit out the turn.
            let mut waiting = false;
            for b in 0..s.blocks.len() {
                let blk = &s.blocks[b];
                if blk.side() != s.side || blk.status != Status::Drawn {
                    continue;
                }
                waiting |= !optional_deploy(blk);
                let strengths: Vec<Option<u8>> = match deploy_strengths(s, b) {
                    Some(r) => r.map(Some).collect(),
                    None => vec![None],
                };
                for a in deploy_areas(s, b) {
                    for &sp in &strengths {
                        out.push(Action::Deploy {
                            block: blk.handle,
                            area: s.stat.id_sym(a),
                            sp,
                        });
                    }
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
            if !command_conflict(s) {
                out.push(Action::End);
            }
        }
        Phase::Combat => combat_legal(s, &mut out),
    }
    out
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
            .any(|b| b.side() == s.side && b.status == Status::Drawn && !optional_deploy(b)),
        (Phase::Move, Action::End) => !command_conflict(s),
        (Phase::Deploy, Action::Deploy { block, area, sp }) => {
            let Some(to) = s.stat.area(area) else {
                return false;
            };
            s.blocks.iter().enumerate().any(|(b, k)| {
                k.side() == s.side
                    && k.status == Status::Drawn
                    && *k.handle == **block
                    && match (deploy_strengths(s, b), sp) {
                        (Some(r), Some(v)) => r.contains(v),
                        (None, None) => true,
                        _ => false,
                    }
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
    // An Army Leader's party move with a subset of the blocks it could take along is
    // legal though not listed (§7.0 "Leaders"): judged here by the same rules.
    let subset_move = !listed
        && matches!(a, Action::Move { block, area, with }
            if !with.is_empty()
                && s.stat.area(area).is_some_and(|to| party_may_move(s, block, to, with)));
    if s.phase == Phase::Move && *a == Action::End && command_conflict(s) {
        return Err(RuleError::new(
            "the two US Senior Leaders may not end a Movement Impulse in the same area: move one of them on first (§7.0 \"Command Conflict\")",
        ));
    }
    if let (Phase::Deploy, Action::Deploy { block, sp, .. }) = (s.phase, a)
        && let Some(b) = s.find(block)
        && s.blocks[b].side() == s.side
        && s.blocks[b].status == Status::Drawn
    {
        match (deploy_strengths(s, b), sp) {
            (Some(r), None) => {
                return Err(RuleError::new(format!(
                    "{block} needs a starting strength, {}-{}: the pool's SP from the Provocation Chart are split among its blocks (§3.0, §6.0), e.g. 'deploy {block} AREA {}'",
                    r.start(),
                    r.end(),
                    r.end()
                )));
            }
            (Some(r), Some(v)) if !r.contains(v) => {
                return Err(RuleError::new(format!(
                    "{block} may start at {}-{} SP: the rest of its pool's strength must still give every block to deploy 1 to its maximum (§3.0, §6.0)",
                    r.start(),
                    r.end()
                )));
            }
            (None, Some(_)) => {
                return Err(RuleError::new(format!(
                    "{block} starts at a fixed strength: deploy it without one (§6.0)"
                )));
            }
            _ => {}
        }
    }
    if !listed && !subset_move {
        // A move refused by a rule says which rule.
        if let (Phase::Move, Action::Move { block, area, with }) = (s.phase, a)
            && let (Some(b), Some(to)) = (s.find(block), s.stat.area(area))
            && s.blocks[b].side() == s.side
        {
            let party: Vec<Bid> = with.iter().filter_map(|h| s.find(h)).collect();
            move_ok(s, b, to, &party).map_err(RuleError::new)?;
        }
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

/// Whether the Army Leader `leader` may cross into `to` now taking exactly `with`
/// along: any subset of the blocks it could take (§7.0 "Leaders"), as [`apply`] accepts
/// such a move though [`legal`] lists only the whole party. Only the Army moves in
/// parties (an Apache block, a Rumor included, moves alone), only in its own Movement
/// Impulse, only with its own Leader, and each block goes along once.
pub fn party_may_move(s: &State, leader: &str, to: usize, with: &[Sym]) -> bool {
    if s.phase != Phase::Move || s.side != ARMY || to_act(s) != Some(ARMY) {
        return false;
    }
    let Some(b) = s.find(leader) else {
        return false;
    };
    let l = &s.blocks[b];
    if l.side() != ARMY || l.kind != BlockKind::Leader || l.area().is_none() {
        return false;
    }
    let Some(party) = with.iter().map(|h| s.find(h)).collect::<Option<Vec<Bid>>>() else {
        return false;
    };
    let mut distinct = party.clone();
    distinct.sort_unstable();
    distinct.dedup();
    let allowed = followers(s, b, to);
    !party.is_empty()
        && distinct.len() == party.len()
        && !party.contains(&b)
        && party.iter().all(|x| allowed.contains(x))
        && move_ok(s, b, to, &party).is_ok()
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
        Action::Deploy { block, area, sp } => {
            let b = bid(s, block)?;
            let to = area_id(s, area)?;
            s.blocks[b].status = Status::Map(to);
            if let Some(sp) = sp {
                s.blocks[b].sp = *sp;
            }
            // The strength is the owner's secret: only his own line gives it.
            log.push(LogEntry::private(
                s.side,
                format!(
                    "{} deployed to {area}{}",
                    shown(s, b, s.side),
                    sp.map_or(String::new(), |v| format!(" at {v} SP"))
                ),
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
            // In handle order: the Army Leader leads the party in the notation, but the
            // line every seat reads must not tell which block it is (issue 28).
            let mut names: Vec<String> = std::iter::once(b)
                .chain(party.iter().copied())
                .map(|p| s.blocks[p].handle.to_string())
                .collect();
            names.sort_by(|x, y| (x.len(), x).cmp(&(y.len(), y)));
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
            // The retreat that goes ahead shows the Army what it did not know (the
            // retreating blocks' strength): a reveal, so it cannot be undone to reveal
            // the Scout instead (issue 28).
            s.reveals += 1;
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
        Action::Decline => decline_ambush(s, &mut log),
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
