//! Helper threads for the search's batches of independent work: the one-step values
//! with which a new node of the search seeds its actions (`core::ai`). A batch is a
//! function of the item's index alone, so the values, and every move chosen from them,
//! are the same whatever the number of threads and whichever thread computed which.
//!
//! The pool is small and lives for the whole program: its threads keep their
//! per-thread caches (a ruleset's resolved zones, scratch lists) from batch to batch.
//! The calling thread always works on its own batch too, so a batch never waits for a
//! helper busy elsewhere (two games played at once by `simulate --jobs`): it waits only
//! for the few items a helper has already taken.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex, OnceLock};

/// Batches smaller than this are computed by the calling thread alone: handing them
/// out would cost more than it saves.
pub const MIN_BATCH: usize = 48;

/// Items a thread takes at a time.
const CHUNK: usize = 8;

/// The threads a batch may use, the calling one included (0: not set, so one per core).
static THREADS: AtomicUsize = AtomicUsize::new(0);

/// Sets how many threads a batch may use, the calling thread included; 0 (the
/// default) is one per core. `simulate` sets it so that its games at once and their
/// helpers fit the cores.
pub fn set_threads(n: usize) {
    THREADS.store(n, Ordering::Relaxed);
}

/// How many threads a batch may use, the calling thread included.
pub fn threads() -> usize {
    match THREADS.load(Ordering::Relaxed) {
        0 => cores(),
        n => n,
    }
}

/// The cores this machine offers (1 if it cannot tell), asked once: the question reads
/// the system's files on every call.
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// One batch: `f` over `0..n`, its results as `f64` bits.
struct Batch {
    f: Box<dyn Fn(usize) -> f64 + Send + Sync>,
    n: usize,
    /// The next item not yet taken.
    next: AtomicUsize,
    /// Items finished.
    done: AtomicUsize,
    results: Vec<AtomicU64>,
    /// Set if `f` panicked in a helper; the caller then panics too, as it would have
    /// computing the item itself.
    panicked: AtomicBool,
}

impl Batch {
    /// Takes and computes chunks until none is left.
    fn work(&self) {
        loop {
            let start = self.next.fetch_add(CHUNK, Ordering::Relaxed);
            if start >= self.n {
                return;
            }
            let end = (start + CHUNK).min(self.n);
            for i in start..end {
                let v = (self.f)(i);
                if let Some(r) = self.results.get(i) {
                    r.store(v.to_bits(), Ordering::Relaxed);
                }
            }
            self.done.fetch_add(end - start, Ordering::Release);
        }
    }
}

/// The helpers' shared queue and how many helpers have been started.
struct Pool {
    send: Mutex<Sender<Arc<Batch>>>,
    recv: Arc<Mutex<Receiver<Arc<Batch>>>>,
    started: Mutex<usize>,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| {
        let (send, recv) = channel();
        Pool {
            send: Mutex::new(send),
            recv: Arc::new(Mutex::new(recv)),
            started: Mutex::new(0),
        }
    })
}

/// Starts helpers until there are `n` (or as many as the system lets us start), and
/// returns how many there are.
fn helpers(n: usize) -> usize {
    let p = pool();
    let Ok(mut started) = p.started.lock() else {
        return 0;
    };
    while *started < n {
        let recv = p.recv.clone();
        let spawned = std::thread::Builder::new()
            .name("search-helper".into())
            .spawn(move || {
                loop {
                    // The lock is held only to take one batch off the queue.
                    let batch = match recv.lock() {
                        Ok(r) => r.recv(),
                        Err(_) => return,
                    };
                    let Ok(batch) = batch else { return };
                    let b = batch.clone();
                    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| b.work())).is_err()
                    {
                        batch.panicked.store(true, Ordering::Release);
                        // Let the caller stop waiting: nothing more will be finished here.
                        batch.done.store(batch.n, Ordering::Release);
                    }
                }
            });
        if spawned.is_err() {
            break;
        }
        *started += 1;
    }
    *started
}

/// `f(0), f(1), ..., f(n - 1)`, computed by the calling thread and up to
/// [`threads`]` - 1` helpers. The result is the same as computing them in order.
pub fn map(n: usize, f: impl Fn(usize) -> f64 + Send + Sync + 'static) -> Vec<f64> {
    let want = threads().saturating_sub(1);
    if n < MIN_BATCH || want == 0 {
        return (0..n).map(f).collect();
    }
    let have = helpers(want).min(want);
    let batch = Arc::new(Batch {
        f: Box::new(f),
        n,
        next: AtomicUsize::new(0),
        done: AtomicUsize::new(0),
        results: (0..n).map(|_| AtomicU64::new(0)).collect(),
        panicked: AtomicBool::new(false),
    });
    if let Ok(send) = pool().send.lock() {
        for _ in 0..have {
            // A helper that is gone leaves its share to the calling thread.
            let _ = send.send(batch.clone());
        }
    }
    batch.work();
    while batch.done.load(Ordering::Acquire) < n {
        std::thread::yield_now();
    }
    assert!(
        !batch.panicked.load(Ordering::Acquire),
        "a search helper thread panicked"
    );
    batch
        .results
        .iter()
        .map(|r| f64::from_bits(r.load(Ordering::Relaxed)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_gives_the_values_in_order_whatever_the_threads() {
        let f = |i: usize| (i as f64).sqrt() * 3.0 - 1.0;
        let want: Vec<f64> = (0..1000).map(f).collect();
        for t in [1, 2, 3] {
            set_threads(t);
            assert_eq!(map(1000, f), want, "{t} threads");
            assert_eq!(map(5, f), want[..5], "{t} threads, a small batch");
        }
        set_threads(0);
    }
}
