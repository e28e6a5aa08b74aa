//! Hidden information: walk whole random games and check, after every action, that
//! neither seat's view, visible log lines or legal actions show what the other side's
//! unrevealed blocks are (name, kind, strength or value).

use super::util::session;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use wargame::core::game::Rules;
use wargame::games::wind::Wind;
use wargame::games::wind::state::{State, Status};

/// Names of blocks of the other side that `seat` may not know, in play (drawn or on the
/// map) both before and after an action with the same handle, and unrevealed both times;
/// names shared with a block the seat may know are left out.
fn hidden_names(before: &State, after: &State, seat: u8) -> BTreeSet<String> {
    let in_play =
        |s: &State, i: usize| matches!(s.blocks[i].status, Status::Drawn | Status::Map(_));
    let mut hidden = BTreeSet::new();
    let mut known = BTreeSet::new();
    for i in 0..after.blocks.len() {
        let (b, a) = (&before.blocks[i], &after.blocks[i]);
        let secret = a.side() != seat
            && before.turn == after.turn
            && in_play(before, i)
            && in_play(after, i)
            && b.handle == a.handle
            && !b.revealed
            && !a.revealed;
        if secret {
            hidden.insert(a.name.to_string());
        } else {
            known.insert(a.name.to_string());
        }
    }
    hidden.retain(|n| !known.contains(n));
    hidden
}

/// After an action that starts a new turn: the other side's newly drawn blocks, which
/// must not be named in the log lines of the new turn.
fn new_turn_hidden(after: &State, seat: u8) -> BTreeSet<String> {
    let mut hidden = BTreeSet::new();
    let mut known = BTreeSet::new();
    for b in &after.blocks {
        if b.side() != seat && !b.revealed && matches!(b.status, Status::Drawn | Status::Map(_)) {
            hidden.insert(b.name.to_string());
        } else {
            known.insert(b.name.to_string());
        }
    }
    hidden.retain(|n| !known.contains(n));
    hidden
}

#[test]
fn whole_random_games_never_show_the_other_sides_hidden_blocks() {
    for seed in 0..12u64 {
        let mut s = session(seed).state;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 77);
        let mut revealed_seen = 0;
        for _ in 0..20_000 {
            let Some(actor) = Wind::to_act(&s) else { break };
            let legal = Wind::legal_actions(&s);
            let a = legal[rng.random_range(0..legal.len())].clone();
            let before = s.clone();
            let log = Wind::apply(&mut s, &a).unwrap();
            for seat in 0..2u8 {
                let hidden = hidden_names(&before, &s, seat);
                let view = Wind::view(&s, seat);
                for b in &view.blocks {
                    let owner = u8::from(b.nation != wargame::games::wind::data::Nation::Apache);
                    if owner != seat && !b.revealed {
                        assert!(
                            b.name.is_none()
                                && b.kind.is_none()
                                && b.sp.is_none()
                                && b.value.is_none(),
                            "seed {seed}: seat {seat} sees hidden block {b:?}"
                        );
                    }
                    if b.revealed {
                        revealed_seen += 1;
                    }
                }
                if before.turn != s.turn {
                    let fresh = new_turn_hidden(&s, seat);
                    let start = log
                        .iter()
                        .rposition(|l| l.text.contains("Provocation die"))
                        .unwrap_or(0);
                    for line in log[start..].iter().filter(|l| l.visible(seat)) {
                        for n in &fresh {
                            assert!(
                                !line.text.contains(n.as_str()),
                                "seed {seed}: seat {seat} new-turn log shows hidden '{n}': {}",
                                line.text
                            );
                        }
                    }
                }
                let text = ron::to_string(&view).unwrap();
                for line in log.iter().filter(|l| l.visible(seat)) {
                    for n in &hidden {
                        assert!(
                            !line.text.contains(n.as_str()),
                            "seed {seed}: seat {seat} log shows hidden '{n}': {}",
                            line.text
                        );
                    }
                }
                for n in &hidden {
                    assert!(
                        !text.contains(&format!("\"{n}\"")),
                        "seed {seed}: seat {seat} view shows hidden '{n}'"
                    );
                }
                if Wind::to_act(&s) == Some(seat) {
                    for l in Wind::legal_actions(&s) {
                        let l = l.to_string();
                        for n in &hidden {
                            assert!(
                                !l.contains(n.as_str()),
                                "seed {seed}: legal '{l}' names '{n}'"
                            );
                        }
                    }
                }
            }
            let _ = actor;
        }
        assert!(
            revealed_seen > 0,
            "seed {seed}: the walk never revealed a block"
        );
    }
}

#[test]
fn handles_are_dealt_at_random_so_they_do_not_name_blocks() {
    // The same block gets different handles in different games.
    let handles: BTreeSet<String> = (0..8)
        .map(|seed| {
            let s = session(seed).state;
            s.blocks
                .iter()
                .find(|b| &*b.key == "cochise")
                .map(|b| b.handle.to_string())
                .unwrap_or_default()
        })
        .collect();
    assert!(handles.len() > 1, "{handles:?}");
}
