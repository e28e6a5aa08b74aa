//! Computer players for any ruleset, over the rules core's interface only.
//!
//! The search never reads the true state beyond what its seat may know: each iteration
//! starts from [`Knowledge::determinize`], a world consistent with the seat's view with
//! fresh dice (so future rolls are sampled, never read), and the legal actions of the
//! seat to act (which that seat sees anyway). This slice is determinized flat Monte
//! Carlo with UCB1 at the root (a one-level information-set search): each iteration
//! samples a world, plays one root action, a depth-limited random rollout, and scores the
//! end with the ruleset's evaluation. Per-ruleset knowledge (determinization, evaluation)
//! lives beside each ruleset, not in the search.

use super::dice::Dice;
use super::game::{Rules, Seat};
use rand::{Rng, RngCore};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;

/// What the search needs to know about a ruleset.
pub trait Knowledge: Rules {
    /// A state consistent with everything `seat` may see of `state`, with hidden parts
    /// drawn from `rng` (never copied from the true state) and fresh dice. The default
    /// suits games without hidden information: the same state with new dice.
    fn determinize(state: &Self::State, seat: Seat, rng: &mut ChaCha8Rng) -> Self::State {
        let _ = seat;
        let mut s = state.clone();
        *Self::dice(&mut s) = Dice::new(rng.next_u64());
        s
    }

    /// How good `state` is for `seat`, from 0 (lost) to 1 (won). The default scores a
    /// finished game by its result and a running one by the score difference.
    fn evaluate(state: &Self::State, seat: Seat) -> f64 {
        if let Some(o) = Self::outcome(state) {
            return match o.winner {
                Some(w) if w == seat => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        let sc = Self::scores(state);
        let mine = sc.get(usize::from(seat)).copied().unwrap_or(0);
        let best_other = sc
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != usize::from(seat))
            .map(|(_, v)| *v)
            .max()
            .unwrap_or(0);
        squash(f64::from(mine - best_other) / 5.0)
    }
}

/// Map a real number to (0, 1), 0 to 0.5.
pub fn squash(x: f64) -> f64 {
    0.5 + 0.5 * x.tanh()
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A uniformly random legal action.
    Random,
    /// The action whose immediate result evaluates best (one sampled world each).
    Greedy,
    /// Determinized Monte Carlo search at a strength level (1-5).
    Search {
        /// Level: 1 is fastest; each level doubles the iterations.
        level: u8,
    },
}

impl Player {
    /// Iterations of the search at this level.
    pub fn iterations(self) -> u32 {
        match self {
            Player::Search { level } => 32 << u32::from(level.clamp(1, 5) - 1),
            _ => 0,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => write!(f, "random"),
            Player::Greedy => write!(f, "greedy"),
            Player::Search { level } => write!(f, "ai:{level}"),
        }
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            "ai" => Ok(Player::Search { level: 2 }),
            _ => {
                let level = s
                    .strip_prefix("ai:")
                    .and_then(|l| l.parse::<u8>().ok())
                    .filter(|l| (1..=5).contains(l))
                    .ok_or_else(|| {
                        format!("'{s}': a player is random, greedy, ai or ai:LEVEL (1-5)")
                    })?;
                Ok(Player::Search { level })
            }
        }
    }
}

/// Most actions a rollout plays before the position is evaluated.
pub const ROLLOUT_DEPTH: usize = 40;

/// Choose an action for the seat to act, or `None` when the game is over. The same
/// state, player and `rng` state always give the same action.
pub fn choose<R: Knowledge>(
    state: &R::State,
    player: Player,
    rng: &mut ChaCha8Rng,
) -> Option<R::Action> {
    let seat = R::to_act(state)?;
    let legal = R::legal_actions(state);
    if legal.len() <= 1 {
        return legal.into_iter().next();
    }
    match player {
        Player::Random => {
            let i = rng.random_range(0..legal.len());
            legal.into_iter().nth(i)
        }
        Player::Greedy => {
            let mut best: Option<(f64, usize)> = None;
            for (i, a) in legal.iter().enumerate() {
                let mut s = R::determinize(state, seat, rng);
                let v = match R::apply(&mut s, a) {
                    Ok(_) => R::evaluate(&s, seat),
                    Err(_) => 0.0,
                };
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, i));
                }
            }
            best.and_then(|(_, i)| legal.into_iter().nth(i))
        }
        Player::Search { .. } => {
            let n = legal.len();
            let mut visits = vec![0u32; n];
            let mut total = vec![0f64; n];
            for it in 0..player.iterations().max(n as u32) {
                // UCB1: each action once, then balance value and exploration.
                let i = if (it as usize) < n {
                    it as usize
                } else {
                    let ln = f64::from(it).ln();
                    (0..n)
                        .max_by(|&a, &b| {
                            let ua = total[a] / f64::from(visits[a])
                                + (2.0 * ln / f64::from(visits[a])).sqrt();
                            let ub = total[b] / f64::from(visits[b])
                                + (2.0 * ln / f64::from(visits[b])).sqrt();
                            ua.total_cmp(&ub)
                        })
                        .unwrap_or(0)
                };
                let mut s = R::determinize(state, seat, rng);
                let v = if R::apply(&mut s, &legal[i]).is_ok() {
                    rollout::<R>(&mut s, rng);
                    R::evaluate(&s, seat)
                } else {
                    0.0
                };
                visits[i] += 1;
                total[i] += v;
            }
            let best = (0..n).max_by(|&a, &b| {
                visits[a]
                    .cmp(&visits[b])
                    .then(total[a].total_cmp(&total[b]))
                    .then(b.cmp(&a))
            })?;
            legal.into_iter().nth(best)
        }
    }
}

/// Play random legal actions for at most [`ROLLOUT_DEPTH`] steps. A third of the time
/// the rollout ends the phase or passes when it may, so that a short rollout reaches
/// the fights and the scoring instead of shuffling pieces within one phase.
fn rollout<R: Knowledge>(s: &mut R::State, rng: &mut ChaCha8Rng) {
    for _ in 0..ROLLOUT_DEPTH {
        if R::to_act(s).is_none() {
            return;
        }
        let legal = R::legal_actions(s);
        if legal.is_empty() {
            return;
        }
        let closing = legal.iter().position(|a| {
            let t = a.to_string();
            t == "end" || t == "pass"
        });
        let a = match closing {
            Some(i) if rng.random_range(0..3) == 0 => &legal[i],
            _ => &legal[rng.random_range(0..legal.len())],
        };
        if R::apply(s, a).is_err() {
            return;
        }
    }
}

/// Play a whole game with one player per seat, from `state` to its end or `max`
/// actions.
pub fn play_game<R: Knowledge>(
    state: &mut R::State,
    players: &[Player],
    rng: &mut ChaCha8Rng,
    max: usize,
) -> Result<super::game::Playout, super::error::RuleError> {
    let mut n = 0;
    let mut trace = super::game::TurnTrace::new::<R>(state);
    while n < max {
        let Some(seat) = R::to_act(state) else { break };
        let p = players
            .get(usize::from(seat))
            .copied()
            .unwrap_or(Player::Random);
        let Some(a) = choose::<R>(state, p, rng) else {
            break;
        };
        R::apply(state, &a).map_err(|e| {
            super::error::RuleError::new(format!("{p} chose '{a}', which was refused: {e}"))
        })?;
        trace.after::<R>(state);
        n += 1;
    }
    Ok(super::game::Playout {
        actions: n,
        outcome: R::outcome(state),
        turns: R::turn(state),
        trace: trace.finish::<R>(state),
    })
}
