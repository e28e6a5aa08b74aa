//! The command line: `list`, `check`, `simulate`, `script`, `replay`, `view` and
//! `screenshot`, for designers, tests and CI. Every command takes `--help`.
//! Exit status: 0 success, 1 a check/script/replay found a problem, 2 bad usage or
//! unreadable input.

use crate::core::data::{parse_ron, read_text};
use crate::core::error::DataError;
use crate::core::session::GameSession;
use crate::games;
use rand::SeedableRng;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `println!` for command output that a closed pipe does not turn into a panic
/// (`wargame replay SAVE | head`): once standard output is gone the rest is dropped,
/// and the command still finishes its work (writing a report, say).
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($t)*);
    }};
}

/// `print!` without the panic on a closed pipe (see `outln!`).
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($t)*);
    }};
}

/// Top-level usage text.
pub const USAGE: &str = "wargame — hot-seat wargames of the American Indian Wars

USAGE:
  wargame                       open the game (GUI)
  wargame list                  games and their scenario ids
  wargame check PATH...         validate scenario, map and rules files (exit 0 only if all valid)
  wargame simulate --scenario ID --games N --seed S [--players P,P] [--option O]... [--report FILE.md]
                                seeded playouts (random, greedy or ai:LEVEL players): win/draw/loss
                                rates, game length and score distributions, speed; a Markdown
                                balance report with a per-turn score chart
  wargame script PATH...        run scripted rules tests (docs/script-format.md)
  wargame replay SAVE           print a save's log and final state; confirm the replay matches
  wargame view (SAVE | --scenario ID --seed S --steps K) --seat N
                                print exactly what a seat may see (RON)
  wargame screenshot (--scenario ID | --save SAVE) --out FILE.png [--seed S] [--steps K]
                                render the board with its panels to a PNG and exit

Each command takes --help.";

/// Outcome of a command: the exit status.
pub type Exit = i32;

struct Args {
    words: Vec<String>,
}

impl Args {
    fn flag(&self, name: &str) -> bool {
        self.words.iter().any(|w| w == name)
    }
    fn value(&self, name: &str) -> Result<Option<String>, String> {
        match self.words.iter().position(|w| w == name) {
            Some(i) => self
                .words
                .get(i + 1)
                .cloned()
                .map(Some)
                .ok_or_else(|| format!("{name} needs a value")),
            None => Ok(None),
        }
    }
    /// Every value of a repeatable option (`--option a --option b`).
    fn values(&self, name: &str) -> Result<Vec<String>, String> {
        let mut out = vec![];
        for (i, w) in self.words.iter().enumerate() {
            if w == name {
                out.push(
                    self.words
                        .get(i + 1)
                        .cloned()
                        .ok_or_else(|| format!("{name} needs a value"))?,
                );
            }
        }
        Ok(out)
    }
    fn num<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.value(name)? {
            Some(v) => v
                .parse()
                .map_err(|_| format!("{name}: '{v}' is not a number")),
            None => Ok(default),
        }
    }
    fn positional(&self) -> Vec<String> {
        let mut out = vec![];
        let mut skip = false;
        for w in &self.words {
            if skip {
                skip = false;
                continue;
            }
            if w.starts_with("--") {
                skip = !matches!(w.as_str(), "--help" | "--manual-setup");
                continue;
            }
            out.push(w.clone());
        }
        out
    }
}

