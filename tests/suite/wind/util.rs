//! Helpers for the block-game tests: sessions on the shipped scenario, and a way to
//! build a position (blocks in areas at given strengths) in a chosen phase.

use wargame::core::game::Rules;
use wargame::core::session::Session;
use wargame::games::wind::Wind;
use wargame::games::wind::data::Options;
use wargame::games::wind::setup;
use wargame::games::wind::state::{Phase, Status};

/// The shipped scenario id.
pub const SCENARIO: &str = "moved_like_the_wind/apache_wars";

/// A session on the shipped scenario.
pub fn session(seed: u64) -> Session<Wind> {
    let l = setup::load_scenario_id(&crate::util::root(), SCENARIO).expect("scenario loads");
    Session::new(SCENARIO, seed, setup::initial_state(&l.stat, seed))
}

/// A position: every block back in its pool, then the listed blocks (by key) on the map
/// in the named areas at the given SP (0 keeps the block's maximum), with their keys as
/// handles, in `phase` with `side` to act.
pub fn position(seed: u64, phase: Phase, side: u8, blocks: &[(&str, &str, u8)]) -> Session<Wind> {
    position_opts(seed, phase, side, blocks, |_| {})
}

/// [`position`] on the scenario with its optional rules (§11.0, and the readings kept
/// as options) set by `f`.
pub fn position_opts(
    seed: u64,
    phase: Phase,
    side: u8,
    blocks: &[(&str, &str, u8)],
    f: impl FnOnce(&mut Options),
) -> Session<Wind> {
    let mut l = setup::load_scenario_id(&crate::util::root(), SCENARIO).expect("scenario loads");
    f(&mut std::sync::Arc::make_mut(&mut l.stat).scenario.options);
    let mut g: Session<Wind> = Session::new(SCENARIO, seed, setup::initial_state(&l.stat, seed));
    let s = &mut g.state;
    for b in &mut s.blocks {
        b.status = Status::Pool;
        b.handle = "".into();
        b.revealed = false;
    }
    s.intro.clear();
    for &(key, area, sp) in blocks {
        Wind::place_piece(s, key, Some(area)).expect("block and area exist");
        let b = s.blocks.iter_mut().find(|b| &*b.key == key).unwrap();
        if sp > 0 {
            b.sp = sp;
        }
        b.mp_left = b.mp;
    }
    s.phase = phase;
    s.side = side;
    s.fight = None;
    s.resolved.clear();
    s.vp = [0, 0];
    g
}

/// Apply actions, panicking with the refusal if one is illegal.
pub fn play(g: &mut Session<Wind>, actions: &[&str]) {
    for a in actions {
        let act = a
            .parse()
            .unwrap_or_else(|e| panic!("'{a}' does not parse: {e}"));
        g.apply(&act)
            .unwrap_or_else(|e| panic!("'{a}' refused: {e}"));
    }
}

/// Whether any log line so far contains the text.
pub fn logged(g: &Session<Wind>, text: &str) -> bool {
    g.log.iter().any(|l| l.text.contains(text))
}
