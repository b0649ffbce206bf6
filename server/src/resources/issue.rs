//! `gitlab://projects/{project}/issues/{iid}`: an issue and its discussion as Markdown.

use serde_json::{Value, json};

use super::markdown::{self, labels, people, person, text, time, yes_no};
use crate::call::{ReadError, Reads, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::ISSUE_GET, ids::ISSUE_DISCUSSION_LIST];

/// Reads the issue and the first page of its threads at once.
pub async fn issue(reads: &Reads<'_>, project: &ProjectId, iid: u64) -> Result<String, ReadError> {
    let (issue, threads) = tokio::join!(
        reads.read(
            ids::ISSUE_GET,
            params([("project_id", json!(project)), ("issue_iid", json!(iid))])
        ),
        reads.read(
            ids::ISSUE_DISCUSSION_LIST,
            params([
                ("project_id", json!(project)),
                ("issue_iid", json!(iid)),
                ("per_page", json!(100)),
            ])
        ),
    );
    let issue = issue?;
    let threads = threads?;
    let mut out = format!("# Issue #{iid}: {}\n\n", text(&issue, "title"));
    out.push_str(&format!(
        "- **State:** {}{}\n- **Author:** {}, opened {}\n- **Assignees:** {}\n- **Labels:** {}\n- **Milestone:** {}\n",
        text(&issue, "state"),
        match text(&issue, "state") {
            "closed" => format!(" ({}, by {})", time(issue.get("closed_at")), person(issue.get("closed_by"))),
            _ => String::new(),
        },
        person(issue.get("author")),
        time(issue.get("created_at")),
        people(issue.get("assignees")),
        labels(issue.get("labels")),
        milestone(issue.get("milestone")),
    ));
    if let Some(due) = issue.get("due_date").and_then(Value::as_str) {
        out.push_str(&format!("- **Due:** {due}\n"));
    }
    if yes_no(issue.get("confidential")) == "yes" {
        out.push_str("- **Confidential:** yes\n");
    }
    out.push_str(&format!("- **Web:** {}\n", text(&issue, "web_url")));
    markdown::description(&mut out, issue.get("description"), ids::ISSUE_GET);
    markdown::threads(&mut out, &threads, ids::ISSUE_DISCUSSION_LIST);
    Ok(out)
}

/// `v1.1 (due 2026-02-27)`, or `none`.
pub fn milestone(milestone: Option<&Value>) -> String {
    match milestone.filter(|m| m.is_object()) {
        Some(m) => match m.get("due_date").and_then(Value::as_str) {
            Some(due) => format!("{} (due {due})", text(m, "title")),
            None => text(m, "title").to_owned(),
        },
        None => "none".to_owned(),
    }
}
