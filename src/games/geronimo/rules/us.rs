//! The US player (5): the starting Columns, Settlements, Towns, Mines and Railroads
//! (5.2), Column plays (5.3, 5.6), Reaction (5.35), Coordination (5.7), losses and
//! Attrition (5.37, 5.38, 5.55).

use super::{combat, log_pub};
use crate::core::game::LogEntry;
use crate::games::geronimo::action::Action;
use crate::games::geronimo::data::{ResourceRoll, Version};
use crate::games::geronimo::state::{
    Aid, Attacker, Column, Fight, Pending, Place, State, Step, Target, Trigger, d10,
};

/// The most BP in one Column (5.31).
pub const MAX_BP: i32 = 20;
/// The most Artillery markers with one Column (5.52).
pub const MAX_ART: u8 = 3;

/// The playable Areas (not Mexico, Canada or the Gray Area).
pub fn areas(s: &State) -> impl Iterator<Item = Aid> + '_ {
    (0..s.stat.map.areas.len()).filter(|&a| s.stat.area(a).is_some())
}

fn area_id(s: &State, id: &str) -> Option<Aid> {
    s.stat.map.index(id).filter(|&a| s.stat.area(a).is_some())
}

/// A Column's id in notation.
pub fn cid(c: &Column) -> String {
    format!("c{}", c.id)
}

/// The Column an id names.
pub fn col_index(s: &State, id: &str) -> Option<usize> {
    let n: u32 = id.strip_prefix('c')?.parse().ok()?;
    s.columns.iter().position(|c| c.id == n)
}

fn sizes(max: i32) -> Vec<i32> {
    let mut v: Vec<i32> = [5, 10, 15, MAX_BP]
        .into_iter()
        .filter(|&b| b <= max.min(MAX_BP))
        .collect();
    if max <= MAX_BP && max > 0 && !v.contains(&max) {
        v.push(max);
    }
    v
}

/// 3.45, 11.11D: the starting Columns.
pub fn deploy_actions(s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    let r = &s.reserve;
    let cap = s.stat.scenario.us_columns.map(usize::from);
    if r.bp > 0 && cap.is_none_or(|c| s.columns.len() < c) {
        for a in areas(s) {
            for bp in sizes(r.bp) {
                for guns in 0..=r.guns.min(MAX_ART) {
                    if !deploy_leaves_room(s, bp, guns) {
                        continue;
                    }
                    for fort in [false, true] {
                        v.push(Action::Deploy {
                            area: s.stat.aid(a).to_string(),
                            bp,
                            guns,
                            fort,
                        });
                    }
                }
            }
        }
    }
    if deploy_complete(s) {
        v.push(Action::Deployed);
    }
    v
}

/// 3.45: every BP and gun goes into Columns, so a starting Column must leave guns the
/// Columns still to come can carry (three each, 5.52).
fn deploy_leaves_room(s: &State, bp: i32, guns: u8) -> bool {
    if s.stat.scenario.us_columns.is_some() {
        return true;
    }
    let (rb, rg) = (s.reserve.bp - bp, i32::from(s.reserve.guns) - i32::from(guns));
    if rb == 0 { rg == 0 } else { rg <= 3 * rb }
}

fn deploy_complete(s: &State) -> bool {
    match s.stat.scenario.us_columns {
        // 11.11D: three Columns, the rest in Reserve.
        Some(n) => s.columns.len() == usize::from(n) || s.reserve.bp == 0,
        // 3.45: all 30 BP and both guns in Column format.
        None => s.reserve.bp == 0 && s.reserve.guns == 0,
    }
}

/// Whether a starting Column of any size is legal.
pub fn deploy_ok(s: &State, a: &Action) -> bool {
    let Action::Deploy { area, bp, guns, .. } = a else {
        return false;
    };
    let cap = s.stat.scenario.us_columns.map(usize::from);
    area_id(s, area).is_some()
        && (1..=MAX_BP.min(s.reserve.bp)).contains(bp)
        && *guns <= s.reserve.guns.min(MAX_ART)
        && cap.is_none_or(|c| s.columns.len() < c)
        && deploy_leaves_room(s, *bp, *guns)
}

