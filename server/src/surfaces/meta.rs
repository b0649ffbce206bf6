//! `meta`: one tool per resource (`gitlab_issue`, `gitlab_branch`, `gitlab_pipeline`, …)
//! taking `{action, params, confirm?}`, and the wizards by name.

use std::fmt::Write as _;
use std::sync::Arc;

use rmcp::model::Tool;
use serde_json::{Map, Value, json};

use super::route::{Entry, EnvelopeError, Resolved, Route};
use super::tools::{ActionCall, CONFIRM_DESCRIPTION, action_tool, envelope, hints, takes_confirm};
use crate::access::Access;
use crate::catalog::{Action, PROJECT_ID, RESOURCES, Resource, params};
use crate::registry::Catalog;

/// `gitlab_issue`, `gitlab_merge_request`, …
pub fn tool_name(resource: &Resource) -> String {
    format!("gitlab_{}", resource.id)
}

pub(super) fn tools(catalog: &'static Catalog, access: &Access) -> Vec<Entry> {
    let mut tools: Vec<Entry> = RESOURCES
        .iter()
        .filter(|resource| catalog.of(resource).next().is_some())
        .map(|resource| {
            let offered: Vec<&Action> = catalog.of(resource).filter(|a| access.offers(a)).collect();
            Entry {
                tool: domain_tool(catalog, resource, &offered, access),
                route: Route::Domain(resource),
                offered: !offered.is_empty(),
            }
        })
        .collect();
    for action in catalog.wizards() {
        let wizard = action.wizard().expect("wizards() yields wizards");
        let alternative = catalog
            .get(wizard.info.alternative)
            .expect("a wizard's alternative is in the catalog");
        // The alternative as this surface offers it: its meta tool and verb.
        let description = action.description().replace(
            &format!("`{}` takes every answer", alternative.id),
            &format!(
                "`{}` with `action: \"{}\"` takes every answer",
                tool_name(alternative.resource),
                alternative.verb
            ),
        );
        tools.push(Entry {
            tool: action_tool(action, wizard.info.tool.to_owned(), description),
            route: Route::Action(action),
            offered: access.offers(action),
        });
    }
    tools
}

/// The tool of one resource, describing the actions the operator offers.
fn domain_tool(
    catalog: &Catalog,
    resource: &Resource,
    actions: &[&Action],
    access: &Access,
) -> Tool {
    let quoted = |names: &[&str]| {
        names
            .iter()
            .map(|v| format!("`{v}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // The actions said by the parameters they require, those requiring the same ones on one
    // line, and the rest said once for all: a line per action with its summary and every
    // parameter came to 60 KB at 400 actions, paid by every session. What holds for every
    // tool (a project left out, an unknown parameter answered with the names the action
    // takes) is said once, in the server's instructions; an unknown action is answered with
    // the verbs, which are not an enum as well: that would say each twice.
    // The tool's title names the resource already.
    let mut description =
        String::from("`action`, and its `params` (GitLab's names) by those required:");
    let mut lines: Vec<(Vec<&str>, Vec<&str>)> = Vec::new();
    for action in actions {
        let required: Vec<&str> = params::required_names(action.input_schema())
            .into_iter()
            .filter(|name| *name != PROJECT_ID)
            .collect();
        match lines.iter_mut().find(|(names, _)| *names == required) {
            Some((_, verbs)) => verbs.push(action.verb),
            None => lines.push((required, vec![action.verb])),
        }
    }
    for (required, verbs) in &lines {
        let needs = if required.is_empty() {
            "none".to_owned()
        } else {
            quoted(required)
        };
        let _ = write!(description, "\n- {needs}: {}", quoted(verbs));
    }
    let destructive: Vec<&str> = actions
        .iter()
        .filter(|a| a.destructive)
        .map(|a| a.verb)
        .collect();
    if !destructive.is_empty() {
        let _ = write!(
            description,
            "\n\nDestructive, asked to the user first (`confirm: true` only after the user explicitly approved): {}.",
            quoted(&destructive)
        );
    }
    let wizards: Vec<&str> = catalog
        .wizards()
        .filter(|w| w.resource == resource && access.offers(w))
        .filter_map(|w| w.wizard().map(|w| w.info.tool))
        .collect();
    if !wizards.is_empty() {
        let _ = write!(
            description,
            "\n\nStep by step with the user instead: `{}`.",
            wizards.join("`, `")
        );
    }
    let mut properties = json!({
        "action": {
            "type": "string"
        },
        "params": {
            "type": "object"
        }
    });
    if actions.iter().any(|a| takes_confirm(a)) {
        // Said in the description's line of destructive actions when it has one.
        properties["confirm"] = if destructive.is_empty() {
            json!({"type": "boolean", "description": CONFIRM_DESCRIPTION})
        } else {
            json!({"type": "boolean"})
        };
    }
    let schema = json!({
        "type": "object",
        "properties": properties,
        "required": ["action"]
    });
    let Value::Object(schema) = schema else {
        unreachable!("a JSON object literal")
    };
    let read_only = actions.iter().all(|a| a.read_only);
    let hints = hints(
        format!("GitLab {}", resource.plural),
        read_only,
        actions.iter().any(|a| a.destructive_hint),
        actions.iter().all(|a| a.idempotent),
    );
    Tool::new(tool_name(resource), description, Arc::new(schema)).with_annotations(hints)
}

pub(super) fn resolve(
    catalog: &'static Catalog,
    access: &Access,
    resource: &'static Resource,
    tool: &str,
    arguments: &Map<String, Value>,
) -> Result<Resolved, EnvelopeError> {
    let args: ActionCall = envelope(tool, arguments)?;
    // Accept the full id too (`issue.create`), since find results and docs show ids.
    let verb = args
        .action
        .strip_prefix(resource.id)
        .and_then(|rest| rest.strip_prefix('.'))
        .unwrap_or(&args.action);
    let Some(action) = catalog.of(resource).find(|a| a.verb == verb) else {
        let verbs: Vec<String> = catalog
            .of(resource)
            .filter(|a| access.offers(a))
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
