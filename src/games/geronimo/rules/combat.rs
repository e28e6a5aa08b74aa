//! Combat (7): attacks on Resources and Massacres (7.2), Battles on the Battle Table
//! with the odds and every modifier (7.3), attacks on Villages and Devastation (7.4),
//! Evasion, Pursuit and Ambush (7.5), Massacres against Villages (7.6) and Leader
//! casualties (7.8).

use super::indian::{party_index, village_index};
use super::us::{col_index, column_loss};
use super::{log_pub, seat_vp, us_vp};
use crate::core::game::{LogEntry, Seat};
use crate::games::geronimo::action::{Action, Res};
use crate::games::geronimo::data::BattleResult;
use crate::games::geronimo::state::{
    Aid, Attacker, Chid, Column, Fight, Pending, Place, State, Target, Trigger, Vid, d10,
};

/// The target an id names: a War Party `wp<n>`, a Column `c<n>` or a Village.
pub fn parse_target(s: &State, id: &str) -> Option<Target> {
    if let Some(i) = party_index(s, id) {
        return Some(Target::Party(s.parties[i].id));
    }
    if let Some(i) = col_index(s, id) {
        return Some(Target::Column(s.columns[i].id));
    }
    village_index(s, id).map(Target::Village)
}

/// A target's name for the log.
pub fn unit_name(s: &State, id: &str) -> String {
    match parse_target(s, id) {
        Some(Target::Party(p)) => s.party(p).map_or(id.to_string(), |x| {
            format!("War Party {id} of the {}", s.stat.vdef(x.village).name)
        }),
        Some(Target::Column(c)) => s.column(c).map_or(id.to_string(), |x| {
            format!(
                "Column {id}{}",
                x.commander
                    .map(|k| format!(" ({})", s.stat.commanders[k].name))
                    .unwrap_or_default()
            )
        }),
        Some(Target::Village(v)) => format!("the {} Village", s.stat.vdef(v).name),
        None => id.to_string(),
    }
}

/// The Village behind an Indian target.
fn target_village(s: &State, t: Target) -> Option<Vid> {
    match t {
        Target::Village(v) => Some(v),
        Target::Party(p) => s.party(p).map(|p| p.village),
        Target::Column(_) => None,
    }
}

/// The seat that decides for the target of a Column attack.
pub fn defender_seat(s: &State, f: &Fight) -> Option<Seat> {
    target_village(s, f.target).and_then(|v| s.controller(v))
}

/// Combined Chief ratings (6.53): Combat the best plus one per other Chief of Combat 2
/// or 3; Evasion the best; Aggression the sum.
pub fn chief_ratings(s: &State, chiefs: &[Chid]) -> (i32, i32, i32) {
    let defs: Vec<_> = chiefs.iter().map(|&c| &s.stat.chiefs[c].def).collect();
    let Some(best) = defs.iter().map(|d| d.combat).max() else {
        return (0, 0, 0);
    };
    let mut extra = defs.iter().filter(|d| d.combat >= 2).count() as i32;
    if best >= 2 {
        extra -= 1;
    }
    (
        best + extra.max(0),
        defs.iter().map(|d| d.evasion).max().unwrap_or(0),
        defs.iter().map(|d| d.aggression).sum(),
    )
}

/// Combined Commander ratings (5.722): Combat the best plus one per other Commander of
/// Combat 2; Pursuit the best; Aggression the sum; Guerrilla if any.
pub fn commander_ratings(s: &State, cols: &[&Column]) -> (i32, i32, i32, bool) {
    let defs: Vec<_> = cols
        .iter()
        .filter_map(|c| c.commander)
        .map(|k| &s.stat.commanders[k])
        .collect();
    let Some(best) = defs.iter().map(|d| d.combat).max() else {
        return (0, 0, 0, false);
    };
    let mut extra = defs.iter().filter(|d| d.combat >= 2).count() as i32;
    if best >= 2 {
        extra -= 1;
    }
    (
        best + extra.max(0),
        defs.iter().map(|d| d.pursuit).max().unwrap_or(0),
        defs.iter().map(|d| d.aggression).sum(),
        defs.iter().any(|d| d.guerrilla),
    )
}

fn fight_columns<'a>(s: &'a State, f: &Fight) -> Vec<&'a Column> {
    match &f.attacker {
        Attacker::Columns(ids) => ids.iter().filter_map(|&id| s.column(id)).collect(),
        Attacker::Party(_) => match f.target {
            Target::Column(c) => s.column(c).into_iter().collect(),
            _ => vec![],
        },
    }
}

/// The Speed of Columns fighting together (5.32, 5.722).
pub fn group_speed(s: &State, cols: &[&Column]) -> i32 {
    if let [one] = cols {
        return s.speed(one);
    }
    let bp: i32 = cols.iter().map(|c| c.bp).sum();
    let guns: i32 = cols.iter().map(|c| i32::from(c.guns)).sum();
    let (_, pursuit, _, _) = commander_ratings(s, cols);
    let base = 3 - ((bp - 5).max(0) + 4) / 5;
    let scouts = cols.iter().any(|c| s.scouted(c.area));
    (base - guns + pursuit + i32::from(scouts)).max(0)
}

/// The Indian force of a target: BP present and Chiefs with it.
fn indian_force(s: &State, t: Target) -> (i32, Vec<Chid>) {
    match t {
        Target::Party(p) => s.party(p).map_or((0, vec![]), |p| (p.bp, p.chiefs.clone())),
        Target::Village(v) => (s.villages[v].bp, s.chiefs_home(v)),
        Target::Column(_) => (0, vec![]),
    }
}

