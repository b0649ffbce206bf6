//! What a claims store is: the trait every store implements, and what a claim finds.
//! [`Flow::once`](crate::Flow::once) claims through it; `memory` and `redis` implement it.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use crate::state::RoundId;

/// The boxed future a [`Claims`] method returns.
pub type ClaimFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, ClaimsError>> + Send + 'a>>;

/// Where claims live: one process's memory, or a store every replica shares.
pub trait Claims: Send + Sync + 'static {
    /// Claims `round` for `ttl` if nobody has; otherwise says what its first claimant
    /// did. Must be atomic across everyone sharing the store.
    fn claim(&self, round: RoundId, ttl: Duration) -> ClaimFuture<'_, Claim>;

    /// Records the result of the action `round` ran, for repeats within `ttl`.
    fn record(&self, round: RoundId, result: String, ttl: Duration) -> ClaimFuture<'_, ()>;
}

/// What a claim found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// Nobody had claimed the round: this request acts.
    First,
    /// An earlier request claimed it and is still acting.
    Running,
    /// An earlier request acted; its result, as recorded.
    Done(String),
}

/// The claims store could not be reached or answered nonsense.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimsError(pub String);

impl fmt::Display for ClaimsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ClaimsError {}
