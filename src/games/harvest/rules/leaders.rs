//! Leaders and Medicine (VII): hits on leaders (VII.B) and passing on, adding and
//! removing Medicine (VII.D).

use super::rally::morale_check;
use super::{eliminate, map_hex};
use crate::core::game::LogEntry;
use crate::games::harvest::action::Action;
use crate::games::harvest::data::Special;
use crate::games::harvest::state::{Kind, Loc, Pending, Pid, State};

pub(super) fn hit_leader(s: &mut State, l: Pid, log: &mut Vec<LogEntry>) {
    if s.p(l).flipped {
        eliminate(s, l, log, "Leader hit on its reverse side (VII.B)");
    } else {
        s.pm(l).flipped = true;
        let reduce = |v: u8| v.saturating_sub(1);
        let (r, g) = (reduce(s.p(l).melee), reduce(s.p(l).morale));
        s.pm(l).melee = r;
        s.pm(l).morale = g;
        log.push(LogEntry::public(format!(
            "Leader {} is hit and flips to its reverse side: rating {r}, range {g} (VII.B; {})",
            s.p(l).id,
            s.stat.tables.leader_reverse.label()
        )));
    }
}

pub(super) fn medicine_targets(s: &State, medicine: Pid, near_only: bool, out: &mut Vec<Action>) {
    let m = s.p(medicine);
    let here = map_hex(s, medicine);
    if here.is_none() && (near_only || m.loc != Loc::Held) {
        return;
    }
    let range = s.stat.tables.medicine_range.value as u32;
    for (i, p) in s.pieces.iter().enumerate() {
        let i = i as Pid;
        if p.side != m.side || p.kind != Kind::Unit || m.loc == Loc::Carried(i) {
            continue;
        }
        let Some(c) = p.hex() else { continue };
        if near_only && here.is_some_and(|h| c.distance(h) > range) {
            continue;
        }
        if s.carried(i).any(|x| s.p(x).kind == Kind::Medicine) {
            continue;
        }
        out.push(Action::Medicine {
            medicine: m.id,
            unit: p.id,
        });
    }
}

/// Remove a Medicine counter; under Bad Medicine, Indian units within 2 hexes check morale.
pub(super) fn remove_medicine(s: &mut State, m: Pid, log: &mut Vec<LogEntry>) {
    let side = s.p(m).side;
    let here = map_hex(s, m);
    s.pm(m).loc = Loc::Removed;
    if let Some(c) = here
        && s.special(|sp| matches!(sp, Special::BadMedicine { side: x } if *x == side))
    {
        let near: Vec<Pid> = s
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                p.side == side
                    && p.kind == Kind::Unit
                    && p.hex().is_some_and(|h| h.distance(c) <= 2)
            })
            .map(|(i, _)| i as Pid)
            .collect();
        for u in near {
            if s.pending == Pending::None {
                morale_check(s, u, log, "Bad Medicine (IX.E, reconstruction)");
            }
        }
    }
}
