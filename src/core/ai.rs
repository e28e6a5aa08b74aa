//! Computer players for any ruleset, over the rules core's interface only.
//!
//! The search never reads the true state beyond what its seat may know: each iteration
//! starts from [`Knowledge::determinize`], a world consistent with the seat's view with
//! fresh dice (so future rolls are sampled, never read), and the legal actions of the
//! seat to act (which that seat sees anyway). The search is single-observer
//! information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012): each
//! iteration samples a world, descends a tree of the AI seat's information sets by UCB
//! among the actions legal in that world (availability-counted), choosing first a group
//! of actions and then an action within it, expands one node, plays a prior-weighted
//! rollout, and scores the end with the ruleset's evaluation for every seat. Chance is
//! explicit in the fresh dice of every sampled world. Per-ruleset knowledge
//! (determinization, evaluation, rollout prior, action groups) lives beside each
//! ruleset, not in the search.

use super::dice::Dice;
use super::game::{ActionKind, Rules, Seat};
use rand::{Rng, RngCore};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
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

    /// Whether every sampled world has exactly the legal actions of the true state (a
    /// game with nothing hidden, whose legal actions never read the dice): the search
    /// then applies the true state's actions in its worlds without checking each
    /// against the world's own list. The default checks.
    fn worlds_share_legal() -> bool {
        false
    }

    /// How good `state` is for `seat`, from 0 (lost) to 1 (won). The default scores a
    /// finished game by its result and a running one by the score difference.
    fn evaluate(state: &Self::State, seat: Seat) -> f64 {
        if let Some(o) = Self::outcome(state) {
            return result_value(&o, seat);
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

    /// How promising `action` looks for the seat to act in `state`: a cheap weight
    /// above 0. Rollouts draw actions in proportion to it, and the tree tries unvisited
    /// actions in its order. The default is uniform, except that ending a phase or
    /// passing weighs a little more, so rollouts reach fights and scoring.
    fn prior(state: &Self::State, action: &Self::Action) -> f64 {
        let _ = state;
        if Self::action_kind(action) == ActionKind::Play {
            1.0
        } else {
            2.0
        }
    }

    /// How many actions a rollout plays before the evaluation is applied. Where the
    /// evaluation already sees what matters (position, what is left to move) and random
    /// play within a phase mostly adds noise, a ruleset returns 0: the tree's leaves are
    /// evaluated directly.
    fn rollout_depth() -> usize {
        ROLLOUT_DEPTH
    }

    /// [`Knowledge::rollout_depth`] in a particular state: a ruleset with levels (a
    /// campaign with nested battles) answers for the level being played. The default
    /// is the same everywhere.
    fn rollouts_in(state: &Self::State) -> usize {
        let _ = state;
        Self::rollout_depth()
    }

    /// The iterations a search at a strength level runs, given the level's standard
    /// budget ([`Player::iterations`]). The default runs them all; a ruleset whose
    /// measured strength falls as its tree grows deeper may run fewer (`mcts:N` always
    /// runs exactly N).
    fn level_iterations(standard: u32) -> u32 {
        standard
    }

    /// Whether the search should consider `action` at all. Actions the rules allow but
    /// that cannot help (walking a unit with unlimited movement to and fro) only dilute
    /// the search; a ruleset may leave them out here. The search and rollouts keep every
    /// legal action when none is worth considering. At the root it is asked of the true
    /// state, so it must read only what the seat to act may see (its own pieces, as the
    /// legal actions do). The default considers everything.
    fn worth(state: &Self::State, action: &Self::Action) -> bool {
        let _ = (state, action);
        true
    }

    /// The actions the search weighs below its root: the legal actions filtered by
    /// [`Knowledge::worth`] (the default). A ruleset whose `worth` throws most of a
    /// large list away may generate the kept ones directly; it must give the same list.
    fn search_actions(state: &Self::State) -> Vec<Self::Action> {
        considered::<Self>(state, Self::legal_actions(state))
    }

    /// The group an action belongs to, for large move sets: the tree first chooses a
    /// group, then an action within it. The name is written into `out`, which is empty
    /// on entry (the search asks for thousands of names a decision and reuses one
    /// buffer). The default groups by the first two words of the notation (`move a3
    /// ...`: every move of one unit), which suits any ruleset whose notation starts with
    /// a verb and the piece it acts on.
    fn group(action: &Self::Action, out: &mut String) {
        use fmt::Write as _;
        // The writer refuses the rest once it has two words, which stops the
        // formatting early; that refusal is the expected end, not an error.
        let _ = write!(
            FirstWords {
                out,
                words: 0,
                in_word: false
            },
            "{action}"
        );
    }
}

/// A text sink that keeps the first two whitespace-separated words of what is written
/// to it, joined by one space (the default [`Knowledge::group`]), and refuses the rest.
struct FirstWords<'a> {
    out: &'a mut String,
    words: u8,
    in_word: bool,
}