/// Run a subcommand; `args` excludes the program name. Returns the exit status.
pub fn run(args: &[String]) -> Exit {
    let Some(cmd) = args.first() else {
        outln!("{USAGE}");
        return 0;
    };
    let a = Args {
        words: args[1..].to_vec(),
    };
    let root = games::harvest::setup::data_root();
    let help = a.flag("--help") || a.flag("-h");
    let res = match cmd.as_str() {
        "--help" | "-h" | "help" => {
            outln!("{USAGE}");
            Ok(0)
        }
        "list" if help => {
            usage("wargame list\n  Lists every game and its scenario ids (GAME/SCENARIO).")
        }
        "list" => list(&root),
        "check" if help => usage(
            "wargame check PATH...\n  Validates each scenario, map tile or rules file: syntax, then the rules (unknown hexes,\n  impassable or over-stacked set-ups, units or weapons that do not exist, missing table rows).\n  Errors print as file:line:column: message. Exit 0 only if every file is valid; a folder\n  checks every .ron file under it.",
        ),
        "check" => check(&root, &a.positional()),
        "simulate" if help => usage(
            "wargame simulate --scenario ID --games N --seed S [--max-actions N] [--players P,P] [--option O]... [--jobs J] [--report FILE.md] [--save-games DIR]\n  Plays N seeded games and reports wins, draws and losses per side with 95% confidence\n  intervals, game length (turns and actions: min, quartiles, max, mean, and a histogram of\n  turns), final scores per side and their difference, and unfinished games (those that hit\n  --max-actions, default 200000). Games and actions per second go to stderr; stdout is the\n  same for the same seed. --players gives one player per seat: random (the default),\n  greedy, or ai:LEVEL (1-5; `ai` is level 2), e.g. --players ai:2,random. --option chooses\n  an optional rule (Once We Moved Like the Wind: apache_leader_death, army_leader_death,\n  levels=A,B, turns=8|9). --jobs plays J games at once (default: one per CPU core); the\n  report is the same whatever J. --report writes the report as Markdown (with a per-turn table of\n  mean scores) and a per-turn score chart beside it, FILE-vp.svg. --save-games DIR also\n  writes every game as a save file, DIR/game-G.ron (G from 0, as in error messages), for\n  `wargame replay`, or to copy into saves/ and load from the game's menu.",
        ),
        "simulate" => simulate(&root, &a),
        "script" if help => usage(
            "wargame script PATH...\n  Runs scripted rules tests (format: docs/script-format.md). Prints each mismatch; exit 1 if any.",
        ),
        "script" => scripts(&root, &a.positional()),
        "replay" if help => usage(
            "wargame replay SAVE\n  Replays a save file, prints its log and final state, and confirms the replay reproduces\n  the saved state.",
        ),
        "replay" => replay(&root, &a.positional()),
        "view" if help => usage(
            "wargame view (SAVE | --scenario ID --seed S --steps K [--option O]...) --seat N [--write-save FILE]\n  Prints exactly what seat N may see, as RON. The second form first plays K seeded random\n  legal actions. --write-save also writes the game as a save file (to open in the GUI).",
        ),
        "view" => view(&root, &a),
        "screenshot" if help => usage(
            "wargame screenshot (--scenario ID | --save SAVE) --out FILE.png [--seed S] [--steps K] [--frames F]\n  Opens the board (after K seeded random actions), renders F frames (default 30), writes a PNG\n  and exits. Needs a display (use xvfb-run on a headless machine).",
        ),
        "screenshot" => screenshot(&a),
        other => Err(format!("unknown command '{other}'\n\n{USAGE}")),
    };
    match res {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("error: {msg}");
            2
        }
    }
}

fn usage(text: &str) -> Result<Exit, String> {
    outln!("{text}");
    Ok(0)
}

fn list(root: &Path) -> Result<Exit, String> {
    for g in games::games() {
        outln!("{} — {}", g.id, g.name);
        outln!("  {}", g.blurb);
        for s in games::scenarios(root, g.id) {
            let info = games::new_session(root, &s, 0, false)
                .map(|_| String::new())
                .unwrap_or_else(|e| format!("  [does not load: {e}]"));
            outln!("  {s}{info}");
        }
    }
    Ok(0)
}

fn collect_ron(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map(|r| r.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        for e in entries {
            collect_ron(&e, out);
        }
    } else if path.extension().is_some_and(|e| e == "ron") {
        out.push(path.to_path_buf());
    }
}

fn check(root: &Path, paths: &[String]) -> Result<Exit, String> {
    if paths.is_empty() {
        return Err("check needs at least one PATH (see wargame check --help)".into());
    }
    let mut files = vec![];
    for p in paths {
        let path = Path::new(p);
        if !path.exists() {
            eprintln!("{p}: no such file or folder");
            return Ok(2);
        }
        collect_ron(path, &mut files);
    }
    let mut bad = 0;
    for f in &files {
        match games::check_path(root, f) {
            Ok(what) => outln!("ok   {}: {what}", f.display()),
            Err(e) => {
                bad += 1;
                outln!("FAIL {e}");
            }
        }
    }
    outln!("{} file(s) checked, {} invalid", files.len(), bad);
    Ok(if bad == 0 { 0 } else { 1 })
}

/// Options `simulate` understands (anything else starting with `--` is refused).
const SIMULATE_OPTIONS: [&str; 10] = [
    "--scenario",
    "--games",
    "--seed",
    "--max-actions",
    "--jobs",
    "--players",
    "--option",
    "--report",
    "--save-games",
    "--help",
];

