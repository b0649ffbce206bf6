//! The scripted MCP client is the runtime's test kit client ([`wizard::testkit`]); this
//! adapter only teaches it the wizards' question keys, so the legacy path, where no key travels,
//! records the same keys as the 2026-07-28 path.

pub use wizard::testkit::{
    Asked, Elicit, Progress, Reply, ScriptedClient, accept, answer, no, pick, yes,
};

use super::spec;

/// A client declaring `elicit`, with nothing scripted yet.
pub fn scripted(elicit: Elicit) -> ScriptedClient {
    ScriptedClient::new(elicit, []).with_keys(spec::key_of)
}
