//! `dynamic` (the default): `gitlab_find_action {query}` and
//! `gitlab_execute_action {action, params, confirm}`. Two tools whatever the catalog's size.

use rmcp::model::{Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::find::ActionIndex;
use super::route::{Entry, EnvelopeError, Resolved, Route};
use super::tools::{ActionCall, envelope};
use crate::access::Access;
use crate::catalog::input_schema;
use crate::registry::Catalog;

pub const FIND: &str = "gitlab_find_action";
pub const EXECUTE: &str = "gitlab_execute_action";

/// The arguments of `gitlab_find_action`.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct FindArgs {
    /// What you want to do, in your own words: "why did the pipeline fail", "review merge
    /// request 3", "read a file from a branch"; empty lists every action.
    #[serde(default)]
    query: String,
}

pub(super) fn tools(catalog: &'static Catalog, access: &Access) -> Vec<Entry> {
    let find = Tool::new(
        FIND,
        "Find GitLab actions (repository files, branches, commits, merge requests and their reviews, issues, work items and epics, pipelines and job logs, labels, milestones, wiki, users, groups, search, releases, packages and images, runners, vulnerabilities, projects) by describing what you want to do, e.g. \"why did the last pipeline fail\", \"show the changes of merge request 3\" or \"create a branch\". Returns the best few first, each with its id, what it does and its parameters, the best one with its input schema (an action's id as the query gives its input and output schemas); run one with `gitlab_execute_action`. An empty query lists every action.",
        input_schema::<FindArgs>(),
    )
    // No output schema listed, as on every surface: a client does not pass it to the model,
    // and it would take this tool past 2 KB.
    .with_annotations(
        ToolAnnotations::with_title("Find GitLab actions")
            .read_only(true)
            .idempotent(true)
            .open_world(false),
    );
    let offered: Vec<_> = catalog
        .actions()
        .iter()
        .filter(|a| access.offers(a))
        .collect();
    // Said in a few sentences, not by listing ids: a client shows this text whole where
    // the user approves the tool (it must stay short), and `gitlab_find_action` marks
    // each destructive action in its results.
    let mut description = String::from(
        "Run a GitLab action by id with its parameters in `params` (find ids and schemas with `gitlab_find_action`).",
    );
    if offered.iter().any(|a| a.destructive) {
        description.push_str(
            " Destructive actions (find marks them: deletes, merges, …) are refused unless the call carries `confirm: true`, which you may send only after the user explicitly approved.",
        );
    }
    if offered.iter().any(|a| a.guard.is_some()) {
        description.push_str(
            " Some actions ask the user first when their arguments call for it; `confirm: true` skips that, after the user's approval only.",
        );
    }
    if offered.iter().any(|a| a.carries_quick_actions()) {
        description.push_str(" Text holding quick actions (`/close`, `/merge`) asks first too.");
    }
    if offered.iter().any(|a| a.is_wizard()) {
        description.push_str(" The `interactive.*` actions ask the user step by step.");
    }
    let read_only = offered.iter().all(|a| a.read_only);
    let execute = Tool::new(EXECUTE, description, input_schema::<ActionCall>()).with_annotations(
        ToolAnnotations::with_title("Run a GitLab action")
            .read_only(read_only)
            .destructive(offered.iter().any(|a| a.destructive_hint))
            .idempotent(false)
            .open_world(true),
    );
    vec![
        Entry {
            tool: find,
            route: Route::Find,
            offered: true,
        },
        Entry {
            tool: execute,
            route: Route::Execute,
            offered: true,
        },
    ]
}

pub(super) fn find(
    index: &ActionIndex,
    access: &Access,
    arguments: &Map<String, Value>,
) -> Result<Resolved, EnvelopeError> {
    let args: FindArgs = envelope(FIND, arguments)?;
    super::find::bounded(&args.query).map_err(EnvelopeError)?;
    Ok(Resolved::Found(index.find(access, &args.query)))
}

pub(super) fn execute(
    catalog: &'static Catalog,
    access: &Access,
    arguments: &Map<String, Value>,
) -> Result<Resolved, EnvelopeError> {
    let args: ActionCall = envelope(EXECUTE, arguments)?;
    let Some(action) = catalog.get(&args.action) else {
        let suggestion = closest_id(catalog, access, &args.action)
            .map(|id| format!(" Did you mean `{id}`?"))
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

/// The offered action id closest to a mistyped one (`issues.create` → `issue.create`), when
/// one is close enough to be what was meant.
fn closest_id(catalog: &Catalog, access: &Access, typed: &str) -> Option<&'static str> {
    let typed = typed.trim().to_lowercase();
    catalog
        .actions()
        .iter()
        .filter(|action| access.offers(action))
        .map(|action| (strsim::levenshtein(&typed, action.id), action.id))
        .filter(|(distance, id)| *distance <= (id.len() / 3).max(2))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, id)| id)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::registry::unread_catalog;
    use crate::surfaces::{Resolved, Surface, SurfaceKind};

    fn described(catalog: &Catalog) -> Vec<&'static str> {
        let actions = catalog.actions().iter();
        actions.filter(|a| a.is_described()).map(|a| a.id).collect()
    }

    // Making the actions' schemas is most of what the catalog costs: a server on this
    // surface starts without it, and a call makes only its own action's.
    #[test]
    fn listing_makes_no_schema_and_a_call_makes_only_its_own() {
        let catalog = unread_catalog();
        let surface = Surface::new(SurfaceKind::Dynamic, catalog, Access::default());
        assert_eq!(surface.tools().len(), 2);
        assert_eq!(described(catalog), Vec::<&str>::new());

        let arguments = json!({"action": "project.get", "params": {"project_id": 1}});
        let Some(Ok(Resolved::Run { action, params, .. })) =
            surface.resolve(EXECUTE, arguments.as_object())
        else {
            panic!("`project.get` resolves to a run");
        };
        action.prepare(&params).expect("valid parameters");
        assert_eq!(described(catalog), ["project.get"]);
    }
}
