//! Computer players in the GUI: a computer seat plays by itself with seeded decisions,
//! pause and step, a stale answer discarded, no curtain for a computer seat, and undo
//! never taking back another seat's answer.

use super::{AI1, ai_app, count, history, update_until};
use crate::util::root;
use wargame::games;
use wargame::gui::Game;
use wargame::gui::ai::{AiMode, AiPlay};
use wargame::gui::board::Clicked;
use wargame::gui::harvest::OverlayMarker;

#[test]
fn an_ai_seat_plays_by_itself_through_submit_with_seeded_decisions() {
    // The Sioux (seat 0) are a computer player; the Pawnee human never touches anything.
    let mut app = ai_app(
        "harvest_the_wind/massacre_canyon",
        1,
        true,
        vec![Some(AI1), None],
    );
    assert_eq!(history(&app), Vec::<String>::new());
    {
        let g = app.world().resource::<Game>();
        assert_eq!(g.viewing(), 1, "the human's view is on screen");
        assert!(!g.curtain_down(), "one human seat: no curtain");
        assert!(!g.can_act(), "the human may not act for the computer seat");
    }
    // The decisions the computer should make, worked out directly from the seeds.
    let expected: Vec<String> = {
        let g = app.world().resource::<Game>();
        let mut s = games::new_session(&root(), "harvest_the_wind/massacre_canyon", 1).unwrap();
        let mut out = vec![];
        while out.len() < 4 && s.to_act() == Some(0) {
            let a = s.ai_task(
                AI1,
                wargame::gui::mix_seed(g.ai_seed(), out.len() as u64),
                0,
            )()
            .unwrap();
            s.apply_str(&a).unwrap();
            out.push(a);
        }
        out
    };
    assert!(
        expected.len() >= 3,
        "the Sioux act several times: {expected:?}"
    );
    let n = expected.len();
    update_until(&mut app, "the computer has acted", |app| {
        history(app).len() >= n
    });
    assert_eq!(
        history(&app)[..n],
        expected[..],
        "seeded like the direct calls"
    );
    let g = app.world().resource::<Game>();
    assert!(app.world().resource::<AiPlay>().applied >= n as u64);
    assert!(g.session().log().len() > 1, "its actions are logged");
    assert!(
        g.status().contains("Sioux") && !g.status().contains("done:"),
        "the status names the seat, not the action: {}",
        g.status()
    );
}

#[test]
fn ai_controls_pause_step_and_discard_a_stale_answer() {
    let mut app = ai_app(
        "harvest_the_wind/massacre_canyon",
        2,
        false,
        vec![Some(AI1), None],
    );
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Paused;
    update_until(&mut app, "an answer is ready", |app| {
        app.world().resource::<AiPlay>().ready()
    });
    for _ in 0..5 {
        app.update();
    }
    assert!(history(&app).is_empty(), "paused: the answer is held");
    // Step releases exactly one action and stays paused.
    app.world_mut().resource_mut::<AiPlay>().step = true;
    app.update();
    assert_eq!(history(&app).len(), 1);
    assert_eq!(app.world().resource::<AiPlay>().mode, AiMode::Paused);
    update_until(&mut app, "the next answer is ready", |app| {
        app.world().resource::<AiPlay>().ready()
    });
    // The state changes under the held answer (here: someone ends the phase for the
    // Sioux); the held answer is for the old state and must not be applied.
    let (stale, fresh) = {
        let mut g = app.world_mut().resource_mut::<Game>();
        let old = g.session().ai_task(AI1, g.decision_seed(), 0)().unwrap();
        let legal = g.session().legal();
        let other = legal.iter().find(|l| **l != old).unwrap().clone();
        g.submit(&other);
        assert_eq!(g.session().to_act(), Some(0), "still the computer's turn");
        let fresh = g.session().ai_task(AI1, g.decision_seed(), 0)().unwrap();
        (old, fresh)
    };
    app.world_mut().resource_mut::<AiPlay>().step = true;
    update_until(&mut app, "the fresh answer is applied", |app| {
        history(app).len() == 3
    });
    assert_eq!(history(&app)[2], fresh);
    assert_ne!(
        stale, fresh,
        "the test tells a stale answer from a fresh one"
    );
}

