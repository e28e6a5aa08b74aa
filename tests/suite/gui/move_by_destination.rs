//! Move by destination (issue 30, 2): routes found for the seat that may act, and the
//! shell making a route's steps one by one through the rules (Harvest, stopping at a
//! reaction window; Moved Like the Wind, crossing by crossing and a Leader with its
//! party; the Rosebud and I Will Fight No More Forever on hex boards).

use super::{app_with, headless};
use bevy::prelude::*;
use wargame::gui::Game;
use wargame::gui::board::Clicked;
use wargame::gui::harvest::logic_plugin;

#[test]
fn move_by_destination_steps_through_the_rules_and_stops_at_a_reaction_window() {
    let mut app = headless(
        |app: &mut App| {
            app.add_plugins((logic_plugin, wargame::gui::playing::logic_plugin));
        },
        "tests/data/harvest/lab.ron",
        1,
    );
    let far;
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        g.session_mut().place("a3", Some("0905")).unwrap();
        g.session_mut().place("i1", Some("0305")).unwrap();
        g.submit("end");
        assert_eq!(g.viewing(), 0);
        let routes = g.routes("i1").to_vec();
        assert!(!routes.is_empty());
        // Every route's steps are moves of i1, the last one to its destination.
        for r in &routes {
            assert!(r.actions.iter().all(|a| a.starts_with("move i1 ")), "{r:?}");
            assert!(r.actions.last().unwrap().ends_with(&r.to), "{r:?}");
        }
        // A place three hexes on, past the Army Breechloader's reach: the search
        // supposed the Army declines its window, and says the move may stop.
        far = routes
            .iter()
            .find(|r| r.to == "0605")
            .cloned()
            .expect("0605 is in reach");
        assert!(far.actions.len() >= 2, "{far:?}");
        assert!(
            far.interrupted,
            "the route passes the Army's reaction window"
        );
        assert!(g.walk_to("i1", "0605"));
    }
    // The shell makes the steps one by one; the first one into range opens the Army's
    // window, and the move stops there with the reason on the status line.
    for _ in 0..400 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
        if app.world().resource::<Game>().walking().is_none() {
            break;
        }
    }
    let g = app.world().resource::<Game>();
    assert!(g.walking().is_none());
    // The steps made are the route's first ones, and fewer than all of them.
    let made = &g.session().history()[1..];
    assert!(
        !made.is_empty() && far.actions.starts_with(made) && made.len() < far.actions.len(),
        "{made:?} of {far:?}: {}",
        g.status()
    );
    assert_eq!(g.session().probe("pending").as_deref(), Some("reaction"));
    assert!(
        g.status().contains("stopped") && g.status().contains("Army"),
        "{}",
        g.status()
    );
    // After the Army passes, the Indian goes on from where it stopped.
    let mut g = app.world_mut().resource_mut::<Game>();
    g.submit("pass");
    assert_eq!(g.session().to_act(), Some(0));
    assert!(g.walk_to("i1", "0605"), "a route on from 0405");
    let steps = g.walking().as_ref().unwrap().steps.len();
    for _ in 0..steps {
        g.walk_step();
        if g.session().to_act() != Some(0) {
            g.submit("pass");
        }
    }
    assert_eq!(
        g.session().probe("i1.hex").as_deref(),
        Some("0605"),
        "{}",
        g.status()
    );
}

#[test]
fn routes_are_found_only_for_the_seat_that_may_act() {
    let mut app = app_with("tests/data/harvest/lab.ron");
    let mut g = app.world_mut().resource_mut::<Game>();
    g.session_mut().place("a3", Some("0905")).unwrap();
    g.session_mut().place("i1", Some("0305")).unwrap();
    g.submit("end");
    // The Army's unit while the Indian moves: nothing (its moves are not legal now).
    assert!(g.routes("a3").is_empty());
    // Behind the curtain nothing is searched.
    g.drop_curtain();
    assert!(g.routes("i1").is_empty());
}

/// A block game played by its first legal actions until `side` moves (§5.0 B/C).
fn wind_to_movement(app: &mut App, side: u8) {
    use wargame::games::wind::state::Phase;
    for _ in 0..400 {
        let mut g = app.world_mut().resource_mut::<Game>();
        let s = g
            .session()
            .as_any()
            .downcast_ref::<wargame::core::session::Session<wargame::games::wind::Wind>>()
            .unwrap()
            .state
            .clone();
        if s.phase == Phase::Move && s.side == side {
            return;
        }
        let first = g.session().legal()[0].clone();
        g.submit(&first);
    }
    panic!("no movement segment for side {side}");
}

