//! How many tokens the server checks with GitLab in a second, at most
//! (`GITLAB_MCP_TOKEN_CHECKS_PER_SECOND`): a token bucket holding one second's worth of
//! checks, refilled as time passes.
//!
//! Each distinct bearer token costs one `GET /api/v4/user` at GitLab, and anyone can make
//! up tokens: without a bound, a client spraying made-up tokens would make the server
//! spray GitLab with failed authentications — which GitLab answers by banning the
//! server's address for everyone.

use std::sync::{Mutex, PoisonError};
use std::time::Instant;

pub(super) struct CheckRate {
    per_second: f64,
    bucket: Mutex<Bucket>,
}

struct Bucket {
    /// Checks that may be made now.
    checks: f64,
    /// When `checks` was last brought up to date.
    at: Instant,
}

impl CheckRate {
    /// A bound of `per_second` checks a second; that many may be made at once.
    pub fn new(per_second: usize) -> CheckRate {
        let per_second = per_second as f64;
        CheckRate {
            per_second,
            bucket: Mutex::new(Bucket {
                checks: per_second,
                at: Instant::now(),
            }),
        }
    }

    /// Whether one more check may be made now; counts it if so.
    pub fn take(&self) -> bool {
        let mut bucket = self.bucket.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        let refill = now.duration_since(bucket.at).as_secs_f64() * self.per_second;
        bucket.checks = (bucket.checks + refill).min(self.per_second);
        bucket.at = now;
        if bucket.checks < 1.0 {
            return false;
        }
        bucket.checks -= 1.0;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seconds_worth_at_once_then_as_time_passes() {
        let rate = CheckRate::new(3);
        assert!((0..3).all(|_| rate.take()));
        assert!(!rate.take());
        rate.bucket.lock().unwrap().at -= std::time::Duration::from_millis(400);
        assert!(rate.take(), "a third of a second brings one more");
        assert!(!rate.take());
        rate.bucket.lock().unwrap().at -= std::time::Duration::from_secs(60);
        assert_eq!(
            (0..10).filter(|_| rate.take()).count(),
            3,
            "never more than a second's worth"
        );
    }
}
