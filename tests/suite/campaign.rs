//! The core's campaign mechanism (a strategic game spawning tactical battles), with a
//! toy two-seat campaign whose battles are real Harvest the Wind games.

use crate::util::root;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use wargame::core::campaign::{Campaign, Nested, NestedAction, NestedState};
use wargame::core::dice::Dice;
use wargame::core::error::RuleError;
use wargame::core::game::{LogEntry, Outcome, Rules, Seat};
use wargame::games::harvest::{Harvest, setup};

/// Toy campaign: `raid` starts a battle, `end` ends the campaign.
struct Toy;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct ToyState {
    /// Campaign seat 0 plays battle seat 1 and the other way round.
    swapped: bool,
    raids: u32,
    raid_due: bool,
    points: Vec<i32>,
    over: bool,
    dice: Dice,
}

#[derive(Clone, Debug, PartialEq)]
enum ToyAction {
    Raid,
    End,
}

impl fmt::Display for ToyAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ToyAction::Raid => "raid",
            ToyAction::End => "end",
        })
    }
}

impl FromStr for ToyAction {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "raid" => Ok(ToyAction::Raid),
            "end" => Ok(ToyAction::End),
            o => Err(format!("unknown campaign action '{o}'")),
        }
    }
}

impl Rules for Toy {
    type State = ToyState;
    type Action = ToyAction;
    type View = Vec<i32>;
    fn legal_actions(s: &ToyState) -> Vec<ToyAction> {
        if s.over {
            vec![]
        } else if s.raids < 2 {
            vec![ToyAction::Raid, ToyAction::End]
        } else {
            vec![ToyAction::End]
        }
    }
    fn apply(s: &mut ToyState, a: &ToyAction) -> Result<Vec<LogEntry>, RuleError> {
        if !Self::legal_actions(s).contains(a) {
            return Err(RuleError::new("illegal"));
        }
        match a {
            ToyAction::Raid => {
                s.raids += 1;
                s.raid_due = true;
            }
            ToyAction::End => s.over = true,
        }
        Ok(vec![LogEntry::public(format!("campaign: {a}"))])
    }
    fn to_act(s: &ToyState) -> Option<Seat> {
        (!s.over).then_some(0)
    }
    fn outcome(s: &ToyState) -> Option<Outcome> {
        s.over
            .then(|| Outcome::decided(2, None, s.points.clone(), "campaign over"))
    }
    fn view(s: &ToyState, _: Seat) -> Vec<i32> {
        s.points.clone()
    }
    fn seats(_: &ToyState) -> u8 {
        2
    }
    fn seat_name(_: &ToyState, seat: Seat) -> String {
        format!("seat {seat}")
    }
    fn turn(s: &ToyState) -> u32 {
        s.raids
    }
    fn dice(s: &mut ToyState) -> &mut Dice {
        &mut s.dice
    }
    fn reveals(_: &ToyState) -> u64 {
        0
    }
    fn probe(s: &ToyState, key: &str) -> Option<String> {
        (key == "raids").then(|| s.raids.to_string())
    }
    fn scores(s: &ToyState) -> Vec<i32> {
        s.points.clone()
    }
    fn place_piece(_: &mut ToyState, _: &str, _: Option<&str>) -> Result<(), String> {
        Err("no pieces".into())
    }
}

impl Campaign for Toy {
    type Battle = Harvest;
    fn battle_to_fight(s: &ToyState) -> Option<wargame::games::harvest::state::State> {
        s.raid_due.then(|| {
            let l = setup::load_scenario_path(&root(), &root().join("tests/data/harvest/lab.ron"))
                .expect("lab loads");
            setup::initial_state(&l.stat, u64::from(s.raids), false)
        })
    }
    fn battle_result(
        s: &mut ToyState,
        _: &wargame::games::harvest::state::State,
        outcome: &Outcome,
    ) -> Vec<LogEntry> {
        s.raid_due = false;
        if let Some(w) = outcome.winner() {
            s.points[usize::from(w)] += 1;
        }
        vec![LogEntry::public(format!(
            "campaign: battle over, {}",
            outcome.summary
        ))]
    }
    fn battle_seat(s: &ToyState, battle_seat: Seat) -> Seat {
        if s.swapped {
            1 - battle_seat
        } else {
            battle_seat
        }
    }
}

type Game = Nested<Toy>;

fn new_game() -> NestedState<Toy> {
    NestedState::new(ToyState {
        swapped: false,
        raids: 0,
        raid_due: false,
        points: vec![0, 0],
        over: false,
        dice: Dice::new(1),
    })
}

