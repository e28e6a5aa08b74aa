//! The rules tables as loaded from rules/harvest_the_wind/tables.ron must match the
//! seed's printed Tables 1-3 exactly.

use crate::util::root;
use wargame::games::harvest::setup::load_tables;

#[test]
fn table_1_fct_matches_the_seed() {
    let t = load_tables(&root()).unwrap();
    let n = None;
    let s = Some;
    let expected: [(&str, [Option<u8>; 9]); 9] = [
        ("pistol", [s(3), s(6), n, n, n, n, n, n, n]),
        ("shotgun", [s(2), s(5), n, n, n, n, n, n, n]),
        (
            "smoothbore_musket",
            [s(3), s(4), s(5), s(5), s(6), n, n, n, n],
        ),
        (
            "rifled_musket",
            [s(3), s(4), s(4), s(5), s(5), s(6), n, n, n],
        ),
        (
            "breechloader",
            [s(3), s(3), s(3), s(4), s(5), s(6), s(6), s(8), n],
        ),
        ("carbine", [s(2), s(2), s(4), s(6), s(8), n, n, n, n]),
        (
            "howitzer_canister",
            [n, s(2), s(3), s(4), s(4), s(6), n, n, n],
        ),
        (
            "howitzer_shell",
            [n, n, n, s(6), s(6), s(6), s(6), s(6), s(6)],
        ),
        (
            "gatling",
            [n, s(2), s(3), s(3), s(3), s(4), s(4), s(4), s(6)],
        ),
    ];
    assert_eq!(t.fct.len(), expected.len());
    for (w, row) in expected {
        let r = t
            .fct
            .iter()
            .find(|r| r.weapon == w)
            .unwrap_or_else(|| panic!("no FCT row {w}"));
        assert_eq!(r.to_hit, row.to_vec(), "FCT row {w}");
        assert!(!r.source.is_reconstruction(), "{w} is printed in the seed");
    }
    // IV.B.5: only these weapons may perform Defensive Fire.
    let defensive: Vec<&str> = t
        .fct
        .iter()
        .filter(|r| r.defensive)
        .map(|r| r.weapon.as_str())
        .collect();
    assert_eq!(
        defensive,
        [
            "pistol",
            "breechloader",
            "carbine",
            "howitzer_canister",
            "howitzer_shell",
            "gatling"
        ]
    );
    // Table 1 procedure.
    let m = &t.fire_modifiers;
    assert_eq!(
        (
            m.low_ammo.value,
            m.mounted_target.value,
            m.cover.value,
            m.hidden.value,
            m.horses.value,
            m.dependents.value
        ),
        (-2, 1, -1, -2, 1, -1)
    );
}

#[test]
fn table_2_mct_matches_the_seed() {
    let t = load_tables(&root()).unwrap();
    let got: Vec<(i8, u8)> = t.mct.iter().map(|c| (c.differential, c.need)).collect();
    assert_eq!(got, [(-2, 6), (-1, 5), (0, 4), (1, 3), (2, 2)]);
    assert!(
        t.mct_clamp.is_reconstruction(),
        "clamping beyond +-2 is not printed"
    );
}

#[test]
fn table_3_tec_matches_the_seed() {
    let t = load_tables(&root()).unwrap();
    let row = |k: &str| {
        t.tec
            .iter()
            .find(|r| r.terrain == k)
            .unwrap_or_else(|| panic!("no TEC row {k}"))
    };
    for (k, cost, blocks, cover) in [
        ("open", 1, false, false),
        ("woods", 2, true, true),
        ("river", 4, false, false),
        ("tall_grass", 2, false, true),
    ] {
        let r = row(k);
        assert_eq!(
            (r.cost, r.blocks_los, r.cover),
            (cost, blocks, cover),
            "TEC {k}"
        );
    }
    let counter = |k: &str| {
        t.tec_counters
            .iter()
            .find(|r| r.counter == k)
            .unwrap_or_else(|| panic!("no TEC counter {k}"))
    };
    for (k, blocks, cover) in [
        ("hidden", false, true),
        ("wagon", true, true),
        ("blaze", true, true),
        ("dust", true, true),
        ("unit", true, false),
        ("dependent", true, false),
        ("horses", true, true),
    ] {
        let c = counter(k);
        assert_eq!((c.blocks_los, c.cover), (blocks, cover), "TEC counter {k}");
    }
    assert!(
        counter("lodge").source.is_reconstruction(),
        "Table 3 does not list the Lodge"
    );
    assert_eq!(t.climb_cost.value, 1, "III.B.3");
    assert_eq!(t.hidden_move.value, 2, "III.F.5");
    assert_eq!(t.artillery_ma.value, 12, "III.I.2");
    assert_eq!(t.horses_held.value, 7, "III.G.6");
    assert_eq!(t.thirsty_stop.value, 4, "III.G.8");
}
