//! The keys that sign requestState: random per process by default, or an operator's
//! key ring so replicas behind a balancer accept each other's state.

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD};
use rmcp::model::RequestStateCodec;
use sha2::{Digest, Sha256};

/// The signing keys of `requestState`: the first signs, every one verifies.
///
/// ```
/// use wizard::StateKeys;
///
/// // One process: a random key. Replicas: the operator's ring, newest first.
/// let _one = StateKeys::random();
/// let ring = StateKeys::parse(
///     "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
/// );
/// assert!(ring.is_ok());
/// assert!(StateKeys::parse("too-short").is_err());
/// ```
#[derive(Clone)]
pub struct StateKeys {
    codec: RequestStateCodec,
    /// The keys themselves, in ring order, for [`StateKeys::derive`].
    material: std::sync::Arc<[Vec<u8>]>,
}

/// A key ring that cannot be used; the text names the key by position, never its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateKeyError(String);

impl fmt::Display for StateKeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateKeyError {}

impl fmt::Debug for StateKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // RequestStateCodec's Debug redacts the key material.
        self.codec.fmt(f)
    }
}

impl StateKeys {
    /// The shortest key accepted, in bytes.
    pub const MIN_LEN: usize = RequestStateCodec::MIN_KEY_LENGTH;

