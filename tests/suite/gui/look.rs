//! Looking back (issue 30, 6 and 7): "since your last turn" shows a seat only its own
//! view and returns to the game, no computer player acts during a look back, and the
//! replay viewer steps through a save.

use super::{AI1, ai_app, wind_app};
use crate::util::{root, scratch};
use bevy::prelude::*;
use wargame::games;
use wargame::gui::Game;
use wargame::gui::ai::{AiMode, AiPlay};
use wargame::gui::playing::LookKind;

/// Play seeded random legal actions through the shell (hot-seat, every seat human)
/// until seat 1 has acted, seat 0 has then made at least `after` actions, and seat 1
/// is to act again.
fn play_until_seat_1_returns(app: &mut App, after: usize) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut g = app.world_mut().resource_mut::<Game>();
    let mut seat1_acted = false;
    let mut since = 0;
    for _ in 0..5000 {
        let who = g.session().to_act().expect("the game goes on");
        if seat1_acted && since >= after && who == 1 {
            return;
        }
        let legal = g.session().legal();
        let a = legal[rng.random_range(0..legal.len())].clone();
        g.submit(&a);
        g.lift_curtain();
        if who == 1 {
            seat1_acted = true;
            since = 0;
        } else {
            since += 1;
        }
    }
    panic!("seat 1 never came back");
}

#[test]
fn since_your_last_turn_shows_a_seat_only_its_own_view_and_returns_to_the_game() {
    let mut app = wind_app(3);
    play_until_seat_1_returns(&mut app, 6);
    let live_len;
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        assert_eq!(g.viewing(), 1, "the view follows the human seat to act");
        assert!(g.can_act());
        live_len = g.session().history().len();
        let last_own = g
            .session()
            .actors()
            .iter()
            .rposition(|a| *a == Some(1))
            .unwrap();
        let hidden_moves = live_len - last_own - 1;
        let n = g.catch_up_steps();
        assert!(n > 0, "the Apache seat's moves changed what the Army sees");
        assert!(
            n <= hidden_moves,
            "{n} steps for {hidden_moves} actions: never more steps than actions"
        );
        assert!(g.start_catch_up());
        let l = g.looking().unwrap();
        assert_eq!(l.kind(), LookKind::CatchUp);
        assert_eq!(l.start(), last_own + 1, "from where the seat left the game");
        assert_eq!(g.session().history().len(), last_own + 1);
        // Nobody acts on a past position: no legal actions offered, no submit, no undo.
        assert!(!g.can_act() && !g.can_undo());
        let any = g.session().legal().first().cloned();
        if let Some(a) = any {
            g.submit(&a);
        }
        assert_eq!(
            g.live().history().len(),
            live_len,
            "a look back changed the game"
        );
    }
    // Step through; the board plugin draws each position.
    let mut steps = 0;
    loop {
        app.update();
        let mut g = app.world_mut().resource_mut::<Game>();
        let pos = g.looking().unwrap().pos();
        let (view, log_len) = g.live().view_ron_at(pos, 1).unwrap();
        assert_eq!(
            g.session().view_ron(1),
            view,
            "position {pos} is shown as seat 1 saw it"
        );
        assert_eq!(g.session().log().len(), log_len);
        for l in g.session().log().iter().filter(|l| g.may_read(l)) {
            assert!(
                l.visible(1),
                "seat 1 is shown a line it may not read: {}",
                l.text
            );
        }
        let last = {
            let l = g.looking().unwrap();
            l.last_action()
        };
        if let Some(a) = last {
            assert_eq!(
                g.live().actors()[pos - 1],
                Some(1),
                "the Apache seat's action '{a}' is named"
            );
        }
        if !g.look_step(true) {
            break;
        }
        steps += 1;
    }
    let mut g = app.world_mut().resource_mut::<Game>();
    g.end_look();
    assert!(g.looking().is_none());
    assert_eq!(g.session().history().len(), live_len);
    assert!(g.can_act(), "back in the game, the seat acts");
    assert_eq!(
        g.catch_up_steps(),
        steps,
        "as many steps as the count offered"
    );
}