impl fmt::Write for FirstWords<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            if c.is_whitespace() {
                if self.in_word {
                    self.in_word = false;
                    if self.words == 2 {
                        return Err(fmt::Error);
                    }
                }
                continue;
            }
            if !self.in_word {
                if self.words == 2 {
                    return Err(fmt::Error);
                }
                if self.words == 1 {
                    self.out.push(' ');
                }
                self.words += 1;
                self.in_word = true;
            }
            self.out.push(c);
        }
        Ok(())
    }
}

/// A finished game's value for `seat`: 1 won, 0 lost, ½ drawn; a rank `r` of `n`
/// seats is worth `(n - r) / (n - 1)`. Every evaluation scores finished games this way.
pub fn result_value(outcome: &super::game::Outcome, seat: Seat) -> f64 {
    use super::game::SeatResult;
    match outcome.result(seat) {
        SeatResult::Win => 1.0,
        SeatResult::Loss => 0.0,
        SeatResult::Draw => 0.5,
        SeatResult::Rank(r) => {
            let n = outcome.results.len().max(2) as f64;
            ((n - f64::from(r)) / (n - 1.0)).clamp(0.0, 1.0)
        }
    }
}

/// Map a real number to (0, 1), 0 to 0.5.
pub fn squash(x: f64) -> f64 {
    0.5 + 0.5 * x.tanh()
}

/// The level `ai` means, and the one the GUI offers first.
pub const DEFAULT_LEVEL: u8 = 2;

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
    /// The same search with an exact number of iterations (`mcts:N`), for tests,
    /// smoke runs and tuning.
    Iterations(u32),
}

impl Player {
    /// Iterations of the search at this level.
    pub fn iterations(self) -> u32 {
        match self {
            Player::Search { level } => 64 << u32::from(level.clamp(1, 5) - 1),
            Player::Iterations(n) => n.max(1),
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
            Player::Iterations(n) => write!(f, "mcts:{n}"),
        }
    }
}

impl FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            "ai" => Ok(Player::Search {
                level: DEFAULT_LEVEL,
            }),
            _ if s.starts_with("mcts:") => s["mcts:".len()..]
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=1_000_000).contains(n))
                .map(Player::Iterations)
                .ok_or_else(|| format!("'{s}': mcts:N takes 1 to 1000000 iterations")),
            _ => {
                let level = s
                    .strip_prefix("ai:")
                    .and_then(|l| l.parse::<u8>().ok())
                    .filter(|l| (1..=5).contains(l))
                    .ok_or_else(|| {
                        format!("'{s}': a player is random, greedy, ai, ai:LEVEL (1-5) or mcts:N")
                    })?;
                Ok(Player::Search { level })
            }
        }
    }
}

/// Most actions a rollout plays before the position is evaluated.
pub const ROLLOUT_DEPTH: usize = 20;

