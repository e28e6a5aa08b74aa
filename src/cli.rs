//! The command line: `list`, `check`, `simulate`, `script`, `replay`, `view` and
//! `screenshot`, for designers, tests and CI. Parsed with clap: every command takes
//! `--help`, and an unknown flag or a missing value is refused.
//! Exit status: 0 success, 1 a check/script/replay found a problem, 2 bad usage or
//! unreadable input.

use crate::core::data::read_text;
use crate::core::error::{DataError, Error};
use crate::core::game::ActionKind;
use crate::core::registry::OptionKind;
use crate::core::save::MANUAL_SETUP;
use crate::core::session::GameSession;
use crate::games;
use clap::{Args, CommandFactory, Parser, Subcommand};
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

/// The top-level help, as `wargame --help` prints it: displays clap's help for
/// [`Cli`], so that it lists every command with its one-line summary.
pub struct Usage;

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", Cli::command().render_long_help())
    }
}

/// Top-level usage text (print it with `{}`): the same as `wargame --help`.
pub const USAGE: Usage = Usage;

/// Outcome of a command: the exit status.
pub type Exit = i32;

/// `wargame`: the command line as clap parses it.
#[derive(Parser, Debug)]
#[command(
    name = "wargame",
    version,
    about = "wargame — hot-seat wargames of the American Indian Wars",
    long_about = "wargame — hot-seat wargames of the American Indian Wars\n\n\
        With no command, `wargame` opens the game (GUI).",
    after_help = "Each command takes --help."
)]
struct Cli {
    /// The command to run; without one `main` opens the GUI (and `run` prints the help).
    #[command(subcommand)]
    command: Option<Command>,
}

/// The subcommands. A variant's doc comment is its `--help` text: the first paragraph
/// its one-line summary, the whole its long description.
#[derive(Subcommand, Debug)]
enum Command {
    /// Games and their scenario ids
    ///
    /// Lists every game and its scenario ids (GAME/SCENARIO).
    List,
    /// Validate scenario, map and rules files (exit 0 only if all are valid)
    ///
    /// Validates each scenario, map tile or rules file: syntax, then the rules (unknown hexes,
    /// impassable or over-stacked set-ups, units or weapons that do not exist, missing table rows).
    /// Errors print as file:line:column: message. Exit 0 only if every file is valid; a folder
    /// checks every .ron file under it.
    #[command(verbatim_doc_comment)]
    Check(CheckArgs),
    /// Seeded playouts: win/draw/loss rates, game length, score distributions, speed
    ///
    /// Plays N seeded games and reports wins, draws and losses per side with 95% confidence
    /// intervals, game length (turns and actions: min, quartiles, max, mean, and a histogram of
    /// turns), final scores per side and their difference, and unfinished games (those that hit
    /// --max-actions). Games and actions per second go to stderr; stdout is the same for the
    /// same seed. --players gives one player per seat: random (the default), greedy, or
    /// ai:LEVEL (1-5; `ai` is level 2), e.g. --players ai:2,random. --option chooses an
    /// optional rule (Once We Moved Like the Wind: apache_leader_death, army_leader_death,
    /// levels=A,B, turns=8|9). --jobs plays J games at once (default: one per CPU core); the
    /// report is the same whatever J. --report writes the report as Markdown (with a per-turn
    /// table of mean scores) and a per-turn score chart beside it, FILE-vp.svg. --save-games DIR
    /// also writes every game as a save file, DIR/game-G.ron (G from 0, as in error messages),
    /// for `wargame replay`, or to copy into saves/ and load from the game's menu. With
    /// --resume, games already saved there are read back, not played again: a long batch
    /// that was interrupted goes on where it stopped, and its report is the same.
    #[command(verbatim_doc_comment)]
    Simulate(SimulateArgs),
    /// Run scripted rules tests (docs/script-format.md)
    ///
    /// Runs scripted rules tests (format: docs/script-format.md). Prints each mismatch; exit 1
    /// if any. A folder runs every .ron file under it.
    #[command(verbatim_doc_comment)]
    Script(ScriptArgs),
    /// Print a save's log and final state; confirm the replay matches
    ///
    /// Replays a save file, prints its log and final state, and confirms the replay reproduces
    /// the saved state (exit 1 if it does not, or if the save does not load).
    #[command(verbatim_doc_comment)]
    Replay(ReplayArgs),
    /// Print exactly what a seat may see (RON)
    ///
    /// Prints exactly what seat N may see, as RON, then the log lines visible to it. The game is
    /// a save file (SAVE or --save SAVE), or a new game of --scenario ID after K seeded random
    /// legal actions (--seed S --steps K). --write-save also writes the game as a save file
    /// (to open in the GUI).
    #[command(
        verbatim_doc_comment,
        override_usage = "wargame view (SAVE | --scenario ID [--seed S] [--steps K] [--option O]...) --seat N [--write-save FILE]"
    )]
    View(ViewArgs),
    /// Render the board with its panels to a PNG and exit
    ///
    /// Opens the board (of a save, or of a new game after K seeded random actions), renders F
    /// frames, writes a PNG and exits. The board shows what the seat to act may see (seat 0
    /// once the game is over), as the hot-seat screen would after the handoff; the command
    /// says which seat on standard error. Needs a display (use xvfb-run on a headless
    /// machine) and a build with the `gui` feature.
    #[command(
        verbatim_doc_comment,
        override_usage = "wargame screenshot (--scenario ID [--seed S] [--steps K] [--option O]... | --save SAVE | --blank) --out FILE.png [--frames F] [--size WxH]"
    )]
    Screenshot(ScreenshotArgs),
}

