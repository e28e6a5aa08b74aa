//! A combat the players set up (C2.2-C2.6): the State of Contact Table's column from
//! what brought the combat on and who was contacted, the roll (and the re-roll for
//! Surprised), then each state's set-up in its order: the searcher's leading half of
//! whole strategic units (C2.3), his entry side, and the placements, counter by counter,
//! each checked by `placement::placement_error`. Play then begins with the first player.

use crate::core::game::LogEntry;
use crate::core::hexmap::{Coord, Edge};
use crate::core::sym::Sym;
use crate::games::nez_perce_tactical::action::Action;
use crate::games::nez_perce_tactical::data::{Contact, Side, Trigger};
use crate::games::nez_perce_tactical::placement::{
    ambush_half, by_stream, is_home, placement_error,
};
use crate::games::nez_perce_tactical::state::{Loc, SetupStep, State, Uid};
use std::sync::Arc;

/// The State of Contact Table column (C2.2): an Army search uses A (warriors only) or B
/// (the Village among those contacted); an Indian declaration uses C (the Washington
/// Volunteers alone), D (military units, with or without the Washington Volunteers) or
/// E (other volunteers among them).
pub fn column(s: &State, trigger: Trigger) -> &'static str {
    let of = |side: Side| (0..s.units.len()).filter(move |&i| s.u(i).side == side);
    match trigger {
        Trigger::Search => {
            if of(Side::Indian).any(|i| s.class(i).lodge) {
                "B"
            } else {
                "A"
            }
        }
        Trigger::Declaration => {
            // The Camps (C2.5) are tents, not troops: the column follows the units.
            let keys: Vec<&str> = of(Side::Army)
                .map(|i| s.class(i).key.as_str())
                .filter(|k| *k != "camp")
                .collect();
            if keys.iter().all(|k| *k == "wash_vol") {
                "C"
            } else if keys.contains(&"volunteer") {
                "E"
            } else {
                "D"
            }
        }
    }
}

/// Roll the state of contact and lay out the set-up steps (called once, when the
/// combat is created).
pub fn begin(s: &mut State) {
    let Some(trigger) = s.stat.scenario.roll else {
        return;
    };
    // C2.7: in a town or fort "No die is rolled for the State of Contact. The Indian
    // player is always considered to be the contacted player and to be in an alerted
    // state of contact."
    let town = (0..s.units.len()).any(|i| s.class(i).key == "city_defence");
    let (contact, contacted, mut log) = if town {
        (
            Contact::Alerted,
            Side::Indian,
            vec![LogEntry::public(
                "A town or fort: no die is rolled; the Indian player is contacted, Alerted (C2.7)",
            )],
        )
    } else {
        let (contact, log) = roll_contact(s, trigger);
        let contacted = match trigger {
            Trigger::Search => Side::Indian,
            Trigger::Declaration => Side::Army,
        };
        (contact, contacted, log)
    };
    lay_out(s, contact, contacted, &mut log);
    s.intro = log;
    skip_done(s);
}

/// The State of Contact roll (C2.2): the column, the die, and the re-roll of Surprised.
fn roll_contact(s: &mut State, trigger: Trigger) -> (Contact, Vec<LogEntry>) {
    let col = column(s, trigger);
    let roll = s.dice.d6();
    s.reveals += 1;
    let t = &s.stat.tables.contact;
    let result = t
        .columns
        .get(col)
        .and_then(|c| c.get(usize::from(roll - 1)))
        .cloned()
        .unwrap_or_else(|| "Alerted".into());
    let mut log = vec![LogEntry::public(format!(
        "State of Contact Table, column {col} ({}): die {roll}: {result} (C2.2; cells {})",
        match col {
            "A" => "Army search, warriors only",
            "B" => "Army search, the Village contacted",
            "C" => "Indian declaration against the Washington Volunteers alone",
            "D" => "Indian declaration against military units",
            _ => "Indian declaration against volunteers",
        },
        t.source.short()
    ))];
    let contact = match result.as_str() {
        "Ambushing" => Contact::Ambushing,
        "Surprised" => {
            let again = s.dice.d6();
            s.reveals += 1;
            let encamped = again <= s.stat.tables.contact.encamped_max;
            log.push(LogEntry::public(format!(
                "Surprised: die {again}: {} (C2.2: 1-3 Encamped, 4-6 On Trail)",
                if encamped { "Encamped" } else { "On Trail" }
            )));
            if encamped {
                Contact::SurprisedEncamped
            } else {
                Contact::SurprisedOnTrail
            }
        }
        _ => Contact::Alerted,
    };
    (contact, log)
}

