//! `individual`: one tool per action (`gitlab_issue_create`, `gitlab_mr_merge`, …) and the
//! wizards by name.

use serde_json::{Map, Value};

use super::route::{Entry, EnvelopeError, Resolved, Route};
use super::tools::{action_tool, take_confirm, takes_confirm};
use crate::access::Access;
use crate::catalog::Action;
use crate::registry::Catalog;

/// The tool name of a GitLab action on this surface: `gitlab_<short>_<verb>`.
pub fn tool_name(action: &Action) -> String {
    match action.wizard() {
        Some(wizard) => wizard.info.tool.to_owned(),
        None => format!("gitlab_{}_{}", action.resource.short, action.verb),
    }
}

pub(super) fn tools(catalog: &'static Catalog, access: &Access) -> Vec<Entry> {
    catalog
        .actions()
        .iter()
        .map(|action| {
            let mut description = action.description().to_owned();
            if let Some(wizard) = action.wizard() {
                let alternative = catalog
                    .get(wizard.info.alternative)
                    .expect("a wizard's alternative is in the catalog");
                description.push_str(&format!(
                    " On this server that is the tool `{}`.",
                    tool_name(alternative)
                ));
            }
            Entry {
                tool: action_tool(action, tool_name(action), description),
                route: Route::Action(action),
                offered: access.offers(action),
            }
        })
        .collect()
}

pub(super) fn resolve(
    action: &'static Action,
    arguments: &Map<String, Value>,
) -> Result<Resolved, EnvelopeError> {
    let mut params = arguments.clone();
    let confirm = if takes_confirm(action) {
        take_confirm(&tool_name(action), &mut params)?
    } else {
        false
    };
    Ok(Resolved::Run {
        action,
        params,
        confirm,
        may_elicit: true,
    })
}
