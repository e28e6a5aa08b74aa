//! Each ruleset's board plugin in a headless App: Harvest the Wind, Moved Like the
//! Wind, I Will Fight No More Forever (tactical) and the Rosebud draw their map and
//! counters, and clicks select and move through legal actions only; a campaign switches
//! between its strategic and tactical maps; Harvest actions read in words.

use super::{app_with, count, headless, wind_app};
use bevy::prelude::*;
use wargame::gui::Game;
use wargame::gui::board::{BoardEntity, Clicked};
use wargame::gui::harvest::{OverlayMarker, Selection};

/// The board's fixed drawing: how many mesh entities carry it (one: the whole map is
/// one mesh, `board::Sketch`), how many vertices they hold, and how many hex-number
/// texts the board has.
fn board_drawing(app: &mut App) -> (usize, usize, usize) {
    let handles: Vec<Handle<Mesh>> = app
        .world_mut()
        .query_filtered::<&Mesh2d, With<BoardEntity>>()
        .iter(app.world())
        .map(|m| m.0.clone())
        .collect();
    let meshes = app.world().resource::<Assets<Mesh>>();
    let vertices = handles
        .iter()
        .filter_map(|h| meshes.get(h))
        .map(|m| m.count_vertices())
        .sum();
    let numbers = app
        .world_mut()
        .query_filtered::<&Text2d, With<BoardEntity>>()
        .iter(app.world())
        .filter(|t| t.0.len() == 4 && t.0.chars().all(|c| c.is_ascii_digit()))
        .count();
    (handles.len(), vertices, numbers)
}

/// Check the board is one mesh with a ring and a fill (19 vertices at least) for each
/// of `hexes` hexes and a bar (4) for each of `sides` hexside features, and a number
/// for every hex.
fn assert_board_drawn(app: &mut App, hexes: usize, sides: usize) {
    let (entities, vertices, numbers) = board_drawing(app);
    assert_eq!(entities, 1, "the map is drawn as one mesh");
    assert!(
        vertices >= hexes * 19 + sides * 4,
        "{vertices} vertices for {hexes} hexes and {sides} sides"
    );
    assert!(numbers >= hexes, "{numbers} hex numbers for {hexes} hexes");
}

#[test]
fn plugin_draws_board_and_counters() {
    let mut app = app_with("harvest_the_wind/wagon_box");
    assert_board_drawn(&mut app, 20 * 24, 0);
    assert!(count::<OverlayMarker>(&mut app) > 10, "counters are drawn");
}

#[test]
fn clicks_select_and_move_through_legal_actions_only() {
    let mut app = app_with("tests/data/harvest/lab.ron");
    // End Offensive Fire so the Indian player may move.
    app.world_mut().resource_mut::<Game>().submit("end");
    app.update();
    // Click the Indian unit in 0101, then the adjacent hex 0102... occupied by i2, so
    // move i1 there is illegal; a click on 0201 (empty) moves it.
    app.world_mut().resource_mut::<Clicked>().0 = Some("0101".parse().unwrap());
    app.update();
    assert_eq!(
        app.world().resource::<Selection>().piece.as_deref(),
        Some("i1")
    );
    app.world_mut().resource_mut::<Clicked>().0 = Some("0201".parse().unwrap());
    app.update();
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history().last().map(String::as_str),
        Some("move i1 0201"),
        "{}",
        g.status()
    );
    assert_eq!(g.session().probe("i1.hex").as_deref(), Some("0201"));
}

/// Revealing a hidden stack voluntarily (III.F.4) cannot be undone, so a click meant to
/// select a hidden unit must not do it: it selects the unit and offers the reveal as a
/// choice. It used to reveal Wood Lake's warriors at the first click in their Movement
/// phase.
#[test]
fn iii_f_4_a_click_on_a_hidden_unit_selects_it_and_never_reveals_it() {
    let mut app = app_with("harvest_the_wind/wood_lake");
    app.world_mut().resource_mut::<Game>().submit("end");
    app.update();
    let g = app.world().resource::<Game>();
    assert!(
        g.session().legal().iter().any(|l| l == "unhide 0709"),
        "the Indian player may reveal 0709 in the Movement phase"
    );
    let before = g.session().history().len();
    app.world_mut().resource_mut::<Clicked>().0 = Some("0709".parse().unwrap());
    app.update();
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history().len(),
        before,
        "a click submitted {:?}",
        g.session().history().last()
    );
    assert_eq!(g.session().probe("i4.hidden").as_deref(), Some("true"));
    let sel = app.world().resource::<Selection>();
    assert_eq!(sel.piece.as_deref(), Some("i4"));
    assert_eq!(
        app.world().resource::<Game>().choice(),
        vec!["unhide 0709".to_string()]
    );
    // A second click on the same hex still reveals nothing; the choice stays offered.
    app.world_mut().resource_mut::<Clicked>().0 = Some("0709".parse().unwrap());
    app.update();
    let g = app.world().resource::<Game>();
    assert_eq!(g.session().history().len(), before);
    assert_eq!(
        app.world().resource::<Game>().choice(),
        vec!["unhide 0709".to_string()]
    );
}

