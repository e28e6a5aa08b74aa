//! The Indian players (6): a Village's action each played Shaman card — Relocation
//! (6.2), a Raid (6.4), a War Party (6.3) — the post-action choice (6.35), the limits
//! (6.8), Chiefs (6.5), and Treaties (8.11, 8.12, 7.81).

use super::us::{areas, offer_reaction};
use super::{combat, log_pub, seat_vp, us_vp};
use crate::core::game::{LogEntry, Seat};
use crate::games::geronimo::action::{Action, Aim, Res};
use crate::games::geronimo::state::{
    Aid, ChiefStatus, Offer, Pending, Place, RaidCard, State, Target, Tid, Treaty, Trigger, Vid,
    WarParty, d10,
};

/// A Village's id.
pub fn vid(s: &State, v: Vid) -> String {
    s.stat.vdef(v).id.clone()
}

/// The Village an id names.
pub fn village_index(s: &State, id: &str) -> Option<Vid> {
    s.stat.villages.iter().position(|v| v.def.id == id)
}

/// The War Party an id names.
pub fn party_index(s: &State, id: &str) -> Option<usize> {
    let n: u32 = id.strip_prefix("wp")?.parse().ok()?;
    s.parties.iter().position(|p| p.id == n)
}

fn chief_index(s: &State, id: &str) -> Option<usize> {
    s.stat.chiefs.iter().position(|c| c.def.id == id)
}

/// The Villages of `seat`'s Tribes.
pub fn own_villages(s: &State, seat: Seat) -> Vec<Vid> {
    s.sides.tribes[usize::from(seat)]
        .iter()
        .flat_map(|&t| s.stat.villages_of(t).collect::<Vec<_>>())
        .collect()
}

fn can_act(s: &State, v: Vid) -> bool {
    let vs = &s.villages[v];
    !vs.finished && vs.actions < 2
}

/// Distance in Areas between two places (6.36: a War Party at most two from home).
fn within_two(s: &State, home: Aid, a: Aid) -> bool {
    home == a || s.stat.adjacent(home, a) || s.stat.adj[home].iter().any(|&m| s.stat.adjacent(m, a))
}

/// The Resources a War Party of `v` may attack in `a` (7.22).
fn resources_in(s: &State, a: Aid) -> Vec<Res> {
    let ar = &s.areas[a];
    let mut v = Vec::new();
    if ar.settlements > ar.hit_settlements {
        v.push(Res::Settlement);
    }
    if ar.towns > 0 {
        v.push(Res::Town);
    }
    if ar.rr > ar.rr_broken {
        v.push(Res::Rr);
    }
    for &(m, hit) in &ar.mines {
        if !hit {
            v.push(Res::Mine(s.stat.mines[m].id.clone()));
        }
    }
    v
}

/// Every target a War Party from `v` may attack in Area `a` (6.33, 7.1, 9.2Q, 11.2E).
pub fn aims(s: &State, v: Vid, a: Aid, seat: Seat) -> Vec<Aim> {
    let st = &s.stat;
    let t = st.tribe_of(v);
    let peace = s.villages[v].marks.peace_chief || s.villages[v].marks.scouts;
    let mut out = Vec::new();
    if !peace {
        out.extend(resources_in(s, a).into_iter().map(Aim::Res));
        for c in &s.columns {
            if c.area == a && !c.fort && !s.attacked.contains(&Target::Column(c.id)) {
                out.push(Aim::Unit(format!("c{}", c.id)));
            }
        }
    }
    let two = st.players == 2;
    for (w, ws) in s.villages.iter().enumerate() {
        if ws.place != Place::Area(a) || s.attacked.contains(&Target::Village(w)) {
            continue;
        }
        let t2 = st.tribe_of(w);
        let holder = s.holder(t2);
        if t2 == t || holder == Some(seat) || two && holder.is_some() {
            continue;
        }
        if st.enemies(t, t2) || s.villages[v].attacked_by.contains(&t2) && !two {
            out.push(Aim::Unit(vid(s, w)));
        }
    }
    if !two {
        for p in &s.parties {
            let t2 = st.tribe_of(p.village);
            if p.area == a
                && !st.friends(t, t2)
                && s.holder(t2) != Some(seat)
                && !s.attacked.contains(&Target::Party(p.id))
            {
                out.push(Aim::Unit(format!("wp{}", p.id)));
            }
        }
    }
    out
}

