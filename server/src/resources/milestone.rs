//! `gitlab://projects/{project}/milestones/{milestone_id}`: a milestone and how far along
//! it is — its issues closed and merge requests merged out of all of them — with each
//! issue and merge request in a line, open ones first.

use serde_json::{Value, json};

use super::markdown::{self, labels, people, plural, text};
use crate::call::{ReadError, Reads, has_next_page, items, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[
    ids::MILESTONE_GET,
    ids::MILESTONE_ISSUE_LIST,
    ids::MILESTONE_MERGE_REQUEST_LIST,
];

/// Reads the milestone, its issues and its merge requests at once.
pub async fn milestone(
    reads: &Reads<'_>,
    project: &ProjectId,
    id: u64,
) -> Result<String, ReadError> {
    let listed = || {
        params([
            ("project_id", json!(project)),
            ("milestone_id", json!(id)),
            ("per_page", json!(100)),
        ])
    };
    let (milestone, issues, merge_requests) = tokio::join!(
        reads.read(
            ids::MILESTONE_GET,
            params([("project_id", json!(project)), ("milestone_id", json!(id))])
        ),
        reads.read(ids::MILESTONE_ISSUE_LIST, listed()),
        reads.read(ids::MILESTONE_MERGE_REQUEST_LIST, listed()),
    );
    Ok(render(&milestone?, &issues?, &merge_requests?))
}

pub fn render(milestone: &Value, issues: &Value, merge_requests: &Value) -> String {
    let mut out = format!("# Milestone: {}\n\n", text(milestone, "title"));
    out.push_str(&format!(
        "- **State:** {}{}\n",
        text(milestone, "state"),
        if milestone.get("expired").and_then(Value::as_bool) == Some(true) {
            " (past its due date)"
        } else {
            ""
        }
    ));
    let date = |key: &str| milestone.get(key).and_then(Value::as_str);
    match (date("start_date"), date("due_date")) {
        (Some(start), Some(due)) => out.push_str(&format!("- **Dates:** {start} to {due}\n")),
        (None, Some(due)) => out.push_str(&format!("- **Due:** {due}\n")),
        (Some(start), None) => out.push_str(&format!("- **Starts:** {start}\n")),
        (None, None) => out.push_str("- **Dates:** none set\n"),
    }
    let issue_list = items(issues);
    let mr_list = items(merge_requests);
    let closed = issue_list
        .iter()
        .filter(|i| text(i, "state") == "closed")
        .count();
    let merged = mr_list
        .iter()
        .filter(|m| text(m, "state") == "merged")
        .count();
    out.push_str(&format!(
        "- **Progress:** {closed} of {} issue{} closed{}, {merged} of {} merge request{} merged\n",
        issue_list.len(),
        plural(issue_list.len()),
        percent(closed, issue_list.len()),
        mr_list.len(),
        plural(mr_list.len()),
    ));
    out.push_str(&format!(
        "- **Id:** {} (iid %{})\n- **Web:** {}\n",
        milestone
            .get("id")
            .and_then(Value::as_u64)
            .unwrap_or_default(),
        milestone
            .get("iid")
            .and_then(Value::as_u64)
            .unwrap_or_default(),
        text(milestone, "web_url")
    ));
    markdown::description(&mut out, milestone.get("description"), ids::MILESTONE_GET);
    out.push_str("\n## Issues\n\n");
    listing(&mut out, issues, '#', ids::MILESTONE_ISSUE_LIST);
    out.push_str("\n## Merge requests\n\n");
    listing(
        &mut out,
        merge_requests,
        '!',
        ids::MILESTONE_MERGE_REQUEST_LIST,
    );
    out
}

/// ` (40%)`, or nothing when there is nothing to count.
fn percent(part: usize, whole: usize) -> String {
    (part * 100)
        .checked_div(whole)
        .map_or(String::new(), |share| format!(" ({share}%)"))
}

/// One line per issue or merge request (`marker` `#` or `!`), open ones first.
fn listing(out: &mut String, page: &Value, marker: char, list_action: ActionId) {
    let mut all: Vec<&Value> = items(page).iter().collect();
    if all.is_empty() {
        out.push_str("_None._\n");
        return;
    }
    all.sort_by_key(|item| text(item, "state") != "opened");
    for item in all {
        out.push_str(&format!(
            "- {marker}{} {} — {}; assignees: {}; labels: {}\n",
            item.get("iid").and_then(Value::as_u64).unwrap_or_default(),
            text(item, "title"),
            text(item, "state"),
            people(item.get("assignees")),
            labels(item.get("labels")),
        ));
    }
    if has_next_page(page) {
        out.push_str(&format!(
            "_[Only the first 100 are listed and counted; read the others with `{list_action}` and `page: 2`.]_\n"
        ));
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn progress_counts_closed_issues_and_merged_merge_requests() {
        let milestone = json!({"title": "v1.1", "state": "active", "due_date": "2026-02-27", "id": 1, "iid": 1});
        let issues = json!({"items": [
            {"iid": 1, "title": "Open one", "state": "opened", "labels": ["bug"]},
            {"iid": 2, "title": "Done one", "state": "closed"},
            {"iid": 3, "title": "Done too", "state": "closed"}
        ]});
        let mrs = json!({"items": [{"iid": 4, "title": "Fix", "state": "merged"}]});
        let out = render(&milestone, &issues, &mrs);
        assert!(out.contains("- **Due:** 2026-02-27"), "{out}");
        assert!(
            out.contains("- **Progress:** 2 of 3 issues closed (66%), 1 of 1 merge request merged"),
            "{out}"
        );
        assert!(
            out.contains(
                "## Issues\n\n- #1 Open one — opened; assignees: none; labels: `bug`\n- #2"
            ),
            "{out}"
        );
        assert!(out.contains("- !4 Fix — merged"), "{out}");
    }
}