/// Exploration constant of UCB1 (rewards are in 0..1).
const EXPLORE: f64 = 0.7;

/// Weight of the root's progressive bias (see `Tree::seed_root`).
const BIAS: f64 = 1.0;

/// Choose an action for the seat to act, or `None` when the game is over. The same
/// state, player and `rng` state always give the same action.
pub fn choose<R: Knowledge>(
    state: &R::State,
    player: Player,
    rng: &mut ChaCha8Rng,
) -> Option<R::Action> {
    choose_among::<R>(state, player, rng, false)
}

/// [`choose`], where `worthwhile` also restricts a greedy player to the actions worth
/// considering ([`Knowledge::worth`]), as the search always is.
fn choose_among<R: Knowledge>(
    state: &R::State,
    player: Player,
    rng: &mut ChaCha8Rng,
    worthwhile: bool,
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
            let legal = if worthwhile {
                considered::<R>(state, legal)
            } else {
                legal
            };
            let worlds = legal
                .iter()
                .map(|_| R::determinize(state, seat, rng))
                .collect();
            let values = one_step::<R>(&legal, seat, Worlds::Each(worlds));
            // Ties are broken at random: taking the first best action let a greedy
            // player walk a unit with unlimited movement back and forth for ever.
            let top = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let best: Vec<usize> = (0..legal.len())
                .filter(|&i| values[i] >= top - 1e-12)
                .collect();
            let i = best[rng.random_range(0..best.len())];
            legal.into_iter().nth(i)
        }
        Player::Search { .. } | Player::Iterations(_) => {
            let legal = considered::<R>(state, legal);
            if legal.len() == 1 {
                return legal.into_iter().next();
            }
            let mut tree = Tree::<R>::new();
            tree.seed_root(state, seat, &legal, rng);
            let iterations = match player {
                Player::Search { .. } => R::level_iterations(player.iterations()).max(1),
                _ => player.iterations(),
            };
            for _ in 0..iterations {
                let mut s = R::determinize(state, seat, rng);
                tree.iterate(&mut s, &legal, rng);
            }
            if std::env::var_os("AI_DEBUG").is_some() {
                eprintln!(
                    "search: {} actions, {iterations} iterations, {} evaluations",
                    legal.len(),
                    tree.work
                );
            }
            tree.best().or_else(|| legal.into_iter().next())
        }
    }
}

/// The legal actions worth considering ([`Knowledge::worth`]), or all of them when none
/// is.
pub fn considered<R: Knowledge + ?Sized>(
    state: &R::State,
    legal: Vec<R::Action>,
) -> Vec<R::Action> {
    if legal.iter().all(|a| R::worth(state, a)) {
        return legal;
    }
    let kept: Vec<R::Action> = legal
        .iter()
        .filter(|a| R::worth(state, a))
        .cloned()
        .collect();
    if kept.is_empty() { legal } else { kept }
}

/// One edge of the search tree: an action, its group, and statistics for the seat that
/// chose it.
struct Child<A> {
    action: A,
    /// Index of [`Knowledge::group`] in the tree's list of group names.
    group: u32,
    prior: f64,
    visits: u32,
    /// Times the action was legal when its parent was reached (information-set UCB).
    avail: u32,
    total: f64,
    node: Option<usize>,
    /// Progressive bias (root only): the action's one-step evaluation, rescaled to 0..1
    /// over the root's actions; its weight fades as the action gathers visits.
    bias: f64,
}

/// A decision point of the seat to act, shared by every sampled world that reaches it by
/// the same actions (single-observer information-set MCTS).
struct Node<A> {
    children: Vec<Child<A>>,
}

