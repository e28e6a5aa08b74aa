//! *Geronimo!* (2nd edition, seed 004): the card-driven game of the Indian Wars for two
//! to five players at one screen. Every Turn one player is the US and the others play
//! the Tribes dealt to them; Shaman hands and Tribal cards are private. Pure rules; no
//! Bevy.

pub mod action;
pub mod data;
pub mod def;
pub mod rules;
pub mod setup;
pub mod state;

use crate::core::ai::Knowledge;
use crate::core::dice::Dice;
use crate::core::error::RuleError;
use crate::core::game::{ActionKind, LogEntry, Outcome, Rules, Seat};
use crate::core::session::GameId;
use action::Action;
use serde::Serialize;
use state::{Place, State};

/// The ruleset.
#[derive(Clone, Copy, Debug)]
pub struct Geronimo;

impl GameId for Geronimo {
    const ID: &'static str = setup::GAME;
}

/// A Village as every seat sees it, with its holder where the card is face up.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VillageView {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Its Tribe's id.
    pub tribe: String,
    /// Area id, `mexico`/`canada`, `reservation` or `extinct`.
    pub place: String,
    /// BP in the Village.
    pub bp: i32,
    /// Actions this Turn.
    pub actions: u8,
    /// Finished.
    pub finished: bool,
    /// Devastation.
    pub devastation: i32,
    /// The seat holding its Tribal card, when it is face up (or the viewer's own).
    pub holder: Option<Seat>,
    /// Markers (Blood Lust, Peace Chief...).
    pub marks: Vec<&'static str>,
    /// Chiefs available and at home.
    pub chiefs: Vec<String>,
}

/// What one seat may see.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    /// The seat.
    pub seat: Seat,
    /// Turn.
    pub turn: u8,
    /// Last Turn.
    pub last_turn: u8,
    /// The US player this Turn.
    pub us: Seat,
    /// VP per seat.
    pub vp: Vec<i32>,
    /// The seat whose Round it is.
    pub active: Seat,
    /// Round.
    pub round: u32,
    /// Cards in each seat's hand (a count only).
    pub hand_sizes: Vec<usize>,
    /// The viewer's own hand: copy id, title, rule, text.
    pub hand: Vec<(String, String, String, String)>,
    /// The viewer's Tribal cards.
    pub tribes: Vec<String>,
    /// Tribes whose cards are face up, with their holders.
    pub revealed: Vec<(String, Seat)>,
    /// Villages.
    pub villages: Vec<VillageView>,
    /// War Parties on the map.
    pub parties: Vec<PartyView>,
    /// Columns.
    pub columns: Vec<ColumnView>,
    /// The US Reserve: BP, guns, Gatlings, Commanders.
    pub reserve: (i32, u8, u8, Vec<String>),
    /// Each Area: id, Settlements, Towns, RR, broken RR, Mines (id, value, hit),
    /// Massacres, Skulls, weather, Mission, State, RP.
    pub areas: Vec<AreaView>,
    /// Shaman cards played this Turn.
    pub played: Vec<String>,
    /// The decision waited for, in words: what is offered or who fights whom.
    pub pending: Option<String>,
    /// The result.
    pub result: Option<Outcome>,
}

/// A War Party on the map.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PartyView {
    /// Id (`wp3`).
    pub id: String,
    /// Its Village's id.
    pub village: String,
    /// Area id.
    pub area: String,
    /// BP.
    pub bp: i32,
    /// Chief ids.
    pub chiefs: Vec<String>,
}

/// A Column.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ColumnView {
    /// Id (`c3`).
    pub id: String,
    /// Commander id.
    pub commander: Option<String>,
    /// Area id.
    pub area: String,
    /// BP.
    pub bp: i32,
    /// Field guns.
    pub guns: u8,
    /// Gatlings.
    pub gatlings: u8,
    /// In Fort.
    pub fort: bool,
    /// Speed (5.32).
    pub speed: i32,
}

