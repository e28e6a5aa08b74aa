//! The Shaman cards (9): playing or discarding one each Round (9.1), No Event and
//! Ignored plays (9.13, 9.14), and each card's event (9.2).
//!
//! Not yet carried out, and so offered only as a No Event play: Bad Blood (9.2D) and
//! Federales (9.2I, an out-of-turn answer to a Raid into Mexico). Blood Lust (9.2F) is
//! played on the player's own Villages only, Peace Chief (9.2Q) only on Tribes already
//! face up, and a Tribal Alliance (9.2FF) joins only the player's own Tribes, for one
//! operation in the Round it is played. docs/rules-geronimo.md lists them.

use super::indian::{own_villages, village_index};
use super::us::{areas, col_index};
use super::{log_pub, us_vp};
use crate::core::game::{LogEntry, Seat};
use crate::games::geronimo::action::{Action, Arg};
use crate::games::geronimo::data::{CardKind, Version};
use crate::games::geronimo::state::{Card, ChiefStatus, Place, RaidCard, State, Step, Vid, d10};

fn copy(s: &State, id: &str) -> Option<Card> {
    s.stat.copies.iter().position(|c| c.id == id)
}

fn on(id: impl Into<String>) -> Arg {
    Arg::On(id.into())
}

fn villages_on_map(s: &State) -> Vec<Vid> {
    (0..s.villages.len()).filter(|&v| s.on_map(v)).collect()
}

