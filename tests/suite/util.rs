//! Helpers shared by the test modules.

use std::path::{Path, PathBuf};
use wargame::core::hexmap::Coord;
use wargame::core::session::{GameSession, Session};
use wargame::games;
use wargame::games::harvest::Harvest;
use wargame::games::harvest::setup;

/// The crate root (data root for tests).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped scenario ids.
pub fn scenario_ids() -> Vec<String> {
    games::scenarios(&root(), "harvest_the_wind")
}

/// A typed session on a scenario id or path.
pub fn session(scenario: &str, seed: u64) -> Session<Harvest> {
    let loaded = if scenario.ends_with(".ron") {
        setup::load_scenario_path(&root(), &root().join(scenario)).expect("scenario loads")
    } else {
        setup::load_scenario_id(&root(), scenario).expect("scenario loads")
    };
    Session::new(
        scenario,
        seed,
        setup::initial_state(&loaded.stat, seed, false),
    )
}

/// The rules laboratory.
pub fn lab() -> Session<Harvest> {
    session("tests/data/harvest/lab.ron", 1)
}

/// Apply actions in notation, panicking with the refusal if one is illegal. A
/// reaction-fire window the test does not act in is passed first.
pub fn play(g: &mut Session<Harvest>, actions: &[&str]) {
    for a in actions {
        if g.probe("pending").as_deref() == Some("reaction")
            && !a.starts_with("fire")
            && *a != "pass"
        {
            g.apply(&"pass".parse().unwrap()).unwrap();
        }
        let act = a
            .parse()
            .unwrap_or_else(|e| panic!("'{a}' does not parse: {e}"));
        g.apply(&act)
            .unwrap_or_else(|e| panic!("'{a}' refused: {e}"));
    }
}

/// Walk a flight (II.B.3-4) to its end: end it as soon as the unit may, else take the
/// step `choose` picks among the offered steps; the enemy passes any reaction-fire
/// window. Returns the hexes entered, in order.
pub fn walk_flight(
    g: &mut Session<Harvest>,
    unit: &str,
    choose: impl Fn(&[String]) -> String,
) -> Vec<Coord> {
    let mut path = vec![];
    for _ in 0..20 {
        match g.probe("pending").as_deref() {
            Some("reaction") => play(g, &["pass"]),
            Some("flee") => {
                let here: Coord = g.probe(&format!("{unit}.hex")).unwrap().parse().unwrap();
                let legal = g.legal();
                let end = legal
                    .iter()
                    .find(|l| l.split_whitespace().nth(2) == Some(here.to_string().as_str()));
                let a = match end {
                    Some(e) => e.clone(),
                    None => choose(&legal),
                };
                play(g, &[a.as_str()]);
                let now: Coord = g.probe(&format!("{unit}.hex")).unwrap().parse().unwrap();
                if now != here {
                    path.push(now);
                }
            }
            _ => return path,
        }
    }
    panic!("the flight of {unit} never ended");
}

/// Apply `end`/`pass` until a probe reads the value.
pub fn end_until(g: &mut Session<Harvest>, key: &str, want: &str) {
    for _ in 0..200 {
        if g.probe(key).as_deref() == Some(want) {
            return;
        }
        let legal = g.legal();
        // Pass or end if possible; otherwise take the first offered decision.
        let a = if legal.iter().any(|l| l == "pass") {
            "pass".to_string()
        } else if legal.iter().any(|l| l == "end") {
            "end".to_string()
        } else {
            legal.first().cloned().expect("a legal action")
        };
        play(g, &[a.as_str()]);
    }
    panic!("{key} never became {want}");
}

/// A scratch folder for a test.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("wargame-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

/// Write a file and return its path.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p
}

/// The binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_wargame")
}

/// Run `wargame script` on a path under the repository root: (passed, stdout).
pub fn run_script(path: &str) -> (bool, String) {
    let out = std::process::Command::new(bin())
        .args(["script", path])
        .current_dir(root())
        .output()
        .expect("run wargame");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

/// An independent rules review's scripts: every script in `dir` passes, and at least
/// `min` of them ran.
pub fn review_scripts_pass(dir: &str, min: usize) {
    let (ok, text) = run_script(dir);
    assert!(ok, "{text}");
    let n: usize = text
        .lines()
        .last()
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(n >= min, "every review script ran: {text}");
}

/// A review's open findings (`open`, absent when none is open): each script must still
/// fail; one that passes means the defect is fixed and its script moves to `fixed`.
pub fn open_findings_still_fail(open: &str, fixed: &str) {
    let Ok(entries) = std::fs::read_dir(root().join(open)) else {
        return;
    };
    for e in entries.filter_map(|e| e.ok()) {
        let rel = format!("{open}/{}", e.file_name().to_string_lossy());
        let (ok, text) = run_script(&rel);
        assert!(
            !ok,
            "{rel} passes now: the defect is fixed, move it to {fixed}/\n{text}"
        );
    }
}
