//! Strategic games that spawn tactical battles. A [`Campaign`] ruleset says when a
//! battle of another ruleset must be fought and how its result folds back;
//! [`Nested`] is then itself a [`Rules`] whose state holds the campaign and the battle
//! in progress, so sessions, saves, replays, undo, views and the CLI work unchanged.
//!
//! While a battle is on, only battle actions are legal; they are written with the prefix
//! `battle:` (`battle: fire a1 R 0604`). When the battle ends, its outcome is handed to
//! [`Campaign::battle_result`] and the campaign goes on.

use super::ai::{Knowledge, result_value};
use super::dice::Dice;
use super::error::RuleError;
use super::game::{ActionKind, Level, LogEntry, Outcome, Rules, Seat, Seats};
use super::session::GameId;
use rand::RngCore;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::marker::PhantomData;
use std::str::FromStr;

/// A strategic ruleset that hosts battles of the ruleset `Battle`.
pub trait Campaign: Rules {
    /// The tactical ruleset.
    type Battle: Rules;
    /// The battle that must be fought now, if the campaign state calls for one.
    fn battle_to_fight(state: &Self::State) -> Option<<Self::Battle as Rules>::State>;
    /// Fold a finished battle back into the campaign; returns log lines.
    fn battle_result(
        state: &mut Self::State,
        battle: &<Self::Battle as Rules>::State,
        outcome: &Outcome,
    ) -> Vec<LogEntry>;
    /// The campaign seat that plays a battle seat.
    fn battle_seat(state: &Self::State, battle_seat: Seat) -> Seat;
}

/// A campaign with the battle in progress, if any.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct NestedState<C: Campaign> {
    /// The strategic state.
    pub campaign: C::State,
    /// The battle being fought.
    pub battle: Option<<C::Battle as Rules>::State>,
}

impl<C: Campaign> Clone for NestedState<C> {
    fn clone(&self) -> Self {
        Self {
            campaign: self.campaign.clone(),
            battle: self.battle.clone(),
        }
    }
}

impl<C: Campaign> fmt::Debug for NestedState<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NestedState")
            .field("campaign", &self.campaign)
            .field("battle", &self.battle)
            .finish()
    }
}

impl<C: Campaign> PartialEq for NestedState<C> {
    fn eq(&self, other: &Self) -> bool {
        self.campaign == other.campaign && self.battle == other.battle
    }
}

impl<C: Campaign> NestedState<C> {
    /// Start a campaign (a battle may be due at once).
    pub fn new(campaign: C::State) -> Self {
        let battle = C::battle_to_fight(&campaign);
        Self { campaign, battle }
    }
}

/// An action of a nested game: a campaign action, or a battle action (`battle: ...`).
pub enum NestedAction<C: Campaign> {
    /// A strategic action.
    Campaign(C::Action),
    /// A tactical action in the battle in progress.
    Battle(<C::Battle as Rules>::Action),
}

impl<C: Campaign> Clone for NestedAction<C> {
    fn clone(&self) -> Self {
        match self {
            Self::Campaign(a) => Self::Campaign(a.clone()),
            Self::Battle(a) => Self::Battle(a.clone()),
        }
    }
}

impl<C: Campaign> fmt::Debug for NestedAction<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Campaign(a) => write!(f, "Campaign({a:?})"),
            Self::Battle(a) => write!(f, "Battle({a:?})"),
        }
    }
}

impl<C: Campaign> PartialEq for NestedAction<C> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Campaign(a), Self::Campaign(b)) => a == b,
            (Self::Battle(a), Self::Battle(b)) => a == b,
            _ => false,
        }
    }
}

impl<C: Campaign> fmt::Display for NestedAction<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Campaign(a) => write!(f, "{a}"),
            Self::Battle(a) => write!(f, "battle: {a}"),
        }
    }
}

impl<C: Campaign> FromStr for NestedAction<C> {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().strip_prefix("battle:") {
            Some(rest) => rest.trim().parse().map(Self::Battle),
            None => s.parse().map(Self::Campaign),
        }
    }
}