fn mountain(s: &State, a: Aid) -> bool {
    s.stat.area(a).is_some_and(|d| d.mountain)
}

/// Begin a Column attack: Evasion first where the defender may try it (7.4, 7.51,
/// 9.2F).
pub fn start_column_attack(s: &mut State, f: Fight, log: &mut Vec<LogEntry>) {
    if !s.attacked.contains(&f.target) {
        s.attacked.push(f.target);
    }
    let names: Vec<String> = fight_columns(s, &f)
        .iter()
        .map(|c| format!("c{}", c.id))
        .collect();
    log.push(log_pub(format!(
        "{} attack {} in {} (7.1)",
        names.join(" and "),
        unit_name(s, &target_id(s, f.target)),
        s.stat.aname(f.area)
    )));
    let Some(v) = target_village(s, f.target) else {
        return;
    };
    if let Some(t) = Some(s.stat.tribe_of(v)) {
        super::indian::reveal(s, v, log);
        let _ = t;
    }
    let inactive = s.controller(v).is_none();
    let lust = members(s, f.target)
        .iter()
        .any(|&w| s.villages[w].marks.blood_lust);
    if inactive || lust {
        if inactive {
            log.push(log_pub(
                "an Inactive Tribe's Village defends with everything it has: no Evasion (7.4)",
            ));
        } else {
            log.push(log_pub("Blood Lust: no Evasion (9.2F)"));
        }
        battle(s, &f, log);
    } else {
        s.pending.push(Pending::Evade(f));
    }
}

fn target_id(s: &State, t: Target) -> String {
    match t {
        Target::Party(p) => format!("wp{p}"),
        Target::Column(c) => format!("c{c}"),
        Target::Village(v) => s.stat.vdef(v).id.clone(),
    }
}

/// The Evasion choices.
pub fn evade_actions(_s: &State, _f: &Fight) -> Vec<Action> {
    vec![Action::Evade, Action::Stand]
}

/// The Ambush choices: an Ambush needs BP present (7.54).
pub fn ambush_actions(s: &State, f: &Fight) -> Vec<Action> {
    let (bp, _) = indian_force(s, f.target);
    if bp > 0 {
        vec![Action::Ambush, Action::Stand]
    } else {
        vec![Action::Stand]
    }
}

/// 7.52: the Evasion Capability.
pub fn evasion_capability(s: &State, f: &Fight) -> (i32, String) {
    if target_village(s, f.target).is_none() {
        return (0, String::new());
    }
    let vs = members(s, f.target);
    let tribe_ev = best(s, &vs, |d| d.evasion);
    let guerrilla = vs.iter().any(|&w| s.stat.vdef(w).guerrilla);
    let (_, chiefs) = indian_force(s, f.target);
    let (_, ev, _) = chief_ratings(s, &chiefs);
    let mut cap = tribe_ev + ev;
    let mut why = format!("Tribe {tribe_ev}");
    if ev != 0 {
        why += &format!(", Chief {ev:+}");
    }
    if guerrilla && mountain(s, f.area) {
        cap += 1;
        why += ", Guerilla in a Mountain Area +1";
    }
    if matches!(f.target, Target::Party(_)) {
        cap += 3;
        why += ", War Party +3";
    }
    if s.effects.winter {
        cap -= 1;
        why += ", Winter Campaigning -1";
    }
    if vs.iter().any(|&w| s.villages[w].marks.no_horses) {
        cap -= 2;
        why += ", No Horses -2";
    }
    (cap, why)
}

/// Lose one BP to attrition: a Village with none takes Devastation 1 instead (7.55).
fn attrition_bp(s: &mut State, t: Target, log: &mut Vec<LogEntry>, why: &str) {
    match t {
        Target::Party(p) => {
            if let Some(i) = s.parties.iter().position(|x| x.id == p) {
                s.parties[i].bp -= 1;
                log.push(log_pub(format!("wp{p} loses one BP: {why}")));
                if s.parties[i].bp <= 0 {
                    party_gone(s, p, log);
                }
            }
        }
        Target::Village(v) => {
            if s.villages[v].bp > 0 {
                s.villages[v].bp -= 1;
                log.push(log_pub(format!(
                    "the {} lose one BP: {why}",
                    s.stat.vdef(v).name
                )));
                super::extinct_check(s, v, log);
            } else {
                s.villages[v].devastation += 1;
                log.push(log_pub(format!(
                    "the {} Village, empty, is Devastated -1 instead: {why} (7.55)",
                    s.stat.vdef(v).name
                )));
            }
        }
        Target::Column(_) => {}
    }
}

/// A War Party loses `n` BP; wiped out, it is gone with its Chiefs (7.8).
pub fn party_loss(s: &mut State, pid: u32, n: i32, log: &mut Vec<LogEntry>) {
    if let Some(i) = s.parties.iter().position(|x| x.id == pid) {
        s.parties[i].bp -= n;
        if s.parties[i].bp <= 0 {
            party_gone(s, pid, log);
        }
    }
}

