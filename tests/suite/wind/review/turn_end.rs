//! §10.0 Turn End, from the review: the board cleared, Apache Leaders whose turns have
//! expired removed, and Apache Leaders coming on their turns (§4.0).

use super::super::util::play;
use super::{army_moves, p, status};
use wargame::games::wind::state::Status;

/// §10.0: "all forces for both players are removed from the game board and returned to
/// the pools ..., except for any Apache Leader blocks whose turns available have expired,
/// which are removed for the rest of the game." Cochise (1-5) leaves after turn 5;
/// Victorio (4-6) does not.
#[test]
fn review_s10_turn_end_clears_the_board_and_expired_leaders_leave() {
    let mut g = army_moves(
        2,
        &[
            ("cochise", "tonto", 0),
            ("victorio", "tonto", 0),
            ("apache_peaks", "tonto", 2),
            ("buell", "verde", 0),
        ],
    );
    g.state.turn = 5;
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "turn"), "6");
    assert_eq!(status(&g, "cochise"), "gone");
    assert_ne!(status(&g, "victorio"), "gone");
    assert!(
        g.state
            .blocks
            .iter()
            .all(|b| !matches!(b.status, Status::Map(_))),
        "nothing is left on the board"
    );
}

/// §4.0: "Apache Leaders are always available on the game turns shown on their block
/// ... Geronimo is available on turns 5 to 8, but not turns 1 to 4".
#[test]
fn review_s10_apache_leaders_come_on_their_turns() {
    let mut g = army_moves(2, &[]);
    g.state.turn = 3;
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "turn"), "4");
    assert_ne!(status(&g, "geronimo"), "drawn", "not on turn 4");
    assert_eq!(status(&g, "victorio"), "drawn", "Victorio from turn 4");
    let mut g = army_moves(2, &[]);
    g.state.turn = 4;
    g.force_dice(&[4]);
    play(&mut g, &["end"]);
    assert_eq!(p(&g, "turn"), "5");
    assert_eq!(status(&g, "geronimo"), "drawn", "Geronimo from turn 5");
}