/// Single-observer information-set Monte Carlo tree search with action grouping.
struct Tree<R: Knowledge> {
    nodes: Vec<Node<R::Action>>,
    /// Every group met so far, by number.
    groups: Groups,
    /// Evaluations made so far: one per action seeded, one per iteration's leaf.
    work: u64,
    /// The lowest and highest value backed up so far: UCB compares means rescaled to
    /// this range, so that an evaluation whose values crowd near 0.5 still separates
    /// actions against the exploration term (min-max normalisation).
    lo: f64,
    hi: f64,
}

impl<R: Knowledge> Tree<R> {
    fn new() -> Self {
        Self {
            nodes: vec![Node {
                children: Vec::new(),
            }],
            groups: Groups::default(),
            work: 0,
            lo: f64::INFINITY,
            hi: f64::NEG_INFINITY,
        }
    }

    /// Create the root's children with a progressive bias (Chaslot et al. 2008): each
    /// action's value one step ahead, in one sampled world, rescaled to 0..1. Early
    /// iterations follow it; the search's own means take over as visits grow, so a
    /// small budget plays at least as sensibly as the one-step evaluation.
    fn seed_root(
        &mut self,
        state: &R::State,
        seat: Seat,
        legal: &[R::Action],
        rng: &mut ChaCha8Rng,
    ) {
        let worlds = legal
            .iter()
            .map(|_| R::determinize(state, seat, rng))
            .collect();
        let values = one_step::<R>(legal, seat, Worlds::Each(worlds));
        self.nodes[0].children = self.make_children(state, legal, &values);
        self.work += legal.len() as u64;
    }

    /// One iteration in the sampled world `s`: descend by UCB over groups, then over the
    /// actions of the chosen group, among the actions legal in this world; expand one
    /// new node, roll out, and back the evaluation up to every edge on the path.
    fn iterate(&mut self, s: &mut R::State, root_legal: &[R::Action], rng: &mut ChaCha8Rng) {
        let mut node = 0usize;
        let mut path: Vec<(usize, usize, Seat)> = Vec::new();
        let mut expanded = false;
        while !expanded {
            let Some(seat) = R::to_act(s) else { break };
            let listed;
            let legal = if node == 0 {
                root_legal
            } else {
                listed = R::search_actions(s);
                &listed[..]
            };
            if legal.is_empty() {
                break;
            }
            let avail = self.mark_available(node, s, legal);
            let Some(ci) = self.select(node, &avail) else {
                break;
            };
            let c = &mut self.nodes[node].children[ci];
            // Below the root the actions were listed for this very world; the root's
            // come from the true state and are checked against the sampled one.
            let applied = if node == 0 {
                R::apply(s, &c.action)
            } else {
                R::apply_listed(s, &c.action)
            };
            if applied.is_err() {
                // Refused in this world (the root list is the true one): count it as a
                // loss for the chooser rather than stop the search.
                c.visits += 1;
                c.avail += 1;
                return;
            }
            path.push((node, ci, seat));
            match self.nodes[node].children[ci].node {
                Some(n) => node = n,
                None => {
                    let n = self.nodes.len();
                    self.nodes.push(Node {
                        children: Vec::new(),
                    });
                    self.nodes[node].children[ci].node = Some(n);
                    expanded = true;
                }
            }
        }
        rollout::<R>(s, rng);
        self.work += 1;
        let seats = R::seats(s);
        let values: Vec<f64> = (0..seats).map(|x| R::evaluate(s, x)).collect();
        for v in &values {
            self.lo = self.lo.min(*v);
            self.hi = self.hi.max(*v);
        }
        for (n, ci, seat) in path {
            let c = &mut self.nodes[n].children[ci];
            c.visits += 1;
            c.total += values.get(usize::from(seat)).copied().unwrap_or(0.5);
        }
    }

