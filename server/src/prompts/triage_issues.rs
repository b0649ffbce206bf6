//! `triage_issues(project, label?)`: the open issues that lack an assignee or a milestone,
//! each with what it needs, and the project's labels, active milestones and members to
//! choose from; then how to triage them. Without `label`, every open issue.

use rmcp::model::GetPromptResult;
use serde_json::{Value, json};

use super::arguments::Arguments;
use super::messages::{Failure, user};
use crate::call::{ReadError, Reads, has_next_page, items, params};
use crate::registry::{ActionId, ids};
use crate::resources::markdown::{cut, labels, person, plural, text, time};

pub const NEEDS: &[ActionId] = &[ids::ISSUE_LIST, ids::LABEL_LIST, ids::MILESTONE_LIST];
/// Read when offered, for assignees to suggest; left out, saying why, when not.
const MEMBERS: ActionId = ids::MEMBER_LIST;

/// The part of an issue's description shown.
const DESCRIPTION_BYTES: usize = 400;

const INSTRUCTIONS: &str = "Triage these issues with the user:

1. For each issue, say in one line what it is about and what it needs: an assignee, a milestone, labels, a clearer description, steps to reproduce.
2. Suggest a label from the project's labels, a milestone from the active ones (a bug that hurts users now belongs in the nearest), and an assignee from the members when the issue's subject points to someone.
3. Flag duplicates, issues that look already fixed, and issues too vague to act on.
4. Order them by urgency: bugs that affect users first, then features, then the rest.

Propose the changes as a list; make none before the user agrees. Once they do, `issue.update` applies them (`assignee_ids`, `milestone_id`, `labels`).";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let label = arguments.text("label");
    let members = async {
        match reads.refusal(&[MEMBERS]) {
            Some(refusal) => Err(ReadError::Refused(refusal)),
            None => {
                reads
                    .read(
                        MEMBERS,
                        params([("project_id", json!(project)), ("per_page", json!(100))]),
                    )
                    .await
            }
        }
    };
    let (issues, project_labels, milestones, members) = tokio::join!(
        reads.read(
            ids::ISSUE_LIST,
            params([
                ("project_id", json!(project)),
                ("state", json!("opened")),
                ("labels", json!(label.map(|label| [label]))),
                ("per_page", json!(100)),
            ])
        ),
        reads.read(
            ids::LABEL_LIST,
            params([("project_id", json!(project)), ("per_page", json!(100))])
        ),
        reads.read(
            ids::MILESTONE_LIST,
            params([
                ("project_id", json!(project)),
                ("state", json!("active")),
                ("per_page", json!(100)),
            ])
        ),
        members,
    );
    let what = format!("the open issues of `{project}`");
    let issues = issues.map_err(|error| Failure::read(&what, &["project"], error))?;
    let project_labels = project_labels.map_err(|error| {
        Failure::read(&format!("the labels of `{project}`"), &["project"], error)
    })?;
    let milestones = milestones.map_err(|error| {
        Failure::read(
            &format!("the milestones of `{project}`"),
            &["project"],
            error,
        )
    })?;
    let names: Vec<&str> = items(&project_labels)
        .iter()
        .map(|l| text(l, "name"))
        .collect();
    if let Some(label) = label
        && !has_next_page(&project_labels)
        && !names.iter().any(|name| name.eq_ignore_ascii_case(label))
    {
        return Err(Failure::Argument(format!(
            "`label`: `{project}` has no label `{label}`; its labels are {}",
            if names.is_empty() {
                "none".to_owned()
            } else {
                names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        )));
    }
    let mut out = render_issues(&project, label, &issues);
    out.push_str("\n## To choose from\n\n");
    out.push_str(&format!(
        "- **Labels:** {}\n",
        labels(project_labels.get("items"))
    ));
    let active: Vec<String> = items(&milestones)
        .iter()
        .map(|m| match m.get("due_date").and_then(Value::as_str) {
            Some(due) => format!(
                "`{}` (id {}, due {due})",
                text(m, "title"),
                m.get("id").and_then(Value::as_u64).unwrap_or_default()
            ),
            None => format!(
                "`{}` (id {})",
                text(m, "title"),
                m.get("id").and_then(Value::as_u64).unwrap_or_default()
            ),
        })
        .collect();
    out.push_str(&format!(
        "- **Active milestones:** {}\n",
        if active.is_empty() {
            "none".to_owned()
        } else {
            active.join(", ")
        }
    ));
    out.push_str(&format!("- **Members:** {}\n", members_line(&members)));
    Ok(GetPromptResult::new(vec![user(out), user(INSTRUCTIONS)])
        .with_description(format!("Triage of {what}")))
}