/// A War Party wiped out: its Chiefs die with it (7.8), and its Village may be Extinct.
fn party_gone(s: &mut State, p: u32, log: &mut Vec<LogEntry>) {
    let Some(i) = s.parties.iter().position(|x| x.id == p) else {
        return;
    };
    let party = s.parties.remove(i);
    log.push(log_pub(format!("War Party wp{p} is wiped out")));
    for &c in &party.chiefs {
        s.chiefs[c] = crate::games::geronimo::state::ChiefStatus::Killed;
        log.push(log_pub(format!(
            "{} is killed (7.8)",
            s.stat.chiefs[c].def.name
        )));
    }
    for v in party.villages() {
        super::extinct_check(s, v, log);
    }
}

fn target_exists(s: &State, t: Target) -> bool {
    match t {
        Target::Party(p) => s.party(p).is_some(),
        Target::Village(v) => s.on_map(v),
        Target::Column(c) => s.column(c).is_some(),
    }
}

/// Apply `evade`, `stand`, `pursue`, `letgo`, `ambush`.
pub fn decide(s: &mut State, a: &Action, log: &mut Vec<LogEntry>) {
    let Some(p) = s.pending.pop() else { return };
    match (p, a) {
        (Pending::Evade(f), Action::Evade) => {
            let (cap, why) = evasion_capability(s, &f);
            let r = d10(&mut s.dice);
            s.reveals += 1;
            if let Some(v) = target_village(s, f.target) {
                s.villages[v].marks.stronghold = false;
            }
            if r <= cap {
                log.push(log_pub(format!(
                    "Evasion roll {r} against a capability of {cap} ({why}): they evade (7.52)"
                )));
                if r == 0 {
                    attrition_bp(s, f.target, log, "Evasion Attrition on a natural 0 (7.52)");
                }
                if s.effects.winter && target_exists(s, f.target) {
                    attrition_bp(s, f.target, log, "Winter Campaigning (9.2HH)");
                }
                if target_exists(s, f.target) {
                    s.pending.push(Pending::Pursue(f));
                }
            } else {
                log.push(log_pub(format!(
                    "Evasion roll {r} against a capability of {cap} ({why}): it fails, battle (7.52)"
                )));
                battle(s, &f, log);
            }
        }
        (Pending::Ambush(mut f), Action::Ambush) => {
            let Some(v) = target_village(s, f.target) else {
                return;
            };
            let _ = v;
            let vs = members(s, f.target);
            let (_, chiefs) = indian_force(s, f.target);
            let top = chiefs
                .iter()
                .map(|&c| s.stat.chiefs[c].def.aggression)
                .max()
                .unwrap_or(0);
            let mut cap = best(s, &vs, |d| d.aggression) + top;
            if vs.iter().any(|&w| s.villages[w].marks.medicine) {
                cap += 1;
            }
            if vs.iter().any(|&w| s.stat.vdef(w).guerrilla) && mountain(s, f.area) {
                cap += 1;
            }
            let r = d10(&mut s.dice);
            s.reveals += 1;
            if r <= cap {
                log.push(log_pub(format!(
                    "Ambush roll {r} against a capability of {cap}: an Ambush, +3 and the odds in the Indians' favour (7.54)"
                )));
                f.ambush = true;
                battle(s, &f, log);
            } else if r == 9 {
                log.push(log_pub(format!(
                    "Ambush roll 9 against a capability of {cap}: no battle, they slip away losing one BP (7.54)"
                )));
                attrition_bp(s, f.target, log, "an Ambush roll of 9 (7.54)");
                after_fight(s, &f, 0, 0, log);
            } else {
                log.push(log_pub(format!(
                    "Ambush roll {r} against a capability of {cap}: no Ambush, battle (7.54)"
                )));
                battle(s, &f, log);
            }
        }
        (Pending::Evade(f), _) | (Pending::Ambush(f), _) => {
            log.push(log_pub("the Indians stand and fight"));
            battle(s, &f, log);
        }
        (Pending::Pursue(f), Action::Pursue) => {
            let cols = fight_columns(s, &f);
            let speed = group_speed(s, &cols);
            let (_, _, _, g) = commander_ratings(s, &cols);
            let mut cap = speed;
            let mut why = format!("Speed {speed}");
            if g && mountain(s, f.area) {
                cap += 1;
                why += ", Guerilla Commander in a Mountain Area +1";
            }
            if s.effects.winter {
                cap -= 2;
                why += ", Winter Campaigning -2";
            }
            let lead = cols.first().map(|c| c.id);
            if s.effects.winter
                && let Some(id) = lead
            {
                log.push(log_pub(format!(
                    "c{id} loses one BP pursuing in winter (9.2HH)"
                )));
                column_loss(s, id, 1, log);
            }
            let r = d10(&mut s.dice);
            s.reveals += 1;
            if r <= cap && !fight_columns(s, &f).is_empty() {
                log.push(log_pub(format!(
                    "Pursuit roll {r} against a capability of {cap} ({why}): caught (7.53)"
                )));
                s.pending.push(Pending::Ambush(f));
                if ambush_actions(
                    s,
                    match s.pending.last() {
                        Some(Pending::Ambush(f)) => f,
                        _ => return,
                    },
                )
                .len()
                    == 1
                    && let Some(Pending::Ambush(f)) = s.pending.pop()
                {
                    battle(s, &f, log);
                }
            } else {
                log.push(log_pub(format!(
                    "Pursuit roll {r} against a capability of {cap} ({why}): they get away (7.53)"
                )));
                after_fight(s, &f, 0, 0, log);
            }
        }
        (Pending::Pursue(f), _) => {
            log.push(log_pub("the US does not pursue"));
            after_fight(s, &f, 0, 0, log);
        }
        (other, _) => s.pending.push(other),
    }
}

