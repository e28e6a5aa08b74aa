//! The Turn (4.1): Side Determination (3.31), the starting Columns (3.45, 11.11D), the
//! Initial Tribes (3.32), the deal (3.5, 4.2), who goes first (4.3), the Rounds (4.4),
//! and the Survival (4.5, 6.6, 8.14, 6.25, 5.38), Statehood (4.6, 10) and End of Turn
//! (4.7) phases.

use super::{extinct_check, log_pub, us_vp};
use crate::core::game::{LogEntry, Outcome, Seat, SeatResult};
use crate::games::geronimo::data::{Foreign, Version};
use crate::games::geronimo::state::{
    Aid, ChiefStatus, Marks, Pending, Phase, Place, State, Step, Tid, Vid, d10,
};

/// Start the Turn `s.turn`: Side Determination, then the first decision (the starting
/// Columns on the first Turn, else the Initial Tribes).
pub fn begin_turn(s: &mut State) -> Vec<LogEntry> {
    let mut log = vec![log_pub(format!(
        "Turn {} ({}-{}) begins",
        s.turn,
        1851 + 5 * (u32::from(s.turn) - 1),
        1855 + 5 * (u32::from(s.turn) - 1)
    ))];
    // 9.2A: the ACW is in effect at the start of Turn 6 if not played by Turn 5.
    if s.stat.scenario.version == Version::Campaign && s.turn == 6 && !s.effects.acw_done {
        log.push(log_pub(
            "the American Civil War takes effect at the start of Turn 6 (9.2A)",
        ));
        let acw = (0..s.stat.copies.len())
            .find(|&c| s.stat.kind(c) == crate::games::geronimo::data::CardKind::CivilWar);
        if let Some(c) = acw {
            s.removed.push(c);
        }
        s.effects.acw_done = true;
        s.effects.acw_now = true;
        s.effects.pending_acw = true;
    }
    sides(s, &mut log);
    s.us_vp_start = s.vp[usize::from(s.sides.us)];
    if s.us_history.len() == 1 && s.columns.is_empty() {
        s.phase = Phase::Deploy;
        log.push(log_pub(format!(
            "{} places the starting Columns: {} BP and {} field gun(s) (3.45, 11.11D)",
            super::who(s, s.sides.us),
            s.reserve.bp,
            s.reserve.guns
        )));
    } else {
        start_picks(s, &mut log);
    }
    log
}

/// 3.31 (and 11.2A, 12.2): who plays the US this Turn.
fn sides(s: &mut State, log: &mut Vec<LogEntry>) {
    let n = s.stat.players;
    let basic = s.stat.scenario.version == Version::Basic;
    let h = &s.us_history;
    let mut excluded: Option<Seat> = None;
    // 3.31 (11.2A for two players: the sides switch after the first Turn): the US of
    // the last Turn (Basic) or of the last two (Campaign) draws no US marker.
    if !s.stat.free_sides && (basic || h.len() >= 2 && h[h.len() - 1] == h[h.len() - 2]) {
        excluded = h.last().copied();
    }
    let pool: Vec<Seat> = (0..n).filter(|&p| Some(p) != excluded).collect();
    let us = pool[s.dice.draw(pool.len())];
    s.reveals += 1;
    s.us_history.push(us);
    s.sides.us = us;
    s.sides.tribes = vec![vec![]; usize::from(n)];
    s.sides.revealed = vec![false; s.stat.tribes.len()];
    let why = match excluded {
        Some(e) => format!(
            " ({} played the US before and draws an Indian marker, 3.31)",
            super::name(s, e)
        ),
        None => String::new(),
    };
    log.push(log_pub(format!(
        "Side Determination: {} is the US this Turn{why}",
        super::name(s, us)
    )));
}