    /// Add the actions legal in this world that the node has not seen yet, count one
    /// availability for each legal child, and return the legal children's indices.
    fn mark_available(&mut self, node: usize, s: &R::State, legal: &[R::Action]) -> Vec<usize> {
        if node != 0 && self.nodes[node].children.is_empty() && R::rollouts_in(s) == 0 {
            // Without rollouts, a node reached for the first time is seeded the way the
            // root is: each action's one-step evaluation in this world, for the seat to
            // act, as a progressive bias. The search then follows forcing lines (move
            // in, end the phase, raze) instead of averaging over every sideways step.
            if let Some(seat) = R::to_act(s) {
                let values = one_step::<R>(legal, seat, Worlds::Here(s.clone()));
                self.work += legal.len() as u64;
                self.nodes[node].children = self.make_children(s, legal, &values);
            }
        }
        let Tree { nodes, groups, .. } = self;
        let children = &mut nodes[node].children;
        let mut out = Vec::with_capacity(legal.len());
        // Worlds list mostly the same actions in the same order, give or take a few:
        // look for each action from just after the last one found, wrapping round, so
        // matching a list costs about its length rather than its square.
        let mut next = 0usize;
        for a in legal {
            let n = children.len();
            let found = (0..n)
                .map(|k| (next + k) % n)
                .find(|&ci| children[ci].action == *a);
            let ci = match found {
                Some(ci) => ci,
                None => {
                    children.push(new_child::<R>(groups, s, a, 0.0));
                    children.len() - 1
                }
            };
            children[ci].avail += 1;
            out.push(ci);
            next = ci + 1;
        }
        out
    }

    /// UCB over the groups of the available children, then over the chosen group's
    /// children; unvisited entries first, the highest prior first.
    fn select(&self, node: usize, avail: &[usize]) -> Option<usize> {
        let ch = &self.nodes[node].children;
        // Group statistics over the available children.
        // group, visits, avail, total, best prior, best bias
        let mut groups: Vec<(u32, u32, u32, f64, f64, f64)> = Vec::new();
        for &ci in avail {
            let c = &ch[ci];
            match groups.iter_mut().find(|g| g.0 == c.group) {
                Some(g) => {
                    g.1 += c.visits;
                    g.2 = g.2.max(c.avail);
                    g.3 += c.total;
                    g.4 = g.4.max(c.prior);
                    g.5 = g.5.max(c.bias);
                }
                None => groups.push((c.group, c.visits, c.avail, c.total, c.prior, c.bias)),
            }
        }
        let (lo, span) = if self.hi > self.lo {
            (self.lo, self.hi - self.lo)
        } else {
            (0.0, 1.0)
        };
        let pick = |items: &mut dyn Iterator<Item = (u32, u32, f64, f64, f64)>| -> Option<usize> {
            let mut best: Option<(f64, usize)> = None;
            for (i, (visits, avail, total, prior, bias)) in items.enumerate() {
                let score = if visits == 0 {
                    1e9 + 100.0 * bias + prior
                } else {
                    BIAS * bias / f64::from(visits + 1)
                        + (total / f64::from(visits) - lo) / span
                        + EXPLORE * (f64::from(avail.max(1)).ln() / f64::from(visits)).sqrt()
                };
                if best.is_none_or(|(b, _)| score > b) {
                    best = Some((score, i));
                }
            }
            best.map(|(_, i)| i)
        };
        let g = pick(&mut groups.iter().map(|g| (g.1, g.2, g.3, g.4, g.5)))?;
        let name = groups[g].0;
        // Progressive widening: a group offers its members in the order of their prior,
        // one more each time its visits pass the next square.
        let mut members: Vec<usize> = avail
            .iter()
            .copied()
            .filter(|&ci| ch[ci].group == name)
            .collect();
        members.sort_by(|&a, &b| {
            (ch[b].bias + ch[b].prior)
                .total_cmp(&(ch[a].bias + ch[a].prior))
                .then(a.cmp(&b))
        });
        let width = 1 + f64::from(groups[g].1).sqrt() as usize;
        members.truncate(width);
        let m = pick(&mut members.iter().map(|&ci| {
            let c = &ch[ci];
            (c.visits, c.avail, c.total, c.prior, c.bias)
        }))?;
        members.get(m).copied()
    }