#[test]
fn wind_plugin_draws_the_area_map_and_deploys_by_clicking_a_highlighted_area() {
    use wargame::games::wind::state::Status;
    use wargame::gui::board::ClickedWorld;
    use wargame::gui::wind::{WindOverlay, WindSelection};
    let mut app = wind_app(3);
    // The 59 areas and 100 boundaries are one mesh (a polygon of 3 vertices or more
    // each, a bar of 4 each), with a name text for every area.
    let (meshes, vertices, _) = board_drawing(&mut app);
    assert_eq!(meshes, 1, "the area map is drawn as one mesh");
    assert!(vertices >= 59 * 3 + 100 * 4, "{vertices} vertices");
    assert!(
        count::<BoardEntity>(&mut app) > 59,
        "the map and a name per area at least"
    );
    // Pick a drawn Apache block and one of its legal areas, then click that area's
    // first vertex nudged toward its centre.
    let (handle, area, point) = {
        let game = app.world().resource::<Game>();
        let legal = game.session().legal();
        let first = legal
            .iter()
            .find(|l| l.starts_with("deploy "))
            .unwrap()
            .clone();
        let w: Vec<&str> = first.split_whitespace().collect();
        let s = &game
            .session()
            .as_any()
            .downcast_ref::<wargame::core::session::Session<wargame::games::wind::Wind>>()
            .unwrap()
            .state;
        let a = s.stat.area(w[2]).unwrap();
        let poly = &s.stat.map.areas[a].polygon;
        let c = poly
            .iter()
            .fold([0.0f32, 0.0], |m, p| [m[0] + p[0], m[1] + p[1]]);
        let c = [c[0] / poly.len() as f32, c[1] / poly.len() as f32];
        (w[1].to_string(), a, Vec2::new(c[0] - 800.0, 600.0 - c[1]))
    };
    app.world_mut().resource_mut::<WindSelection>().block = Some(handle.clone());
    app.update();
    assert!(
        count::<WindOverlay>(&mut app) > 0,
        "the legal areas are highlighted"
    );
    app.world_mut().resource_mut::<ClickedWorld>().0 = Some(point);
    app.update();
    let game = app.world().resource::<Game>();
    let s = &game
        .session()
        .as_any()
        .downcast_ref::<wargame::core::session::Session<wargame::games::wind::Wind>>()
        .unwrap()
        .state;
    let b = s.blocks.iter().find(|b| *b.handle == *handle).unwrap();
    assert_eq!(b.status, Status::Map(area), "{}", game.status());
}

