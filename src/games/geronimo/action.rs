//! *Geronimo!*'s actions and their text notation (it parses back). Places, Villages,
//! Chiefs, Commanders, Mines and card copies are named by their data ids; Columns are
//! `c<n>` and War Parties `wp<n>`.
//!
//! | Notation | Action |
//! |---|---|
//! | `deploy az 10 g1 patrol` | a starting Column: Area, BP, field guns, status (3.45, 11.11D) |
//! | `deployed` | the starting Columns are placed |
//! | `pick sioux` / `pick done` | an Initial Tribe (3.32), or no second one |
//! | `settle ks` | the Round's Settlement (5.21) |
//! | `rail ne` / `rail none` | the Resource roll's RR marker (5.24) |
//! | `discard raid2` | discard a Shaman card (9.11) |
//! | `play raid2`, `play bad_weather1 mt`, `play smallpox1 santee`, `play x noevent` | play a Shaman card with its target (9.12-9.14) |
//! | `move c3 wy` | a Column moves (5.341) |
//! | `attack c3 santee`, `attack c3 wp2`, `attack c3+c4 wp2` | a Column, or Columns coordinating, attack (5.341, 5.7) |
//! | `fort c3` / `patrol c3` | change status (5.61) |
//! | `reinforce c3 5 g1 x0` | reinforcements from the Reserve into a Column In Fort (5.342) |
//! | `form crook az 10 g1 x0 patrol` | a new Column from the Reserve (5.343) |
//! | `relocate santee mn` | a Village relocates (6.2) |
//! | `raid comanche tx settlement` | a Raid (6.4): `settlement`, `town`, `rr`, `mine <id>`, `mission`, or `mexico` |
//! | `send santee 7 inkpaduta mn town` | a War Party of BP with Chiefs (`-` for none, `a+b` for two) into an Area against a target |
//! | `strike wp2 mn settlement` | a War Party on the map attacks again (6.34) |
//! | `ally mt teton1:6+arapaho:5 c3` | a Tribal Alliance's War Party: Villages with their BP, against a target in the Area (6.7) |
//! | `end` | end the Operations (or the Round) |
//! | `evade` / `stand` | try Evasion, or accept battle (7.51) |
//! | `pursue` / `letgo` | pursue an evading target or not (7.53) |
//! | `ambush` | try an Ambush (7.54); `stand` accepts battle |
//! | `react c3` / `noreact` | a Reaction attempt (5.35) |
//! | `stay` / `return` | a War Party's post-action choice (6.35) |
//! | `offer santee 7` | offer, or ask for, a Treaty: a Village On Reservation for VP (8.11) |
//! | `accept` / `refuse` | answer a Treaty offer |
//! | `imprison inkpaduta` / `spare` | put a Chief In Prison, or not (7.81) |
//! | `attrit c3` | a Column loses one Attrition BP (5.38) |

use std::fmt;
use std::str::FromStr;

/// A Resource or place a War Party or Raid aims at (7.22, 6.43).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Res {
    /// A Settlement.
    Settlement,
    /// A Town.
    Town,
    /// An unbroken RR marker.
    Rr,
    /// A Mine, by counter id.
    Mine(String),
    /// The Area's Mission.
    Mission,
    /// Mexico (a raid only, 6.43).
    Mexico,
}

/// What a War Party attacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Aim {
    /// A Resource in the Area.
    Res(Res),
    /// A thing named by id: a Village, a War Party `wp<n>` or a Column `c<n>`.
    Unit(String),
}

/// The argument of a played Shaman card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// No target.
    None,
    /// An Area, a Village, a Column, a Mine or a War Party, by id.
    On(String),
    /// Played as No Event (9.13) or Ignored (9.14).
    NoEvent,
}

