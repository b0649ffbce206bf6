//! `standup(project, since?)`: what happened in a project since a moment — merge requests
//! merged and opened, issues opened and closed, the pipelines of its default branch —
//! then how to write a stand-up update from it. `since` defaults to a day ago.

use std::time::{Duration, SystemTime};

use rmcp::model::GetPromptResult;
use serde_json::{Value, json};

use super::arguments::Arguments;
use super::messages::{Failure, user};
use super::moment;
use crate::call::{Reads, has_next_page, items, params};
use crate::registry::{ActionId, ids};
use crate::resources::Target;
use crate::resources::markdown::{person, plural, text, time};

pub const NEEDS: &[ActionId] = &[
    ids::PROJECT_GET,
    ids::MERGE_REQUEST_LIST,
    ids::ISSUE_LIST,
    ids::PIPELINE_LIST,
];

/// Items of each list read at most.
pub const PER_LIST: u64 = 100;

const INSTRUCTIONS: &str = "Write a stand-up update for the team from this, in Markdown:

1. **Done:** what was merged and what issues were closed, one line each in plain words, with its reference (`!12`, `#34`) and who did it.
2. **In progress:** the merge requests opened, and who opened them.
3. **New:** the issues opened; flag the bugs.
4. **CI:** the state of the default branch: is its latest pipeline green? If it is failing, since when, and the URI of the failed pipeline (the `explain_failed_pipeline` prompt explains it).

Keep it short: a line per item, at most a screen. Leave out an empty part, saying nothing happened there. Write only from what is listed.";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let now = SystemTime::now();
    let from = match arguments.text("since") {
        None => now - Duration::from_secs(86_400),
        Some(given) => {
            let start = moment::parse(given).ok_or_else(|| {
                Failure::Argument(format!(
                    "`since` must be a date (`2026-07-28`) or a date and time (`2026-07-28T09:00:00Z`), not `{given}`"
                ))
            })?;
            if start > now {
                return Err(Failure::Argument(format!(
                    "`since` is in the future (`{given}`); give a moment in the past"
                )));
            }
            start
        }
    };
    let after = moment::format(from);
    let list = |state: &str, key: &str| {
        params([
            ("project_id", json!(project)),
            ("state", json!(state)),
            (key, json!(after)),
            ("per_page", json!(PER_LIST)),
        ])
    };
    let (found, merged, opened_mrs, opened_issues, closed_issues) = tokio::join!(
        reads.read(ids::PROJECT_GET, params([("project_id", json!(project))])),
        reads.read(ids::MERGE_REQUEST_LIST, list("merged", "updated_after")),
        reads.read(ids::MERGE_REQUEST_LIST, list("all", "created_after")),
        reads.read(ids::ISSUE_LIST, list("all", "created_after")),
        reads.read(ids::ISSUE_LIST, list("closed", "updated_after")),
    );
    let what = format!("the activity of `{project}`");
    let failed = |error| Failure::read(&what, &["project"], error);
    let found = found.map_err(failed)?;
    let (merged_page, opened_mrs) = (merged.map_err(failed)?, opened_mrs.map_err(failed)?);
    let (opened_issues, closed_issues) = (
        opened_issues.map_err(failed)?,
        closed_issues.map_err(failed)?,
    );
    let branch = text(&found, "default_branch");
    let pipelines = if branch.is_empty() {
        None
    } else {
        let read = reads
            .read(
                ids::PIPELINE_LIST,
                params([
                    ("project_id", json!(project)),
                    ("ref", json!(branch)),
                    ("updated_after", json!(after)),
                    ("per_page", json!(PER_LIST)),
                ]),
            )
            .await
            .map_err(failed)?;
        Some(read)
    };

    // GitLab filters by when an item last changed; what counts is when it was merged or
    // closed.
    let since_then = |item: &&Value, key: &str| {
        item.get(key)
            .and_then(Value::as_str)
            .and_then(moment::parse)
            .is_some_and(|at| at >= from)
    };
    let mut out = format!("# `{project}` since {}\n", time(Some(&json!(after))));
    let merged: Vec<&Value> = items(&merged_page)
        .iter()
        .filter(|mr| since_then(mr, "merged_at"))
        .collect();
    section(&mut out, "Merge requests merged", &merged, |mr| {
        format!(
            "!{} {} — by {}, merged {} by {}",
            number(mr, "iid"),
            text(mr, "title"),
            person(mr.get("author")),
            time(mr.get("merged_at")),
            person(mr.get("merged_by"))
        )
    });
    let opened: Vec<&Value> = items(&opened_mrs).iter().collect();
    section(&mut out, "Merge requests opened", &opened, |mr| {
        format!(
            "!{} {} — by {}, {}; now {}",
            number(mr, "iid"),
            text(mr, "title"),
            person(mr.get("author")),
            time(mr.get("created_at")),
            text(mr, "state")
        )
    });
    let opened: Vec<&Value> = items(&opened_issues).iter().collect();
    section(&mut out, "Issues opened", &opened, |issue| {
        format!(
            "#{} {} — by {}, {}; labels: {}; now {}",
            number(issue, "iid"),
            text(issue, "title"),
            person(issue.get("author")),
            time(issue.get("created_at")),
            crate::resources::markdown::labels(issue.get("labels")),
            text(issue, "state")
        )
    });
    let closed: Vec<&Value> = items(&closed_issues)
        .iter()
        .filter(|i| since_then(i, "closed_at"))
        .collect();
    section(&mut out, "Issues closed", &closed, |issue| {
        format!(
            "#{} {} — closed {} by {}",
            number(issue, "iid"),
            text(issue, "title"),
            time(issue.get("closed_at")),
            person(issue.get("closed_by"))
        )
    });
    match &pipelines {
        None => out.push_str("\n## Pipelines\n\n_The repository is empty: no default branch._\n"),
        Some(page) => {
            let runs: Vec<&Value> = items(page).iter().collect();
            let failed = runs
                .iter()
                .filter(|p| text(p, "status") == "failed")
                .count();
            let heading = format!("Pipelines on `{branch}` ({failed} failed)");
            section(&mut out, &heading, &runs, |run| {
                let id = number(run, "id");
                let sha = text(run, "sha");
                format!(
                    "#{id} {} at `{}`, {}: `{}`",
                    text(run, "status"),
                    sha.get(..8).unwrap_or(sha),
                    time(run.get("created_at")),
                    Target::Pipeline {
                        project: project.clone(),
                        id
                    }
                    .uri()
                )
            });
        }
    }
    let pages = [&merged_page, &opened_mrs, &opened_issues, &closed_issues];
    if pages.into_iter().chain(&pipelines).any(has_next_page) {
        out.push_str(&format!(
            "\n_[Some lists hold only the first {PER_LIST} items GitLab sent.]_\n"
        ));
    }
    Ok(GetPromptResult::new(vec![user(out), user(INSTRUCTIONS)])
        .with_description(format!("Stand-up for `{project}` since {after}")))
}

fn number(item: &Value, key: &str) -> u64 {
    item.get(key).and_then(Value::as_u64).unwrap_or_default()
}

/// A heading with the count, then a line per item.
fn section(out: &mut String, heading: &str, listed: &[&Value], line: impl Fn(&Value) -> String) {
    out.push_str(&format!(
        "\n## {heading}: {} item{}\n\n",
        listed.len(),
        plural(listed.len())
    ));
    if listed.is_empty() {
        out.push_str("_None._\n");
    }
    for item in listed {
        out.push_str(&format!("- {}\n", line(item)));
    }
}