/// Default `--max-actions`.
const MAX_ACTIONS: usize = 200_000;

/// Quote a word for a POSIX shell if it needs it.
fn shell_word(w: &str) -> String {
    if !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:,=+@".contains(c))
    {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', "'\\''"))
    }
}

/// Run `play(0..n)` on up to `jobs` threads, each taking the next game as it finishes
/// one, and return the results in game order; the first failed game's error (by game
/// number) if any failed. After a failure no new game is started.
fn play_all<T: Send>(
    n: usize,
    jobs: usize,
    play: impl Fn(usize) -> Result<T, String> + Sync,
) -> Result<Vec<T>, String> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let slots: Vec<Mutex<Option<Result<T, String>>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let work = || {
        while !failed.load(Ordering::Relaxed) {
            let g = next.fetch_add(1, Ordering::Relaxed);
            if g >= n {
                break;
            }
            let r = play(g);
            if r.is_err() {
                failed.store(true, Ordering::Relaxed);
            }
            if let Ok(mut slot) = slots[g].lock() {
                *slot = Some(r);
            }
        }
    };
    if jobs <= 1 || n <= 1 {
        work();
    } else {
        std::thread::scope(|sc| {
            for _ in 0..jobs.min(n) {
                sc.spawn(work);
            }
        });
    }
    let mut out = Vec::with_capacity(n);
    for (g, slot) in slots.into_iter().enumerate() {
        match slot.into_inner().ok().flatten() {
            Some(Ok(p)) => out.push(p),
            Some(Err(e)) => return Err(e),
            // Not played: an earlier-started game failed; its error comes first.
            None => {
                return Err(format!(
                    "game {g} was not played: another game failed first"
                ));
            }
        }
    }
    Ok(out)
}

