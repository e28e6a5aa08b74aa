//! Victory (17): the VP hills, each scored once by the first US Cavalry, Infantry or
//! Miners unit to enter it; and the end of the battle: the Leaders' and the special
//! rules' last VP, the US units with Low Ammo at the end (14B, with 14D's roster
//! measure), and the Victory Level from the ratio of the higher VP total to the lower.

use super::supply::roster_low;
use super::{fire, leaders, special};
use crate::core::game::{LogEntry, Outcome};
use crate::core::hexmap::Coord;
use crate::games::rosebud::data::{Kind, Side};
use crate::games::rosebud::state::{Phase, State};

/// 17: a US Cavalry or Infantry unit entering a VP hill scores it, once (8: the Miners
/// "act as Cavalry for all rule purposes").
pub(super) fn hills(s: &mut State, u: usize, c: Coord) -> Vec<LogEntry> {
    let mut log = vec![];
    if s.side(u) != Side::US || !matches!(s.kind(u), Kind::Cavalry | Kind::Infantry | Kind::Miners)
    {
        return log;
    }
    let stat = s.stat.clone();
    for h in &stat.scenario.hills {
        if stat.map.has_mark(c, &h.mark) && !s.hills_taken.contains(&h.mark) {
            s.hills_taken.push(h.mark.clone());
            s.vp[0] += h.vp as i32;
            log.push(LogEntry::public(format!(
                "{} takes {}: US +{} VP (17)",
                s.def(u).name,
                h.name,
                h.vp
            )));
        }
    }
    log
}

/// 17: the Victory Levels: the ratio of the higher VP total to the lower.
pub(super) fn finish(s: &mut State, why: String) -> Vec<LogEntry> {
    let mut log = vec![];
    s.phase = Phase::Over;
    s.pending.clear();
    log.extend(leaders::end_of_game(s));
    log.extend(special::end_of_game(s));
    // 14B: each US or Scout unit with Low Ammo at the end costs the US player.
    let low = (0..s.units.len())
        .filter(|&u| {
            s.side(u) == Side::US
                && s.hex(u).is_some()
                && if fire::on_roster(s, u) {
                    // 14D: "For VP purposes only, at the end of the game each ...
                    // unit is considered Low Ammo if it has 3 or fewer ammo boxes".
                    roster_low(s, u)
                } else {
                    s.units[u].low_ammo
                }
                && matches!(
                    s.kind(u),
                    Kind::Cavalry | Kind::Infantry | Kind::Miners | Kind::Scout
                )
        })
        .count() as i32;
    if low > 0 {
        let per = s.stat.tables.casualty_vp.low_ammo_end;
        s.vp[0] -= per * low;
        log.push(LogEntry::public(format!(
            "{low} US unit{} with Low Ammo at the end: US -{} VP (14B)",
            if low == 1 { "" } else { "s" },
            per * low
        )));
    }
    let [us, ind] = s.vp;
    let hi = f64::from(us.max(ind).max(1));
    let lo = f64::from(us.min(ind).max(1));
    let ratio = hi / lo;
    let bands = &s.stat.tables.victory.bands;
    let band = bands
        .iter()
        .find(|b| ratio >= b.from_ratio)
        .or(bands.last())
        .map_or("Draw".to_string(), |b| b.level.clone());
    let draw = bands.last().is_some_and(|b| b.level == band) || us == ind;
    let winner = (!draw).then_some(if us > ind { Side::US } else { Side::Indian });
    let summary = match winner {
        Some(w) => format!("{why}: {w:?} {band}, {us} VP to {ind} (ratio {ratio:.2}, 17)"),
        None => format!("{why}: a Draw, {us} VP to {ind} (ratio {ratio:.2}, 17)"),
    };
    s.result = Some(Outcome::decided(
        2,
        winner.map(Side::seat),
        vec![us, ind],
        summary.clone(),
    ));
    log.push(LogEntry::public(summary));
    log
}
