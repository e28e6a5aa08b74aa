//! A bounded, seeded fuzz run over every shipped data file and over saves of every
//! game (issue 53): each file is mutated in place in a scratch copy of the data tree,
//! keeping its own name and folder, then checked and, where accepted, played.
//!
//! It asserts what the engine promises of bad input:
//! - no panic and no hang, whatever the file holds;
//! - every error names its file and its line and column;
//! - data that `check` accepts (the file and every scenario it bears on) loads and
//!   plays: seeded random games never reach a position where a seat must act and has no
//!   legal action;
//! - a save either loads, and then plays on the same way, or is refused with a place.
//!
//! `WARGAME_FUZZ_ROUNDS` sets the mutations per file (2 in the test run, which keeps it
//! under a minute); `WARGAME_FUZZ_SEED` another seed. With `WARGAME_FUZZ_ROUNDS` set
//! the figures are printed (the longer runs of the issue notes).

use crate::util::{root, scratch};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;
use wargame::core::error::DataError;
use wargame::core::registry::{Registry, Start};
use wargame::core::session::GameSession;

/// Actions each accepted scenario is played for.
const PLAY: usize = 150;
/// Longest a mutation may take before it counts as a hang.
const HANG: Duration = Duration::from_secs(60);

/// Every `.ron` file under `dir`, sorted, relative to `base`.
pub fn ron_files(base: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            ron_files(base, &p, out);
        } else if p.extension().is_some_and(|e| e == "ron") {
            out.push(p.strip_prefix(base).expect("under base").to_path_buf());
        }
    }
}

/// Copy the shipped `rules/` and `scenarios/` into `to`.
pub fn copy_tree(to: &Path) -> Vec<PathBuf> {
    let mut files = vec![];
    for top in ["rules", "scenarios"] {
        ron_files(&root(), &root().join(top), &mut files);
    }
    for f in &files {
        let dst = to.join(f);
        std::fs::create_dir_all(dst.parent().expect("a folder")).expect("mkdir");
        std::fs::copy(root().join(f), &dst).expect("copy");
    }
    files
}

/// One mutation of RON text, in bytes (so that a file may stop being UTF-8).
fn mutate(text: &str, rng: &mut ChaCha8Rng) -> Vec<u8> {
    let b = text.as_bytes();
    // Numbers and strings of the file, as byte spans.
    let mut numbers = vec![];
    let mut strings = vec![];
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'"' {
            let s = i;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            strings.push((s, (i + 1).min(b.len())));
        } else if b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let s = i;
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                i += 1;
            }
            if i == b.len() || !b[i].is_ascii_alphabetic() {
                numbers.push((s, i));
            }
            continue;
        }
        i += 1;
    }
    let lines: Vec<(usize, usize)> = {
        let mut v = vec![];
        let mut s = 0;
        for (k, &c) in b.iter().enumerate() {
            if c == b'\n' {
                v.push((s, k + 1));
                s = k + 1;
            }
        }
        v.push((s, b.len()));
        v
    };
    let splice = |(s, e): (usize, usize), with: &[u8]| {
        let mut out = b[..s].to_vec();
        out.extend_from_slice(with);
        out.extend_from_slice(&b[e..]);
        out
    };
    const VALUES: [&str; 12] = [
        "0",
        "1",
        "2",
        "4",
        "13",
        "30",
        "255",
        "256",
        "-1",
        "2147483648",
        "4294967296",
        "99999",
    ];
    loop {
        match rng.random_range(0..10) {
            0..=3 if !numbers.is_empty() => {
                let at = numbers[rng.random_range(0..numbers.len())];
                let v = VALUES[rng.random_range(0..VALUES.len())];
                return splice(at, v.as_bytes());
            }
            4 | 5 if strings.len() > 1 => {
                let at = strings[rng.random_range(0..strings.len())];
                let other = strings[rng.random_range(0..strings.len())];
                let with = match rng.random_range(0..4) {
                    0 => b"\"\"".to_vec(),
                    1 => b"\"zz\"".to_vec(),
                    _ => b[other.0..other.1].to_vec(),
                };
                return splice(at, &with);
            }
            6 => {
                let l = lines[rng.random_range(0..lines.len())];
                return splice(l, b"");
            }
            7 => {
                let l = lines[rng.random_range(0..lines.len())];
                let mut twice = b[l.0..l.1].to_vec();
                twice.extend_from_slice(&b[l.0..l.1]);
                return splice(l, &twice);
            }
            8 => {
                let at = rng.random_range(0..b.len().max(1));
                return b[..at].to_vec();
            }
            9 if !b.is_empty() => {
                let at = rng.random_range(0..b.len());
                return splice((at, at + 1), &[0xff]);
            }
            _ => {}
        }
    }
}

