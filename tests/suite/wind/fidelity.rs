//! Tests of the block-game rules that a rules review found enforced wrongly (issue 28,
//! *Once We Moved Like the Wind* items 4-10), each named by its section: capture after
//! the ambush fire (§8.0), the ambush as a choice (§8.0), the Command Conflict that
//! forbids ending, not passing (§7.0), deployment of the Settler and of Apache Leaders
//! (§6.0), Leader death for the Leaders that used their value (§11.1-11.2), Reservations
//! never attacked at the Victory Points phase (§8.0, §9.0) and the map-edge VP (§9.0).

use super::util::{logged, play, position, position_opts};
use wargame::core::session::GameSession;
use wargame::games::wind::Wind;
use wargame::games::wind::rules::{self, APACHE, ARMY, deploy_areas};
use wargame::games::wind::state::{Phase, Status};

fn legal(g: &wargame::core::session::Session<Wind>) -> Vec<String> {
    g.legal()
}

#[test]
fn s8_a_leader_left_alone_by_the_ambush_fire_is_captured() {
    // Dragoon has a Mountain boundary: Cochise 2 + 1 = 3 against Crook 2, so the Apache
    // ambushes. Cochise leads San Carlos (+3): four hits eliminate Troop A's 1 SP and
    // leave Crook alone with an Apache band: he is captured at once (§8.0), and so
    // cannot force the band to the Reservation at the Victory Points phase (§9.0).
    let mut g = position(
        1,
        Phase::Combat,
        ARMY,
        &[
            ("cochise", "dragoon", 0),
            ("san_carlos", "dragoon", 4),
            ("crook", "dragoon", 0),
            ("troop_a", "dragoon", 1),
        ],
    );
    g.force_dice(&[6, 6, 6, 6]);
    play(
        &mut g,
        &["combat dragoon", "stay", "lead cochise san_carlos", "fire"],
    );
    assert!(
        logged(
            &g,
            "(Crook) is alone with Apache blocks in dragoon and is captured"
        ),
        "{:#?}",
        g.log
    );
    // No Reservation for the band: Apache 4 free SP + 2 for Troop A's lost SP.
    assert!(!logged(&g, "forced to the Reservation, Leaders worth"));
    assert!(logged(&g, "Turn total: Apache 6, Army 0"), "{:#?}", g.log);
}

#[test]
fn s8_a_leader_left_alone_by_regular_combat_is_captured_too() {
    // Rincon has no Mountain boundary: Victorio 1 against Carleton 1, no ambush. Regular fire
    // eliminates Victorio's band (1 SP) and Troop A (1 SP) is missed: Victorio is alone
    // with Troop A and is captured (+1 Army VP); the seed counts blocks "captured" among
    // those set aside after regular combat (§8.0).
    let mut g = position(
        1,
        Phase::Combat,
        ARMY,
        &[
            ("victorio", "rincon", 0),
            ("san_carlos", "rincon", 1),
            ("carleton", "rincon", 0),
            ("troop_a", "rincon", 1),
        ],
    );
    // San Carlos +1 from Victorio: 1 -> miss; Troop A +1 from Carleton: 6 -> hit.
    g.force_dice(&[1, 6]);
    play(
        &mut g,
        &[
            "combat rincon",
            "stay",
            "lead victorio san_carlos",
            "fire",
            "lead carleton troop_a",
            "fire",
        ],
    );
    assert!(
        logged(
            &g,
            "(Victorio) is alone with Army blocks in rincon and is captured: +1 Army VP"
        ),
        "{:#?}",
        g.log
    );
}

#[test]
fn s8_the_side_with_the_higher_leader_total_may_decline_its_ambush() {
    let mut g = position(
        1,
        Phase::Combat,
        ARMY,
        &[
            ("cochise", "dragoon", 0),
            ("san_carlos", "dragoon", 3),
            ("carleton", "dragoon", 0),
            ("troop_a", "dragoon", 3),
        ],
    );
    play(&mut g, &["combat dragoon", "stay"]);
    // The Apache (3 against 1) may ambush, lead first, or decline (§8.0 "may").
    assert_eq!(g.probe("to_act").as_deref(), Some("0"));
    let l = legal(&g);
    assert!(l.contains(&"fire".to_string()), "{l:?}");
    assert!(l.contains(&"decline".to_string()), "{l:?}");
    play(&mut g, &["decline"]);
    assert!(logged(
        &g,
        "Apache declines the ambush: regular combat follows"
    ));
    assert!(logged(&g, "Regular combat in dragoon"));
    // No ambush fire was rolled, and the regular combat asks the Apache to lead.
    assert!(!logged(&g, "hit(s)"));
    assert_eq!(g.probe("to_act").as_deref(), Some("0"));
    assert!(!legal(&g).contains(&"decline".to_string()));
    assert!(legal(&g).contains(&"lead cochise san_carlos".to_string()));
}

