//! Sealing and opening requestState with rmcp's `RequestStateCodec` (HMAC-SHA256,
//! key ids for rotation, expiry inside the signed body).
//!
//! The payload is `kind byte · call digest · random round id · body`. The digest is inside the
//! signed payload rather than the codec's associated data on purpose: a state issued
//! for another call must be told apart from a forged one ("start again" versus
//! "refuse"), and a MAC mismatch cannot tell them apart. The round id is 16 random
//! bytes drawn when the state is sealed: it names the round the state asks, so the one
//! round that acts on a yes can be claimed once however often it is replayed.

use std::fmt;
use std::time::Duration;

use rmcp::model::{RequestStateError, SealOptions};

use super::digest::CallDigest;
use super::keys::StateKeys;

/// Which driver wrote a state, so neither reads the other's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum StateKind {
    Wizard = b'w',
    Prompts = b'p',
}

/// Seals and opens requestState with a key ring and a time to live.
#[derive(Debug, Clone)]
pub(crate) struct Sealer {
    keys: StateKeys,
    ttl: Duration,
}

/// Why an echoed requestState was refused: it was not issued by this server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StateRefused(String);

impl fmt::Display for StateRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateRefused {}

/// One sealed round, as claimed: the random id drawn when its state was sealed — the
/// same in every replay of that state, different in every other state ever sealed —
/// together with the digest of the call (its caller included) the state was issued for,
/// so a claim and the result it records belong to that caller's call and no other.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundId {
    random: [u8; RANDOM_LEN],
    call: CallDigest,
}

/// The random bytes of a round id.
const RANDOM_LEN: usize = 16;

fn random_round() -> [u8; RANDOM_LEN] {
    let mut bytes = [0; RANDOM_LEN];
    getrandom::fill(&mut bytes).expect("the operating system provides random bytes");
    bytes
}

impl RoundId {
    /// A round of its own, for tests of the claims stores.
    #[cfg(test)]
    pub(crate) fn random() -> RoundId {
        RoundId {
            random: random_round(),
            call: CallDigest::of(&super::digest::Caller::ANYONE, "test", None),
        }
    }
}

/// `<random, 32 hex>.<call digest, 64 hex>`.
impl fmt::Display for RoundId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.random
            .iter()
            .try_for_each(|byte| write!(f, "{byte:02x}"))?;
        f.write_str(".")?;
        self.call
            .as_bytes()
            .iter()
            .try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl fmt::Debug for RoundId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "RoundId({self})")
    }
}

/// What an echoed state held, once it passed the integrity check.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Opened {
    /// Issued for this call, in time: the round it asked and the driver's body.
    Valid { round: RoundId, body: Vec<u8> },
    /// Authentic but expired, issued for another call, or written by another driver
    /// or version: ignored, the questions start again.
    Stale,
}

impl Sealer {
    pub(crate) fn new(keys: StateKeys, ttl: Duration) -> Self {
        Sealer { keys, ttl }
    }

    pub(crate) fn with_ttl(&self, ttl: Duration) -> Self {
        Sealer {
            keys: self.keys.clone(),
            ttl,
        }
    }

    pub(crate) fn ttl(&self) -> Duration {
        self.ttl
    }

    pub(crate) fn seal(&self, kind: StateKind, digest: &CallDigest, body: &[u8]) -> String {
        let mut payload = Vec::with_capacity(1 + CallDigest::LEN + RANDOM_LEN + body.len());
        payload.push(kind as u8);
        payload.extend_from_slice(digest.as_bytes());
        payload.extend_from_slice(&random_round());
        payload.extend_from_slice(body);
        self.keys
            .codec()
            .seal_with(&payload, &SealOptions::new().ttl(self.ttl))
    }

    /// The state `sealed`, if it was written by a driver of `kind` for this call.
    pub(crate) fn open(
        &self,
        kind: StateKind,
        digest: &CallDigest,
        sealed: &str,
    ) -> Result<Opened, StateRefused> {
        self.open_as(Some(kind), digest, sealed)
    }

    /// The round a state sealed for this call by any driver asks; `None` when it is
    /// stale or was not issued by this server.
    pub(crate) fn round(&self, digest: &CallDigest, sealed: &str) -> Option<RoundId> {
        match self.open_as(None, digest, sealed) {
            Ok(Opened::Valid { round, .. }) => Some(round),
            Ok(Opened::Stale) | Err(_) => None,
        }
    }

    fn open_as(
        &self,
        kind: Option<StateKind>,
        digest: &CallDigest,
        sealed: &str,
    ) -> Result<Opened, StateRefused> {
        let payload = match self.keys.codec().open(sealed) {
            Ok(payload) => payload,
            // The codec checks the expiry only after the MAC, so this state is authentic.
            Err(RequestStateError::Expired) => return Ok(Opened::Stale),
            // One text for every other failure, as the codec's documentation asks: the
            // detail would only help someone probing the format.
            Err(_) => {
                return Err(StateRefused(
                    "the requestState was not issued by this server or was altered; \
                     repeat the call without requestState to start again"
                        .into(),
                ));
            }
        };
        let Some((&written, rest)) = payload.split_first() else {
            return Ok(Opened::Stale);
        };
        let written_by_other = kind.is_some_and(|kind| written != kind as u8);
        if written_by_other || rest.len() < CallDigest::LEN + RANDOM_LEN {
            return Ok(Opened::Stale);
        }
        let (bound, rest) = rest.split_at(CallDigest::LEN);
        if bound != digest.as_bytes() {
            return Ok(Opened::Stale);
        }
        let (random, body) = rest.split_at(RANDOM_LEN);
        Ok(Opened::Valid {
            round: RoundId {
                random: random.try_into().expect("split at its length"),
                call: *digest,
            },
            body: body.to_vec(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::digest::Caller;

    fn sealer() -> Sealer {
        Sealer::new(StateKeys::random(), Duration::from_secs(600))
    }

    #[test]
    fn round_trips_for_the_same_call_only() {
        let sealer = sealer();
        let call = CallDigest::of(&Caller::ANYONE, "tool", None);
        let sealed = sealer.seal(StateKind::Wizard, &call, b"body");
        let round = sealer.round(&call, &sealed).expect("a round id");
        assert_eq!(
            sealer.open(StateKind::Wizard, &call, &sealed),
            Ok(Opened::Valid {
                round,
                body: b"body".to_vec()
            })
        );
        // Every seal is a new round, even of the same body.
        let again = sealer.seal(StateKind::Wizard, &call, b"body");
        assert_ne!(sealer.round(&call, &again), Some(round));
        let other = CallDigest::of(&Caller::ANYONE, "other", None);
        let another_caller = CallDigest::of(&Caller::of(b"token"), "tool", None);
        assert_eq!(
            sealer.open(StateKind::Wizard, &another_caller, &sealed),
            Ok(Opened::Stale)
        );
        assert_eq!(
            sealer.open(StateKind::Wizard, &other, &sealed),
            Ok(Opened::Stale)
        );
        assert_eq!(
            sealer.open(StateKind::Prompts, &call, &sealed),
            Ok(Opened::Stale)
        );
    }

    #[test]
    fn another_key_refuses() {
        let call = CallDigest::of(&Caller::ANYONE, "tool", None);
        let sealed = sealer().seal(StateKind::Wizard, &call, b"body");
        assert!(sealer().open(StateKind::Wizard, &call, &sealed).is_err());
    }
}
