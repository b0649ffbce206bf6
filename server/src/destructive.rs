//! The destructive guard's texts for one call: its refusal and the yes/no the user is
//! asked. Asking is the runtime's (`wizard::guard`).

use serde_json::{Map, Value};
use wizard::summary::escape_value;

use crate::catalog::Action;
use crate::surfaces::SurfaceKind;
use crate::wizards::REAPPROVE;

/// The refusal of a call that may not ask. On the dynamic surface:
/// `gitlab_execute_action: action "issue.delete" is destructive. Re-send with
/// confirm=true only after the user explicitly approves this operation.`
pub fn refusal(surface: SurfaceKind, tool: &str, action: &Action) -> String {
    let first = match surface {
        SurfaceKind::Dynamic => format!("{tool}: action \"{}\" is destructive.", action.id),
        SurfaceKind::Meta | SurfaceKind::Individual => format!(
            "{tool}: action \"{}\" is destructive and this client cannot be asked to confirm it (it declared no form elicitation).",
            action.id
        ),
    };
    format!("{first} {REAPPROVE}")
}

/// `Delete issue (project_id `demo/sandbox`, issue_iid `5`)? This cannot be undone.`
/// Every value is escaped: it came from the model, and must not read as the server's words.
pub fn question(title: &str, action: &Action, params: &Map<String, Value>) -> String {
    let details: Vec<String> = action
        .parameters
        .iter()
        .filter_map(|name| {
            let value = params.get(name)?;
            let text = match value {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            Some(format!("{name} {}", escape_value(&text)))
        })
        .collect();
    let tail = if action.verb == "merge" {
        ""
    } else {
        " This cannot be undone."
    };
    if details.is_empty() {
        format!("{title}?{tail}")
    } else {
        format!("{title} ({})?{tail}", details.join(", "))
    }
}