/// Apply `deploy` / `deployed`.
pub fn deploy(s: &mut State, a: &Action, log: &mut Vec<LogEntry>) {
    match a {
        Action::Deploy {
            area,
            bp,
            guns,
            fort,
        } => {
            let Some(at) = area_id(s, area) else { return };
            s.reserve.bp -= bp;
            s.reserve.guns -= guns;
            let id = s.next_column;
            s.next_column += 1;
            s.columns.push(Column {
                id,
                commander: None,
                bp: *bp,
                guns: *guns,
                gatlings: 0,
                area: at,
                fort: *fort,
                played: None,
                no_attack: false,
                mormon: false,
                siege: false,
            });
            log.push(log_pub(format!(
                "the US places Column c{id} in {}: {bp} BP, {guns} field gun(s), {}",
                s.stat.aname(at),
                if *fort { "In Fort" } else { "On Patrol" }
            )));
        }
        _ => {
            let mut more = Vec::new();
            log.push(log_pub("the starting Columns are placed"));
            super::turn::begin_picks_after_deploy(s, &mut more);
            log.extend(more);
        }
    }
}

/// 5.21: where a Settlement may go (not the Indian Territory before the Land Rush).
pub fn settle_actions(s: &State) -> Vec<Action> {
    areas(s)
        .filter(|&a| s.effects.land_rush || s.stat.aid(a) != "ok")
        .map(|a| Action::Settle(s.stat.aid(a).to_string()))
        .collect()
}

/// Whether RR markers may be placed now (11.12, 9.2A).
fn rr_allowed(s: &State) -> bool {
    !s.effects.acw_now
        && (s.stat.scenario.version == Version::Basic || s.turn >= s.stat.scenario.rr_from_turn)
}

/// 5.24, 11.12: the Areas that may take a RR marker.
pub fn rr_areas(s: &State) -> Vec<Aid> {
    if !rr_allowed(s) {
        return vec![];
    }
    let total: u32 = s.areas.iter().map(|a| u32::from(a.rr)).sum();
    let first: Vec<Aid> = s
        .stat
        .scenario
        .first_rr
        .iter()
        .filter_map(|id| s.stat.map.index(id))
        .collect();
    let room = |a: Aid| {
        let ar = &s.areas[a];
        ar.town_rp() > 0 && i32::from(ar.rr) < ar.town_rp()
    };
    if (total as usize) < first.len() {
        return first
            .into_iter()
            .filter(|&a| s.areas[a].rr == 0 && room(a))
            .collect();
    }
    areas(s)
        .filter(|&a| {
            room(a)
                && (s.areas[a].rr > 0 || s.stat.adj[a].iter().any(|&b| s.areas[b].rr > 0))
                && (s.effects.land_rush || s.stat.aid(a) != "ok")
        })
        .collect()
}

/// The RR choices.
pub fn rail_actions(s: &State) -> Vec<Action> {
    let mut v: Vec<Action> = rr_areas(s)
        .into_iter()
        .map(|a| Action::Rail(Some(s.stat.aid(a).to_string())))
        .collect();
    v.push(Action::Rail(None));
    v
}

/// 5.22: more than five Settlements make a Town.
pub fn towns(s: &mut State, a: Aid, log: &mut Vec<LogEntry>) {
    while s.areas[a].settlements > 5 {
        s.areas[a].settlements -= 5;
        s.areas[a].towns += 1;
        log.push(log_pub(format!(
            "five Settlements in {} become a Town (5.22)",
            s.stat.aname(a)
        )));
    }
}

/// 5.24: RR markers beyond the Area's Town and Settlement RP are removed, broken ones
/// first.
pub fn rr_excess(s: &mut State, a: Aid, log: &mut Vec<LogEntry>) {
    let ar = &mut s.areas[a];
    let mut removed = 0;
    while i32::from(ar.rr) > ar.town_rp() && ar.rr > 0 {
        ar.rr -= 1;
        ar.rr_broken = ar.rr_broken.min(ar.rr);
        removed += 1;
    }
    if removed > 0 {
        log.push(log_pub(format!(
            "{removed} RR marker(s) in {} exceed its Town and Settlement RP and are removed (5.24)",
            s.stat.aname(a)
        )));
    }
}