/// An Area's contents.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AreaView {
    /// Id.
    pub id: String,
    /// Settlements.
    pub settlements: u8,
    /// Towns.
    pub towns: u8,
    /// RR markers.
    pub rr: u8,
    /// Broken RR markers.
    pub rr_broken: u8,
    /// Mines: id, value, hit.
    pub mines: Vec<(String, i32, bool)>,
    /// Massacre markers.
    pub massacres: u8,
    /// Buffalo Skulls.
    pub skulls: u8,
    /// Weather: +2, -2 or 0.
    pub weather: i32,
    /// A Mission.
    pub mission: bool,
    /// A State.
    pub state: bool,
    /// Unbroken RP.
    pub rp: i32,
}

/// The view of a seat.
pub fn view(s: &State, seat: Seat) -> View {
    let st = &s.stat;
    let mine: Vec<usize> = s
        .sides
        .tribes
        .get(usize::from(seat))
        .cloned()
        .unwrap_or_default();
    let known = |t: usize| s.sides.revealed[t] || mine.contains(&t);
    let villages = (0..s.villages.len())
        .map(|v| {
            let vs = &s.villages[v];
            let t = st.tribe_of(v);
            let m = &vs.marks;
            let mut marks = vec![];
            for (on, name) in [
                (m.blood_lust, "Blood Lust"),
                (m.medicine, "Shaman Medicine"),
                (m.peace_chief, "Peace Chief"),
                (m.scouts, "Scouts"),
            ] {
                if on {
                    marks.push(name);
                }
            }
            VillageView {
                id: st.vdef(v).id.clone(),
                name: st.vdef(v).name.clone(),
                tribe: st.tribes[t].id.clone(),
                place: match vs.place {
                    Place::Area(a) | Place::Abroad { country: a, .. } => st.aid(a).to_string(),
                    Place::Reservation { .. } => "reservation".into(),
                    Place::Extinct => "extinct".into(),
                },
                bp: vs.bp,
                actions: vs.actions,
                finished: vs.finished,
                devastation: vs.devastation,
                holder: if known(t) { s.holder(t) } else { None },
                marks,
                chiefs: s
                    .chiefs_home(v)
                    .into_iter()
                    .map(|c| st.chiefs[c].def.id.clone())
                    .collect(),
            }
        })
        .collect();
    View {
        seat,
        turn: s.turn,
        last_turn: st.scenario.last_turn,
        us: s.sides.us,
        vp: s.vp.clone(),
        active: s.active,
        round: s.round,
        hand_sizes: s.hands.iter().map(Vec::len).collect(),
        hand: s
            .hands
            .get(usize::from(seat))
            .map(|h| {
                h.iter()
                    .map(|&c| {
                        let d = &st.cards[st.copies[c].def];
                        (
                            st.copies[c].id.clone(),
                            d.name.clone(),
                            d.rule.clone(),
                            d.text.clone(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default(),
        tribes: mine.iter().map(|&t| st.tribes[t].id.clone()).collect(),
        revealed: (0..st.tribes.len())
            .filter(|&t| s.sides.revealed[t])
            .filter_map(|t| s.holder(t).map(|h| (st.tribes[t].id.clone(), h)))
            .collect(),
        villages,
        parties: s
            .parties
            .iter()
            .map(|p| PartyView {
                id: format!("wp{}", p.id),
                village: st.vdef(p.village).id.clone(),
                area: st.aid(p.area).to_string(),
                bp: p.bp,
                chiefs: p
                    .chiefs
                    .iter()
                    .map(|&c| st.chiefs[c].def.id.clone())
                    .collect(),
            })
            .collect(),
        columns: s
            .columns
            .iter()
            .map(|c| ColumnView {
                id: format!("c{}", c.id),
                commander: c.commander.map(|k| st.commanders[k].id.clone()),
                area: st.aid(c.area).to_string(),
                bp: c.bp,
                guns: c.guns,
                gatlings: c.gatlings,
                fort: c.fort,
                speed: s.speed(c),
            })
            .collect(),
        reserve: (
            s.reserve.bp,
            s.reserve.guns,
            s.reserve.gatlings,
            s.reserve
                .commanders
                .iter()
                .map(|&k| st.commanders[k].id.clone())
                .collect(),
        ),
        areas: (0..st.map.areas.len())
            .filter(|&a| st.area(a).is_some())
            .map(|a| {
                let ar = &s.areas[a];
                AreaView {
                    id: st.aid(a).to_string(),
                    settlements: ar.settlements,
                    towns: ar.towns,
                    rr: ar.rr,
                    rr_broken: ar.rr_broken,
                    mines: ar
                        .mines
                        .iter()
                        .map(|&(m, hit)| (st.mines[m].id.clone(), st.mines[m].value, hit))
                        .collect(),
                    massacres: ar.massacres,
                    skulls: ar.skulls,
                    weather: ar.weather,
                    mission: ar.mission,
                    state: ar.state,
                    rp: s.rp(a),
                }
            })
            .collect(),
        played: s.played.iter().map(|&c| st.copies[c].id.clone()).collect(),
        pending: s.pending.last().map(|p| pending_words(s, p)),
        result: s.result.clone(),
    }
}

/// A pending decision in words, from what every seat may see.
fn pending_words(s: &State, p: &state::Pending) -> String {
    use state::{Attacker, Pending, Trigger};
    let st = &s.stat;
    let fight = |f: &state::Fight| {
        let by = match &f.attacker {
            Attacker::Columns(ids) => ids
                .iter()
                .map(|id| format!("c{id}"))
                .collect::<Vec<_>>()
                .join(" and "),
            Attacker::Party(id) => format!("wp{id}"),
        };
        let target = match f.target {
            state::Target::Village(v) => format!("the {} Village", st.vdef(v).name),
            state::Target::Party(id) => format!("War Party wp{id}"),
            state::Target::Column(id) => format!("c{id}"),
        };
        format!("{by} against {target} in {}", st.aname(f.area))
    };
    match p {
        Pending::Evade(f) => format!("{}: evade or stand (7.51)", fight(f)),
        Pending::Pursue(f) => format!("{}: they evaded; pursue? (7.53)", fight(f)),
        Pending::Ambush(f) => format!("{}: caught; ambush or stand (7.54)", fight(f)),
        Pending::React { trigger, .. } => match trigger {
            Trigger::Attacked(id) => format!("War Party wp{id} attacked: React? (5.35)"),
            Trigger::Returning { party } => {
                format!("War Party wp{party} returns home: React? (5.35)")
            }
            Trigger::Relocating { village, from, to } => format!(
                "the {} relocate from {} to {}: React? (5.35)",
                st.vdef(*village).name,
                st.aname(*from),
                st.aname(*to)
            ),
        },
        Pending::Stay(id) => format!("War Party wp{id}: stay on the map or go home (6.35)"),
        Pending::Treaty(o) => format!(
            "Player {} offers a Treaty: the {} go On Reservation for {} VP (8.11)",
            o.from + 1,
            st.vdef(o.village).name,
            o.vp
        ),
        Pending::Prison(v) => format!(
            "the {} signed a Treaty: put one of their Chiefs In Prison? (7.81)",
            st.vdef(*v).name
        ),
        Pending::Attrition(n, _) => format!("Attrition: choose {n} more Column(s) to lose a BP (5.38)"),
        Pending::Finish { .. } => String::new(),
    }
}

impl Rules for Geronimo {
    type State = State;
    type Action = Action;
    type View = View;

    fn legal_actions(s: &State) -> Vec<Action> {
        rules::legal(s)
    }
    fn apply(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
        rules::apply(s, a)
    }
    fn allows_unlisted(s: &State, a: &Action) -> bool {
        rules::allows_unlisted(s, a)
    }
    fn apply_listed(s: &mut State, a: &Action) -> Result<Vec<LogEntry>, RuleError> {
        Ok(rules::apply_listed(s, a))
    }
    fn to_act(s: &State) -> Option<Seat> {
        rules::to_act(s)
    }
    fn outcome(s: &State) -> Option<Outcome> {
        s.result.clone()
    }
    fn view(s: &State, seat: Seat) -> View {
        view(s, seat)
    }
    fn seats(s: &State) -> u8 {
        s.stat.players
    }
    fn seat_name(_: &State, seat: Seat) -> String {
        format!("Player {}", seat + 1)
    }
    /// The US this Turn, or an Indian player (which Tribes he holds stays private).
    fn role(s: &State, seat: Seat) -> Option<String> {
        (seat < s.stat.players)
            .then(|| if s.is_us(seat) { "the US" } else { "Indians" }.to_string())
    }
    fn opening_log(s: &State) -> Vec<LogEntry> {
        s.opening.clone()
    }
    fn turn(s: &State) -> u32 {
        u32::from(s.turn)
    }
    fn dice(s: &mut State) -> &mut Dice {
        &mut s.dice
    }
    fn reveals(s: &State) -> u64 {
        s.reveals
    }
    fn probe(s: &State, key: &str) -> Option<String> {
        probe(s, key)
    }
    fn scores(s: &State) -> Vec<i32> {
        s.vp.clone()
    }
    fn place_piece(s: &mut State, id: &str, to: Option<&str>) -> Result<(), String> {
        place_piece(s, id, to)
    }
    fn action_kind(a: &Action) -> ActionKind {
        match a {
            Action::End | Action::Deployed => ActionKind::EndPhase,
            Action::NoReact
            | Action::LetGo
            | Action::Spare
            | Action::Refuse
            | Action::PickDone
            | Action::Rail(None) => ActionKind::Decline,
            _ => ActionKind::Play,
        }
    }
    /// The Shaman card copies in the other seats' hands.
    fn secrets(s: &State, seat: Seat) -> Vec<String> {
        s.hands
            .iter()
            .enumerate()
            .filter(|(o, _)| *o != usize::from(seat))
            .flat_map(|(_, h)| h.iter().map(|&c| s.stat.copies[c].id.clone()))
            .collect()
    }
}

fn probe(s: &State, key: &str) -> Option<String> {
    let st = &s.stat;
    let parts: Vec<&str> = key.split('.').collect();
    match parts.as_slice() {
        ["turn"] => Some(s.turn.to_string()),
        ["round"] => Some(s.round.to_string()),
        ["us"] => Some(s.sides.us.to_string()),
        ["to_act"] => Some(rules::to_act(s).map_or("none".to_string(), |x| x.to_string())),
        ["hand", n] => s
            .hands
            .get(n.parse::<usize>().ok()?)
            .map(|h| {
                h.iter()
                    .map(|&c| st.copies[c].id.clone())
                    .collect::<Vec<_>>()
                    .join(" ")
            }),
        ["tribes", n] => s.sides.tribes.get(n.parse::<usize>().ok()?).map(|t| {
            t.iter()
                .map(|&t| st.tribes[t].id.clone())
                .collect::<Vec<_>>()
                .join(" ")
        }),
        ["holder", t] => {
            let t = st.tribes.iter().position(|x| x.id == *t)?;
            Some(s.holder(t).map_or("none".to_string(), |h| h.to_string()))
        }
        ["plays_left"] => Some(s.plays_left.to_string()),
        ["columns"] => Some(
            s.columns
                .iter()
                .map(|c| format!("c{}", c.id))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        ["parties"] => Some(
            s.parties
                .iter()
                .map(|p| format!("wp{}", p.id))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        ["active"] => Some(s.active.to_string()),
        ["step"] => Some(format!("{:?}", s.step).to_lowercase()),
        ["phase"] => Some(
            match &s.phase {
                state::Phase::Deploy => "deploy",
                state::Phase::Pick { .. } => "pick",
                state::Phase::Rounds => "rounds",
                state::Phase::Over => "over",
            }
            .to_string(),
        ),
        ["pending"] => Some(s.pending.last().map_or("none".to_string(), |p| {
            format!("{p:?}")
                .split(['(', ' ', '{'])
                .next()
                .unwrap_or("")
                .to_lowercase()
        })),
        ["vp", n] => s.vp.get(n.parse::<usize>().ok()?).map(i32::to_string),
        ["reserve", "bp"] => Some(s.reserve.bp.to_string()),
        ["states"] => Some(s.states().to_string()),
        ["area", a, what] => {
            let i = st.map.index(a)?;
            let ar = &s.areas[i];
            Some(match *what {
                "settlements" => ar.settlements.to_string(),
                "towns" => ar.towns.to_string(),
                "rr" => ar.rr.to_string(),
                "rr_broken" => ar.rr_broken.to_string(),
                "massacres" => ar.massacres.to_string(),
                "skulls" => ar.skulls.to_string(),
                "state" => ar.state.to_string(),
                "rp" => s.rp(i).to_string(),
                "mission" => ar.mission.to_string(),
                "weather" => ar.weather.to_string(),
                _ => return None,
            })
        }
        ["village", v, what] => {
            let i = rules::indian::village_index(s, v)?;
            let vs = &s.villages[i];
            Some(match *what {
                "bp" => vs.bp.to_string(),
                "place" => match vs.place {
                    Place::Area(a) | Place::Abroad { country: a, .. } => st.aid(a).to_string(),
                    Place::Reservation { .. } => "reservation".into(),
                    Place::Extinct => "extinct".into(),
                },
                "devastation" => vs.devastation.to_string(),
                "finished" => vs.finished.to_string(),
                "actions" => vs.actions.to_string(),
                _ => return None,
            })
        }
        ["column", c, what] => {
            let i = rules::us::col_index(s, c)?;
            let col = &s.columns[i];
            Some(match *what {
                "bp" => col.bp.to_string(),
                "area" => st.aid(col.area).to_string(),
                "speed" => s.speed(col).to_string(),
                "fort" => col.fort.to_string(),
                "commander" => col
                    .commander
                    .map_or("none".to_string(), |k| st.commanders[k].id.clone()),
                "guns" => col.guns.to_string(),
                _ => return None,
            })
        }
        ["party", p, what] => {
            let i = rules::indian::party_index(s, p)?;
            let wp = &s.parties[i];
            Some(match *what {
                "bp" => wp.bp.to_string(),
                "area" => st.aid(wp.area).to_string(),
                _ => return None,
            })
        }
        _ => None,
    }
}

fn place_piece(s: &mut State, id: &str, to: Option<&str>) -> Result<(), String> {
    let st = s.stat.clone();
    let area = match to {
        Some(a) => Some(st.map.index(a).ok_or_else(|| format!("no area '{a}'"))?),
        None => None,
    };
    if let Some(v) = rules::indian::village_index(s, id) {
        s.villages[v].place = match area {
            Some(a) => Place::Area(a),
            None => Place::Extinct,
        };
        return Ok(());
    }
    if let Some(i) = rules::us::col_index(s, id) {
        match area {
            Some(a) => s.columns[i].area = a,
            None => {
                s.columns.remove(i);
            }
        }
        return Ok(());
    }
    Err(format!("no Village or Column '{id}'"))
}

impl Knowledge for Geronimo {
    /// Re-deal what `seat` has not seen: the other players' Shaman hands (from the
    /// cards not in its hand, not played this Turn and not out of the game) and the
    /// Tribal cards they hold face down (from every Tribe in play whose card `seat`
    /// has not seen), as many to each as each holds.
    fn determinize(s: &State, seat: Seat, rng: &mut rand_chacha::ChaCha8Rng) -> State {
        use rand::{Rng, RngCore};
        let mut w = s.clone();
        w.dice = Dice::new(rng.next_u64());
        let me = usize::from(seat);
        let mut pool: Vec<usize> = (0..w.stat.copies.len())
            .filter(|c| !w.hands[me].contains(c) && !w.removed.contains(c) && !w.played.contains(c))
            .collect();
        for o in (0..w.hands.len()).filter(|&o| o != me) {
            for card in w.hands[o].iter_mut() {
                if pool.is_empty() {
                    break;
                }
                *card = pool.remove(rng.random_range(0..pool.len()));
            }
        }
        let mine = w.sides.tribes[me].clone();
        let mut tribes: Vec<usize> = (0..w.stat.tribes.len())
            .filter(|&t| w.tribe_in_play(t) && !w.sides.revealed[t] && !mine.contains(&t))
            .collect();
        for o in (0..w.sides.tribes.len()).filter(|&o| o != me) {
            for t in w.sides.tribes[o].iter_mut() {
                if !w.sides.revealed[*t] && !tribes.is_empty() {
                    *t = tribes.remove(rng.random_range(0..tribes.len()));
                }
            }
        }
        w
    }
}
