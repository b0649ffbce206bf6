//! What GitLab said about each bearer token, remembered for a minute, keyed by the token's
//! digest (never the token).
//!
//! - A refusal is remembered as an acceptance is: a refused token sent again, by a client
//!   that does not give up or by a flood, costs GitLab nothing more.
//! - One check per token at a time: requests that bring a token whose check is under way
//!   wait for that check's verdict rather than make their own (forty first requests of a
//!   new client cost one check).
//! - A verdict that says nothing about the token — GitLab could not be asked, or the
//!   server's bound on checks was reached — goes to the requests that waited for it and is
//!   forgotten at once: the next request asks again.
//! - At most [`REMEMBERED`] tokens: stale verdicts go first, then the oldest.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::OnceCell;
use wizard::state::Caller;

/// How long GitLab's verdict on a token is trusted.
const FRESH: Duration = Duration::from_secs(60);
/// Tokens remembered at most.
const REMEMBERED: usize = 10_000;

/// What a check found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Verdict {
    /// GitLab answered 200: the token works.
    Accepted,
    /// GitLab answered 401 or 403: the token does not.
    Refused,
    /// GitLab could not say: it erred, did not answer in time or could not be reached
    /// (what happened, for the refusal).
    Unknown(String),
    /// Not checked: the server's bound on checks a second was reached.
    Busy,
}

impl Verdict {
    /// Whether it says something about the token, and so may be remembered.
    fn about_the_token(&self) -> bool {
        matches!(self, Verdict::Accepted | Verdict::Refused)
    }
}

/// A verdict and when it was made.
struct Decided {
    at: Instant,
    verdict: Verdict,
}

/// One token's check: empty while under way (the requests that bring the token wait on
/// it), then its verdict.
type Slot = Arc<OnceCell<Decided>>;

#[derive(Default)]
pub(super) struct Verdicts {
    slots: Mutex<HashMap<Caller, Slot>>,
}

impl Verdicts {
    /// The verdict on the token of `caller`: remembered, the one of a check under way, or
    /// that of `check`, run now.
    pub async fn of(&self, caller: Caller, check: impl AsyncFnOnce() -> Verdict) -> Verdict {
        let slot = self.slot(caller);
        let decided = slot
            .get_or_init(async || Decided {
                verdict: check().await,
                at: Instant::now(),
            })
            .await;
        decided.verdict.clone()
    }

    /// The slot of `caller`'s token: its check under way or its fresh verdict, else a new,
    /// empty one.
    fn slot(&self, caller: Caller) -> Slot {
        let now = Instant::now();
        let mut slots = self.lock();
        if let Some(slot) = slots.get(&caller)
            && !is_stale(slot, now)
        {
            return Arc::clone(slot);
        }
        if slots.len() >= REMEMBERED && !slots.contains_key(&caller) {
            make_room(&mut slots, now);
        }
        let slot = Slot::default();
        slots.insert(caller, Arc::clone(&slot));
        slot
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<Caller, Slot>> {
        self.slots.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Whether a slot's verdict is no longer to be used; a check under way is not stale.
fn is_stale(slot: &Slot, now: Instant) -> bool {
    slot.get().is_some_and(|decided| {
        !decided.verdict.about_the_token() || now.duration_since(decided.at) >= FRESH
    })
}

/// Drops the stale verdicts; when every one is fresh, the oldest.
fn make_room(slots: &mut HashMap<Caller, Slot>, now: Instant) {
    slots.retain(|_, slot| !is_stale(slot, now));
    if slots.len() < REMEMBERED {
        return;
    }
    let oldest = slots
        .iter()
        .filter_map(|(caller, slot)| Some((slot.get()?.at, *caller)))
        .min_by_key(|(at, _)| *at)
        .map(|(_, caller)| caller);
    if let Some(oldest) = oldest {
        slots.remove(&oldest);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    fn caller(n: u8) -> Caller {
        Caller::of(format!("token-{n}").as_bytes())
    }

    #[tokio::test]
    async fn verdicts_about_the_token_are_remembered_others_are_not() {
        let verdicts = Verdicts::default();
        let checks = AtomicUsize::new(0);
        let check = |verdict: Verdict| {
            let checks = &checks;
            async move || {
                checks.fetch_add(1, Ordering::Relaxed);
                verdict
            }
        };
        for (n, verdict, remembered) in [
            (1, Verdict::Accepted, true),
            (2, Verdict::Refused, true),
            (3, Verdict::Unknown("GitLab answered 500".into()), false),
            (4, Verdict::Busy, false),
        ] {
            checks.store(0, Ordering::Relaxed);
            for _ in 0..3 {
                let got = verdicts.of(caller(n), check(verdict.clone())).await;
                assert_eq!(got, verdict);
            }
            let expected = if remembered { 1 } else { 3 };
            assert_eq!(checks.load(Ordering::Relaxed), expected, "{verdict:?}");
        }
    }

    #[tokio::test]
    async fn requests_arriving_during_a_check_wait_for_it() {
        let verdicts = Verdicts::default();
        let checks = AtomicUsize::new(0);
        let check = async || {
            checks.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(50)).await;
            Verdict::Unknown("GitLab answered 502".into())
        };
        let all = futures::future::join_all((0..20).map(|_| verdicts.of(caller(1), &check))).await;
        assert!(all.iter().all(|v| matches!(v, Verdict::Unknown(_))));
        assert_eq!(checks.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn a_full_memory_drops_stale_verdicts_then_the_oldest() {
        let now = Instant::now();
        let decided = |age: u64, verdict| {
            let slot = Slot::default();
            let _ = slot.set(Decided {
                at: now - Duration::from_secs(age),
                verdict,
            });
            slot
        };
        let mut slots = HashMap::new();
        slots.insert(caller(1), decided(61, Verdict::Accepted));
        slots.insert(caller(2), decided(5, Verdict::Refused));
        slots.insert(caller(3), Slot::default());
        make_room(&mut slots, now);
        assert!(!slots.contains_key(&caller(1)), "stale");
        assert!(slots.contains_key(&caller(2)) && slots.contains_key(&caller(3)));
    }
}
