//! The computer players never cheat: two states that differ only in what the AI's seat
//! cannot see have equal views, give the same sampled worlds and the same decision.

use super::{advance, rng};
use wargame::core::ai::{self, Knowledge, Player};
use wargame::core::game::Rules;
use wargame::games::harvest::Harvest;
use wargame::games::harvest::state::{Kind, Loc};
use wargame::games::wind::Wind;
use wargame::games::wind::state::Status;

#[test]
fn block_game_ai_decides_the_same_whatever_the_hidden_blocks_are() {
    let mut a = crate::wind::util_session(5);
    // The Apache player to move, with Army blocks on the map.
    advance::<Wind>(&mut a, 0, |s| {
        s.phase == wargame::games::wind::state::Phase::Move
            && s.blocks
                .iter()
                .filter(|b| b.side() == 1 && b.area().is_some())
                .count()
                >= 2
    });
    // B: two unrevealed US blocks on the map swap places and strengths. The Apache
    // seat cannot tell A from B.
    let mut b = a.clone();
    let us: Vec<usize> = (0..b.blocks.len())
        .filter(|&i| {
            let k = &b.blocks[i];
            k.nation == wargame::games::wind::data::Nation::Us
                && !k.revealed
                && matches!(k.status, Status::Map(_))
        })
        .collect();
    assert!(us.len() >= 2, "two hidden US blocks on the map");
    let (i, j) = (us[0], us[us.len() - 1]);
    let (si, hi, pi) = (b.blocks[i].status, b.blocks[i].handle, b.blocks[i].sp);
    b.blocks[i].status = b.blocks[j].status;
    b.blocks[i].handle = b.blocks[j].handle;
    b.blocks[i].sp = b.blocks[j].sp;
    b.blocks[j].status = si;
    b.blocks[j].handle = hi;
    b.blocks[j].sp = pi;
    assert!(a != b, "the two states really differ");
    assert_eq!(
        Wind::view(&a, 0),
        Wind::view(&b, 0),
        "but not in the Apache view"
    );
    let da = Wind::determinize(&a, 0, &mut rng(3));
    let db = Wind::determinize(&b, 0, &mut rng(3));
    assert!(da == db, "the same worlds are sampled");
    let pa = ai::choose::<Wind>(&a, Player::Search { level: 1 }, &mut rng(11));
    let pb = ai::choose::<Wind>(&b, Player::Search { level: 1 }, &mut rng(11));
    assert_eq!(pa, pb);
    // And the sampled world does not simply copy the truth.
    let truth_kept = (0..8).all(|k| {
        let d = Wind::determinize(&a, 0, &mut rng(k));
        d.blocks[i].status == a.blocks[i].status && d.blocks[j].status == a.blocks[j].status
    });
    assert!(!truth_kept, "determinization must redeal hidden identities");
}

#[test]
fn hex_game_ai_decides_the_same_whatever_is_under_the_hidden_counters() {
    let mut a = crate::util::session("harvest_the_wind/wood_lake", 2).state;
    advance::<Harvest>(&mut a, 1, |s| {
        s.phase == wargame::games::harvest::state::Phase::OffensiveFire
            && s.pieces
                .iter()
                .filter(|p| p.side == 0 && p.hidden && p.on_map())
                .count()
                >= 2
    });
    let mut b = a.clone();
    let hidden: Vec<usize> = (0..b.pieces.len())
        .filter(|&i| b.pieces[i].side == 0 && b.pieces[i].hidden && b.pieces[i].kind == Kind::Unit)
        .filter(|&i| matches!(b.pieces[i].loc, Loc::Map(_)))
        .collect();
    let (i, j) = (hidden[0], hidden[hidden.len() - 1]);
    let li = b.pieces[i].loc;
    b.pieces[i].loc = b.pieces[j].loc;
    b.pieces[j].loc = li;
    assert!(a != b);
    assert_eq!(
        ron::to_string(&Harvest::view(&a, 1)).unwrap(),
        ron::to_string(&Harvest::view(&b, 1)).unwrap(),
        "the Army view cannot tell them apart"
    );
    assert!(Harvest::determinize(&a, 1, &mut rng(4)) == Harvest::determinize(&b, 1, &mut rng(4)));
    let pa = ai::choose::<Harvest>(&a, Player::Search { level: 1 }, &mut rng(5));
    let pb = ai::choose::<Harvest>(&b, Player::Search { level: 1 }, &mut rng(5));
    assert_eq!(pa, pb);
}