#[test]
fn wind_plugin_deploys_a_band_at_the_starting_strength_chosen_in_the_panel() {
    // §3.0, §6.0: a War Band's deployment carries its starting strength, split from its
    // pool's share of the Provocation Chart. A click deploys at the strength chosen in
    // the panel (`WindSelection::sp`), and without a choice at the one nearest the
    // chart's average, the block's drawn strength.
    use wargame::games::wind::Wind;
    use wargame::gui::board::ClickedWorld;
    use wargame::gui::wind::WindSelection;
    type S = wargame::core::session::Session<Wind>;
    let mut app = wind_app(3);
    let centre = |app: &App, area: usize| {
        let game = app.world().resource::<Game>();
        let s = &game.session().as_any().downcast_ref::<S>().unwrap().state;
        let poly = &s.stat.map.areas[area].polygon;
        let c = poly
            .iter()
            .fold([0.0f32, 0.0], |m, p| [m[0] + p[0], m[1] + p[1]]);
        let c = [c[0] / poly.len() as f32, c[1] / poly.len() as f32];
        Vec2::new(c[0] - 800.0, 600.0 - c[1])
    };
    // Two drawn bands, each with its first legal area and the strengths offered.
    let picks: Vec<(String, usize, Vec<u8>, u8)> = {
        let game = app.world().resource::<Game>();
        let s = &game.session().as_any().downcast_ref::<S>().unwrap().state;
        let legal = game.session().legal();
        let mut out = vec![];
        for b in &s.blocks {
            if out.len() == 2
                || b.pool != wargame::games::wind::data::Pool::Bands
                || b.status != wargame::games::wind::state::Status::Drawn
            {
                continue;
            }
            let head = format!("deploy {} ", b.handle);
            let mine: Vec<Vec<&str>> = legal
                .iter()
                .filter(|l| l.starts_with(&head))
                .map(|l| l.split_whitespace().collect())
                .collect();
            let area = s.stat.area(mine[0][2]).unwrap();
            let mut sps: Vec<u8> = mine
                .iter()
                .filter(|w| w[2] == mine[0][2])
                .map(|w| w[3].parse().unwrap())
                .collect();
            sps.sort_unstable();
            out.push((b.handle.to_string(), area, sps, b.sp));
        }
        out
    };
    assert_eq!(picks.len(), 2, "two bands drawn");
    let sp_of = |app: &App, h: &str| {
        let game = app.world().resource::<Game>();
        let s = &game.session().as_any().downcast_ref::<S>().unwrap().state;
        s.blocks.iter().find(|b| *b.handle == *h).map(|b| b.sp)
    };
    // The first at the lowest strength offered, chosen in the panel.
    let (h, area, sps, _) = &picks[0];
    assert!(sps.len() > 1, "a choice of strengths: {sps:?}");
    {
        let mut sel = app.world_mut().resource_mut::<WindSelection>();
        sel.block = Some(h.clone());
        sel.sp = Some(sps[0]);
    }
    app.update();
    let p = centre(&app, *area);
    app.world_mut().resource_mut::<ClickedWorld>().0 = Some(p);
    app.update();
    assert_eq!(sp_of(&app, h), Some(sps[0]));
    // The second with no choice made: the strength nearest its drawn one, among those
    // offered now (the first band's strength changed what is left).
    let (h, area, _, drawn) = &picks[1];
    let sps: Vec<u8> = {
        let game = app.world().resource::<Game>();
        let s = &game.session().as_any().downcast_ref::<S>().unwrap().state;
        let head = format!("deploy {h} {} ", s.stat.id(*area));
        game.session()
            .legal()
            .iter()
            .filter_map(|l| l.strip_prefix(&head).and_then(|n| n.parse().ok()))
            .collect()
    };
    app.world_mut().resource_mut::<WindSelection>().block = Some(h.clone());
    app.update();
    let p = centre(&app, *area);
    app.world_mut().resource_mut::<ClickedWorld>().0 = Some(p);
    app.update();
    let want = *sps
        .iter()
        .min_by_key(|&&v| (v.abs_diff(*drawn), v))
        .unwrap();
    assert_eq!(sp_of(&app, h), Some(want));
}

#[test]
fn nez_perce_plugin_draws_the_tactical_map_and_moves_by_clicking_a_highlighted_hex() {
    use wargame::gui::nez_perce::{Overlay, Selection as NpSelection};
    let mut app = headless(
        wargame::gui::nez_perce::logic_plugin,
        "nez_perce_tactical/white_bird",
        1,
    );
    assert_board_drawn(&mut app, 30 * 20, 100);
    assert!(count::<Overlay>(&mut app) > 17, "every counter is drawn");
    let (unit, from, to) = {
        let g = app.world().resource::<Game>();
        let mv = g
            .session()
            .legal()
            .into_iter()
            .find(|l| l.starts_with("move "))
            .expect("an Army unit may move");
        let w: Vec<&str> = mv.split_whitespace().collect();
        (
            w[1].to_string(),
            g.session().probe(&format!("{}.hex", w[1])).unwrap(),
            w[2].to_string(),
        )
    };
    app.world_mut().resource_mut::<Clicked>().0 = Some(from.parse().unwrap());
    app.update();
    assert_eq!(
        app.world().resource::<NpSelection>().unit.as_deref(),
        Some(unit.as_str())
    );
    app.world_mut().resource_mut::<Clicked>().0 = Some(to.parse().unwrap());
    app.update();
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history().last().map(String::as_str),
        Some(format!("move {unit} {to}").as_str()),
        "{}",
        g.status()
    );
}