/// What a seat sees of a nested game: its campaign view and, during a battle, its
/// battle view.
#[derive(Serialize)]
pub struct NestedView<C: Campaign> {
    /// The campaign view.
    pub campaign: C::View,
    /// The battle view (for the battle seat this campaign seat plays).
    pub battle: Option<<C::Battle as Rules>::View>,
}

/// The ruleset of a campaign with nested battles.
pub struct Nested<C>(PhantomData<C>);

impl<C: Campaign> Nested<C> {
    /// Apply an action at its level; `listed`: it was just taken from this state's legal
    /// actions, so each level may skip re-checking it ([`Rules::apply_listed`]).
    fn apply_as(
        state: &mut NestedState<C>,
        action: &NestedAction<C>,
        listed: bool,
    ) -> Result<Vec<LogEntry>, RuleError> {
        match (action, state.battle.as_mut()) {
            (NestedAction::Battle(a), Some(b)) => {
                let mut log = if listed {
                    <C::Battle as Rules>::apply_listed(b, a)?
                } else {
                    <C::Battle as Rules>::apply(b, a)?
                };
                // A battle line seen only by some battle seats is seen by the campaign
                // seats that play them, and no others.
                for e in &mut log {
                    if let Some(seats) = e.visible_to {
                        e.visible_to = Some(Seats::of(
                            seats.iter().map(|bs| C::battle_seat(&state.campaign, bs)),
                        ));
                    }
                }
                if let Some(outcome) = <C::Battle as Rules>::outcome(b) {
                    let finished = state.battle.take().expect("battle in progress");
                    log.extend(C::battle_result(&mut state.campaign, &finished, &outcome));
                    state.battle = C::battle_to_fight(&state.campaign);
                }
                Ok(log)
            }
            (NestedAction::Campaign(a), None) => {
                let log = if listed {
                    C::apply_listed(&mut state.campaign, a)?
                } else {
                    C::apply(&mut state.campaign, a)?
                };
                state.battle = C::battle_to_fight(&state.campaign);
                Ok(log)
            }
            (NestedAction::Battle(_), None) => Err(RuleError::new("no battle is being fought")),
            (NestedAction::Campaign(_), Some(_)) => Err(RuleError::new(
                "finish the battle first (battle actions start with 'battle:')",
            )),
        }
    }

    fn battle_seat_of(state: &NestedState<C>, seat: Seat) -> Option<Seat> {
        let b = state.battle.as_ref()?;
        (0..<C::Battle as Rules>::seats(b)).find(|&bs| C::battle_seat(&state.campaign, bs) == seat)
    }
}

