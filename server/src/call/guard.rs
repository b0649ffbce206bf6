//! Step 4 of a tool call: the one place a call may stop to ask the user before GitLab is
//! called (the asking itself is the runtime's, `wizard::guard`). Whatever calls for a yes
//! is asked in one yes/no, so that one answer can never stand for a question it was not
//! given to:
//!
//! - **a destructive action** (deletes, merges, erasing, cancelling) asks where the
//!   surface may ask (not on the dynamic one);
//! - **an argument guard** (`catalog::asks`: an action harmless most of the time, such as
//!   `project.update` unless it makes a project public) asks on every surface: one GET
//!   reads what the call would change, and the guard says whether to ask. Settings that
//!   cannot be read are a refusal, never a guess. On the 2026-07-28 path the call runs
//!   again with the answer and reads again, so a yes applies to the settings as they are
//!   when the call is sent;
//! - **quick actions** in a text GitLab reads them from (`/close`, `/merge`) ask on every
//!   surface, each named with what it does; one that merges is guarded as the merge is.
//!
//! A parameter that named its object loosely was resolved before (`super::resolve`), the
//! user's choice included: the question names the object chosen, and is asked through the
//! same prompter, after the choice.
//!
//! A call the operator approved up front (YOLO/AUTOPILOT) or that carries
//! `"confirm": true` is not asked. A client that cannot be asked, or a surface that may
//! not ask, gets a refusal saying what would have been asked and how to re-send; a no, a
//! decline or a cancel sends nothing.

use rmcp::model::{CallToolRequestParams, CallToolResponse};
use serde_json::{Map, Value};
use wizard::guard::{Destructive, guard};
use wizard::prompt::Prompter;
use wizard::summary::escape_value;

use super::check::Checked;
use super::resolve::Resolution;
use crate::catalog::Action;
use crate::catalog::asks::{ArgumentGuard, Before};
use crate::catalog::output::error_result;
use crate::catalog::wizard::REAPPROVE;
use crate::gitlab::quick_actions::Carried;
use crate::gitlab::{Api, GitLab, GitLabError, text_without_credentials};
use crate::surfaces::kind::SurfaceKind;

/// The call a guard looks at.
pub struct Guarded<'a> {
    pub action: &'a Action,
    /// The call's parameters, already validated, each reference resolved.
    pub params: &'a Map<String, Value>,
    /// The references that were named loosely, and the objects they were taken to mean.
    pub resolved: &'a [Resolution],
    /// The request as it will be sent, and the quick actions its texts carry.
    pub checked: &'a Checked,
    /// Approved up front: YOLO/AUTOPILOT, or the call's `"confirm": true`.
    pub approved: bool,
    pub surface: SurfaceKind,
    /// Whether the surface may ask before a destructive action (never the dynamic one).
    pub may_ask_destructive: bool,
    pub gitlab: &'a GitLab,
    pub request: &'a CallToolRequestParams,
}

/// What calls for a yes, each part of the one question.
struct Reasons {
    /// The question's paragraphs, in order.
    paragraphs: Vec<String>,
    /// Why the call cannot go on unasked, one sentence each.
    refusals: Vec<String>,
    /// Whether a part may only be asked where the surface asks before destructive actions.
    destructive: bool,
}

/// `None`: go ahead. `Some`: return this response instead — a refusal, a cancellation, or
/// on the 2026-07-28 path the round that asks. `prompter` is the call's.
pub async fn ask_first(call: &Guarded<'_>, prompter: &mut Prompter) -> Option<CallToolResponse> {
    if call.approved {
        return None;
    }
    let can_ask = prompter.can_ask();
    let reasons = match reasons(call, can_ask).await {
        Ok(Some(reasons)) => reasons,
        Ok(None) => return None,
        Err(response) => return Some(response),
    };
    let refusal = format!(
        "{}: {} {REAPPROVE}",
        call.request.name,
        reasons.refusals.join(" ")
    );
    let question = reasons.paragraphs.join("\n\n");
    // The checkbox's label is the action itself: ticked, it runs.
    let title = call.action.title.clone();
    let ask = Destructive {
        approved: false,
        may_ask: !reasons.destructive || call.may_ask_destructive,
        refusal: &refusal,
        question: &question,
        title: &title,
    };
    guard(prompter, ask).await
}

/// What calls for a yes in `call`; `None` when nothing does.
async fn reasons(call: &Guarded<'_>, can_ask: bool) -> Result<Option<Reasons>, CallToolResponse> {
    let action = call.action;
    let id = action.id;
    let unasked = if can_ask {
        ""
    } else {
        " and this client cannot be asked to confirm it (it declared no form elicitation)"
    };
    let mut reasons = Reasons {
        paragraphs: Vec::new(),
        refusals: Vec::new(),
        destructive: false,
    };
    if action.destructive {
        reasons.destructive = true;
        reasons
            .paragraphs
            .push(destructive_question(action, call.params, call.resolved));
        reasons.refusals.push(match call.surface {
            SurfaceKind::Dynamic => format!("action \"{id}\" is destructive."),
            _ => format!(
                "action \"{id}\" is destructive and this client cannot be asked to confirm it (it declared no form elicitation)."
            ),
        });
    }
    if let Some(guard) = &action.guard
        && let Some(question) = argument_question(call, guard).await?
    {
        reasons.paragraphs.push(question);
        reasons
            .refusals
            .push(format!("action \"{id}\" would {}{unasked}.", guard.when));
    }
    for text in &call.checked.quick_actions {
        let alone = reasons.paragraphs.is_empty();
        reasons.paragraphs.push(quick_actions_question(text, alone));
        let merges = text.found.iter().any(|found| found.command.destructive);
        reasons.destructive |= merges;
        let why = if merges && call.surface == SurfaceKind::Dynamic {
            ", one of which is guarded as a destructive action, which this surface never asks about"
        } else {
            unasked
        };
        reasons.refusals.push(quick_actions_refusal(id, text, why));
    }
    Ok((!reasons.paragraphs.is_empty()).then_some(reasons))
}