#[test]
fn rosebud_plugin_draws_the_battlefield_and_enters_and_moves_by_clicking() {
    use wargame::games::rosebud::Rosebud;
    use wargame::gui::rosebud::{Overlay, Selection as RbSelection};
    let mut app = headless(wargame::gui::rosebud::logic_plugin, "rosebud/battle", 1);
    assert_board_drawn(&mut app, 573, 163);
    assert!(count::<Overlay>(&mut app) > 40, "the US set-up is drawn");
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
    // 18: select a warrior waiting to enter, click an entry hex, choose Mounted.
    app.world_mut().resource_mut::<RbSelection>().unit = Some("crow_king".into());
    let c = at(&app, "3000");
    app.world_mut().resource_mut::<Clicked>().0 = Some(c);
    app.update();
    let choice = app.world().resource::<Game>().choice().to_vec();
    assert!(
        choice.contains(&"enter crow_king 3000 mounted".to_string()),
        "{choice:?}"
    );
    app.world_mut()
        .resource_mut::<Game>()
        .submit("enter crow_king 3000 mounted");
    app.update();
    // 7: click the unit's hex, then a highlighted neighbour.
    let to = {
        let g = app.world().resource::<Game>();
        g.session()
            .legal()
            .into_iter()
            .find(|l| l.starts_with("move crow_king "))
            .expect("it may move on")
            .split_whitespace()
            .nth(2)
            .unwrap()
            .to_string()
    };
    app.world_mut().resource_mut::<Clicked>().0 = Some(c);
    app.update();
    assert_eq!(
        app.world().resource::<RbSelection>().unit.as_deref(),
        Some("crow_king")
    );
    let t = at(&app, &to);
    app.world_mut().resource_mut::<Clicked>().0 = Some(t);
    app.update();
    let g = app.world().resource::<Game>();
    assert_eq!(
        g.session().history().last().map(String::as_str),
        Some(format!("move crow_king {to}").as_str()),
        "{}",
        g.status()
    );
}

#[test]
fn a_campaign_shows_the_strategic_map_then_its_combat_on_the_tactical_map_and_back() {
    use rand::SeedableRng;
    use wargame::gui::board::ActiveMap;
    fn campaign_plugins(app: &mut App) {
        wargame::gui::nez_perce::logic_plugin(app);
        wargame::gui::nez_perce_strategic::logic_plugin(app);
        wargame::gui::playing::logic_plugin(app);
    }
    let mut app = headless(campaign_plugins, "nez_perce_strategic/campaign", 2);
    let dims = |app: &App| {
        let m = &app.world().resource::<ActiveMap>().0;
        (m.cols, m.rows)
    };
    assert_eq!(dims(&app), (35, 20), "the strategic map is on screen");
    // Random play up to the first combat's choice.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    for _ in 0..100_000 {
        let g = app.world().resource::<Game>();
        if g.legal().iter().any(|l| l == "fight") {
            break;
        }
        let mut g = app.world_mut().resource_mut::<Game>();
        g.session_mut().random_step(&mut rng).unwrap();
    }
    {
        let mut g = app.world_mut().resource_mut::<Game>();
        assert!(g.legal().iter().any(|l| l == "fight"), "a combat came");
        g.submit("fight");
        g.submit("fight");
        assert_eq!(g.level_game(), "nez_perce_tactical", "{}", g.status());
    }
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        dims(&app),
        (30, 20),
        "the combat's tactical map is on screen"
    );
    // Its actions go through the shell in the tactical notation.
    let first = app.world().resource::<Game>().legal()[0].clone();
    assert!(!first.starts_with("battle:"), "{first}");
    app.world_mut().resource_mut::<Game>().submit(&first);
    assert_eq!(
        app.world()
            .resource::<Game>()
            .session()
            .history()
            .last()
            .cloned(),
        Some(format!("battle: {first}"))
    );
    // Play the combat out; the strategic map comes back.
    for _ in 0..100_000 {
        if app.world().resource::<Game>().level_game() != "nez_perce_tactical" {
            break;
        }
        let mut g = app.world_mut().resource_mut::<Game>();
        g.session_mut().random_step(&mut rng).unwrap();
    }
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(dims(&app), (35, 20), "back on the strategic map");
}

#[test]
fn harvest_actions_read_in_words_with_their_cost_or_the_number_needed() {
    use wargame::games::harvest::{Harvest, action::Action};
    use wargame::gui::harvest::describe;
    let mut app = app_with("tests/data/harvest/lab.ron");
    let mut g = app.world_mut().resource_mut::<Game>();
    g.session_mut().place("a3", Some("0905")).unwrap();
    g.session_mut().place("i1", Some("0305")).unwrap();
    g.submit("end");
    let s = g.view::<Harvest>().unwrap();
    let words = |t: &str| describe(&s, &t.parse::<Action>().unwrap());
    let m = words("move i1 0405");
    assert!(
        m.starts_with("Move to 0405 (") && m.ends_with(" MP)"),
        "{m}"
    );
    assert_eq!(words("end"), "End the phase");
    assert_eq!(words("enter i1 0101"), "Enter the map at 0101");
}