#[test]
fn s7_command_conflict_lets_a_senior_pass_through_but_not_end_with_the_other() {
    let mut g = position(
        1,
        Phase::Move,
        ARMY,
        &[
            ("crook", "tucson", 0),
            ("miles", "camp_grant", 0),
            ("troop_a", "tucson", 3),
        ],
    );
    // Without the MP to leave again, Crook may not enter Miles's area.
    let crook = g.state.find("crook").unwrap();
    let camp = g.state.stat.area("camp_grant").unwrap();
    let c = rules::cost(&g.state, crook, camp).unwrap();
    g.state.blocks[crook].mp_left = c;
    let e = g
        .apply(&"move crook camp_grant".parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("Command Conflict"), "{e}");
    // With MP to spare he passes through, taking Troop A along.
    g.state.blocks[crook].mp_left = g.state.blocks[crook].mp;
    play(&mut g, &["move crook camp_grant with troop_a"]);
    assert!(!legal(&g).contains(&"end".to_string()));
    let e = g.apply(&"end".parse().unwrap()).unwrap_err().to_string();
    assert!(
        e.contains("may not end a Movement Impulse in the same area"),
        "{e}"
    );
    // Crook moves on (Troop A may stay with Miles): now the segment may end.
    let on = legal(&g)
        .into_iter()
        .find(|a| a.starts_with("move crook ") && !a.contains(" with "))
        .expect("Crook can move on");
    play(&mut g, &[on.as_str()]);
    assert!(legal(&g).contains(&"end".to_string()));
    play(&mut g, &["end"]);
}

#[test]
fn s7_command_conflict_binds_the_army_segment_only_and_seniors_may_deploy_together() {
    let mut g = position(
        1,
        Phase::Deploy,
        ARMY,
        &[("crook", "tucson", 0), ("miles", "tucson", 0)],
    );
    // Deployment is not a Movement Impulse: the seed forbids ending one together.
    let miles = g.state.find("miles").unwrap();
    let tucson = g.state.stat.area("tucson").unwrap();
    g.state.blocks[miles].status = Status::Drawn;
    assert!(deploy_areas(&g.state, miles).contains(&tucson));
    play(&mut g, &["deploy miles tucson", "end"]);
    // The Apache segment ends freely; the Army's must part them.
    assert_eq!(g.probe("to_act").as_deref(), Some("0"));
    play(&mut g, &["end"]);
    assert_eq!(g.probe("to_act").as_deref(), Some("1"));
    assert!(!legal(&g).contains(&"end".to_string()));
}

#[test]
fn s6_the_settler_deploys_to_any_town_and_apache_leaders_may_stay_off_the_map() {
    let g = position(1, Phase::Deploy, ARMY, &[]);
    let settler = g
        .state
        .blocks
        .iter()
        .position(|b| &*b.key == "settler")
        .unwrap();
    let areas: Vec<String> = deploy_areas(&g.state, settler)
        .into_iter()
        .map(|a| g.state.stat.id(a).to_string())
        .collect();
    // "an area with a Town" (§6.0): Mexican Towns too, and never an area without one.
    assert!(areas.contains(&"hermosillo".to_string()), "{areas:?}");
    assert!(areas.contains(&"tucson".to_string()), "{areas:?}");
    assert!(!areas.contains(&"camp_grant".to_string()), "{areas:?}");

    // An available Apache Leader "may be placed" (§6.0): the segment may end with him
    // still off the map, and he sits out the turn.
    let mut g = position(1, Phase::Deploy, APACHE, &[("san_carlos", "tonto", 3)]);
    let cochise = g
        .state
        .blocks
        .iter()
        .position(|b| &*b.key == "cochise")
        .unwrap();
    g.state.blocks[cochise].status = Status::Drawn;
    g.state.blocks[cochise].handle = "A9".into();
    let l = legal(&g);
    assert!(l.contains(&"end".to_string()), "{l:?}");
    assert!(l.contains(&"deploy A9 tucson".to_string()), "{l:?}");
    play(&mut g, &["end"]);
    assert!(logged(
        &g,
        "The Apache player keeps 1 available Leader(s) off the map this turn"
    ));
    assert_eq!(g.state.blocks[cochise].status, Status::Pool);
    assert_eq!(g.probe("to_act").as_deref(), Some("1"));
}