/// The ways `seat` may play card `c` now; empty: it may only be discarded.
pub fn plays(s: &State, seat: Seat, c: Card) -> Vec<Arg> {
    use CardKind::*;
    let st = &s.stat;
    let us = s.is_us(seat);
    let none_or = |v: Vec<Arg>| if v.is_empty() { vec![Arg::NoEvent] } else { v };
    let ignore_us = |v: Vec<Arg>| if us { vec![Arg::NoEvent] } else { none_or(v) };
    let mine: Vec<Vid> = if us { vec![] } else { own_villages(s, seat) };
    let unfinished_mine = |f: &dyn Fn(Vid) -> bool| {
        mine.iter()
            .any(|&v| s.on_map(v) && !s.villages[v].finished && s.villages[v].actions < 2 && f(v))
    };
    match st.kind(c) {
        CivilWar => {
            if st.scenario.version == Version::Campaign
                && !s.effects.acw_done
                && s.cards_played[usize::from(seat)] == 0
            {
                vec![Arg::None]
            } else {
                vec![]
            }
        }
        AnyTribeRaid => ignore_us(if unfinished_mine(&|_| true) {
            vec![Arg::None]
        } else {
            vec![]
        }),
        Raid => ignore_us(
            if unfinished_mine(&|v| st.tribes[st.tribe_of(v)].raid.is_some()) {
                vec![Arg::None]
            } else {
                vec![]
            },
        ),
        Atrocity | WinterCampaigning => vec![Arg::None],
        BadBlood | Federales => vec![Arg::NoEvent],
        TribalAlliance => ignore_us(
            areas(s)
                .filter(|&a| super::indian::alliance_set(s, seat, a).is_some())
                .map(|a| on(st.aid(a)))
                .collect(),
        ),
        BadWeather | GoodWeather => none_or(
            areas(s)
                .filter(|&a| s.areas[a].weather == 0)
                .map(|a| on(st.aid(a)))
                .collect(),
        ),
        BloodLust => ignore_us(
            mine.iter()
                .filter(|&&v| s.on_map(v) && s.chiefs_of(v).next().is_some())
                .map(|&v| on(&st.vdef(v).id))
                .collect(),
        ),
        BuffaloHunters => none_or(if s.skulls_placed >= st.skulls {
            vec![]
        } else {
            areas(s)
                .filter(|&a| {
                    let d = st.area(a);
                    d.is_some_and(|d| d.buffalo)
                        && (s.effects.land_rush || st.aid(a) != "ok")
                        && !s.areas[a].hunter_campaign
                        && available_sp(s, a) > 0
                })
                .map(|a| on(st.aid(a)))
                .collect()
        }),
        AgencyCorruption => {
            let mut v = Vec::new();
            if s.effects.peace_policy {
                v.push(on("policy"));
            }
            if s.villages.iter().any(|x| x.treaty.is_some()) {
                v.push(on("treaties"));
            }
            none_or(v)
        }
        Gatling => none_or(
            if s.effects.acw_done && !s.effects.acw_now && !s.effects.gatling {
                vec![Arg::None]
            } else {
                vec![]
            },
        ),
        GhostTowns => none_or(
            s.areas
                .iter()
                .flat_map(|a| a.mines.iter())
                .filter(|(m, _)| !st.mines[*m].lode)
                .map(|(m, _)| on(&st.mines[*m].id))
                .collect(),
        ),
        WinterStorm => none_or(
            areas(s)
                .filter(|&a| st.area(a).is_some_and(|d| d.mountain) && s.areas[a].weather <= 0)
                .map(|a| on(st.aid(a)))
                .collect(),
        ),
        Missionaries => none_or(
            areas(s)
                .filter(|&a| {
                    !s.areas[a].mission && s.villages.iter().any(|v| v.place == Place::Area(a))
                })
                .map(|a| on(st.aid(a)))
                .collect(),
        ),
        Mormons => {
            if us {
                none_or(
                    s.columns
                        .iter()
                        .filter(|c| c.bp >= 3 && c.commander.is_some())
                        .map(|c| on(format!("c{}", c.id)))
                        .collect(),
                )
            } else if s.columns.iter().any(|c| c.bp >= 3 && c.commander.is_some()) {
                vec![Arg::None]
            } else {
                vec![Arg::NoEvent]
            }
        }
        Parole => none_or(if s.chiefs.contains(&ChiefStatus::Prison) {
            vec![Arg::None]
        } else {
            vec![]
        }),
        PeaceChief => ignore_us(
            (0..s.villages.len())
                .filter(|&v| {
                    let t = st.tribe_of(v);
                    s.on_map(v)
                        && s.sides.revealed[t]
                        && s.holder(t).is_some_and(|h| h != seat)
                        && !s.villages[v].marks.peace_chief
                })
                .map(|v| on(&st.vdef(v).id))
                .collect(),
        ),
        PeacePolicy | Reform => none_or(if s.effects.acw_now {
            vec![]
        } else {
            vec![Arg::None]
        }),
        PublicOutrage => {
            if !us || !s.effects.indian_massacre {
                vec![Arg::NoEvent]
            } else {
                vec![Arg::None]
            }
        }
        RailroadScandal => none_or(
            areas(s)
                .filter(|&a| s.areas[a].rr > 0)
                .map(|a| on(st.aid(a)))
                .collect(),
        ),
        Rampage => ignore_us(vec![Arg::None]),
        ReservationUnrest => none_or(
            if s.villages
                .iter()
                .any(|v| matches!(v.place, Place::Reservation { .. }))
            {
                vec![Arg::None]
            } else {
                vec![]
            },
        ),
        Scouts => ignore_us(
            mine.iter()
                .filter(|&&v| s.on_map(v) && st.tribes[st.tribe_of(v)].scouts)
                .map(|&v| on(&st.vdef(v).id))
                .collect(),
        ),
        ShamanMedicine => {
            let mut v: Vec<Arg> = villages_on_map(s)
                .into_iter()
                .map(|v| on(&st.vdef(v).id))
                .collect();
            if us || v.is_empty() {
                v.push(Arg::NoEvent);
            }
            v
        }
        Smallpox => none_or(
            villages_on_map(s)
                .into_iter()
                .map(|v| on(&st.vdef(v).id))
                .collect(),
        ),
        Springfield => none_or(if s.turn >= 3 && !s.effects.springfield {
            vec![Arg::None]
        } else {
            vec![]
        }),
        Telegraph => none_or(
            if st.scenario.version == Version::Campaign && !s.effects.telegraph {
                vec![Arg::None]
            } else {
                vec![]
            },
        ),
        TerritorialProblems => none_or(if s.effects.acw_now || s.effects.land_rush {
            vec![]
        } else {
            vec![Arg::None]
        }),
        TexasRangers => {
            let Some(tx) = st.map.index("tx") else {
                return vec![Arg::NoEvent];
            };
            let mut v: Vec<Arg> = Vec::new();
            for w in villages_on_map(s) {
                if s.village_area(w) == Some(tx) {
                    v.push(on(&st.vdef(w).id));
                }
            }
            for p in &s.parties {
                if p.area == tx {
                    v.push(on(format!("wp{}", p.id)));
                }
            }
            // "He must attack a Village or War Party with BP(s) in it" when there is one.
            let with_bp: Vec<Arg> = v
                .iter()
                .filter(|a| match a {
                    Arg::On(id) => match village_index(s, id) {
                        Some(w) => s.villages[w].bp > 0,
                        None => true,
                    },
                    _ => false,
                })
                .cloned()
                .collect();
            none_or(if with_bp.is_empty() { v } else { with_bp })
        }
        TribalUnrest => none_or(
            (0..s.villages.len())
                .filter(|&v| s.villages[v].marks.peace_chief)
                .map(|v| on(&st.vdef(v).id))
                .collect(),
        ),
    }
}