fn send_sizes(bp: i32) -> Vec<i32> {
    let mut v = vec![1, bp / 2, bp];
    v.retain(|&b| b >= 1 && b <= bp);
    v.dedup();
    v.sort();
    v.dedup();
    v
}

/// The Chief groups listed for a new War Party of `v`: all at home, each alone when
/// there are several, or none (6.31, 6.32).
fn chief_groups(s: &State, v: Vid) -> Vec<Vec<usize>> {
    let home = s.chiefs_home(v);
    let second = s.villages[v].parties_sent >= 1;
    let mut g: Vec<Vec<usize>> = Vec::new();
    if !second {
        g.push(vec![]);
    }
    if !home.is_empty() {
        g.push(home.clone());
    }
    if home.len() > 1 {
        for &c in &home {
            g.push(vec![c]);
        }
    }
    g
}

/// Whether `v` may send a (first or second) War Party now (6.32, 7.7).
fn may_send(s: &State, v: Vid) -> bool {
    let Some(a) = s.village_area(v) else {
        return false;
    };
    let vs = &s.villages[v];
    if vs.bp < 1 || s.areas[a].mission || vs.marks.scouts {
        return false;
    }
    match vs.parties_sent {
        0 => true,
        // 6.32: a second one needs a Chief for each.
        1 => {
            let first_led = s
                .parties
                .iter()
                .any(|p| p.village == v && !p.chiefs.is_empty());
            first_led && !s.chiefs_home(v).is_empty()
        }
        _ => false,
    }
}

/// The Areas a new War Party of `v` may go to (6.36, 12.1 No Horses).
fn send_areas(s: &State, v: Vid) -> Vec<Aid> {
    let Some(a) = s.village_area(v) else {
        return vec![];
    };
    let mut out = vec![a];
    if !s.villages[v].marks.no_horses {
        out.extend(
            s.stat.adj[a]
                .iter()
                .copied()
                .filter(|&b| s.stat.area(b).is_some()),
        );
    }
    out
}

/// Raid targets for `v` (6.43).
fn raid_targets(s: &State, v: Vid) -> Vec<(String, Res)> {
    let Some(a) = s.village_area(v) else {
        return vec![];
    };
    let mut out = Vec::new();
    let mut places = vec![a];
    places.extend(
        s.stat.adj[a]
            .iter()
            .copied()
            .filter(|&b| s.stat.area(b).is_some()),
    );
    for b in places {
        let ar = &s.areas[b];
        let id = s.stat.aid(b).to_string();
        if ar.settlements > 0 {
            out.push((id.clone(), Res::Settlement));
        }
        if ar.towns > 0 {
            out.push((id.clone(), Res::Town));
        }
        if ar.rr > 0 {
            out.push((id.clone(), Res::Rr));
        }
        for &(m, _) in &ar.mines {
            out.push((id.clone(), Res::Mine(s.stat.mines[m].id.clone())));
        }
        if ar.mission {
            out.push((id, Res::Mission));
        }
    }
    let t = &s.stat.tribes[s.stat.tribe_of(v)];
    if t.mexico_raids && s.stat.adjacent(a, s.stat.mexico) && !s.effects.federales {
        out.push(("mexico".into(), Res::Mexico));
    }
    out
}

/// A Village's raid rating under the Raid card played (6.41, 6.42).
pub fn raid_rating(s: &State, v: Vid) -> Option<i32> {
    let t = &s.stat.tribes[s.stat.tribe_of(v)];
    match s.effects.raid? {
        RaidCard::Raiders => t.raid,
        RaidCard::Any => Some(t.raid.unwrap_or(2)),
    }
}