#[test]
fn no_curtain_for_an_ai_seat_and_its_options_stay_hidden() {
    // Both seats human: play passing to the Army for a reaction window brings the
    // curtain down (the control case, so that this test can fail).
    let script = |g: &mut Game| {
        g.session_mut().place("a3", Some("0905")).unwrap();
        g.session_mut().place("i1", Some("0305")).unwrap();
        g.submit("end");
        g.submit("move i1 0405");
        assert_eq!(g.session().probe("pending").as_deref(), Some("reaction"));
        assert_eq!(g.session().to_act(), Some(1));
    };
    let mut hot = ai_app("tests/data/harvest/lab.ron", 1, true, vec![None, None]);
    {
        let mut g = hot.world_mut().resource_mut::<Game>();
        g.lift_curtain();
        script(&mut g);
        assert!(
            g.curtain_down(),
            "hot-seat: the curtain comes down for the Army"
        );
        assert_eq!(g.viewing(), 1);
    }
    // The Army is a computer player: no curtain, the Indian view stays on screen.
    let mut app = ai_app("tests/data/harvest/lab.ron", 1, true, vec![None, Some(AI1)]);
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        assert!(
            !g.curtain_down(),
            "one human seat: no curtain at the start either"
        );
        script(&mut g);
        assert!(!g.curtain_down(), "no curtain for a computer seat");
        assert_eq!(g.viewing(), 0, "the human's view stays on screen");
        assert!(!g.can_act());
    }
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Paused;
    app.update();
    assert!(
        count::<OverlayMarker>(&mut app) > 0,
        "the board is drawn, not curtained"
    );
    // A click on the map cannot act for the computer seat (the Army's fire would be
    // a legal action there).
    let before = history(&app);
    app.world_mut().resource_mut::<Clicked>().0 = Some("0405".parse().unwrap());
    app.update();
    app.world_mut().resource_mut::<Clicked>().0 = None;
    assert_eq!(history(&app), before);
    // The computer answers; play comes back to the Indian seat with no curtain.
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Run;
    update_until(&mut app, "the Army has answered", |app| {
        app.world().resource::<Game>().session().to_act() == Some(0)
    });
    let g = app.world().resource::<Game>();
    assert!(!g.curtain_down());
    assert_eq!(g.viewing(), 0);
    assert!(g.can_act());
}

#[test]
fn undo_takes_back_only_the_seats_own_actions_never_another_seats_answer() {
    let mut app = ai_app(
        "tests/data/harvest/lab.ron",
        1,
        false,
        vec![None, Some(AI1)],
    );
    app.world_mut().resource_mut::<AiPlay>().mode = AiMode::Paused;
    let mut g = app.world_mut().resource_mut::<Game>();
    g.session_mut().place("a3", Some("0905")).unwrap();
    g.session_mut().place("i1", Some("0305")).unwrap();
    g.submit("end");
    g.submit("move i1 0405");
    // While the computer is to act, the human may take back their own move.
    assert!(g.can_undo());
    g.undo();
    assert_eq!(g.session().history(), ["end"]);
    assert_eq!(g.session().to_act(), Some(0));
    // After the computer has answered (a pass, submitted as it would be), nothing can
    // be taken back: not its answer, nor the move before it (issue 28: no take-backs
    // against the computer).
    g.submit("move i1 0405");
    g.submit("pass");
    assert_eq!(g.session().to_act(), Some(0));
    assert!(!g.can_undo());
    g.undo();
    assert_eq!(
        g.session().history(),
        ["end", "move i1 0405", "pass"],
        "{}",
        g.status()
    );
    // Hot-seat: the same between two human seats; the Army cannot take back the
    // Indian's move either.
    g.set_players(vec![None, None]);
    g.submit("move i1 0505");
    assert_eq!(g.session().to_act(), Some(1));
    assert!(
        !g.session().can_undo(1),
        "the Army may not undo the Indian's move"
    );
    assert!(
        g.session().can_undo(0),
        "the Indian may, before the Army answers"
    );
}
