//! Hidden counters (III.F): which hexes hold them, removing them voluntarily
//! (III.F.4), when an enemy enters (III.D.3) or when the unit fires, melees or mounts
//! (III.F.9).

use crate::core::game::LogEntry;
use crate::core::hexmap::Coord;
use crate::games::harvest::action::Action;
use crate::games::harvest::state::{Kind, Loc, Pid, Side, State};

/// Whether a hex holds a Hidden counter of `side`.
pub fn hidden_stack(s: &State, c: Coord, side: Side) -> bool {
    s.at(c)
        .any(|i| s.p(i).side == side && (s.p(i).hidden || s.p(i).kind == Kind::Hidden))
}

pub(super) fn unhide_actions(s: &State, out: &mut Vec<Action>) {
    let mut seen = Vec::new();
    for p in &s.pieces {
        if p.side == s.phasing
            && (p.hidden || p.kind == Kind::Hidden)
            && let Some(c) = p.hex()
            && !seen.contains(&c)
        {
            seen.push(c);
            out.push(Action::Unhide { hex: c });
        }
    }
}

pub(super) fn unhide(s: &mut State, c: Coord, log: &mut Vec<LogEntry>, why: &str) {
    let hidden: Vec<Pid> = s
        .at(c)
        .filter(|&i| s.p(i).hidden || s.p(i).kind == Kind::Hidden)
        .collect();
    if hidden.is_empty() {
        return;
    }
    let side = s.p(hidden[0]).side;
    let mut shown = vec![];
    for i in hidden {
        if s.p(i).kind == Kind::Hidden {
            s.pm(i).loc = Loc::Removed;
        } else {
            s.pm(i).hidden = false;
            shown.push(format!("{} ({})", s.p(i).id, s.p(i).label));
        }
    }
    s.reveals += 1;
    let _ = side;
    log.push(LogEntry::public(format!(
        "Hidden counters removed from {c}, {why}: {}",
        if shown.is_empty() {
            "it held nothing".to_string()
        } else {
            shown.join(", ")
        }
    )));
}

pub(super) fn reveal_unit(s: &mut State, u: Pid, log: &mut Vec<LogEntry>) {
    if s.p(u).hidden
        && let Some(c) = s.p(u).hex()
    {
        unhide(s, c, log, "its unit fired, meleed or mounted (III.F.9)");
    }
}
