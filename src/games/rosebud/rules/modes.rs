//! Modes (8): Mounted, Dismounted and Prone; who may change (8, 8D1, 8D2, 12E2) and
//! for how many MP (8D1); going Prone and standing up (8C, 8D1); the Horse, Mule and
//! Pony Holders placed on dismounting and taken back on mounting (8D2), horses
//! abandoned by a unit too weak to spare a Holder (8D2a), the MP lost after mounting
//! for what the Holders spent (8D2b); and the changes the rules impose for no MP (8A).

use super::movement::mp_left;
use crate::core::game::LogEntry;
use crate::games::rosebud::action::ModeChange;
use crate::games::rosebud::data::{Kind, Mode};
use crate::games::rosebud::state::{Loc, State};

/// Whether a unit can change modes at all (8: Pack Trains and Holders are always
/// Dismounted; 12E2: the Column HQ moves in any mode "at no cost", Mounted for movement
/// and Dismounted for all else, so it never changes; 8D1: only in Good Order).
fn has_modes(s: &State, u: usize) -> bool {
    matches!(
        s.kind(u),
        Kind::Cavalry | Kind::Infantry | Kind::Miners | Kind::Scout | Kind::Warrior
    ) && !s.units[u].disrupted
        && !s.units[u].pinned
        && !s.units[u].routed
}

/// Whether a unit mounts and dismounts with a Holder (8D2: not the Scouts).
fn uses_holder(s: &State, u: usize) -> bool {
    s.kind(u) != Kind::Scout && s.holder(u).is_some()
}

/// The MP a mode change costs (8D1).
fn mode_cost(s: &State) -> u32 {
    s.stat.tables.mode_mp.value
}

/// The mode changes open to a unit now (8D).
pub(super) fn mode_changes(s: &State, u: usize) -> Vec<ModeChange> {
    let mut out = vec![];
    let Some(c) = s.hex(u) else { return out };
    // 16A: a charging unit stays Mounted.
    if !has_modes(s, u) || mp_left(s, u) < mode_cost(s) || s.units[u].charge.is_some() {
        return out;
    }
    let unit = &s.units[u];
    let holder_here = s.holder(u).is_some_and(|h| s.units[h].at == Loc::Map(c));
    let can_mount = !unit.horseless && (!uses_holder(s, u) || holder_here);
    match unit.mode {
        Mode::Mounted => {
            out.push(ModeChange::Dismount);
            out.push(ModeChange::Prone);
        }
        Mode::Dismounted => {
            if can_mount {
                out.push(ModeChange::Mount);
            }
            out.push(ModeChange::Prone);
        }
        Mode::Prone => {
            if can_mount {
                out.push(ModeChange::Mount);
            }
            out.push(ModeChange::Stand);
        }
    }
    out
}

/// 8D: a mode change and its Holder, for its MP.
pub(super) fn change_mode(s: &mut State, u: usize, change: ModeChange) -> Vec<LogEntry> {
    let cost = mode_cost(s);
    change_mode_cost(s, u, change, cost)
}

/// A mode change the rules impose, for no MP (8A: a Mounted US unit Pinned dismounts).
pub(super) fn change_mode_free(s: &mut State, u: usize, change: ModeChange) -> Vec<LogEntry> {
    change_mode_cost(s, u, change, 0)
}

/// A mode change and its Holder, for `cost` MP.
fn change_mode_cost(s: &mut State, u: usize, change: ModeChange, cost: u32) -> Vec<LogEntry> {
    let mut log = vec![];
    let name = s.def(u).name.clone();
    let c = s.hex(u);
    match change {
        ModeChange::Dismount | ModeChange::Prone if s.units[u].mode == Mode::Mounted => {
            s.units[u].spent += cost;
            s.units[u].mode = if change == ModeChange::Prone {
                Mode::Prone
            } else {
                Mode::Dismounted
            };
            if uses_holder(s, u) {
                let h = s.holder(u).expect("uses_holder");
                // 8D2a: a unit the flip would eliminate abandons its horses.
                if s.face(u).cf <= s.units[u].cp {
                    s.units[u].horseless = true;
                    log.push(LogEntry::public(format!(
                        "{name} dismounts and abandons its horses: its strength cannot spare a Holder (8D2a)"
                    )));
                } else {
                    s.units[h].at = c.map_or(Loc::Off, Loc::Map);
                    s.units[h].spent = 0;
                    s.units[h].mode = Mode::Dismounted;
                    log.push(LogEntry::public(format!(
                        "{name} dismounts ({cost} MP){}; {} hold the horses (8D2)",
                        if change == ModeChange::Prone {
                            " and goes Prone"
                        } else {
                            ""
                        },
                        s.def(h).name
                    )));
                }
            } else {
                log.push(LogEntry::public(format!(
                    "{name} dismounts ({cost} MP){} (8D2)",
                    if change == ModeChange::Prone {
                        " and goes Prone"
                    } else {
                        ""
                    }
                )));
            }
        }
        ModeChange::Prone => {
            s.units[u].spent += cost;
            s.units[u].mode = Mode::Prone;
            log.push(LogEntry::public(format!(
                "{name} goes Prone ({cost} MP) (8C)"
            )));
        }
        ModeChange::Stand => {
            s.units[u].spent += cost;
            s.units[u].mode = Mode::Dismounted;
            log.push(LogEntry::public(format!(
                "{name} stands up ({cost} MP) (8D1)"
            )));
        }
        ModeChange::Mount => {
            s.units[u].spent += cost;
            s.units[u].mode = Mode::Mounted;
            let mut held = 0;
            if uses_holder(s, u) {
                let h = s.holder(u).expect("uses_holder");
                held = s.units[h].spent;
                s.units[h].at = Loc::Off;
                s.units[h].spent = 0;
            }
            // 8D2b: for each MP the Holder spent this phase, a quarter of the MP left
            // after mounting is lost; the final fraction is dropped.
            let left = mp_left(s, u);
            let keep = left * 4u32.saturating_sub(held) / 4;
            s.units[u].spent += left - keep;
            log.push(LogEntry::public(format!(
                "{name} mounts ({cost} MP){}: {keep} MP left (8D2b)",
                if held > 0 {
                    format!(", its Holders having spent {held} MP")
                } else {
                    String::new()
                }
            )));
        }
        ModeChange::Dismount => {}
    }
    log
}