/// SP an Area gives now (6.62).
pub fn available_sp(s: &State, a: usize) -> i32 {
    let Some(d) = s.stat.area(a) else { return 0 };
    d.survival - s.rp(a) + s.areas[a].weather - 2 * i32::from(s.areas[a].skulls)
}

/// The Shaman card choices of the seat whose Round it is.
pub fn card_actions(s: &State) -> Vec<Action> {
    let seat = s.active;
    let hand = &s.hands[usize::from(seat)];
    let st = &s.stat;
    // 9.2X: in the last Turn the Reservation Unrest cards go first.
    let last = s.turn == st.scenario.last_turn;
    let unrest_first = last
        && hand
            .iter()
            .any(|&c| st.kind(c) == CardKind::ReservationUnrest);
    let mut v = Vec::new();
    for &c in hand {
        if unrest_first && st.kind(c) != CardKind::ReservationUnrest {
            continue;
        }
        let id = &st.copies[c].id;
        for arg in plays(s, seat, c) {
            v.push(Action::Play {
                card: id.clone(),
                arg,
            });
        }
        v.push(Action::Discard(id.clone()));
    }
    v
}

/// Apply `discard` / `play` (9.11, 9.12).
pub fn play(s: &mut State, seat: Seat, a: &Action, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    let (id, arg) = match a {
        Action::Discard(id) => (id, None),
        Action::Play { card, arg } => (card, Some(arg)),
        _ => return,
    };
    let Some(c) = copy(s, id) else { return };
    s.hands[usize::from(seat)].retain(|&x| x != c);
    s.cards_used[usize::from(seat)] += 1;
    let Some(arg) = arg else {
        log.push(log_pub(format!(
            "{} discards a Shaman card: the Round is over (9.11)",
            super::who(s, seat)
        )));
        log.push(LogEntry::private(
            seat,
            format!("you discarded {} ({id})", st.card_name(c)),
        ));
        super::turn::end_round(s, log);
        return;
    };
    s.cards_played[usize::from(seat)] += 1;
    s.played.push(c);
    s.reveals += 1;
    let rule = &st.cards[st.copies[c].def].rule;
    match arg {
        Arg::NoEvent => log.push(log_pub(format!(
            "{} plays {} ({rule}) for no effect (9.13, 9.14)",
            super::who(s, seat),
            st.card_name(c)
        ))),
        _ => {
            log.push(log_pub(format!(
                "{} plays {} ({rule})",
                super::who(s, seat),
                st.card_name(c)
            )));
            event(s, seat, c, arg, log);
        }
    }
    s.step = Step::Ops;
    if s.is_us(seat) {
        s.plays_left = super::us::play_count(s);
    } else {
        s.plays_left = 0;
    }
}

