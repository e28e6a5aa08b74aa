//! The action notation of the tactical game: every decision as a line of text, used by
//! the log, save files and scripts. Units are named by their counter id (`perry1`),
//! hexes by their printed number (`0712`).

use crate::core::hexmap::{Coord, Edge};
use crate::core::sym::Sym;
use std::fmt;
use std::str::FromStr;

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move a unit one hex, starting its move action or going on with it; a waiting
    /// unit enters the map this way (`move wb3 0712`, C4.2, C2.3, C2.5).
    Move {
        /// The unit.
        unit: Sym,
        /// The hex entered.
        to: Coord,
    },
    /// Leave the map from an edge hex for one movement point (`exit wb3`, C7.1).
    Exit {
        /// The unit.
        unit: Sym,
    },
    /// End the moving unit's movement (`stop`).
    Stop,
    /// Fire at one enemy unit as the unit's action (`fire perry1 wb3`, C6.2).
    Fire {
        /// The firing unit.
        unit: Sym,
        /// The target.
        target: Sym,
    },
    /// Fire at half strength, then move with half the movement allowance (`firemove
    /// wb3 perry1`, C6.3).
    FireMove {
        /// The firing unit.
        unit: Sym,
        /// The target.
        target: Sym,
    },
    /// Indirect fire by a Howitzer or Hotchkiss gun at a hex (`indirect how1 1207`,
    /// C6.5.3).
    Indirect {
        /// The gun.
        unit: Sym,
        /// The target hex.
        hex: Coord,
    },
    /// Change mode: mount or dismount, limber or unlimber (`mode perry1`, C4.3.1).
    Mode {
        /// The unit.
        unit: Sym,
    },
    /// Fight the melee waiting in a hex now (`melee 0712`, C5.2).
    Melee {
        /// The hex.
        hex: Coord,
    },
    /// A unit sharing a hex with enemy units after a melee attacks them again as its
    /// action (`assault wb3`; a reconstruction, seed_notes 000-5.6).
    Assault {
        /// The unit.
        unit: Sym,
    },
    /// The Indian player surrenders a unit (`surrender wb3`, C6.4.3).
    Surrender {
        /// The unit.
        unit: Sym,
    },
    /// The owner picks a unit to be killed (`kill perry2`, C6.4.4).
    Kill {
        /// The unit.
        unit: Sym,
    },
    /// The owner picks a unit to roll on the Morale Table (`morale perry2`, C6.4.4).
    Morale {
        /// The unit.
        unit: Sym,
    },
    /// The owner picks the hex a unit falls back into (`fallback wb3 0711`, C6.4.3).
    FallBack {
        /// The unit.
        unit: Sym,
        /// The hex.
        to: Coord,
    },
    /// End the player turn: waiting melees are fought, then pins are rolled for (C3.2).
    End,
    /// Set-up: the searcher puts a strategic unit in his leading half (`lead perry`,
    /// C2.3).
    Lead {
        /// The strategic unit's id.
        strategic: Sym,
    },
    /// Set-up: the searcher names his entry side (`entry north`, C2.3-C2.6).
    Entry {
        /// The side of the map.
        edge: Edge,
    },
    /// Set-up: place a counter (`place perry1 0802`, `place perry1 0802 mounted`:
    /// mounted or limbered; C2.3-C2.6).
    Place {
        /// The counter.
        unit: Sym,
        /// The hex.
        hex: Coord,
        /// Mounted (horse units) or limbered (artillery).
        mounted: bool,
    },
}

/// An edge's word in the notation.
fn edge_word(e: Edge) -> &'static str {
    match e {
        Edge::North => "north",
        Edge::South => "south",
        Edge::East => "east",
        Edge::West => "west",
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { unit, to } => write!(f, "move {unit} {to}"),
            Action::Exit { unit } => write!(f, "exit {unit}"),
            Action::Stop => write!(f, "stop"),
            Action::Fire { unit, target } => write!(f, "fire {unit} {target}"),
            Action::FireMove { unit, target } => write!(f, "firemove {unit} {target}"),
            Action::Indirect { unit, hex } => write!(f, "indirect {unit} {hex}"),
            Action::Mode { unit } => write!(f, "mode {unit}"),
            Action::Melee { hex } => write!(f, "melee {hex}"),
            Action::Assault { unit } => write!(f, "assault {unit}"),
            Action::Surrender { unit } => write!(f, "surrender {unit}"),
            Action::Kill { unit } => write!(f, "kill {unit}"),
            Action::Morale { unit } => write!(f, "morale {unit}"),
            Action::FallBack { unit, to } => write!(f, "fallback {unit} {to}"),
            Action::End => write!(f, "end"),
            Action::Lead { strategic } => write!(f, "lead {strategic}"),
            Action::Entry { edge } => write!(f, "entry {}", edge_word(*edge)),
            Action::Place { unit, hex, mounted } => {
                write!(
                    f,
                    "place {unit} {hex}{}",
                    if *mounted { " mounted" } else { "" }
                )
            }
        }
    }
}