#[test]
fn a_campaign_action_spawns_a_battle_that_runs_to_its_end_and_folds_back() {
    let mut s = new_game();
    assert_eq!(Game::probe(&s, "in_battle").as_deref(), Some("false"));
    Game::apply(&mut s, &"raid".parse().unwrap()).unwrap();
    assert_eq!(Game::probe(&s, "in_battle").as_deref(), Some("true"));
    // During the battle only battle actions are legal, written "battle: ...".
    let legal = Game::legal_actions(&s);
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, NestedAction::Battle(_)) && a.to_string().starts_with("battle: "))
    );
    assert!(
        Game::apply(&mut s, &"end".parse().unwrap()).is_err(),
        "campaign actions wait for the battle"
    );
    assert_eq!(
        Game::probe(&s, "battle.phase").as_deref(),
        Some("offensive_fire")
    );
    // Play the battle out with random legal actions; the campaign resumes afterwards.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut n = 0;
    while Game::probe(&s, "in_battle").as_deref() == Some("true") {
        let legal = Game::legal_actions(&s);
        let a = legal[rng.random_range(0..legal.len())].clone();
        let text = a.to_string();
        assert_eq!(
            text.parse::<NestedAction<Toy>>().unwrap(),
            a,
            "notation round-trips"
        );
        Game::apply(&mut s, &a).unwrap();
        n += 1;
        assert!(n < 100_000);
    }
    assert_eq!(Game::probe(&s, "raids").as_deref(), Some("1"));
    assert_eq!(Game::to_act(&s), Some(0));
    Game::apply(&mut s, &"end".parse().unwrap()).unwrap();
    assert!(Game::outcome(&s).is_some());
    // The whole nested state serializes and comes back equal.
    let text = ron::to_string(&s).unwrap();
    let back: NestedState<Toy> = ron::from_str(&text).unwrap();
    assert_eq!(back, s);
}

#[test]
fn views_during_a_battle_include_the_battle_view_of_that_seat() {
    let mut s = new_game();
    Game::apply(&mut s, &"raid".parse().unwrap()).unwrap();
    let v = Game::view(&s, 1);
    let battle = v.battle.expect("battle view");
    assert_eq!(battle.seat, 1);
    assert_eq!(v.campaign, vec![0, 0]);
}

#[test]
fn battle_log_lines_and_views_follow_the_seat_mapping_and_one_clock_ticks_at_both_levels() {
    let mut s = new_game();
    s.campaign.swapped = true;
    let start = Game::clock(&s);
    Game::apply(&mut s, &"raid".parse().unwrap()).unwrap();
    assert_ne!(Game::clock(&s), start, "a battle starting is a new tick");
    // Campaign seat 0 plays battle seat 1: its view of the battle is battle seat 1's.
    assert_eq!(Game::view(&s, 0).battle.expect("battle view").seat, 1);
    assert_eq!(Game::view(&s, 1).battle.expect("battle view").seat, 0);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let (mut private, mut n, mut ticks) = (0, 0, std::collections::BTreeSet::new());
    while let Some(b) = s.battle.clone() {
        let legal = Game::legal_actions(&s);
        let a = legal[rng.random_range(0..legal.len())].clone();
        let NestedAction::Battle(inner) = &a else {
            panic!("only battle actions during a battle")
        };
        // The battle's own lines, straight from its rules.
        let mut alone = b.clone();
        let raw = Harvest::apply(&mut alone, inner).unwrap();
        let mapped = Game::apply(&mut s, &a).unwrap();
        for (r, m) in raw.iter().zip(&mapped) {
            assert_eq!(r.text, m.text);
            match r.visible_to {
                None => assert!(m.visible_to.is_none()),
                Some(seats) => {
                    private += 1;
                    let want: Vec<Seat> = seats.iter().map(|x| 1 - x).collect();
                    let got: Vec<Seat> = m.visible_to.unwrap().iter().collect();
                    assert_eq!(got, want, "'{}' goes to the campaign seats", r.text);
                }
            }
        }
        // To act: the campaign seat of the battle seat to act.
        if s.battle.is_some() {
            ticks.insert(Game::clock(&s));
            assert_eq!(
                Game::to_act(&s),
                s.battle.as_ref().and_then(Harvest::to_act).map(|x| 1 - x)
            );
        }
        n += 1;
        assert!(n < 100_000);
    }
    assert!(private > 0, "the battle wrote no private line to check");
    assert!(
        ticks.len() > 1,
        "every battle turn is a tick of the campaign's clock"
    );
    assert_eq!(Game::turn(&s), 1, "reports still count campaign turns");
}
