//! Hidden information: walk whole random games and check, after every action, that
//! neither seat's view shows any field of the other side's unrevealed blocks (name,
//! kind, strength or value), and that the log lines of a new turn never name the other
//! side's newly drawn blocks, nor an Army group's move line which block leads it. That
//! no view, log line or legal action names a block
//! hidden from a seat within a turn is the conformance suite's walk
//! (`tests/suite/conformance.rs`, over `Rules::secrets`).

use super::util::session;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use wargame::core::game::Rules;
use wargame::games::wind::Wind;

#[test]
fn whole_random_games_never_show_the_other_sides_hidden_blocks() {
    let mut group_moves = 0;
    for seed in 0..12u64 {
        let mut s = session(seed).state;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 77);
        let mut revealed_seen = 0;
        let mut new_turns = 0;
        for _ in 0..20_000 {
            if Wind::to_act(&s).is_none() {
                break;
            }
            let legal = Wind::legal_actions(&s);
            let a = legal[rng.random_range(0..legal.len())].clone();
            let before_turn = s.turn;
            let log = Wind::apply(&mut s, &a).unwrap();
            // A group's move line never tells which block leads it: its handles are
            // listed in handle order, not with the Leader first.
            for l in &log {
                if let Some(rest) = l.text.strip_prefix("Army moves ")
                    && let Some((names, _)) = rest.split_once(" from ")
                {
                    let names: Vec<&str> = names.split(", ").collect();
                    let mut sorted = names.clone();
                    sorted.sort_by(|x, y| (x.len(), x).cmp(&(y.len(), y)));
                    assert_eq!(names, sorted, "seed {seed}: {}", l.text);
                    group_moves += usize::from(names.len() > 1);
                }
            }
            for seat in 0..2u8 {
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
                if before_turn != s.turn {
                    new_turns += 1;
                    // The other side's blocks drawn for the new turn.
                    let fresh: BTreeSet<String> = Wind::secrets(&s, seat).into_iter().collect();
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
            }
        }
        assert!(
            revealed_seen > 0,
            "seed {seed}: the walk never revealed a block"
        );
        assert!(
            new_turns > 0,
            "seed {seed}: the walk never began a new turn"
        );
    }
    assert!(
        group_moves > 0,
        "the walks never moved an Army Leader with a party"
    );
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
