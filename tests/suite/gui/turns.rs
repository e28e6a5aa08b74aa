//! Turns between seats in the shell's `Game`: the curtain, reaction windows and the
//! auto-pass standing order, the status line and chooser after a handoff, and the legal
//! actions listed once per change.

use super::{app_with, count};
use crate::util::root;
use wargame::games;
use wargame::gui::Game;
use wargame::gui::harvest::OverlayMarker;

#[test]
fn the_curtain_hides_counters_between_seats() {
    let mut app = app_with("harvest_the_wind/wood_lake");
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        g.set_curtain(true);
        g.drop_curtain();
        g.redraw();
    }
    app.update();
    assert_eq!(
        count::<OverlayMarker>(&mut app),
        0,
        "nothing of the board's counters shows under the curtain"
    );
}

/// The lab with an Indian unit moving within range 5 of an Army Breechloader: the
/// Army's reaction-fire window is open.
fn lab_with_army_reaction_window(g: &mut Game) {
    g.session_mut().place("a3", Some("0905")).unwrap();
    g.session_mut().place("i1", Some("0305")).unwrap();
    g.submit("end");
    g.submit("move i1 0405");
    assert_eq!(g.session().probe("pending").as_deref(), Some("reaction"));
}

#[test]
fn auto_pass_declines_reaction_windows_for_that_seat_only() {
    let mut app = app_with("tests/data/harvest/lab.ron");
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        lab_with_army_reaction_window(&mut g);
        g.submit("pass");
        assert!(
            g.standing_order().is_some(),
            "the Harvest plugin offers its standing order"
        );
        g.set_standing(1, true);
        g.submit("move i1 0505");
        assert_eq!(
            g.session().probe("pending").as_deref(),
            Some("none"),
            "the Army's window was passed for it"
        );
        assert_eq!(
            g.session().history().last().map(String::as_str),
            Some("pass")
        );
        assert_eq!(g.viewing(), 0, "no handoff to the Army");
    }
}

#[test]
fn turning_auto_pass_on_passes_the_window_already_open() {
    let mut app = app_with("tests/data/harvest/lab.ron");
    let mut g = app.world_mut().resource_mut::<Game>();
    lab_with_army_reaction_window(&mut g);
    // Another seat's order leaves the Army's window open.
    g.set_standing(0, true);
    assert_eq!(g.session().probe("pending").as_deref(), Some("reaction"));
    g.set_standing(1, true);
    assert_eq!(g.session().probe("pending").as_deref(), Some("none"));
    assert_eq!(
        g.session().history().last().map(String::as_str),
        Some("pass")
    );
}

#[test]
fn after_a_handoff_the_status_line_does_not_quote_the_last_seats_action() {
    let mut app = app_with("tests/data/harvest/lab.ron");
    let mut g = app.world_mut().resource_mut::<Game>();
    g.set_curtain(true);
    g.offer_choice(vec!["a stale choice".into()]);
    // The Indian moves; the Army's reaction-fire window hands the screen over.
    lab_with_army_reaction_window(&mut g);
    assert_eq!(g.viewing(), 1);
    assert!(g.curtain_down());
    assert!(!g.status().contains("i1"), "{}", g.status());
    assert!(
        g.status().contains("Player 2 (Army) to act"),
        "the next player by name and side: {}",
        g.status()
    );
    assert!(
        g.choice().is_empty(),
        "the chooser is cleared when the game changes"
    );
}

/// The shell lists the legal actions once per change (the turn bar and the side panels
/// ask every frame): what it lists is always the session's list now, after an action,
/// an undo, a look back and its end, in the notation of the game on screen.
#[test]
fn the_legal_actions_listed_once_per_change_follow_every_change() {
    use wargame::core::game::ActionKind;
    let s = games::new_session(&root(), "nez_perce_strategic/campaign", 3).unwrap();
    let mut g = Game::new(s, false);
    let fresh = |g: &Game| {
        let prefix = g.session().level().map(|l| l.prefix);
        g.session()
            .legal()
            .into_iter()
            .map(|a| match prefix {
                Some(p) => a.strip_prefix(p).unwrap_or(&a).to_string(),
                None => a,
            })
            .collect::<Vec<_>>()
    };
    let mut seen = 0;
    for _ in 0..40 {
        let legal = g.legal();
        assert_eq!(legal, fresh(&g));
        assert_eq!(
            g.legal_of_kind(ActionKind::EndPhase),
            g.session().legal_of_kind(ActionKind::EndPhase)
        );
        let Some(first) = legal.first().cloned() else {
            break;
        };
        g.submit(&first);
        seen += 1;
        assert_eq!(g.legal(), fresh(&g), "after {first}");
    }
    assert!(seen >= 20, "only {seen} actions");
    g.undo();
    assert_eq!(g.legal(), fresh(&g), "after an undo");
}
