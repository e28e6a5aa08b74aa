//! The action notation of *Once We Moved Like the Wind*: every decision as a line of
//! text, used by the log, save files and scripts. Blocks are named by their handle this
//! turn (`A7`), areas by id (`tucson`).

use crate::core::sym::Sym;
use std::fmt;
use std::str::FromStr;

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Deploy a drawn block (`deploy A3 tucson`, §6.0); a War Band or US unit is given
    /// its starting strength from its pool's share of the Provocation Chart
    /// (`deploy A3 tucson 4`, §3.0).
    Deploy {
        /// Block handle.
        block: Sym,
        /// Area id.
        area: Sym,
        /// Starting SP, for a block whose pool's strength the owner splits.
        sp: Option<u8>,
    },
    /// Move a block across one boundary; an Army Leader takes the listed blocks of its
    /// area with it (`move U2 fort_bowie with U5,U7`, §7.0).
    Move {
        /// The moving block (an Army Leader for Army moves).
        block: Sym,
        /// Destination area.
        area: Sym,
        /// Blocks taken along.
        with: Vec<Sym>,
    },
    /// End deployment or a movement segment.
    End,
    /// The Army player resolves combat in an area next (§8.0 "General").
    Combat {
        /// Area id.
        area: Sym,
    },
    /// The Apache player reveals a Leader to retreat before combat (§8.0).
    Retreat {
        /// The Leader.
        leader: Sym,
    },
    /// Decline a retreat before combat or an ambush retreat.
    Stay,
    /// The Army player reveals the Scout to cancel the retreat (§8.0 "Scouts & Combat").
    Scout,
    /// Decline the Scout.
    Pass,
    /// A Leader adds its value to one block's dice (`lead A2 A5`, §8.0).
    Lead {
        /// The Leader.
        leader: Sym,
        /// The firing block.
        block: Sym,
    },
    /// Roll the dice of the current fire.
    Fire,
    /// The side with the higher Leader total declines its ambush: regular combat follows
    /// (§8.0 "Resolve Ambush Combat": that side *may* resolve an ambush).
    Decline,
    /// Pick which of the tied strongest blocks takes the hits (`loss U4`, §8.0).
    Loss {
        /// The block.
        block: Sym,
    },
    /// The ambusher retreats to an adjacent area (`withdraw dragoon`, §8.0).
    Withdraw {
        /// Area id.
        area: Sym,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Deploy { block, area, sp } => {
                write!(f, "deploy {block} {area}")?;
                if let Some(sp) = sp {
                    write!(f, " {sp}")?;
                }
                Ok(())
            }
            Action::Move { block, area, with } => {
                write!(f, "move {block} {area}")?;
                if !with.is_empty() {
                    write!(f, " with ")?;
                    for (i, b) in with.iter().enumerate() {
                        write!(f, "{}{b}", if i == 0 { "" } else { "," })?;
                    }
                }
                Ok(())
            }
            Action::End => write!(f, "end"),
            Action::Combat { area } => write!(f, "combat {area}"),
            Action::Retreat { leader } => write!(f, "retreat {leader}"),
            Action::Stay => write!(f, "stay"),
            Action::Scout => write!(f, "scout"),
            Action::Pass => write!(f, "pass"),
            Action::Lead { leader, block } => write!(f, "lead {leader} {block}"),
            Action::Fire => write!(f, "fire"),
            Action::Decline => write!(f, "decline"),
            Action::Loss { block } => write!(f, "loss {block}"),
            Action::Withdraw { area } => write!(f, "withdraw {area}"),
        }
    }
}

fn word(w: &[&str], i: usize, what: &str) -> Result<Sym, String> {
    let s = w.get(i).ok_or_else(|| format!("missing {what}"))?;
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        Ok(Sym::new(s))
    } else {
        Err(format!("'{s}' is not a valid {what}"))
    }
}

impl FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let w: Vec<&str> = s.split_whitespace().collect();
        let verb = *w.first().ok_or("empty action")?;
        let arity = |n: usize| -> Result<(), String> {
            if w.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "'{verb}' takes {} word(s), got {}",
                    n - 1,
                    w.len() - 1
                ))
            }
        };
        Ok(match verb {
            "deploy" => {
                let sp = match w.len() {
                    3 => None,
                    4 => Some(
                        w[3].parse::<u8>()
                            .ok()
                            .filter(|&v| v > 0)
                            .ok_or_else(|| format!("'{}' is not a strength (1 or more)", w[3]))?,
                    ),
                    _ => return Err("usage: deploy BLOCK AREA [SP]".into()),
                };
                Action::Deploy {
                    block: word(&w, 1, "block")?,
                    area: word(&w, 2, "area")?,
                    sp,
                }
            }
            "move" => {
                let with = match w.len() {
                    3 => vec![],
                    5 if w[3] == "with" => w[4]
                        .split(',')
                        .map(|x| word(&[x], 0, "block"))
                        .collect::<Result<Vec<_>, _>>()?,
                    _ => return Err("usage: move BLOCK AREA [with B1,B2,...]".into()),
                };
                Action::Move {
                    block: word(&w, 1, "block")?,
                    area: word(&w, 2, "area")?,
                    with,
                }
            }
            "end" => {
                arity(1)?;
                Action::End
            }
            "combat" => {
                arity(2)?;
                Action::Combat {
                    area: word(&w, 1, "area")?,
                }
            }
            "retreat" => {
                arity(2)?;
                Action::Retreat {
                    leader: word(&w, 1, "leader")?,
                }
            }
            "stay" => {
                arity(1)?;
                Action::Stay
            }
            "scout" => {
                arity(1)?;
                Action::Scout
            }
            "pass" => {
                arity(1)?;
                Action::Pass
            }
            "lead" => {
                arity(3)?;
                Action::Lead {
                    leader: word(&w, 1, "leader")?,
                    block: word(&w, 2, "block")?,
                }
            }
            "fire" => {
                arity(1)?;
                Action::Fire
            }
            "decline" => {
                arity(1)?;
                Action::Decline
            }
            "loss" => {
                arity(2)?;
                Action::Loss {
                    block: word(&w, 1, "block")?,
                }
            }
            "withdraw" => {
                arity(2)?;
                Action::Withdraw {
                    area: word(&w, 1, "area")?,
                }
            }
            other => return Err(format!("unknown action '{other}'")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for s in [
            "deploy A3 tucson",
            "deploy A3 tucson 4",
            "move A3 dragoon",
            "move U1 fort_bowie with U2,U5",
            "end",
            "combat animas",
            "retreat A2",
            "stay",
            "scout",
            "pass",
            "lead A2 A5",
            "fire",
            "decline",
            "loss U4",
            "withdraw san_bernardino",
        ] {
            let a: Action = s.parse().unwrap();
            assert_eq!(a.to_string(), s);
        }
        for bad in [
            "",
            "move",
            "move A1",
            "move A1 x with",
            "deploy A1 a;b",
            "deploy A1 tucson 0",
            "deploy A1 tucson x",
            "deploy A1 tucson 2 3",
            "fly A1",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