fn wind_state(app: &App) -> wargame::games::wind::state::State {
    app.world()
        .resource::<Game>()
        .session()
        .as_any()
        .downcast_ref::<wargame::core::session::Session<wargame::games::wind::Wind>>()
        .unwrap()
        .state
        .clone()
}

#[test]
fn wind_moves_a_block_by_destination_crossing_by_crossing_and_an_army_leader_with_its_party() {
    use wargame::games::wind::data::BlockKind;
    use wargame::games::wind::state::Status;
    use wargame::gui::board::ClickedWorld;
    use wargame::gui::wind::WindSelection;
    let mut app = headless(
        |app: &mut App| {
            app.add_plugins((
                wargame::gui::wind::logic_plugin,
                wargame::gui::playing::logic_plugin,
            ));
        },
        "moved_like_the_wind/apache_wars",
        3,
    );
    app.world_mut().resource_mut::<Game>().lift_curtain();
    wind_to_movement(&mut app, 0);
    // An Apache block with a route of two crossings or more (§7.0).
    let s = wind_state(&app);
    let (handle, route) = {
        let mut g = app.world_mut().resource_mut::<Game>();
        let mut found = None;
        for b in s
            .blocks
            .iter()
            .filter(|b| b.side() == 0 && b.area().is_some())
        {
            let routes = g.routes(&b.handle).to_vec();
            // Every step is a crossing of this block, and one boundary at a time.
            for r in &routes {
                assert!(
                    r.actions
                        .iter()
                        .all(|a| a.starts_with(&format!("move {} ", b.handle))),
                    "{r:?}"
                );
            }
            if let Some(r) = routes.into_iter().find(|r| r.actions.len() >= 2) {
                found = Some((b.handle.to_string(), r));
                break;
            }
        }
        found.expect("an Apache block that can cross two boundaries")
    };
    let b = s.find(&handle).unwrap();
    let mp = s.blocks[b].mp_left;
    // Select it and click the far area: the shell crosses one boundary at a time.
    let to = s.stat.area(&route.to).unwrap();
    let poly = &s.stat.map.areas[to].polygon;
    let c = poly
        .iter()
        .fold([0.0f32, 0.0], |m, p| [m[0] + p[0], m[1] + p[1]]);
    let c = [c[0] / poly.len() as f32, c[1] / poly.len() as f32];
    app.world_mut().resource_mut::<WindSelection>().block = Some(handle.clone());
    app.update();
    app.world_mut().resource_mut::<ClickedWorld>().0 = Some(Vec2::new(c[0] - 800.0, 600.0 - c[1]));
    for _ in 0..200 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(5));
        let g = app.world().resource::<Game>();
        if g.walking().is_none() && g.session().history().ends_with(&route.actions) {
            break;
        }
    }
    let s2 = wind_state(&app);
    let g = app.world().resource::<Game>();
    assert!(
        g.session().history().ends_with(&route.actions),
        "{:?} then {}",
        route.actions,
        g.status()
    );
    assert_eq!(s2.blocks[b].status, Status::Map(to), "{}", g.status());
    assert_eq!(
        Some(i64::from(s2.blocks[b].mp_left)),
        route.left,
        "the MP left as the route said (it started with {mp})"
    );
    assert!(s2.blocks[b].mp_left < mp);
    // An Army Leader with the blocks ticked to go along (§7.0 "Leaders").
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        g.submit("end");
    }
    wind_to_movement(&mut app, 1);
    let s = wind_state(&app);
    let mut tried = 0;
    for l in s
        .blocks
        .iter()
        .filter(|l| l.side() == 1 && l.kind == BlockKind::Leader && l.area().is_some())
    {
        let Some(f) = s
            .blocks
            .iter()
            .find(|f| f.area() == l.area() && f.kind != BlockKind::Leader && f.nation == l.nation)
        else {
            continue;
        };
        let piece = format!("{} with {}", l.handle, f.handle);
        let mut g = app.world_mut().resource_mut::<Game>();
        let routes = g.routes(&piece).to_vec();
        let Some(r) = routes.into_iter().find(|r| r.actions.len() >= 2) else {
            continue;
        };
        tried += 1;
        assert!(
            r.actions
                .iter()
                .all(|a| a.starts_with(&format!("move {} ", l.handle))
                    && a.ends_with(&format!(" with {}", f.handle))),
            "{r:?}"
        );
        assert!(g.walk_to(&piece, &r.to));
        for _ in 0..r.actions.len() {
            g.walk_step();
        }
        let s2 = g
            .session()
            .as_any()
            .downcast_ref::<wargame::core::session::Session<wargame::games::wind::Wind>>()
            .unwrap()
            .state
            .clone();
        let to = s2.stat.area(&r.to).unwrap();
        let (lb, fb) = (s2.find(&l.handle).unwrap(), s2.find(&f.handle).unwrap());
        assert_eq!(s2.blocks[lb].status, Status::Map(to), "{}", g.status());
        assert_eq!(
            s2.blocks[fb].status,
            Status::Map(to),
            "the party went along"
        );
        break;
    }
    assert!(
        tried > 0,
        "an Army Leader with a party and a route of two crossings"
    );
}