/// Order of the Indian players for a choice made "lowest VP first" (3.32, 4.3), ties
/// by a die roll; on the game's first Turn a roll-off, high roller first, then
/// clockwise.
fn vp_order(s: &mut State, seats: Vec<Seat>, first_turn_rolloff: bool) -> Vec<Seat> {
    let n = s.stat.players;
    if first_turn_rolloff {
        let rolls: Vec<(Seat, i32, u64)> = seats
            .iter()
            .map(|&p| (p, d10(&mut s.dice), s.dice.draw(1_000_000) as u64))
            .collect();
        s.reveals += 1;
        let top = rolls
            .iter()
            .max_by_key(|(_, r, t)| (*r, *t))
            .map(|x| x.0)
            .unwrap_or(0);
        let mut order = Vec::new();
        for k in 0..n {
            let p = (top + k) % n;
            if seats.contains(&p) {
                order.push(p);
            }
        }
        return order;
    }
    let mut keyed: Vec<(i32, u64, Seat)> = seats
        .iter()
        .map(|&p| (s.vp[usize::from(p)], s.dice.draw(1_000_000) as u64, p))
        .collect();
    s.reveals += 1;
    keyed.sort();
    keyed.into_iter().map(|k| k.2).collect()
}

fn start_picks(s: &mut State, log: &mut Vec<LogEntry>) {
    let indians: Vec<Seat> = s.indian_seats().collect();
    let first = s.us_history.len() == 1;
    let order = vp_order(s, indians, first);
    log.push(log_pub(format!(
        "Initial Tribes are chosen in this order: {} (3.32)",
        order
            .iter()
            .map(|&p| super::name(s, p))
            .collect::<Vec<_>>()
            .join(", ")
    )));
    s.phase = Phase::Pick {
        order,
        at: 0,
        first: None,
    };
}

/// After the starting Columns: the Initial Tribes.
pub fn begin_picks_after_deploy(s: &mut State, log: &mut Vec<LogEntry>) {
    start_picks(s, log);
}

/// The Tribes a seat may still pick: in play, not On Reservation as a whole, not
/// taken (3.32).
pub fn pickable(s: &State) -> Vec<Tid> {
    (0..s.stat.tribes.len())
        .filter(|&t| s.tribe_in_play(t) && s.holder(t).is_none())
        .collect()
}

/// Whether a Tribe allows only itself as the Initial pick (3.32: the Sioux or Apache).
pub fn alone(s: &State, t: Tid) -> bool {
    s.stat.players > 2 && matches!(s.stat.tribes[t].id.as_str(), "sioux" | "apache")
}

/// Move to the next picker, or deal when all have picked.
pub fn next_picker(s: &mut State, log: &mut Vec<LogEntry>) {
    if let Phase::Pick { order, at, first } = &mut s.phase {
        *at += 1;
        *first = None;
        if *at < order.len() {
            return;
        }
    }
    deal(s, log);
}

