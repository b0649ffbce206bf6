//! Pieces every surface builds its tools from: annotations, titles, the `confirm`
//! argument, and reading a call's envelope.

use std::sync::Arc;

use rmcp::model::{Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

use super::route::EnvelopeError;
use crate::catalog::{Action, params};

/// The text of the `confirm` argument.
pub const CONFIRM_DESCRIPTION: &str = "True only after the user explicitly approved this.";

/// The text of the `confirm` argument of an action that asks only for some arguments.
pub const GUARD_CONFIRM_DESCRIPTION: &str = "Set to true only after the user explicitly approved this operation: it skips the question the action asks first.";

/// The text of the `confirm` argument of an action whose text may run quick actions.
pub const TEXT_CONFIRM_DESCRIPTION: &str = "Set to true only after the user explicitly approved the GitLab quick actions (`/close`, `/merge` lines) in this text: it is then sent as written.";

/// The envelope of `gitlab_execute_action` and of the meta surface's domain tools: which
/// action, its parameters, and the user's approval of a destructive one. Its schema is
/// `gitlab_execute_action`'s; a domain tool lists its own verbs instead.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ActionCall {
    /// The action id, as `gitlab_find_action` returns it (e.g. `issue.create`).
    pub action: String,
    /// The action's parameters, as its input schema describes them.
    #[serde(default)]
    pub params: Map<String, Value>,
    /// Set to true only after the user explicitly approved this destructive operation.
    #[serde(default)]
    pub confirm: bool,
}

/// MCP hints, from the action's class: reads are read-only; deletes, merges and anything
/// else that loses work destructive; GET, PUT and DELETE idempotent; everything reaches
/// GitLab, an open world.
pub fn annotations(action: &Action) -> ToolAnnotations {
    hints(
        action.title.clone(),
        action.read_only,
        action.destructive_hint,
        action.idempotent,
    )
}

/// MCP's tool hints, leaving out what the spec's defaults already say (not read-only,
/// destructive, not idempotent, open world) and what a read-only tool does not need (the
/// other two hints are about changes): every listed tool pays for each byte.
pub fn hints(
    title: String,
    read_only: bool,
    destructive: bool,
    idempotent: bool,
) -> ToolAnnotations {
    let mut hints = ToolAnnotations::with_title(title);
    if read_only {
        return hints.read_only(true);
    }
    if !destructive {
        hints = hints.destructive(false);
    }
    if idempotent {
        hints = hints.idempotent(true);
    }
    hints
}

/// Whether a call to `action` may carry `confirm`: it is destructive, or its arguments
/// (a guarded setting, a text with quick actions) may make it ask.
pub fn takes_confirm(action: &Action) -> bool {
    action.destructive || action.guard.is_some() || action.carries_quick_actions()
}

/// The action's input schema, plus `confirm` when it takes one.
pub fn input_schema(action: &Action) -> Arc<Map<String, Value>> {
    if !takes_confirm(action) {
        return Arc::clone(action.input_schema());
    }
    let mut schema = (**action.input_schema()).clone();
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        let description = if action.destructive {
            CONFIRM_DESCRIPTION
        } else if action.guard.is_some() {
            GUARD_CONFIRM_DESCRIPTION
        } else {
            TEXT_CONFIRM_DESCRIPTION
        };
        properties.insert(
            "confirm".to_owned(),
            json!({"type": "boolean", "description": description}),
        );
    }
    Arc::new(schema)
}

/// A tool that runs one catalog action, named `name`. Its output schema is not listed: a
/// client does not pass it to the model, and at about 550 bytes a tool it would double what
/// every session pays for the list; the structured result is sent all the same.
pub fn action_tool(action: &Action, name: String, description: String) -> Tool {
    Tool::new(name, description, input_schema(action)).with_annotations(annotations(action))
}

/// Reads a call's envelope into `T`, naming the field at fault.
pub fn envelope<T: DeserializeOwned>(
    tool: &str,
    arguments: &Map<String, Value>,
) -> Result<T, EnvelopeError> {
    params::parse::<T>(arguments)
        .map_err(|why| EnvelopeError(format!("invalid arguments for `{tool}`: {why}")))
}

/// Takes `confirm` out of an individual tool's arguments.
pub fn take_confirm(tool: &str, arguments: &mut Map<String, Value>) -> Result<bool, EnvelopeError> {
    match arguments.remove("confirm") {
        None => Ok(false),
        Some(Value::Bool(confirm)) => Ok(confirm),
        Some(other) => Err(EnvelopeError(format!(
            "invalid arguments for `{tool}`: `confirm` must be true or false, got {other}"
        ))),
    }
}