impl<C: Campaign> Rules for Nested<C>
where
    C::Action: 'static,
    C::Battle: GameId,
{
    type State = NestedState<C>;
    type Action = NestedAction<C>;
    type View = NestedView<C>;

    fn legal_actions(state: &Self::State) -> Vec<Self::Action> {
        match &state.battle {
            Some(b) => <C::Battle as Rules>::legal_actions(b)
                .into_iter()
                .map(NestedAction::Battle)
                .collect(),
            None => C::legal_actions(&state.campaign)
                .into_iter()
                .map(NestedAction::Campaign)
                .collect(),
        }
    }

    fn apply(state: &mut Self::State, action: &Self::Action) -> Result<Vec<LogEntry>, RuleError> {
        Self::apply_as(state, action, false)
    }

    /// The level being played decides: a battle action only during a battle, a
    /// campaign action only between battles.
    fn allows_unlisted(state: &Self::State, action: &Self::Action) -> bool {
        match (action, &state.battle) {
            (NestedAction::Battle(a), Some(b)) => <C::Battle as Rules>::allows_unlisted(b, a),
            (NestedAction::Campaign(a), None) => C::allows_unlisted(&state.campaign, a),
            _ => false,
        }
    }

    fn apply_listed(
        state: &mut Self::State,
        action: &Self::Action,
    ) -> Result<Vec<LogEntry>, RuleError> {
        Self::apply_as(state, action, true)
    }

    fn to_act(state: &Self::State) -> Option<Seat> {
        match &state.battle {
            Some(b) => <C::Battle as Rules>::to_act(b).map(|s| C::battle_seat(&state.campaign, s)),
            None => C::to_act(&state.campaign),
        }
    }

    fn outcome(state: &Self::State) -> Option<Outcome> {
        C::outcome(&state.campaign)
    }

    fn view(state: &Self::State, seat: Seat) -> Self::View {
        let battle = state.battle.as_ref().and_then(|b| {
            Self::battle_seat_of(state, seat).map(|bs| <C::Battle as Rules>::view(b, bs))
        });
        NestedView {
            campaign: C::view(&state.campaign, seat),
            battle,
        }
    }

    fn seats(state: &Self::State) -> u8 {
        C::seats(&state.campaign)
    }

    fn seat_name(state: &Self::State, seat: Seat) -> String {
        C::seat_name(&state.campaign, seat)
    }

    /// The campaign's role: a battle's sides are the campaign seats' for its length.
    fn role(state: &Self::State, seat: Seat) -> Option<String> {
        C::role(&state.campaign, seat)
    }

    fn turn(state: &Self::State) -> u32 {
        C::turn(&state.campaign)
    }

    fn dice(state: &mut Self::State) -> &mut Dice {
        match state.battle.as_mut() {
            Some(b) => <C::Battle as Rules>::dice(b),
            None => C::dice(&mut state.campaign),
        }
    }

    fn reveals(state: &Self::State) -> u64 {
        C::reveals(&state.campaign)
            + state
                .battle
                .as_ref()
                .map_or(0, <C::Battle as Rules>::reveals)
    }

    fn probe(state: &Self::State, key: &str) -> Option<String> {
        match key.strip_prefix("battle.") {
            Some(k) => state
                .battle
                .as_ref()
                .and_then(|b| <C::Battle as Rules>::probe(b, k)),
            None if key == "in_battle" => Some(state.battle.is_some().to_string()),
            None => C::probe(&state.campaign, key),
        }
    }

    fn scores(state: &Self::State) -> Vec<i32> {
        C::scores(&state.campaign)
    }

    /// The strategic clock in the high bits; during a battle, one more than the
    /// battle's clock in the low 24, so every battle turn is a new tick.
    fn clock(state: &Self::State) -> u64 {
        (C::clock(&state.campaign) << 24)
            + state
                .battle
                .as_ref()
                .map_or(0, |b| 1 + (<C::Battle as Rules>::clock(b) & 0xFF_FFFF))
    }

    fn action_kind(action: &Self::Action) -> ActionKind {
        match action {
            NestedAction::Campaign(a) => C::action_kind(a),
            NestedAction::Battle(a) => <C::Battle as Rules>::action_kind(a),
        }
    }

    fn step(action: &Self::Action) -> Option<(String, String)> {
        match action {
            NestedAction::Campaign(a) => C::step(a),
            NestedAction::Battle(a) => <C::Battle as Rules>::step(a),
        }
    }

    /// During a battle, the battle's pieces; else the campaign's.
    fn moves_left(state: &Self::State, piece: &str) -> Option<i64> {
        match &state.battle {
            Some(b) => <C::Battle as Rules>::moves_left(b, piece),
            None => C::moves_left(&state.campaign, piece),
        }
    }

    fn opening_log(state: &Self::State) -> Vec<LogEntry> {
        C::opening_log(&state.campaign)
    }

    /// A seat's secrets at both levels: the campaign's, and the battle's for the
    /// battle seat it plays (a seat not in the battle is kept from every battle seat's
    /// secrets).
    fn secrets(state: &Self::State, seat: Seat) -> Vec<String> {
        let mut out = C::secrets(&state.campaign, seat);
        if let Some(b) = &state.battle {
            match Self::battle_seat_of(state, seat) {
                Some(bs) => out.extend(<C::Battle as Rules>::secrets(b, bs)),
                None => {
                    for bs in 0..<C::Battle as Rules>::seats(b) {
                        out.extend(<C::Battle as Rules>::secrets(b, bs));
                    }
                }
            }
        }
        out
    }

    fn level(state: &Self::State) -> Option<Level<'_>> {
        state.battle.as_ref().map(|b| Level {
            game: <C::Battle as GameId>::ID,
            state: b as &dyn std::any::Any,
            prefix: "battle: ",
        })
    }

    fn delegated(state: &Self::State, seat: Seat) -> Option<u8> {
        match state.battle {
            Some(_) => C::delegated(&state.campaign, seat),
            None => None,
        }
    }

    fn place_piece(state: &mut Self::State, id: &str, hex: Option<&str>) -> Result<(), String> {
        match state.battle.as_mut() {
            Some(b) => <C::Battle as Rules>::place_piece(b, id, hex),
            None => C::place_piece(&mut state.campaign, id, hex),
        }
    }
}