fn remove_once(s: &mut State, c: Card) {
    if !s.removed.contains(&c) {
        s.removed.push(c);
    }
}

/// A Village loses BP in the Village, excess ignored; one with none takes Devastation
/// instead where the card says so.
fn lose_bp(s: &mut State, v: Vid, n: i32, log: &mut Vec<LogEntry>, why: &str) {
    let lost = n.min(s.villages[v].bp);
    s.villages[v].bp -= lost;
    if lost > 0 {
        log.push(log_pub(format!(
            "the {} lose {lost} BP: {why}",
            s.stat.vdef(v).name
        )));
    }
    super::extinct_check(s, v, log);
}

/// A card's event.
fn event(s: &mut State, seat: Seat, c: Card, arg: &Arg, log: &mut Vec<LogEntry>) {
    use CardKind::*;
    let st = s.stat.clone();
    let target = match arg {
        Arg::On(x) => Some(x.clone()),
        _ => None,
    };
    let area = target.as_deref().and_then(|x| st.map.index(x));
    let village = target.as_deref().and_then(|x| village_index(s, x));
    match st.kind(c) {
        CivilWar => {
            remove_once(s, c);
            s.effects.acw_done = true;
            s.effects.acw_now = true;
            log.extend(civil_war(s));
        }
        AnyTribeRaid => s.effects.raid = Some(RaidCard::Any),
        Raid => s.effects.raid = Some(RaidCard::Raiders),
        Atrocity => s.effects.atrocity = true,
        BadWeather | GoodWeather => {
            if let Some(a) = area {
                let good = st.kind(c) == GoodWeather;
                s.areas[a].weather = if good { 2 } else { -2 };
                log.push(log_pub(format!(
                    "{} Weather in {}: {} SP this Turn (9.2{})",
                    if good { "Good" } else { "Bad" },
                    st.aname(a),
                    if good { "+2" } else { "-2" },
                    if good { "L" } else { "E" }
                )));
            }
        }
        BloodLust => {
            if let Some(v) = village {
                s.villages[v].marks.blood_lust = true;
                log.push(log_pub(format!(
                    "the {} have Blood Lust: +2 in battle and Aggression, no Evasion, for the Turn (9.2F)",
                    st.vdef(v).name
                )));
            }
        }
        BuffaloHunters => {
            if let Some(a) = area {
                s.areas[a].skulls += 1;
                s.skulls_placed += 1;
                log.push(log_pub(format!(
                    "a Buffalo Skull in {}: -2 SP for the rest of the game (9.2G)",
                    st.aname(a)
                )));
            }
        }
        AgencyCorruption => match target.as_deref() {
            Some("policy") => {
                s.effects.peace_policy = false;
                log.push(log_pub("the Peace Policy is cancelled (9.2H)"));
            }
            _ => corruption(s, log),
        },
        Gatling => {
            s.effects.gatling = true;
            remove_once(s, c);
            log.push(log_pub(
                "the US may take a Gatling as one of its Artillery each Turn (9.2J)",
            ));
        }
        GhostTowns => {
            let Some(m) = target
                .as_deref()
                .and_then(|x| st.mines.iter().position(|y| y.id == x))
            else {
                return;
            };
            let r = d10(&mut s.dice);
            let value = st.mines[m].value;
            if r - 2 > value {
                let Some(a) =
                    (0..s.areas.len()).find(|&a| s.areas[a].mines.iter().any(|x| x.0 == m))
                else {
                    return;
                };
                s.areas[a].mines.retain(|x| x.0 != m);
                s.mines_out.push(m);
                if s.areas[a].settlements > 0 {
                    s.areas[a].settlements -= 1;
                } else if s.areas[a].towns > 0 {
                    s.areas[a].towns -= 1;
                    s.areas[a].settlements += 3;
                }
                log.push(log_pub(format!(
                    "Mine Played Out roll {r} - 2 = {} is above the {} Mine's {value}: it is played out, with a Settlement (9.2K)",
                    r - 2,
                    st.mines[m].name
                )));
                super::us::rr_excess(s, a, log);
            } else {
                log.push(log_pub(format!(
                    "Mine Played Out roll {r} - 2 = {}: the {} Mine ({value}) holds (9.2K)",
                    r - 2,
                    st.mines[m].name
                )));
            }
        }
        WinterStorm => {
            if let Some(a) = area {
                winter_storm(s, a, log);
            }
        }
        Missionaries => {
            if let Some(a) = area {
                if s.missions >= st.missions
                    && let Some(old) = (0..s.areas.len()).find(|&b| s.areas[b].mission)
                {
                    s.areas[old].mission = false;
                    s.missions -= 1;
                }
                s.areas[a].mission = true;
                s.missions += 1;
                log.push(log_pub(format!(
                    "a Mission in {}: SP doubled, no War Parties or Relocation from there (9.2N)",
                    st.aname(a)
                )));
            }
        }
        Mormons => {
            remove_once(s, c);
            let col = match target.as_deref() {
                Some(x) => col_index(s, x),
                None => s
                    .columns
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.bp >= 3 && c.commander.is_some())
                    .max_by_key(|(_, c)| (c.bp, std::cmp::Reverse(c.id)))
                    .map(|(i, _)| i),
            };
            if let (Some(i), Some(ut)) = (col, st.map.index("ut")) {
                s.columns[i].area = ut;
                s.columns[i].mormon = true;
                log.push(log_pub(format!(
                    "c{} becomes the Mormon Column in Utah: it may not leave, attack or React this Turn (9.2O)",
                    s.columns[i].id
                )));
            }
        }
        Parole => {
            for i in 0..s.chiefs.len() {
                if s.chiefs[i] == ChiefStatus::Prison {
                    s.chiefs[i] = ChiefStatus::Free;
                    log.push(log_pub(format!(
                        "{} is paroled (9.2P)",
                        st.chiefs[i].def.name
                    )));
                }
            }
        }
        PeaceChief => {
            if let Some(v) = village {
                s.villages[v].marks.peace_chief = true;
                log.push(log_pub(format!(
                    "the {} have a Peace Chief: no attacks on Resources or Columns, and the US may not attack the Village (9.2Q)",
                    st.vdef(v).name
                )));
            }
        }
        PeacePolicy => {
            s.effects.peace_policy = true;
            log.push(log_pub(
                "Peace Policy: Columns of Aggression under 3 may not attack Villages this Turn (9.2R)",
            ));
        }
        PublicOutrage => {
            let r = d10(&mut s.dice);
            s.reserve.bp += r;
            log.push(log_pub(format!(
                "Public Outrage: {r} BP join the US Reserve (9.2S)"
            )));
        }
        RailroadScandal => {
            if let Some(a) = area {
                let ar = &mut s.areas[a];
                ar.rr -= 1;
                ar.rr_broken = ar.rr_broken.saturating_sub(1).min(ar.rr);
                log.push(log_pub(format!(
                    "a RR marker is removed from {} (9.2U)",
                    st.aname(a)
                )));
            }
        }
        Rampage => s.rampage_ready = true,
        Reform => {
            s.effects.reform = true;
            log.push(log_pub(
                "Reform Movement: Columns of Aggression under 2 may not attack Villages this Turn (9.2W)",
            ));
        }
        ReservationUnrest => {
            let tribes: Vec<usize> = (0..st.tribes.len())
                .filter(|&t| {
                    st.villages_of(t)
                        .any(|v| matches!(s.villages[v].place, Place::Reservation { .. }))
                })
                .collect();
            if !tribes.is_empty() {
                let t = tribes[s.dice.draw(tribes.len())];
                for v in st.villages_of(t).collect::<Vec<_>>() {
                    if matches!(s.villages[v].place, Place::Reservation { .. }) {
                        super::combat::leave_reservation(s, v, log);
                    }
                }
                log.push(log_pub(format!(
                    "the {} leave the Reservation and go back into the Tribal deck (9.2X)",
                    st.tribes[t].name
                )));
            }
        }
        Scouts => {
            if let Some(v) = village {
                s.villages[v].marks.scouts = true;
                log.push(log_pub(format!(
                    "the {} scout for the US: +1 Speed for Columns in or next to {} (9.2Y)",
                    st.vdef(v).name,
                    s.village_area(v).map_or("", |a| st.aname(a))
                )));
                super::seat_vp(s, seat, 1, log, "supplying Scouts (9.2Y)");
                let ids: Vec<u32> = s
                    .parties
                    .iter()
                    .filter(|p| p.village == v)
                    .map(|p| p.id)
                    .collect();
                for id in ids {
                    if let Some(i) = s.parties.iter().position(|p| p.id == id) {
                        let p = s.parties.remove(i);
                        s.villages[v].bp += p.bp;
                    }
                }
                if !s.parties.iter().any(|p| p.village == v) && s.villages[v].parties_sent > 0 {
                    s.villages[v].finished = true;
                }
            }
        }
        ShamanMedicine => {
            if let Some(v) = village {
                s.villages[v].marks.medicine = true;
                log.push(log_pub(format!(
                    "Shaman Medicine for the {}: +2 in battle, +1 Aggression (9.2Z)",
                    st.vdef(v).name
                )));
            }
        }
        Smallpox => {
            if let Some(v) = village {
                let r = d10(&mut s.dice);
                let loss = st
                    .tables
                    .smallpox
                    .iter()
                    .find(|x| x.lo <= r && r <= x.hi)
                    .map_or(0, |x| x.result);
                log.push(log_pub(format!(
                    "Smallpox roll {r} for the {}: Finished, {loss} BP lost (9.2AA)",
                    st.vdef(v).name
                )));
                // War Parties are recalled first; the loss falls on the Village itself.
                let ids: Vec<u32> = s
                    .parties
                    .iter()
                    .filter(|p| p.village == v)
                    .map(|p| p.id)
                    .collect();
                s.villages[v].finished = true;
                lose_bp(s, v, loss, log, "Smallpox (9.2AA)");
                for id in ids {
                    if let Some(i) = s.parties.iter().position(|p| p.id == id) {
                        let p = s.parties.remove(i);
                        if matches!(s.villages[v].place, Place::Extinct) {
                            continue;
                        }
                        s.villages[v].bp += p.bp;
                    }
                }
            }
        }
        Springfield => {
            s.effects.springfield = true;
            remove_once(s, c);
            log.push(log_pub(
                "Springfield Rifles: +1 to US Battle rolls for the rest of the game (9.2BB)",
            ));
        }
        Telegraph => {
            s.effects.telegraph = true;
            remove_once(s, c);
            log.push(log_pub(
                "the Telegraph: Columns may React into adjacent Areas at +1 (9.2CC)",
            ));
        }
        TerritorialProblems => {
            if s.effects.acw_done {
                s.effects.land_rush = true;
                remove_once(s, c);
                log.push(log_pub(
                    "the Oklahoma Land Rush: Settlements and Buffalo Skulls may go into the Indian Territory (9.2DD)",
                ));
            } else {
                s.effects.bloody_kansas = true;
                log.push(log_pub(
                    "Bloody Kansas: no Column may enter or be placed in Kansas, and those In Fort there stay (9.2DD)",
                ));
            }
        }
        TexasRangers => {
            let r = d10(&mut s.dice);
            let odd = r % 2 == 1;
            match target.as_deref() {
                Some(x) if x.starts_with("wp") => {
                    if let Some(i) = super::indian::party_index(s, x) {
                        let id = s.parties[i].id;
                        log.push(log_pub(format!(
                            "the Texas Rangers strike {x}: roll {r}, {} (9.2EE)",
                            if odd { "one BP lost" } else { "no loss" }
                        )));
                        if odd {
                            super::combat::party_loss(s, id, 1, log);
                        }
                    }
                }
                _ => {
                    if let Some(v) = village {
                        log.push(log_pub(format!(
                            "the Texas Rangers strike the {}: roll {r}, {} (9.2EE)",
                            st.vdef(v).name,
                            if odd { "a loss" } else { "no loss" }
                        )));
                        if odd {
                            if s.villages[v].bp > 0 {
                                lose_bp(s, v, 1, log, "the Texas Rangers (9.2EE)");
                            } else {
                                s.villages[v].devastation += 1;
                            }
                        }
                    }
                }
            }
        }
        TribalUnrest => {
            if let Some(v) = village {
                s.villages[v].marks.peace_chief = false;
                log.push(log_pub(format!(
                    "the {} Peace Chief is gone (9.2GG)",
                    st.vdef(v).name
                )));
            }
        }
        WinterCampaigning => {
            s.effects.winter = true;
            log.push(log_pub(
                "Winter Campaigning: Evasion -1 and Pursuit -2 this Turn, each costing a BP (9.2HH)",
            ));
        }
        TribalAlliance => {
            if let Some(a) = area {
                s.effects.alliance = Some(a);
                log.push(log_pub(format!(
                    "a Tribal Alliance may strike in {} this Round (9.2FF)",
                    st.aname(a)
                )));
            }
        }
        BadBlood | Federales => {}
    }
    let _ = us_vp;
}