/// Apply `settle` and `rail`: the Settlement, then the Resource roll (5.23, 5.24).
pub fn resources(s: &mut State, a: &Action, log: &mut Vec<LogEntry>) {
    match a {
        Action::Settle(id) => {
            let Some(at) = area_id(s, id) else { return };
            s.areas[at].settlements += 1;
            log.push(log_pub(format!(
                "the US places a Settlement in {} (5.21)",
                s.stat.aname(at)
            )));
            towns(s, at, log);
            let r = d10(&mut s.dice);
            s.reveals += 1;
            let res = s
                .stat
                .tables
                .resources
                .iter()
                .find(|row| row.lo <= r && r <= row.hi)
                .map_or(ResourceRoll::Nothing, |row| row.result);
            s.step = Step::Card;
            match res {
                ResourceRoll::Nothing => {
                    log.push(log_pub(format!("Resource roll {r}: nothing (5.23)")))
                }
                ResourceRoll::Mine => {
                    if s.mine_cup.is_empty() {
                        log.push(log_pub(format!(
                            "Resource roll {r}: a Mine, but every Mine is drawn (5.23)"
                        )));
                    } else {
                        let k = s.dice.draw(s.mine_cup.len());
                        let m = s.mine_cup.remove(k);
                        let st = s.stat.clone();
                        if let Some(ma) = st.map.index(&st.mines[m].area) {
                            s.areas[ma].mines.push((m, false));
                            s.areas[ma].settlements += 1;
                            log.push(log_pub(format!(
                                "Resource roll {r}: the {} Mine ({} RP) opens in {}, with a Settlement (5.23)",
                                st.mines[m].name,
                                st.mines[m].value,
                                st.aname(ma)
                            )));
                            towns(s, ma, log);
                        }
                    }
                }
                ResourceRoll::Railroad => {
                    if rr_areas(s).is_empty() {
                        log.push(log_pub(format!(
                            "Resource roll {r}: a Railroad, but no Area may take one now (5.24, 11.12)"
                        )));
                    } else {
                        log.push(log_pub(format!(
                            "Resource roll {r}: the US may place a Railroad (5.24)"
                        )));
                        s.step = Step::Rail;
                    }
                }
            }
        }
        Action::Rail(Some(id)) => {
            if let Some(at) = area_id(s, id) {
                s.areas[at].rr += 1;
                log.push(log_pub(format!(
                    "the US places a RR marker in {} (5.24)",
                    s.stat.aname(at)
                )));
            }
            s.step = Step::Card;
        }
        _ => {
            log.push(log_pub("the US places no RR marker"));
            s.step = Step::Card;
        }
    }
}

/// Whether a Column may be played this Round (5.33, 9.2A, 9.2DD, 9.2O).
pub fn playable(s: &State, c: &Column) -> bool {
    c.commander.is_some()
        && c.played != Some(s.us_round)
        && (s.us_round == 0 || c.played != Some(s.us_round - 1))
        && !(s.effects.acw_now && matches!(s.stat.aid(c.area), "tx" | "nm"))
}

/// The Column's Aggression for 9.2R and 9.2W.
fn aggression(s: &State, cols: &[&Column]) -> i32 {
    cols.iter()
        .filter_map(|c| c.commander)
        .map(|k| s.stat.commanders[k].aggression)
        .sum()
}

/// Whether Columns may attack Village `v` now (5.341, 9.2Q, 9.2R, 9.2W, 9.2Y).
pub fn may_attack_village(s: &State, cols: &[&Column], v: usize, reacting_to_move: bool) -> bool {
    let m = &s.villages[v].marks;
    if m.peace_chief || m.scouts {
        return false;
    }
    if reacting_to_move {
        return true;
    }
    let agg = aggression(s, cols);
    let barred =
        !s.effects.acw_now && (s.effects.peace_policy && agg < 3 || s.effects.reform && agg < 2);
    !barred
}

