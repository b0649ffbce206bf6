//! `gitlab://projects/{project}/merge_requests/{iid}`: a merge request — branches, people,
//! whether it can merge — and its discussion as Markdown.

use serde_json::{Value, json};

use super::issue::milestone;
use super::markdown::{self, labels, people, person, text, time, yes_no};
use crate::call::{ReadError, Reads, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::MERGE_REQUEST_GET, ids::MERGE_REQUEST_DISCUSSION_LIST];

/// Reads the merge request and the first page of its threads at once, and renders them.
pub async fn merge_request(
    reads: &Reads<'_>,
    project: &ProjectId,
    iid: u64,
) -> Result<String, ReadError> {
    let (mr, threads) = fetch(reads, project, iid).await?;
    Ok(render(iid, &mr, &threads))
}

/// The merge request and the first page of its threads, read at once.
pub async fn fetch(
    reads: &Reads<'_>,
    project: &ProjectId,
    iid: u64,
) -> Result<(Value, Value), ReadError> {
    let (found, threads) = tokio::join!(
        reads.read(
            ids::MERGE_REQUEST_GET,
            params([
                ("project_id", json!(project)),
                ("merge_request_iid", json!(iid)),
            ])
        ),
        reads.read(
            ids::MERGE_REQUEST_DISCUSSION_LIST,
            params([
                ("project_id", json!(project)),
                ("merge_request_iid", json!(iid)),
                ("per_page", json!(100)),
            ])
        ),
    );
    Ok((found?, threads?))
}

/// The merge request and its threads as Markdown.
pub fn render(iid: u64, mr: &Value, threads: &Value) -> String {
    let mut out = format!("# Merge request !{iid}: {}\n\n", text(mr, "title"));
    let state = match text(mr, "state") {
        "merged" => format!(
            "merged {} by {}",
            time(mr.get("merged_at")),
            person(mr.get("merged_by"))
        ),
        "closed" => format!("closed {}", time(mr.get("closed_at"))),
        other => other.to_owned(),
    };
    out.push_str(&format!(
        "- **State:** {state}{}\n- **Branches:** `{}` → `{}`\n- **Author:** {}, opened {}\n- **Assignees:** {}\n- **Reviewers:** {}\n- **Labels:** {}\n- **Milestone:** {}\n",
        if yes_no(mr.get("draft")) == "yes" { " (draft)" } else { "" },
        text(mr, "source_branch"),
        text(mr, "target_branch"),
        person(mr.get("author")),
        time(mr.get("created_at")),
        people(mr.get("assignees")),
        people(mr.get("reviewers")),
        labels(mr.get("labels")),
        milestone(mr.get("milestone")),
    ));
    if text(mr, "state") == "opened" {
        let status = match text(mr, "detailed_merge_status") {
            "" => text(mr, "merge_status"),
            status => status,
        };
        out.push_str(&format!(
            "- **Can merge:** {status}{}\n",
            if yes_no(mr.get("has_conflicts")) == "yes" {
                " (has conflicts)"
            } else {
                ""
            }
        ));
    }
    if let Some(pipeline) = mr.get("head_pipeline").filter(|p| p.is_object()) {
        out.push_str(&format!(
            "- **Pipeline:** #{} {}\n",
            pipeline
                .get("id")
                .and_then(Value::as_u64)
                .unwrap_or_default(),
            text(pipeline, "status")
        ));
    }
    let sha = text(mr, "sha");
    if !sha.is_empty() {
        out.push_str(&format!("- **Head commit:** `{sha}`\n"));
    }
    out.push_str(&format!("- **Web:** {}\n", text(mr, "web_url")));
    markdown::description(&mut out, mr.get("description"), ids::MERGE_REQUEST_GET);
    markdown::threads(&mut out, threads, ids::MERGE_REQUEST_DISCUSSION_LIST);
    out
}
