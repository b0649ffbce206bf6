//! What a tool of a surface stands for, and what a call to it resolves to.

use rmcp::model::Tool;
use serde_json::{Map, Value};

use super::find::FoundAction;
use crate::catalog::{Action, Resource};

/// What a tool name stands for on a surface.
#[derive(Clone, Copy)]
pub(super) enum Route {
    Find,
    Execute,
    Domain(&'static Resource),
    Action(&'static Action),
}

/// A tool call resolved against the catalog, arguments not yet validated.
pub enum Resolved {
    /// `gitlab_find_action`: the matching actions.
    Found(Vec<FoundAction>),
    /// Run an action with these parameters.
    Run {
        action: &'static Action,
        params: Map<String, Value>,
        /// The call carried `"confirm": true`.
        confirm: bool,
        /// Whether a destructive action may ask the user (never on the dynamic surface).
        may_elicit: bool,
    },
}

/// A call the surface cannot resolve: its envelope was wrong. Shown as a tool error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnvelopeError(pub String);

/// A tool of a surface, and whether the operator's settings let it be listed.
pub(super) struct Entry {
    pub(super) tool: Tool,
    pub(super) route: Route,
    pub(super) offered: bool,
}