/// The Indian Operations.
pub fn ops_actions(s: &State) -> Vec<Action> {
    let seat = s.active;
    let mut v = Vec::new();
    let st = &s.stat;
    if !s.acted {
        for w in own_villages(s, seat) {
            if !can_act(s, w) {
                continue;
            }
            let id = vid(s, w);
            match s.villages[w].place {
                Place::Area(a) => {
                    if !s.areas[a].mission && !s.villages[w].marks.scouts {
                        for &b in &st.adj[a] {
                            let foreign = b == st.mexico || b == st.canada;
                            if (st.area(b).is_some() || foreign)
                                && !(b == st.mexico && s.effects.federales)
                            {
                                v.push(Action::Relocate {
                                    village: id.clone(),
                                    to: st.aid(b).to_string(),
                                });
                            }
                        }
                    }
                    if raid_rating(s, w).is_some() {
                        for (area, target) in raid_targets(s, w) {
                            v.push(Action::Raid {
                                village: id.clone(),
                                area,
                                target,
                            });
                        }
                    }
                    if may_send(s, w) {
                        for b in send_areas(s, w) {
                            let targets = aims(s, w, b, seat);
                            for aim in targets {
                                for bp in send_sizes(s.villages[w].bp) {
                                    for chiefs in chief_groups(s, w) {
                                        v.push(Action::Send {
                                            village: id.clone(),
                                            bp,
                                            chiefs: chiefs
                                                .iter()
                                                .map(|&c| st.chiefs[c].def.id.clone())
                                                .collect(),
                                            area: st.aid(b).to_string(),
                                            aim: aim.clone(),
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
                Place::Abroad { country, from } => {
                    let mut back = vec![from];
                    back.extend(
                        st.adj[from]
                            .iter()
                            .copied()
                            .filter(|&b| st.area(b).is_some() && st.adjacent(b, country)),
                    );
                    for b in back {
                        v.push(Action::Relocate {
                            village: id.clone(),
                            to: st.aid(b).to_string(),
                        });
                    }
                }
                _ => {}
            }
            for p in s
                .parties
                .iter()
                .filter(|p| p.village == w && p.actions == 1)
            {
                let home = s.village_area(w).unwrap_or(p.area);
                let mut places = vec![p.area];
                places.extend(
                    st.adj[p.area]
                        .iter()
                        .copied()
                        .filter(|&b| st.area(b).is_some() && within_two(s, home, b)),
                );
                for b in places {
                    for aim in aims(s, w, b, seat) {
                        v.push(Action::Strike {
                            party: format!("wp{}", p.id),
                            area: st.aid(b).to_string(),
                            aim,
                        });
                    }
                }
            }
        }
    }
    if !s.acted {
        v.extend(ally_actions(s));
    } else if let Some(pid) = s.effects.rampage {
        // 9.2V: a second attack against another target in the same Area.
        if let Some(p) = s.party(pid) {
            for aim in aims(s, p.village, p.area, seat) {
                v.push(Action::Strike {
                    party: format!("wp{pid}"),
                    area: st.aid(p.area).to_string(),
                    aim,
                });
            }
        }
    }
    v.extend(offer_actions(s));
    v.push(Action::End);
    v
}

/// Whether a War Party of another size or other Chiefs is legal (6.31, 6.32).
pub fn send_ok(s: &State, a: &Action) -> bool {
    let Action::Send {
        village,
        bp,
        chiefs,
        area,
        aim,
    } = a
    else {
        return false;
    };
    let Some(v) = village_index(s, village) else {
        return false;
    };
    let listed = ops_actions(s).into_iter().any(|x| {
        matches!(&x, Action::Send { village: v2, area: a2, aim: m2, .. }
            if v2 == village && a2 == area && m2 == aim)
    });
    if !listed || *bp < 1 || *bp > s.villages[v].bp {
        return false;
    }
    let home = s.chiefs_home(v);
    let mut ids = Vec::new();
    for c in chiefs {
        match chief_index(s, c) {
            Some(i) if home.contains(&i) && !ids.contains(&i) => ids.push(i),
            _ => return false,
        }
    }
    s.villages[v].parties_sent == 0 || !ids.is_empty()
}

/// The Treaty offers the seat acting may make (8.11): the Indian for his own Villages,
/// the US for Villages of Tribes known to be Active; 0-10 VP listed.
pub fn offer_actions(s: &State) -> Vec<Action> {
    let seat = s.active;
    let most = (5 + s.us_vp_start.max(0)).min(10);
    let villages: Vec<Vid> = if s.is_us(seat) {
        (0..s.villages.len())
            .filter(|&v| {
                let t = s.stat.tribe_of(v);
                s.sides.revealed[t] && s.holder(t).is_some()
            })
            .collect()
    } else {
        own_villages(s, seat)
    };
    let mut out = Vec::new();
    for v in villages {
        if !s.on_map(v) || s.offered.contains(&v) {
            continue;
        }
        for vp in 0..=most {
            out.push(Action::Offer {
                village: vid(s, v),
                vp,
            });
        }
    }
    out
}

/// Whether an offer above the listed ten VP is legal (8.11: the US pays what is over
/// five from what he had at the start of the Turn).
pub fn offer_ok(s: &State, a: &Action) -> bool {
    let Action::Offer { village, vp } = a else {
        return false;
    };
    *vp > 10
        && *vp <= 5 + s.us_vp_start.max(0)
        && offer_actions(s)
            .iter()
            .any(|x| matches!(x, Action::Offer { village: v2, .. } if v2 == village))
}

/// Apply a Village's action.
pub fn village_action(s: &mut State, a: &Action, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    let seat = s.active;
    match a {
        Action::Relocate { village, to } => {
            let (Some(v), Some(b)) = (village_index(s, village), st.map.index(to)) else {
                return;
            };
            s.acted = true;
            s.acting = Some(v);
            reveal(s, v, log);
            s.villages[v].actions += 1;
            let from = match s.villages[v].place {
                Place::Area(a) => a,
                Place::Abroad { country, .. } => country,
                _ => return,
            };
            log.push(log_pub(format!(
                "{} relocate from {} to {} (6.2)",
                st.vdef(v).name,
                st.aname(from),
                st.aname(b)
            )));
            offer_reaction(
                s,
                Trigger::Relocating {
                    village: v,
                    from,
                    to: b,
                },
            );
        }
        Action::Raid {
            village,
            area,
            target,
        } => {
            let Some(v) = village_index(s, village) else {
                return;
            };
            s.acted = true;
            s.acting = Some(v);
            reveal(s, v, log);
            s.villages[v].actions += 1;
            let rating = raid_rating(s, v).unwrap_or(2);
            let r = d10(&mut s.dice);
            s.reveals += 1;
            let ok = r <= rating;
            let what = match target {
                Res::Mexico => "Mexico".to_string(),
                t => format!(
                    "a {t} in {}",
                    st.map.index(area).map_or(area.as_str(), |a| st.aname(a))
                ),
            };
            log.push(log_pub(format!(
                "{} raid {what}: natural {r} against a raid rating of {rating}: {} (6.44)",
                st.vdef(v).name,
                if ok { "success" } else { "no effect" }
            )));
            if ok {
                match target {
                    Res::Mexico => seat_vp(s, seat, 2, log, "a Raid into Mexico (6.44)"),
                    Res::Mission => {
                        if let Some(b) = st.map.index(area) {
                            s.areas[b].mission = false;
                            s.missions = s.missions.saturating_sub(1);
                            s.areas[b].massacres += 1;
                            s.effects.indian_massacre = true;
                            s.effects.peace_policy = false;
                            s.effects.reform = false;
                            log.push(log_pub(format!(
                                "the Mission in {} is destroyed: a Massacre (6.45)",
                                st.aname(b)
                            )));
                        }
                    }
                    _ => seat_vp(s, seat, 1, log, "a successful Raid (6.44)"),
                }
            }
            after_village_action(s, v, log);
        }
        Action::Send {
            village,
            bp,
            chiefs,
            area,
            aim,
        } => {
            let (Some(v), Some(b)) = (village_index(s, village), st.map.index(area)) else {
                return;
            };
            s.acted = true;
            s.acting = Some(v);
            reveal(s, v, log);
            let chiefs: Vec<usize> = chiefs.iter().filter_map(|c| chief_index(s, c)).collect();
            let id = s.next_party;
            s.next_party += 1;
            s.villages[v].bp -= bp;
            s.villages[v].parties_sent += 1;
            s.villages[v].actions += 1;
            s.parties.push(WarParty {
                id,
                village: v,
                area: b,
                bp: *bp,
                chiefs: chiefs.clone(),
                actions: 1,
                allies: vec![],
            });
            let names: Vec<&str> = chiefs
                .iter()
                .map(|&c| st.chiefs[c].def.name.as_str())
                .collect();
            log.push(log_pub(format!(
                "{} send War Party wp{id} of {bp} BP{} into {} against {} (6.31)",
                st.vdef(v).name,
                if names.is_empty() {
                    String::new()
                } else {
                    format!(" led by {}", names.join(" and "))
                },
                st.aname(b),
                aim_name(s, aim)
            )));
            if s.effects.rampage.is_none() && s.rampage_ready {
                s.effects.rampage = Some(id);
            }
            attack(s, id, aim, log);
        }
        Action::Strike { party, area, aim } => {
            let (Some(pi), Some(b)) = (party_index(s, party), st.map.index(area)) else {
                return;
            };
            let id = s.parties[pi].id;
            let v = s.parties[pi].village;
            let second_rampage = s.acted && s.effects.rampage == Some(id);
            s.acted = true;
            s.acting = Some(v);
            if second_rampage {
                s.effects.rampage = None;
                s.rampage_ready = false;
            } else {
                s.parties[pi].actions += 1;
                for w in s.parties[pi].villages() {
                    s.villages[w].actions += 1;
                }
                if s.rampage_ready {
                    s.effects.rampage = Some(id);
                }
            }
            s.parties[pi].area = b;
            log.push(log_pub(format!(
                "War Party {party} of the {} attacks {} in {}{} (6.34)",
                st.vdef(v).name,
                aim_name(s, aim),
                st.aname(b),
                if second_rampage {
                    ", its Rampage (9.2V)"
                } else {
                    ""
                }
            )));
            attack(s, id, aim, log);
        }
        _ => {}
    }
}

fn aim_name(s: &State, aim: &Aim) -> String {
    match aim {
        Aim::Res(Res::Mine(m)) => s
            .stat
            .mines
            .iter()
            .find(|x| x.id == *m)
            .map_or(m.clone(), |x| format!("the {} Mine", x.name)),
        Aim::Res(r) => format!("a {r}"),
        Aim::Unit(u) => combat::unit_name(s, u),
    }
}

/// A Tribal card is shown when its Tribe acts (3.5B).
pub fn reveal(s: &mut State, v: Vid, log: &mut Vec<LogEntry>) {
    let t = s.stat.tribe_of(v);
    if !s.sides.revealed[t] {
        s.sides.revealed[t] = true;
        s.reveals += 1;
        if let Some(p) = s.holder(t) {
            log.push(log_pub(format!(
                "{} shows the {} Tribal card",
                super::name(s, p),
                s.stat.tribes[t].name
            )));
        }
    }
}

/// A War Party's attack, then the Reaction and post-action choice (6.35).
fn attack(s: &mut State, pid: u32, aim: &Aim, log: &mut Vec<LogEntry>) {
    // The post-action choice comes after any Reaction: pushed first.
    s.pending.push(Pending::Stay(pid));
    let area = s.party(pid).map_or(0, |p| p.area);
    match aim {
        Aim::Res(r) => {
            combat::resource_attack(s, pid, area, r, log);
            if s.party(pid).is_some() {
                offer_reaction(s, Trigger::Attacked(pid));
            }
        }
        Aim::Unit(u) => {
            let Some(t) = combat::parse_target(s, u) else {
                return;
            };
            s.attacked.push(t);
            let column = matches!(t, Target::Column(_));
            combat::indian_attack(s, pid, t, area, log);
            if column && s.party(pid).is_some() {
                offer_reaction(s, Trigger::Attacked(pid));
            }
        }
    }
}

/// Apply `stay` / `return` (6.35).
pub fn stay(s: &mut State, a: &Action, log: &mut Vec<LogEntry>) {
    let Some(Pending::Stay(pid)) = s.pending.pop() else {
        return;
    };
    if *a == Action::Return {
        return_party(s, pid, log);
    } else {
        log.push(log_pub(format!(
            "War Party wp{pid} stays on the map (6.35)"
        )));
    }
}

/// A War Party heads home: the US may React before it arrives (5.35); its Village is
/// then Finished (6.8).
pub fn return_party(s: &mut State, pid: u32, log: &mut Vec<LogEntry>) {
    let Some(p) = s.party(pid) else { return };
    let scouts = s.villages[p.village].marks.scouts;
    log.push(log_pub(format!(
        "War Party wp{pid} returns to its Village (6.35)"
    )));
    if scouts {
        s.pending.push(Pending::Finish {
            trigger: Trigger::Returning { party: pid },
            stopped: false,
        });
    } else {
        offer_reaction(s, Trigger::Returning { party: pid });
    }
}

/// After a Village's action: two actions make it Finished and call its War Parties
/// home (6.8).
pub fn after_village_action(s: &mut State, v: Vid, log: &mut Vec<LogEntry>) {
    if s.villages[v].actions >= 2 && !s.villages[v].finished {
        s.villages[v].finished = true;
        log.push(log_pub(format!(
            "{} are Finished for the Turn (6.8)",
            s.stat.vdef(v).name
        )));
        let ids: Vec<u32> = s
            .parties
            .iter()
            .filter(|p| p.village == v)
            .map(|p| p.id)
            .collect();
        for id in ids {
            return_party(s, id, log);
        }
    }
}

/// Complete what a Reaction interrupted.
pub fn finish(s: &mut State, trigger: &Trigger, stopped: bool, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    match *trigger {
        Trigger::Attacked(_) => {}
        Trigger::Returning { party } => {
            if let Some(i) = s.parties.iter().position(|p| p.id == party) {
                let p = s.parties.remove(i);
                disband(s, &p);
                for v in p.villages() {
                    if !s.villages[v].finished {
                        s.villages[v].finished = true;
                        log.push(log_pub(format!(
                            "{} are Finished for the Turn (6.8)",
                            st.vdef(v).name
                        )));
                    }
                    extinct_if_empty(s, v, log);
                }
            }
        }
        Trigger::Relocating { village, to, .. } => {
            if stopped {
                log.push(log_pub(format!(
                    "{} are stopped and stay where they were (5.36)",
                    st.vdef(village).name
                )));
            } else if matches!(
                s.villages[village].place,
                Place::Area(_) | Place::Abroad { .. }
            ) {
                let from = match s.villages[village].place {
                    Place::Area(a) => a,
                    Place::Abroad { from, .. } => from,
                    _ => to,
                };
                s.villages[village].place = if to == st.mexico || to == st.canada {
                    Place::Abroad { country: to, from }
                } else {
                    Place::Area(to)
                };
            }
            after_village_action(s, village, log);
        }
    }
}

/// A post-action choice that needs no decision: the War Party is gone, or it has
/// done its second action and must go home (6.35). Returns whether it did anything.
pub fn settle_stay(s: &mut State, log: &mut Vec<LogEntry>) -> bool {
    let Some(Pending::Stay(pid)) = s.pending.last() else {
        return false;
    };
    let pid = *pid;
    match s.party(pid).cloned() {
        None => {
            s.pending.pop();
            true
        }
        Some(p) if p.villages().iter().any(|&v| s.villages[v].actions >= 2) || p.actions >= 2 => {
            s.pending.pop();
            for v in p.villages() {
                after_village_action(s, v, log);
            }
            if s.party(pid).is_some() && !s.pending.iter().any(|x| matches!(x, Pending::Finish { trigger: Trigger::Returning { party }, .. } if *party == pid)) {
                return_party(s, pid, log);
            }
            true
        }
        Some(_) => false,
    }
}

fn extinct_if_empty(s: &mut State, v: Vid, log: &mut Vec<LogEntry>) {
    super::extinct_check(s, v, log);
}

/// Apply `offer`, `accept`, `refuse` (8.11, 8.12).
pub fn treaty(s: &mut State, seat: Seat, a: &Action, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    match a {
        Action::Offer { village, vp } => {
            let Some(v) = village_index(s, village) else {
                return;
            };
            let to = if s.is_us(seat) {
                s.controller(v).unwrap_or(seat)
            } else {
                s.sides.us
            };
            reveal(s, v, log);
            s.offered.push(v);
            log.push(log_pub(format!(
                "{} offers a Treaty: {} go On Reservation for {vp} VP (8.11)",
                super::who(s, seat),
                st.vdef(v).name
            )));
            s.pending.push(Pending::Treaty(Offer {
                from: seat,
                to,
                village: v,
                vp: *vp,
            }));
        }
        Action::Accept | Action::Refuse => {
            let Some(Pending::Treaty(o)) = s.pending.pop() else {
                return;
            };
            if *a == Action::Refuse {
                log.push(log_pub(format!(
                    "{} refuses the Treaty",
                    super::who(s, o.to)
                )));
                return;
            }
            let indian = if s.is_us(o.from) { o.to } else { o.from };
            log.push(log_pub(format!(
                "{} accepts: {} go On Reservation (8.12)",
                super::who(s, o.to),
                st.vdef(o.village).name
            )));
            super::turn::go_on_reservation(s, o.village, log);
            seat_vp(
                s,
                indian,
                o.vp.min(5),
                log,
                "a Treaty, the first five VP free (8.11)",
            );
            if o.vp > 5 {
                let paid = o.vp - 5;
                s.vp[usize::from(s.sides.us)] -= paid;
                s.vp[usize::from(indian)] += paid;
                log.push(log_pub(format!(
                    "the US pays {paid} VP of his own to {} (8.11)",
                    super::name(s, indian)
                )));
            }
            s.villages[o.village].treaty = Some(Treaty {
                seat: indian,
                vp: o.vp,
                lost: 0,
            });
            us_vp(s, 2, log, "a Village goes On Reservation (8.17)");
            if s.chiefs_of(o.village).next().is_some() {
                s.pending.push(Pending::Prison(o.village));
            }
        }
        _ => {}
    }
}

/// The Chiefs the US may put In Prison after a Treaty (7.81).
pub fn prison_actions(s: &State, v: Vid) -> Vec<Action> {
    let mut out: Vec<Action> = s
        .chiefs_of(v)
        .map(|c| Action::Imprison(s.stat.chiefs[c].def.id.clone()))
        .collect();
    out.push(Action::Spare);
    out
}

/// Apply `imprison` / `spare`.
pub fn prison(s: &mut State, a: &Action, log: &mut Vec<LogEntry>) {
    s.pending.pop();
    if let Action::Imprison(c) = a
        && let Some(i) = chief_index(s, c)
    {
        s.chiefs[i] = ChiefStatus::Prison;
        log.push(log_pub(format!(
            "the US puts {} In Prison (7.81)",
            s.stat.chiefs[i].def.name
        )));
    }
}

/// A War Party's BP go back to its Villages; a combined one's losses come off the
/// largest shares first (6.76: the Alliance's player apportions them; a reading).
pub fn disband(s: &mut State, p: &WarParty) {
    if p.allies.is_empty() {
        s.villages[p.village].bp += p.bp;
        return;
    }
    let mut parts = p.allies.clone();
    let mut lost = parts.iter().map(|x| x.1).sum::<i32>() - p.bp;
    while lost > 0 {
        let Some(big) = parts.iter_mut().filter(|x| x.1 > 0).max_by_key(|x| x.1) else {
            break;
        };
        big.1 -= 1;
        lost -= 1;
    }
    for (v, bp) in parts {
        s.villages[v].bp += bp;
    }
}

/// Whether a set of Tribes may ally (6.71): no two enemies, and each friendly to at
/// least one other.
pub fn fits_alliance(s: &State, tribes: &[Tid]) -> bool {
    tribes.len() >= 2
        && tribes.iter().all(|&a| {
            tribes
                .iter()
                .all(|&b| a == b || !s.stat.enemies(a, b))
                && tribes.iter().any(|&b| a != b && s.stat.friends(a, b))
        })
}

/// The Villages of `seat` that may join an Alliance War Party in Area `a` (6.71,
/// 6.72): unfinished, in or next to `a`, with BP, free to send War Parties.
pub fn alliance_villages(s: &State, seat: Seat, a: Aid) -> Vec<Vid> {
    own_villages(s, seat)
        .into_iter()
        .filter(|&v| {
            let Some(h) = s.village_area(v) else {
                return false;
            };
            (h == a || s.stat.adjacent(h, a))
                && can_act(s, v)
                && s.villages[v].bp >= 1
                && !s.areas[h].mission
                && !s.villages[v].marks.scouts
                && s.villages[v].parties_sent == 0
        })
        .collect()
}

/// The largest set of those Villages whose Tribes may ally, if any: every Village of
/// the Tribes in it.
pub fn alliance_set(s: &State, seat: Seat, a: Aid) -> Option<Vec<Vid>> {
    let vs = alliance_villages(s, seat, a);
    let mut tribes: Vec<Tid> = vs.iter().map(|&v| s.stat.tribe_of(v)).collect();
    tribes.sort();
    tribes.dedup();
    // Drop Tribes that spoil the set, fewest friends first, until it fits.
    let mut set = tribes.clone();
    while set.len() >= 2 && !fits_alliance(s, &set) {
        let worst = *set
            .iter()
            .min_by_key(|&&t| {
                set.iter().filter(|&&o| o != t && s.stat.friends(t, o)).count() as i32
                    - 10 * set.iter().filter(|&&o| s.stat.enemies(t, o)).count() as i32
            })
            .unwrap_or(&set[0]);
        set.retain(|&t| t != worst);
    }
    let chosen: Vec<Vid> = vs
        .into_iter()
        .filter(|v| set.contains(&s.stat.tribe_of(*v)))
        .collect();
    let distinct: std::collections::BTreeSet<Tid> =
        chosen.iter().map(|&v| s.stat.tribe_of(v)).collect();
    (distinct.len() >= 2 || chosen.len() >= 2 && fits_or_one_tribe(&distinct)).then_some(chosen)
}

fn fits_or_one_tribe(t: &std::collections::BTreeSet<Tid>) -> bool {
    // Villages of one Tribe combine only under the Alliance card (6.1).
    t.len() == 1
}

/// The targets an Alliance War Party may attack in `a`: those every member may.
pub fn alliance_aims(s: &State, parts: &[Vid], a: Aid, seat: Seat) -> Vec<Aim> {
    let Some(&first) = parts.first() else {
        return vec![];
    };
    aims(s, first, a, seat)
        .into_iter()
        .filter(|aim| parts.iter().all(|&v| aims(s, v, a, seat).contains(aim)))
        .collect()
}

/// The Alliance War Party actions listed: every Village of the set with all its BP.
pub fn ally_actions(s: &State) -> Vec<Action> {
    let Some(a) = s.effects.alliance else {
        return vec![];
    };
    if s.acted {
        return vec![];
    }
    let Some(parts) = alliance_set(s, s.active, a) else {
        return vec![];
    };
    alliance_aims(s, &parts, a, s.active)
        .into_iter()
        .map(|aim| Action::Ally {
            area: s.stat.aid(a).to_string(),
            parts: parts
                .iter()
                .map(|&v| (vid(s, v), s.villages[v].bp))
                .collect(),
            aim,
        })
        .collect()
}

/// Whether an Alliance War Party of other members or sizes is legal.
pub fn ally_ok(s: &State, a: &Action) -> bool {
    let Action::Ally { area, parts, aim } = a else {
        return false;
    };
    let (Some(at), false) = (s.stat.map.index(area), s.acted) else {
        return false;
    };
    if s.effects.alliance != Some(at) || parts.len() < 2 {
        return false;
    }
    let ok_v = alliance_villages(s, s.active, at);
    let mut vs = Vec::new();
    for (id, bp) in parts {
        match village_index(s, id) {
            Some(v) if ok_v.contains(&v) && !vs.contains(&v) && (1..=s.villages[v].bp).contains(bp) => {
                vs.push(v)
            }
            _ => return false,
        }
    }
    let mut tribes: Vec<Tid> = vs.iter().map(|&v| s.stat.tribe_of(v)).collect();
    tribes.sort();
    tribes.dedup();
    (tribes.len() == 1 || fits_alliance(s, &tribes))
        && alliance_aims(s, &vs, at, s.active).contains(aim)
}

/// Apply `ally`: the combined War Party and its attack (6.73).
pub fn ally(s: &mut State, a: &Action, log: &mut Vec<LogEntry>) {
    let Action::Ally { area, parts, aim } = a else {
        return;
    };
    let st = s.stat.clone();
    let Some(b) = st.map.index(area) else { return };
    let mut allies = Vec::new();
    let mut chiefs = Vec::new();
    for (id, bp) in parts {
        let Some(v) = village_index(s, id) else { continue };
        reveal(s, v, log);
        chiefs.extend(s.chiefs_home(v));
        s.villages[v].bp -= bp;
        s.villages[v].parties_sent += 1;
        s.villages[v].actions += 1;
        allies.push((v, *bp));
    }
    let Some(&(lead, _)) = allies.first() else { return };
    s.acted = true;
    s.acting = Some(lead);
    let id = s.next_party;
    s.next_party += 1;
    let total: i32 = allies.iter().map(|x| x.1).sum();
    s.parties.push(WarParty {
        id,
        village: lead,
        area: b,
        bp: total,
        chiefs,
        actions: 1,
        allies: allies.clone(),
    });
    log.push(log_pub(format!(
        "a Tribal Alliance: {} join War Party wp{id} of {total} BP in {} against {} (6.73)",
        allies
            .iter()
            .map(|&(v, bp)| format!("{} {bp}", st.vdef(v).name))
            .collect::<Vec<_>>()
            .join(", "),
        st.aname(b),
        aim_name(s, aim)
    )));
    attack(s, id, aim, log);
}

#[allow(dead_code)]
fn _areas_used(s: &State) -> usize {
    areas(s).count()
}
