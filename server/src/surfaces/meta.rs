//! `meta`: one tool per resource (`gitlab_issue`, `gitlab_merge_request`, `gitlab_project`,
//! `gitlab_release`) taking `{action, params, confirm?}`, and the wizards by name.

use std::fmt::Write as _;
use std::sync::Arc;

use rmcp::model::{Tool, ToolAnnotations};
use serde_json::{Map, Value, json};

use super::tools::{ActionCall, CONFIRM_DESCRIPTION, action_tool, envelope, parameter_list};
use super::{EnvelopeError, Resolved, Route};
use crate::catalog::{Catalog, Resource};

/// `gitlab_issue`, `gitlab_merge_request`, …
pub fn tool_name(resource: Resource) -> String {
    format!("gitlab_{}", resource.id())
}

pub(super) fn tools(catalog: &'static Catalog) -> Vec<(Tool, Route)> {
    let mut tools: Vec<(Tool, Route)> = Resource::ALL
        .into_iter()
        .map(|resource| (domain_tool(catalog, resource), Route::Domain(resource)))
        .collect();
    for action in catalog.wizards() {
        let wizard = action.wizard().expect("wizards() yields wizards");
        let alternative = catalog
            .get(wizard.info.alternative)
            .expect("a wizard's alternative is in the catalog");
        let description = format!(
            "{} On this server: `{}` with `action: \"{}\"`.",
            action.description,
            tool_name(alternative.resource),
            alternative.verb
        );
        tools.push((
            action_tool(action, wizard.info.tool.to_owned(), description),
            Route::Action(action),
        ));
    }
    tools
}

fn domain_tool(catalog: &Catalog, resource: Resource) -> Tool {
    let actions: Vec<_> = catalog.of(resource).collect();
    let verbs: Vec<&str> = actions.iter().map(|a| a.verb).collect();
    let mut description = format!(
        "GitLab {}s. Set `action` to one of {} and put that action's parameters in `params`.\n",
        resource.noun(),
        verbs
            .iter()
            .map(|v| format!("`{v}`"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for action in &actions {
        let _ = write!(
            description,
            "\n- `{}`: {} Parameters: {}.",
            action.verb,
            action.description,
            parameter_list(&action.input_schema)
        );
    }
    let destructive: Vec<String> = actions
        .iter()
        .filter(|a| a.destructive)
        .map(|a| format!("`{}`", a.verb))
        .collect();
    let _ = write!(
        description,
        "\n\nDestructive actions ({}) ask the user to confirm when the client supports elicitation; otherwise send `confirm: true` only after the user explicitly approved.",
        destructive.join(", ")
    );
    let wizards: Vec<&str> = catalog
        .wizards()
        .filter(|w| w.resource == resource)
        .filter_map(|w| w.wizard().map(|w| w.info.tool))
        .collect();
    if !wizards.is_empty() {
        let _ = write!(
            description,
            " To create one step by step with the user instead, call `{}`.",
            wizards.join("`, `")
        );
    }
    let schema = json!({
        "type": "object",
        "properties": {
            "action": {
                "type": "string",
                "enum": verbs,
                "description": "What to do"
            },
            "params": {
                "type": "object",
                "description": "The action's parameters, as listed in the tool description",
                "additionalProperties": true
            },
            "confirm": {"type": "boolean", "description": CONFIRM_DESCRIPTION}
        },
        "required": ["action"]
    });
    let Value::Object(schema) = schema else {
        unreachable!("a JSON object literal")
    };
    let destructive = !destructive.is_empty();
    let title = format!("GitLab {}s", resource.noun());
    Tool::new(tool_name(resource), description, Arc::new(schema)).with_annotations(
        ToolAnnotations::with_title(title)
            .read_only(false)
            .destructive(destructive)
            .open_world(true),
    )
}

pub(super) fn resolve(
    catalog: &'static Catalog,
    resource: Resource,
    tool: &str,
    arguments: &Map<String, Value>,
) -> Result<Resolved, EnvelopeError> {
    let args: ActionCall = envelope(tool, arguments)?;
    // Accept the full id too (`issue.create`), since find results and docs show ids.
    let verb = args
        .action
        .strip_prefix(resource.id())
        .and_then(|rest| rest.strip_prefix('.'))
        .unwrap_or(&args.action);
    let Some(action) = catalog.of(resource).find(|a| a.verb == verb) else {
        let verbs: Vec<String> = catalog
            .of(resource)
            .map(|a| format!("`{}`", a.verb))
            .collect();
        return Err(EnvelopeError(format!(
            "invalid arguments for `{tool}`: `action` must be one of {}, got `{}`",
            verbs.join(", "),
            args.action
        )));
    };
    Ok(Resolved::Run {
        action,
        params: args.params,
        confirm: args.confirm,
        may_elicit: true,
    })
}
