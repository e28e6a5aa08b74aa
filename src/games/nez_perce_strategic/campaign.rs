//! The strategic game as a ruleset, and as a [`Campaign`] whose contacts are fought as
//! tactical combats (`nez_perce_tactical`): each contact becomes a combat the players
//! set up (C2.2-C2.7) on the tactical map of the hex's terrain, seeded from the
//! campaign's dice, with the strategic units' lost counters left out and the campaign's
//! Lodge losses carried in (C4.3.4); its aftermath (C7.2) folds back. Seats: the Army
//! is seat 0 and the Indian seat 1 at both levels. Nothing is hidden at either level.

use super::play::{self, Action, Combat};
use super::rules::{self, Count};
use super::state::{Phase, State, Where};
use crate::core::campaign::{Campaign, Nested};
use crate::core::dice::Dice;
use crate::core::error::RuleError;
use crate::core::game::{ActionKind, LogEntry, Outcome, Rules, Seat};
use crate::games::nez_perce_tactical::data::{Contact, ForceDef, ScenarioDef, Side, Trigger};
use crate::games::nez_perce_tactical::rules::aftermath::{LodgeLoss, Restriction, aftermath};
use crate::games::nez_perce_tactical::rules::victory::Tally;
use crate::games::nez_perce_tactical::{NezPerceTactical, setup as tactical};
use serde::Serialize;

/// The strategic ruleset.
#[derive(Clone, Copy, Debug)]
pub struct NezPerceStrategic;

/// The whole campaign: the strategic game with its combats nested.
pub type NezPerceCampaign = Nested<NezPerceStrategic>;

/// A strategic counter as every seat sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnitView {
    /// Id.
    pub id: String,
    /// Side.
    pub side: Side,
    /// Hex, if on the map (or its activation hex while face down).
    pub hex: Option<String>,
    /// `map`, `inactive`, `gone` or `out`.
    pub status: &'static str,
    /// In supply this turn.
    pub supplied: bool,
    /// Movement points left.
    pub mp_left: u32,
}

/// What a seat sees: everything but the dice.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The seat.
    pub seat: Seat,
    /// The turn.
    pub turn: u32,
    /// The phase.
    pub phase: Phase,
    /// Every counter.
    pub units: Vec<UnitView>,
}

/// The contacted side of a combat: the searched Indian, or the Army an Indian declared
/// combat on.
fn contacted(c: &Combat) -> Side {
    match c.trigger {
        Trigger::Search => Side::Indian,
        Trigger::Declaration => Side::Army,
    }
}

/// The tactical name of a town or fort mark (`town:virginia_city` -> `Virginia City`).
fn town_name(mark: &str) -> String {
    super::state::place_label(mark.split_once(':').map_or(mark, |(_, n)| n))
}

/// The combat scenario of a contact.
pub fn combat_scenario(s: &State, c: &Combat) -> ScenarioDef {
    let lost = |ids: &[String]| {
        ids.iter()
            .filter_map(|id| s.find(id))
            .flat_map(|u| s.units[u].lost.clone())
            .collect::<Vec<_>>()
    };
    let mut army = c.army.clone();
    if let Some(t) = &c.town {
        army.push(format!("town:{}", town_name(t)));
    } else if c.trigger == Trigger::Declaration {
        army.push("camps".into());
    }
    ScenarioDef {
        game: tactical::GAME.into(),
        id: format!("turn{}_{}", s.turn, c.hex),
        name: format!("Strategic turn {}: combat in {}", s.turn, c.hex),
        description: format!(
            "A contact of the campaign in {} ({}), fought on the tactical map of its terrain.",
            c.hex,
            s.stat.terrain(c.hex).name
        ),
        map: s.stat.terrain(c.hex).tactical_map.clone(),
        roll: Some(c.trigger),
        contact: Contact::Alerted,
        contacted: contacted(c),
        first: Side::Army,
        entry: None,
        army: ForceDef {
            units: army,
            absent: lost(&c.army),
            start: Default::default(),
        },
        indian: ForceDef {
            units: c.indian.clone(),
            absent: lost(&c.indian),
            start: Default::default(),
        },
        lodges_lost_before: s.losses.lodges(),
        source: crate::core::data::Source::Reconstruction(
            "a contact of the strategic campaign (B5.0, C2.0)".into(),
        ),
        notes: vec![],
    }
}

