//! Harvest the Wind actions and their text notation (`fire a3 R 0605`, `move a3 0606`,
//! `melee 0606`, `end`, ...). Every action prints in a form that parses back; the log,
//! saves and scripts all use it. Targets are named by hex, never by piece id, so an
//! action never names a counter the acting seat may not see.

use super::state::Ammo;
use crate::core::hexmap::Coord;
use std::fmt;
use std::str::FromStr;

/// A piece's id in the notation (`a3`, `iL1`), shared rather than copied: states and
/// actions are copied many times over by the AI's search.
pub type Id = crate::core::sym::Sym;

/// `art`, the weapon word that names the artillery weapon in the firer's hex.
pub fn art() -> Id {
    static ART: std::sync::OnceLock<Id> = std::sync::OnceLock::new();
    *ART.get_or_init(|| Id::from("art"))
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Set-up: place a counter (`place a3 0605`).
    Place {
        /// Piece id.
        piece: Id,
        /// Hex.
        hex: Coord,
    },
    /// Set-up: this side is done placing (`ready`).
    Ready,
    /// Fire Combat (`fire a3 R 0605`, `fire a3 R 0605h` at Horses, `fire aC1 art 0605,0606 canister`).
    Fire {
        /// Firing unit or leader.
        unit: Id,
        /// Weapon letter, or `art` for the artillery weapon in the hex.
        weapon: Id,
        /// Target hexes (one except for artillery).
        targets: Vec<Coord>,
        /// Fire at the Horses counter in the target hex (VIII.C.1).
        horses: bool,
        /// Howitzer ammunition (II.E.2).
        ammo: Option<Ammo>,
    },
    /// Set a Blaze marker instead of firing (IX.B) (`blaze i3 0605`).
    Blaze {
        /// Unit.
        unit: Id,
        /// Hex.
        hex: Coord,
    },
    /// Move one hex (`move a3 0606`).
    Move {
        /// Unit, leader or Hidden counter.
        unit: Id,
        /// Adjacent hex.
        hex: Coord,
    },
    /// Enter the map from off-board (`enter i7 2001`).
    Enter {
        /// Unit.
        unit: Id,
        /// Edge hex.
        hex: Coord,
    },
    /// Mount the Horses in the same or an adjacent hex (`mount a3 0606`).
    Mount {
        /// Unit or leader.
        unit: Id,
        /// Hex of the Horses.
        hex: Coord,
    },
    /// Dismount into the same or an adjacent hex (`dismount a3 0606`).
    Dismount {
        /// Unit or leader.
        unit: Id,
        /// Hex.
        hex: Coord,
    },
    /// Pick up a weapon lying in the hex (`pickup a3 aw5`).
    Pickup {
        /// Unit.
        unit: Id,
        /// Weapon id.
        weapon: Id,
    },
    /// An unpinned crew shifts its unlimbered gun one hex (`shift aC1 0606`).
    Shift {
        /// Crew.
        unit: Id,
        /// Adjacent hex.
        hex: Coord,
    },
    /// Remove the Hidden counters from a stack (`unhide 0605`).
    Unhide {
        /// Hex.
        hex: Coord,
    },
    /// Finish moving a unit (`stop a3`).
    Stop {
        /// Unit.
        unit: Id,
    },
    /// Decline an optional decision (reaction fire, passing Medicine).
    Pass,
    /// End the phase.
    End,
    /// Resolve the melee in a hex (`melee 0606`).
    Melee {
        /// Hex.
        hex: Coord,
    },
    /// Eliminate a Dependent or Lodge instead of meleeing (`raze a3 iD2`).
    Raze {
        /// Unit.
        unit: Id,
        /// Dependent or Lodge id.
        target: Id,
    },
    /// Attempt to rally a pinned unit (`rally a3`).
    Rally {
        /// Unit.
        unit: Id,
    },
    /// Move a hit mounted unit or a routed unit (`flee a3 0609`, or `flee a3 0609 0610`
    /// to dismount into 0610).
    Flee {
        /// Unit.
        unit: Id,
        /// Destination.
        hex: Coord,
        /// Where a mounted unit dismounts.
        dismount: Option<Coord>,
    },
    /// Take a reinforcement from the pool (`recruit i7`, IX.D).
    Recruit {
        /// Unit id.
        unit: Id,
    },
    /// Move the Dust marker in a hex to the newly pinned unit's hex (`dust 0605`, IX.E).
    Dust {
        /// Hex the marker comes from.
        from: Coord,
    },
    /// Pass a Medicine counter to a unit, or add a held one back to the map
    /// (`medicine iM1 i5`, VII.D).
    Medicine {
        /// Medicine id.
        medicine: Id,
        /// Receiving unit.
        unit: Id,
    },
    /// Stop loose Horses moving at random and take control of them (`catch iH1`,
    /// III.G.5).
    Catch {
        /// The Horses counter.
        horses: Id,
    },
    /// Take a Medicine counter off the map, keeping it in play (`medicine iM1 off`,
    /// VII.D.2).
    MedicineOff {
        /// Medicine id.
        medicine: Id,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place { piece, hex } => write!(f, "place {piece} {hex}"),
            Action::Ready => write!(f, "ready"),
            Action::Fire {
                unit,
                weapon,
                targets,
                horses,
                ammo,
            } => {
                let t: Vec<String> = targets.iter().map(ToString::to_string).collect();
                write!(
                    f,
                    "fire {unit} {weapon} {}{}",
                    t.join(","),
                    if *horses { "h" } else { "" }
                )?;
                match ammo {
                    Some(Ammo::Canister) => write!(f, " canister"),
                    Some(Ammo::Shell) => write!(f, " shell"),
                    None => Ok(()),
                }
            }
            Action::Blaze { unit, hex } => write!(f, "blaze {unit} {hex}"),
            Action::Move { unit, hex } => write!(f, "move {unit} {hex}"),
            Action::Enter { unit, hex } => write!(f, "enter {unit} {hex}"),
            Action::Mount { unit, hex } => write!(f, "mount {unit} {hex}"),
            Action::Dismount { unit, hex } => write!(f, "dismount {unit} {hex}"),
            Action::Pickup { unit, weapon } => write!(f, "pickup {unit} {weapon}"),
            Action::Shift { unit, hex } => write!(f, "shift {unit} {hex}"),
            Action::Unhide { hex } => write!(f, "unhide {hex}"),
            Action::Stop { unit } => write!(f, "stop {unit}"),
            Action::Pass => write!(f, "pass"),
            Action::End => write!(f, "end"),
            Action::Melee { hex } => write!(f, "melee {hex}"),
            Action::Raze { unit, target } => write!(f, "raze {unit} {target}"),
            Action::Rally { unit } => write!(f, "rally {unit}"),
            Action::Flee {
                unit,
                hex,
                dismount,
            } => match dismount {
                Some(d) => write!(f, "flee {unit} {hex} {d}"),
                None => write!(f, "flee {unit} {hex}"),
            },
            Action::Medicine { medicine, unit } => write!(f, "medicine {medicine} {unit}"),
            Action::MedicineOff { medicine } => write!(f, "medicine {medicine} off"),
            Action::Catch { horses } => write!(f, "catch {horses}"),
            Action::Recruit { unit } => write!(f, "recruit {unit}"),
            Action::Dust { from } => write!(f, "dust {from}"),
        }
    }
}