/// 9.2M: each Tribe and Column in the Area loses one BP.
fn winter_storm(s: &mut State, a: usize, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    log.push(log_pub(format!(
        "a Massive Winter Storm in {} (9.2M)",
        st.aname(a)
    )));
    let ids: Vec<u32> = s
        .columns
        .iter()
        .filter(|c| c.area == a)
        .map(|c| c.id)
        .collect();
    for id in ids {
        log.push(log_pub(format!("c{id} loses one BP to the storm")));
        super::us::column_loss(s, id, 1, log);
    }
    for v in 0..s.villages.len() {
        let home = s.village_area(v) == Some(a);
        let party = s.parties.iter().position(|p| p.village == v && p.area == a);
        if let Some(i) = party {
            let id = s.parties[i].id;
            log.push(log_pub(format!(
                "wp{id} of the {} loses one BP to the storm",
                st.vdef(v).name
            )));
            super::combat::party_loss(s, id, 1, log);
        } else if home {
            if s.villages[v].bp > 0 {
                lose_bp(s, v, 1, log, "the storm (9.2M)");
            } else {
                s.villages[v].devastation += 1;
                log.push(log_pub(format!(
                    "the {} Village, its braves away, is Devastated -1 (9.2M)",
                    st.vdef(v).name
                )));
            }
        }
    }
}