/// The set-up steps of a state of contact (C2.3-C2.6), and who moves first.
fn lay_out(s: &mut State, contact: Contact, contacted: Side, log: &mut Vec<LogEntry>) {
    let searcher = contacted.other();
    let first = if contact == Contact::Ambushing {
        contacted
    } else {
        searcher
    };
    // C2.5: the Army's five Camps deploy only when the Army is Surprised Encamped.
    if contacted == Side::Army && contact != Contact::SurprisedEncamped {
        let mut any = false;
        for i in 0..s.units.len() {
            if s.class(i).key == "camp" {
                s.units[i].loc = Loc::Exited;
                any = true;
            }
        }
        if any {
            log.push(LogEntry::public(
                "The Camps take no part: they deploy only when the Army is Surprised Encamped (C2.5)",
            ));
        }
    }
    let st = Arc::make_mut(&mut s.stat);
    st.scenario.contact = contact;
    st.scenario.contacted = contacted;
    st.scenario.first = first;
    st.scenario.entry = None;
    s.phasing = first;
    s.setup = match contact {
        Contact::Ambushing => vec![
            SetupStep::Lead,
            SetupStep::Place(searcher),
            SetupStep::Entry,
            SetupStep::Place(contacted),
        ],
        Contact::Alerted => vec![
            SetupStep::Entry,
            SetupStep::Place(contacted),
            SetupStep::Place(searcher),
        ],
        Contact::SurprisedEncamped | Contact::SurprisedOnTrail => vec![
            SetupStep::Place(contacted),
            SetupStep::Lead,
            SetupStep::Place(searcher),
            SetupStep::Entry,
        ],
    };
    log.push(LogEntry::public(format!(
        "The {contacted:?} player was contacted: {contact}; the {first:?} player will move first (C2.3-C2.6). Set-up: {}",
        s.setup
            .iter()
            .map(|st| match st {
                SetupStep::Lead => format!("the {searcher:?} player chooses his leading half"),
                SetupStep::Entry => format!("the {searcher:?} player names his entry side"),
                SetupStep::Place(side) => format!("the {side:?} player places his counters"),
            })
            .collect::<Vec<_>>()
            .join(", then ")
    )));
}

/// The searcher's strategic units, in order.
fn searcher_units(s: &State) -> Vec<String> {
    let searcher = s.stat.scenario.contacted.other();
    let mut out: Vec<String> = vec![];
    for u in &s.units {
        if u.side == searcher && !out.contains(&u.strategic) {
            out.push(u.strategic.clone());
        }
    }
    out
}

/// The counters a Place step still has to put down, in the order they are placed
/// (Lodges and Camps first, C2.5).
fn to_place(s: &State, side: Side) -> Vec<Uid> {
    let sc = &s.stat.scenario;
    let leading_only = side != sc.contacted && sc.contact != Contact::Alerted;
    let mut v: Vec<Uid> = (0..s.units.len())
        .filter(|&i| {
            let u = s.u(i);
            u.side == side
                && u.loc == Loc::Unplaced
                && (!leading_only || s.leading.contains(&u.strategic))
        })
        .collect();
    v.sort_by_key(|&i| !is_home(s, i));
    v
}

/// Drop finished steps; after the last, play begins.
fn skip_done(s: &mut State) {
    loop {
        let Some(&step) = s.setup.first() else {
            return;
        };
        let done = match step {
            SetupStep::Lead => {
                let n = searcher_units(s).len();
                if ambush_half(n) == n {
                    s.leading = searcher_units(s);
                }
                s.leading.len() >= ambush_half(n)
            }
            SetupStep::Entry => s.stat.scenario.entry.is_some(),
            SetupStep::Place(side) => to_place(s, side).is_empty(),
        };
        if !done {
            return;
        }
        s.setup.remove(0);
        if s.setup.is_empty() {
            start_play(s);
            return;
        }
    }
}

/// The set-up is over: the searcher's other half waits beside his entry side (from his
/// second turn when Surprised, C2.5-C2.6), and the first player begins.
fn start_play(s: &mut State) {
    let sc = s.stat.scenario.clone();
    let turn = if sc.contact == Contact::Ambushing {
        1
    } else {
        2
    };
    let edge = sc.entry.unwrap_or(Edge::West);
    for u in &mut s.units {
        if u.loc == Loc::Unplaced {
            u.loc = Loc::Waiting(edge, turn);
        }
    }
    s.phasing = sc.first;
    s.turn = 1;
    s.pending_log.push(LogEntry::public(format!(
        "The set-up is done. Turn 1: the {:?} player's turn (First player)",
        sc.first
    )));
}

