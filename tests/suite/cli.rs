//! The command line: list, check, simulate (and its Markdown/SVG balance reports),
//! script, replay, view, --help, and the refusal of unknown flags and missing values.

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
    assert!(
        err.contains("unrecognized subcommand 'frobnicate'"),
        "{err}"
    );
}

/// A command, what its `--help` must name, and arguments it accepts.
struct Cmd {
    /// The subcommand.
    name: &'static str,
    /// Its flags and positional arguments as the help writes them (`view` and
    /// `screenshot` also [`GAME_ARGS`]).
    names: &'static [&'static str],
    /// Arguments it accepts (but for a missing file or display, it would run).
    good: &'static [&'static str],
}

/// What `view` and `screenshot` also name: the game they show (a save, or a new game).
const GAME_ARGS: [&str; 6] = [
    "[SAVE]",
    "--save <SAVE>",
    "--scenario <ID>",
    "--seed <S>",
    "--steps <K>",
    "--option <O>",
];

/// Every command.
const COMMANDS: [Cmd; 7] = [
    Cmd {
        name: "list",
        names: &[],
        good: &[],
    },
    Cmd {
        name: "check",
        names: &["<PATH>..."],
        good: &["scenarios/harvest_the_wind"],
    },
    Cmd {
        name: "simulate",
        names: &[
            "--scenario <ID>",
            "--games <N>",
            "--seed <S>",
            "--max-actions <N>",
            "--players <P,P>",
            "--option <O>",
            "--jobs <J>",
            "--report <FILE.md>",
            "--save-games <DIR>",
        ],
        good: &[
            "--scenario",
            "harvest_the_wind/massacre_canyon",
            "--games",
            "1",
        ],
    },
    Cmd {
        name: "script",
        names: &["<PATH>..."],
        good: &["tests/scripts/harvest"],
    },
    Cmd {
        name: "replay",
        names: &["<SAVE>"],
        good: &["saves/none.ron"],
    },
    Cmd {
        name: "view",
        names: &["--seat <N>", "--write-save <FILE>"],
        good: &["--scenario", "harvest_the_wind/wood_lake", "--seat", "0"],
    },
    Cmd {
        name: "screenshot",
        names: &["--out <FILE.png>", "--frames <F>"],
        good: &["--scenario", "harvest_the_wind/wood_lake", "--out", "x.png"],
    },
];

