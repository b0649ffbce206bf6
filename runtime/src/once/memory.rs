//! Claims in one process's memory.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::claims::{Claim, ClaimFuture, Claims};
use crate::state::RoundId;

/// Claims kept in this process: right for one server process, wrong for replicas
/// (each would claim the same round for itself; use a shared store there).
#[derive(Debug, Default)]
pub struct MemoryClaims {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    entries: HashMap<RoundId, Entry>,
    /// The size at which expired claims are swept next, so a long-running server keeps
    /// only live ones at amortised constant cost.
    sweep_at: usize,
}

#[derive(Debug)]
struct Entry {
    /// `None` while the first claimant acts.
    result: Option<String>,
    expires: Instant,
}

const FIRST_SWEEP: usize = 1024;

impl MemoryClaims {
    pub fn new() -> Self {
        Self::default()
    }

    fn claim_now(&self, round: RoundId, ttl: Duration) -> Claim {
        let now = Instant::now();
        let mut inner = self.lock();
        if inner.entries.len() >= inner.sweep_at {
            inner.entries.retain(|_, entry| entry.expires > now);
            inner.sweep_at = (inner.entries.len() * 2).max(FIRST_SWEEP);
        }
        match inner.entries.get(&round) {
            Some(entry) if entry.expires > now => match &entry.result {
                Some(result) => Claim::Done(result.clone()),
                None => Claim::Running,
            },
            _ => {
                let entry = Entry {
                    result: None,
                    expires: now + ttl,
                };
                inner.entries.insert(round, entry);
                Claim::First
            }
        }
    }

    fn record_now(&self, round: RoundId, result: String, ttl: Duration) {
        let entry = Entry {
            result: Some(result),
            expires: Instant::now() + ttl,
        };
        self.lock().entries.insert(round, entry);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic elsewhere while holding the lock leaves the map consistent: every
        // change is one insert or one retain.
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Claims for MemoryClaims {
    fn claim(&self, round: RoundId, ttl: Duration) -> ClaimFuture<'_, Claim> {
        let claim = self.claim_now(round, ttl);
        Box::pin(async move { Ok(claim) })
    }

    fn record(&self, round: RoundId, result: String, ttl: Duration) -> ClaimFuture<'_, ()> {
        self.record_now(round, result, ttl);
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(claims: &MemoryClaims, round: RoundId, ttl: Duration) -> Claim {
        claims.claim_now(round, ttl)
    }

    #[test]
    fn first_claims_then_running_then_the_recorded_result() {
        let claims = MemoryClaims::new();
        let round = RoundId::random();
        let ttl = Duration::from_secs(60);
        assert_eq!(claim(&claims, round, ttl), Claim::First);
        assert_eq!(claim(&claims, round, ttl), Claim::Running);
        claims.record_now(round, "{}".into(), ttl);
        assert_eq!(claim(&claims, round, ttl), Claim::Done("{}".into()));
        assert_eq!(claim(&claims, RoundId::random(), ttl), Claim::First);
    }

    #[test]
    fn an_expired_claim_is_claimed_again_and_swept() {
        let claims = MemoryClaims::new();
        let round = RoundId::random();
        assert_eq!(claim(&claims, round, Duration::ZERO), Claim::First);
        assert_eq!(claim(&claims, round, Duration::ZERO), Claim::First);
        for _ in 0..FIRST_SWEEP {
            claim(&claims, RoundId::random(), Duration::ZERO);
        }
        assert!(claims.lock().entries.len() <= FIRST_SWEEP);
    }
}