/// 9.2H, 8.22: every Village that went On Reservation by Treaty this Turn rolls on the
/// Agency Corruption table; losing all its Treaty VP sends it back.
fn corruption(s: &mut State, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    let reform = s.effects.reform;
    s.effects.reform = false;
    for v in 0..s.villages.len() {
        let Some(mut t) = s.villages[v].treaty else {
            continue;
        };
        let name = st.vdef(v).name.clone();
        if t.vp == 0 {
            log.push(log_pub(format!(
                "the {name} signed for nothing and leave the Reservation (8.22)"
            )));
            super::combat::leave_reservation(s, v, log);
            us_vp(s, -1, log, "a Tribe goes Off Reservation (8.17)");
            continue;
        }
        let r = d10(&mut s.dice);
        let m = if reform { (r - 2).max(0) } else { r };
        let loss = st
            .tables
            .corruption
            .iter()
            .find(|x| x.lo <= m && m <= x.hi)
            .map_or(0, |x| x.result);
        let take = loss.min(t.vp - t.lost);
        t.lost += take;
        s.vp[usize::from(t.seat)] -= take;
        log.push(log_pub(format!(
            "Agency Corruption roll {r}{} for the {name}: {take} Treaty VP lost by {} (9.2H)",
            if reform {
                format!(" -2 (Reform) = {m}")
            } else {
                String::new()
            },
            super::name(s, t.seat)
        )));
        s.villages[v].treaty = Some(t);
        if t.lost >= t.vp {
            log.push(log_pub(format!(
                "the {name} have lost all their Treaty VP and leave the Reservation (8.22)"
            )));
            super::combat::leave_reservation(s, v, log);
            us_vp(s, -1, log, "a Tribe goes Off Reservation (8.17)");
        }
    }
}