/// The tactical combat of a contact, built from the data in memory and seeded with the
/// seed drawn for it.
pub fn build_combat(
    s: &State,
    c: &Combat,
    seed: u64,
) -> Result<crate::games::nez_perce_tactical::state::State, String> {
    let sc = combat_scenario(s, c);
    let what = format!("the combat in {}", c.hex);
    let loaded = tactical::combat_from(&s.stat.tactical, &what, sc).map_err(|e| e.to_string())?;
    let loaded = tactical::with_end_rule(&loaded, 30, 3);
    Ok(tactical::initial_state(&loaded, seed))
}

/// A seed for a combat, drawn from the campaign's dice.
fn draw_seed(d: &mut Dice) -> u64 {
    (0..4).fold(0u64, |a, _| (a << 16) | d.draw(1 << 16) as u64)
}

/// Apply a strategic action and queue the combat it brings on, if it can be fought.
fn apply_strategic(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
    let over = s.phase == Phase::Over;
    let (mut log, combat) = play::apply(s, a)?;
    if !over
        && s.phase == Phase::Over
        && let Some(o) = <NezPerceStrategic as Rules>::outcome(s)
    {
        log.push(LogEntry::public(format!(
            "The campaign's result: {}",
            o.summary
        )));
    }
    if let Some(c) = combat {
        let seed = draw_seed(&mut s.dice);
        s.reveals += 1;
        match build_combat(s, &c, seed) {
            Ok(_) => {
                let army = s.army_names(&c);
                log.push(LogEntry::public(format!(
                    "A tactical combat in {}: {army} against {} (C1.0)",
                    c.hex,
                    s.names(&c.indian)
                )));
                s.combats.push((c, seed));
            }
            Err(e) => log.push(LogEntry::public(format!(
                "No combat can be fought in {}: {e}",
                c.hex
            ))),
        }
    }
    Ok(log)
}

/// The D2.0 count now: losses, and each surviving brave unit and Lodge where its band
/// or the Village is (Canada or the United States).
pub fn count(s: &State) -> Count {
    let mut c = Count {
        braves_killed: s.losses.braves_killed,
        braves_surrendered: s.losses.braves_surrendered,
        lodges_killed: s.losses.lodges_killed,
        lodges_surrendered: s.losses.lodges_surrendered,
        sitting_bull: s.stat.sitting_bull,
        ..Count::default()
    };
    let classes = &s.stat.tactical.tables.classes;
    for u in 0..s.units.len() {
        if s.side(u) != Side::Indian || !matches!(s.units[u].at, Where::Map(_)) {
            continue;
        }
        let canada = s.hex(u).is_some_and(|h| s.stat.is(h, "canada"));
        let Some(t) = s
            .stat
            .tactical
            .counters
            .strategic
            .iter()
            .find(|t| t.id == s.def(u).id)
        else {
            continue;
        };
        for d in t
            .counters
            .iter()
            .filter(|d| !s.units[u].lost.contains(&d.id))
        {
            let class = classes.iter().find(|k| k.key == d.class);
            match (
                class.is_some_and(|k| k.brave),
                class.is_some_and(|k| k.lodge),
                canada,
            ) {
                (true, _, true) => c.braves_canada += 1,
                (true, _, false) => c.braves_us += 1,
                (_, true, true) => c.lodges_canada += 1,
                (_, true, false) => c.lodges_us += 1,
                _ => {}
            }
        }
    }
    c
}

impl Rules for NezPerceStrategic {
    type State = State;
    type Action = Action;
    type View = View;

