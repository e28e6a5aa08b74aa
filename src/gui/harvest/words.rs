//! Harvest the Wind in words: a hex as the viewing seat sees it, an action, and the
//! rules' reckoning of a fire (the number it needs and its modifiers).

use crate::core::hexmap::Coord;
use crate::games::harvest::action::Action;
use crate::games::harvest::rules;
use crate::games::harvest::state::{Kind, State};
use bevy::prelude::*;

/// A hex as the viewing seat sees it (`v`): "Hex 0605: terrain (level n)", and a line
/// per piece in it, with the enemy's Hidden counters as a count only. The side panel and
/// the board's tooltip both show it.
pub(super) fn hex_summary(s: &State, v: &crate::games::harvest::View, h: Coord) -> (String, Vec<String>) {
    let head = format!(
        "Hex {h}: {} (level {})",
        s.stat.tec(h).map_or("?", |t| t.name.as_str()),
        s.stat.map.level(h)
    );
    let mut lines: Vec<String> = v
        .pieces
        .iter()
        .filter(|p| p.hex == Some(h))
        .map(|p| {
            format!(
                "{} {:?} {}{}",
                p.id,
                p.kind,
                p.label,
                if p.pinned { " PINNED" } else { "" }
            )
        })
        .collect();
    if let Some((_, n)) = v.hidden_stacks.iter().find(|(c, _)| *c == h) {
        lines.push(format!("{n} Hidden counter(s): contents unknown (III.F.3)"));
    }
    (head, lines)
}

/// An action in words, for the panel's buttons (the notation goes beside it).
pub fn describe(s: &State, a: &Action) -> String {
    let unit = |u: &str| s.find(u);
    match a {
        Action::Move { unit: u, hex } => {
            let cost = unit(u)
                .and_then(|i| s.p(i).hex().map(|f| (i, f)))
                .and_then(|(i, f)| rules::step_cost(s, i, f, *hex).ok());
            match cost {
                Some(c) => format!("Move to {hex} ({c} MP)"),
                None => format!("Move to {hex}"),
            }
        }
        Action::Enter { hex, .. } => format!("Enter the map at {hex}"),
        Action::Place { hex, .. } => format!("Set up at {hex}"),
        Action::Fire {
            unit: u,
            weapon,
            targets,
            horses,
            ammo,
        } => {
            let at: Vec<String> = targets.iter().map(ToString::to_string).collect();
            let need = match (unit(u), targets.as_slice()) {
                (Some(f), [t]) => fire_calc_of(s, f, weapon, *t, *horses, *ammo)
                    .map(|c| format!(": needs {}+", c.min_roll())),
                _ => None,
            };
            format!(
                "Fire the {weapon}{} at {}{}",
                if *horses { " (horses)" } else { "" },
                at.join(", "),
                need.unwrap_or_default()
            )
        }
        Action::Blaze { hex, .. } => format!("Set a blaze at {hex}"),
        Action::Mount { hex, .. } => format!("Mount, at {hex}"),
        Action::Dismount { hex, .. } => format!("Dismount, at {hex}"),
        Action::Pickup { weapon, .. } => format!("Pick up the {weapon}"),
        Action::Shift { hex, .. } => format!("Shift to {hex}"),
        Action::Unhide { hex } => format!("Reveal the hidden stack at {hex}"),
        Action::Stop { .. } => "Stop moving".into(),
        Action::Pass => "Pass".into(),
        Action::End => "End the phase".into(),
        Action::Melee { hex } => format!("Melee at {hex}"),
        Action::Raze { target, .. } => format!("Raze {target}"),
        Action::Rally { .. } => "Try to rally".into(),
        Action::Flee { hex, dismount, .. } => match dismount {
            Some(d) => format!("Flee to {hex}, dismounting at {d}"),
            None => format!("Flee to {hex}"),
        },
        Action::Recruit { .. } => "Recruit".into(),
        Action::Medicine { unit: u, .. } => format!("Use the medicine on {u}"),
        _ => a.to_string(),
    }
}

/// The rules' reckoning of a fire action (the number needed and its modifiers), as the
/// highlight label, the action's words and the tooltip show it.
pub(super) fn fire_calc_of(
    s: &State,
    f: crate::games::harvest::state::Pid,
    weapon: &str,
    target: Coord,
    horses: bool,
    ammo: Option<crate::games::harvest::state::Ammo>,
) -> Option<rules::FireCalc> {
    rules_weapon(s, f, weapon).and_then(|w| rules::fire_calc(s, f, w, target, horses, ammo).ok())
}

/// The weapon piece a fire action's letter names for a firer.
fn rules_weapon(
    s: &State,
    f: crate::games::harvest::state::Pid,
    letter: &str,
) -> Option<crate::games::harvest::state::Pid> {
    if letter == "art" {
        let c = s.p(f).hex()?;
        return s.at(c).find(|&i| s.p(i).kind == Kind::Artillery);
    }
    s.carried(f)
        .find(|&w| s.p(w).kind == Kind::Weapon && *s.p(w).letter == *letter)
}