/// The targets Columns may attack in Area `a`.
pub fn targets(s: &State, cols: &[&Column], a: Aid) -> Vec<String> {
    let mut v = Vec::new();
    for (i, vs) in s.villages.iter().enumerate() {
        if vs.place == Place::Area(a)
            && may_attack_village(s, cols, i, false)
            && !s.attacked.contains(&Target::Village(i))
        {
            v.push(s.stat.vdef(i).id.clone());
        }
    }
    for p in &s.parties {
        if p.area == a && !s.attacked.contains(&Target::Party(p.id)) {
            v.push(format!("wp{}", p.id));
        }
    }
    v
}

fn kansas_blocked(s: &State, to: Aid) -> bool {
    s.effects.bloody_kansas && s.stat.aid(to) == "ks"
}

/// The US Operations: Column plays (5.33), new Columns (5.343), Coordination (5.7).
pub fn ops_actions(s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    if s.plays_left > 0 {
        for c in s.columns.iter().filter(|c| playable(s, c)) {
            let id = cid(c);
            if c.fort {
                let kansas = s.effects.bloody_kansas && s.stat.aid(c.area) == "ks";
                if !(c.siege || kansas) {
                    v.push(Action::Patrol(id.clone()));
                }
                if !c.siege {
                    let room = MAX_BP - c.bp;
                    for bp in sizes(s.reserve.bp.min(room)) {
                        v.push(Action::Reinforce {
                            col: id.clone(),
                            bp,
                            guns: 0,
                            gatlings: 0,
                        });
                    }
                    // One Artillery marker of either kind the Reserve has (5.52).
                    for (guns, gatlings, have) in
                        [(1, 0, s.reserve.guns), (0, 1, s.reserve.gatlings)]
                    {
                        if c.guns + c.gatlings < MAX_ART && have > 0 {
                            v.push(Action::Reinforce {
                                col: id.clone(),
                                bp: 0,
                                guns,
                                gatlings,
                            });
                        }
                    }
                }
                continue;
            }
            if !c.mormon {
                for &b in &s.stat.adj[c.area] {
                    if s.stat.area(b).is_some()
                        && !kansas_blocked(s, b)
                        && !(s.effects.acw_now && matches!(s.stat.aid(b), "tx" | "nm"))
                    {
                        v.push(Action::Move {
                            col: id.clone(),
                            to: s.stat.aid(b).to_string(),
                        });
                    }
                }
                if !c.no_attack {
                    for t in targets(s, &[c], c.area) {
                        v.push(Action::Attack {
                            cols: vec![id.clone()],
                            target: t,
                        });
                    }
                }
            }
            v.push(Action::Fort(id));
        }
        // New Columns (5.343).
        if s.reserve.bp > 0 {
            for &k in &s.reserve.commanders {
                for a in areas(s) {
                    if kansas_blocked(s, a)
                        || (s.effects.acw_now && matches!(s.stat.aid(a), "tx" | "nm"))
                    {
                        continue;
                    }
                    for bp in sizes(s.reserve.bp) {
                        for fort in [false, true] {
                            v.push(Action::Form {
                                cmd: s.stat.commanders[k].id.clone(),
                                area: s.stat.aid(a).to_string(),
                                bp,
                                guns: 0,
                                gatlings: 0,
                                fort,
                            });
                        }
                    }
                }
            }
        }
    }
    // Coordination (5.71, 5.724): up to three Columns, the only operation of the Round.
    if s.plays_left == play_count(s) {
        for a in areas(s) {
            let mut here: Vec<&Column> = s
                .columns
                .iter()
                .filter(|c| c.area == a && !c.fort && !c.no_attack && !c.mormon && playable(s, c))
                .collect();
            if here.len() < 2 {
                continue;
            }
            here.sort_by_key(|c| (-s.speed(c), c.id));
            let mut groups: Vec<Vec<&Column>> = Vec::new();
            for i in 0..here.len() {
                for j in i + 1..here.len() {
                    groups.push(vec![here[i], here[j]]);
                    for k in j + 1..here.len() {
                        groups.push(vec![here[i], here[j], here[k]]);
                    }
                }
            }
            for g in groups {
                for t in targets(s, &g, a) {
                    v.push(Action::Attack {
                        cols: g.iter().map(|c| cid(c)).collect(),
                        target: t,
                    });
                }
            }
        }
    }
    v.extend(super::indian::offer_actions(s));
    v.push(Action::End);
    v
}

