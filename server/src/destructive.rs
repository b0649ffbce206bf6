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
                Value::String(text) => without_password(text),
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

/// A URL's credentials hidden as GitLab hides them (`https://*****:*****@host/…`): a push
/// mirror's target carries a token the question must not show. Anything else unchanged.
fn without_password(text: &str) -> String {
    match url::Url::parse(text) {
        Ok(mut url) if url.password().is_some() || !url.username().is_empty() => {
            let had_password = url.password().is_some();
            let _ = url.set_username("*****");
            if had_password {
                let _ = url.set_password(Some("*****"));
            }
            url.to_string()
        }
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::without_password;

    #[test]
    fn credentials_in_a_url_are_hidden() {
        assert_eq!(
            without_password("https://bot:glpat-secret@example.com/mirror.git"),
            "https://*****:*****@example.com/mirror.git"
        );
        assert_eq!(without_password("ssh://git@example.com/a.git"), "ssh://*****@example.com/a.git");
        assert_eq!(without_password("feature/x"), "feature/x");
        assert_eq!(without_password("https://example.com/a"), "https://example.com/a");
    }
}