/// The computer player's knowledge of a campaign with nested battles: at each level,
/// that level's own knowledge. A sampled world samples the campaign for the seat and the
/// battle for the battle seat it plays (both with fresh dice, so no future roll is
/// read); during a battle the search weighs the battle by the battle's evaluation.
impl<C> Knowledge for Nested<C>
where
    C: Campaign + Knowledge,
    C::Battle: Knowledge + GameId,
    C::Action: 'static,
{
    fn determinize(state: &Self::State, seat: Seat, rng: &mut ChaCha8Rng) -> Self::State {
        let campaign = C::determinize(&state.campaign, seat, rng);
        let battle = state
            .battle
            .as_ref()
            .map(|b| match Self::battle_seat_of(state, seat) {
                Some(bs) => <C::Battle as Knowledge>::determinize(b, bs, rng),
                None => {
                    // A seat that plays no part in the battle never decides in it; its
                    // sample keeps the battle with fresh dice.
                    let mut b = b.clone();
                    *<C::Battle as Rules>::dice(&mut b) = Dice::new(rng.next_u64());
                    b
                }
            });
        NestedState { campaign, battle }
    }

    fn evaluate(state: &Self::State, seat: Seat) -> f64 {
        if let Some(o) = Self::outcome(state) {
            return result_value(&o, seat);
        }
        match (&state.battle, Self::battle_seat_of(state, seat)) {
            (Some(b), Some(bs)) => <C::Battle as Knowledge>::evaluate(b, bs),
            _ => C::evaluate(&state.campaign, seat),
        }
    }

    fn prior(state: &Self::State, action: &Self::Action) -> f64 {
        match (action, &state.battle) {
            (NestedAction::Battle(a), Some(b)) => <C::Battle as Knowledge>::prior(b, a),
            (NestedAction::Campaign(a), _) => C::prior(&state.campaign, a),
            _ => 1.0,
        }
    }

    fn rollout_depth() -> usize {
        C::rollout_depth()
    }

    fn rollouts_in(state: &Self::State) -> usize {
        match &state.battle {
            Some(b) => <C::Battle as Knowledge>::rollouts_in(b),
            None => C::rollouts_in(&state.campaign),
        }
    }

    fn worth(state: &Self::State, action: &Self::Action) -> bool {
        match (action, &state.battle) {
            (NestedAction::Battle(a), Some(b)) => <C::Battle as Knowledge>::worth(b, a),
            (NestedAction::Campaign(a), _) => C::worth(&state.campaign, a),
            _ => true,
        }
    }

    fn group(action: &Self::Action, out: &mut String) {
        match action {
            NestedAction::Battle(a) => <C::Battle as Knowledge>::group(a, out),
            NestedAction::Campaign(a) => C::group(a, out),
        }
    }
}
