//! `my_day()`: what waits for the current user across every project — pending to-do
//! items, merge requests waiting for their review, their own open merge requests with
//! their pipelines, issues assigned to them — then how to plan the day.

use futures::future::join_all;
use rmcp::model::GetPromptResult;
use serde_json::{Value, json};

use super::messages::{Failure, user};
use crate::call::{ReadError, Reads, has_next_page, items, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};
use crate::resources::markdown::{labels, person, text, time};

pub const NEEDS: &[ActionId] = &[
    ids::USER_CURRENT,
    ids::TODO_LIST,
    ids::MERGE_REQUEST_LIST_ALL,
    ids::ISSUE_LIST_ALL,
    ids::MERGE_REQUEST_GET,
];

/// Items of each list shown at most.
pub const PER_LIST: u64 = 50;
/// Own merge requests whose pipeline is read at most (one read each).
pub const MAX_PIPELINES: usize = 20;

const INSTRUCTIONS: &str = "Help the user plan their day from this:

1. First what others wait on: reviews asked of them (oldest first), and to-do items where someone asked them something directly.
2. Then their own merge requests that need them: a failed pipeline to fix, conflicts, a review to answer. Say which can merge now.
3. Then issues assigned to them, by due date, then by priority labels; name the ones past due.
4. Name what looks stale (nothing happened for weeks) and suggest dropping or handing it over.

Give an ordered list of at most ten things to do today, each with its reference (`group/project!12`) and the reason it is there, then what can wait. Mark nothing done and change nothing unless the user asks; `todo.done` marks a to-do item done.";

pub async fn get(reads: &Reads<'_>) -> Result<GetPromptResult, Failure> {
    let failed = |what: &'static str| move |error| Failure::read(what, &[], error);
    let open = |scope: &str| {
        params([
            ("scope", json!(scope)),
            ("state", json!("opened")),
            ("per_page", json!(PER_LIST)),
        ])
    };
    let (me, todos, mine, issues) = tokio::join!(
        reads.read(ids::USER_CURRENT, json!({})),
        reads.read(
            ids::TODO_LIST,
            params([("state", json!("pending")), ("per_page", json!(PER_LIST))])
        ),
        reads.read(ids::MERGE_REQUEST_LIST_ALL, open("created_by_me")),
        reads.read(ids::ISSUE_LIST_ALL, open("assigned_to_me")),
    );
    let me = me.map_err(failed("the current user"))?;
    let todos = todos.map_err(failed("your to-do list"))?;
    let mine = mine.map_err(failed("your merge requests"))?;
    let issues = issues.map_err(failed("the issues assigned to you"))?;
    let username = text(&me, "username");
    let mut reviewing = params([
        ("scope", json!("all")),
        ("state", json!("opened")),
        ("reviewer_username", json!(username)),
        ("per_page", json!(PER_LIST)),
    ]);
    reviewing["order_by"] = json!("updated_at");
    let (reviews, pipelines) = tokio::join!(
        reads.read(ids::MERGE_REQUEST_LIST_ALL, reviewing),
        join_all(
            items(&mine)
                .iter()
                .take(MAX_PIPELINES)
                .map(|mr| pipeline_of(reads, mr))
        ),
    );
    let reviews = reviews.map_err(failed("the merge requests waiting for your review"))?;

    let mut out = format!("# My day: {}\n", person(Some(&me)));
    let todo_lines = items(&todos).iter().map(todo_line).collect();
    section(&mut out, "Pending to-do items", &todos, todo_lines);
    let review_lines = items(&reviews)
        .iter()
        .map(|mr| {
            format!(
                "{} {} — by {}, updated {}",
                reference(mr),
                text(mr, "title"),
                person(mr.get("author")),
                time(mr.get("updated_at"))
            )
        })
        .collect();
    let waiting = "Merge requests waiting for my review";
    section(&mut out, waiting, &reviews, review_lines);
    // Past the first MAX_PIPELINES, a merge request's pipeline is not read.
    let pipelines = pipelines
        .into_iter()
        .chain(std::iter::repeat_with(|| "pipeline not read".to_owned()));
    let mine_lines = items(&mine)
        .iter()
        .zip(pipelines)
        .map(|(mr, pipeline)| {
            format!(
                "{} {}{} — {pipeline}; updated {}",
                reference(mr),
                text(mr, "title"),
                if mr.get("draft").and_then(Value::as_bool) == Some(true) {
                    " (draft)"
                } else {
                    ""
                },
                time(mr.get("updated_at"))
            )
        })
        .collect();
    section(&mut out, "My open merge requests", &mine, mine_lines);
    let issue_lines = items(&issues)
        .iter()
        .map(|issue| {
            let due = issue
                .get("due_date")
                .and_then(Value::as_str)
                .map_or(String::new(), |due| format!("; due {due}"));
            format!(
                "{} {} — labels: {}{due}; updated {}",
                reference(issue),
                text(issue, "title"),
                labels(issue.get("labels")),
                time(issue.get("updated_at"))
            )
        })
        .collect();
    section(&mut out, "Issues assigned to me", &issues, issue_lines);
    Ok(GetPromptResult::new(vec![user(out), user(INSTRUCTIONS)])
        .with_description(format!("The day of {}", person(Some(&me)))))
}

