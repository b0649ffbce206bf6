//! `what_blocks_merge_request(project, iid)`: what stands between a merge request and its
//! merge — its state, draft, conflicts, GitLab's merge status, missing approvals,
//! unresolved threads, its pipeline — as a list, then the merge request resource and its
//! pipeline's resource, embedded, and how to unblock it.

use rmcp::model::{GetPromptResult, ResourceContents};
use serde_json::{Value, json};

use super::arguments::Arguments;
use super::messages::{Failure, embedded, user};
use crate::call::{Reads, params};
use crate::registry::{ActionId, ids};
use crate::resources::markdown::{people, plural, text, unresolved};
use crate::resources::{Target, merge_request, pipeline};

pub const NEEDS: &[ActionId] = &[
    ids::MERGE_REQUEST_GET,
    ids::MERGE_REQUEST_DISCUSSION_LIST,
    ids::MERGE_REQUEST_APPROVALS,
    ids::PIPELINE_GET,
    ids::PIPELINE_JOB_LIST,
];

/// The arguments that name the merge request: a 404 is theirs.
const ARGUMENTS: &[&str] = &["project", "iid"];

const INSTRUCTIONS: &str = "Tell the user what blocks this merge request and how to unblock it:

1. Start with a one-line verdict: it can merge now, or the number of things in its way.
2. Take the blockers above in the order they are listed, and for each say who can act (the author, a reviewer, a maintainer) and the exact step: resolve which thread, rebase, fix which failed job, ask whom to approve.
3. For a failed pipeline, name the failed jobs and their failure reasons; suggest the `explain_failed_pipeline` prompt for the details.
4. Point each open thread at its file and line, and say whether the latest changes seem to answer it.

Only what is listed here is known; say so when something cannot be told from it.";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let iid = arguments
        .number("iid")
        .map_err(Failure::Argument)?
        .unwrap_or_default();
    let what = format!("merge request !{iid} of `{project}`");
    let failed = |error| Failure::read(&what, ARGUMENTS, error);
    let (found, approvals) = tokio::join!(
        merge_request::fetch(reads, &project, iid),
        reads.read(
            ids::MERGE_REQUEST_APPROVALS,
            params([
                ("project_id", json!(project)),
                ("merge_request_iid", json!(iid)),
            ])
        ),
    );
    let (mr, threads) = found.map_err(failed)?;
    let approvals = approvals.map_err(failed)?;
    let head = mr
        .get("head_pipeline")
        .and_then(|p| p.get("id"))
        .and_then(Value::as_u64);
    let pipeline_read = match head {
        Some(id) => Some((
            id,
            pipeline::fetch(reads, &project, id)
                .await
                .map_err(|error| {
                    Failure::read(&format!("pipeline #{id} of {what}"), ARGUMENTS, error)
                })?,
        )),
        None => None,
    };
    let blockers = blockers(
        &mr,
        &approvals,
        unresolved(&threads),
        pipeline_read
            .as_ref()
            .map(|(id, read)| (*id, &read.pipeline)),
    );
    let mut summary = format!("What blocks {what} from being merged?\n\n");
    if blockers.is_empty() {
        summary.push_str("Nothing found: it is open, not a draft, approved, without conflicts or unresolved threads, and GitLab says it can merge.\n");
    } else {
        summary.push_str(&format!(
            "{} blocker{} found:\n\n",
            blockers.len(),
            plural(blockers.len())
        ));
        for blocker in &blockers {
            summary.push_str(&format!("- {blocker}\n"));
        }
    }
    summary.push_str(&format!(
        "\n**Approvals:** {} of {} required given; approved by {}.\n",
        approvals
            .get("approved_by")
            .and_then(Value::as_array)
            .map_or(0, Vec::len),
        approvals
            .get("approvals_required")
            .and_then(Value::as_u64)
            .unwrap_or_default(),
        people(Some(&Value::Array(
            approvals
                .get("approved_by")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|a| a.get("user").cloned())
                .collect()
        ))),
    ));
    summary.push_str("\nThe merge request comes next, then its pipeline.");
    let mut messages = vec![
        user(summary),
        embedded(markdown(
            merge_request::render(iid, &mr, &threads),
            &Target::MergeRequest {
                project: project.clone(),
                iid,
            },
        )),
    ];
    if let Some((id, read)) = &pipeline_read {
        messages.push(embedded(markdown(
            pipeline::render(&project, *id, read),
            &Target::Pipeline {
                project: project.clone(),
                id: *id,
            },
        )));
    }
    messages.push(user(INSTRUCTIONS));
    Ok(GetPromptResult::new(messages).with_description(format!("What blocks {what}")))
}