/// The argument guard's question for what the call would change; `None` when the guard
/// says there is nothing to ask. Settings that cannot be read end the call.
async fn argument_question(
    call: &Guarded<'_>,
    guard: &ArgumentGuard,
) -> Result<Option<String>, CallToolResponse> {
    let current = match guard.read(call.params) {
        Ok(Before::Nothing) => return Ok(None),
        Ok(Before::Ask) => Value::Null,
        Ok(Before::Read(read)) => match call.gitlab.send(read).await {
            Ok(response) => response.body,
            // The thing read does not exist yet (a mirror never set up); a missing
            // project is GitLab's to answer when the call is sent.
            Err(GitLabError::Api(api)) if api.status == 404 => {
                if api
                    .message
                    .as_deref()
                    .is_some_and(|m| m.contains("Project Not Found"))
                {
                    return Ok(None);
                }
                Value::Null
            }
            Err(error) => return Err(unreadable(call, &error.to_string())),
        },
        Err(why) => return Err(unreadable(call, &why)),
    };
    let question = match guard.question(call.params, &current) {
        Ok(question) => question,
        Err(why) => return Err(unreadable(call, &why)),
    };
    // The REST door's request is shown exactly as it will be sent (the GraphQL door's
    // question shows its document).
    let request = &call.checked.request;
    Ok(question.map(
        |question| match call.action.method_in_call && request.api == Api::Rest {
            true => format!("{question}\n\n{}", sent(request)),
            false => question,
        },
    ))
}

/// `` `POST /api/v4/projects/1/labels` ``, then its query and body, as sent.
fn sent(request: &crate::gitlab::BuiltRequest) -> String {
    let mut shown = format!("`{} {}`", request.method, request.url.path());
    if let Some(query) = request.url.query() {
        shown.push_str(&format!("\n\nQuery: `{query}`"));
    }
    if let Some(body) = &request.body {
        shown.push_str(&format!("\n\nBody: `{body}`"));
    }
    shown
}

/// The refusal of a call whose guard could not tell whether to ask.
fn unreadable(call: &Guarded<'_>, why: &str) -> CallToolResponse {
    let (tool, id) = (&call.request.name, call.action.id);
    CallToolResponse::Complete(error_result(format!(
        "{tool}: action \"{id}\" could not read what it would change ({why}), so it cannot \
         tell whether to ask first and sent nothing. {REAPPROVE}"
    )))
}

/// `This comment also runs `/close`: it closes #1. Send it with the command?`, or, beside
/// another question, the paragraph naming the commands.
fn quick_actions_question(text: &Carried, alone: bool) -> String {
    let listed = listed(text);
    let (noun, target) = (text.noun, &text.target);
    match (alone, &text.found[..]) {
        (true, [one]) => format!(
            "This {noun} also runs {}: it {}. Send it with the command?",
            escape_value(&one.written),
            one.command.does.replace("{}", &target.to_string())
        ),
        (true, _) => format!(
            "This {noun} also runs GitLab quick actions:\n{listed}\nSend it with the commands?"
        ),
        (false, _) => format!(
            "Its `{}` also runs GitLab quick actions:\n{listed}",
            text.field
        ),
    }
}

/// One line per command: `- `/close`: it closes #1`.
fn listed(text: &Carried) -> String {
    let target = text.target.to_string();
    text.found
        .iter()
        .map(|found| {
            format!(
                "- {}: it {}",
                escape_value(&found.written),
                found.command.does.replace("{}", &target)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `action "issue.note_create" runs GitLab quick actions in its `body` and this client
/// cannot be asked…: line 2 `/close` (it closes #1). To do that openly, …`.
fn quick_actions_refusal(id: &str, text: &Carried, why: &str) -> String {
    let target = text.target.to_string();
    let lines: Vec<String> = text
        .found
        .iter()
        .map(|found| {
            format!(
                "line {} {} (it {})",
                found.line,
                escape_value(&found.written),
                found.command.does.replace("{}", &target)
            )
        })
        .collect();
    let mut instead: Vec<&str> = Vec::new();
    for found in &text.found {
        if !instead.contains(&found.command.instead) {
            instead.push(found.command.instead);
        }
    }
    format!(
        "action \"{id}\" runs GitLab quick actions in its `{}`{why}: {}. To do that openly, send the text without them and use {} instead.",
        text.field,
        lines.join(", "),
        instead.join(", ")
    )
}

/// `Delete issue (project_id `demo/sandbox`, issue_iid `5`)? This cannot be undone.`
/// Every value is escaped: it came from the model, and must not read as the server's words;
/// a URL's credentials are left out. A parameter named loosely shows the object it was
/// taken to mean: `Delete branch (branch `feature/login`)`, `merge_request_iid `!12 Fix
/// login (feature/login)``.
fn destructive_question(
    action: &Action,
    params: &Map<String, Value>,
    resolved: &[Resolution],
) -> String {
    let title = &action.title;
    let details: Vec<String> = action
        .parameters()
        .iter()
        .filter_map(|name| {
            if let Some(resolution) = resolved.iter().find(|r| r.field == *name) {
                return Some(format!("{name} {}", resolution.shown()));
            }
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
