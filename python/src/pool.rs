//! Helper threads that live as long as a vector env, for its `threads > 1`.
//!
//! A batch step of 512 CATAN games takes a few hundred microseconds; spawning
//! a thread for each step (what `std::thread::scope` does) cost a good part
//! of that, and a pool whose workers sleep between steps (rayon's) pays a
//! wake-up of the same order, because the caller's Python code between two
//! steps (drawing the actions) takes long enough for them to fall asleep.
//! These helpers instead spin for a while ([`SPIN`]) after each job, so
//! that in a training or benchmark loop the next step finds them awake;
//! after that they park and cost nothing.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a helper waits for the next job awake before it parks.
const SPIN: Duration = Duration::from_millis(2);

/// A job: called once with each helper's number (1, 2, …).
type Job = dyn Fn(usize) + Sync;

/// The job in flight, with its lifetime erased (see [`Pool::run`]).
#[derive(Clone, Copy)]
struct JobPtr(*const Job);

// SAFETY: the pointee is `Sync` (so calling it from several threads at once is
// fine), and `Pool::run` keeps it alive while any helper may use the pointer.
#[allow(unsafe_code)]
unsafe impl Send for JobPtr {}

struct Shared {
    /// Incremented for every job (and to stop).
    epoch: AtomicU64,
    job: Mutex<Option<JobPtr>>,
    /// Helpers still running the current job.
    pending: AtomicUsize,
    panicked: AtomicBool,
    stop: AtomicBool,
    park: Mutex<()>,
    wake: Condvar,
}

/// `helpers` threads that run [`Pool::run`]'s jobs beside the caller.
///
/// A forked child process (Python's `multiprocessing` with `fork`) inherits
/// the pool but not its threads: the pool notices by the process id, lets
/// the parent's threads go without touching them, and starts its own.
pub struct Pool {
    shared: Arc<Shared>,
    helpers: Vec<JoinHandle<()>>,
    /// The process the helpers run in.
    owner: u32,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool").field("helpers", &self.helpers.len()).finish()
    }
}

impl Pool {
    /// A pool of `helpers` threads (fewer if the system refuses to start
    /// more; [`Pool::helpers`] says how many there are).
    pub fn new(helpers: usize) -> Pool {
        let shared = Arc::new(Shared {
            epoch: AtomicU64::new(0),
            job: Mutex::new(None),
            pending: AtomicUsize::new(0),
            panicked: AtomicBool::new(false),
            stop: AtomicBool::new(false),
            park: Mutex::new(()),
            wake: Condvar::new(),
        });
        let helpers = (1..=helpers)
            .map_while(|k| {
                let s = shared.clone();
                std::thread::Builder::new()
                    .name(format!("spielleiter-vec-{k}"))
                    .spawn(move || helper(&s, k))
                    .ok()
            })
            .collect();
        Pool {
            shared,
            helpers,
            owner: std::process::id(),
        }
    }

    /// The number of helper threads.
    pub fn helpers(&self) -> usize {
        self.helpers.len()
    }

    /// Runs `job(0)` on this thread and `job(k)` on helper `k` for every
    /// helper, and returns when all are done. Returns `false` if any of them
    /// panicked (the others still ran to their end).
    pub fn run(&mut self, job: &(dyn Fn(usize) + Sync)) -> bool {
        if self.owner != std::process::id() {
            // A forked child: the helpers are the parent's (see `Pool`).
            let fresh = Pool::new(self.helpers.len());
            std::mem::forget(std::mem::replace(self, fresh));
        }
        let s = &*self.shared;
        let n = self.helpers.len();
        if n == 0 {
            return catch_unwind(AssertUnwindSafe(|| job(0))).is_ok();
        }
        // SAFETY: only the lifetime is erased. The pointer is handed to the
        // helpers below and this function does not return (it catches the
        // caller's own panic) before every helper has finished its call and
        // said so through `pending`, after which no helper reads it again (it
        // is cleared before the next epoch). So `job` outlives every use.
        #[allow(unsafe_code)]
        let ptr = JobPtr(unsafe { std::mem::transmute::<*const (dyn Fn(usize) + Sync + '_), *const Job>(job) });
        s.panicked.store(false, Ordering::Relaxed);
        s.pending.store(n, Ordering::Relaxed);
        *s.job.lock().unwrap_or_else(|e| e.into_inner()) = Some(ptr);
        s.epoch.fetch_add(1, Ordering::Release);
        {
            // Under the lock, so that a helper between its last look at the
            // epoch and its wait cannot miss this.
            let _g = s.park.lock().unwrap_or_else(|e| e.into_inner());
            s.wake.notify_all();
        }
        let mine = catch_unwind(AssertUnwindSafe(|| job(0))).is_ok();
        let mut spins = 0u32;
        while s.pending.load(Ordering::Acquire) != 0 {
            spins = spins.saturating_add(1);
            if spins < 1 << 10 {
                std::hint::spin_loop();
            } else {
                // A helper was descheduled (a busy machine): let it have the core.
                std::thread::yield_now();
            }
        }
        *s.job.lock().unwrap_or_else(|e| e.into_inner()) = None;
        mine && !s.panicked.load(Ordering::Relaxed)
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        if self.owner != std::process::id() {
            // The parent's threads, not in this process: nothing to stop or join.
            self.helpers.drain(..).for_each(std::mem::forget);
            return;
        }
        let s = &*self.shared;
        s.stop.store(true, Ordering::Relaxed);
        s.epoch.fetch_add(1, Ordering::Release);
        {
            let _g = s.park.lock().unwrap_or_else(|e| e.into_inner());
            s.wake.notify_all();
        }
        for h in self.helpers.drain(..) {
            let _ = h.join();
        }
    }
}

fn helper(s: &Shared, k: usize) {
    let mut seen = 0u64;
    loop {
        // Awake for `SPIN`, then parked until the epoch moves.
        // Yielding, not only spinning: on a machine with more runnable
        // threads than cores the others get the core meanwhile.
        let since = Instant::now();
        let mut spins = 0u32;
        while s.epoch.load(Ordering::Acquire) == seen {
            spins = spins.wrapping_add(1);
            if spins % 64 == 0 {
                if since.elapsed() > SPIN {
                    let mut g = s.park.lock().unwrap_or_else(|e| e.into_inner());
                    while s.epoch.load(Ordering::Acquire) == seen {
                        g = s.wake.wait(g).unwrap_or_else(|e| e.into_inner());
                    }
                    break;
                }
                std::thread::yield_now();
            }
            std::hint::spin_loop();
        }
        seen = s.epoch.load(Ordering::Acquire);
        if s.stop.load(Ordering::Relaxed) {
            return;
        }
        let job = *s.job.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(JobPtr(job)) = job {
            // SAFETY: set by `Pool::run` for this epoch, which waits for
            // `pending` to reach 0 before the job's borrow ends.
            #[allow(unsafe_code)]
            let f = unsafe { &*job };
            if catch_unwind(AssertUnwindSafe(|| f(k))).is_err() {
                s.panicked.store(true, Ordering::Relaxed);
            }
        }
        s.pending.fetch_sub(1, Ordering::Release);
    }
}