/// Column plays a US Round allows (5.33; one in the two-player game, 11.2D).
pub fn play_count(s: &State) -> u8 {
    if s.stat.players == 2 {
        1
    } else {
        s.stat.indians()
    }
}

/// Whether a new Column or reinforcement of any size is legal.
pub fn size_ok(s: &State, a: &Action) -> bool {
    if s.plays_left == 0 {
        return false;
    }
    let r = &s.reserve;
    match a {
        Action::Form {
            cmd,
            area,
            bp,
            guns,
            gatlings,
            ..
        } => {
            let Some(at) = area_id(s, area) else {
                return false;
            };
            r.commanders
                .iter()
                .any(|&k| s.stat.commanders[k].id == *cmd)
                && (1..=MAX_BP.min(r.bp)).contains(bp)
                && *guns <= r.guns
                && *gatlings <= r.gatlings
                && guns + gatlings <= MAX_ART
                && !kansas_blocked(s, at)
                && !(s.effects.acw_now && matches!(s.stat.aid(at), "tx" | "nm"))
        }
        Action::Reinforce {
            col,
            bp,
            guns,
            gatlings,
        } => {
            let Some(i) = col_index(s, col) else {
                return false;
            };
            let c = &s.columns[i];
            playable(s, c)
                && c.fort
                && !c.siege
                && *bp >= 0
                && *bp <= r.bp
                && c.bp + bp <= MAX_BP
                && *guns <= r.guns
                && *gatlings <= r.gatlings
                && c.guns + c.gatlings + guns + gatlings <= MAX_ART
                && bp + i32::from(*guns) + i32::from(*gatlings) > 0
        }
        _ => false,
    }
}

/// Apply a Column play.
pub fn column_play(s: &mut State, a: &Action, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    let round = s.us_round;
    match a {
        Action::Move { col, to } => {
            let (Some(i), Some(b)) = (col_index(s, col), area_id(s, to)) else {
                return;
            };
            let from = s.columns[i].area;
            let c = &mut s.columns[i];
            c.area = b;
            c.no_attack = true;
            c.played = Some(round);
            s.plays_left -= 1;
            log.push(log_pub(format!(
                "Column {col} moves from {} to {} (5.341)",
                st.aname(from),
                st.aname(b)
            )));
        }
        Action::Fort(col) | Action::Patrol(col) => {
            let Some(i) = col_index(s, col) else { return };
            let c = &mut s.columns[i];
            c.fort = matches!(a, Action::Fort(_));
            c.played = Some(round);
            s.plays_left -= 1;
            log.push(log_pub(format!(
                "Column {col} goes {} (5.61)",
                if c.fort { "In Fort" } else { "On Patrol" }
            )));
        }
        Action::Reinforce {
            col,
            bp,
            guns,
            gatlings,
        } => {
            let Some(i) = col_index(s, col) else { return };
            s.reserve.bp -= bp;
            s.reserve.guns -= guns;
            s.reserve.gatlings -= gatlings;
            let c = &mut s.columns[i];
            c.bp += bp;
            c.guns += guns;
            c.gatlings += gatlings;
            c.played = Some(round);
            s.plays_left -= 1;
            log.push(log_pub(format!(
                "Column {col} In Fort takes {bp} BP, {guns} field gun(s) and {gatlings} Gatling(s) from the Reserve (5.342)"
            )));
        }
        Action::Form {
            cmd,
            area,
            bp,
            guns,
            gatlings,
            fort,
        } => {
            let Some(at) = area_id(s, area) else { return };
            let Some(k) = st.commanders.iter().position(|x| x.id == *cmd) else {
                return;
            };
            s.reserve.commanders.retain(|&x| x != k);
            s.reserve.bp -= bp;
            s.reserve.guns -= guns;
            s.reserve.gatlings -= gatlings;
            let id = s.next_column;
            s.next_column += 1;
            s.columns.push(Column {
                id,
                commander: Some(k),
                bp: *bp,
                guns: *guns,
                gatlings: *gatlings,
                area: at,
                fort: *fort,
                played: Some(round),
                no_attack: true,
                mormon: false,
                siege: false,
            });
            s.plays_left -= 1;
            log.push(log_pub(format!(
                "{} forms Column c{id} in {}: {bp} BP, {guns} field gun(s), {gatlings} Gatling(s), {} (5.343)",
                st.commanders[k].name,
                st.aname(at),
                if *fort { "In Fort" } else { "On Patrol" }
            )));
        }
        Action::Attack { cols, target } => {
            let idx: Vec<usize> = cols.iter().filter_map(|c| col_index(s, c)).collect();
            let Some(&lead) = idx.first() else { return };
            let area = s.columns[lead].area;
            let coordinated = idx.len() > 1;
            for &i in &idx {
                s.columns[i].played = Some(round);
            }
            let Some(tgt) = combat::parse_target(s, target) else {
                return;
            };
            let mut joined = vec![s.columns[lead].id];
            if coordinated {
                s.plays_left = 0;
                // 5.72 (11.2D in the two-player game): each joining Column rolls.
                if s.stat.players == 2 {
                    let best = s.speed(&s.columns[lead]);
                    let r = d10(&mut s.dice);
                    s.reveals += 1;
                    if r <= best {
                        joined = idx.iter().map(|&i| s.columns[i].id).collect();
                        log.push(log_pub(format!(
                            "Coordination roll {r}, needing {best} or less: the Columns combine (11.2D)"
                        )));
                    } else {
                        log.push(log_pub(format!(
                            "Coordination roll {r}, needing {best} or less: it fails and no Column moves (11.2D)"
                        )));
                        return;
                    }
                } else {
                    for &i in &idx[1..] {
                        let sp = s.speed(&s.columns[i]);
                        let r = d10(&mut s.dice);
                        s.reveals += 1;
                        let ok = r <= sp;
                        log.push(log_pub(format!(
                            "Coordination roll for c{}: {r}, needing its Speed {sp} or less: {} (5.72)",
                            s.columns[i].id,
                            if ok { "it joins" } else { "it fails" }
                        )));
                        if ok {
                            joined.push(s.columns[i].id);
                        }
                    }
                }
            } else {
                s.plays_left -= 1;
            }
            combat::start_column_attack(
                s,
                Fight {
                    attacker: Attacker::Columns(joined),
                    target: tgt,
                    area,
                    ambush: false,
                    relocating_to: None,
                    round_of: s.active,
                },
                log,
            );
        }
        _ => {}
    }
}