fn simulate(root: &Path, a: &Args) -> Result<Exit, String> {
    if let Some(w) = a
        .words
        .iter()
        .find(|w| w.starts_with("--") && !SIMULATE_OPTIONS.contains(&w.as_str()))
    {
        return Err(format!(
            "simulate: unknown option '{w}' (see wargame simulate --help)"
        ));
    }
    for o in SIMULATE_OPTIONS.iter().filter(|o| **o != "--option") {
        if a.words.iter().filter(|w| w == o).count() > 1 {
            return Err(format!("simulate: {o} is given twice"));
        }
    }
    let scenario = a
        .value("--scenario")?
        .ok_or("simulate needs --scenario ID")?;
    let n: usize = a.num("--games", 10)?;
    if n == 0 {
        return Err("--games must be at least 1".into());
    }
    let seed: u64 = a.num("--seed", 1)?;
    let max: usize = a.num("--max-actions", MAX_ACTIONS)?;
    let spec = a.value("--players")?;
    let players: Option<Vec<crate::core::ai::Player>> = match &spec {
        Some(p) => Some(
            p.split(',')
                .map(str::parse)
                .collect::<Result<Vec<_>, String>>()
                .map_err(|e| format!("--players {p}: {e}"))?,
        ),
        None => None,
    };
    let options = a.values("--option")?;
    let report_path = a.value("--report")?.map(PathBuf::from);
    if let Some(p) = &report_path
        && (p.as_os_str().is_empty() || p.file_name().is_none() || p.is_dir())
    {
        return Err(format!(
            "--report {}: needs a file name (FILE.md), not a folder",
            p.display()
        ));
    }
    // Make the report's folder now, so that a bad path fails before the games are played.
    if let Some(dir) = report_path
        .as_ref()
        .and_then(|p| p.parent())
        .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("--report: cannot create folder {}: {e}", dir.display()))?;
    }
    let save_dir = a.value("--save-games")?.map(PathBuf::from);
    if let Some(d) = &save_dir {
        std::fs::create_dir_all(d)
            .map_err(|e| format!("--save-games: cannot create folder {}: {e}", d.display()))?;
    }
    let proto =
        games::new_session_with(root, &scenario, 0, false, &options).map_err(|e| e.to_string())?;
    let seats = proto.seats();
    let names: Vec<String> = (0..seats).map(|s| proto.seat_name(s)).collect();
    if let Some(p) = &players
        && p.len() != usize::from(seats)
    {
        return Err(format!(
            "--players needs one player per seat ({}), got {}",
            names.join(", "),
            p.len()
        ));
    }
    let all_random = players
        .as_ref()
        .is_none_or(|p| p.iter().all(|x| *x == crate::core::ai::Player::Random));
    let cores = crate::core::pool::cores();
    let jobs: usize = a.num("--jobs", cores)?;
    if jobs == 0 {
        return Err("--jobs must be at least 1".into());
    }
    // Each game's search may share its larger batches with helper threads: the games
    // at once and their helpers fill the cores, no more (one thread each by default).
    crate::core::pool::set_threads((cores / jobs.min(n)).max(1));
    // Saved games are numbered as in error messages, from 0, padded to sort in order.
    let digits = (n - 1).to_string().len();
    let t0 = Instant::now();
    // Game g depends on the seed and g alone, so the games may be played in any order
    // and on any thread: they are collected by number, and the report is the same for
    // every --jobs.
    let play = |g: usize| -> Result<crate::core::game::Playout, String> {
        let game_seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(g as u64);
        let session = games::new_session_with(root, &scenario, game_seed, false, &options)
            .map_err(|e| e.to_string())?;
        let mut played = match (&players, all_random) {
            (Some(pl), false) => session.play_with(pl, game_seed ^ 0x9E37_79B9_7F4A_7C15, max),
            _ => session.playout(game_seed ^ 0x9E37_79B9_7F4A_7C15, max),
        }
        .map_err(|e| format!("game {g} (seed {game_seed}): {e}"))?;
        let moves = std::mem::take(&mut played.moves);
        if let Some(dir) = &save_dir {
            save_game(
                session,
                &moves,
                &dir.join(format!("game-{g:0w$}.ron", w = digits)),
            )
            .map_err(|e| format!("game {g} (seed {game_seed}): {e}"))?;
        }
        Ok(played)
    };
    let played = play_all(n, jobs, play)?;
    let secs = t0.elapsed().as_secs_f64();
    let game_id = proto.scenario().split('/').next().unwrap_or_default();
    let game = games::games().into_iter().find(|g| g.id == game_id);
    let mut command = format!(
        "wargame simulate --scenario {} --games {n} --seed {seed}",
        shell_word(&scenario)
    );
    if max != MAX_ACTIONS {
        command += &format!(" --max-actions {max}");
    }
    if let Some(p) = &spec {
        command += &format!(" --players {}", shell_word(p));
    }
    for o in &options {
        command += &format!(" --option {}", shell_word(o));
    }
    if let Some(p) = &report_path {
        command += &format!(" --report {}", shell_word(&p.display().to_string()));
    }
    let info = games::scenario_info(root, proto.scenario()).ok();
    let report = crate::report::Report {
        scenario: proto.scenario().to_string(),
        scenario_name: info
            .as_ref()
            .map_or_else(|| proto.scenario().to_string(), |i| i.name.clone()),
        victory: info.map(|i| i.victory).unwrap_or_default(),
        game_name: game
            .as_ref()
            .map_or(game_id.to_string(), |g| g.name.to_string()),
        score_name: game
            .as_ref()
            .map_or("victory points", |g| g.score_name)
            .to_string(),
        seats: names,
        players: players
            .unwrap_or_else(|| vec![crate::core::ai::Player::Random; usize::from(seats)]),
        seed,
        max_actions: max,
        options,
        command,
        first_turn: proto.turn(),
        games: played,
    };
    out!("{}", report.text());
    let speed = crate::report::Speed {
        secs,
        games: n,
        actions: report.games.iter().map(|g| g.actions).sum(),
    };
    // Speed goes to stderr so that stdout is identical for the same seed.
    eprintln!("  {}", speed.line());
    if let Some(md) = &report_path {
        let svg = crate::report::svg_path(md);
        let svg_name = svg
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        crate::core::save::write_atomic(&svg, report.svg().as_bytes(), "report chart")
            .map_err(|e| e.to_string())?;
        crate::core::save::write_atomic(
            md,
            report.markdown(Some(&svg_name), Some(&speed)).as_bytes(),
            "report",
        )
        .map_err(|e| e.to_string())?;
        eprintln!("wrote {} and {}", md.display(), svg.display());
    }
    Ok(0)
}

/// Replay `moves` on `session` (a new game with the played game's seed) and write it
/// as a save file at `path`, which `replay` checks and the game's menu loads from `saves/`.
fn save_game(
    mut session: Box<dyn crate::core::session::GameSession>,
    moves: &[String],
    path: &Path,
) -> Result<(), String> {
    for m in moves {
        session
            .apply_str(m)
            .map_err(|e| format!("replaying '{m}' for --save-games: {e}"))?;
    }
    session.save().write(path).map_err(|e| e.to_string())
}