#[test]
fn s11_1_a_leader_rolls_for_death_with_the_value_he_used() {
    // Cochise leads San Carlos in an ambush in Dragoon (Mountain): he used 2 + 1 = 3, so
    // his death roll is d6 + 3 (a 1 gives 4 > 3: survives). Carleton, on the side that
    // did not fire, does not roll.
    let mut g = position_opts(
        1,
        Phase::Combat,
        ARMY,
        &[
            ("cochise", "dragoon", 0),
            ("san_carlos", "dragoon", 1),
            ("carleton", "dragoon", 0),
            ("troop_a", "dragoon", 3),
        ],
        |o| {
            o.apache_leader_death = true;
            o.army_leader_death = true;
        },
    );
    g.force_dice(&[1, 1]);
    play(
        &mut g,
        &["combat dragoon", "stay", "lead cochise san_carlos", "fire"],
    );
    assert!(
        logged(&g, "Cochise survives: d6 1 + 3 = 4 > 3 (§11.1)"),
        "{:#?}",
        g.log
    );
    assert!(!logged(&g, "Carleton survives") && !logged(&g, "Carleton dies"));
}

#[test]
fn s8_s9_apache_leaders_in_a_reservation_are_never_captured() {
    // Cochise (2) with a band in the San Carlos Reservation, Crook (2) and Carleton (1)
    // there too: the Leader comparison of §9.0 is an attack, which a Reservation
    // forbids (§8.0). The band counts as forced (2 VP per SP), no Leader is captured.
    let mut g = position(
        1,
        Phase::Move,
        ARMY,
        &[
            ("cochise", "san_carlos", 0),
            ("arivipa", "san_carlos", 3),
            ("crook", "san_carlos", 0),
            ("carleton", "san_carlos", 0),
            ("troop_a", "san_carlos", 3),
        ],
    );
    g.state.impulse = 2;
    play(&mut g, &["end"]);
    assert!(
        !logged(&g, "Leaders worth"),
        "no capture in a Reservation: {:#?}",
        g.log
    );
    assert!(logged(
        &g,
        "san_carlos: 3 Apache SP in the Reservation count as forced"
    ));
    assert!(logged(&g, "Turn total: Apache 0, Army 6"), "{:#?}", g.log);
}

#[test]
fn s9_every_apache_block_counts_toward_the_map_edge_vp_over_the_whole_map() {
    // "1 VP for each 3 Apache blocks that end a turn in an area that borders a map
    // edge": a Rumor and a Leader are Apache blocks too, and the count runs over the
    // map, not area by area (docs/reconstructions-wind.md).
    let mut g = position(
        1,
        Phase::Move,
        ARMY,
        &[
            ("pinal", "prescott", 0),
            ("cochise", "gila_bend", 0),
            ("carizo", "guaymas", 1),
        ],
    );
    g.state.impulse = 2;
    play(&mut g, &["end"]);
    assert!(
        logged(&g, "3 Apache blocks in map-edge areas +1 Army"),
        "{:#?}",
        g.log
    );
}

#[test]
fn s3_s6_the_owner_splits_his_pools_strength_among_the_blocks_he_deploys() {
    // A Moderate turn draws 5 War Bands at an average of 3: 15 SP to split, each band 1
    // to 4 (§3.0 "the starting strength indicated by the Provocation Chart"; the chart
    // is a reconstruction). The Combat Example's bands at 4, 4, 2 and 1 need a split.
    let mut g = super::util::session(1);
    assert_eq!(g.probe("level").as_deref(), Some("Moderate"));
    let bands: Vec<usize> = (0..g.state.blocks.len())
        .filter(|&b| {
            g.state.blocks[b].pool == wargame::games::wind::data::Pool::Bands
                && g.state.blocks[b].status == Status::Drawn
        })
        .collect();
    assert_eq!(bands.len(), 5);
    let h =
        |g: &wargame::core::session::Session<Wind>, b: usize| g.state.blocks[b].handle.to_string();
    let area = |g: &wargame::core::session::Session<Wind>, b: usize| {
        g.state.stat.id(deploy_areas(&g.state, b)[0]).to_string()
    };
    assert_eq!(rules::deploy_strengths(&g.state, bands[0]), Some(1..=4));
    // A band needs a strength; a Rumor or Leader takes none.
    let (b0, a0) = (h(&g, bands[0]), area(&g, bands[0]));
    let e = g
        .apply(&format!("deploy {b0} {a0}").parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("needs a starting strength, 1-4"), "{e}");
    // 4, 4, 4: 3 SP are left for the last two bands, so the fourth may take 1 or 2.
    for &b in &bands[..3] {
        let (hb, ab) = (h(&g, b), area(&g, b));
        play(&mut g, &[format!("deploy {hb} {ab} 4").as_str()]);
    }
    assert_eq!(rules::deploy_strengths(&g.state, bands[3]), Some(1..=2));
    let (h3, a3) = (h(&g, bands[3]), area(&g, bands[3]));
    let e = g
        .apply(&format!("deploy {h3} {a3} 3").parse().unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("may start at 1-2 SP"), "{e}");
    play(&mut g, &[format!("deploy {h3} {a3} 2").as_str()]);
    // The last band takes exactly what is left.
    assert_eq!(rules::deploy_strengths(&g.state, bands[4]), Some(1..=1));
    let (h4, a4) = (h(&g, bands[4]), area(&g, bands[4]));
    play(&mut g, &[format!("deploy {h4} {a4} 1").as_str()]);
    let total: u32 = bands.iter().map(|&b| u32::from(g.state.blocks[b].sp)).sum();
    assert_eq!(total, 15);
    // The strength is the owner's secret: the Army's line of the deployment has none.
    let army_lines: Vec<&str> = g
        .log
        .iter()
        .filter(|l| l.text.contains(&format!("{h4} (")) && l.text.contains("deployed"))
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(army_lines.len(), 2, "{army_lines:?}");
    assert!(army_lines.iter().any(|l| l.ends_with("at 1 SP")));
    assert!(
        army_lines
            .iter()
            .any(|l| l.contains("tan Apache block") && !l.contains("SP"))
    );
}