/// Move by destination on a hex board: select `unit` (`select`), click the
/// farthest place a route leads to without interruption, and let the shell make the
/// steps; the unit ends there with the movement left the route said. `hex` maps a place
/// in the ruleset's notation to the board's coordinate.
fn moves_by_destination(
    app: &mut App,
    unit: &str,
    select: impl Fn(&mut App),
    hex: impl Fn(&App, &str) -> wargame::core::hexmap::Coord,
) {
    select(app);
    app.update();
    let t0 = std::time::Instant::now();
    let routes = app.world_mut().resource_mut::<Game>().routes(unit).to_vec();
    let searched = t0.elapsed();
    let r = routes
        .iter()
        .filter(|r| !r.interrupted)
        .max_by_key(|r| r.actions.len())
        .cloned()
        .unwrap_or_else(|| panic!("no route for {unit}: {routes:?}"));
    assert!(r.actions.len() >= 2, "{r:?}");
    assert_eq!(r.places.last(), Some(&r.to));
    assert_eq!(r.places.len(), r.actions.len());
    eprintln!(
        "{unit}: {} places found in {searched:?}; to {} in {} steps",
        routes.len(),
        r.to,
        r.actions.len()
    );
    let before = app.world().resource::<Game>().session().history().len();
    let to = hex(app, &r.to);
    app.world_mut().resource_mut::<Clicked>().0 = Some(to);
    for _ in 0..400 {
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(2));
        if app.world().resource::<Game>().walking().is_none() {
            break;
        }
    }
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history()[before..],
        r.actions[..],
        "the route's steps, one by one: {} (choice {:?})",
        g.status(),
        g.choice()
    );
    assert_eq!(
        g.session().probe(&format!("{unit}.hex")).as_deref(),
        Some(r.to.as_str()),
        "{}",
        g.status()
    );
}

#[test]
fn rosebud_and_nez_perce_move_by_destination_through_the_rules() {
    use wargame::games::rosebud::Rosebud;
    // Battle of the Rosebud (7A): a warrior band entered on turn 1 goes on by
    // destination.
    let mut app = headless(
        |app: &mut App| {
            app.add_plugins((
                wargame::gui::rosebud::logic_plugin,
                wargame::gui::playing::logic_plugin,
            ));
        },
        "rosebud/battle",
        1,
    );
    let at = |app: &App, h: &str| {
        app.world()
            .resource::<Game>()
            .view::<Rosebud>()
            .unwrap()
            .stat
            .map
            .parse(h)
            .unwrap()
    };
    app.world_mut()
        .resource_mut::<Game>()
        .submit("enter crow_king 3000 mounted");
    moves_by_destination(
        &mut app,
        "crow_king",
        |app| {
            app.world_mut()
                .resource_mut::<wargame::gui::rosebud::Selection>()
                .unit = Some("crow_king".into());
        },
        at,
    );
    // I Will Fight No More Forever, tactical (C4.2): an Army unit at White Bird.
    let mut app = headless(
        |app: &mut App| {
            app.add_plugins((
                wargame::gui::nez_perce::logic_plugin,
                wargame::gui::playing::logic_plugin,
            ));
        },
        "nez_perce_tactical/white_bird",
        1,
    );
    // A unit with a route of two hexes or more.
    let unit = {
        let mut g = app.world_mut().resource_mut::<Game>();
        let movers: std::collections::BTreeSet<String> = g
            .session()
            .legal()
            .into_iter()
            .filter(|l| l.starts_with("move "))
            .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
            .collect();
        movers
            .into_iter()
            .find(|u| {
                g.routes(u)
                    .iter()
                    .any(|r| !r.interrupted && r.actions.len() >= 2)
            })
            .expect("an Army unit that may move two hexes")
    };
    let id = unit.clone();
    moves_by_destination(
        &mut app,
        &unit,
        move |app| {
            app.world_mut()
                .resource_mut::<wargame::gui::nez_perce::Selection>()
                .unit = Some(id.clone());
        },
        |_, h| h.parse().unwrap(),
    );
}