/// A scripted rules test (docs/script-format.md).
#[derive(Debug, Deserialize)]
pub struct Script {
    /// What the script tests (rule numbers).
    #[serde(default)]
    pub name: String,
    /// Scenario id or path.
    pub scenario: String,
    /// Dice seed.
    #[serde(default)]
    pub seed: u64,
    /// Set-up overrides: (piece, hex); hex `None` takes the piece out of play.
    #[serde(default)]
    pub setup: Vec<(String, Option<String>)>,
    /// Start with the manual set-up phase.
    #[serde(default)]
    pub manual_setup: bool,
    /// Forced dice queued at the start.
    #[serde(default)]
    pub dice: Vec<u8>,
    /// Steps, in order.
    pub steps: Vec<Step>,
}

/// One step of a script.
#[derive(Debug, Deserialize)]
pub enum Step {
    /// Apply an action; it must be legal.
    Do(String),
    /// The action must be refused.
    Fail(String),
    /// A probe must read this value.
    Expect(String, String),
    /// Queue more forced dice.
    Dice(Vec<u8>),
    /// Some visible log line since the previous `Log` step must contain this text.
    Log(String),
    /// The action must (true) or must not (false) be among the legal actions.
    Legal(String, bool),
    /// Apply actions until the given probe reads the value (at most 500 `end`s/`pass`es).
    EndUntil(String, String),
}

/// Run one script; returns the list of mismatches.
pub fn run_script(root: &Path, path: &Path) -> Result<Vec<String>, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let sc: Script = parse_ron(&file, &text)?;
    let mut g: Box<dyn GameSession> =
        games::new_session(root, &sc.scenario, sc.seed, sc.manual_setup)?;
    let at = |needle: &str| {
        crate::core::data::locate(&text, needle)
            .map_or(file.clone(), |(l, c)| format!("{file}:{l}:{c}"))
    };
    let mut bad = vec![];
    for (id, hex) in &sc.setup {
        if let Err(e) = g.place(id, hex.as_deref()) {
            bad.push(format!("{}: set-up {id}: {e}", at(id)));
        }
    }
    g.force(&sc.dice);
    let mut log_from = 0;
    for step in &sc.steps {
        match step {
            Step::Do(act) => {
                if let Err(e) = g.apply_str(act) {
                    bad.push(format!("{}: '{act}' was refused: {e}", at(act)));
                    break;
                }
            }
            Step::Fail(act) => {
                if g.apply_str(act).is_ok() {
                    bad.push(format!(
                        "{}: '{act}' was accepted but must be refused",
                        at(act)
                    ));
                    break;
                }
            }
            Step::Expect(key, want) => match g.probe(key) {
                Some(got) if &got == want => {}
                got => bad.push(format!(
                    "{}: {key}: expected {want}, got {}",
                    at(key),
                    got.unwrap_or_else(|| "(no such probe)".into())
                )),
            },
            Step::Dice(d) => g.force(d),
            Step::Log(want) => {
                let found = g.log()[log_from..]
                    .iter()
                    .any(|l| l.text.contains(want.as_str()));
                if !found {
                    let recent: Vec<String> = g.log()[log_from..]
                        .iter()
                        .map(|l| format!("    {}", l.text))
                        .collect();
                    bad.push(format!(
                        "{}: no log line contains \"{want}\"; the log since the last check:\n{}",
                        at(want),
                        recent.join("\n")
                    ));
                }
                log_from = g.log().len();
            }
            Step::Legal(act, want) => {
                let is = g.legal().iter().any(|l| l == act);
                if is != *want {
                    bad.push(format!(
                        "{}: '{act}' is {}legal, expected {}legal",
                        at(act),
                        if is { "" } else { "not " },
                        if *want { "" } else { "not " }
                    ));
                }
            }
            Step::EndUntil(key, want) => {
                let mut n = 0;
                while g.probe(key).as_deref() != Some(want.as_str()) && n < 500 {
                    let legal = g.legal();
                    // Pass or end if possible; otherwise take the first offered decision
                    // (for example IX.D's choice of reinforcements).
                    let act = if legal.iter().any(|l| l == "pass") {
                        "pass".to_string()
                    } else if legal.iter().any(|l| l == "end") {
                        "end".to_string()
                    } else {
                        legal.first().cloned().unwrap_or_default()
                    };
                    let act = act.as_str();
                    if g.apply_str(act).is_err() {
                        bad.push(format!(
                            "{}: could not '{act}' while waiting for {key} = {want}",
                            at(key)
                        ));
                        break;
                    }
                    n += 1;
                }
            }
        }
    }
    Ok(bad)
}