/// The odds DRM for one side (7.31). `up`: rounded in this side's favour (the smallest
/// listed ratio at or above its own), else against it.
pub fn odds_drm(s: &State, mine: i32, theirs: i32, up: bool) -> (i32, String) {
    let t = &s.stat.tables.odds;
    let r = f64::from(mine) / f64::from(theirs.max(1));
    let val = |o: &crate::games::geronimo::data::OddsRow| f64::from(o.num) / f64::from(o.den);
    let pick = if up {
        t.iter().find(|o| val(o) >= r - 1e-9).or_else(|| t.last())
    } else {
        t.iter()
            .rev()
            .find(|o| val(o) <= r + 1e-9)
            .or_else(|| t.first())
    };
    pick.map_or((0, String::new()), |o| {
        (o.drm, format!("{}-{} odds {:+}", o.num, o.den, o.drm))
    })
}

/// 7.31, Indian against Indian: the attacker's ratio to the nearest listed one, ties
/// toward the defender; the defender takes the mirror.
pub fn nearest_odds(s: &State, att: i32, def: i32) -> (i32, i32, String) {
    let t = &s.stat.tables.odds;
    let r = f64::from(att) / f64::from(def.max(1));
    let val = |o: &crate::games::geronimo::data::OddsRow| f64::from(o.num) / f64::from(o.den);
    let mut best: Option<&crate::games::geronimo::data::OddsRow> = None;
    for o in t {
        let d = (val(o) - r).abs();
        match best {
            Some(b) if (val(b) - r).abs() <= d - 1e-9 => {}
            Some(b) if ((val(b) - r).abs() - d).abs() < 1e-9 => {
                // Equidistant: the one less good for the attacker.
                if val(o) < val(b) {
                    best = Some(o);
                }
            }
            _ => best = Some(o),
        }
    }
    let Some(o) = best else {
        return (0, 0, String::new());
    };
    let mirror = t
        .iter()
        .find(|m| m.num == o.den && m.den == o.num)
        .map_or(-o.drm, |m| m.drm);
    (o.drm, mirror, format!("{}-{}", o.num, o.den))
}

fn table(s: &State, total: i32) -> BattleResult {
    s.stat
        .tables
        .battle
        .iter()
        .find(|r| r.lo <= total && total <= r.hi)
        .map_or(
            BattleResult {
                loss: Some(0),
                massacre: None,
            },
            |r| r.result,
        )
}

fn result_text(r: BattleResult) -> String {
    let l = r.loss.map_or("ALL".to_string(), |n| n.to_string());
    match r.massacre {
        Some(m) => format!("{l}[M{m}]"),
        None => l,
    }
}

fn cap(s: &State, drm: i32) -> i32 {
    let c = s.stat.tables.drm_cap;
    drm.clamp(-c, c)
}

/// The Villages of an Indian force: a War Party's (several under an Alliance, 6.73)
/// or the Village attacked.
fn members(s: &State, t: Target) -> Vec<Vid> {
    match t {
        Target::Party(p) => s.party(p).map(|p| p.villages()).unwrap_or_default(),
        Target::Village(v) => vec![v],
        Target::Column(_) => vec![],
    }
}

/// The best of a rating among a force's Villages (6.73: an Alliance uses the highest).
fn best(s: &State, vs: &[Vid], f: impl Fn(&crate::games::geronimo::data::VillageDef) -> i32) -> i32 {
    vs.iter().map(|&v| f(s.stat.vdef(v))).max().unwrap_or(0)
}

/// Battle DRMs of an Indian force from its Chiefs, its Villages' markers and its Tribes'
/// Poison Arrows, all added together under an Alliance (7.31, 9.2F, 9.2Z, 12.1, 6.73),
/// without the odds and the Tribal Battle rating.
fn indian_mods(s: &State, vs: &[Vid], chiefs: &[Chid], parts: &mut Vec<String>) -> i32 {
    let (c, _, _) = chief_ratings(s, chiefs);
    let mut drm = 0;
    if c != 0 {
        drm += c;
        parts.push(format!("Chief {c:+}"));
    }
    let mut tribes = Vec::new();
    for &v in vs {
        let m = &s.villages[v].marks;
        if m.blood_lust {
            drm += 2;
            parts.push("Blood Lust +2".into());
        }
        if m.medicine {
            drm += 2;
            parts.push("Shaman Medicine +2".into());
        }
        if m.gunrunners {
            drm += 1;
            parts.push("Gunrunners +1".into());
        }
        let t = s.stat.tribe_of(v);
        if !tribes.contains(&t) {
            tribes.push(t);
            let pa = s.stat.tribes[t].poison_arrows;
            if pa != 0 {
                drm += pa;
                parts.push(format!("Poison Arrows {pa:+}"));
            }
        }
    }
    drm
}