fn render_issues(project: &crate::gitlab::ProjectId, label: Option<&str>, page: &Value) -> String {
    let open = items(page);
    let untriaged: Vec<&Value> = open
        .iter()
        .filter(|issue| !needs(issue).is_empty())
        .collect();
    let scope = match label {
        Some(label) => format!(" labelled `{label}`"),
        None => String::new(),
    };
    let mut out = format!(
        "# Open issues of `{project}`{scope} to triage\n\n{} of the {} open issue{}{scope} have no assignee or no milestone.\n",
        untriaged.len(),
        open.len(),
        plural(open.len()),
    );
    if has_next_page(page) {
        out.push_str("_[Only the 100 most recent open issues were looked at; there are more.]_\n");
    }
    for issue in untriaged {
        out.push_str(&format!(
            "\n## #{} {}\n\n- **Needs:** {}\n- **Labels:** {}\n- **Opened by** {}, {}; updated {}\n",
            issue.get("iid").and_then(Value::as_u64).unwrap_or_default(),
            text(issue, "title"),
            needs(issue).join(", "),
            labels(issue.get("labels")),
            person(issue.get("author")),
            time(issue.get("created_at")),
            time(issue.get("updated_at")),
        ));
        match text(issue, "description").trim() {
            "" => out.push_str("- **Description:** none\n"),
            description => {
                let (shown, was_cut) = cut(description, DESCRIPTION_BYTES);
                out.push_str(&format!(
                    "- **Description:** {}{}\n",
                    shown.replace('\n', " "),
                    if was_cut { " …" } else { "" }
                ));
            }
        }
    }
    out
}

/// What an issue lacks.
fn needs(issue: &Value) -> Vec<&'static str> {
    let mut needs = Vec::new();
    let none = |key: &str| {
        issue
            .get(key)
            .is_none_or(|v| v.is_null() || v.as_array().is_some_and(Vec::is_empty))
    };
    if none("assignees") && none("assignee") {
        needs.push("an assignee");
    }
    if none("milestone") {
        needs.push("a milestone");
    }
    needs
}

fn members_line(members: &Result<Value, ReadError>) -> String {
    match members {
        Ok(page) => {
            let shown: Vec<String> = items(page)
                .iter()
                .map(|m| {
                    format!(
                        "{} (id {})",
                        person(Some(m)),
                        m.get("id").and_then(Value::as_u64).unwrap_or_default()
                    )
                })
                .collect();
            if shown.is_empty() {
                "none".to_owned()
            } else {
                shown.join(", ")
            }
        }
        Err(ReadError::Refused(why)) => format!("not shown: {why}"),
        Err(other) => format!("could not be read: {other}"),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::needs;

    #[test]
    fn an_issue_needs_what_it_lacks() {
        assert_eq!(
            needs(&json!({"assignees": [], "milestone": null})),
            ["an assignee", "a milestone"]
        );
        assert_eq!(
            needs(&json!({"assignees": [{"id": 1}], "milestone": null})),
            ["a milestone"]
        );
        assert!(needs(&json!({"assignees": [{"id": 1}], "milestone": {"id": 1}})).is_empty());
    }
}