/// Whether point `p` lies inside `poly` (ray casting).
fn inside(poly: &[[f32; 2]], p: (f32, f32)) -> bool {
    let mut c = false;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        if (a[1] > p.1) != (b[1] > p.1) && p.0 < a[0] + (p.1 - a[1]) / (b[1] - a[1]) * (b[0] - a[0])
        {
            c = !c;
        }
    }
    c
}

/// A place's position under the map's own projection (the map file's header: lon
/// -113.6..-104.4 to x 0..1600, lat 35.1..27.8 to y 0..1200).
fn project(lat: f32, lon: f32) -> (f32, f32) {
    ((lon + 113.6) / 9.2 * 1600.0, (35.1 - lat) / 7.3 * 1200.0)
}

#[test]
fn s3_the_reservation_areas_hold_their_agencies_forts_and_mountains() {
    // §3.0 and §8.0 name "the White Mountain & San Carlos Reservations area" and "the
    // Mescaleros Reservation": the reconstructed map must put the places in them.
    let g = super::util::session(1);
    let st = &g.state.stat;
    let area_of = |lat: f32, lon: f32| -> String {
        let p = project(lat, lon);
        let hits: Vec<&str> = st
            .map
            .areas
            .iter()
            .filter(|a| inside(&a.polygon, p))
            .map(|a| a.id.as_str())
            .collect();
        assert_eq!(hits.len(), 1, "({lat}, {lon}) lies in {hits:?}");
        hits[0].to_string()
    };
    assert_eq!(area_of(33.16, -105.77), "mescalero", "the Mescalero agency");
    assert_eq!(area_of(33.79, -109.99), "san_carlos", "Fort Apache");
    assert_eq!(
        area_of(33.91, -109.56),
        "san_carlos",
        "Mount Baldy, White Mountains"
    );
    assert_eq!(
        area_of(33.32, -110.46),
        "san_carlos",
        "the San Carlos agency"
    );
    assert_eq!(area_of(33.50, -105.52), "fort_stanton", "Fort Stanton");
    assert_eq!(area_of(33.07, -106.02), "tularosa", "Tularosa");
    let sc = st.area("san_carlos").unwrap();
    assert!(st.is(sc, wargame::games::wind::state::RESERVATION));
}

#[test]
fn s3_mountains_not_the_rio_grande_divide_tularosa_from_mesilla_and_socorro_from_fort_stanton() {
    let g = super::util::session(1);
    let st = &g.state.stat;
    let kind = |a: &str, b: &str| {
        let (a, b) = (st.area(a).unwrap(), st.area(b).unwrap());
        let &(_, k) = st.neighbors(a).iter().find(|(n, _)| *n == b).unwrap();
        st.tables.costs[k].kind.clone()
    };
    assert_eq!(kind("tularosa", "mesilla"), "mountain");
    assert_eq!(kind("socorro", "fort_stanton"), "mountain");
    // The Dragoons and the San Bernardino Valley do not touch: the Sulphur Springs Valley
    // and the Chiricahuas lie between.
    let (d, sb) = (
        st.area("dragoon").unwrap(),
        st.area("san_bernardino").unwrap(),
    );
    assert!(!st.neighbors(d).iter().any(|&(n, _)| n == sb));
}