#[test]
fn no_computer_player_acts_while_the_game_is_looked_back_on() {
    let mut app = ai_app(
        "harvest_the_wind/massacre_canyon",
        1,
        false,
        vec![None, Some(AI1)],
    );
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Run;
    let live_len = {
        let mut g = app.world_mut().resource_mut::<Game>();
        // The human seat acts (no frame runs, so the computer has not answered) until
        // the computer seat is to act.
        for _ in 0..200 {
            if g.session().to_act() == Some(1) {
                break;
            }
            let legal = g.session().legal();
            g.submit(&legal[0]);
        }
        assert_eq!(g.session().to_act(), Some(1));
        // The same game, saved and opened in the replay viewer, the computer still
        // seated.
        let path = scratch("look-ai").join("g.ron");
        g.save_file().write(&path).unwrap();
        let s = games::load_save(&root(), &path).unwrap();
        let mut v = Game::viewer(s, Some(0)).unwrap();
        v.set_players(vec![None, Some(AI1)]);
        // At the last position, where the computer seat is to act.
        v.look_jump(true);
        let n = v.live().history().len();
        assert_eq!(v.session().history().len(), n);
        assert_eq!(v.session().to_act(), Some(1));
        *g = v;
        n
    };
    for _ in 0..100 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history().len(),
        live_len,
        "the position shown did not move"
    );
    assert_eq!(
        g.live().history().len(),
        live_len,
        "the computer did not act"
    );
    assert_eq!(
        app.world().resource::<AiPlay>().mode,
        AiMode::Run,
        "the computer never tried to act (a refused answer pauses it)"
    );
    assert!(
        !app.world().resource::<AiPlay>().needs_frames(g),
        "a look back asks for no frames for the computer"
    );
}

/// A Harvest game played to its end by seeded random actions, saved.
fn finished_harvest_save(dir: &std::path::Path) -> std::path::PathBuf {
    use rand::SeedableRng;
    let mut s = games::new_session(&root(), "harvest_the_wind/massacre_canyon", 2).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    while s.random_step(&mut rng).unwrap() {}
    assert!(s.outcome().is_some());
    let path = dir.join("finished.ron");
    s.save().write(&path).unwrap();
    path
}

#[test]
fn the_replay_viewer_steps_through_a_save_by_one_seat_or_every_seat_once_it_is_over() {
    let dir = scratch("replay-viewer");
    let path = finished_harvest_save(&dir);
    let s = games::load_save(&root(), &path).unwrap();
    let end = s.history().len();
    let final_state = s.state_ron();
    let mut g = Game::viewer(s, None).expect("a finished game has the full view");
    assert_eq!(g.looking().unwrap().kind(), LookKind::Viewer);
    assert_eq!(g.session().history().len(), 0, "it opens at the start");
    assert!(!g.can_act());
    // Every seat's log lines in the full view.
    g.look_jump(true);
    assert_eq!(g.session().history().len(), end);
    assert_eq!(g.session().state_ron(), final_state);
    assert!(g.session().log().iter().all(|l| g.may_read(l)));
    // Back one step at a time in the full view: each action.
    assert!(g.look_step(false));
    assert_eq!(g.session().history().len(), end - 1);
    let l = g.looking().unwrap();
    assert_eq!(
        l.last_action().as_deref(),
        Some(g.live().history()[end - 2].as_str())
    );
    // Seen by one seat now, at the same place or the step that shows it.
    g.look_as(Some(1));
    assert_eq!(g.viewing(), 1);
    assert_eq!(g.looking().unwrap().seat(), Some(1));
    assert!(g.session().history().len() >= end - 1);
    // The save itself is written from the whole game, not the position shown.
    assert_eq!(g.save_file().actions.len(), end);

    // An unfinished game: one seat's view only, and no switching.
    let mut s = games::load_save(&root(), &path).unwrap();
    let half = s.rewound(end / 2).unwrap();
    let half_path = dir.join("half.ron");
    half.save().write(&half_path).unwrap();
    s = games::load_save(&root(), &half_path).unwrap();
    assert!(s.outcome().is_none());
    let s2 = games::load_save(&root(), &half_path).unwrap();
    assert!(
        Game::viewer(s2, None).is_err(),
        "no full view before the end"
    );
    let mut g = Game::viewer(s, Some(0)).unwrap();
    g.look_as(Some(1));
    assert_eq!(
        g.viewing(),
        0,
        "an unfinished game stays in the seat it was opened as"
    );
    assert!(g.status().contains("not over"), "{}", g.status());
    while g.look_step(true) {}
    assert!(g.looking().unwrap().pos() <= end / 2);
    assert_eq!(
        g.session().view_ron(0),
        g.live().view_ron(0),
        "the last step looks like the game as saved"
    );
}
