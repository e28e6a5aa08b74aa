//! Forced wins: hand-made last-turn positions of Harvest the Wind that the AI must win
//! against random play, every time.

use super::{last_turn_position, rng};
use wargame::core::ai::{self, Player};
use wargame::core::game::Rules;
use wargame::games::harvest::Harvest;

/// Play the position out: the AI for `ai_side`, random play for the other side.
fn ai_wins_every_time(s: &wargame::games::harvest::state::State, ai_side: u8, level: u8) {
    for seed in 0..4 {
        let mut g = s.clone();
        let mut players = [Player::Random, Player::Random];
        players[usize::from(ai_side)] = Player::Search { level };
        ai::play_game::<Harvest>(&mut g, &players, &mut rng(seed), 500).unwrap();
        let o = Harvest::outcome(&g).expect("the game ends");
        assert_eq!(o.winner(), Some(ai_side), "seed {seed}: {}", o.summary);
    }
}

#[test]
fn ai_finds_a_raid_it_cannot_lose_on_the_last_turn_ix_c() {
    // Massacre Canyon, Sioux Movement phase of the last turn (IX.C): one Sioux unit
    // next to a lone Pawnee Dependent, one Pawnee unit far away. Moving in and razing
    // the Dependent (VIII.D) scores 2 points and wins; anything else is a 0-0 draw.
    let s = last_turn_position(
        "harvest_the_wind/massacre_canyon",
        &[("s1", "1108"), ("pD1", "1109"), ("p6", "0120")],
        6,
        0,
    );
    ai_wins_every_time(&s, 0, 1);
}

#[test]
fn ai_finds_the_last_turn_objective_one_move_away_ix_e() {
    // Beecher Island, Army Movement phase of the last turn (IX.E): the one Army unit
    // left stands next to the island; an Indian unit is far away. Stepping onto the
    // island wins; staying put is a draw.
    let s0 = crate::util::session("harvest_the_wind/beechers_island", 1).state;
    let island = wargame::games::harvest::setup::zone_hexes(&s0, "island");
    // A hex next to the island, not on it, from which a move onto it is legal.
    let mut found = None;
    'search: for c in island {
        for n in s0.stat.map.neighbors(*c) {
            if island.contains(&n) {
                continue;
            }
            let s = last_turn_position(
                "harvest_the_wind/beechers_island",
                &[("a1", &n.to_string()), ("i1", "0101")],
                12,
                1,
            );
            if Harvest::legal_actions(&s)
                .iter()
                .any(|a| a.to_string() == format!("move a1 {c}"))
            {
                found = Some(s);
                break 'search;
            }
        }
    }
    let s = found.expect("some hex next to the island reaches it");
    ai_wins_every_time(&s, 1, 1);
}