#[test]
fn every_command_help_names_its_flags_and_exits_0() {
    for Cmd { name: c, names, .. } in COMMANDS {
        for ask in [vec![c, "--help"], vec![c, "-h"], vec!["help", c]] {
            let (code, out, err) = run(&ask);
            assert_eq!(code, 0, "{ask:?}: {err}");
            assert!(err.is_empty(), "{ask:?}: {err}");
            assert!(
                out.contains(&format!("Usage: wargame {c}")),
                "{ask:?}: {out}"
            );
            let game: &[&str] = if matches!(c, "view" | "screenshot") {
                &GAME_ARGS
            } else {
                &[]
            };
            for f in names.iter().chain(game) {
                assert!(out.contains(f), "{ask:?} does not name {f}: {out}");
            }
        }
    }
    // The long help keeps the explanatory prose.
    let (_, out, _) = run(&["simulate", "--help"]);
    assert!(out.contains("95% confidence"), "{out}");
    assert!(out.contains("[default: 200000]"), "{out}");
    let (_, out, _) = run(&["check", "--help"]);
    assert!(out.contains("file:line:column: message"), "{out}");
    // The top level lists every command, and --version answers.
    for ask in ["--help", "-h", "help"] {
        let (code, out, _) = run(&[ask]);
        assert_eq!(code, 0, "{ask}");
        for c in COMMANDS.map(|c| c.name) {
            assert!(out.contains(&format!("\n  {c} ")), "{ask}: no {c} in {out}");
        }
    }
    let (code, out, _) = run(&["--version"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), format!("wargame {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn an_unknown_flag_is_refused_by_every_command() {
    // Arguments that would be good without the unknown flag, which goes first, in the
    // middle or last: the command must not run, whatever its other arguments.
    for Cmd {
        name: c,
        good: rest,
        ..
    } in COMMANDS
    {
        for at in 0..=rest.len() {
            let mut args = vec![c];
            args.extend_from_slice(&rest[..at]);
            args.push("--no-such-flag");
            args.extend_from_slice(&rest[at..]);
            let (code, out, err) = run(&args);
            assert_eq!(code, 2, "{args:?}: {out}{err}");
            assert!(
                err.starts_with("error: ") && err.contains("'--no-such-flag'"),
                "{args:?}: {err}"
            );
            assert!(out.is_empty(), "{args:?} ran: {out}");
        }
    }
    // A near miss gets a suggestion.
    let (code, _, err) = run(&["view", "--seet", "0"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("'--seet'") && err.contains("'--seat'"),
        "{err}"
    );
}

#[test]
fn a_missing_value_or_argument_is_refused_with_status_2() {
    let cases: [(&[&str], &str); 12] = [
        (
            &["simulate", "--scenario"],
            "a value is required for '--scenario <ID>'",
        ),
        (
            &[
                "simulate",
                "--scenario",
                "harvest_the_wind/washita",
                "--option",
            ],
            "a value is required for '--option <O>'",
        ),
        (
            &["view", "--scenario", "harvest_the_wind/wood_lake", "--seat"],
            "a value is required for '--seat <N>'",
        ),
        (
            &[
                "screenshot",
                "--scenario",
                "harvest_the_wind/wood_lake",
                "--out",
            ],
            "a value is required for '--out <FILE.png>'",
        ),
        (&["simulate", "--games", "2"], "--scenario <ID>"),
        (&["check"], "<PATH>..."),
        (&["script"], "<PATH>..."),
        (&["replay"], "<SAVE>"),
        (
            &["view", "--scenario", "harvest_the_wind/wood_lake"],
            "--seat <N>",
        ),
        (&["view", "--seat", "0"], "--scenario <ID>"),
        (
            &["screenshot", "--scenario", "harvest_the_wind/wood_lake"],
            "--out <FILE.png>",
        ),
        // A save and a scenario are two games: one of them only.
        (
            &[
                "view",
                "g.ron",
                "--scenario",
                "harvest_the_wind/wood_lake",
                "--seat",
                "0",
            ],
            "cannot be used with",
        ),
    ];
    for (args, want) in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(
            err.starts_with("error: ") && err.contains(want),
            "{args:?}: want '{want}' in {err}"
        );
        assert!(out.is_empty(), "{args:?} ran: {out}");
    }
}

#[test]
fn check_all_shipped_data() {
    let (code, out, _) = run(&["check", "scenarios", "rules"]);
    assert_eq!(code, 0, "{out}");
    // Every shipped data file, however many a new ruleset adds.
    let mut files = vec![];
    for top in ["rules", "scenarios"] {
        crate::fuzz::ron_files(&root(), &root().join(top), &mut files);
    }
    assert!(files.len() >= 38, "{files:?}");
    let want = format!("{} file(s) checked, 0 invalid", files.len());
    assert!(out.contains(&want), "want {want:?} in {out}");
    for f in [
        "ok   scenarios/nez_perce_strategic/campaign.ron: campaign",
        "ok   scenarios/nez_perce_strategic/maps/strategic.ron: strategic map",
        "ok   rules/nez_perce_strategic/counters.ron: strategic counters",
        "ok   rules/nez_perce_strategic/tables.ron: strategic rules tables",
        "ok   scenarios/nez_perce_tactical/big_hole.ron",
        "ok   scenarios/nez_perce_tactical/maps/wooded.ron: tactical map",
        "ok   rules/nez_perce_tactical/counters.ron: counter mix",
        "ok   rules/nez_perce_tactical/tables.ron",
        "ok   scenarios/moved_like_the_wind/apache_wars.ron",
        "ok   scenarios/moved_like_the_wind/victorio_geronimo.ron",
        "ok   scenarios/moved_like_the_wind/maps/apache_wars.ron: area map",
        "ok   rules/moved_like_the_wind/tables.ron",
        "ok   scenarios/rosebud/battle.ron: scenario rosebud/battle",
        "ok   scenarios/rosebud/maps/rosebud.ron: battle map (37x16 hexes from 1100",
        "ok   rules/rosebud/counters.ron: counters",
        "ok   rules/rosebud/tables.ron: rules tables",
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
        let mut g = wargame::games::new_session(&root(), "harvest_the_wind/wagon_box", 9).unwrap();
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
    // Issue 53, item 4: with its state emptied, a save's actions (edited or not)
    // confirm nothing, and `replay` says so instead of "replay OK".
    let mut empty = g.clone();
    empty.state = String::new();
    empty.actions.truncate(3);
    let q = dir.join("empty.ron");
    empty.write(&q).unwrap();
    let (code, out, _) = run(&["replay", q.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains("replay OK"), "{out}");
    assert!(
        out.contains("NOT CONFIRMED") && out.contains("no state to compare against"),
        "{out}"
    );
    // A state that differs is refused at the save's `state`, with what differs.
    let mut edited = g.clone();
    edited.actions.truncate(4);
    let r = dir.join("edited.ron");
    edited.write(&r).unwrap();
    let (code, _, err) = run(&["replay", r.to_str().unwrap()]);
    assert_eq!(code, 1);
    let line = std::fs::read_to_string(&r)
        .unwrap()
        .lines()
        .position(|l| l.trim_start().starts_with("state:"))
        .unwrap()
        + 1;
    assert!(
        err.contains(&format!("edited.ron:{line}:")) && err.contains("after its 4 actions"),
        "{err}"
    );
}

#[test]
fn output_cut_short_by_a_closed_pipe_is_not_a_panic() {
    // `wargame replay SAVE | head -1`: the reader goes away. Here it is gone before the
    // command writes anything, so every write meets a closed pipe; that must not end
    // in a panic and a backtrace, and the command must still finish its work.
    use std::process::Stdio;
    let dir = scratch("closed-pipe");
    let mut g = wargame::games::new_session(&root(), "harvest_the_wind/wagon_box", 9).unwrap();
    for _ in 0..5 {
        g.apply_str("end").unwrap();
    }
    let p = dir.join("g.ron");
    g.save().write(&p).unwrap();
    let mut child = Command::new(bin())
        .args(["replay", p.to_str().unwrap()])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run wargame");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

#[test]
fn simulate_reports_the_same_whatever_the_number_of_jobs() {
    // Games are played on several threads at once; the report must not depend on how
    // many, or on which thread finished first. Greedy players make the games differ.
    let args = |jobs: &'static str| {
        [
            "simulate",
            "--scenario",
            "harvest_the_wind/massacre_canyon",
            "--games",
            "6",
            "--seed",
            "5",
            "--players",
            "greedy,random",
            "--jobs",
            jobs,
        ]
    };
    let one = run(&args("1"));
    assert_eq!(one.0, 0, "{}", one.2);
    for jobs in ["2", "5"] {
        let many = run(&args(jobs));
        assert_eq!(many.0, 0, "{}", many.2);
        assert_eq!(many.1, one.1, "--jobs {jobs} changed the report");
    }
    let zero = run(&args("0"));
    assert_eq!(zero.0, 2);
    assert!(zero.2.contains("--jobs must be at least 1"), "{}", zero.2);
}

#[test]
fn simulate_saves_every_game_for_replay() {
    let dir = scratch("simulate-saves");
    let saves = dir.join("games");
    let (code, out, err) = run(&[
        "simulate",
        "--scenario",
        "harvest_the_wind/massacre_canyon",
        "--games",
        "3",
        "--seed",
        "4",
        "--players",
        "greedy,random",
        "--save-games",
        saves.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&saves)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["game-0.ron", "game-1.ron", "game-2.ron"]);
    // Each save replays to its end, and the games' lengths are the report's.
    let mut total = 0usize;
    for n in &names {
        let (code, rep, err) = run(&["replay", saves.join(n).to_str().unwrap()]);
        assert_eq!(code, 0, "{n}: {err}");
        let count: usize = rep
            .split("replay OK: ")
            .nth(1)
            .and_then(|t| t.split_whitespace().next())
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("{n}: {rep}"));
        assert!(rep.contains("Game over"), "{n} did not end: {rep}");
        total += count;
    }
    let mean: f64 = out
        .split("mean length ")
        .nth(1)
        .and_then(|t| t.split(", ").nth(1))
        .and_then(|t| t.split_whitespace().next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(
        mean.round() as usize,
        (total as f64 / 3.0).round() as usize,
        "{out}"
    );
    // A file where the folder should be is refused before any game is played.
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let (code, _, err) = run(&[
        "simulate",
        "--scenario",
        "harvest_the_wind/massacre_canyon",
        "--games",
        "1",
        "--save-games",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--save-games: cannot create folder"), "{err}");
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
    // The Markdown report names each seat's player and the command that reproduces it.
    let md = scratch("report-players").join("mc.md");
    let mut with_report = args.to_vec();
    with_report.extend(["--report", md.to_str().unwrap()]);
    let (code, _, err) = run(&with_report);
    assert_eq!(code, 0, "{err}");
    let text = read(&md);
    assert!(
        text.contains("| 0 | Sioux | greedy |\n| 1 | Pawnee | random |"),
        "{text}"
    );
    assert!(
        text.contains("--seed 3 --max-actions 40 --players greedy,random --report "),
        "{text}"
    );
    assert!(
        text.contains("Unfinished games (hit `--max-actions 40`): 1."),
        "{text}"
    );
    assert!(read(&md.with_file_name("mc-vp.svg")).contains(">Sioux (greedy)</text>"));
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

fn read(p: &std::path::Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The Markdown without its one machine-dependent line.
fn without_speed(md: &str) -> String {
    md.lines()
        .filter(|l| !l.starts_with("Speed:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn simulate_prints_loss_rates_length_and_score_distributions() {
    let (code, out, err) = run(&[
        "simulate",
        "--scenario",
        "harvest_the_wind/massacre_canyon",
        "--games",
        "6",
        "--seed",
        "5",
    ]);
    assert_eq!(code, 0, "{err}");
    for line in [
        "  Sioux      wins ",
        "             losses ",
        "  Pawnee     wins ",
        "  draws ",
        "  unfinished     0 (hit --max-actions 200000)",
        // Massacre Canyon always lasts its six turns.
        "  length (turns)   min 6  q1 6  median 6  q3 6  max 6  mean 6.00",
        "  length (actions) min ",
        "  turns histogram:",
        "            6      6 ########################################",
        "  victory points at game end (6 finished games):",
        "    Sioux            min ",
        "    Pawnee           min ",
        "    Sioux − Pawnee   min ",
    ] {
        assert!(out.contains(line), "missing '{line}' in\n{out}");
    }
    assert!(!out.contains("games/s"), "timing stays off stdout: {out}");
    assert!(
        err.contains("games/s") && err.contains("actions/s"),
        "{err}"
    );
    // Every game is a win, a draw or a loss: a seat's wins are the other's losses.
    let count = |prefix: &str| -> Vec<usize> {
        out.lines()
            .filter_map(|l| l.trim_start().strip_prefix(prefix))
            .map(|rest| rest.split_whitespace().next().unwrap().parse().unwrap())
            .collect()
    };
    let (sioux_wins, pawnee_wins) = (count("Sioux      wins")[0], count("Pawnee     wins")[0]);
    let losses = count("losses");
    let draws = count("draws")[0];
    assert_eq!(losses, vec![pawnee_wins, sioux_wins], "{out}");
    assert_eq!(sioux_wins + pawnee_wins + draws, 6, "{out}");

    // The block game's scores are Victory Levels; games cut short are counted.
    let (code, out, err) = run(&[
        "simulate",
        "--scenario",
        "moved_like_the_wind/apache_wars",
        "--games",
        "3",
        "--seed",
        "1",
        "--max-actions",
        "50",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("  unfinished     3 (hit --max-actions 50)"),
        "{out}"
    );
    assert!(
        out.contains("Victory Levels at game end (0 finished games)"),
        "{out}"
    );
    assert!(
        out.contains("  length (actions) min 50  q1 50  median 50"),
        "{out}"
    );
    assert!(out.contains("Apache − Army    no games"), "{out}");
}

#[test]
fn simulate_report_writes_markdown_and_svg_deterministically() {
    let dir = scratch("report");
    let md = dir.join("washita.md");
    let svg = dir.join("washita-vp.svg");
    let md_arg = md.to_str().unwrap();
    let args = |seed: &'static str| {
        vec![
            "simulate",
            "--scenario",
            "harvest_the_wind/washita",
            "--games",
            "6",
            "--seed",
            seed,
            "--players",
            "random,random",
            "--report",
            md_arg,
        ]
    };
    let (code, out, err) = run(&args("7"));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("wrote "), "{err}");
    let (md1, svg1) = (read(&md), read(&svg));
    assert!(
        md1.starts_with("# Balance report: Washita River (`harvest_the_wind/washita`)\n\n"),
        "{md1}"
    );
    for want in [
        "`harvest_the_wind/washita`",
        &format!(
            "    wargame simulate --scenario harvest_the_wind/washita --games 6 --seed 7 --players random,random --report {md_arg}\n"
        ),
        "Victory conditions: The Army player receives one point for each Lodge",
        "| Seat | Side | Player |",
        "| 0 | Indian | random |",
        "| 1 | Army | random |",
        "| Side | Wins | Win rate (95% CI) | Draws | Draw rate (95% CI) | Losses | Loss rate (95% CI) |",
        "Unfinished games (hit `--max-actions 200000`): 0.",
        "| Turns | 12 | 12 | 12 | 12 | 12 | 12.00 |",
        "| Actions | ",
        "| 12 | 6 | ",
        "## Victory points at game end",
        "| Indian − Army | ",
        "![Mean victory points per seat at the end of each turn](washita-vp.svg)",
        "| Turn | Games | Indian | Army |",
        "| 1 | 6 | ",
        "Speed: ",
    ] {
        assert!(md1.contains(want), "missing '{want}' in\n{md1}");
    }
    // The table has a row for each of the twelve turns, then nothing more.
    assert!(
        md1.contains("\n| 12 | 6 | ") && !md1.contains("\n| 13 | "),
        "{md1}"
    );
    // The Markdown tables hold what stdout prints.
    let wins = out
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("Indian     wins"))
        .and_then(|r| r.split_whitespace().next())
        .unwrap();
    assert!(
        md1.contains(&format!("| Indian | {wins} | ")),
        "{out}\n{md1}"
    );

    // A well-formed chart: one root element, one polyline per seat, a legend.
    assert!(
        svg1.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg1}"
    );
    assert!(svg1.ends_with("</svg>\n"), "{svg1}");
    assert_eq!(svg1.matches("<svg").count(), 1);
    assert_eq!(svg1.matches("<polyline").count(), 2, "{svg1}");
    assert_eq!(
        svg1.matches("<text").count(),
        svg1.matches("</text>").count()
    );
    for line in svg1.lines().skip(1) {
        assert!(
            line.ends_with("/>") || line.ends_with("</text>") || line == "</svg>",
            "unclosed element: {line}"
        );
    }
    assert!(svg1.contains(">Indian (random)</text>") && svg1.contains(">Army (random)</text>"));
    // Twelve turn ticks, one point per turn on each line.
    let points = svg1
        .lines()
        .find(|l| l.starts_with("<polyline"))
        .and_then(|l| l.split("points=\"").nth(1))
        .unwrap();
    assert_eq!(points.split_whitespace().count(), 12, "{points}");

    // The same seed gives the same files (but for the speed line)...
    let (code, out2, _) = run(&args("7"));
    assert_eq!(code, 0);
    assert_eq!(out2, out);
    assert_eq!(without_speed(&read(&md)), without_speed(&md1));
    assert_eq!(read(&svg), svg1);
    // ...and another seed different ones.
    let (code, _, _) = run(&args("8"));
    assert_eq!(code, 0);
    let md3 = read(&md);
    assert_ne!(read(&svg), svg1);
    let tables = |m: &str| m.split("## Results").nth(1).map(without_speed);
    assert_ne!(tables(&md3), tables(&md1));
    assert!(!dir.join("washita.tmp").exists() && !dir.join("washita-vp.tmp").exists());
}

#[test]
fn simulate_refuses_bad_arguments_clearly() {
    let dir = scratch("report-bad");
    let file = dir.join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let inside_file = file.join("sub").join("r.md");
    let with = |extra: &[&str]| {
        let mut v = vec![
            "simulate",
            "--scenario",
            "harvest_the_wind/massacre_canyon",
            "--max-actions",
            "20",
        ];
        if !extra.contains(&"--games") {
            v.extend(["--games", "1"]);
        }
        v.extend_from_slice(extra);
        run(&v)
    };
    let cases: [(Vec<&str>, &str); 8] = [
        (
            vec!["--report", inside_file.to_str().unwrap()],
            "cannot create folder",
        ),
        (vec!["--report", dir.to_str().unwrap()], "not a folder"),
        (
            vec!["--report"],
            "a value is required for '--report <FILE.md>'",
        ),
        (vec!["--reprot", "x.md"], "unexpected argument '--reprot'"),
        (vec!["--games", "0"], "--games must be at least 1"),
        (
            vec!["--seed", "1", "--seed", "2"],
            "'--seed <S>' cannot be used multiple times",
        ),
        (vec!["--seed", "x"], "invalid value 'x' for '--seed <S>'"),
        (vec!["--players", "greedy,bogus"], "ai:LEVEL"),
    ];
    for (extra, want) in cases {
        let (code, out, err) = with(&extra);
        assert_eq!(code, 2, "{extra:?}: {out}{err}");
        assert!(
            err.starts_with("error: ") && err.contains(want),
            "{extra:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    assert!(!inside_file.exists());
}

#[test]
fn a_failed_script_step_is_reported_at_its_own_line_and_show_prints_the_position() {
    let dir = scratch("script-lines");
    let p = dir.join("lines.ron");
    // The second Expect("turn", ...) fails; an earlier step and a comment have the same
    // text, so only a search in step order finds its line (8).
    std::fs::write(
        &p,
        r#"// Expect("turn", "1") in a comment
(
    scenario: "harvest_the_wind/wagon_box",
    steps: [
        Expect("turn", "1"),
        Show,
        Do("end"),
        Expect("turn", "9"),
        ShowSeat(1),
    ],
)"#,
    )
    .unwrap();
    let (code, out, _) = run(&["script", p.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let file = p.display().to_string();
    assert!(
        out.contains(&format!("{file}:8:9: turn: expected 9, got 1")),
        "{out}"
    );
    // Show prints the seat to act's view, its log and its legal actions.
    assert!(out.contains(&format!("{file}:6:9: Show (seat 0)")), "{out}");
    assert!(out.contains("// legal actions of seat 0"), "{out}");
    assert!(out.contains("//   end"), "{out}");
    // ShowSeat for a seat not to act lists no actions.
    assert!(out.contains("ShowSeat(1)"), "{out}");
    assert!(out.contains("// seat 1 is not to act"), "{out}");
}

#[test]
fn several_log_steps_check_several_lines_of_one_action_in_order() {
    let dir = scratch("script-log");
    let ok = dir.join("ok.ron");
    // One `end` writes the end of the Indian fire phase and the start of movement.
    std::fs::write(
        &ok,
        r#"(
    scenario: "tests/data/harvest/lab.ron",
    steps: [
        Do("end"),
        Log("Turn 1, Indian: Movement phase"),
        Do("end"),
        Do("end"),
        Log("Melee phase"),
        Log("Rally phase"),
    ],
)"#,
    )
    .unwrap();
    let (code, out, _) = run(&["script", ok.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    // The same lines in the other order: the second is looked for after the first.
    let bad = dir.join("bad.ron");
    std::fs::write(
        &bad,
        r#"(
    scenario: "tests/data/harvest/lab.ron",
    steps: [
        Do("end"),
        Do("end"),
        Do("end"),
        Log("Rally phase"),
        Log("Melee phase"),
    ],
)"#,
    )
    .unwrap();
    let (code, out, _) = run(&["script", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(&format!(
            "{}:8:9: no log line contains \"Melee phase\"",
            bad.display()
        )),
        "{out}"
    );
}

#[test]
fn view_legal_lists_the_legal_actions_of_the_seat_to_act_only() {
    let (code, out, _) = run(&[
        "view",
        "--scenario",
        "harvest_the_wind/wagon_box",
        "--seat",
        "0",
        "--legal",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("// legal actions of seat 0"), "{out}");
    assert!(out.contains("//   end"), "{out}");
    let (code, out, _) = run(&[
        "view",
        "--scenario",
        "harvest_the_wind/wagon_box",
        "--seat",
        "1",
        "--legal",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("// seat 1 is not to act"), "{out}");
    assert!(!out.contains("//   end"), "{out}");
}

#[test]
fn blank_is_for_screenshot_only_and_takes_no_game() {
    let (code, _, err) = run(&["view", "--blank", "--seat", "0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("screenshot"), "{err}");
    let (code, _, err) = run(&[
        "screenshot",
        "--blank",
        "--scenario",
        "rosebud/battle",
        "--out",
        "x.png",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot be used with"), "{err}");
}

/// `simulate --resume`: a batch interrupted after some games goes on where it stopped,
/// reading the saved games back, and its report is the one the whole batch writes; a
/// folder of another batch's games is refused.
#[test]
fn simulate_resume_reads_saved_games_back_and_reports_the_same() {
    let dir = scratch("simulate-resume");
    let saves = dir.join("games");
    let args = |extra: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = [
            "simulate",
            "--scenario",
            "harvest_the_wind/massacre_canyon",
            "--games",
            "4",
            "--seed",
            "9",
            "--players",
            "greedy,random",
            "--save-games",
            saves.to_str().unwrap(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let run_with = |extra: &[&str]| {
        let a = args(extra);
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        run(&refs)
    };
    let (code, whole, err) = run_with(&[]);
    assert_eq!(code, 0, "{err}");
    // Two games lost (the run stopped before them).
    std::fs::remove_file(saves.join("game-1.ron")).unwrap();
    std::fs::remove_file(saves.join("game-3.ron")).unwrap();
    let (code, resumed, err) = run_with(&["--resume"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(resumed, whole, "the resumed batch reports as the whole one");
    assert!(saves.join("game-1.ron").exists() && saves.join("game-3.ron").exists());
    // A saved game is read, not played again: another game put in its place is found out.
    std::fs::copy(saves.join("game-2.ron"), saves.join("game-0.ron")).unwrap();
    let (code, _, err) = run_with(&["--resume"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("is not this batch's game") && err.contains("game-0.ron"),
        "{err}"
    );
    // Another batch's folder: refused, naming the file and the two seeds.
    let (code, _, err) = run(&[
        "simulate",
        "--scenario",
        "harvest_the_wind/massacre_canyon",
        "--games",
        "2",
        "--seed",
        "10",
        "--save-games",
        saves.to_str().unwrap(),
        "--resume",
    ]);
    assert_ne!(code, 0);
    assert!(
        err.contains("is not this batch's game") && err.contains("game-0.ron"),
        "{err}"
    );
    // Without --save-games, --resume is a usage error.
    let (code, _, _) = run(&[
        "simulate",
        "--scenario",
        "harvest_the_wind/massacre_canyon",
        "--resume",
    ]);
    assert_eq!(code, 2);
}
