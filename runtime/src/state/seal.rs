//! Sealing and opening requestState with rmcp's `RequestStateCodec` (HMAC-SHA256,
//! key ids for rotation, expiry inside the signed body).
//!
//! The payload is `kind byte · call digest · body`. The digest is inside the signed
//! payload rather than the codec's associated data on purpose: a state issued for
//! another call must be told apart from a forged one ("start again" versus
//! "refuse"), and a MAC mismatch cannot tell them apart.

use std::fmt;
use std::time::Duration;

use rmcp::model::{RequestStateError, SealOptions};

use super::{CallDigest, StateKeys};

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

/// What an echoed state held, once it passed the integrity check.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Opened {
    /// Issued for this call, in time: the driver's body.
    Valid(Vec<u8>),
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
        let mut payload = Vec::with_capacity(1 + CallDigest::LEN + body.len());
        payload.push(kind as u8);
        payload.extend_from_slice(digest.as_bytes());
        payload.extend_from_slice(body);
        self.keys
            .codec()
            .seal_with(&payload, &SealOptions::new().ttl(self.ttl))
    }

    pub(crate) fn open(
        &self,
        kind: StateKind,
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
        if written != kind as u8 || rest.len() < CallDigest::LEN {
            return Ok(Opened::Stale);
        }
        let (bound, body) = rest.split_at(CallDigest::LEN);
        if bound != digest.as_bytes() {
            return Ok(Opened::Stale);
        }
        Ok(Opened::Valid(body.to_vec()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sealer() -> Sealer {
        Sealer::new(StateKeys::random(), Duration::from_secs(600))
    }

    #[test]
    fn round_trips_for_the_same_call_only() {
        let sealer = sealer();
        let call = CallDigest::of("tool", None);
        let sealed = sealer.seal(StateKind::Wizard, &call, b"body");
        assert_eq!(
            sealer.open(StateKind::Wizard, &call, &sealed),
            Ok(Opened::Valid(b"body".to_vec()))
        );
        let other = CallDigest::of("other", None);
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
        let call = CallDigest::of("tool", None);
        let sealed = sealer().seal(StateKind::Wizard, &call, b"body");
        assert!(sealer().open(StateKind::Wizard, &call, &sealed).is_err());
    }
}