/// US Battle DRMs besides the odds (7.31, 5.53, 5.54, 9.2BB).
fn us_mods(s: &mut State, ids: &[u32], parts: &mut Vec<String>) -> i32 {
    let cols: Vec<Column> = ids.iter().filter_map(|&id| s.column(id).cloned()).collect();
    let refs: Vec<&Column> = cols.iter().collect();
    let (c, _, _, _) = commander_ratings(s, &refs);
    let mut drm = 0;
    if c != 0 {
        drm += c;
        parts.push(format!("Commander {c:+}"));
    }
    let guns: i32 = cols.iter().map(|c| i32::from(c.guns)).sum();
    if guns > 0 {
        drm += guns;
        parts.push(format!("field guns {guns:+}"));
    }
    let gat: u8 = cols.iter().map(|c| c.gatlings).sum();
    if gat > 0 {
        let rolls: Vec<i32> = (0..gat).map(|_| d10(&mut s.dice)).collect();
        let odd = rolls.iter().filter(|r| *r % 2 == 1).count() as i32;
        drm += odd;
        parts.push(format!(
            "Gatlings {odd:+} (rolls {})",
            rolls
                .iter()
                .map(|r| r.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if s.effects.springfield {
        drm += 1;
        parts.push("Springfield +1".into());
    }
    drm
}

/// Apply Indian losses to a target; returns BP actually lost.
fn indian_loss(
    s: &mut State,
    t: Target,
    res: BattleResult,
    by_columns: bool,
    agg: i32,
    log: &mut Vec<LogEntry>,
) -> i32 {
    match t {
        Target::Party(p) => {
            let Some(i) = s.parties.iter().position(|x| x.id == p) else {
                return 0;
            };
            let have = s.parties[i].bp;
            let n = res.loss.map_or(have, |l| l.min(have));
            s.parties[i].bp -= n;
            let v = s.parties[i].village;
            if n > 0 {
                medicine(s, v, &s.parties[i].chiefs.clone(), log);
            }
            if s.parties.get(i).is_some_and(|x| x.bp <= 0) {
                party_gone(s, p, log);
            }
            n
        }
        Target::Village(v) => {
            let have = s.villages[v].bp;
            let chiefs = s.chiefs_home(v);
            if !by_columns {
                let n = res.loss.map_or(have, |l| l.min(have));
                s.villages[v].bp -= n;
                if n > 0 {
                    medicine(s, v, &chiefs, log);
                }
                if s.villages[v].bp <= 0 {
                    for c in chiefs {
                        s.chiefs[c] = crate::games::geronimo::state::ChiefStatus::Killed;
                    }
                    super::extinct_check(s, v, log);
                }
                return n;
            }
            // 7.41 Devastation.
            let name = s.stat.vdef(v).name.clone();
            let lost;
            match res.loss {
                None => {
                    lost = have;
                    s.villages[v].bp = 0;
                    s.villages[v].devastation += 3;
                    for c in chiefs {
                        s.chiefs[c] = crate::games::geronimo::state::ChiefStatus::Killed;
                        log.push(log_pub(format!(
                            "{} is killed (7.8)",
                            s.stat.chiefs[c].def.name
                        )));
                    }
                    log.push(log_pub(format!(
                        "ALL: the {name} lose every BP in the Village and are Devastated -3 (7.41)"
                    )));
                }
                Some(0) => lost = 0,
                Some(n) if have == 0 => {
                    lost = 0;
                    s.villages[v].devastation += n.min(3);
                    log.push(log_pub(format!(
                        "the empty {name} Village is Devastated -{} (7.41)",
                        n.min(3)
                    )));
                }
                Some(n) => {
                    lost = 1;
                    s.villages[v].bp -= 1;
                    let dev = (n - 1).min(3);
                    s.villages[v].devastation += dev;
                    log.push(log_pub(format!(
                        "the {name} lose one BP{} (7.41)",
                        if dev > 0 {
                            format!(" and are Devastated -{dev}")
                        } else {
                            String::new()
                        }
                    )));
                    if lost > 0 {
                        medicine(s, v, &chiefs, log);
                    }
                }
            }
            // 7.62 Massacre.
            if let Some(m) = res.massacre
                && agg > m
            {
                let a = s.village_area(v).unwrap_or(0);
                log.push(log_pub(format!(
                    "the US Aggression {agg} is above M{m}: a Massacre in {} (7.62)",
                    s.stat.aname(a)
                )));
                us_massacre(s, a, log);
            }
            super::extinct_check(s, v, log);
            lost
        }
        Target::Column(_) => 0,
    }
}

/// 9.2Z: a Village under Shaman Medicine that loses a BP in battle rolls for each Chief
/// in the battle; an even roll kills him. The Medicine is over.
fn medicine(s: &mut State, v: Vid, chiefs: &[Chid], log: &mut Vec<LogEntry>) {
    if !s.villages[v].marks.medicine {
        return;
    }
    s.villages[v].marks.medicine = false;
    for &c in chiefs {
        let r = d10(&mut s.dice);
        if r % 2 == 0 {
            s.chiefs[c] = crate::games::geronimo::state::ChiefStatus::Killed;
            s.parties
                .iter_mut()
                .for_each(|p| p.chiefs.retain(|&x| x != c));
            log.push(log_pub(format!(
                "Shaman Medicine fails: {} rolls {r} and is killed (9.2Z)",
                s.stat.chiefs[c].def.name
            )));
        } else {
            log.push(log_pub(format!(
                "Shaman Medicine: {} rolls {r} and lives (9.2Z)",
                s.stat.chiefs[c].def.name
            )));
        }
    }
}

/// A US-inflicted Massacre (7.64, 8.21).
pub fn us_massacre(s: &mut State, a: Aid, log: &mut Vec<LogEntry>) {
    s.areas[a].massacres += 1;
    for v in 0..s.villages.len() {
        if s.villages[v].place != (Place::Reservation { from: a }) {
            continue;
        }
        let d = s.stat.vdef(v);
        let chiefs: i32 = s
            .stat
            .chiefs
            .iter()
            .enumerate()
            .filter(|(i, c)| {
                c.village == v
                    && s.chiefs[*i] == crate::games::geronimo::state::ChiefStatus::Free
                    && c.def.turns.contains(&s.turn)
            })
            .map(|(_, c)| c.def.aggression)
            .sum();
        let total = d.aggression + chiefs;
        let r = d10(&mut s.dice);
        s.reveals += 1;
        if r <= total {
            log.push(log_pub(format!(
                "Unrest roll for the {} On Reservation: {r} against Aggression {total}: they leave the Reservation (8.21)",
                d.name
            )));
            leave_reservation(s, v, log);
            us_vp(s, -1, log, "a Tribe goes Off Reservation (8.17)");
        } else {
            log.push(log_pub(format!(
                "Unrest roll for the {} On Reservation: {r} against Aggression {total}: they stay (8.21)",
                d.name
            )));
        }
    }
}

/// A Village leaves the Reservation: back on the map where it went on, its card back in
/// the deck (8.24).
pub fn leave_reservation(s: &mut State, v: Vid, _log: &mut Vec<LogEntry>) {
    if let Place::Reservation { from } = s.villages[v].place {
        s.villages[v].place = Place::Area(from);
        s.villages[v].treaty = None;
        let t = s.stat.tribe_of(v);
        s.reservation_deck.retain(|&x| x != t);
    }
}

/// A Battle (7.3), with the Column attack's special cases (7.4).
pub fn battle(s: &mut State, f: &Fight, log: &mut Vec<LogEntry>) {
    let Some(v) = target_village(s, f.target) else {
        return;
    };
    let Attacker::Columns(ids) = &f.attacker else {
        return;
    };
    let ids: Vec<u32> = ids
        .iter()
        .copied()
        .filter(|&id| s.column(id).is_some())
        .collect();
    if ids.is_empty() || !target_exists(s, f.target) {
        return;
    }
    let cols: Vec<Column> = ids.iter().filter_map(|&id| s.column(id).cloned()).collect();
    let refs: Vec<&Column> = cols.iter().collect();
    let (_, _, agg, _) = commander_ratings(s, &refs);
    let us_bp: i32 = cols
        .iter()
        .map(|c| c.bp + i32::from(c.guns) + i32::from(c.gatlings))
        .sum();
    let (ind_bp, chiefs) = indian_force(s, f.target);
    let mut up = Vec::new();
    let mut us_drm = us_mods(s, &ids, &mut up);
    let empty = ind_bp == 0;
    if empty {
        us_drm += 6;
        up.push("an undefended Village +6 (7.4)".into());
    } else {
        let (o, t) = odds_drm(s, us_bp, ind_bp, !f.ambush);
        us_drm += o;
        up.push(t);
    }
    if s.villages[v].marks.stronghold && matches!(f.target, Target::Village(_)) {
        us_drm -= 3;
        up.push("Stronghold -3".into());
    }
    let us_total_drm = cap(s, us_drm);
    let r_us = d10(&mut s.dice);
    s.reveals += 1;
    let res_us = table(s, r_us + us_total_drm);
    log.push(log_pub(format!(
        "US Battle roll {r_us} {us_total_drm:+} ({}{}) = {}: {} (7.31, Battle Table)",
        up.join(", "),
        if us_drm != us_total_drm {
            ", capped at 8"
        } else {
            ""
        },
        r_us + us_total_drm,
        result_text(res_us)
    )));
    let mut res_ind = BattleResult {
        loss: Some(0),
        massacre: None,
    };
    if !empty {
        let mut ip = Vec::new();
        let vs = members(s, f.target);
        let mut drm = indian_mods(s, &vs, &chiefs, &mut ip);
        let (o, t) = odds_drm(s, ind_bp, us_bp, f.ambush);
        drm += o;
        ip.push(t);
        let battle_rating = best(s, &vs, |d| d.battle);
        if battle_rating != 0 {
            drm += battle_rating;
            ip.push(format!("Tribal Battle rating {battle_rating:+} defending"));
        }
        if f.ambush {
            drm += 3;
            ip.push("Ambush +3".into());
        }
        let total = cap(s, drm);
        let r = d10(&mut s.dice);
        res_ind = table(s, r + total);
        log.push(log_pub(format!(
            "Indian Battle roll {r} {total:+} ({}) = {}: {} (7.31, Battle Table)",
            ip.join(", "),
            r + total,
            result_text(res_ind)
        )));
    } else {
        log.push(log_pub("the undefended Village does not roll (7.4)"));
    }
    // Losses.
    let us_loss_wanted = res_ind.loss.unwrap_or(us_bp);
    let mut us_lost = 0;
    for _ in 0..us_loss_wanted {
        let Some(id) = s
            .columns
            .iter()
            .filter(|c| ids.contains(&c.id))
            .max_by_key(|c| (c.bp, std::cmp::Reverse(c.id)))
            .map(|c| c.id)
        else {
            break;
        };
        us_lost += column_loss(s, id, 1, log);
    }
    let ind_lost = indian_loss(s, f.target, res_us, true, agg, log);
    log.push(log_pub(format!(
        "losses: the US {us_lost} BP, the Indians {ind_lost} BP (7.32)"
    )));
    // 7.33 VP.
    let holder = s.controller(v);
    if matches!(f.target, Target::Party(_)) && ind_lost > us_lost {
        us_vp(
            s,
            1,
            log,
            "a Battle won against a War Party as the attacker (7.33)",
        );
    }
    if us_lost > ind_lost
        && let Some(p) = holder
    {
        seat_vp(
            s,
            p,
            us_lost - ind_lost,
            log,
            "US BP lost beyond Indian losses (7.33)",
        );
    }
    after_fight(s, f, us_lost, ind_lost, log);
}

/// After a fight: a Reaction against a relocating Village stops it only if the Indians
/// lost more than the Column (5.36).
fn after_fight(s: &mut State, f: &Fight, us_lost: i32, ind_lost: i32, _log: &mut Vec<LogEntry>) {
    if f.relocating_to.is_some()
        && ind_lost > us_lost
        && let Some(Pending::Finish { trigger, stopped }) = s.pending.iter_mut().rev().find(|p| {
            matches!(
                p,
                Pending::Finish {
                    trigger: Trigger::Relocating { .. },
                    ..
                }
            )
        })
    {
        let _ = trigger;
        *stopped = true;
    }
}

/// A War Party attacks a Resource (7.23-7.25).
pub fn resource_attack(s: &mut State, pid: u32, a: Aid, r: &Res, log: &mut Vec<LogEntry>) {
    let Some(p) = s.party(pid).cloned() else {
        return;
    };
    let st = s.stat.clone();
    let (combat, _, chief_agg) = chief_ratings(s, &p.chiefs);
    let strength = p.bp + combat;
    let natural = d10(&mut s.dice);
    s.reveals += 1;
    let town = *r == Res::Town;
    let roll = natural + if town { 5 } else { 0 };
    let ok = roll <= strength;
    let what = match r {
        Res::Mine(m) => st
            .mines
            .iter()
            .find(|x| x.id == *m)
            .map_or(m.clone(), |x| format!("the {} Mine ({})", x.name, x.value)),
        other => format!("a {other}"),
    };
    log.push(log_pub(format!(
        "attack on {what} in {}: roll {natural}{} against {} BP + Chief {combat} = {strength}: {} (7.23)",
        st.aname(a),
        if town { format!(" +5 for a Town = {roll}") } else { String::new() },
        p.bp,
        if ok { "success" } else { "it fails" }
    )));
    if !ok {
        atrocity_vp(s, pid, 0, log);
        return;
    }
    let holder = s.controller(p.village);
    let vp;
    let ar = &mut s.areas[a];
    match r {
        Res::Settlement => {
            ar.settlements -= 1;
            ar.hit_settlements = ar.hit_settlements.min(ar.settlements);
            vp = 2;
        }
        Res::Town => {
            ar.towns -= 1;
            ar.settlements += 3;
            ar.hit_settlements += 3;
            vp = 5;
        }
        Res::Rr => {
            ar.rr_broken += 1;
            vp = 2;
        }
        Res::Mine(m) => {
            let mut val = 0;
            for x in &mut ar.mines {
                if st.mines[x.0].id == *m {
                    x.1 = true;
                    val = st.mines[x.0].value;
                }
            }
            vp = val;
        }
        _ => vp = 0,
    }
    super::us::rr_excess(s, a, log);
    if let Some(h) = holder {
        let vp = atrocity_vp(s, pid, vp, log);
        seat_vp(s, h, vp, log, "a successful attack on a Resource (10.12)");
    }
    // 7.25 Massacre check on a natural 0-2.
    if natural <= 2 {
        let vs = p.villages();
        let marks = |f: fn(&crate::games::geronimo::state::Marks) -> bool, n: i32| {
            if vs.iter().any(|&v| f(&s.villages[v].marks)) { n } else { 0 }
        };
        let total = best(s, &vs, |d| d.aggression)
            + chief_agg
            + marks(|m| m.blood_lust, 2)
            + marks(|m| m.medicine, 1);
        let r2 = d10(&mut s.dice);
        if r2 <= total {
            s.areas[a].massacres += 1;
            s.effects.indian_massacre = true;
            s.effects.peace_policy = false;
            s.effects.reform = false;
            log.push(log_pub(format!(
                "a natural {natural}: Massacre roll {r2} against Aggression {total}: a Massacre in {} (7.25)",
                st.aname(a)
            )));
        } else {
            log.push(log_pub(format!(
                "a natural {natural}: Massacre roll {r2} against Aggression {total}: no Massacre (7.25)"
            )));
        }
    }
}

/// 9.2C Atrocity and Reprisal (a reading): the VP an attack earns this Round are
/// doubled, and an attack that earns none costs the attacker one.
fn atrocity_vp(s: &mut State, pid: u32, vp: i32, log: &mut Vec<LogEntry>) -> i32 {
    if !s.effects.atrocity {
        return vp;
    }
    if vp == 0 {
        if let Some(h) = s.party(pid).and_then(|p| s.controller(p.village)) {
            seat_vp(
                s,
                h,
                -1,
                log,
                "an attack that earned nothing under Atrocity (9.2C)",
            );
        }
        return 0;
    }
    vp * 2
}

/// A War Party attacks a Column, a Village or another War Party (7.3, 7.4).
pub fn indian_attack(s: &mut State, pid: u32, t: Target, _a: Aid, log: &mut Vec<LogEntry>) {
    let Some(p) = s.party(pid).cloned() else {
        return;
    };
    let st = s.stat.clone();
    let att_tribe = st.tribe_of(p.village);
    let mut ip = Vec::new();
    let att_vs = p.villages();
    let mut drm = indian_mods(s, &att_vs, &p.chiefs, &mut ip);
    let att_seat = s.controller(p.village);
    match t {
        Target::Column(c) => {
            let Some(col) = s.column(c).cloned() else {
                return;
            };
            let us_bp = col.bp + i32::from(col.guns) + i32::from(col.gatlings);
            let (o, txt) = odds_drm(s, p.bp, us_bp, false);
            drm += o;
            ip.push(txt);
            let total = cap(s, drm);
            let r = d10(&mut s.dice);
            s.reveals += 1;
            let res_i = table(s, r + total);
            let mut up = Vec::new();
            let mut ud = us_mods(s, &[c], &mut up);
            let (o2, t2) = odds_drm(s, us_bp, p.bp, true);
            ud += o2;
            up.push(t2);
            let utotal = cap(s, ud);
            let ru = d10(&mut s.dice);
            let res_u = table(s, ru + utotal);
            log.push(log_pub(format!(
                "Indian Battle roll {r} {total:+} ({}) = {}: {}; US Battle roll {ru} {utotal:+} ({}) = {}: {} (7.31)",
                ip.join(", "),
                r + total,
                result_text(res_i),
                up.join(", "),
                ru + utotal,
                result_text(res_u)
            )));
            let wanted = res_i.loss.unwrap_or(us_bp);
            let us_lost = column_loss(s, c, wanted, log);
            let ind_lost = indian_loss(s, Target::Party(pid), res_u, false, 0, log);
            log.push(log_pub(format!(
                "losses: the US {us_lost} BP, the Indians {ind_lost} BP (7.32)"
            )));
            if us_lost > ind_lost {
                if let Some(h) = att_seat {
                    let vp = atrocity_vp_col(s, &col, pid, us_lost - ind_lost, log);
                    seat_vp(s, h, vp, log, "US BP lost beyond Indian losses (7.33)");
                }
            } else {
                atrocity_vp_col(s, &col, pid, 0, log);
            }
        }
        Target::Village(_) | Target::Party(_) => {
            let Some(dv) = target_village(s, t) else {
                return;
            };
            let def_tribe = st.tribe_of(dv);
            s.villages[dv].attacked_by.push(att_tribe);
            for w in st.villages_of(def_tribe) {
                if !s.villages[w].attacked_by.contains(&att_tribe) {
                    s.villages[w].attacked_by.push(att_tribe);
                }
            }
            super::indian::reveal(s, dv, log);
            let (def_bp, def_chiefs) = indian_force(s, t);
            let def_seat = s.controller(dv);
            // Indian v Indian: the Tribal Battle rating for both (7.31).
            let ab = best(s, &att_vs, |d| d.battle);
            if ab != 0 {
                drm += ab;
                ip.push(format!("Tribal Battle rating {ab:+}"));
            }
            let (ao, dod, txt) = nearest_odds(s, p.bp, def_bp.max(0));

            let mut res_def = BattleResult {
                loss: Some(0),
                massacre: None,
            };
            if def_bp == 0 {
                drm += 6;
                ip.push("an undefended Village +6 (7.4)".into());
            } else {
                drm += ao;
                ip.push(format!("{txt} odds {ao:+}"));
            }
            if s.villages[dv].marks.stronghold && matches!(t, Target::Village(_)) {
                drm -= 3;
                ip.push("Stronghold -3".into());
            }
            let total = cap(s, drm);
            let att_roll = d10(&mut s.dice);
            s.reveals += 1;
            let res_att = table(s, att_roll + total);
            let mut text = format!(
                "attacker's Battle roll {att_roll} {total:+} ({}) = {}: {}",
                ip.join(", "),
                att_roll + total,
                result_text(res_att)
            );
            if def_bp > 0 {
                let mut dp = Vec::new();
                let def_vs = members(s, t);
                let mut dd = indian_mods(s, &def_vs, &def_chiefs, &mut dp);
                let db = best(s, &def_vs, |d| d.battle);
                if db != 0 {
                    dd += db;
                    dp.push(format!("Tribal Battle rating {db:+}"));
                }
                dd += dod;
                dp.push(format!("odds {dod:+}"));
                let dt = cap(s, dd);
                let rd = d10(&mut s.dice);
                res_def = table(s, rd + dt);
                text += &format!(
                    "; defender's roll {rd} {dt:+} ({}) = {}: {}",
                    dp.join(", "),
                    rd + dt,
                    result_text(res_def)
                );
            }
            log.push(log_pub(format!("{text} (7.31)")));
            let att_lost = indian_loss(s, Target::Party(pid), res_def, false, 0, log);
            let def_lost = indian_loss(s, t, res_att, false, 0, log);
            log.push(log_pub(format!(
                "losses: the attackers {att_lost} BP, the defenders {def_lost} BP (7.32)"
            )));
            // 7.33: the side with fewer losses scores one VP; an Inactive Tribe none.
            if att_lost < def_lost {
                if let Some(h) = att_seat {
                    seat_vp(s, h, 1, log, "a Battle won against other Indians (7.33)");
                }
            } else if def_lost < att_lost
                && let Some(h) = def_seat
            {
                seat_vp(s, h, 1, log, "a Battle won against other Indians (7.33)");
            }
        }
    }
}

fn atrocity_vp_col(s: &mut State, col: &Column, pid: u32, vp: i32, log: &mut Vec<LogEntry>) -> i32 {
    let qualifies = col
        .commander
        .is_some_and(|k| s.stat.commanders[k].aggression >= 2);
    if !qualifies {
        return vp;
    }
    atrocity_vp(s, pid, vp, log)
}