/// `wargame check`'s arguments.
#[derive(Args, Debug)]
struct CheckArgs {
    /// Files to check, or folders to check every .ron file under
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
}

/// `wargame script`'s arguments.
#[derive(Args, Debug)]
struct ScriptArgs {
    /// Script files to run, or folders to run every .ron file under
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
}

/// `wargame replay`'s arguments.
#[derive(Args, Debug)]
struct ReplayArgs {
    /// The save file to replay
    #[arg(value_name = "SAVE")]
    save: PathBuf,
}

/// `wargame simulate`'s arguments.
#[derive(Args, Debug)]
struct SimulateArgs {
    /// Scenario id (GAME/SCENARIO, see `wargame list`) or scenario file
    #[arg(long, value_name = "ID")]
    scenario: String,
    /// Number of games to play
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: usize,
    /// Seed of the batch: the same seed gives the same report
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Stop a game after this many actions; it counts as unfinished
    #[arg(long, value_name = "N", default_value_t = MAX_ACTIONS)]
    max_actions: usize,
    /// One player per seat: random, greedy, ai or ai:LEVEL (1-5) [default: random,...]
    #[arg(long, value_name = "P,P")]
    players: Option<String>,
    /// An optional rule, e.g. turns=9; may be given more than once
    #[arg(long = "option", value_name = "O")]
    options: Vec<String>,
    /// Play J games at once [default: one per CPU core]
    #[arg(long, value_name = "J")]
    jobs: Option<usize>,
    /// Also write the report as Markdown, with its chart FILE-vp.svg beside it
    #[arg(long, value_name = "FILE.md")]
    report: Option<PathBuf>,
    /// Also write every game as a save file, DIR/game-G.ron
    #[arg(long, value_name = "DIR")]
    save_games: Option<PathBuf>,
    /// With --save-games DIR: a game already saved there (by an earlier, interrupted
    /// run of the same command) is read back instead of played again
    #[arg(long, requires = "save_games")]
    resume: bool,
}

/// The game `view` and `screenshot` show: a save, or a new game after some random
/// actions.
#[derive(Args, Debug)]
struct GameArgs {
    /// A save file to load
    #[arg(value_name = "SAVE", conflicts_with_all = ["save", "scenario"])]
    save_file: Option<PathBuf>,
    /// A save file to load (the same as SAVE)
    #[arg(long, value_name = "SAVE", conflicts_with = "scenario")]
    save: Option<PathBuf>,
    /// Start a new game of this scenario (id or file) instead of loading a save
    #[arg(long, value_name = "ID", required_unless_present_any = ["save_file", "save", "blank"])]
    scenario: Option<String>,
    /// `screenshot` only: render an empty Bevy window instead (the frame-time
    /// benchmark's baseline: the same window, camera and renderer with nothing drawn)
    #[arg(long, conflicts_with_all = ["save_file", "save", "scenario"])]
    blank: bool,
    /// Seed of the new game and of its random actions
    #[arg(long, value_name = "S", default_value_t = 1, conflicts_with_all = ["save_file", "save"])]
    seed: u64,
    /// Play K seeded random legal actions first
    #[arg(long, value_name = "K", default_value_t = 0, conflicts_with_all = ["save_file", "save"])]
    steps: usize,
    /// An optional rule of the new game; may be given more than once
    #[arg(long = "option", value_name = "O", conflicts_with_all = ["save_file", "save"])]
    options: Vec<String>,
}

