//! Exactly once: the round that acts on the user's yes runs its action once, however
//! often the client sends it.
//!
//! Every requestState names its round with a random id sealed inside it
//! ([`RoundId`]). A client that repeats the round answering a summary or a guard's
//! yes/no (a retry after a lost response is the normal thing to do over HTTP) sends the
//! same state, so the same id. [`Flow::once`] claims that id before it acts: the first
//! request runs the action and records its result; a repeat returns the recorded result
//! without running anything; a repeat while the first is still running waits for it,
//! and after [`REPLAY_WAIT`] answers that it is still in progress. Nothing ever runs
//! twice, and a claim that cannot be made (the store unreachable) runs nothing.
//!
//! A claim belongs to one caller's call: the round id carries the digest of the call the
//! state was sealed for, its caller included ([`Flow::for_caller`]). Another caller
//! sending the same state never reaches the claim — the state does not open for them,
//! so they are asked afresh — and so can neither read the recorded result nor record
//! one of their own in the owner's place.
//!
//! Claims live in a [`Claims`] store: [`MemoryClaims`] for one process (the default),
//! [`RedisClaims`] (feature `redis`) for replicas behind a balancer, which must share
//! their claims as they share their state keys.
//!
//! ```
//! use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
//! use wizard::{Flow, StateKeys};
//!
//! # async fn demo(request: CallToolRequestParams) {
//! let flow = Flow::new(StateKeys::random());
//! // After the user's yes: the booking is made once, a replay gets the same result.
//! let result = flow
//!     .once(&request, async { CallToolResult::success(vec![ContentBlock::text("booked")]) })
//!     .await;
//! # }
//! ```

// `pub(crate)` for `Flow`, which holds a store and defaults to memory: it names them
// here, not through this file, which runs on a `Flow`.
pub(crate) mod claims;
pub(crate) mod memory;
#[cfg(feature = "redis")]
mod redis;

use std::future::Future;
use std::time::{Duration, Instant};

use rmcp::model::{CallToolRequestParams, CallToolResult};

pub use claims::{Claim, ClaimFuture, Claims, ClaimsError};
pub use memory::MemoryClaims;
#[cfg(feature = "redis")]
pub use redis::{Persistence, RedisClaims};

use crate::flow::Flow;
use crate::flow::outcome::error_result;
use crate::state::RoundId;

/// How long a repeat waits for the first request of its round to finish.
pub const REPLAY_WAIT: Duration = Duration::from_secs(10);
/// How often a waiting repeat looks again.
const POLL: Duration = Duration::from_millis(25);

impl Flow {
    /// Runs `act`, the work a yes allows, once for the round `request` answers.
    ///
    /// Without a requestState (the synchronous path, where the yes arrives inside the
    /// call and a repeated call asks again, or a call approved in its arguments) it
    /// simply runs. With one, the round's id is claimed first: a repeat of the round
    /// returns the first request's result, waits for it while it runs, and never runs
    /// `act` again. When the claims store cannot be reached, nothing runs and the result
    /// is an error saying so ([`Texts::claims_unavailable`](crate::Texts::claims_unavailable)).
    pub async fn once<F>(&self, request: &CallToolRequestParams, act: F) -> CallToolResult
    where
        F: Future<Output = CallToolResult>,
    {
        let Some(round) = self.round_of(request) else {
            return act.await;
        };
        let claims = &self.config.claims;
        let texts = self.texts();
        let ttl = self.state_ttl();
        let deadline = Instant::now() + REPLAY_WAIT;
        loop {
            match claims.claim(round, ttl).await {
                Err(error) => return error_result(texts.claims_unavailable(&error.0)),
                Ok(Claim::First) => break,
                Ok(Claim::Done(recorded)) => {
                    return serde_json::from_str(&recorded).unwrap_or_else(|error| {
                        error_result(texts.claims_unavailable(&format!(
                            "the recorded result of this confirmation is unreadable ({error})"
                        )))
                    });
                }
                Ok(Claim::Running) if Instant::now() < deadline => tokio::time::sleep(POLL).await,
                Ok(Claim::Running) => return error_result(texts.already_running()),
            }
        }
        let result = act.await;
        // A result that cannot be recorded leaves the claim running until it expires:
        // repeats are told the action is in progress, never run it again.
        let recorded =
            serde_json::to_string(&result).map_err(|error| ClaimsError(error.to_string()));
        if let Err(error) = match recorded {
            Ok(json) => claims.record(round, json, ttl).await,
            Err(error) => Err(error),
        } {
            tracing::warn!(%round, %error, "the result of an acting round could not be recorded");
        }
        result
    }

    /// The round a request's state asks, when it carries one this server sealed for it
    /// and this flow's caller.
    fn round_of(&self, request: &CallToolRequestParams) -> Option<RoundId> {
        let state = request.request_state.as_deref()?;
        self.config.sealer.round(&self.call_digest(request), state)
    }
}