/// The Columns that may try to React to `trigger` (5.35, 5.351, 12.1 Lines Cut).
pub fn reactors(s: &State, trigger: &Trigger) -> Vec<(u32, Aid, i32)> {
    let areas: Vec<Aid> = match trigger {
        Trigger::Attacked(p) | Trigger::Returning { party: p } => {
            s.party(*p).map(|p| vec![p.area]).unwrap_or_default()
        }
        Trigger::Relocating { from, to, .. } => {
            let mut v = vec![*from];
            if s.stat.area(*to).is_some() {
                v.push(*to);
            }
            v
        }
    };
    let mut out = Vec::new();
    for c in &s.columns {
        if c.fort || c.commander.is_none() || c.mormon {
            continue;
        }
        if let Some(&a) = areas.iter().find(|&&a| a == c.area) {
            out.push((c.id, a, 0));
        } else if s.effects.telegraph
            && let Some(&a) = areas.iter().find(|&&a| {
                s.stat.adjacent(a, c.area) && !s.areas[a].lines_cut && !s.areas[c.area].lines_cut
            })
        {
            out.push((c.id, a, 1));
        }
    }
    out
}

/// The Reaction choices.
pub fn react_actions(s: &State, trigger: &Trigger, tried: &[u32]) -> Vec<Action> {
    let mut v: Vec<Action> = reactors(s, trigger)
        .into_iter()
        .filter(|(id, _, _)| !tried.contains(id))
        .map(|(id, _, _)| Action::React(format!("c{id}")))
        .collect();
    v.push(Action::NoReact);
    v
}