    /// A fresh random 32-byte key: state from before a restart, or from another
    /// process, is refused.
    ///
    /// # Panics
    /// When the operating system has no random source to offer.
    pub fn random() -> Self {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key).expect("the operating system provides random bytes");
        Self::from_keys([key.to_vec()]).expect("a 32-byte key is valid")
    }

    /// Parses an operator's key ring: keys separated by commas, each hex (every
    /// character a hex digit) or base64 (standard or URL-safe, padding optional), at
    /// least 32 bytes. The first key signs; all of them verify, so a rotation deploys
    /// `new,old` and later drops `old`.
    pub fn parse(ring: &str) -> Result<Self, StateKeyError> {
        let entries: Vec<&str> = ring
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .collect();
        if entries.is_empty() {
            return Err(StateKeyError(
                "no state keys given: expected comma-separated keys of at least 32 bytes, \
                 hex or base64 (generate one with `openssl rand -hex 32`)"
                    .into(),
            ));
        }
        let keys = entries
            .iter()
            .enumerate()
            .map(|(i, entry)| {
                decode(entry).ok_or_else(|| {
                    StateKeyError(format!(
                        "state key {} is neither hex nor base64: expected at least 32 bytes \
                         written as hex or base64",
                        i + 1
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_keys(keys)
    }

    /// A ring of raw keys, the first of which signs.
    fn from_keys(keys: impl IntoIterator<Item = Vec<u8>>) -> Result<Self, StateKeyError> {
        let keys: Vec<Vec<u8>> = keys.into_iter().collect();
        let mut ring: Vec<(String, Vec<u8>)> = Vec::with_capacity(keys.len());
        for (i, key) in keys.into_iter().enumerate() {
            if key.len() < Self::MIN_LEN {
                return Err(StateKeyError(format!(
                    "state key {} is {} bytes long: each key needs at least {} bytes \
                     (generate one with `openssl rand -hex 32`)",
                    i + 1,
                    key.len(),
                    Self::MIN_LEN
                )));
            }
            // A key of zero bytes is what an unfilled buffer or a placeholder holds: anyone
            // could forge state with it.
            if key.iter().all(|&byte| byte == 0) {
                return Err(StateKeyError(format!(
                    "state key {} is all zeros: use a random key (generate one with \
                     `openssl rand -hex 32`)",
                    i + 1
                )));
            }
            if let Some(earlier) = ring.iter().position(|(_, k)| *k == key) {
                return Err(StateKeyError(format!(
                    "state key {} repeats state key {}: list each key once",
                    i + 1,
                    earlier + 1
                )));
            }
            ring.push((key_id(&key), key));
        }
        let Some((active, _)) = ring.first() else {
            return Err(StateKeyError("no state keys given".into()));
        };
        let active = active.clone();
        let material = ring.iter().map(|(_, key)| key.clone()).collect();
        let codec = RequestStateCodec::new_with_keyring(active, ring)
            .map_err(|error| StateKeyError(format!("the state keys cannot be used: {error}")))?;
        Ok(StateKeys { codec, material })
    }

    /// One 32-byte key per key of the ring, in ring order, for another `purpose` than
    /// signing `requestState` (a server sealing its own records at rest, say): a host then
    /// has one ring to share between replicas and to rotate, and no key serves two
    /// purposes. Each is SHA-256 over a label, `purpose` and the ring's key, so knowing a
    /// derived key reveals neither the ring's key nor another purpose's.
    ///
    /// ```
    /// use wizard::StateKeys;
    ///
    /// let ring = StateKeys::parse(
    ///     "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
    /// )
    /// .unwrap();
    /// let sealing = ring.derive("records at rest");
    /// assert_eq!(sealing.len(), 1);
    /// assert_ne!(sealing, ring.derive("something else"));
    /// ```
    pub fn derive(&self, purpose: &str) -> Vec<[u8; 32]> {
        self.material
            .iter()
            .map(|key| {
                let mut hasher = Sha256::new();
                hasher.update(b"wizard derived key\0");
                hasher.update(purpose.as_bytes());
                hasher.update(b"\0");
                hasher.update(key);
                hasher.finalize().into()
            })
            .collect()
    }

    pub(crate) fn codec(&self) -> &RequestStateCodec {
        &self.codec
    }
}

/// A short id for a key, the same on every replica holding it: the codec names the
/// signing key in each token so that verification needs no trial and error.
fn key_id(key: &[u8]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(b"wizard/request-state/key-id\0");
    hasher.update(key);
    let digest = hasher.finalize();
    digest[..4].iter().map(|b| format!("{b:02x}")).collect()
}

fn decode(entry: &str) -> Option<Vec<u8>> {
    if entry.len().is_multiple_of(2) && entry.bytes().all(|b| b.is_ascii_hexdigit()) {
        return (0..entry.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&entry[i..i + 2], 16).ok())
            .collect();
    }
    [STANDARD, STANDARD_NO_PAD, URL_SAFE, URL_SAFE_NO_PAD]
        .iter()
        .find_map(|engine| engine.decode(entry).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEX_A: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    #[test]
    fn parses_hex_and_base64_keys() {
        let b64 = STANDARD.encode([7u8; 40]);
        let url = URL_SAFE_NO_PAD.encode([0xfbu8; 33]);
        assert!(StateKeys::parse(&format!(" {HEX_A} , {b64},{url}, ")).is_ok());
    }

    #[test]
    fn refuses_short_unreadable_repeated_and_empty_rings() {
        let short = StateKeys::parse(&format!("{HEX_A},abcd"))
            .unwrap_err()
            .to_string();
        assert!(short.contains("state key 2 is 2 bytes long"), "{short}");
        let bad = StateKeys::parse("not*base64").unwrap_err().to_string();
        assert!(
            bad.contains("state key 1 is neither hex nor base64"),
            "{bad}"
        );
        let twice = StateKeys::parse(&format!("{HEX_A},{HEX_A}"))
            .unwrap_err()
            .to_string();
        assert!(twice.contains("state key 2 repeats state key 1"), "{twice}");
        let none = StateKeys::parse(" , ").unwrap_err().to_string();
        assert!(none.starts_with("no state keys given"), "{none}");
        let empty = StateKeys::parse("").unwrap_err().to_string();
        assert!(empty.starts_with("no state keys given"), "{empty}");
        let zeros = StateKeys::parse(&format!("{HEX_A},{}", "00".repeat(40)))
            .unwrap_err()
            .to_string();
        assert!(zeros.starts_with("state key 2 is all zeros"), "{zeros}");
        let zeros = StateKeys::parse(&STANDARD.encode([0u8; 32]))
            .unwrap_err()
            .to_string();
        assert!(zeros.starts_with("state key 1 is all zeros"), "{zeros}");
    }

    #[test]
    fn errors_never_show_the_key() {
        let secret = "c2VjcmV0LXZhbHVl";
        let message = StateKeys::parse(secret).unwrap_err().to_string();
        assert!(!message.contains(secret));
    }
}