/// `wargame view`'s arguments.
#[derive(Args, Debug)]
struct ViewArgs {
    /// The game to view.
    #[command(flatten)]
    game: GameArgs,
    /// The seat whose view to print (from 0)
    #[arg(long, value_name = "N")]
    seat: u8,
    /// Also write the game as a save file (to open in the GUI)
    #[arg(long, value_name = "FILE")]
    write_save: Option<PathBuf>,
    /// Also list the seat's legal actions, when it is the seat to act
    #[arg(long)]
    legal: bool,
}

/// `wargame screenshot`'s arguments.
#[derive(Args, Debug)]
struct ScreenshotArgs {
    /// The game to show.
    #[command(flatten)]
    game: GameArgs,
    /// The PNG file to write
    #[arg(long, value_name = "FILE.png")]
    out: PathBuf,
    /// Frames to render before the screenshot
    #[arg(long, value_name = "F", default_value_t = 30)]
    frames: u32,
    /// The window's size in logical pixels (default 1400x900)
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    size: Option<(u32, u32)>,
}

/// `--size WxH`: a window size between 320x240 and 7680x4320.
fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("expected WIDTHxHEIGHT, such as 1280x800, not {s:?}");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if !(320..=7680).contains(&w) || !(240..=4320).contains(&h) {
        return Err(format!("{w}x{h} is outside 320x240 to 7680x4320"));
    }
    Ok((w, h))
}

/// Run a subcommand; `args` excludes the program name. Returns the exit status.
pub fn run(args: &[String]) -> Exit {
    let cli = match Cli::try_parse_from(
        std::iter::once("wargame").chain(args.iter().map(String::as_str)),
    ) {
        Ok(cli) => cli,
        // Usage errors go to stderr with exit status 2; `--help` and `--version` print
        // to stdout with 0.
        Err(e) => {
            let _ = e.print();
            return e.exit_code();
        }
    };
    let Some(command) = cli.command else {
        outln!("{USAGE}");
        return 0;
    };
    let root = crate::core::data::data_root();
    let res = match command {
        Command::List => list(&root),
        Command::Check(a) => check(&root, &a.paths),
        Command::Simulate(a) => simulate(&root, a),
        Command::Script(a) => scripts(&root, &a.paths),
        Command::Replay(a) => replay(&root, &a.save),
        Command::View(a) => view(&root, a),
        Command::Screenshot(a) => screenshot(a),
    };
    res.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        e.exit_status()
    })
}