/// One decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A starting Column.
    Deploy {
        /// Area id.
        area: String,
        /// BP.
        bp: i32,
        /// Field guns.
        guns: u8,
        /// In Fort.
        fort: bool,
    },
    /// The starting Columns are placed.
    Deployed,
    /// An Initial Tribe.
    Pick(String),
    /// No second Initial Tribe.
    PickDone,
    /// The Round's Settlement.
    Settle(String),
    /// The RR marker, or none.
    Rail(Option<String>),
    /// Discard a Shaman card.
    Discard(String),
    /// Play a Shaman card.
    Play {
        /// The copy.
        card: String,
        /// Its target.
        arg: Arg,
    },
    /// A Column moves.
    Move {
        /// Column id.
        col: String,
        /// Area id.
        to: String,
    },
    /// Columns attack a Village or War Party in their Area.
    Attack {
        /// Column ids, the first the fastest.
        cols: Vec<String>,
        /// The target's id.
        target: String,
    },
    /// A Column goes In Fort.
    Fort(String),
    /// A Column goes On Patrol.
    Patrol(String),
    /// Reinforcements into a Column In Fort.
    Reinforce {
        /// Column id.
        col: String,
        /// BP.
        bp: i32,
        /// Field guns.
        guns: u8,
        /// Gatlings.
        gatlings: u8,
    },
    /// A new Column.
    Form {
        /// Commander id.
        cmd: String,
        /// Area id.
        area: String,
        /// BP.
        bp: i32,
        /// Field guns.
        guns: u8,
        /// Gatlings.
        gatlings: u8,
        /// In Fort.
        fort: bool,
    },
    /// A Village relocates.
    Relocate {
        /// Village id.
        village: String,
        /// Area id.
        to: String,
    },
    /// A Raid.
    Raid {
        /// Village id.
        village: String,
        /// The Area raided (Mexico: `mexico`).
        area: String,
        /// The target.
        target: Res,
    },
    /// A new War Party and its attack.
    Send {
        /// Village id.
        village: String,
        /// BP.
        bp: i32,
        /// Chief ids.
        chiefs: Vec<String>,
        /// Target Area id.
        area: String,
        /// Target.
        aim: Aim,
    },
    /// A War Party on the map attacks again.
    Strike {
        /// War Party id.
        party: String,
        /// Target Area id.
        area: String,
        /// Target.
        aim: Aim,
    },
    /// A Tribal Alliance's combined War Party and its attack (6.73).
    Ally {
        /// The Area of the operation.
        area: String,
        /// Each Village with the BP it gives.
        parts: Vec<(String, i32)>,
        /// Target.
        aim: Aim,
    },
    /// End the Operations.
    End,
    /// Try Evasion.
    Evade,
    /// Accept battle.
    Stand,
    /// Pursue.
    Pursue,
    /// Do not pursue.
    LetGo,
    /// Try an Ambush.
    Ambush,
    /// A Reaction attempt.
    React(String),
    /// No (more) Reaction.
    NoReact,
    /// The War Party stays on the map.
    Stay,
    /// The War Party returns to its Village.
    Return,
    /// Offer or ask for a Treaty.
    Offer {
        /// Village id.
        village: String,
        /// VP to the Indian player.
        vp: i32,
    },
    /// Accept the Treaty.
    Accept,
    /// Refuse the Treaty.
    Refuse,
    /// Put a Chief In Prison.
    Imprison(String),
    /// Put no Chief In Prison.
    Spare,
    /// A Column loses an Attrition BP.
    Attrit(String),
}

impl fmt::Display for Res {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Res::Settlement => f.write_str("settlement"),
            Res::Town => f.write_str("town"),
            Res::Rr => f.write_str("rr"),
            Res::Mine(m) => write!(f, "mine {m}"),
            Res::Mission => f.write_str("mission"),
            Res::Mexico => f.write_str("mexico"),
        }
    }
}

impl fmt::Display for Aim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Aim::Res(r) => write!(f, "{r}"),
            Aim::Unit(u) => f.write_str(u),
        }
    }
}

