//! `dynamic` (the default): `gitlab_find_action {query}` and
//! `gitlab_execute_action {action, params, confirm}`. Two tools whatever the catalog's size.

use rmcp::model::{Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::find::{FoundActions, find_actions};
use super::tools::{ActionCall, envelope};
use super::{EnvelopeError, Resolved, Route};
use crate::catalog::{Catalog, input_schema};

pub const FIND: &str = "gitlab_find_action";
pub const EXECUTE: &str = "gitlab_execute_action";

/// The arguments of `gitlab_find_action`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct FindArgs {
    /// Words describing what to do, e.g. "create issue", "merge", "list releases"; empty
    /// lists every action.
    #[serde(default)]
    query: String,
}

pub(super) fn tools(catalog: &'static Catalog) -> Vec<(Tool, Route)> {
    let find = Tool::new(
        FIND,
        "Find GitLab actions (issues, merge requests, releases, projects) by words such as \"create issue\", \"merge\" or \"list releases\". Returns each match's id, description, destructive flag and input schema; run one with `gitlab_execute_action`. An empty query lists every action.",
        input_schema::<FindArgs>(),
    )
    .with_raw_output_schema(crate::catalog::output_schema_of::<FoundActions>())
    .with_annotations(
        ToolAnnotations::with_title("Find GitLab actions")
            .read_only(true)
            .open_world(false),
    );
    let ids: Vec<String> = catalog
        .actions()
        .iter()
        .map(|a| format!("`{}`", a.id))
        .collect();
    let destructive: Vec<String> = catalog
        .actions()
        .iter()
        .filter(|a| a.destructive)
        .map(|a| format!("`{}`", a.id))
        .collect();
    let description = format!(
        "Run a GitLab action by id with its parameters in `params` (find ids and parameter schemas with `gitlab_find_action`). Destructive actions ({}) are refused unless the call carries `confirm: true`, which you may send only after the user explicitly approved the operation. The `interactive.*` actions ask the user step by step through elicitation. Actions: {}.",
        destructive.join(", "),
        ids.join(", ")
    );
    let execute = Tool::new(EXECUTE, description, input_schema::<ActionCall>()).with_annotations(
        ToolAnnotations::with_title("Run a GitLab action")
            .read_only(false)
            .destructive(true)
            .open_world(true),
    );
    vec![(find, Route::Find), (execute, Route::Execute)]
}

pub(super) fn find(
    catalog: &'static Catalog,
    arguments: &Map<String, Value>,
) -> Result<Resolved, EnvelopeError> {
    let args: FindArgs = envelope(FIND, arguments)?;
    Ok(Resolved::Found(find_actions(catalog, &args.query)))
}

pub(super) fn execute(
    catalog: &'static Catalog,
    arguments: &Map<String, Value>,
) -> Result<Resolved, EnvelopeError> {
    let args: ActionCall = envelope(EXECUTE, arguments)?;
    let Some(action) = catalog.get(&args.action) else {
        let suggestion = find_actions(catalog, &args.action)
            .first()
            .map(|found| format!(" Did you mean `{}`?", found.id))
            .unwrap_or_default();
        return Err(EnvelopeError(format!(
            "{EXECUTE}: unknown action `{}`; find action ids with `{FIND}`.{suggestion}",
            args.action
        )));
    };
    Ok(Resolved::Run {
        action,
        params: args.params,
        confirm: args.confirm,
        may_elicit: false,
    })
}