fn scripts(root: &Path, paths: &[String]) -> Result<Exit, String> {
    if paths.is_empty() {
        return Err("script needs at least one PATH".into());
    }
    let mut files = vec![];
    for p in paths {
        collect_ron(Path::new(p), &mut files);
    }
    let (mut passed, mut failed) = (0, 0);
    for f in &files {
        match run_script(root, f) {
            Ok(bad) if bad.is_empty() => {
                passed += 1;
                outln!("ok   {}", f.display());
            }
            Ok(bad) => {
                failed += 1;
                outln!("FAIL {}", f.display());
                for b in bad {
                    outln!("  {b}");
                }
            }
            Err(e) => {
                failed += 1;
                outln!("FAIL {e}");
            }
        }
    }
    outln!("{passed} passed, {failed} failed");
    Ok(if failed == 0 { 0 } else { 1 })
}

fn replay(root: &Path, paths: &[String]) -> Result<Exit, String> {
    let p = paths.first().ok_or("replay needs a SAVE file")?;
    match games::load_save(root, Path::new(p)) {
        Ok(g) => {
            for l in g.log() {
                match l.visible_to {
                    None => outln!("{}", l.text),
                    Some(seats) => {
                        let names: Vec<String> = seats.iter().map(|s| g.seat_name(s)).collect();
                        outln!("[{} only] {}", names.join(", "), l.text)
                    }
                }
            }
            outln!("--- final state ---\n{}", g.state_ron());
            outln!(
                "replay OK: {} actions reproduce the saved state",
                g.history().len()
            );
            Ok(0)
        }
        Err(e) => {
            eprintln!("{e}");
            Ok(1)
        }
    }
}

fn build_from_args(root: &Path, a: &Args) -> Result<Box<dyn GameSession>, String> {
    if let Some(save) = a
        .value("--save")?
        .or_else(|| a.positional().first().cloned())
    {
        return games::load_save(root, Path::new(&save)).map_err(|e| e.to_string());
    }
    let scenario = a
        .value("--scenario")?
        .ok_or("needs a SAVE or --scenario ID")?;
    let seed: u64 = a.num("--seed", 1)?;
    let steps: usize = a.num("--steps", 0)?;
    let options = a.values("--option")?;
    let mut g = games::new_session_with(root, &scenario, seed, false, &options)
        .map_err(|e| e.to_string())?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    for _ in 0..steps {
        if !g.random_step(&mut rng).map_err(|e| e.to_string())? {
            break;
        }
    }
    Ok(g)
}

fn view(root: &Path, a: &Args) -> Result<Exit, String> {
    let seat: u8 = a
        .value("--seat")?
        .ok_or("view needs --seat N")?
        .parse()
        .map_err(|_| "--seat must be a number")?;
    let g = build_from_args(root, a)?;
    if seat >= g.seats() {
        return Err(format!(
            "--seat {seat}: this game has seats 0..{}",
            g.seats() - 1
        ));
    }
    if let Some(out) = a.value("--write-save")? {
        g.save().write(Path::new(&out)).map_err(|e| e.to_string())?;
        eprintln!("wrote {out}");
    }
    outln!("{}", g.view_ron(seat));
    outln!("// log visible to seat {seat}:");
    for l in g.log().iter().filter(|l| l.visible(seat)) {
        outln!("// {}", l.text);
    }
    Ok(0)
}

fn screenshot(a: &Args) -> Result<Exit, String> {
    let out = a.value("--out")?.ok_or("screenshot needs --out FILE.png")?;
    #[cfg(feature = "gui")]
    {
        let root = games::harvest::setup::data_root();
        let g = build_from_args(&root, a)?;
        let frames: u32 = a.num("--frames", 30)?;
        crate::gui::run(crate::gui::Launch {
            session: Some(g),
            screenshot: Some((PathBuf::from(out), frames)),
        });
        Ok(0)
    }
    #[cfg(not(feature = "gui"))]
    {
        let _ = out;
        Err("this build has no GUI (built without the `gui` feature)".into())
    }
}
