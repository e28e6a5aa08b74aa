//! *Battle of the Rosebud* in words: the phase with what is pending, the optional rules
//! in play, an action, and a hex with the units and Leaders in it.

use super::clicks::own_in;
use crate::core::hexmap::Coord;
use crate::games::rosebud::action::Action;
use crate::games::rosebud::data::Side;
use crate::games::rosebud::markers;
use crate::games::rosebud::rules::{self, fire};
use crate::games::rosebud::state::{FireKind, Pending, Phase, State};
use bevy::prelude::*;

/// The phase in words, with what is pending.
pub(super) fn phase_name(s: &State) -> String {
    let phase = match s.phase {
        Phase::Rally => format!("{:?} Rally Phase (4A)", s.phasing),
        Phase::OffensiveFire => format!("{:?} Offensive Fire Phase (4B)", s.phasing),
        Phase::Movement => format!("{:?} Movement Phase (4C)", s.phasing),
        Phase::DefensiveFire => format!("{:?} Defensive Fire Phase (4D)", s.phasing.other()),
        Phase::AdvanceFire => format!("{:?} Advance Fire Phase (4E)", s.phasing),
        Phase::Melee => format!("{:?} Melee Phase (4F)", s.phasing),
        Phase::Over => "The battle is over".to_string(),
    };
    match s.pending.first() {
        Some(Pending::Window { target, kind, .. }) => format!(
            "{phase}: {:?} fire at {} ({})",
            kind,
            s.def(*target).name,
            if *kind == FireKind::Opportunity {
                "9F"
            } else {
                "9G"
            }
        ),
        Some(Pending::Retreat { unit, rout, .. }) => format!(
            "{phase}: {} {}",
            s.def(*unit).name,
            if *rout {
                "routs (10J)"
            } else {
                "retreats (10I)"
            }
        ),
        Some(Pending::Rout { unit, .. }) if rules::morale::may_halt_rout(s) => format!(
            "{phase}: {}'s rout may end here, or go on (10J1, 10J2)",
            s.def(*unit).name
        ),
        Some(Pending::Rout { unit, .. }) => {
            format!("{phase}: {} routs (10J2)", s.def(*unit).name)
        }
        Some(Pending::Volunteer { units, .. }) => format!(
            "{phase}: rout {} voluntarily? (10J1)",
            units
                .iter()
                .map(|&u| s.def(u).name.clone())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Some(Pending::Declare { target, attackers }) => format!(
            "{phase}: melee on {} by {} units being declared (10A)",
            s.stat.label(*target),
            attackers.len()
        ),
        Some(Pending::Rbm { target, .. }) => format!(
            "{phase}: the defenders of {} may retreat before melee (10H)",
            s.stat.label(*target)
        ),
        Some(Pending::Pursuit { target, .. }) => format!(
            "{phase}: the defenders left {}: the attacker may pursue (10H2)",
            s.stat.label(*target)
        ),
        Some(Pending::PursuitMove { unit, left }) => format!(
            "{phase}: {} pursues, {left} hex(es) left (10H2)",
            s.def(*unit).name
        ),
        Some(Pending::Fight { target, .. }) => {
            format!("{phase}: melee at {}", s.stat.label(*target))
        }
        Some(Pending::Casualties { left, .. }) => {
            format!("{phase}: place {left} Casualty Point(s) of the melee (10C)")
        }
        Some(Pending::Village) => {
            format!("{phase}: a village may be nearby: send the searchers off the map? (16E)")
        }
        Some(Pending::Replace { lost }) => format!(
            "{phase}: the US may bring in a Replacement Leader for {} (12D6)",
            s.ldef(*lost).name
        ),
        None => phase,
    }
}

/// The optional rules in play, as the side panel says them.
pub(super) fn wargame_options_line(s: &State) -> String {
    crate::games::rosebud::setup::options_line(&s.stat.options)
}

/// An action in words, with its notation.
pub(super) fn describe(s: &State, a: &Action) -> String {
    let name = |id: &str| {
        s.find(id)
            .map(|u| s.def(u).name.clone())
            .or_else(|| s.find_leader(id).map(|l| s.ldef(l).name.clone()))
            .unwrap_or_else(|| id.to_string())
    };
    let words = match a {
        Action::Enter { unit, hex, mounted } => format!(
            "{}: enter at {hex} {} (18)",
            name(unit),
            if *mounted { "Mounted" } else { "Dismounted" }
        ),
        Action::Move { unit, hex } => format!("{}: move to {hex}", name(unit)),
        Action::Mode { unit, change } => format!("{}: {change:?} (8D)", name(unit)),
        Action::Fire { unit, target, half } => {
            let kind = match (s.phase, half) {
                (Phase::OffensiveFire, true) => FireKind::OffensiveHalf,
                (Phase::OffensiveFire, false) => FireKind::Offensive,
                (Phase::DefensiveFire, true) => FireKind::DefensiveHalf,
                (Phase::DefensiveFire, false) => FireKind::Defensive,
                _ => FireKind::Advance,
            };
            match (s.find(unit), s.find(target)) {
                (Some(f), Some(t)) => {
                    let (x, _) = fire::strength(s, f, t, kind);
                    let drm: i32 = fire::modifiers(s, f, t).iter().map(|(_, v)| v).sum();
                    format!(
                        "{}: fire at {} {}(strength {}, DRM {drm:+}, 9)",
                        name(unit),
                        name(target),
                        match (kind, half) {
                            (FireKind::DefensiveHalf, _) => "at 1/2, half a box (14D) ",
                            (_, true) => "at 1/2, keeping 1/2 MA ",
                            _ => "",
                        },
                        fire::trim(x)
                    )
                }
                _ => format!("{}: fire at {}", name(unit), name(target)),
            }
        }
        Action::OpFire { unit } => format!("{}: fire at the unit (9F, 9G)", name(unit)),
        Action::Resolve => "Resolve the fire declared (or hold fire)".to_string(),
        Action::Retreat { unit, hex } => match s.pending.first() {
            Some(Pending::Rout { .. }) if rules::morale::may_halt_rout(s) => {
                format!("{}: go on routing, to {hex} (10J1)", name(unit))
            }
            Some(Pending::Rout { .. }) | Some(Pending::Retreat { rout: true, .. }) => {
                format!("{}: rout to {hex} (10J)", name(unit))
            }
            _ => format!("{}: retreat to {hex} (10I)", name(unit)),
        },
        Action::Resupply { unit, from: None } => {
            format!("{}: re-supply from the Pack Train (14C)", name(unit))
        }
        Action::Resupply {
            unit,
            from: Some(p),
        } => format!(
            "{}: take ammunition boxes from {} (14D Option #2)",
            name(unit),
            name(p)
        ),
        Action::Rout { unit: Some(u) } => format!("{}: rout voluntarily (10J1)", name(u)),
        Action::Rout { unit: None } => "Rout them all voluntarily (10J1)".to_string(),
        Action::Hold => "Hold: rout none (10J1)".to_string(),
        Action::Recover { unit } => format!("{}: remove Disruption for 2 MP (13B3)", name(unit)),
        Action::Melee { hex } => format!("Declare a melee on {hex} (10A)"),
        Action::Leave { unit } => format!("{}: leave out of the melee (10B5)", name(unit)),
        Action::Commit => "Attack with the units declared (10A)".to_string(),
        Action::Cancel => "Withdraw the declaration".to_string(),
        Action::Rbm { unit: None } => {
            "Attempt a Retreat before melee with the stack (10H1)".to_string()
        }
        Action::Rbm { unit: Some(u) } => {
            format!("{}: attempt a Retreat before melee alone (10H1)", name(u))
        }
        Action::Stand => "Stand and fight (10H1)".to_string(),
        Action::Lose { unit } => format!("{}: takes a Casualty Point (10C)", name(unit)),
        Action::Advance { unit, hex } => format!("{}: advance into {hex} (10H3)", name(unit)),
        Action::Replace { hex: Some(h) } => {
            format!("Place the Replacement Leader in {h} (12D6)")
        }
        Action::Replace { hex: None } => "Bring in no Replacement Leader (12D6)".to_string(),
        Action::Pursue { unit } => format!("{}: roll to pursue (10H2)", name(unit)),
        Action::Halt if matches!(s.pending.first(), Some(Pending::Rout { .. })) => {
            "Stop the rout here (10J2)".to_string()
        }
        Action::Halt => "Stop here: end the pursuit or the retreat (10H1, 10H2)".to_string(),
        Action::Breastworks { unit: None } => {
            "Build Breastworks: roll for how many units may build (16C)".to_string()
        }
        Action::Breastworks { unit: Some(u) } => {
            format!("{}: build Breastworks here (16C)", name(u))
        }
        Action::Reload { unit } => format!(
            "{}: load the Breastworks back onto the Pack Train (16C)",
            name(unit)
        ),
        Action::Charge { unit, hex } => format!(
            "{}: charge {hex} (+1 MP, +1/2 strength in its melee, 16A)",
            name(unit)
        ),
        Action::Search { exit: None } => "Look for the Indian village (16E)".to_string(),
        Action::Search { exit: Some(true) } => {
            "Send the searching units off the map to find the village (16E)".to_string()
        }
        Action::Search { exit: Some(false) } => "Keep the searching units here (16E)".to_string(),
        Action::Transfer { from, to } => format!(
            "{}: give a strength point to {} (15B)",
            name(from),
            name(to)
        ),
        Action::End => "End the phase".to_string(),
    };
    format!("{words}   [{a}]")
}

/// A hex in words: its number, terrain, level and VP hill, and a line per unit and
/// Leader in it (nothing in this game is hidden). The side panel and the board's
/// tooltip both show it.
pub(super) fn hex_lines(s: &State, h: Coord) -> (String, Vec<String>) {
    let m = &s.stat.map;
    let mut head = format!(
        "{}: {}, Level {}",
        m.label(h),
        m.terrain_name(h).unwrap_or("?").replace('_', " "),
        m.level(h)
    );
    for hill in &s.stat.scenario.hills {
        if m.has_mark(h, &hill.mark) {
            head.push_str(&format!(", {} ({} VP)", hill.name, hill.vp));
        }
    }
    let lines = own_in(s, h, Side::US)
        .into_iter()
        .chain(own_in(s, h, Side::Indian))
        .map(|id| {
            s.find(&id)
                .map(|u| {
                    let m = markers(s, u);
                    format!(
                        "{} ({:?}, CF {}, {:?}{})",
                        s.def(u).name,
                        s.side(u),
                        s.cf(u),
                        s.units[u].mode,
                        if m.is_empty() {
                            String::new()
                        } else {
                            format!(", {}", m.join(", "))
                        }
                    )
                })
                .or_else(|| {
                    s.find_leader(&id)
                        .map(|l| format!("{} (Leader, {:?})", s.ldef(l).name, s.ldef(l).side))
                })
                .unwrap_or_default()
        })
        .collect();
    (head, lines)
}