/// The side that decides the current set-up step.
pub fn to_act(s: &State) -> Option<Side> {
    let searcher = s.stat.scenario.contacted.other();
    Some(match s.setup.first()? {
        SetupStep::Lead | SetupStep::Entry => searcher,
        SetupStep::Place(side) => *side,
    })
}

/// What the current step asks, in words.
pub fn step_text(s: &State) -> String {
    let searcher = s.stat.scenario.contacted.other();
    match s.setup.first() {
        None => String::new(),
        Some(SetupStep::Lead) => format!(
            "the {searcher:?} player chooses {} of his {} strategic units to lead (C2.3)",
            ambush_half(searcher_units(s).len()),
            searcher_units(s).len()
        ),
        Some(SetupStep::Entry) => {
            format!("the {searcher:?} player names his entry side (C2.3-C2.6)")
        }
        Some(SetupStep::Place(side)) => match to_place(s, *side).first() {
            Some(&u) => format!("the {side:?} player places {} (C2.3-C2.6)", s.u(u).name),
            None => String::new(),
        },
    }
}

/// The hexes where a unit may be placed, with the modes allowed there; if the rules
/// leave none (a column run out of stream bank, say), any hex free of the enemy that
/// the terrain and stacking allow.
fn placements(s: &State, u: Uid) -> Vec<(Coord, bool)> {
    let modes: &[bool] = if s.u(u).back.is_some() {
        &[false, true]
    } else {
        &[false]
    };
    let mut out = vec![];
    for c in s.stat.map.coords() {
        for &m in modes {
            if placement_error(s, u, c, m).is_none() {
                out.push((c, m));
            }
        }
    }
    if out.is_empty() {
        let side = s.u(u).side;
        for c in s.stat.map.coords() {
            let mounted_or_gun = s.artillery(u);
            if !s.has(c, side.other())
                && s.side_at(c, side).count() < s.stack_limit(side)
                && (s.stat.terrain(c).mounted || !mounted_or_gun)
            {
                out.push((c, false));
            }
        }
    }
    out
}

/// The legal set-up actions now.
pub fn legal(s: &State) -> Vec<Action> {
    let sc = &s.stat.scenario;
    match s.setup.first() {
        None => vec![],
        Some(SetupStep::Lead) => searcher_units(s)
            .into_iter()
            .filter(|id| !s.leading.contains(id))
            .map(|id| Action::Lead {
                strategic: Sym::new(&id),
            })
            .collect(),
        Some(SetupStep::Entry) => [Edge::North, Edge::East, Edge::South, Edge::West]
            .into_iter()
            .filter(|&e| {
                // C2.3: the waiting half beside a side a stream runs through.
                sc.contact != Contact::Ambushing
                    || s.stat
                        .map
                        .edge_hexes(e)
                        .into_iter()
                        .any(|h| by_stream(&s.stat.map, h))
            })
            .map(|edge| Action::Entry { edge })
            .collect(),
        Some(SetupStep::Place(side)) => {
            let Some(&u) = to_place(s, *side).first() else {
                return vec![];
            };
            let unit = Sym::new(&s.u(u).id);
            placements(s, u)
                .into_iter()
                .map(|(hex, mounted)| Action::Place { unit, hex, mounted })
                .collect()
        }
    }
}

/// Apply a set-up action taken from [`legal`].
pub fn apply(s: &mut State, a: &Action) -> Vec<LogEntry> {
    let mut log = vec![];
    match a {
        Action::Lead { strategic } => {
            s.leading.push(strategic.to_string());
            log.push(LogEntry::public(format!(
                "{strategic} leads the {:?} column (C2.3)",
                s.stat.scenario.contacted.other()
            )));
        }
        Action::Entry { edge } => {
            Arc::make_mut(&mut s.stat).scenario.entry = Some(*edge);
            log.push(LogEntry::public(format!(
                "The {:?} player's entry side: {edge:?} (C2.3-C2.6)",
                s.stat.scenario.contacted.other()
            )));
        }
        Action::Place { unit, hex, mounted } => {
            if let Some(u) = s.find(unit) {
                s.units[u].loc = Loc::Map(*hex);
                s.units[u].flipped = *mounted && s.units[u].back.is_some();
                log.push(LogEntry::public(format!(
                    "{} is placed at {hex}{}",
                    s.u(u).name,
                    if *mounted {
                        ", mounted or limbered"
                    } else {
                        ""
                    }
                )));
            }
        }
        _ => {}
    }
    skip_done(s);
    log.append(&mut s.pending_log);
    log
}
