//! *Geronimo!*'s rules: who acts, the legal actions and `apply`, one file per part of
//! the rules: the Turn (`turn`), the US (`us`), the Indians (`indian`), combat
//! (`combat`) and the Shaman cards (`cards`). `apply` takes only what `legal` lists
//! (or [`allows_unlisted`] accepts) and changes nothing otherwise.

pub mod cards;
pub mod combat;
pub mod indian;
pub mod turn;
pub mod us;

pub use turn::begin_turn;

use super::action::Action;
use super::state::{Pending, Phase, Place, State, Step, Vid};
use crate::core::error::RuleError;
use crate::core::game::{LogEntry, Seat};

/// A player's name in the log ("Player 2").
pub fn name(_s: &State, seat: Seat) -> String {
    format!("Player {}", seat + 1)
}

/// A player's name with his part this Turn ("Player 2 (the US)").
pub fn who(s: &State, seat: Seat) -> String {
    if s.is_us(seat) {
        format!("{} (the US)", name(s, seat))
    } else {
        format!("{} (Indians)", name(s, seat))
    }
}

/// A public log line.
pub fn log_pub(text: impl Into<String>) -> LogEntry {
    LogEntry::public(text)
}

/// VP to (or from) the US player.
pub fn us_vp(s: &mut State, n: i32, log: &mut Vec<LogEntry>, why: &str) {
    let us = s.sides.us;
    seat_vp(s, us, n, log, why);
}

/// VP to (or from) a seat, with the reason.
pub fn seat_vp(s: &mut State, seat: Seat, n: i32, log: &mut Vec<LogEntry>, why: &str) {
    if n == 0 {
        return;
    }
    s.vp[usize::from(seat)] += n;
    log.push(log_pub(format!(
        "{} {} {} VP: {why}",
        who(s, seat),
        if n > 0 { "gains" } else { "loses" },
        n.abs()
    )));
}

/// A Village with no BP left and no War Party on the map is Extinct (7.42, 6.66).
pub fn extinct_check(s: &mut State, v: Vid, log: &mut Vec<LogEntry>) {
    if s.villages[v].bp <= 0 && !s.parties.iter().any(|p| p.village == v) && s.on_map(v) {
        make_extinct(s, v, log);
    }
}

/// 6.66: the Village is out of the game, its Chiefs with it; its controller loses
/// three VP.
pub fn make_extinct(s: &mut State, v: Vid, log: &mut Vec<LogEntry>) {
    s.villages[v].bp = 0;
    s.villages[v].place = Place::Extinct;
    s.parties.retain(|p| p.village != v);
    for c in 0..s.chiefs.len() {
        if s.stat.chiefs[c].village == v {
            s.chiefs[c] = super::state::ChiefStatus::Killed;
        }
    }
    log.push(log_pub(format!(
        "{} are Extinct (6.66)",
        s.stat.vdef(v).name
    )));
    let t = s.stat.tribe_of(v);
    if let Some(p) = s.holder(t) {
        seat_vp(s, p, -3, log, "a Village became Extinct (6.66)");
    }
    if !s.tribe_in_play(t) {
        for hand in &mut s.sides.tribes {
            hand.retain(|&x| x != t);
        }
    }
}

/// The seat that decides next.
pub fn to_act(s: &State) -> Option<Seat> {
    if s.result.is_some() {
        return None;
    }
    if let Some(p) = s.pending.last() {
        return Some(match p {
            Pending::Evade(f) | Pending::Ambush(f) => combat::defender_seat(s, f)?,
            Pending::Pursue(_) | Pending::React { .. } | Pending::Prison(_) => s.sides.us,
            Pending::Attrition(..) => s.sides.us,
            Pending::Stay(id) => s.party(*id).and_then(|p| s.controller(p.village))?,
            Pending::Treaty(o) => o.to,
            Pending::Finish { .. } => return None,
        });
    }
    match &s.phase {
        Phase::Deploy => Some(s.sides.us),
        Phase::Pick { order, at, .. } => order.get(*at).copied(),
        Phase::Rounds => match s.step {
            Step::Settle | Step::Rail => Some(s.sides.us),
            Step::Card | Step::Ops => Some(s.active),
        },
        Phase::Over => None,
    }
}

/// Every legal action now.
pub fn legal(s: &State) -> Vec<Action> {
    if s.result.is_some() {
        return vec![];
    }
    if let Some(p) = s.pending.last() {
        return match p {
            Pending::Evade(f) => combat::evade_actions(s, f),
            Pending::Pursue(_) => vec![Action::Pursue, Action::LetGo],
            Pending::Ambush(f) => combat::ambush_actions(s, f),
            Pending::React { trigger, tried } => us::react_actions(s, trigger, tried),
            Pending::Stay(_) => vec![Action::Stay, Action::Return],
            Pending::Treaty(_) => vec![Action::Accept, Action::Refuse],
            Pending::Prison(v) => indian::prison_actions(s, *v),
            Pending::Attrition(_, done) => s
                .columns
                .iter()
                .filter(|c| !done.contains(&c.id))
                .map(|c| Action::Attrit(format!("c{}", c.id)))
                .collect(),
            Pending::Finish { .. } => vec![],
        };
    }
    match &s.phase {
        Phase::Deploy => us::deploy_actions(s),
        Phase::Pick { first, .. } => {
            let mut v: Vec<Action> = turn::pickable(s)
                .into_iter()
                .filter(|&t| first.is_none() || !turn::alone(s, t))
                .map(|t| Action::Pick(s.stat.tribes[t].id.clone()))
                .collect();
            if first.is_some() || v.is_empty() {
                v.push(Action::PickDone);
            }
            v
        }
        Phase::Rounds => match s.step {
            Step::Settle => us::settle_actions(s),
            Step::Rail => us::rail_actions(s),
            Step::Card => cards::card_actions(s),
            Step::Ops => {
                if s.is_us(s.active) {
                    us::ops_actions(s)
                } else {
                    indian::ops_actions(s)
                }
            }
        },
        Phase::Over => vec![],
    }
}

