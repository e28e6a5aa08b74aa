//! The actions of *Battle of the Rosebud* in text notation (`move a_2cav 3412`), which
//! parses back. Hexes are written as printed on the map (`4213`), columns 11-47 from
//! row 00.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A mode a unit changes to (8D).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ModeChange {
    /// `mount`: onto the horses its Holder holds in its hex (8D2b).
    Mount,
    /// `dismount`: off its horses, placing its Holder (8D2a).
    Dismount,
    /// `prone`: lie down (8C).
    Prone,
    /// `stand`: up from Prone, Dismounted (8D1).
    Stand,
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// `enter crow_king 2000 mounted`: a unit or Leader enters the map on turn 1 (18).
    Enter {
        /// The unit or Leader.
        unit: String,
        /// The printed hex entered.
        hex: String,
        /// Enter Mounted (else Dismounted, with its Holder).
        mounted: bool,
    },
    /// `move a_2cav 3412`: one hex (7A).
    Move {
        /// The unit or Leader.
        unit: String,
        /// The printed hex entered.
        hex: String,
    },
    /// `mount a_2cav`, `dismount a_2cav`, `prone a_2cav`, `stand a_2cav` (8D).
    Mode {
        /// The unit.
        unit: String,
        /// The change.
        change: ModeChange,
    },
    /// `fire a_2cav crow_king`, `fire a_2cav crow_king half`: a unit fires at an enemy
    /// unit (9); `half` is Offensive fire at 1/2, keeping 1/2 the MA (4B).
    Fire {
        /// The firing unit.
        unit: String,
        /// The unit fired at.
        target: String,
        /// Offensive fire at half strength.
        half: bool,
    },
    /// `opfire crow_king`: declare a unit's Opportunity or Retreat fire at the unit that
    /// is leaving or entering its zone of control (9F, 9G).
    OpFire {
        /// The firing unit.
        unit: String,
    },
    /// `resolve`: fire the declared units, or let the unit go unfired (9F4).
    Resolve,
    /// `retreat a_2cav 3412`: the next hex of a retreat or rout (10I, 10J).
    Retreat {
        /// The unit.
        unit: String,
        /// The printed hex entered.
        hex: String,
    },
    /// `resupply a_2cav`: a Low Ammo US unit takes ammunition from an adjacent Pack
    /// Train in the Rally Phase; both spend all their MP (14C). With the Ammo Roster
    /// (14D Option #2), `resupply a_2cav from g_9inf` cross-levels boxes from another
    /// combat unit instead.
    Resupply {
        /// The unit.
        unit: String,
        /// The combat unit that gives the boxes (14D), or None for a Pack Train.
        from: Option<String>,
    },
    /// `rout a_2cav`: rout a unit voluntarily (10J1), after it was fired upon or fought a
    /// melee, or in its Rally Phase; `rout all`: every unit the question is about.
    Rout {
        /// The unit, or None for all of them.
        unit: Option<String>,
    },
    /// `hold`: rout none voluntarily (10J1).
    Hold,
    /// `recover a_2cav`: a Disrupted unit spends 2 MP to return to Good Order (13B3).
    Recover {
        /// The unit.
        unit: String,
    },
    /// `melee 3412`: declare a melee on a hex with every unit that may attack it (10A).
    Melee {
        /// The printed hex attacked.
        hex: String,
    },
    /// `leave a_2cav`: leave a unit out of the melee being declared (10B5).
    Leave {
        /// The unit.
        unit: String,
    },
    /// `commit`: make the declaration.
    Commit,
    /// `cancel`: withdraw the declaration being made.
    Cancel,
    /// `rbm`: the defender attempts a Retreat before melee with the stack (10H1).
    Rbm {
        /// The unit that rolls alone, or None for the whole stack.
        unit: Option<String>,
    },
    /// `stand`: the defender accepts the melee (Routed units still attempt, 10F).
    Stand,
    /// `lose a_2cav`: place one Casualty Point of a melee result on this unit (10C).
    Lose {
        /// The unit.
        unit: String,
    },
    /// `advance a_2cav 3412`: an attacker enters the hex a melee emptied (10H3).
    Advance {
        /// The unit.
        unit: String,
        /// The printed hex.
        hex: String,
    },
    /// `replace 3412` or `replace none`: place the next US Replacement Leader, or none
    /// (12D6).
    Replace {
        /// The printed hex, or None to bring in no one.
        hex: Option<String>,
    },
    /// `pursue a_2cav`: roll to pursue with an attacking unit after the defenders
    /// retreated before melee (10H2).
    Pursue {
        /// The unit.
        unit: String,
    },
    /// `halt`: stop a pursuit move, or end the pursuit (10H2).
    Halt,
    /// `breastworks`: declare Breastworks and roll for how many units may build;
    /// `breastworks g_9inf`: a unit builds (16C).
    Breastworks {
        /// The unit that builds, or None to declare.
        unit: Option<String>,
    },
    /// `reload g_9inf`: a unit loads a Breastworks marker's supplies back onto a Pack
    /// Train (16C).
    Reload {
        /// The unit.
        unit: String,
    },
    /// `charge a_2cav 3412`: a Mounted Cavalry unit declares a Cavalry Charge on an enemy
    /// hex at the start of its move (16A).
    Charge {
        /// The unit.
        unit: String,
        /// The printed hex charged.
        hex: String,
    },
    /// `search`: declare the search for the Indian village (16E); `search exit` or
    /// `search stay` answers a report that it may be nearby.
    Search {
        /// None to declare; Some(true) to leave the map, Some(false) to stay.
        exit: Option<bool>,
    },
    /// `transfer pers_a a_2cav`: Pack Train Personnel give one strength point to an
    /// Infantry or Cavalry unit once their train is eliminated (15B).
    Transfer {
        /// The Personnel counter.
        from: String,
        /// The unit that receives the point.
        to: String,
    },
    /// `end`: end the phase.
    End,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Enter { unit, hex, mounted } => write!(
                f,
                "enter {unit} {hex} {}",
                if *mounted { "mounted" } else { "dismounted" }
            ),
            Action::Move { unit, hex } => write!(f, "move {unit} {hex}"),
            Action::Mode { unit, change } => {
                let w = match change {
                    ModeChange::Mount => "mount",
                    ModeChange::Dismount => "dismount",
                    ModeChange::Prone => "prone",
                    ModeChange::Stand => "stand",
                };
                write!(f, "{w} {unit}")
            }
            Action::Fire { unit, target, half } => {
                write!(
                    f,
                    "fire {unit} {target}{}",
                    if *half { " half" } else { "" }
                )
            }
            Action::OpFire { unit } => write!(f, "opfire {unit}"),
            Action::Resolve => write!(f, "resolve"),
            Action::Retreat { unit, hex } => write!(f, "retreat {unit} {hex}"),
            Action::Resupply { unit, from: None } => write!(f, "resupply {unit}"),
            Action::Resupply {
                unit,
                from: Some(p),
            } => write!(f, "resupply {unit} from {p}"),
            Action::Rout { unit: Some(u) } => write!(f, "rout {u}"),
            Action::Rout { unit: None } => write!(f, "rout all"),
            Action::Hold => write!(f, "hold"),
            Action::Recover { unit } => write!(f, "recover {unit}"),
            Action::Melee { hex } => write!(f, "melee {hex}"),
            Action::Leave { unit } => write!(f, "leave {unit}"),
            Action::Commit => write!(f, "commit"),
            Action::Cancel => write!(f, "cancel"),
            Action::Rbm { unit: None } => write!(f, "rbm"),
            Action::Rbm { unit: Some(u) } => write!(f, "rbm {u}"),
            Action::Stand => write!(f, "stand"),
            Action::Lose { unit } => write!(f, "lose {unit}"),
            Action::Advance { unit, hex } => write!(f, "advance {unit} {hex}"),
            Action::Replace { hex: Some(h) } => write!(f, "replace {h}"),
            Action::Replace { hex: None } => write!(f, "replace none"),
            Action::Pursue { unit } => write!(f, "pursue {unit}"),
            Action::Halt => write!(f, "halt"),
            Action::Breastworks { unit: None } => write!(f, "breastworks"),
            Action::Breastworks { unit: Some(u) } => write!(f, "breastworks {u}"),
            Action::Reload { unit } => write!(f, "reload {unit}"),
            Action::Charge { unit, hex } => write!(f, "charge {unit} {hex}"),
            Action::Search { exit: None } => write!(f, "search"),
            Action::Search { exit: Some(true) } => write!(f, "search exit"),
            Action::Search { exit: Some(false) } => write!(f, "search stay"),
            Action::Transfer { from, to } => write!(f, "transfer {from} {to}"),
            Action::End => write!(f, "end"),
        }
    }
}