fn markdown(text: String, target: &Target) -> ResourceContents {
    ResourceContents::text(text, target.uri()).with_mime_type("text/markdown")
}

/// What stands in the way, most fundamental first.
fn blockers(
    mr: &Value,
    approvals: &Value,
    unresolved_threads: usize,
    pipeline: Option<(u64, &Value)>,
) -> Vec<String> {
    let mut found = Vec::new();
    let state = text(mr, "state");
    if state != "opened" {
        found.push(format!("It is {state}: only an open merge request merges."));
        return found;
    }
    let flag = |key: &str| mr.get(key).and_then(Value::as_bool) == Some(true);
    if flag("draft") || flag("work_in_progress") {
        found.push("It is a draft: mark it ready.".to_owned());
    }
    if flag("has_conflicts") {
        found.push(format!(
            "It conflicts with `{}`: rebase it or resolve the conflicts.",
            text(mr, "target_branch")
        ));
    }
    let left = approvals
        .get("approvals_left")
        .and_then(Value::as_u64)
        .unwrap_or_default();
    if left > 0 {
        found.push(format!(
            "It needs {left} more approval{}.",
            plural(left as usize)
        ));
    }
    if unresolved_threads > 0 {
        found.push(format!(
            "{unresolved_threads} unresolved thread{} (see the merge request below).",
            plural(unresolved_threads)
        ));
    }
    match pipeline {
        None => found.push("It has no pipeline on its latest commit.".to_owned()),
        Some((_, pipeline)) if text(pipeline, "status") == "success" => {}
        Some((id, pipeline)) => found.push(format!(
            "Its pipeline #{id} is `{}`{}.",
            text(pipeline, "status"),
            match text(pipeline, "status") {
                "failed" => ": it must pass",
                "running" | "pending" | "created" => ": wait for it to finish",
                _ => "",
            }
        )),
    }
    let status = text(mr, "detailed_merge_status");
    if !status.is_empty() && status != "mergeable" {
        found.push(format!(
            "GitLab's merge status is `{status}`{}.",
            meaning(status).map_or(String::new(), |m| format!(": {m}"))
        ));
    }
    found
}

/// What GitLab's `detailed_merge_status` means, for the statuses people meet most.
fn meaning(status: &str) -> Option<&'static str> {
    Some(match status {
        "not_approved" => "approvals are missing",
        "discussions_not_resolved" => "threads must be resolved first",
        "ci_must_pass" => "the pipeline must succeed first",
        "ci_still_running" => "the pipeline is still running",
        "draft_status" => "a draft cannot merge",
        "need_rebase" => "the source branch must be rebased on the target",
        "conflict" => "the branches conflict",
        "not_open" => "it is not open",
        "blocked_status" => "another merge request blocks it",
        "requested_changes" => "a reviewer requested changes",
        "checking" | "unchecked" | "preparing" => {
            "GitLab has not finished checking it; ask again shortly"
        }
        "jira_association_missing" => "its title or description must name a Jira issue",
        "external_status_checks" => "external status checks must pass",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn every_blocker_is_named() {
        let mr = json!({"state": "opened", "draft": true, "has_conflicts": true, "target_branch": "main", "detailed_merge_status": "draft_status"});
        let approvals = json!({"approvals_left": 1});
        let failed = json!({"status": "failed"});
        let found = blockers(&mr, &approvals, 2, Some((5, &failed)));
        assert_eq!(
            found,
            [
                "It is a draft: mark it ready.",
                "It conflicts with `main`: rebase it or resolve the conflicts.",
                "It needs 1 more approval.",
                "2 unresolved threads (see the merge request below).",
                "Its pipeline #5 is `failed`: it must pass.",
                "GitLab's merge status is `draft_status`: a draft cannot merge.",
            ]
        );
        let ready = json!({"state": "opened", "detailed_merge_status": "mergeable"});
        let green = json!({"status": "success"});
        assert!(blockers(&ready, &json!({"approvals_left": 0}), 0, Some((6, &green))).is_empty());
        let merged = json!({"state": "merged"});
        assert_eq!(
            blockers(&merged, &approvals, 2, None),
            ["It is merged: only an open merge request merges."]
        );
    }
}
