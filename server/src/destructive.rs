//! The destructive guard's texts for one call: its refusal and the yes/no the user is
//! asked. Asking is the runtime's (`wizard::guard`).

use serde_json::{Map, Value};
use wizard::summary::escape_value;

use crate::catalog::Action;
use crate::catalog::wizard::REAPPROVE;
use crate::gitlab::text_without_credentials;
use crate::surfaces::kind::SurfaceKind;

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
/// Every value is escaped: it came from the model, and must not read as the server's words;
/// a URL's credentials are left out.
pub fn question(title: &str, action: &Action, params: &Map<String, Value>) -> String {
    let details: Vec<String> = action
        .parameters()
        .iter()
        .filter_map(|name| {
            let value = params.get(name)?;
            let text = match value {
                Value::String(text) => text_without_credentials(text),
                other => other.to_string(),
            };
            Some(format!("{name} {}", escape_value(&text)))
        })
        .collect();
    let tail = consequence(action.verb);
    if details.is_empty() {
        format!("{title}?{tail}")
    } else {
        format!("{title} ({})?{tail}", details.join(", "))
    }
}

/// What the user must know before saying yes, by the kind of loss: a delete or an erase is
/// final; a cancel stops jobs part way, losing what they had done; a merge, an unprotect or
/// a new push mirror say what they do in their title and can be undone by another call.
fn consequence(verb: &str) -> &'static str {
    if verb.ends_with("delete") || verb == "erase" {
        " This cannot be undone."
    } else if verb == "cancel" {
        " The work in progress is lost: its running jobs stop where they are."
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::consequence;

    #[test]
    fn only_a_delete_or_an_erase_is_final() {
        for verb in ["delete", "note_delete", "erase"] {
            assert_eq!(consequence(verb), " This cannot be undone.", "{verb}");
        }
        assert!(consequence("cancel").contains("work in progress is lost"));
        for verb in ["merge", "unprotect", "push_mirror_add"] {
            assert_eq!(consequence(verb), "", "{verb}");
        }
    }
}
