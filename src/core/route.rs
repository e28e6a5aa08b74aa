//! Move by destination, for any ruleset whose moves are made step by step
//! ([`Rules::steps`](super::game::Rules::steps)): every place a piece can reach this move, and the steps that get it
//! there, found by searching the steps from a world the moving seat may see.
//!
//! The search runs on a world sampled from the seat's view ([`Knowledge::determinize`]:
//! hidden pieces drawn at random, fresh dice), never on the true state, so a route
//! shows nothing the seat may not see. The steps are then made one by one through the
//! rules (the shell submits them), and whatever interrupts them in the true game (a
//! reaction-fire window, a hidden unit revealed) stops the move there.

use super::ai::Knowledge;
use super::game::{ActionKind, Seat};
use rand::SeedableRng;
use std::collections::{BTreeMap, HashSet, VecDeque};
use std::hash::{Hash, Hasher};

/// A place a piece can reach, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// The destination, in notation (`0605`).
    pub to: String,
    /// The steps, in notation, first first.
    pub actions: Vec<String>,
    /// Where each step ends, in notation (the last is `to`): the path to draw.
    pub places: Vec<String>,
    /// Movement left on arrival, where the ruleset says ([`Rules::moves_left`](super::game::Rules::moves_left)).
    pub left: Option<i64>,
    /// On the way another seat may act (a reaction-fire window, say): the move stops
    /// there, and goes on only when the mover asks again. The search assumed that seat
    /// declined, to find the places beyond.
    pub interrupted: bool,
}

impl Route {
    /// Better than `other` for the same place: uninterrupted, then more movement left,
    /// then fewer steps.
    fn better_than(&self, other: &Route) -> bool {
        let key = |r: &Route| (!r.interrupted, r.left, std::cmp::Reverse(r.actions.len()));
        key(self) > key(other)
    }
}

/// A position to search on from: the world, the steps and places so far, and whether
/// another seat may act on the way there.
type Node<S> = (S, Vec<String>, Vec<String>, bool);

/// The most positions a search looks at (a guard; a hex board's move is far smaller).
pub const MAX_NODES: usize = 20_000;

/// Every place `piece` can reach by its steps while `seat` acts, with the best route to
/// each (uninterrupted, then most movement left, then fewest steps), in destination
/// order. Empty when `seat` is not to act. Where another seat may act on the way, the
/// search supposes it declines and marks the route [`Route::interrupted`].
pub fn routes<R: Knowledge>(state: &R::State, piece: &str, seat: Seat) -> Vec<Route> {
    if R::to_act(state) != Some(seat) {
        return vec![];
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x0520_7E5D);
    // Where the piece stands (the `ID.hex` or `ID.area` probe, where the ruleset has
    // one): a way out and back there is no destination.
    let id = piece.split(" with ").next().unwrap_or(piece);
    let here =
        R::probe(state, &format!("{id}.hex")).or_else(|| R::probe(state, &format!("{id}.area")));
    let start = R::determinize(state, seat, &mut rng);
    let mut seen: HashSet<u64> = HashSet::new();
    let mut best: BTreeMap<String, Route> = BTreeMap::new();
    let mut queue: VecDeque<Node<R::State>> = VecDeque::from([(start, vec![], vec![], false)]);
    let mut nodes = 0;
    while let Some((s, path, via, stopped)) = queue.pop_front() {
        for (a, to) in R::steps(&s, piece) {
            let mut next = s.clone();
            if R::apply_listed(&mut next, &a).is_err() {
                continue;
            }
            nodes += 1;
            let mut actions = path.clone();
            actions.push(a.to_string());
            let mut places = via.clone();
            places.push(to.clone());
            // Another seat may act here: suppose it declines, to see beyond.
            let mut asked = false;
            for _ in 0..8 {
                match R::to_act(&next) {
                    Some(other) if other != seat => {
                        asked = true;
                        let decline = R::legal_actions(&next)
                            .into_iter()
                            .find(|d| R::action_kind(d) == ActionKind::Decline);
                        match decline {
                            Some(d) if R::apply(&mut next, &d).is_ok() => {}
                            _ => break,
                        }
                    }
                    _ => break,
                }
            }
            let can_go_on = R::to_act(&next) == Some(seat) && R::outcome(&next).is_none();
            let r = Route {
                to: to.clone(),
                actions: actions.clone(),
                places: places.clone(),
                left: R::moves_left(&next, piece),
                interrupted: stopped || asked,
            };
            // Two ways to the same place with the same movement left, both stopped or
            // both not, go on alike: only the first (the fewest steps) is searched on.
            // (Hashing the whole position instead cost seconds on a large board.)
            let mut h = std::collections::hash_map::DefaultHasher::new();
            (&r.to, r.left, r.interrupted).hash(&mut h);
            let key = h.finish();
            if here.as_deref() != Some(to.as_str())
                && best.get(&to).is_none_or(|b| r.better_than(b))
            {
                best.insert(to, r);
            }
            if can_go_on && nodes < MAX_NODES && seen.insert(key) {
                queue.push_back((next, actions, places, stopped || asked));
            }
        }
    }
    best.into_values().collect()
}