/// Open a Reaction window for `trigger` if a Column could React, else finish it.
pub fn offer_reaction(s: &mut State, trigger: Trigger) {
    let can = !reactors(s, &trigger).is_empty();
    s.pending.push(Pending::Finish {
        trigger: trigger.clone(),
        stopped: false,
    });
    if can {
        s.pending.push(Pending::React {
            trigger,
            tried: vec![],
        });
    }
}

/// Apply `react` / `noreact` (5.351).
pub fn react(s: &mut State, a: &Action, log: &mut Vec<LogEntry>) {
    let Some(Pending::React { trigger, mut tried }) = s.pending.pop() else {
        return;
    };
    let Action::React(col) = a else {
        log.push(log_pub("the US does not React"));
        return;
    };
    let Some(i) = col_index(s, col) else { return };
    let Some(&(id, into, plus)) = reactors(s, &trigger)
        .iter()
        .find(|r| r.0 == s.columns[i].id)
    else {
        return;
    };
    tried.push(id);
    let speed = s.speed(&s.columns[i]);
    let r = d10(&mut s.dice);
    s.reveals += 1;
    let ok = r + plus <= speed;
    log.push(log_pub(format!(
        "c{id} tries to React: roll {r}{} against Speed {speed}: {} (5.351)",
        if plus > 0 {
            format!(" +1 into an adjacent Area (Telegraph) = {}", r + 1)
        } else {
            String::new()
        },
        if ok { "it Reacts" } else { "it fails" }
    )));
    if !ok {
        let more = reactors(s, &trigger).iter().any(|r| !tried.contains(&r.0));
        if more {
            s.pending.push(Pending::React { trigger, tried });
        }
        return;
    }
    if s.columns[i].area != into {
        s.columns[i].area = into;
        log.push(log_pub(format!(
            "c{id} moves into {}, still On Patrol",
            s.stat.aname(into)
        )));
    }
    let (target, relocating_to) = match &trigger {
        Trigger::Attacked(p) | Trigger::Returning { party: p } => (Target::Party(*p), None),
        Trigger::Relocating { village, to, .. } => (Target::Village(*village), Some(*to)),
    };
    combat::start_column_attack(
        s,
        Fight {
            attacker: Attacker::Columns(vec![id]),
            target,
            area: into,
            ambush: false,
            relocating_to,
            round_of: s.active,
        },
        log,
    );
}

/// A Column loses `n` BP, Artillery taking what its BP cannot (5.55); an empty Column
/// is gone with its Commander (7.8).
pub fn column_loss(s: &mut State, id: u32, n: i32, log: &mut Vec<LogEntry>) -> i32 {
    let Some(i) = s.columns.iter().position(|c| c.id == id) else {
        return 0;
    };
    let c = &mut s.columns[i];
    let mut left = n;
    let from_bp = left.min(c.bp);
    c.bp -= from_bp;
    left -= from_bp;
    while left > 0 && c.guns + c.gatlings > 0 {
        if c.gatlings > 0 {
            c.gatlings -= 1;
        } else {
            c.guns -= 1;
        }
        left -= 1;
    }
    let lost = n - left;
    if c.bp == 0 && c.guns == 0 && c.gatlings == 0 {
        let k = c.commander;
        s.columns.remove(i);
        if let Some(k) = k {
            s.dead_commanders.push(k);
            log.push(log_pub(format!(
                "Column c{id} is wiped out and {} is killed (7.8)",
                s.stat.commanders[k].name
            )));
        } else {
            log.push(log_pub(format!("Column c{id} is wiped out")));
        }
    }
    lost
}

/// Apply `attrit`: one Column loses an Attrition BP (5.38).
pub fn attrit(s: &mut State, a: &Action, log: &mut Vec<LogEntry>) {
    let Action::Attrit(col) = a else { return };
    let Some(Pending::Attrition(n, mut done)) = s.pending.pop() else {
        return;
    };
    if let Some(i) = col_index(s, col) {
        let id = s.columns[i].id;
        done.push(id);
        log.push(log_pub(format!("Attrition: {col} loses one BP (5.38)")));
        column_loss(s, id, 1, log);
    }
    if n > 1 && s.columns.iter().any(|c| !done.contains(&c.id)) {
        s.pending.push(Pending::Attrition(n - 1, done));
    } else {
        super::turn::after_attrition(s, log);
    }
}
