//! Strategic games that spawn tactical battles. A [`Campaign`] ruleset says when a
//! battle of another ruleset must be fought and how its result folds back;
//! [`Nested`] is then itself a [`Rules`] whose state holds the campaign and the battle
//! in progress, so sessions, saves, replays, undo, views and the CLI work unchanged.
//!
//! While a battle is on, only battle actions are legal; they are written with the prefix
//! `battle:` (`battle: fire a1 R 0604`). When the battle ends, its outcome is handed to
//! [`Campaign::battle_result`] and the campaign goes on.

use super::dice::Dice;
use super::error::RuleError;
use super::game::{LogEntry, Outcome, Rules, Seat};
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
    fn battle_seat_of(state: &NestedState<C>, seat: Seat) -> Option<Seat> {
        let b = state.battle.as_ref()?;
        (0..<C::Battle as Rules>::seats(b)).find(|&bs| C::battle_seat(&state.campaign, bs) == seat)
    }
}

impl<C: Campaign> Rules for Nested<C>
where
    C::Action: 'static,
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
        match (action, state.battle.as_mut()) {
            (NestedAction::Battle(a), Some(b)) => {
                let mut log = <C::Battle as Rules>::apply(b, a)?;
                if let Some(outcome) = <C::Battle as Rules>::outcome(b) {
                    let finished = state.battle.take().expect("battle in progress");
                    log.extend(C::battle_result(&mut state.campaign, &finished, &outcome));
                    state.battle = C::battle_to_fight(&state.campaign);
                }
                Ok(log)
            }
            (NestedAction::Campaign(a), None) => {
                let log = C::apply(&mut state.campaign, a)?;
                state.battle = C::battle_to_fight(&state.campaign);
                Ok(log)
            }
            (NestedAction::Battle(_), None) => Err(RuleError::new("no battle is being fought")),
            (NestedAction::Campaign(_), Some(_)) => Err(RuleError::new(
                "finish the battle first (battle actions start with 'battle:')",
            )),
        }
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

    fn place_piece(state: &mut Self::State, id: &str, hex: Option<&str>) -> Result<(), String> {
        match state.battle.as_mut() {
            Some(b) => <C::Battle as Rules>::place_piece(b, id, hex),
            None => C::place_piece(&mut state.campaign, id, hex),
        }
    }
}