    /// Children for `legal` with their priors and progressive biases: `values`
    /// (one-step evaluations) rescaled to 0..1 over the node's actions.
    fn make_children(
        &mut self,
        s: &R::State,
        legal: &[R::Action],
        values: &[f64],
    ) -> Vec<Child<R::Action>> {
        let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let span = if hi > lo { hi - lo } else { 1.0 };
        legal
            .iter()
            .zip(values)
            .map(|(a, v)| new_child::<R>(&mut self.groups, s, a, (v - lo) / span))
            .collect()
    }

    /// The root decision, made the way the tree explored it: the most visited group,
    /// then its most visited action (ties: the better mean, then the higher prior).
    fn best(&self) -> Option<R::Action> {
        let ch = &self.nodes[0].children;
        let mean = |t: f64, n: u32| if n == 0 { 0.0 } else { t / f64::from(n) };
        // Nothing told the actions apart (every value the same): finish the phase or
        // pass rather than pick an arbitrary step, which could go on for ever where
        // the rules allow unlimited steps.
        let first = ch.first().map(|c| (mean(c.total, c.visits), c.bias));
        if ch.len() > 1
            && ch.iter().all(|c| {
                first.is_some_and(|(m, b)| {
                    (mean(c.total, c.visits) - m).abs() < 1e-12 && (c.bias - b).abs() < 1e-12
                })
            })
            && let Some(c) = ch
                .iter()
                .find(|c| R::action_kind(&c.action) != ActionKind::Play)
        {
            return Some(c.action.clone());
        }
        let mut groups: Vec<(u32, u32, f64)> = Vec::new();
        for c in ch {
            match groups.iter_mut().find(|g| g.0 == c.group) {
                Some(g) => {
                    g.1 += c.visits;
                    g.2 += c.total;
                }
                None => groups.push((c.group, c.visits, c.total)),
            }
        }
        let g = groups
            .iter()
            .max_by(|a, b| {
                a.1.cmp(&b.1)
                    .then(mean(a.2, a.1).total_cmp(&mean(b.2, b.1)))
            })?
            .0;
        if std::env::var_os("AI_DEBUG").is_some() {
            for c in ch.iter().filter(|c| c.visits > 0) {
                eprintln!(
                    "  {:<24} n={:<3} mean={:.4} prior={}",
                    c.action.to_string(),
                    c.visits,
                    mean(c.total, c.visits),
                    c.prior
                );
            }
        }
        ch.iter()
            .filter(|c| c.group == g)
            .max_by(|a, b| {
                a.visits
                    .cmp(&b.visits)
                    .then(mean(a.total, a.visits).total_cmp(&mean(b.total, b.visits)))
                    .then(a.prior.total_cmp(&b.prior))
            })
            .map(|c| c.action.clone())
    }
}

/// A new, unvisited child for `action` in state `s`, with its group, prior and
/// progressive bias.
fn new_child<R: Knowledge>(
    groups: &mut Groups,
    s: &R::State,
    action: &R::Action,
    bias: f64,
) -> Child<R::Action> {
    Child {
        group: groups.index_of::<R>(action),
        prior: R::prior(s, action).max(1e-6),
        action: action.clone(),
        visits: 0,
        avail: 0,
        total: 0.0,
        node: None,
        bias,
    }
}

/// Every group name met so far in one search and its number; children refer to groups
/// by number, so that the selection compares numbers, not text.
#[derive(Default)]
struct Groups {
    numbers: HashMap<String, u32>,
    /// The buffer [`Knowledge::group`] writes each name into: a name already known
    /// costs no allocation.
    name: String,
}