    fn legal_actions(state: &State) -> Vec<Action> {
        play::legal(state)
    }
    fn apply(state: &mut State, action: &Action) -> Result<Vec<LogEntry>, RuleError> {
        apply_strategic(state, action)
    }
    fn to_act(state: &State) -> Option<Seat> {
        play::phasing(state).map(Side::seat)
    }
    fn outcome(state: &State) -> Option<Outcome> {
        if state.phase != Phase::Over {
            return None;
        }
        let t = &state.stat.tables;
        let c = count(state);
        let (a, i) = (rules::army_points(t, &c), rules::indian_points(t, &c));
        let margin = a - i;
        let level = rules::level(t, margin).to_string();
        let winner = if level.contains("Army") {
            Some(Side::Army.seat())
        } else if level.contains("Indian") {
            Some(Side::Indian.seat())
        } else {
            None
        };
        Some(Outcome::decided(
            2,
            winner,
            vec![a, i],
            format!("Army {a} points, Indian {i}: margin {margin:+}, {level} (D2.0)"),
        ))
    }
    fn view(state: &State, seat: Seat) -> View {
        View {
            seat,
            turn: state.turn,
            phase: state.phase,
            units: (0..state.units.len())
                .map(|u| {
                    let (hex, status) = match state.units[u].at {
                        Where::Map(c) => (Some(c.to_string()), "map"),
                        Where::Inactive(c) => (Some(c.to_string()), "inactive"),
                        Where::Gone => (None, "gone"),
                        Where::Out => (None, "out"),
                    };
                    UnitView {
                        id: state.def(u).id.clone(),
                        side: state.side(u),
                        hex,
                        status,
                        supplied: state.units[u].supplied,
                        mp_left: state.units[u].mp_left,
                    }
                })
                .collect(),
        }
    }
    fn seats(_state: &State) -> u8 {
        2
    }
    fn seat_name(_state: &State, seat: Seat) -> String {
        if seat == Side::Army.seat() {
            "Army".into()
        } else {
            "Indian".into()
        }
    }
    fn turn(state: &State) -> u32 {
        state.turn
    }
    fn dice(state: &mut State) -> &mut Dice {
        &mut state.dice
    }
    fn reveals(state: &State) -> u64 {
        state.reveals
    }
    fn probe(state: &State, key: &str) -> Option<String> {
        match key {
            "turn" => return Some(state.turn.to_string()),
            "phase" => return Some(format!("{:?}", state.phase)),
            "combats" => return Some(state.combats.len().to_string()),
            "lodges_lost" => return Some(state.losses.lodges().to_string()),
            "declaring" => {
                return Some(
                    state
                        .declaring
                        .as_ref()
                        .map_or("-".into(), |(h, u)| format!("{h}: {}", u.join(","))),
                );
            }
            _ => {}
        }
        let (id, what) = key.split_once('.')?;
        let u = state.find(id)?;
        match what {
            "hex" => Some(state.hex(u).map_or("-".into(), |c| c.to_string())),
            "mp" => Some(state.units[u].mp_left.to_string()),
            "supplied" => Some(state.units[u].supplied.to_string()),
            "lost" => Some(state.units[u].lost.join(",")),
            "restrictions" => Some(
                state.units[u]
                    .restrictions
                    .iter()
                    .map(|(t, r)| format!("{r:?} on turn {t}"))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            _ => None,
        }
    }
    /// A unit moving one hex (B4.1). Crossing a major river is not a step: it is a
    /// roll (B4.4.2) the player makes knowingly, so a route ends on the bank.
    fn step(action: &Action) -> Option<(String, String)> {
        match action {
            Action::Move { unit, to } => Some((unit.clone(), to.to_string())),
            _ => None,
        }
    }
    /// The movement points the unit has left this phase (B4.1, B4.3).
    fn moves_left(state: &State, piece: &str) -> Option<i64> {
        state.find(piece).map(|u| i64::from(state.units[u].mp_left))
    }
    fn scores(state: &State) -> Vec<i32> {
        let t = &state.stat.tables;
        let c = count(state);
        vec![rules::army_points(t, &c), rules::indian_points(t, &c)]
    }
    fn place_piece(state: &mut State, id: &str, hex: Option<&str>) -> Result<(), String> {
        let u = state
            .find(id)
            .ok_or_else(|| format!("no strategic unit '{id}'"))?;
        state.units[u].at = match hex {
            Some(h) => Where::Map(h.parse().map_err(|e| format!("{id}: {e}"))?),
            None => Where::Gone,
        };
        Ok(())
    }
    fn delegated(state: &State, seat: Seat) -> Option<u8> {
        match state.fighters.get(usize::from(seat)).copied().flatten() {
            Some(play::Fighter::Computer(level)) if !state.combats.is_empty() => Some(level),
            _ => None,
        }
    }
    fn action_kind(action: &Action) -> ActionKind {
        match action {
            Action::End => ActionKind::EndPhase,
            _ => ActionKind::Play,
        }
    }
}

impl Campaign for NezPerceStrategic {
    type Battle = NezPerceTactical;