impl FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let w: Vec<&str> = s.split_whitespace().collect();
        let hex = |h: &str| {
            if h.len() == 4 && h.bytes().all(|b| b.is_ascii_digit()) {
                Ok(h.to_string())
            } else {
                Err(format!(
                    "'{s}': '{h}' is not a hex number (four digits, e.g. 4213)"
                ))
            }
        };
        let mode = |u: &str, change| {
            Ok(Action::Mode {
                unit: u.to_string(),
                change,
            })
        };
        match w.as_slice() {
            ["enter", u, h, m @ ("mounted" | "dismounted")] => Ok(Action::Enter {
                unit: u.to_string(),
                hex: hex(h)?,
                mounted: *m == "mounted",
            }),
            ["move", u, h] => Ok(Action::Move {
                unit: u.to_string(),
                hex: hex(h)?,
            }),
            ["mount", u] => mode(u, ModeChange::Mount),
            ["dismount", u] => mode(u, ModeChange::Dismount),
            ["prone", u] => mode(u, ModeChange::Prone),
            ["stand", u] => mode(u, ModeChange::Stand),
            ["fire", u, t] => Ok(Action::Fire {
                unit: u.to_string(),
                target: t.to_string(),
                half: false,
            }),
            ["fire", u, t, "half"] => Ok(Action::Fire {
                unit: u.to_string(),
                target: t.to_string(),
                half: true,
            }),
            ["opfire", u] => Ok(Action::OpFire {
                unit: u.to_string(),
            }),
            ["resolve"] => Ok(Action::Resolve),
            ["retreat", u, h] => Ok(Action::Retreat {
                unit: u.to_string(),
                hex: hex(h)?,
            }),
            ["resupply", u] => Ok(Action::Resupply {
                unit: u.to_string(),
                from: None,
            }),
            ["resupply", u, "from", p] => Ok(Action::Resupply {
                unit: u.to_string(),
                from: Some(p.to_string()),
            }),
            ["rout", "all"] => Ok(Action::Rout { unit: None }),
            ["rout", u] => Ok(Action::Rout {
                unit: Some(u.to_string()),
            }),
            ["hold"] => Ok(Action::Hold),
            ["recover", u] => Ok(Action::Recover {
                unit: u.to_string(),
            }),
            ["melee", h] => Ok(Action::Melee { hex: hex(h)? }),
            ["leave", u] => Ok(Action::Leave {
                unit: u.to_string(),
            }),
            ["commit"] => Ok(Action::Commit),
            ["cancel"] => Ok(Action::Cancel),
            ["rbm"] => Ok(Action::Rbm { unit: None }),
            ["rbm", u] => Ok(Action::Rbm {
                unit: Some(u.to_string()),
            }),
            ["stand"] => Ok(Action::Stand),
            ["lose", u] => Ok(Action::Lose {
                unit: u.to_string(),
            }),
            ["advance", u, h] => Ok(Action::Advance {
                unit: u.to_string(),
                hex: hex(h)?,
            }),
            ["replace", "none"] => Ok(Action::Replace { hex: None }),
            ["replace", h] => Ok(Action::Replace { hex: Some(hex(h)?) }),
            ["pursue", u] => Ok(Action::Pursue {
                unit: u.to_string(),
            }),
            ["halt"] => Ok(Action::Halt),
            ["breastworks"] => Ok(Action::Breastworks { unit: None }),
            ["breastworks", u] => Ok(Action::Breastworks {
                unit: Some(u.to_string()),
            }),
            ["reload", u] => Ok(Action::Reload {
                unit: u.to_string(),
            }),
            ["charge", u, h] => Ok(Action::Charge {
                unit: u.to_string(),
                hex: hex(h)?,
            }),
            ["search"] => Ok(Action::Search { exit: None }),
            ["search", "exit"] => Ok(Action::Search { exit: Some(true) }),
            ["search", "stay"] => Ok(Action::Search { exit: Some(false) }),
            ["transfer", a, b] => Ok(Action::Transfer {
                from: a.to_string(),
                to: b.to_string(),
            }),
            ["end"] => Ok(Action::End),
            _ => Err(format!(
                "'{s}' is not a Battle of the Rosebud action (enter U CCRR mounted|dismounted, move U CCRR, mount U, dismount U, prone U, stand U, fire U T [half], opfire U, resolve, retreat U CCRR, resupply U [from U], rout U|all, hold, recover U, melee CCRR, leave U, commit, cancel, rbm [U], stand, lose U, advance U CCRR, replace CCRR|none, pursue U, halt, transfer P U, search [exit|stay], charge U CCRR, breastworks [U], reload U, end)"
            )),
        }
    }
}