/// 9.2A: the American Civil War: half the Commanders, half the BP and Artillery (the
/// Reserve first), no RR this Turn, New Mexico and Arizona no Statehood, no Column
/// plays in Texas or New Mexico; six BP dice from the next Turn.
pub fn civil_war(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![log_pub(
        "the American Civil War: half the Commanders, BP and Artillery go east (9.2A)",
    )];
    s.effects.peace_policy = false;
    s.effects.reform = false;
    // Commanders: all in play into a cup, half drawn.
    let mut cup: Vec<usize> = s
        .columns
        .iter()
        .filter_map(|c| c.commander)
        .chain(s.reserve.commanders.iter().copied())
        .collect();
    let keep = cup.len() / 2;
    let mut kept = Vec::new();
    for _ in 0..keep {
        let i = s.dice.draw(cup.len());
        kept.push(cup.remove(i));
    }
    // BP and Artillery halved, the Reserve first, then Column by Column.
    let total: i32 = s.reserve.bp + s.columns.iter().map(|c| c.bp).sum::<i32>();
    let mut cut = total / 2;
    let from_reserve = cut.min(s.reserve.bp);
    s.reserve.bp -= from_reserve;
    cut -= from_reserve;
    for c in &mut s.columns {
        let n = cut.min(c.bp);
        c.bp -= n;
        cut -= n;
    }
    let arts: i32 = i32::from(s.reserve.guns)
        + i32::from(s.reserve.gatlings)
        + s.columns
            .iter()
            .map(|c| i32::from(c.guns + c.gatlings))
            .sum::<i32>();
    let mut acut = arts / 2;
    while acut > 0 && s.reserve.guns > 0 {
        s.reserve.guns -= 1;
        acut -= 1;
    }
    for c in &mut s.columns {
        while acut > 0 && c.guns > 0 {
            c.guns -= 1;
            acut -= 1;
        }
        while acut > 0 && c.gatlings > 0 {
            c.gatlings -= 1;
            acut -= 1;
        }
    }
    // Columns keep their Commander if he was redrawn; the others are re-led from the
    // kept ones, largest Columns first (the US "may freely assign" them: a reading).
    let mut spare: Vec<usize> = kept.clone();
    for c in &mut s.columns {
        if let Some(k) = c.commander {
            if let Some(i) = spare.iter().position(|&x| x == k) {
                spare.remove(i);
            } else {
                c.commander = None;
            }
        }
    }
    let mut order: Vec<usize> = (0..s.columns.len()).collect();
    order.sort_by_key(|&i| -s.columns[i].bp);
    for i in order {
        if s.columns[i].commander.is_none()
            && let Some(k) = spare.pop()
        {
            s.columns[i].commander = Some(k);
        }
    }
    let mut back = 0;
    s.columns.retain(|c| {
        if c.commander.is_none() || c.bp + i32::from(c.guns + c.gatlings) == 0 {
            back += c.bp;
            false
        } else {
            true
        }
    });
    s.reserve.bp += back;
    s.reserve.commanders = spare;
    log.push(log_pub(format!(
        "after the ACW the US keeps {keep} Commanders, {} Columns and {} BP in Reserve",
        s.columns.len(),
        s.reserve.bp
    )));
    log
}
