//! The command line: list, check, simulate, script, replay, view, and --help.

use crate::util::{bin, root, scratch};
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(bin())
        .args(args)
        .current_dir(root())
        .output()
        .expect("run wargame");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn list_names_every_scenario() {
    let (code, out, _) = run(&["list"]);
    assert_eq!(code, 0);
    for s in [
        "wood_lake",
        "wagon_box",
        "massacre_canyon",
        "washita",
        "beechers_island",
        "renos_defense",
    ] {
        assert!(out.contains(&format!("harvest_the_wind/{s}")), "{out}");
    }
    assert!(!out.contains("does not load"), "{out}");
}

#[test]
fn every_command_has_help() {
    for c in [
        "list",
        "check",
        "simulate",
        "script",
        "replay",
        "view",
        "screenshot",
    ] {
        let (code, out, _) = run(&[c, "--help"]);
        assert_eq!(code, 0, "{c}");
        assert!(out.contains(&format!("wargame {c}")), "{c}: {out}");
    }
    let (code, _, err) = run(&["frobnicate"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown command"));
}

#[test]
fn check_all_shipped_data() {
    let (code, out, _) = run(&["check", "scenarios", "rules"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("13 file(s) checked, 0 invalid"), "{out}");
    for f in [
        "ok   scenarios/moved_like_the_wind/apache_wars.ron",
        "ok   scenarios/moved_like_the_wind/maps/apache_wars.ron: area map",
        "ok   rules/moved_like_the_wind/tables.ron",
    ] {
        assert!(out.contains(f), "{f}: {out}");
    }
}

#[test]
fn simulate_is_deterministic_for_a_seed() {
    let a = run(&[
        "simulate",
        "--scenario",
        "harvest_the_wind/massacre_canyon",
        "--games",
        "8",
        "--seed",
        "42",
    ]);
    let b = run(&[
        "simulate",
        "--scenario",
        "harvest_the_wind/massacre_canyon",
        "--games",
        "8",
        "--seed",
        "42",
    ]);
    assert_eq!(a.0, 0, "{}", a.2);
    assert_eq!(a.1, b.1);
    assert!(
        a.1.contains("mean length") && a.1.contains("wins"),
        "{}",
        a.1
    );
    assert!(a.2.contains("games/s"));
}

#[test]
fn script_command_passes_and_fails() {
    let (code, out, _) = run(&["script", "tests/scripts/harvest"]);
    assert_eq!(code, 0, "{out}");
    let dir = scratch("script-fail");
    let p = dir.join("wrong.ron");
    std::fs::write(
        &p,
        r#"(scenario: "harvest_the_wind/wagon_box", steps: [Expect("turn", "7"), Fail("end")])"#,
    )
    .unwrap();
    let (code, out, _) = run(&["script", p.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("turn: expected 7, got 1"), "{out}");
    assert!(out.contains("was accepted but must be refused"), "{out}");
}

#[test]
fn view_after_steps_and_replay_of_a_save() {
    let (code, out, _) = run(&[
        "view",
        "--scenario",
        "harvest_the_wind/wood_lake",
        "--seed",
        "3",
        "--steps",
        "30",
        "--seat",
        "1",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("hidden_stacks"), "{out}");
    // Build a save through a script session, then replay it.
    let dir = scratch("replay-cli");
    let g = {
        let mut g =
            wargame::games::new_session(&root(), "harvest_the_wind/wagon_box", 9, false).unwrap();
        for _ in 0..5 {
            g.apply_str("end").unwrap();
        }
        g.save()
    };
    let p = dir.join("g.ron");
    g.write(&p).unwrap();
    let (code, out, err) = run(&["replay", p.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("replay OK: 5 actions"), "{out}");
}

#[test]
fn simulate_seats_players_and_refuses_bad_player_specs() {
    let args = [
        "simulate",
        "--scenario",
        "harvest_the_wind/massacre_canyon",
        "--games",
        "1",
        "--seed",
        "3",
        "--max-actions",
        "40",
        "--players",
        "greedy,random",
    ];
    let (code, out, _) = run(&args);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("(Sioux greedy vs Pawnee random)"), "{out}");
    assert!(out.contains("95% CI"), "{out}");
    assert_eq!(run(&args).1, out, "the same seed gives the same report");
    let (code, _, err) = run(&[
        "simulate",
        "--scenario",
        "harvest_the_wind/massacre_canyon",
        "--players",
        "ai:9,random",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("ai:LEVEL"), "{err}");
    let (code, _, err) = run(&[
        "simulate",
        "--scenario",
        "harvest_the_wind/massacre_canyon",
        "--players",
        "random",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("one player per seat"), "{err}");
}