impl Groups {
    /// The number of `action`'s group, adding the group if new.
    fn index_of<R: Knowledge>(&mut self, action: &R::Action) -> u32 {
        self.name.clear();
        R::group(action, &mut self.name);
        if let Some(&n) = self.numbers.get(self.name.as_str()) {
            return n;
        }
        let next = u32::try_from(self.numbers.len()).unwrap_or(u32::MAX);
        self.numbers.insert(self.name.clone(), next);
        next
    }
}

/// The worlds a list of actions is valued in, which also decides whether applying one
/// must check it.
enum Worlds<S> {
    /// One state for every action, listed by `legal_actions` of that very state, so
    /// applying one needs no check.
    Here(S),
    /// One world per action, sampled from the true state whose actions they are; each
    /// is checked against its world.
    Each(Vec<S>),
}

/// Each action's one-step value for `seat`: applied to a copy of its world and evaluated
/// (0 if that world refuses it). Each value depends on its action and world alone, so a
/// large list is shared out among the helper threads ([`super::pool`]) with the same
/// result.
fn one_step<R: Knowledge>(legal: &[R::Action], seat: Seat, worlds: Worlds<R::State>) -> Vec<f64> {
    let value = move |mut w: R::State, a: &R::Action, listed: bool| {
        let applied = if listed {
            R::apply_listed(&mut w, a)
        } else {
            R::apply(&mut w, a)
        };
        match applied {
            Ok(_) => R::evaluate(&w, seat),
            Err(_) => 0.0,
        }
    };
    let n = legal.len();
    if n < super::pool::MIN_BATCH || super::pool::threads() < 2 {
        return match worlds {
            Worlds::Here(s) => legal.iter().map(|a| value(s.clone(), a, true)).collect(),
            Worlds::Each(ws) => legal
                .iter()
                .zip(ws)
                .map(|(a, w)| value(w, a, R::worlds_share_legal()))
                .collect(),
        };
    }
    let actions: std::sync::Arc<[R::Action]> = legal.into();
    match worlds {
        Worlds::Here(s) => super::pool::map(n, move |i| value(s.clone(), &actions[i], true)),
        Worlds::Each(ws) => {
            // Each world is used once: a slot hands it over without copying it.
            let slots: Vec<std::sync::Mutex<Option<R::State>>> = ws
                .into_iter()
                .map(|w| std::sync::Mutex::new(Some(w)))
                .collect();
            super::pool::map(n, move |i| {
                let w = slots
                    .get(i)
                    .and_then(|m| m.lock().ok().and_then(|mut w| w.take()));
                match w {
                    Some(w) => value(w, &actions[i], R::worlds_share_legal()),
                    None => 0.0,
                }
            })
        }
    }
}

/// Play at most [`Knowledge::rollout_depth`] actions, each drawn in proportion to the ruleset's
/// [`Knowledge::prior`].
fn rollout<R: Knowledge>(s: &mut R::State, rng: &mut ChaCha8Rng) {
    let mut weights = Vec::new();
    for _ in 0..R::rollouts_in(s) {
        if R::to_act(s).is_none() {
            return;
        }
        let legal = R::search_actions(s);
        if legal.is_empty() {
            return;
        }
        weights.clear();
        weights.extend(legal.iter().map(|a| R::prior(s, a).max(0.0)));
        let sum: f64 = weights.iter().sum();
        let i = if sum > 0.0 {
            let mut x = rng.random_range(0.0..sum);
            weights
                .iter()
                .position(|w| {
                    x -= w;
                    x < 0.0
                })
                .unwrap_or(legal.len() - 1)
        } else {
            rng.random_range(0..legal.len())
        };
        if R::apply_listed(s, &legal[i]).is_err() {
            return;
        }
    }
}

/// A safety net for whole games: after this many decisions by one computer seat
/// within one game turn (however the other seats' decisions interleave), it ends the phase or passes whenever it may. No shipped
/// scenario's turn needs nearly as many; a search that paces a unit to and fro where the
/// rules allow it for ever is stopped here instead of running into the action cap.
pub const STALL_GUARD: usize = 300;