    fn battle_to_fight(state: &State) -> Option<crate::games::nez_perce_tactical::state::State> {
        if play::choosing(state).is_some() {
            return None;
        }
        let (c, seed) = state.combats.first()?;
        build_combat(state, c, *seed).ok()
    }

    fn battle_result(
        state: &mut State,
        battle: &crate::games::nez_perce_tactical::state::State,
        outcome: &Outcome,
    ) -> Vec<LogEntry> {
        let mut log = vec![];
        if state.combats.is_empty() {
            return log;
        }
        let (c, _) = state.combats.remove(0);
        state.fighters = [None, None];
        let a = aftermath(battle);
        let t = Tally::of(battle);
        state.losses.braves_killed += t.braves_killed;
        state.losses.braves_surrendered += t.braves_surrendered;
        state.losses.lodges_killed += t.lodges_killed;
        state.losses.lodges_surrendered += t.lodges_surrendered;
        let turn = state.turn;
        for r in &a.units {
            let Some(u) = state.find(&r.id) else {
                continue;
            };
            state.units[u].lost.extend(r.killed.iter().cloned());
            state.units[u].lost.extend(r.surrendered.iter().cloned());
            for (k, x) in r.restrictions.iter().enumerate() {
                state.units[u].restrictions.push((turn + 1 + k as u32, *x));
            }
            // A strategic unit with no tactical counter left is out of the campaign.
            let all = state
                .stat
                .tactical
                .counters
                .strategic
                .iter()
                .find(|t| t.id == r.id)
                .map_or(0, |t| t.counters.len());
            if all > 0 && state.units[u].lost.len() >= all {
                state.units[u].at = Where::Gone;
                log.push(LogEntry::public(format!(
                    "{} has lost every tactical unit and leaves the campaign",
                    state.def(u).name
                )));
            }
        }
        if state.lodge_loss() == LodgeLoss::VillageGone
            && let Some(v) = state.find("village")
            && state.units[v].at != Where::Gone
        {
            state.units[v].at = Where::Gone;
            log.push(LogEntry::public(
                "Nine Lodges are lost: the Village is removed; the bands move at half speed and may not mount (C4.3.4)",
            ));
        }
        log.push(LogEntry::public(format!(
            "The combat in {} is over: {} Army units restricted (no move next turn, no Fast the turn after), Indian units no Fast next turn; Lodges lost in all {} (C7.2, C4.3.4)",
            c.hex,
            a.units
                .iter()
                .filter(|r| r.side == Side::Army
                    && r.restrictions.contains(&Restriction::NoMove)
                    && state.find(&r.id).is_some())
                .count(),
            state.losses.lodges()
        )));
        log.push(LogEntry::public(outcome.summary.clone()));
        log
    }

    fn battle_seat(_state: &State, battle_seat: Seat) -> Seat {
        battle_seat
    }
}
