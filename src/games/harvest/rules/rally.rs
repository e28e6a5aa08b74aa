//! Morale checks (II.B.1) and rally (VI), with the leader and Medicine modifiers
//! (VII.A).

use super::fire::abandon_weapons;
use super::flight::queue_flee;
use crate::core::game::LogEntry;
use crate::games::harvest::state::{Flight, Kind, Loc, Pid, State};

/// The rally/morale modifier for a unit: best leader rating in range, and Medicine
/// within 2 hexes (VII.A).
fn leader_medicine_mod(s: &State, unit: Pid) -> (u8, Vec<String>) {
    let u = s.p(unit);
    let Some(c) = u.hex() else { return (0, vec![]) };
    let mut total = 0u8;
    let mut why = vec![];
    let best = s
        .pieces
        .iter()
        .filter(|p| p.kind == Kind::Leader && p.side == u.side)
        .filter_map(|p| p.hex().map(|h| (p, h)))
        .filter(|(p, h)| h.distance(c) <= u32::from(p.morale))
        .map(|(p, _)| (p.melee, p.id))
        .max();
    if let Some((r, id)) = best.filter(|(r, _)| *r > 0) {
        total += r;
        why.push(format!("-{r} leader {id} in range (VII.A)"));
    }
    let tab = &s.stat.tables;
    let mr = tab.medicine_range.value as u32;
    let near = s.pieces.iter().any(|p| {
        p.kind == Kind::Medicine
            && p.side == u.side
            && match p.loc {
                Loc::Map(h) => h.distance(c) <= mr,
                Loc::Carried(h) => s.p(h).hex().is_some_and(|x| x.distance(c) <= mr),
                _ => false,
            }
    });
    if near {
        total += tab.medicine_rally.value as u8;
        why.push(format!(
            "-{} Medicine within {mr} hexes (VII.A)",
            tab.medicine_rally.value
        ));
    }
    (total, why)
}

/// One morale or rally roll: d6 minus the leader and Medicine modifiers (VII.A),
/// passing when the result is at most the printed Morale (II.B.1, VI.2).
pub(super) struct MoraleRoll {
    pub(super) pass: bool,
    /// `die 5 -1 leader aL1 in range (VII.A) = 4 vs Morale 4`.
    pub(super) text: String,
}

pub(super) fn morale_roll(s: &mut State, u: Pid) -> MoraleRoll {
    let roll = s.dice.d6();
    s.reveals += 1;
    let (m, why) = leader_medicine_mod(s, u);
    let net = i16::from(roll) - i16::from(m);
    let morale = s.p(u).morale;
    let mods = if why.is_empty() {
        String::new()
    } else {
        format!(" {}", why.join(" "))
    };
    MoraleRoll {
        pass: net <= i16::from(morale),
        text: format!("die {roll}{mods} = {net} vs Morale {morale}"),
    }
}

/// Roll a morale check; on failure the unit routs (II.B.1).
pub(super) fn morale_check(s: &mut State, t: Pid, log: &mut Vec<LogEntry>, why: &str) {
    let Some(c) = s.p(t).hex() else { return };
    let r = morale_roll(s, t);
    let pass = r.pass;
    log.push(LogEntry::public(format!(
        "{} morale check, {why}: {}: {}",
        s.p(t).id,
        r.text,
        if pass {
            "passes"
        } else {
            "fails and routs (II.B.1, II.B.4)"
        }
    )));
    if !pass {
        // Routed units abandon their weapons (II.C.1).
        abandon_weapons(s, t, c, log);
        let start = s.nearest_enemy(s.p(t).side, c);
        queue_flee(s, t, Flight::Rout, start);
    }
}