fn status(fort: bool) -> &'static str {
    if fort { "fort" } else { "patrol" }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Action::*;
        match self {
            Deploy {
                area,
                bp,
                guns,
                fort,
            } => write!(f, "deploy {area} {bp} g{guns} {}", status(*fort)),
            Deployed => f.write_str("deployed"),
            Pick(t) => write!(f, "pick {t}"),
            PickDone => f.write_str("pick done"),
            Settle(a) => write!(f, "settle {a}"),
            Rail(Some(a)) => write!(f, "rail {a}"),
            Rail(None) => f.write_str("rail none"),
            Discard(c) => write!(f, "discard {c}"),
            Play { card, arg } => match arg {
                Arg::None => write!(f, "play {card}"),
                Arg::On(x) => write!(f, "play {card} {x}"),
                Arg::NoEvent => write!(f, "play {card} noevent"),
            },
            Move { col, to } => write!(f, "move {col} {to}"),
            Attack { cols, target } => write!(f, "attack {} {target}", cols.join("+")),
            Fort(c) => write!(f, "fort {c}"),
            Patrol(c) => write!(f, "patrol {c}"),
            Reinforce {
                col,
                bp,
                guns,
                gatlings,
            } => write!(f, "reinforce {col} {bp} g{guns} x{gatlings}"),
            Form {
                cmd,
                area,
                bp,
                guns,
                gatlings,
                fort,
            } => write!(
                f,
                "form {cmd} {area} {bp} g{guns} x{gatlings} {}",
                status(*fort)
            ),
            Relocate { village, to } => write!(f, "relocate {village} {to}"),
            Raid {
                village,
                area,
                target,
            } => match target {
                Res::Mexico => write!(f, "raid {village} mexico"),
                t => write!(f, "raid {village} {area} {t}"),
            },
            Send {
                village,
                bp,
                chiefs,
                area,
                aim,
            } => {
                let ch = if chiefs.is_empty() {
                    "-".to_string()
                } else {
                    chiefs.join("+")
                };
                write!(f, "send {village} {bp} {ch} {area} {aim}")
            }
            Strike { party, area, aim } => write!(f, "strike {party} {area} {aim}"),
            Ally { area, parts, aim } => write!(
                f,
                "ally {area} {} {aim}",
                parts
                    .iter()
                    .map(|(v, bp)| format!("{v}:{bp}"))
                    .collect::<Vec<_>>()
                    .join("+")
            ),
            End => f.write_str("end"),
            Evade => f.write_str("evade"),
            Stand => f.write_str("stand"),
            Pursue => f.write_str("pursue"),
            LetGo => f.write_str("letgo"),
            Ambush => f.write_str("ambush"),
            React(c) => write!(f, "react {c}"),
            NoReact => f.write_str("noreact"),
            Stay => f.write_str("stay"),
            Return => f.write_str("return"),
            Offer { village, vp } => write!(f, "offer {village} {vp}"),
            Accept => f.write_str("accept"),
            Refuse => f.write_str("refuse"),
            Imprison(c) => write!(f, "imprison {c}"),
            Spare => f.write_str("spare"),
            Attrit(c) => write!(f, "attrit {c}"),
        }
    }
}

fn num<T: FromStr>(w: Option<&&str>, what: &str) -> Result<T, String> {
    w.and_then(|w| w.parse().ok())
        .ok_or_else(|| format!("expected {what}"))
}

fn tagged(w: Option<&&str>, tag: char, what: &str) -> Result<u8, String> {
    w.and_then(|w| w.strip_prefix(tag))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("expected {what} as {tag}<n>"))
}

fn word(w: Option<&&str>, what: &str) -> Result<String, String> {
    w.map(|s| s.to_string())
        .ok_or_else(|| format!("expected {what}"))
}

fn fort(w: Option<&&str>) -> Result<bool, String> {
    match w.copied() {
        Some("fort") => Ok(true),
        Some("patrol") => Ok(false),
        _ => Err("expected fort or patrol".into()),
    }
}