/// The game whose folder a data file is in (`rules/<game>/...`, `scenarios/<game>/...`).
fn game_of(rel: &Path) -> String {
    rel.components()
        .nth(1)
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The scenarios a data file bears on: its own, or every scenario of its game (a rules
/// table, a map) and, for the tactical Nez Perce game, the campaign that fights its
/// combats.
fn scenarios_of(r: &Registry, tree: &Path, rel: &Path) -> Vec<String> {
    let game = game_of(rel);
    let mut ids = r.scenarios(tree, &game);
    if rel.starts_with("scenarios") && rel.parent().is_some_and(|p| !p.ends_with("maps")) {
        let stem = rel.file_stem().map(|s| s.to_string_lossy().into_owned());
        ids.retain(|id| Some(id.rsplit('/').next().unwrap_or("").to_string()) == stem);
    }
    if game == "nez_perce_tactical" {
        ids.extend(r.scenarios(tree, "nez_perce_strategic"));
    }
    ids
}

/// What one mutation came to.
#[derive(Default, Debug)]
struct Tally {
    tried: usize,
    accepted: usize,
    games: usize,
}

/// An error must say where: its file, line and column.
fn placed(e: &DataError, what: &str) -> Result<(), String> {
    if e.line.is_some() && e.column.is_some() && !e.file.is_empty() {
        Ok(())
    } else {
        Err(format!("{what}: an error without a line and column: {e}"))
    }
}

/// Play seeded random actions; a seat that must act with nothing legal is a deadlock.
fn play(g: &mut dyn GameSession, seed: u64, what: &str) -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for n in 0..PLAY {
        if g.to_act().is_none() {
            return Ok(());
        }
        let legal = g.legal();
        if legal.is_empty() {
            return Err(format!(
                "{what}: after {n} actions a seat must act and has no legal action (deadlock on accepted data)"
            ));
        }
        let a = &legal[rng.random_range(0..legal.len())];
        g.apply_str(a)
            .map_err(|e| format!("{what}: legal action '{a}' refused: {e}"))?;
    }
    Ok(())
}

/// Check a mutated data file, and where it and the scenarios it bears on pass, play
/// each of those scenarios.
fn data_case(r: &Registry, tree: &Path, rel: &Path, seed: u64) -> Result<Tally, String> {
    let what = format!("{} (seed {seed})", rel.display());
    let mut t = Tally {
        tried: 1,
        ..Tally::default()
    };
    if let Err(e) = r.check_path(tree, &tree.join(rel)) {
        placed(&e, &what)?;
        return Ok(t);
    }
    let ids = scenarios_of(r, tree, rel);
    for id in &ids {
        let scenario = tree
            .join("scenarios")
            .join(format!("{id}.ron"))
            .to_path_buf();
        if let Err(e) = r.check_path(tree, &scenario) {
            placed(&e, &format!("{what}, scenario {id}"))?;
            return Ok(t);
        }
    }
    t.accepted = 1;
    for id in &ids {
        let start = Start {
            seed,
            options: vec![],
        };
        let mut g = r.new_session(tree, id, &start).map_err(|e| {
            format!("{what}: check accepts it, but scenario {id} does not load: {e}")
        })?;
        play(g.as_mut(), seed, &format!("{what}, scenario {id}"))?;
        t.games += 1;
    }
    Ok(t)
}

/// A mutated save: it loads and plays on, or is refused with a place.
fn save_case(r: &Registry, tree: &Path, path: &Path, seed: u64) -> Result<Tally, String> {
    let what = format!("save {} (seed {seed})", path.display());
    let mut t = Tally {
        tried: 1,
        ..Tally::default()
    };
    match r.load_save(tree, path) {
        Ok(mut g) => {
            t.accepted = 1;
            play(g.as_mut(), seed, &what)?;
            t.games = 1;
        }
        Err(e) => placed(&e, &what)?,
    }
    Ok(t)
}

/// Run `f` on a thread: a panic or a run past [`HANG`] is a failure.
fn guarded(
    what: String,
    f: impl FnOnce() -> Result<Tally, String> + Send + 'static,
) -> Result<Tally, String> {
    let (tx, rx) = mpsc::channel();
    let w = what.clone();
    std::thread::spawn(move || {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
            .unwrap_or_else(|_| Err(format!("{w}: panicked")));
        let _ = tx.send(r);
    });
    rx.recv_timeout(HANG)
        .unwrap_or_else(|_| Err(format!("{what}: no answer in {HANG:?} (a hang)")))
}

/// Saves to mutate: the shipped one, and a short seeded game of every scenario's game.
fn make_saves(r: &'static Registry, tree: &Path, dir: &Path) -> Vec<PathBuf> {
    let mut out = vec![];
    let shipped = root().join("tests/data/saves/v1-apache_wars.ron");
    let p = dir.join("v1-apache_wars.ron");
    std::fs::copy(shipped, &p).expect("copy the shipped save");
    out.push(p);
    for def in r.games() {
        let Some(id) = r.scenarios(tree, def.id()).into_iter().next() else {
            continue;
        };
        let start = Start {
            seed: 7,
            options: vec![],
        };
        let mut g = r
            .new_session(tree, &id, &start)
            .expect("a shipped scenario");
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for _ in 0..40 {
            let legal = g.legal();
            if legal.is_empty() {
                break;
            }
            g.apply_str(&legal[rng.random_range(0..legal.len())])
                .expect("legal");
        }
        let p = dir.join(format!("{}.ron", def.id()));
        g.save().write(&p).expect("save writes");
        out.push(p);
    }
    out
}

#[test]
fn mutated_data_files_and_saves_never_panic_hang_or_deadlock_and_every_error_has_a_place() {
    let rounds: usize = std::env::var("WARGAME_FUZZ_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    let loud = std::env::var("WARGAME_FUZZ_ROUNDS").is_ok();
    let seed: u64 = std::env::var("WARGAME_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(53);
    let registry: &'static Registry = Box::leak(Box::new(wargame::games::registry()));
    let tree = scratch("fuzz");
    let files = copy_tree(&tree);
    assert!(files.len() > 30, "the shipped data: {files:?}");
    let saves_dir = tree.join("saves");
    std::fs::create_dir_all(&saves_dir).expect("saves folder");
    let saves = make_saves(registry, &tree, &saves_dir);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut failures = vec![];
    let (mut data, mut save) = (Tally::default(), Tally::default());
    for round in 0..rounds {
        for rel in &files {
            let path = tree.join(rel);
            let original = std::fs::read_to_string(&path).expect("shipped text");
            let bytes = mutate(&original, &mut rng);
            std::fs::write(&path, &bytes).expect("write the mutation");
            let case_seed = rng.random::<u64>() % 1000;
            let (t, rel2) = (tree.clone(), rel.clone());
            let r = guarded(format!("{} round {round}", rel.display()), move || {
                data_case(registry, &t, &rel2, case_seed)
            });
            match r {
                Ok(x) => {
                    data.tried += x.tried;
                    data.accepted += x.accepted;
                    data.games += x.games;
                }
                Err(e) => {
                    failures.push(e);
                    // Keep the file for a look (its mutation is in the message's seed).
                    let keep = std::env::temp_dir().join(format!(
                        "wargame-fuzz-failure-{}-{}",
                        failures.len(),
                        rel.file_name()
                            .map(|n| n.to_string_lossy())
                            .unwrap_or_default()
                    ));
                    let _ = std::fs::write(keep, &bytes);
                }
            }
            std::fs::write(&path, &original).expect("restore");
        }
        for path in &saves {
            let original = std::fs::read_to_string(path).expect("save text");
            let bytes = mutate(&original, &mut rng);
            std::fs::write(path, &bytes).expect("write the mutation");
            let case_seed = rng.random::<u64>() % 1000;
            let (t, p) = (tree.clone(), path.clone());
            match guarded(format!("{} round {round}", path.display()), move || {
                save_case(registry, &t, &p, case_seed)
            }) {
                Ok(x) => {
                    save.tried += x.tried;
                    save.accepted += x.accepted;
                    save.games += x.games;
                }
                Err(e) => failures.push(e),
            }
            std::fs::write(path, &original).expect("restore");
        }
    }
    if loud {
        eprintln!(
            "fuzz: {} data files mutated, {} accepted, {} scenarios played; {} saves mutated, {} loaded and played; {} failures",
            data.tried,
            data.accepted,
            data.games,
            save.tried,
            save.accepted,
            failures.len()
        );
    }
    let _ = std::fs::remove_dir_all(&tree);
    assert!(
        failures.is_empty(),
        "{} of {} mutations failed:\n{}",
        failures.len(),
        data.tried + save.tried,
        failures.join("\n")
    );
    assert!(data.accepted > 0, "no mutated data file was ever accepted");
}
