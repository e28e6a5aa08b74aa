//! Battle of the Rosebud's Cavalry Charge (16A), one test per rule, named by its number in
//! the seed (../shared/seeds/003_ff3c01f8094d45ce.txt), with forced dice, on a board made
//! flat and clear around 2907.

use super::common::{act, away, c, put, texts};
use std::sync::Arc;
use wargame::games::rosebud::data::{Mode, Side};
use wargame::games::rosebud::rules;
use wargame::games::rosebud::state::{Pending, Phase, State};

/// Everything off the map in a side's phase, flat and clear around 2907.
fn board(phasing: Side, phase: Phase) -> State {
    super::common::board(phasing, phase, true)
}

#[test]
fn rule_16a_only_mounted_cavalry_in_good_order_may_charge_before_moving() {
    let mut s = board(Side::US, Phase::Movement);
    let a = c(&s, "2907");
    let t = away(&s, a, 3);
    let u = put(&mut s, "a_2cav", a, Mode::Mounted);
    put(&mut s, "crow_king", t, Mode::Dismounted);
    let order = format!("charge a_2cav {}", s.stat.label(t));
    assert!(texts(&s).contains(&order), "{:?}", texts(&s));
    s.units[u].disrupted = true;
    assert!(!texts(&s).contains(&order), "not Disrupted");
    s.units[u].disrupted = false;
    s.units[u].mode = Mode::Dismounted;
    assert!(!texts(&s).contains(&order), "Mounted only");
    s.units[u].mode = Mode::Mounted;
    // Mounted infantry may not charge.
    let i = put(&mut s, "g_9inf", a, Mode::Mounted);
    assert!(!texts(&s).iter().any(|x| x.starts_with("charge g_9inf")));
    s.units[i].at = wargame::games::rosebud::state::Loc::Off;
    // Not after it has spent MPs.
    s.units[u].spent = 1;
    assert!(!texts(&s).contains(&order), "before any MPs are spent");
}

#[test]
fn rule_16a_a_charge_gains_1_mp_and_goes_toward_the_target_through_clear_hexes_only() {
    let mut s = board(Side::US, Phase::Movement);
    let a = c(&s, "2907");
    let t = away(&s, a, 4);
    let u = put(&mut s, "a_2cav", a, Mode::Mounted);
    put(&mut s, "crow_king", t, Mode::Dismounted);
    let before = rules::mp_left(&s, u);
    let order = format!("charge a_2cav {}", s.stat.label(t));
    act(&mut s, &order);
    assert_eq!(rules::mp_left(&s, u), before + 1);
    let steps: Vec<String> = texts(&s)
        .into_iter()
        .filter(|x| x.starts_with("move a_2cav"))
        .collect();
    assert!(!steps.is_empty());
    for m in &steps {
        let h = c(&s, m.rsplit(' ').next().unwrap());
        assert!(h.distance(t) < a.distance(t), "{m}");
    }
    assert!(
        !texts(&s).iter().any(|x| x.starts_with("dismount a_2cav")),
        "it stays Mounted"
    );
    // Light Woods on the way closes that hex.
    let first = c(&s, steps[0].rsplit(' ').next().unwrap());
    let st = Arc::make_mut(&mut s.stat);
    let woods = st
        .map
        .terrain_names
        .iter()
        .position(|x| x == "light_woods")
        .unwrap() as u8;
    let i = st.map.index(first).unwrap();
    st.map.terrain[i] = woods;
    assert!(!texts(&s).contains(&steps[0]), "Clear hexes only");
    // A climb of two levels is more than one level of uphill elevation.
    let st = Arc::make_mut(&mut s.stat);
    let clear = st
        .map
        .terrain_names
        .iter()
        .position(|x| x == "clear")
        .unwrap() as u8;
    st.map.terrain[i] = clear;
    st.map.level[i] = 5;
    assert!(!texts(&s).contains(&steps[0]), "at most one level up");
}

#[test]
fn rule_16a_a_charging_unit_must_melee_its_target_with_half_again_and_is_then_disrupted() {
    let mut s = board(Side::US, Phase::Melee);
    let a = c(&s, "2907");
    let b = s.stat.map.neighbors(a).next().unwrap();
    let other = s.stat.map.neighbors(a).nth(3).unwrap();
    let u = put(&mut s, "a_2cav", a, Mode::Mounted); // CF 5
    put(&mut s, "crow_king", b, Mode::Dismounted);
    put(&mut s, "four_horns", other, Mode::Dismounted);
    s.units[u].charge = Some(wargame::games::rosebud::state::Charge {
        target: b,
        climbed: 0,
    });
    let t = texts(&s);
    assert!(!t.contains(&"end".to_string()), "it must engage: {t:?}");
    assert!(!t.contains(&format!("melee {}", s.stat.label(other))));
    let order = format!("melee {}", s.stat.label(b));
    act(&mut s, &order);
    act(&mut s, "commit");
    s.dice.force([3]);
    let log = act(&mut s, "stand").join("\n");
    assert!(log.contains("(8, with 3 for the charge, 16A)"), "{log}");
    assert!(s.units[u].disrupted || s.units[u].routed, "{log}");
}

#[test]
fn rule_16a_if_every_defender_retreats_the_charger_pursues_without_a_roll() {
    let mut s = board(Side::US, Phase::Melee);
    let a = c(&s, "2907");
    let b = s.stat.map.neighbors(a).next().unwrap();
    let u = put(&mut s, "a_2cav", a, Mode::Mounted);
    put(&mut s, "crow_king", b, Mode::Mounted);
    s.units[u].charge = Some(wargame::games::rosebud::state::Charge {
        target: b,
        climbed: 0,
    });
    let order = format!("melee {}", s.stat.label(b));
    act(&mut s, &order);
    act(&mut s, "commit");
    s.dice.force([6]);
    act(&mut s, "rbm");
    super::common::walk_retreat(&mut s, "crow_king");
    assert!(matches!(s.pending.first(), Some(Pending::Pursuit { .. })));
    assert_eq!(texts(&s), vec!["pursue a_2cav".to_string()], "no halt yet");
    let before = s.dice.forced_left();
    let log = act(&mut s, "pursue a_2cav").join("\n");
    assert!(log.contains("without a roll"), "{log}");
    assert_eq!(s.dice.forced_left(), before);
    // 16A: "Disrupted after the resolution of the Melee Combat": none was resolved yet,
    // so not before the pursuit ends (the fifth rules review).
    assert!(
        !s.units[u].disrupted,
        "not Disrupted before its pursuit ends"
    );
    while matches!(
        s.pending.first(),
        Some(Pending::Pursuit { .. } | Pending::PursuitMove { .. })
    ) {
        act(&mut s, "halt");
    }
    assert!(s.units[u].disrupted, "Disrupted once the pursuit ends");
}