fn list(root: &Path) -> Result<Exit, Error> {
    for g in games::registry().games() {
        let seats = g.seat_range(&[]);
        outln!("{} — {}", g.id(), g.name());
        outln!("  {}", g.blurb());
        outln!(
            "  seats: {}",
            if seats.start() == seats.end() {
                seats.start().to_string()
            } else {
                format!("{}-{}", seats.start(), seats.end())
            }
        );
        for o in g.options() {
            let form = match o.kind {
                OptionKind::Flag => o.key.to_string(),
                OptionKind::Int { min, max, default } => {
                    format!("{}={min}..{max} (default {default})", o.key)
                }
                OptionKind::Ints {
                    count, min, max, ..
                } => format!(
                    "{}=N{} ({count} numbers {min}..{max})",
                    o.key,
                    ",N".repeat(count.saturating_sub(1))
                ),
                OptionKind::Pick { many } => {
                    let names: Vec<String> = g
                        .option_choices(root, o.key)
                        .into_iter()
                        .map(|c| c.id)
                        .collect();
                    format!(
                        "{}={} (one of: {})",
                        o.key,
                        if many { "A,B,..." } else { "A" },
                        names.join(", ")
                    )
                }
            };
            outln!("  option --option {form}: {}", o.help);
        }
        for s in g.scenarios(root) {
            let info = games::new_session(root, &s, 0)
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

fn check(root: &Path, paths: &[PathBuf]) -> Result<Exit, Error> {
    let mut files = vec![];
    for path in paths {
        if !path.exists() {
            return Err(
                DataError::file(path.display().to_string(), "no such file or folder").into(),
            );
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
fn play_all<T: Send, E: Send>(
    n: usize,
    jobs: usize,
    play: impl Fn(usize) -> Result<T, E> + Sync,
) -> Result<Vec<T>, E> {
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let slots: Vec<Mutex<Option<Result<T, E>>>> = (0..n).map(|_| Mutex::new(None)).collect();
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
    for slot in slots {
        match slot.into_inner().ok().flatten() {
            Some(Ok(p)) => out.push(p),
            Some(Err(e)) => return Err(e),
            // Not played: that happens only after a game failed, and games start in
            // order, so the failed game comes before this one and has returned its error.
            None => {}
        }
    }
    Ok(out)
}

/// A `--report` or `--save-games` folder, made now so that a bad path fails before the
/// games are played.
fn make_folder(option: &str, dir: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|source| Error::Io {
        context: format!("{option}: cannot create folder"),
        path: dir.to_path_buf(),
        source,
    })
}

fn simulate(root: &Path, a: SimulateArgs) -> Result<Exit, Error> {
    let SimulateArgs {
        scenario,
        games: n,
        seed,
        max_actions: max,
        players: spec,
        options,
        jobs,
        report: report_path,
        save_games: save_dir,
        resume,
    } = a;
    if n == 0 {
        return Err(Error::usage("--games must be at least 1"));
    }
    let players: Option<Vec<crate::core::ai::Player>> = match &spec {
        Some(p) => Some(
            p.split(',')
                .map(str::parse)
                .collect::<Result<Vec<_>, String>>()
                .map_err(|e| Error::usage(format!("--players {p}: {e}")))?,
        ),
        None => None,
    };
    if let Some(p) = &report_path
        && (p.as_os_str().is_empty() || p.file_name().is_none() || p.is_dir())
    {
        return Err(Error::usage(format!(
            "--report {}: needs a file name (FILE.md), not a folder",
            p.display()
        )));
    }
    if let Some(dir) = report_path
        .as_ref()
        .and_then(|p| p.parent())
        .filter(|d| !d.as_os_str().is_empty())
    {
        make_folder("--report", dir)?;
    }
    if let Some(d) = &save_dir {
        make_folder("--save-games", d)?;
    }
    let proto = games::new_session_with(root, &scenario, 0, &options)?;
    let seats = proto.seats();
    let names: Vec<String> = (0..seats).map(|s| proto.seat_name(s)).collect();
    if let Some(p) = &players
        && p.len() != usize::from(seats)
    {
        return Err(Error::usage(format!(
            "--players needs one player per seat ({}), got {}",
            names.join(", "),
            p.len()
        )));
    }
    let all_random = players
        .as_ref()
        .is_none_or(|p| p.iter().all(|x| *x == crate::core::ai::Player::Random));
    let cores = crate::core::pool::cores();
    let jobs = jobs.unwrap_or(cores);
    if jobs == 0 {
        return Err(Error::usage("--jobs must be at least 1"));
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
    let play = |g: usize| -> Result<crate::core::game::Playout, Error> {
        let game_seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(g as u64);
        let in_game = |e: Error| Error::Game {
            game: g,
            seed: game_seed,
            source: Box::new(e),
        };
        let saved = save_dir
            .as_ref()
            .map(|d| d.join(format!("game-{g:0w$}.ron", w = digits)));
        if let Some(path) = saved.as_ref().filter(|p| resume && p.exists()) {
            return resumed(root, path, proto.scenario(), game_seed, max).map_err(in_game);
        }
        let session = games::new_session_with(root, &scenario, game_seed, &options)?;
        let mut played = match (&players, all_random) {
            (Some(pl), false) => session.play_with(pl, game_seed ^ 0x9E37_79B9_7F4A_7C15, max),
            _ => session.playout(game_seed ^ 0x9E37_79B9_7F4A_7C15, max),
        }
        .map_err(|e| in_game(e.into()))?;
        let moves = std::mem::take(&mut played.moves);
        if let Some(path) = &saved {
            save_game(session, &moves, path).map_err(in_game)?;
        }
        Ok(played)
    };
    let played = play_all(n, jobs, play)?;
    let secs = t0.elapsed().as_secs_f64();
    let game_id = proto.scenario().split('/').next().unwrap_or_default();
    let game = games::registry().get(game_id);
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
    let batch = crate::report::Batch {
        players: players
            .unwrap_or_else(|| vec![crate::core::ai::Player::Random; usize::from(seats)]),
        seed,
        max_actions: max,
        options,
        command,
    };
    let report =
        crate::report::Report::of_batch(proto.as_ref(), game, info.as_ref(), batch, played);
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
        crate::core::save::write_atomic(&svg, report.svg().as_bytes(), "report chart")?;
        crate::core::save::write_atomic(
            md,
            report.markdown(Some(&svg_name), Some(&speed)).as_bytes(),
            "report",
        )?;
        eprintln!("wrote {} and {}", md.display(), svg.display());
    }
    Ok(0)
}

/// Replay `moves` on `session` (a new game with the played game's seed) and write it
/// as a save file at `path`, which `replay` checks and the game's menu loads from `saves/`.
/// A game of the batch read back from its save (`simulate --resume`): the same
/// playout as when it was played (its length, outcome, last turn and per-turn scores),
/// after checking that the save is this game's (its scenario and seed) and that it was
/// not played to a longer cap.
fn resumed(
    root: &Path,
    path: &Path,
    scenario: &str,
    seed: u64,
    max: usize,
) -> Result<crate::core::game::Playout, Error> {
    let save = crate::core::save::SaveFile::read(path)?;
    if save.seed != seed || save.scenario != scenario {
        return Err(Error::usage(format!(
            "--resume: {} is not this batch's game (scenario {}, seed {}; this game is {scenario}, seed {seed}): use another --save-games folder, or leave out --resume",
            path.display(),
            save.scenario,
            save.seed
        )));
    }
    let session = games::load_save(root, path)?;
    let moves = session.history().to_vec();
    if moves.len() > max {
        return Err(Error::usage(format!(
            "--resume: {} has {} actions, more than --max-actions {max}",
            path.display(),
            moves.len()
        )));
    }
    // A game whose seats take roles has its roles traced turn by turn as it is
    // replayed from its first position; another keeps the session's score trace.
    let has_roles = |g: &dyn GameSession| (0..g.seats()).any(|s| g.role(s).is_some());
    let first = session.rewound(0);
    let (trace, roles) = match first {
        Some(g) if has_roles(g.as_ref()) || has_roles(session.as_ref()) => replay_trace(g, &moves)?,
        _ => (session.score_trace().1, None),
    };
    Ok(crate::core::game::Playout {
        actions: moves.len(),
        outcome: session.outcome(),
        turns: session.turn(),
        trace,
        roles,
        moves: vec![],
    })
}

/// The score and role traces of a game replayed through `moves` from `g`, its first
/// position, as a playout records them ([`crate::core::game::TurnTrace`]).
fn replay_trace(
    mut g: Box<dyn GameSession>,
    moves: &[String],
) -> Result<(Vec<Vec<i32>>, Option<crate::core::game::RoleTrace>), Error> {
    let mut trace =
        crate::core::game::TurnTrace::starting(g.turn(), g.scores(), g.seats(), |s| g.role(s));
    for m in moves {
        g.apply_str(m).map_err(|e| {
            crate::core::error::RuleError(format!("replaying '{m}' for --resume: {e}"))
        })?;
        trace.moved(g.turn(), || g.scores(), g.seats(), |s| g.role(s));
    }
    Ok(trace.closed(g.scores()))
}

fn save_game(
    mut session: Box<dyn crate::core::session::GameSession>,
    moves: &[String],
    path: &Path,
) -> Result<(), Error> {
    for m in moves {
        session.apply_str(m).map_err(|e| {
            crate::core::error::RuleError(format!("replaying '{m}' for --save-games: {e}"))
        })?;
    }
    Ok(session.save().write(path)?)
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
    /// Start with the manual set-up phase: the same as the option `manual_setup`,
    /// kept so that older scripts still run.
    #[serde(default)]
    pub manual_setup: bool,
    /// Forced dice queued at the start.
    #[serde(default)]
    pub dice: Vec<u8>,
    /// Optional rules in notation (`["stall=0"]`), as `--option` takes them.
    #[serde(default)]
    pub options: Vec<String>,
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
    /// A log line after the one the previous `Log` step matched (or after the start)
    /// must contain this text; several `Log` steps in a row check several lines of one
    /// action, in order.
    Log(String),
    /// The action must (true) or must not (false) be among the legal actions.
    Legal(String, bool),
    /// Apply actions until the given probe reads the value (at most 500 `end`s/`pass`es).
    EndUntil(String, String),
    /// Print what the seat to act sees (as `wargame view` does) and its legal actions.
    Show,
    /// Print what a seat sees, and its legal actions if it is to act.
    ShowSeat(u8),
}

impl Step {
    /// The variant's name as written in a script.
    fn name(&self) -> &'static str {
        match self {
            Step::Do(_) => "Do",
            Step::Fail(_) => "Fail",
            Step::Expect(..) => "Expect",
            Step::Dice(_) => "Dice",
            Step::Log(_) => "Log",
            Step::Legal(..) => "Legal",
            Step::EndUntil(..) => "EndUntil",
            Step::Show => "Show",
            Step::ShowSeat(_) => "ShowSeat",
        }
    }
}

/// Where each step of a script's `steps` list starts (`file:line:column`), found in
/// order through the text, skipping comments, so a failing step is reported at its
/// own line even when an earlier step has the same text.
fn step_places(file: &str, text: &str, steps: &[Step]) -> Vec<String> {
    // The next whole word `needle` at or after `from` that is not in a `//` comment.
    let find_code = |from: usize, needle: &str| -> Option<usize> {
        let mut at = from;
        while let Some(k) = text.get(at..).and_then(|t| t.find(needle)) {
            let i = at + k;
            let in_comment = crate::core::data::in_comment(text, i);
            let starts = !text[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_');
            let ends =
                !text[i + needle.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_');
            if !in_comment && starts && ends {
                return Some(i);
            }
            at = i + needle.len();
        }
        None
    };
    let mut cursor = find_code(0, "steps").unwrap_or(0);
    steps
        .iter()
        .map(|s| match find_code(cursor, s.name()) {
            Some(i) => {
                cursor = i + s.name().len();
                let before = &text[..i];
                let line = before.matches('\n').count() + 1;
                let col = before.rfind('\n').map_or(i, |nl| i - nl - 1) + 1;
                format!("{file}:{line}:{col}")
            }
            None => file.to_string(),
        })
        .collect()
}

/// What a seat sees, with its visible log and, when it is to act, its legal actions:
/// the text of `wargame view --legal` and of a script's `Show` step.
fn seat_report(g: &dyn GameSession, seat: u8, legal: bool) -> String {
    let mut out = g.view_ron(seat);
    out.push_str(&format!("\n// log visible to seat {seat}:\n"));
    for l in g.log().iter().filter(|l| l.visible(seat)) {
        out.push_str(&format!("// {}\n", l.text));
    }
    if legal {
        match g.to_act() {
            Some(s) if s == seat => {
                let actions = g.legal();
                out.push_str(&format!(
                    "// legal actions of seat {seat} ({}):\n",
                    actions.len()
                ));
                for a in actions {
                    out.push_str(&format!("//   {a}\n"));
                }
            }
            Some(s) => out.push_str(&format!(
                "// seat {seat} is not to act (seat {s}, {}, is): no legal actions shown\n",
                g.seat_name(s)
            )),
            None => out.push_str("// the game is over\n"),
        }
    }
    out
}

/// Run one script; returns the list of mismatches (`Show` steps print nothing).
pub fn run_script(root: &Path, path: &Path) -> Result<Vec<String>, DataError> {
    run_script_with(root, path, &mut |_| {})
}

/// Run one script, giving what its `Show` steps show to `show`; returns the list of
/// mismatches, each at the place of its step.
pub fn run_script_with(
    root: &Path,
    path: &Path,
    show: &mut dyn FnMut(String),
) -> Result<Vec<String>, DataError> {
    let text = read_text(path)?;
    let file = path.display().to_string();
    let sc: Script = crate::core::data::parse_ron_doc(&file, &text, "docs/script-format.md")?;
    let mut options = sc.options.clone();
    if sc.manual_setup && !options.iter().any(|o| o == MANUAL_SETUP) {
        options.push(MANUAL_SETUP.to_string());
    }
    let mut g: Box<dyn GameSession> =
        games::new_session_with(root, &sc.scenario, sc.seed, &options)?;
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
    let places = step_places(&file, &text, &sc.steps);
    let mut log_from = 0;
    for (k, step) in sc.steps.iter().enumerate() {
        let here = places.get(k).cloned().unwrap_or_else(|| file.clone());
        match step {
            Step::Do(act) => {
                if let Err(e) = g.apply_str(act) {
                    bad.push(format!("{here}: '{act}' was refused: {e}"));
                    break;
                }
            }
            Step::Fail(act) => {
                if g.apply_str(act).is_ok() {
                    bad.push(format!("{here}: '{act}' was accepted but must be refused"));
                    break;
                }
            }
            Step::Expect(key, want) => match g.probe(key) {
                Some(got) if &got == want => {}
                got => bad.push(format!(
                    "{here}: {key}: expected {want}, got {}",
                    got.unwrap_or_else(|| "(no such probe)".into())
                )),
            },
            Step::Dice(d) => g.force(d),
            Step::Log(want) => {
                let from = log_from.min(g.log().len());
                match g.log()[from..]
                    .iter()
                    .position(|l| l.text.contains(want.as_str()))
                {
                    // The next Log step looks after this line: two lines of one action
                    // can both be checked, in order.
                    Some(i) => log_from = from + i + 1,
                    None => {
                        let recent: Vec<String> = g.log()[from..]
                            .iter()
                            .map(|l| format!("    {}", l.text))
                            .collect();
                        bad.push(format!(
                            "{here}: no log line contains \"{want}\"; the log since the last match:\n{}",
                            recent.join("\n")
                        ));
                        log_from = g.log().len();
                    }
                }
            }
            Step::Legal(act, want) => {
                let is = g.legal().iter().any(|l| l == act);
                if is != *want {
                    bad.push(format!(
                        "{here}: '{act}' is {}legal, expected {}legal",
                        if is { "" } else { "not " },
                        if *want { "" } else { "not " }
                    ));
                }
            }
            Step::Show => {
                let seat = g.to_act().unwrap_or(0);
                show(format!(
                    "{here}: Show (seat {seat})\n{}",
                    seat_report(g.as_ref(), seat, true)
                ));
            }
            Step::ShowSeat(seat) => {
                if *seat >= g.seats() {
                    bad.push(format!(
                        "{here}: ShowSeat({seat}): this game has seats 0..{}",
                        g.seats() - 1
                    ));
                } else {
                    show(format!(
                        "{here}: ShowSeat({seat})\n{}",
                        seat_report(g.as_ref(), *seat, true)
                    ));
                }
            }
            Step::EndUntil(key, want) => {
                let mut n = 0;
                while g.probe(key).as_deref() != Some(want.as_str()) && n < 500 {
                    // Decline or end the phase if possible; otherwise take the first
                    // offered decision (for example IX.D's choice of reinforcements).
                    let act = g
                        .legal_of_kind(ActionKind::Decline)
                        .or_else(|| g.legal_of_kind(ActionKind::EndPhase))
                        .or_else(|| g.legal().first().cloned())
                        .unwrap_or_default();
                    let act = act.as_str();
                    if g.apply_str(act).is_err() {
                        bad.push(format!(
                            "{here}: could not '{act}' while waiting for {key} = {want}"
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

fn scripts(root: &Path, paths: &[PathBuf]) -> Result<Exit, Error> {
    let mut files = vec![];
    for p in paths {
        collect_ron(p, &mut files);
    }
    let (mut passed, mut failed) = (0, 0);
    for f in &files {
        match run_script_with(root, f, &mut |s| outln!("{s}")) {
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

fn replay(root: &Path, save: &Path) -> Result<Exit, Error> {
    match games::load_save(root, save) {
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
            // A save whose state was emptied confirms nothing: its actions replay
            // without error, but there is nothing to compare the result with.
            let confirmable =
                crate::core::save::SaveFile::read(save).is_ok_and(|f| !f.state.trim().is_empty());
            if !confirmable {
                outln!(
                    "replay NOT CONFIRMED: {}: the save holds no state to compare against; its {} actions replay without error, but nothing shows they give the game that was saved",
                    save.display(),
                    g.history().len()
                );
                return Ok(1);
            }
            outln!(
                "replay OK: {} actions reproduce the saved state",
                g.history().len()
            );
            Ok(0)
        }
        // A save that does not load or does not replay to its saved state: the problem
        // `replay` looks for, exit status 1.
        Err(e) => {
            eprintln!("{e}");
            Ok(1)
        }
    }
}

/// The game of `view` and `screenshot`: the save, or a new game after `--steps` seeded
/// random actions.
fn build_game(root: &Path, a: &GameArgs) -> Result<Box<dyn GameSession>, Error> {
    if a.blank {
        return Err(Error::usage("--blank is for `screenshot` only"));
    }
    if let Some(save) = a.save.as_ref().or(a.save_file.as_ref()) {
        return Ok(games::load_save(root, save)?);
    }
    // clap requires --scenario when there is no save.
    let scenario = a
        .scenario
        .as_deref()
        .ok_or_else(|| Error::usage("needs a SAVE or --scenario ID"))?;
    let mut g = games::new_session_with(root, scenario, a.seed, &a.options)?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(a.seed ^ 0x5eed);
    for _ in 0..a.steps {
        if !g.random_step(&mut rng)? {
            break;
        }
    }
    Ok(g)
}

fn view(root: &Path, a: ViewArgs) -> Result<Exit, Error> {
    let seat = a.seat;
    let g = build_game(root, &a.game)?;
    if seat >= g.seats() {
        return Err(Error::usage(format!(
            "--seat {seat}: this game has seats 0..{}",
            g.seats() - 1
        )));
    }
    if let Some(out) = &a.write_save {
        g.save().write(out)?;
        eprintln!("wrote {}", out.display());
    }
    out!("{}", seat_report(g.as_ref(), seat, a.legal));
    Ok(0)
}

fn screenshot(a: ScreenshotArgs) -> Result<Exit, Error> {
    #[cfg(feature = "gui")]
    {
        if a.game.blank {
            crate::gui::run(crate::gui::Launch {
                session: None,
                screenshot: Some((a.out, a.frames)),
                blank: true,
                size: a.size,
            });
            return Ok(0);
        }
        let root = crate::core::data::data_root();
        let g = build_game(&root, &a.game)?;
        let seat = g.to_act().unwrap_or(0);
        eprintln!(
            "screenshot: the view of seat {seat} ({}), {}",
            g.seat_name(seat),
            if g.to_act().is_some() {
                "the seat to act"
            } else {
                "no seat is to act"
            }
        );
        crate::gui::run(crate::gui::Launch {
            session: Some(g),
            screenshot: Some((a.out, a.frames)),
            blank: false,
            size: a.size,
        });
        Ok(0)
    }
    #[cfg(not(feature = "gui"))]
    {
        let _ = (a.game, a.out, a.frames, a.size);
        Err(Error::usage(
            "this build has no GUI (built without the `gui` feature)",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn a_screenshot_size_reads_as_width_by_height_within_bounds() {
        assert_eq!(parse_size("1280x800"), Ok((1280, 800)));
        assert_eq!(parse_size("1280X800"), Ok((1280, 800)));
        assert!(parse_size("1280").unwrap_err().contains("WIDTHxHEIGHT"));
        assert!(parse_size("axb").is_err());
        assert!(parse_size("100x100").unwrap_err().contains("outside"));
    }

    /// A game replayed for `--resume` is traced as the playout traced it.
    #[test]
    fn a_replayed_game_is_traced_as_it_was_played() {
        let root = crate::core::data::data_root();
        let g = crate::games::new_session(&root, "harvest_the_wind/washita", 4).unwrap();
        let p = g.playout(9, 100_000).unwrap();
        let first = g.rewound(0).unwrap();
        assert_eq!(
            super::replay_trace(first, &p.moves).unwrap(),
            (p.trace, p.roles)
        );
    }
}
