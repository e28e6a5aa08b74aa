//! Looking back through a game already played, for any ruleset: the replay viewer and
//! "since your last turn". A [`Replay`] walks the positions of a session's history
//! (position `k` is the game after its first `k` actions, [`GameSession::rewound`]).
//!
//! Seen through one seat, it stops only at the positions where that seat's view or its
//! log changed: the steps between them (another seat's hidden moves, its declined
//! windows, whose turn it was) show nothing that seat may see, and showing them one by
//! one would let it count them. The full view (every position, every seat's pieces) is
//! allowed only once the game is over.

use super::game::Seat;
use super::session::GameSession;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// A walk through positions `start..=end` of a session's history.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The seat whose view is shown, or `None` for the full view (a finished game).
    pub seat: Option<Seat>,
    /// The first position (the game as the seat last left it, or the start).
    pub start: usize,
    /// The last position (the game as it stands).
    pub end: usize,
    /// The position shown now.
    pub pos: usize,
    /// Per position: a digest of what the seat sees there.
    seen: HashMap<usize, u64>,
}

/// Why a replay cannot be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// The full view was asked for while the game is still being played.
    FullViewBeforeTheEnd,
    /// The seat is not one of the game's.
    NoSuchSeat(Seat),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::FullViewBeforeTheEnd => {
                write!(f, "the full view is shown only once the game is over")
            }
            Self::NoSuchSeat(s) => write!(f, "this game has no seat {s}"),
        }
    }
}

impl Replay {
    /// A replay of the whole game, from its start, seen through `seat` (or, for a
    /// finished game only, in full with `None`). It opens at the start.
    pub fn whole(session: &dyn GameSession, seat: Option<Seat>) -> Result<Self, ReplayError> {
        match seat {
            None if session.outcome().is_none() => return Err(ReplayError::FullViewBeforeTheEnd),
            Some(s) if s >= session.seats() => return Err(ReplayError::NoSuchSeat(s)),
            _ => {}
        }
        Ok(Self {
            seat,
            start: 0,
            end: session.history().len(),
            pos: 0,
            seen: HashMap::new(),
        })
    }

    /// What `seat` has not seen: the positions since its own last action (from the
    /// start if it has not acted), seen through its view. `None` when its view and its
    /// log have not changed since (nothing to catch up on).
    pub fn since_last_turn(session: &dyn GameSession, seat: Seat) -> Option<Self> {
        if seat >= session.seats() {
            return None;
        }
        let start = session
            .actors()
            .iter()
            .rposition(|a| *a == Some(seat))
            .map_or(0, |i| i + 1);
        let mut r = Self {
            seat: Some(seat),
            start,
            end: session.history().len(),
            pos: start,
            seen: HashMap::new(),
        };
        (r.steps(session) > 0).then_some(r)
    }

    /// A digest of what the seat sees at position `k`: its view and the log lines it
    /// may read. The full view sees every position as new.
    fn digest(&mut self, session: &dyn GameSession, k: usize) -> u64 {
        let Some(seat) = self.seat else {
            return k as u64;
        };
        if let Some(d) = self.seen.get(&k) {
            return *d;
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        if let Some((view, log_len)) = session.view_ron_at(k, seat) {
            view.hash(&mut h);
            // The log only grows, so the number of lines the seat may read tells
            // whether it gained one.
            let log = session.log();
            log[..log_len.min(log.len())]
                .iter()
                .filter(|l| l.visible(seat))
                .count()
                .hash(&mut h);
        }
        let d = h.finish();
        self.seen.insert(k, d);
        d
    }

    /// Whether position `k` is a step of this replay: the first one, or one where what
    /// the seat sees changed from the position before.
    fn is_step(&mut self, session: &dyn GameSession, k: usize) -> bool {
        k == self.start || self.digest(session, k) != self.digest(session, k - 1)
    }

    /// Go to the next step; `false` at the end. Positions that change nothing the seat
    /// sees are passed over.
    pub fn forward(&mut self, session: &dyn GameSession) -> bool {
        let mut k = self.pos;
        while k < self.end {
            k += 1;
            if self.is_step(session, k) {
                self.pos = k;
                return true;
            }
        }
        false
    }

    /// Go back to the previous step; `false` at the first.
    pub fn back(&mut self, session: &dyn GameSession) -> bool {
        let mut k = self.pos;
        while k > self.start {
            k -= 1;
            if self.is_step(session, k) {
                self.pos = k;
                return true;
            }
        }
        false
    }

    /// Go to the first step.
    pub fn to_start(&mut self) {
        self.pos = self.start;
    }

    /// Go to the last step (the game as it stands).
    pub fn to_end(&mut self, session: &dyn GameSession) {
        while self.forward(session) {}
    }

    /// Every step's position, in order (the first included).
    pub fn positions(&mut self, session: &dyn GameSession) -> Vec<usize> {
        (self.start..=self.end)
            .filter(|&k| self.is_step(session, k))
            .collect()
    }

    /// How many steps there are after the first.
    pub fn steps(&mut self, session: &dyn GameSession) -> usize {
        self.positions(session).len().saturating_sub(1)
    }

    /// The game at the position shown, to be drawn through [`Replay::seat`]'s view.
    pub fn shown(&self, session: &dyn GameSession) -> Option<Box<dyn GameSession>> {
        session.rewound(self.pos)
    }

    /// The action that led to the position shown, in notation, when the seat may read
    /// it: its own action, or any in the full view. Another seat's actions are told by
    /// the log lines the seat may read, never by their notation (which can name hidden
    /// pieces).
    pub fn last_action(&self, session: &dyn GameSession) -> Option<String> {
        let i = self.pos.checked_sub(1)?;
        let by = session.actors().get(i).copied().flatten();
        (self.seat.is_none() || (by.is_some() && by == self.seat))
            .then(|| session.history().get(i).cloned())
            .flatten()
    }
}
