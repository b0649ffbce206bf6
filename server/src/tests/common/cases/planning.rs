//! The cases of the planning actions (epics, iterations, boards, resource events).

use serde_json::Value;

use super::Case;
use crate::tests::common::mcp::Harness;

pub(super) fn cases() -> Vec<Case> {
    vec![]
}

/// A `$name` value these cases use, or `None` when the name is another area's.
pub(super) async fn lookup(_harness: &Harness, _name: &str) -> Option<Value> {
    None
}