/// Whether an action the list does not spell out is legal: other sizes of a Column or
/// War Party than the listed ones, and Treaty terms above the listed ten VP.
pub fn allows_unlisted(s: &State, a: &Action) -> bool {
    if !s.pending.is_empty() || s.result.is_some() {
        return false;
    }
    match (&s.phase, a) {
        (Phase::Deploy, Action::Deploy { .. }) => us::deploy_ok(s, a),
        (Phase::Rounds, Action::Form { .. } | Action::Reinforce { .. })
            if s.step == Step::Ops && s.is_us(s.active) =>
        {
            us::size_ok(s, a)
        }
        (Phase::Rounds, Action::Send { .. }) if s.step == Step::Ops && !s.is_us(s.active) => {
            indian::send_ok(s, a)
        }
        (Phase::Rounds, Action::Offer { .. }) if s.step == Step::Ops => indian::offer_ok(s, a),
        (Phase::Rounds, Action::Ally { .. }) if s.step == Step::Ops && !s.is_us(s.active) => {
            indian::ally_ok(s, a)
        }
        _ => false,
    }
}

/// Apply an action; refuse anything not legal, changing nothing.
pub fn apply(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    if !legal(s).contains(a) && !allows_unlisted(s, a) {
        return Err(RuleError::new(format!("'{a}' is not legal now")));
    }
    Ok(apply_listed(s, a))
}

/// Apply an action known to be legal.
pub fn apply_listed(s: &mut State, a: &Action) -> Vec<LogEntry> {
    let mut log = Vec::new();
    let seat = to_act(s).unwrap_or(0);
    match a {
        Action::Deploy { .. } | Action::Deployed => us::deploy(s, a, &mut log),
        Action::Pick(t) => {
            let t = s.stat.tribes.iter().position(|x| x.id == *t).unwrap_or(0);
            s.sides.tribes[usize::from(seat)].push(t);
            s.sides.revealed[t] = true;
            log.push(log_pub(format!(
                "{} chooses the {} as an Initial Tribe (3.32)",
                name(s, seat),
                s.stat.tribes[t].name
            )));
            let solo = turn::alone(s, t);
            let second = matches!(&s.phase, Phase::Pick { first: Some(_), .. });
            if solo || second {
                turn::next_picker(s, &mut log);
            } else if let Phase::Pick { first, .. } = &mut s.phase {
                *first = Some(t);
            }
        }
        Action::PickDone => turn::next_picker(s, &mut log),
        Action::Settle(_) | Action::Rail(_) => us::resources(s, a, &mut log),
        Action::Discard(_) | Action::Play { .. } => cards::play(s, seat, a, &mut log),
        Action::Move { .. }
        | Action::Attack { .. }
        | Action::Fort(_)
        | Action::Patrol(_)
        | Action::Reinforce { .. }
        | Action::Form { .. } => us::column_play(s, a, &mut log),
        Action::Relocate { .. }
        | Action::Raid { .. }
        | Action::Send { .. }
        | Action::Strike { .. } => indian::village_action(s, a, &mut log),
        Action::Ally { .. } => indian::ally(s, a, &mut log),
        Action::End => turn::end_round(s, &mut log),
        Action::Evade | Action::Stand | Action::Pursue | Action::LetGo | Action::Ambush => {
            combat::decide(s, a, &mut log)
        }
        Action::React(_) | Action::NoReact => us::react(s, a, &mut log),
        Action::Stay | Action::Return => indian::stay(s, a, &mut log),
        Action::Offer { .. } | Action::Accept | Action::Refuse => {
            indian::treaty(s, seat, a, &mut log)
        }
        Action::Imprison(_) | Action::Spare => indian::prison(s, a, &mut log),
        Action::Attrit(_) => us::attrit(s, a, &mut log),
    }
    run_automatic(s, &mut log);
    log
}

/// Carry out what needs no decision: the end of an interrupted action once its
/// Reaction is over.
fn run_automatic(s: &mut State, log: &mut Vec<LogEntry>) {
    loop {
        match s.pending.last() {
            Some(Pending::Finish { .. }) => {
                if let Some(Pending::Finish { trigger, stopped }) = s.pending.pop() {
                    indian::finish(s, &trigger, stopped, log);
                }
            }
            Some(Pending::Stay(_)) => {
                if !indian::settle_stay(s, log) {
                    break;
                }
            }
            _ => break,
        }
    }
}