/// 3.5, 4.2: deal the Tribal and Shaman cards, the US BP, Artillery and Commanders, and
/// find who goes first.
fn deal(s: &mut State, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    let indians: Vec<Seat> = s.indian_seats().collect();
    let k = indians.len().clamp(1, 4);
    let per = usize::from(st.tables.tribal_cards[k - 1]);
    // The Tribal deck: every Tribe in play not held.
    let mut deck: Vec<Tid> = pickable(s);
    // Deal one at a time, lowest VP first, so a short deck shorts the leaders (4.21).
    let mut order = indians.clone();
    order.sort_by_key(|&p| s.vp[usize::from(p)]);
    loop {
        let mut any = false;
        for &p in &order {
            if s.sides.tribes[usize::from(p)].len() < per && !deck.is_empty() {
                let i = s.dice.draw(deck.len());
                let t = deck.remove(i);
                s.sides.tribes[usize::from(p)].push(t);
                any = true;
            }
        }
        if !any {
            break;
        }
    }
    for &p in &indians {
        let names: Vec<&str> = s.sides.tribes[usize::from(p)]
            .iter()
            .map(|&t| st.tribes[t].name.as_str())
            .collect();
        log.push(LogEntry::private(
            p,
            format!("your Tribal cards this Turn: {}", names.join(", ")),
        ));
    }
    // Shaman cards (3.5D).
    let mut cards: Vec<usize> = (0..st.copies.len())
        .filter(|c| !s.removed.contains(c))
        .collect();
    let each = usize::from(st.tables.shaman_cards[usize::from(st.players.clamp(2, 5) - 2)]);
    for p in 0..st.players {
        let mut hand = Vec::new();
        for _ in 0..each {
            if cards.is_empty() {
                break;
            }
            let i = s.dice.draw(cards.len());
            hand.push(cards.remove(i));
        }
        hand.sort_by(|&a, &b| st.copies[a].id.cmp(&st.copies[b].id));
        let names: Vec<String> = hand
            .iter()
            .map(|&c| format!("{} ({})", st.card_name(c), st.copies[c].id))
            .collect();
        log.push(LogEntry::private(
            p,
            format!("your Shaman cards: {}", names.join(", ")),
        ));
        s.hands[usize::from(p)] = hand;
    }
    s.played.clear();
    s.cards_used = vec![0; usize::from(st.players)];
    s.cards_played = vec![0; usize::from(st.players)];
    // US BP (4.23).
    let first_campaign = st.scenario.version == Version::Campaign && s.turn == 1;
    if first_campaign {
        log.push(log_pub(
            "no new BP on the first Turn of the Campaign (4.23)",
        ));
    } else {
        new_bp(s, log);
    }
    // Artillery (4.24, 5.51): a Gatling when it may be taken, else field guns.
    let art = st
        .tables
        .turns
        .get(usize::from(s.turn) - 1)
        .map_or(0, |t| t.artillery);
    s.effects.gatling_taken = false;
    if art > 0 && !first_campaign {
        let mut guns = art;
        if s.effects.gatling {
            s.reserve.gatlings += 1;
            s.effects.gatling_taken = true;
            guns -= 1;
        }
        s.reserve.guns += guns;
        log.push(log_pub(format!(
            "the US gets {art} Artillery marker(s) (4.24){}",
            if s.effects.gatling_taken {
                ", one of them a Gatling (5.51)"
            } else {
                ""
            }
        )));
    }
    // Commanders (4.22, 5.46).
    let n_cmd = commanders_for_turn(s);
    let mut pool: Vec<usize> = (0..st.commanders.len())
        .filter(|c| !s.dead_commanders.contains(c))
        .collect();
    let mut drawn = Vec::new();
    for _ in 0..n_cmd {
        if pool.is_empty() {
            break;
        }
        let i = s.dice.draw(pool.len());
        drawn.push(pool.remove(i));
    }
    let mut unled: Vec<usize> = (0..s.columns.len())
        .filter(|&i| s.columns[i].commander.is_none())
        .collect();
    while !unled.is_empty() && !drawn.is_empty() {
        let ci = unled.remove(s.dice.draw(unled.len()));
        let k = drawn.remove(s.dice.draw(drawn.len()));
        s.columns[ci].commander = Some(k);
    }
    // Columns left without a Commander go back to the Reserve (5.46).
    let mut back = 0;
    s.columns.retain(|c| {
        if c.commander.is_none() {
            back += 1;
            false
        } else {
            true
        }
    });
    if back > 0 {
        log.push(log_pub(format!(
            "{back} Column(s) without a Commander return to the Reserve (5.46)"
        )));
    }
    s.reserve.commanders = drawn;
    log.push(log_pub(format!(
        "the US draws {n_cmd} Commanders (4.22{}): {}",
        if s.turn >= 7 { ", 5.46" } else { "" },
        s.columns
            .iter()
            .map(|c| format!(
                "{} leads c{}",
                c.commander.map_or("?", |k| st.commanders[k].name.as_str()),
                c.id
            ))
            .chain(
                s.reserve
                    .commanders
                    .iter()
                    .map(|&k| format!("{} in Reserve", st.commanders[k].name))
            )
            .collect::<Vec<_>>()
            .join(", ")
    )));
    if s.effects.pending_acw {
        s.effects.pending_acw = false;
        log.extend(crate::games::geronimo::rules::cards::civil_war(s));
    }
    // 4.3: who goes first.
    let all: Vec<Seat> = (0..st.players).collect();
    let first = vp_order(s, all, s.us_history.len() == 1)[0];
    s.first = first;
    s.active = first;
    s.round = 0;
    log.push(log_pub(format!(
        "{} has the first Round (4.3)",
        super::who(s, first)
    )));
    s.phase = Phase::Rounds;
    begin_round(s, log);
}

