//! Hidden information (III.F): views show a Hidden marker, not its contents. The walk
//! that checks no view, log line or legal action names a hidden piece is the
//! conformance suite's (`tests/suite/conformance.rs`), over what `Rules::secrets`
//! marks as hidden; the test here pins that down.

use crate::util::session;
use wargame::core::game::Rules;
use wargame::games::harvest::state::Kind;
use wargame::games::harvest::{Harvest, view};

#[test]
fn iii_f_the_secrets_of_a_seat_are_the_other_sides_hidden_pieces_and_their_weapons() {
    let g = session("harvest_the_wind/wood_lake", 1);
    let s = &g.state;
    let mut expected = vec![];
    for p in &s.pieces {
        if p.side == 0 && (p.hidden || p.kind == Kind::Hidden) && p.on_map() {
            expected.push(p.id.to_string());
            let me = s.find(&p.id).unwrap();
            expected.extend(s.carried(me).map(|w| s.p(w).id.to_string()));
        }
    }
    assert!(!expected.is_empty(), "Wood Lake starts with Hidden Indians");
    assert!(
        expected.len()
            > s.pieces
                .iter()
                .filter(|p| p.side == 0 && p.kind == Kind::Hidden)
                .count(),
        "carried weapons are among them"
    );
    assert_eq!(Harvest::secrets(s, 1), expected);
    // Nothing of the Army is hidden from the Indians, nor a seat's own pieces from it.
    assert!(Harvest::secrets(s, 0).is_empty());
}

#[test]
fn iii_f_3_view_shows_a_hidden_marker_not_its_contents() {
    let g = session("harvest_the_wind/wood_lake", 1);
    let army = view(&g.state, 1);
    assert!(
        !army.hidden_stacks.is_empty(),
        "the Army sees Hidden markers"
    );
    assert!(army.pieces.iter().all(|p| p.side == 1 || !p.hidden));
    let indian = view(&g.state, 0);
    assert!(
        indian.pieces.iter().any(|p| p.side == 0 && p.hidden),
        "the Indian player sees own hidden units"
    );
    assert!(indian.hidden_stacks.is_empty());
}