/// A heading with the count of `page`'s items, then their `lines`.
fn section(out: &mut String, heading: &str, page: &Value, lines: Vec<String>) {
    let more = if has_next_page(page) { "+" } else { "" };
    out.push_str(&format!("\n## {heading} ({}{more})\n\n", lines.len()));
    if lines.is_empty() {
        out.push_str("_None._\n");
    }
    for line in lines {
        out.push_str(&format!("- {line}\n"));
    }
    if !more.is_empty() {
        out.push_str(&format!("_[Only the first {PER_LIST} are listed.]_\n"));
    }
}

/// `demo/sandbox!1`, as GitLab writes a reference across projects.
fn reference(item: &Value) -> String {
    match item.get("references").map(|r| text(r, "full")) {
        Some(full) if !full.is_empty() => full.to_owned(),
        _ => text(item, "web_url").to_owned(),
    }
}

fn todo_line(todo: &Value) -> String {
    let target = todo.get("target").cloned().unwrap_or(Value::Null);
    let what = match text(todo, "target_type") {
        "MergeRequest" => "merge request",
        "Issue" => "issue",
        other => other,
    };
    format!(
        "{} — {} {} {}: {}, {}",
        text(todo, "action_name").replace('_', " "),
        what,
        reference(&target),
        text(&target, "title"),
        person(todo.get("author")),
        time(todo.get("created_at")),
    )
}

/// `pipeline #5 failed`, read from the merge request itself: lists do not carry it.
async fn pipeline_of(reads: &Reads<'_>, mr: &Value) -> String {
    let project = ProjectId::Id(
        mr.get("project_id")
            .and_then(Value::as_u64)
            .unwrap_or_default(),
    );
    let iid = mr.get("iid").and_then(Value::as_u64).unwrap_or_default();
    let read = reads
        .read(
            ids::MERGE_REQUEST_GET,
            params([
                ("project_id", json!(project)),
                ("merge_request_iid", json!(iid)),
            ]),
        )
        .await;
    match read {
        Ok(found) => match found.get("head_pipeline").filter(|p| p.is_object()) {
            Some(pipeline) => format!(
                "pipeline #{} {}; GitLab's merge status `{}`",
                pipeline
                    .get("id")
                    .and_then(Value::as_u64)
                    .unwrap_or_default(),
                text(pipeline, "status"),
                text(&found, "detailed_merge_status"),
            ),
            None => format!(
                "no pipeline; GitLab's merge status `{}`",
                text(&found, "detailed_merge_status")
            ),
        },
        Err(ReadError::Refused(why)) => format!("pipeline not shown: {why}"),
        Err(other) => format!("pipeline could not be read: {other}"),
    }
}
