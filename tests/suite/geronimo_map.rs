//! The reconstructed map of *Geronimo!*'s West (`scenarios/geronimo/maps/west.ron`): it
//! loads as an area map, names the 21
//! places the rules use, and links exactly the Areas that share a border in history,
//! with the two corner links of 5.241/5.341.

use std::collections::BTreeSet;
use wargame::core::areamap::AreaMap;

fn map() -> AreaMap {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/geronimo/maps/west.ron"
    );
    let text = std::fs::read_to_string(path).expect("the draft map is shipped");
    ron::from_str(&text).expect("the draft map parses as an area map")
}

#[test]
fn the_draft_map_of_the_west_has_the_21_places_with_their_kinds() {
    let m = map();
    m.validate().expect("valid map");
    let ids: BTreeSet<&str> = m.areas.iter().map(|a| a.id.as_str()).collect();
    let states = [
        "wa", "or", "ca", "id", "nv", "ut", "az", "mt", "wy", "co", "nm", "nd", "sd", "ne", "ks",
        "ok", "tx", "mn",
    ];
    let mut want: BTreeSet<&str> = states.into_iter().collect();
    want.extend(["mexico", "canada", "grey"]);
    assert_eq!(ids, want);
    for a in &m.areas {
        let kind = match a.id.as_str() {
            "mexico" | "canada" => "foreign",
            "grey" => "grey",
            _ => "area",
        };
        let props: Vec<&str> = a.props.iter().map(String::as_str).collect();
        assert_eq!(props, [kind], "{}", a.id);
        assert!(a.polygon.len() >= 3, "{} has an outline", a.id);
    }
}

#[test]
fn the_draft_map_links_the_areas_that_share_a_border_and_the_two_corners_5_241() {
    // Written from the historical borders, not from the file.
    let borders = "wa-or wa-id or-id or-nv or-ca ca-nv ca-az id-nv id-ut id-wy id-mt nv-ut \
        nv-az ut-az ut-co ut-wy az-nm mt-wy mt-sd mt-nd wy-co wy-ne wy-sd co-nm co-ok co-ks \
        co-ne nm-ok nm-tx nd-sd nd-mn sd-ne sd-mn ne-ks ks-ok ok-tx \
        mexico-ca mexico-az mexico-nm mexico-tx \
        canada-wa canada-id canada-mt canada-nd canada-mn \
        grey-mn grey-sd grey-ne grey-ks grey-ok grey-tx";
    let key = |a: &str, b: &str, kind: &str| {
        let (x, y) = if a < b { (a, b) } else { (b, a) };
        format!("{x}-{y}:{kind}")
    };
    let mut want: BTreeSet<String> = borders
        .split_whitespace()
        .map(|p| {
            let (a, b) = p.split_once('-').expect("pair");
            key(a, b, "border")
        })
        .collect();
    want.insert(key("co", "az", "corner"));
    want.insert(key("nm", "ut", "corner"));
    let m = map();
    let got: BTreeSet<String> = m
        .boundaries
        .iter()
        .map(|b| key(&b.a, &b.b, &b.kind))
        .collect();
    assert_eq!(got.len(), m.boundaries.len(), "no boundary is given twice");
    let missing: Vec<_> = want.difference(&got).collect();
    let extra: Vec<_> = got.difference(&want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "missing {missing:?}, extra {extra:?}"
    );
}