fn id(word: Option<&&str>, what: &str) -> Result<Id, String> {
    let w = word.ok_or_else(|| format!("missing {what}"))?;
    if w.is_empty() || !w.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(format!("'{w}' is not a piece id"));
    }
    Ok(Id::from(*w))
}

fn hex(word: Option<&&str>) -> Result<Coord, String> {
    word.ok_or_else(|| "missing hex".to_string())?.parse()
}

impl FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let w: Vec<&str> = s.split_whitespace().collect();
        let Some(verb) = w.first() else {
            return Err("empty action".into());
        };
        let n = w.len();
        let arity = |k: usize| -> Result<(), String> {
            if n == k {
                Ok(())
            } else {
                Err(format!(
                    "'{verb}' takes {} word(s) after it, got {}",
                    k - 1,
                    n - 1
                ))
            }
        };
        let a = match *verb {
            "place" => {
                arity(3)?;
                Action::Place {
                    piece: id(w.get(1), "piece")?,
                    hex: hex(w.get(2))?,
                }
            }
            "ready" => {
                arity(1)?;
                Action::Ready
            }
            "fire" => {
                if !(4..=5).contains(&n) {
                    return Err("usage: fire UNIT WEAPON HEX[,HEX...][h] [canister|shell]".into());
                }
                let mut t = w[3];
                let horses = t.ends_with('h');
                if horses {
                    t = &t[..t.len() - 1];
                }
                let targets = t
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<Vec<Coord>, _>>()?;
                let ammo = match w.get(4) {
                    None => None,
                    Some(&"canister") => Some(Ammo::Canister),
                    Some(&"shell") => Some(Ammo::Shell),
                    Some(x) => return Err(format!("unknown ammunition '{x}' (canister or shell)")),
                };
                Action::Fire {
                    unit: id(w.get(1), "unit")?,
                    weapon: id(w.get(2), "weapon")?,
                    targets,
                    horses,
                    ammo,
                }
            }
            "blaze" | "move" | "enter" | "mount" | "dismount" | "shift" => {
                arity(3)?;
                let (unit, h) = (id(w.get(1), "unit")?, hex(w.get(2))?);
                match *verb {
                    "blaze" => Action::Blaze { unit, hex: h },
                    "move" => Action::Move { unit, hex: h },
                    "enter" => Action::Enter { unit, hex: h },
                    "mount" => Action::Mount { unit, hex: h },
                    "dismount" => Action::Dismount { unit, hex: h },
                    _ => Action::Shift { unit, hex: h },
                }
            }
            "pickup" => {
                arity(3)?;
                Action::Pickup {
                    unit: id(w.get(1), "unit")?,
                    weapon: id(w.get(2), "weapon")?,
                }
            }
            "unhide" => {
                arity(2)?;
                Action::Unhide {
                    hex: hex(w.get(1))?,
                }
            }
            "stop" => {
                arity(2)?;
                Action::Stop {
                    unit: id(w.get(1), "unit")?,
                }
            }
            "pass" => {
                arity(1)?;
                Action::Pass
            }
            "end" => {
                arity(1)?;
                Action::End
            }
            "melee" => {
                arity(2)?;
                Action::Melee {
                    hex: hex(w.get(1))?,
                }
            }
            "raze" => {
                arity(3)?;
                Action::Raze {
                    unit: id(w.get(1), "unit")?,
                    target: id(w.get(2), "target")?,
                }
            }
            "rally" => {
                arity(2)?;
                Action::Rally {
                    unit: id(w.get(1), "unit")?,
                }
            }
            "flee" => {
                if !(3..=4).contains(&n) {
                    return Err("usage: flee UNIT HEX [DISMOUNT-HEX]".into());
                }
                let dismount = match w.get(3) {
                    Some(d) => Some(d.parse()?),
                    None => None,
                };
                Action::Flee {
                    unit: id(w.get(1), "unit")?,
                    hex: hex(w.get(2))?,
                    dismount,
                }
            }
            "recruit" => {
                arity(2)?;
                Action::Recruit {
                    unit: id(w.get(1), "unit")?,
                }
            }
            "dust" => {
                arity(2)?;
                Action::Dust {
                    from: hex(w.get(1))?,
                }
            }
            "catch" => {
                arity(2)?;
                Action::Catch {
                    horses: id(w.get(1), "horses")?,
                }
            }
            "medicine" => {
                arity(3)?;
                let medicine = id(w.get(1), "medicine")?;
                if w.get(2) == Some(&"off") {
                    Action::MedicineOff { medicine }
                } else {
                    Action::Medicine {
                        medicine,
                        unit: id(w.get(2), "unit")?,
                    }
                }
            }
            other => return Err(format!("unknown action '{other}'")),
        };
        Ok(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for s in [
            "place a3 0605",
            "ready",
            "fire a3 R 0605",
            "fire a3 R 0605h",
            "fire aC1 art 0605,0606,0706 canister",
            "fire aC1 art 0905 shell",
            "blaze i3 0605",
            "move a3 0606",
            "enter i7 2001",
            "mount a3 0606",
            "dismount a3 0606",
            "pickup a3 aw5",
            "shift aC1 0606",
            "unhide 0605",
            "stop a3",
            "pass",
            "end",
            "melee 0606",
            "raze a3 iD2",
            "rally a3",
            "flee a3 0609",
            "flee a3 0609 0610",
            "medicine iM1 i5",
            "medicine iM1 off",
            "catch iH1",
            "recruit i7",
            "dust 0605",
        ] {
            let a: Action = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(a.to_string(), s);
        }
    }

    #[test]
    fn bad_notation_is_an_error_not_a_panic() {
        for s in [
            "",
            "fly a3",
            "move a3",
            "move a3 99",
            "fire a3 R",
            "fire a3 R 0605 grape",
            "move a-3 0101",
            "flee a3 0101 0102 0103",
        ] {
            assert!(s.parse::<Action>().is_err(), "{s}");
        }
    }
}
