//! The sequence of play (4): each player turn's Rally, Offensive Fire, Movement,
//! Defensive Fire, Advance Fire and Melee Phases (4A-4F), the Indian player first; the
//! Subsequent Routs that begin the Movement Phase (4C, 10J2); the end of a player turn
//! (4G), with the Breastworks built (16C) and the next Rally Phase's wounded Leaders,
//! abandoned trains and rally (12D1, 15B, 13B); the end of a game turn, when the grass
//! fires burn down (4 (3)); and the end of the battle after the last turn or when a side
//! has no units on the map (18).

use super::victory::finish;
use super::{leaders, morale, pack, works};
use crate::core::game::LogEntry;
use crate::games::rosebud::data::{Mode, Side};
use crate::games::rosebud::state::{Pending, Phase, State};

/// End the phase and begin the next (4): Rally, Offensive Fire, Movement, Defensive
/// Fire, Advance Fire, then the other player's turn; after the US player turn of the
/// last game turn the battle ends (18).
pub(super) fn end_phase(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    for u in &mut s.units {
        u.fired = false;
    }
    let who = |s: &State| format!("{:?}", s.phasing);
    match s.phase {
        Phase::Rally => {
            s.phase = Phase::OffensiveFire;
            log.push(LogEntry::public(format!(
                "The {} Offensive Fire Phase (4B)",
                who(s)
            )));
        }
        Phase::OffensiveFire => {
            s.phase = Phase::Movement;
            log.push(LogEntry::public(format!(
                "The {} Movement Phase (4C)",
                who(s)
            )));
            // 4C, 10J2: Routed units that failed to rally rout first.
            let r = s.stat.tables.rout.clone();
            for u in 0..s.units.len() {
                if s.side(u) == s.phasing
                    && s.hex(u).is_some()
                    && s.units[u].routed
                    && !s.units[u].pinned
                {
                    let left = if s.units[u].mode == Mode::Mounted {
                        r.subsequent_mounted
                    } else {
                        r.subsequent
                    };
                    s.pending.push(Pending::Rout {
                        unit: u,
                        left,
                        onward: false,
                    });
                }
            }
        }
        Phase::Movement => {
            for u in &mut s.units {
                u.spent = 0;
                u.moved = false;
            }
            for l in &mut s.leaders {
                l.spent = 0;
            }
            s.phase = Phase::DefensiveFire;
            log.push(LogEntry::public(format!(
                "The {:?} Defensive Fire Phase (4D)",
                s.phasing.other()
            )));
        }
        Phase::DefensiveFire => {
            s.phase = Phase::AdvanceFire;
            log.push(LogEntry::public(format!(
                "The {} Advance Fire Phase (4E)",
                who(s)
            )));
        }
        Phase::AdvanceFire => {
            s.phase = Phase::Melee;
            log.push(LogEntry::public(format!("The {} Melee Phase (4F)", who(s))));
        }
        Phase::Melee => {
            s.vacated.clear();
            log.extend(end_player_turn(s));
        }
        Phase::Over => {}
    }
    log
}

/// The end of a player turn (4G): the other player's turn, the next game turn, or the
/// end of the battle (18).
fn end_player_turn(s: &mut State) -> Vec<LogEntry> {
    let mut log = works::end_turn(s);
    for u in &mut s.units {
        u.spent = 0;
        u.moved = false;
        u.offensive = None;
        u.supplying = false;
        u.meleed = false;
        u.melee_at = None;
        u.charge = None;
        u.advance_at = None;
    }
    for l in &mut s.leaders {
        l.spent = 0;
    }
    let last = s.stat.tables.turns.count;
    if s.phasing == Side::Indian {
        s.phasing = Side::US;
        log.push(LogEntry::public(format!(
            "Turn {} ({}): the US player turn",
            s.turn,
            s.time(s.turn)
        )));
    } else if s.turn >= last {
        log.extend(finish(s, format!("Turn {last} ends the battle (18)")));
        return log;
    } else {
        log.extend(burn_down(s));
        s.turn += 1;
        s.phasing = Side::Indian;
        log.push(LogEntry::public(format!(
            "Turn {} ({}): the Indian player turn",
            s.turn,
            s.time(s.turn)
        )));
    }
    // 18: the battle also ends when one side has no units on the map.
    if s.turn > 1 {
        for side in [Side::US, Side::Indian] {
            let any =
                (0..s.units.len()).any(|u| s.side(u) == side && s.hex(u).is_some() && s.combat(u));
            if !any {
                log.extend(finish(
                    s,
                    format!("The {side:?} side has no units on the map (18)"),
                ));
                return log;
            }
        }
    }
    s.phase = Phase::Rally;
    log.push(LogEntry::public(format!(
        "The {:?} Rally Phase (4A)",
        s.phasing
    )));
    log.extend(leaders::rally_wounded(s));
    log.extend(pack::rally(s));
    log.extend(morale::rally(s));
    log
}

/// The end of a game turn (4 (3)): "Reduce all grass fire numbers by one, or remove any
/// grass fires that reach 0."
fn burn_down(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![];
    for (c, n) in &mut s.grass_fires {
        *n = n.saturating_sub(1);
        if *n == 0 {
            log.push(LogEntry::public(format!(
                "The grass fire at {} burns out (4)",
                s.stat.map.label(*c)
            )));
        }
    }
    s.grass_fires.retain(|&(_, n)| n > 0);
    log
}