/// The first legal action that ends the phase or declines a decision
/// ([`Rules::action_kind`]), if there is one now.
fn closing_action<R: Knowledge>(state: &R::State) -> Option<R::Action> {
    R::legal_actions(state)
        .into_iter()
        .find(|a| R::action_kind(a) != ActionKind::Play)
}

/// A computer seat's decision in a whole game: [`choose`], except that a searching or
/// greedy seat that has already made [`STALL_GUARD`] decisions in this game turn (`made`)
/// ends the phase or passes when it may. Where it may not (a unit passing through a
/// friend's hex must move on, and a mounted unit has no movement limit), a greedy seat
/// then keeps to the actions worth considering, as the search always does: greedy
/// walked a mounted unit between two friends' hexes for ever in some Reno's Defense
/// games.
pub fn decide<R: Knowledge>(
    state: &R::State,
    player: Player,
    rng: &mut ChaCha8Rng,
    made: usize,
) -> Option<R::Action> {
    let stalled = made >= STALL_GUARD && player != Player::Random;
    if stalled && let Some(a) = closing_action::<R>(state) {
        return Some(a);
    }
    choose_among::<R>(state, player, rng, stalled)
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
    // Decisions per seat in the current turn of the clock ([`Rules::clock`]): (tick,
    // count).
    let mut per_seat: Vec<(u64, usize)> = Vec::new();
    let mut moves = Vec::new();
    while n < max {
        let Some(seat) = R::to_act(state) else { break };
        let p = players
            .get(usize::from(seat))
            .copied()
            .unwrap_or(Player::Random);
        let turn = R::clock(state);
        if per_seat.len() <= usize::from(seat) {
            per_seat.resize(usize::from(seat) + 1, (0, 0));
        }
        let count = &mut per_seat[usize::from(seat)];
        if count.0 == turn {
            count.1 += 1;
        } else {
            *count = (turn, 1);
        }
        let Some(a) = decide::<R>(state, p, rng, count.1 - 1) else {
            // A seat must act but may do nothing: a rules bug, never an unfinished game.
            return Err(super::error::RuleError::new(format!(
                "no legal action although {} must act (turn {})",
                R::seat_name(state, seat),
                R::turn(state)
            )));
        };
        R::apply(state, &a).map_err(|e| {
            super::error::RuleError::new(format!("{p} chose '{a}', which was refused: {e}"))
        })?;
        trace.after::<R>(state);
        moves.push(a.to_string());
        n += 1;
    }
    let (trace, roles) = trace.finish_roles::<R>(state);
    Ok(super::game::Playout {
        actions: n,
        outcome: R::outcome(state),
        turns: R::turn(state),
        trace,
        roles,
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::FirstWords;
    use std::fmt::Write as _;

    /// The group name the default [`super::Knowledge::group`] wrote before it stopped
    /// allocating: the first two words of the text, joined by one space.
    fn old_group(t: &str) -> String {
        let mut w = t.split_whitespace();
        match (w.next(), w.next()) {
            (Some(a), Some(b)) => format!("{a} {b}"),
            (Some(a), None) => a.to_string(),
            _ => String::new(),
        }
    }

    #[test]
    fn first_two_words_match_the_split_on_whitespace() {
        for t in [
            "move a3 0816 0917",
            "end",
            "",
            "   ",
            "  fire  a6\tR  0716 opportunity",
            "enter i4 0101",
            "unhide 0709",
            "x y",
            "x y ",
        ] {
            let mut out = String::new();
            // Written in pieces, as a Display implementation writes.
            let mut w = FirstWords {
                out: &mut out,
                words: 0,
                in_word: false,
            };
            let _ = t
                .split_inclusive(' ')
                .try_for_each(|piece| w.write_str(piece));
            assert_eq!(out, old_group(t), "{t:?}");
        }
    }
}