/// 4.23: the US rolls four dice for new BP before the ACW, six after it.
pub fn new_bp(s: &mut State, log: &mut Vec<LogEntry>) -> i32 {
    let st = s.stat.clone();
    let dice = if s.effects.acw_done && !s.effects.pending_acw {
        st.tables.bp_dice[1]
    } else {
        st.tables.bp_dice[0]
    };
    let rolls: Vec<i32> = (0..dice).map(|_| d10(&mut s.dice)).collect();
    let total: i32 = rolls.iter().sum();
    s.reserve.bp += total;
    log.push(log_pub(format!(
        "the US rolls {dice} dice for new BP: {} = {total} BP (4.23)",
        rolls
            .iter()
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join(" + ")
    )));
    total
}

/// Commanders drawn this Turn: the Turn Track, or 24 − States + half the Tribes in
/// play on Turns 7 and 8 (5.46).
pub fn commanders_for_turn(s: &State) -> usize {
    let st = &s.stat;
    match st
        .tables
        .turns
        .get(usize::from(s.turn) - 1)
        .and_then(|t| t.commanders)
    {
        Some(n) => usize::from(n),
        None => {
            let tribes = (0..st.tribes.len()).filter(|&t| s.tribe_in_play(t)).count();
            (24 + tribes / 2).saturating_sub(s.states())
        }
    }
}

/// Start a Round: the Resource Allotment, unless the two-player game has passed its
/// first twenty cards (11.2C).
pub fn begin_round(s: &mut State, log: &mut Vec<LogEntry>) {
    s.round += 1;
    s.attacked.clear();
    s.acting = None;
    s.acted = false;
    s.effects.raid = None;
    s.effects.rampage = None;
    s.effects.atrocity = false;
    s.effects.alliance = None;
    s.rampage_ready = false;
    s.offered.clear();
    // 5.341, 5.343: the bar on attacking after a move or placement lasts the Round.
    for c in &mut s.columns {
        c.no_attack = false;
    }
    if s.is_us(s.active) {
        s.us_round += 1;
    }
    if s.stat.players == 2 && s.round > 20 {
        s.step = Step::Card;
    } else {
        s.step = Step::Settle;
    }
    let _ = log;
}

/// The end of a Round: the Transcontinental RR (5.241), then the next player's Round
/// or, with every Shaman card used, the end of the Card Play Phase.
pub fn end_round(s: &mut State, log: &mut Vec<LogEntry>) {
    if !s.effects.transcontinental && transcontinental(s) {
        s.effects.transcontinental = true;
        us_vp(s, 2, log, "completes the Transcontinental Railroad (5.241)");
    }
    if s.hands.iter().all(Vec::is_empty) {
        end_of_cards(s, log);
        return;
    }
    let n = s.stat.players;
    let mut next = (s.active + 1) % n;
    for _ in 0..n {
        if !s.hands[usize::from(next)].is_empty() {
            break;
        }
        next = (next + 1) % n;
    }
    s.active = next;
    begin_round(s, log);
}

