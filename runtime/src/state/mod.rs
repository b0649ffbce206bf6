//! requestState: signed, call-bound, expiring state that rides through
//! the client between the rounds of a multi-round-trip call.

mod digest;
mod keys;
mod seal;

pub use digest::{CallDigest, Caller, canonical_json};
pub use keys::{StateKeyError, StateKeys};
pub use seal::RoundId;
pub(crate) use seal::{Opened, Sealer, StateKind};