impl FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let w: Vec<&str> = s.split_whitespace().collect();
        let arity = |n: usize| -> Result<(), String> {
            if w.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "'{s}': '{}' takes {} word(s) after it",
                    w[0],
                    n - 1
                ))
            }
        };
        let hex = |t: &str| t.parse::<Coord>();
        let Some(&verb) = w.first() else {
            return Err("empty action".into());
        };
        Ok(match verb {
            "move" | "fallback" => {
                arity(3)?;
                let (unit, to) = (Sym::new(w[1]), hex(w[2])?);
                if verb == "move" {
                    Action::Move { unit, to }
                } else {
                    Action::FallBack { unit, to }
                }
            }
            "fire" | "firemove" => {
                arity(3)?;
                let (unit, target) = (Sym::new(w[1]), Sym::new(w[2]));
                if verb == "fire" {
                    Action::Fire { unit, target }
                } else {
                    Action::FireMove { unit, target }
                }
            }
            "indirect" => {
                arity(3)?;
                Action::Indirect {
                    unit: Sym::new(w[1]),
                    hex: hex(w[2])?,
                }
            }
            "melee" => {
                arity(2)?;
                Action::Melee { hex: hex(w[1])? }
            }
            "exit" | "mode" | "assault" | "surrender" | "kill" | "morale" => {
                arity(2)?;
                let unit = Sym::new(w[1]);
                match verb {
                    "exit" => Action::Exit { unit },
                    "mode" => Action::Mode { unit },
                    "assault" => Action::Assault { unit },
                    "surrender" => Action::Surrender { unit },
                    "kill" => Action::Kill { unit },
                    _ => Action::Morale { unit },
                }
            }
            "stop" => {
                arity(1)?;
                Action::Stop
            }
            "lead" => {
                arity(2)?;
                Action::Lead {
                    strategic: Sym::new(w[1]),
                }
            }
            "entry" => {
                arity(2)?;
                let edge = [Edge::North, Edge::South, Edge::East, Edge::West]
                    .into_iter()
                    .find(|e| edge_word(*e) == w[1])
                    .ok_or_else(|| {
                        format!(
                            "'{}' is not a side of the map (north, south, east, west)",
                            w[1]
                        )
                    })?;
                Action::Entry { edge }
            }
            "place" => {
                if w.len() == 4 && w[3] != "mounted" {
                    return Err(format!("'{s}': the fourth word may only be 'mounted'"));
                }
                if w.len() != 4 {
                    arity(3)?;
                }
                Action::Place {
                    unit: Sym::new(w[1]),
                    hex: hex(w[2])?,
                    mounted: w.len() == 4,
                }
            }
            "end" => {
                arity(1)?;
                Action::End
            }
            _ => {
                return Err(format!(
                    "unknown action '{verb}' (move, exit, stop, fire, firemove, indirect, mode, melee, assault, surrender, kill, morale, fallback, end, lead, entry, place)"
                ));
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_through_its_notation() {
        for t in [
            "move wb3 0712",
            "exit wb3",
            "stop",
            "fire perry1 wb3",
            "firemove wb3 perry1",
            "indirect how1 1207",
            "mode perry1",
            "melee 0712",
            "assault wb3",
            "surrender wb3",
            "kill perry2",
            "morale perry2",
            "fallback wb3 0711",
            "end",
            "lead perry",
            "entry north",
            "place perry1 0802",
            "place perry1 0802 mounted",
        ] {
            let a: Action = t.parse().unwrap();
            assert_eq!(a.to_string(), t);
        }
        assert!("move wb3".parse::<Action>().is_err());
        assert!("fly wb3".parse::<Action>().is_err());
        assert!("move wb3 12".parse::<Action>().is_err());
        assert!("entry up".parse::<Action>().is_err());
        assert!("place perry1 0802 galloping".parse::<Action>().is_err());
    }
}