/// 5.241: an unbroken line of RR Areas from the eastern to the western edge.
pub fn transcontinental(s: &State) -> bool {
    let st = &s.stat;
    let ok = |a: Aid| s.areas[a].rr > 0 && s.areas[a].rr_broken == 0;
    let mut seen = vec![false; st.map.areas.len()];
    let mut stack: Vec<Aid> = st.east_edge.iter().copied().filter(|&a| ok(a)).collect();
    for &a in &stack {
        seen[a] = true;
    }
    while let Some(a) = stack.pop() {
        if st.west_edge.contains(&a) {
            return true;
        }
        for &b in &st.adj[a] {
            if !seen[b] && ok(b) {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    false
}

/// The Survival Phase (4.5) and what follows.
fn end_of_cards(s: &mut State, log: &mut Vec<LogEntry>) {
    log.push(log_pub(
        "every Shaman card is used: the Survival Phase (4.5)",
    ));
    // War Parties go home for the count of the Villages' BP (they return at the end of
    // the Turn anyway, 4.7; the Survival shares count Villages, 6.63).
    survival(s, log);
    forced_reservation(s, log);
    foreign_government(s, log);
    // 5.38 Attrition.
    let r = d10(&mut s.dice);
    s.reveals += 1;
    let cols = s.columns.len() as i32;
    let n = r.min(cols);
    log.push(log_pub(format!(
        "Attrition roll {r}: {n} Column(s) lose one BP (5.38)"
    )));
    // 12.1 (4) Siege: a besieged Column loses one BP whatever the roll.
    let sieged: Vec<u32> = s.columns.iter().filter(|c| c.siege).map(|c| c.id).collect();
    for id in sieged {
        super::us::column_loss(s, id, 1, log);
    }
    if n > 0 && !s.columns.is_empty() {
        s.pending.push(Pending::Attrition(
            u8::try_from(n).unwrap_or(u8::MAX),
            vec![],
        ));
    } else {
        after_attrition(s, log);
    }
}

/// After the Attrition choices: Statehood and the End of the Turn.
pub fn after_attrition(s: &mut State, log: &mut Vec<LogEntry>) {
    statehood(s, log);
    end_of_turn(s, log);
}

/// 6.6: each Area's Survival Points shared among its Villages, and the Active ones
/// short of their rating lose a BP.
pub fn survival(s: &mut State, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    for a in 0..st.map.areas.len() {
        let Some(def) = st.area(a) else { continue };
        let here: Vec<Vid> = (0..s.villages.len())
            .filter(|&v| s.village_area(v) == Some(a))
            .collect();
        if here.is_empty() {
            continue;
        }
        let ar = &s.areas[a];
        let avail = (def.survival - s.rp(a) + ar.weather - 2 * i32::from(ar.skulls)).max(0);
        let n = here.len() as i32;
        let base = avail / n;
        let mut left = avail % n;
        // Leftovers to the largest Villages, ties by a die roll (6.63).
        let mut by_size: Vec<(i32, u64, Vid)> = here
            .iter()
            .map(|&v| (-s.villages[v].bp, s.dice.draw(1_000_000) as u64, v))
            .collect();
        by_size.sort();
        let mut share = vec![base; s.villages.len()];
        for &(_, _, v) in &by_size {
            if left > 0 {
                share[v] += 1;
                left -= 1;
            }
        }
        for &v in &here {
            let t = st.tribe_of(v);
            if s.holder(t).is_none() {
                continue;
            }
            let vs = &s.villages[v];
            let mut sp = (share[v] - vs.devastation).max(0);
            let mut why = format!("{} of {avail}", share[v]);
            if vs.devastation > 0 {
                why += &format!(", Devastated -{}", vs.devastation);
            }
            if vs.actions == 0 {
                sp *= 2;
                why += ", doubled for doing nothing";
            }
            if s.areas[a].mission {
                sp *= 2;
                why += ", doubled by the Mission";
            }
            let rating = st.vdef(v).survival;
            if sp < rating {
                s.villages[v].bp = (s.villages[v].bp - 1).max(0);
                log.push(log_pub(format!(
                    "Survival: {} in {} earn {sp} SP ({why}) against a rating of {rating}: they lose one BP (6.65)",
                    st.vdef(v).name,
                    st.aname(a)
                )));
                extinct_check(s, v, log);
            } else {
                log.push(log_pub(format!(
                    "Survival: {} in {} earn {sp} SP ({why}), rating {rating}: safe (6.65)",
                    st.vdef(v).name,
                    st.aname(a)
                )));
            }
        }
    }
}

/// 8.14: Active Villages at half their printed strength or less roll for the
/// Reservation: a roll up to the Survival rating sends them On.
pub fn forced_reservation(s: &mut State, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    for v in 0..s.villages.len() {
        if !s.on_map(v) || s.holder(st.tribe_of(v)).is_none() {
            continue;
        }
        let total = s.villages[v].bp
            + s.parties
                .iter()
                .filter(|p| p.village == v)
                .map(|p| p.bp)
                .sum::<i32>();
        let printed = st.vdef(v).bp;
        if total * 2 > printed || total == 0 {
            continue;
        }
        let r = d10(&mut s.dice);
        s.reveals += 1;
        let rating = st.vdef(v).survival;
        if r <= rating {
            log.push(log_pub(format!(
                "{} ({total} of {printed} BP) roll {r} for the Reservation, needing {rating} or less: they go On Reservation (8.14)",
                st.vdef(v).name
            )));
            go_on_reservation(s, v, log);
            // 7.81: their available Chiefs go to Prison.
            let chiefs: Vec<usize> = s.chiefs_of(v).collect();
            for c in chiefs {
                s.chiefs[c] = ChiefStatus::Prison;
                log.push(log_pub(format!(
                    "{} goes to Prison (7.81)",
                    st.chiefs[c].def.name
                )));
            }
            us_vp(s, 2, log, "a Village goes On Reservation (8.17)");
        } else {
            log.push(log_pub(format!(
                "{} ({total} of {printed} BP) roll {r} for the Reservation, needing {rating} or less: they stay (8.14)",
                st.vdef(v).name
            )));
        }
    }
}

/// Put a Village On Reservation with its War Parties (8.15, 8.18).
pub fn go_on_reservation(s: &mut State, v: Vid, log: &mut Vec<LogEntry>) {
    let Some(a) = s.village_area(v) else { return };
    let back: i32 = s
        .parties
        .iter()
        .filter(|p| p.village == v)
        .map(|p| p.bp)
        .sum();
    s.parties.retain(|p| p.village != v);
    s.villages[v].bp += back;
    s.villages[v].place = Place::Reservation { from: a };
    s.villages[v].finished = true;
    let t = s.stat.tribe_of(v);
    if !s.tribe_in_play(t) {
        // The Tribe's card goes to the On Reservation box (8.15).
        for hand in &mut s.sides.tribes {
            hand.retain(|&x| x != t);
        }
        if !s.reservation_deck.contains(&t) {
            s.reservation_deck.push(t);
        }
    }
    let _ = log;
}

/// 6.25: Villages abroad roll on the Foreign Government table.
pub fn foreign_government(s: &mut State, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    for v in 0..s.villages.len() {
        let Place::Abroad { country, from } = s.villages[v].place else {
            continue;
        };
        let r = d10(&mut s.dice);
        s.reveals += 1;
        let res = st
            .tables
            .foreign
            .iter()
            .find(|row| row.lo <= r && r <= row.hi)
            .map_or(Foreign::Stay, |row| row.result);
        let name = st.vdef(v).name.clone();
        match res {
            Foreign::Stay => log.push(log_pub(format!(
                "Foreign Government roll for {name} in {}: {r}, no change (6.25)",
                st.aname(country)
            ))),
            Foreign::DrivenOut => {
                s.villages[v].bp /= 2;
                s.villages[v].place = Place::Area(from);
                log.push(log_pub(format!(
                    "Foreign Government roll for {name} in {}: {r}, driven out into {} and halved to {} BP (6.25)",
                    st.aname(country),
                    st.aname(from),
                    s.villages[v].bp
                )));
                extinct_check(s, v, log);
            }
            Foreign::Destroyed => {
                s.villages[v].bp = 0;
                log.push(log_pub(format!(
                    "Foreign Government roll for {name} in {}: {r}, the Village is destroyed (6.25)",
                    st.aname(country)
                )));
                super::make_extinct(s, v, log);
            }
        }
    }
}

/// 4.6, 10.2, 10.3: maintenance, then new States.
pub fn statehood(s: &mut State, log: &mut Vec<LogEntry>) {
    let st = s.stat.clone();
    let mut failing = 0;
    for a in 0..st.map.areas.len() {
        let Some(d) = st.area(a) else { continue };
        if s.areas[a].state && s.rp(a) < d.statehood {
            failing += 1;
            log.push(log_pub(format!(
                "{} has {} RP, below its level of {}: the US loses one VP (10.31)",
                st.aname(a),
                s.rp(a),
                d.statehood
            )));
            us_vp(s, -1, log, "a State below maintenance (10.31)");
        }
    }
    let indians = usize::from(st.indians()).clamp(1, 4);
    let vp = st.tables.statehood_vp[indians - 1];
    for a in 0..st.map.areas.len() {
        let Some(d) = st.area(a) else { continue };
        let ar = &s.areas[a];
        if ar.state || ar.no_statehood {
            continue;
        }
        if s.effects.acw_now && matches!(d.id.as_str(), "nm" | "az") {
            continue;
        }
        let total = s.rp(a) - i32::from(ar.massacres);
        if total <= d.statehood {
            continue;
        }
        if failing > 0 {
            let r = d10(&mut s.dice);
            s.reveals += 1;
            if r > 8 - failing {
                log.push(log_pub(format!(
                    "{} ({total} RP against {}) rolls {r} for Statehood, needing {} or less with {failing} State(s) failing: refused (10.32)",
                    st.aname(a),
                    d.statehood,
                    8 - failing
                )));
                continue;
            }
        }
        s.areas[a].state = true;
        log.push(log_pub(format!(
            "{} becomes a State: {total} RP against {} (10.21)",
            st.aname(a),
            d.statehood
        )));
        us_vp(s, vp, log, "a new State (10.11)");
    }
}

/// 4.7: markers off, cards back, Commanders to the cup, War Parties home; the next
/// Turn, or the end of the game.
fn end_of_turn(s: &mut State, log: &mut Vec<LogEntry>) {
    for p in std::mem::take(&mut s.parties) {
        super::indian::disband(s, &p);
    }
    for v in &mut s.villages {
        v.actions = 0;
        v.finished = false;
        v.devastation = 0;
        v.parties_sent = 0;
        v.attacked_by.clear();
        v.marks = Marks::default();
        v.treaty = None;
    }
    for a in &mut s.areas {
        a.rr_broken = 0;
        a.hit_settlements = 0;
        for m in &mut a.mines {
            m.1 = false;
        }
        a.massacres = 0;
        a.weather = 0;
        a.no_statehood = false;
        a.hunter_campaign = false;
        a.lines_cut = false;
    }
    for c in &mut s.columns {
        c.commander = None;
        c.no_attack = false;
        c.mormon = false;
        c.siege = false;
    }
    s.reserve.commanders.clear();
    let keep_transcon = s.effects.transcontinental;
    let e = &mut s.effects;
    e.acw_now = false;
    e.bloody_kansas = false;
    e.peace_policy = false;
    e.reform = false;
    e.winter = false;
    e.indian_massacre = false;
    e.federales = false;
    e.mormons_due = false;
    e.rolled_event.clear();
    e.horse_killers = false;
    e.hostages = false;
    e.transcontinental = keep_transcon;
    log.push(log_pub(format!(
        "End of Turn {}: VP {}",
        s.turn,
        (0..s.stat.players)
            .map(|p| format!("{} {}", super::name(s, p), s.vp[usize::from(p)]))
            .collect::<Vec<_>>()
            .join(", ")
    )));
    if s.turn >= s.stat.scenario.last_turn {
        finish(s, log);
        return;
    }
    s.turn += 1;
    let more = begin_turn(s);
    log.extend(more);
}

/// 10.1: the most VP wins; seats ranked by VP, ties sharing a rank.
fn finish(s: &mut State, log: &mut Vec<LogEntry>) {
    let n = usize::from(s.stat.players);
    let results: Vec<SeatResult> = (0..n)
        .map(|p| {
            let better = s.vp.iter().filter(|&&x| x > s.vp[p]).count();
            SeatResult::Rank(u8::try_from(better + 1).unwrap_or(u8::MAX))
        })
        .collect();
    let best = s.vp.iter().copied().max().unwrap_or(0);
    let winners: Vec<String> = (0..n)
        .filter(|&p| s.vp[p] == best)
        .map(|p| super::name(s, p as Seat))
        .collect();
    let summary = format!(
        "{} with {best} VP: the most VP wins (10.1)",
        winners.join(" and ")
    );
    log.push(log_pub(format!("Game over: {summary}")));
    s.phase = Phase::Over;
    s.result = Some(Outcome {
        results,
        scores: s.vp.clone(),
        summary,
    });
}