fn res(words: &[&str]) -> Result<Res, String> {
    match words {
        ["settlement"] => Ok(Res::Settlement),
        ["town"] => Ok(Res::Town),
        ["rr"] => Ok(Res::Rr),
        ["mine", m] => Ok(Res::Mine(m.to_string())),
        ["mission"] => Ok(Res::Mission),
        ["mexico"] => Ok(Res::Mexico),
        _ => Err("expected settlement, town, rr, mine <id>, mission or mexico".into()),
    }
}

fn aim(words: &[&str]) -> Result<Aim, String> {
    match words {
        [u] if res(words).is_err() => Ok(Aim::Unit(u.to_string())),
        _ => res(words).map(Aim::Res),
    }
}

fn done(w: &[&str], n: usize) -> Result<(), String> {
    if w.len() > n {
        Err(format!("unexpected '{}'", w[n]))
    } else {
        Ok(())
    }
}

impl FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        use Action::*;
        let w: Vec<&str> = s.split_whitespace().collect();
        let one = |n: usize, a: Action| done(&w, n).map(|_| a);
        let arg = |i: usize, what: &str| word(w.get(i), what);
        match w.first().copied() {
            Some("deploy") => {
                done(&w, 5)?;
                Ok(Deploy {
                    area: arg(1, "an Area")?,
                    bp: num(w.get(2), "BP")?,
                    guns: tagged(w.get(3), 'g', "field guns")?,
                    fort: fort(w.get(4))?,
                })
            }
            Some("deployed") => one(1, Deployed),
            Some("pick") if w.get(1) == Some(&"done") => one(2, PickDone),
            Some("pick") => one(2, Pick(arg(1, "a Tribe")?)),
            Some("settle") => one(2, Settle(arg(1, "an Area")?)),
            Some("rail") if w.get(1) == Some(&"none") => one(2, Rail(None)),
            Some("rail") => one(2, Rail(Some(arg(1, "an Area")?))),
            Some("discard") => one(2, Discard(arg(1, "a card")?)),
            Some("play") => {
                done(&w, 3)?;
                let card = arg(1, "a card")?;
                let arg = match w.get(2).copied() {
                    None => Arg::None,
                    Some("noevent") => Arg::NoEvent,
                    Some(x) => Arg::On(x.to_string()),
                };
                Ok(Play { card, arg })
            }
            Some("move") => one(
                3,
                Move {
                    col: arg(1, "a Column")?,
                    to: arg(2, "an Area")?,
                },
            ),
            Some("attack") => one(
                3,
                Attack {
                    cols: arg(1, "Columns")?.split('+').map(str::to_string).collect(),
                    target: arg(2, "a target")?,
                },
            ),
            Some("fort") => one(2, Fort(arg(1, "a Column")?)),
            Some("patrol") => one(2, Patrol(arg(1, "a Column")?)),
            Some("reinforce") => one(
                5,
                Reinforce {
                    col: arg(1, "a Column")?,
                    bp: num(w.get(2), "BP")?,
                    guns: tagged(w.get(3), 'g', "field guns")?,
                    gatlings: tagged(w.get(4), 'x', "Gatlings")?,
                },
            ),
            Some("form") => one(
                7,
                Form {
                    cmd: arg(1, "a Commander")?,
                    area: arg(2, "an Area")?,
                    bp: num(w.get(3), "BP")?,
                    guns: tagged(w.get(4), 'g', "field guns")?,
                    gatlings: tagged(w.get(5), 'x', "Gatlings")?,
                    fort: fort(w.get(6))?,
                },
            ),
            Some("relocate") => one(
                3,
                Relocate {
                    village: arg(1, "a Village")?,
                    to: arg(2, "an Area")?,
                },
            ),
            Some("raid") => {
                let village = arg(1, "a Village")?;
                if w.get(2) == Some(&"mexico") {
                    return one(
                        3,
                        Raid {
                            village,
                            area: "mexico".into(),
                            target: Res::Mexico,
                        },
                    );
                }
                let area = arg(2, "an Area")?;
                let target = res(w.get(3..).unwrap_or(&[]))?;
                if target == Res::Mexico {
                    return Err("raid <village> mexico names no Area".into());
                }
                Ok(Raid {
                    village,
                    area,
                    target,
                })
            }
            Some("send") => {
                let chiefs = match arg(3, "Chiefs or -")?.as_str() {
                    "-" => vec![],
                    c => c.split('+').map(str::to_string).collect(),
                };
                Ok(Send {
                    village: arg(1, "a Village")?,
                    bp: num(w.get(2), "BP")?,
                    chiefs,
                    area: arg(4, "an Area")?,
                    aim: aim(w.get(5..).unwrap_or(&[]))?,
                })
            }
            Some("strike") => Ok(Strike {
                party: arg(1, "a War Party")?,
                area: arg(2, "an Area")?,
                aim: aim(w.get(3..).unwrap_or(&[]))?,
            }),
            Some("ally") => {
                let mut parts = Vec::new();
                for p in arg(2, "Villages as village:bp+village:bp")?.split('+') {
                    let (v, bp) = p
                        .split_once(':')
                        .ok_or_else(|| format!("expected village:bp, not '{p}'"))?;
                    let bp = bp.parse().map_err(|_| format!("expected BP in '{p}'"))?;
                    parts.push((v.to_string(), bp));
                }
                Ok(Ally {
                    area: arg(1, "an Area")?,
                    parts,
                    aim: aim(w.get(3..).unwrap_or(&[]))?,
                })
            }
            Some("end") => one(1, End),
            Some("evade") => one(1, Evade),
            Some("stand") => one(1, Stand),
            Some("pursue") => one(1, Pursue),
            Some("letgo") => one(1, LetGo),
            Some("ambush") => one(1, Ambush),
            Some("react") => one(2, React(arg(1, "a Column")?)),
            Some("noreact") => one(1, NoReact),
            Some("stay") => one(1, Stay),
            Some("return") => one(1, Return),
            Some("offer") => one(
                3,
                Offer {
                    village: arg(1, "a Village")?,
                    vp: num(w.get(2), "VP")?,
                },
            ),
            Some("accept") => one(1, Accept),
            Some("refuse") => one(1, Refuse),
            Some("imprison") => one(2, Imprison(arg(1, "a Chief")?)),
            Some("spare") => one(1, Spare),
            Some("attrit") => one(2, Attrit(arg(1, "a Column")?)),
            Some(other) => Err(format!("unknown action '{other}'")),
            None => Err("empty action".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_the_notation_parses_back() {
        for s in [
            "deploy az 10 g1 patrol",
            "deployed",
            "pick sioux",
            "pick done",
            "settle ks",
            "rail ne",
            "rail none",
            "discard raid2",
            "play raid2",
            "play bad_weather1 mt",
            "play smallpox1 noevent",
            "move c3 wy",
            "attack c3 santee",
            "attack c3+c4 wp2",
            "fort c3",
            "patrol c3",
            "reinforce c3 5 g1 x0",
            "form crook az 10 g1 x0 patrol",
            "relocate santee mn",
            "raid comanche tx settlement",
            "raid comanche tx mine comstock1",
            "raid apache_m mexico",
            "send santee 7 inkpaduta mn town",
            "send teton1 6 crazy_horse+sitting_bull mt c2",
            "send teton1 6 - mt mine bannack",
            "strike wp2 mn settlement",
            "ally mt teton1:6+arapaho:5 c3",
            "ally wy teton1:6+teton2:6 mine south_pass",
            "end",
            "evade",
            "stand",
            "pursue",
            "letgo",
            "ambush",
            "react c3",
            "noreact",
            "stay",
            "return",
            "offer santee 7",
            "accept",
            "refuse",
            "imprison inkpaduta",
            "spare",
            "attrit c3",
        ] {
            let a: Action = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(a.to_string(), s);
        }
        for bad in [
            "",
            "fly c3",
            "move c3",
            "deploy az ten g1 fort",
            "settle ks x",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
