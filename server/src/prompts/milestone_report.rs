//! `milestone_report(project, milestone)`: the milestone resource (dates, progress, every
//! issue and merge request), embedded with today's date, then how to report on it. The
//! milestone is named by its title or its id.

use std::time::SystemTime;

use rmcp::model::GetPromptResult;
use serde_json::{Value, json};

use super::arguments::Arguments;
use super::messages::{Failure, embedded, user};
use crate::call::{Reads, items, params};
use crate::completions::dates;
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};
use crate::resources::markdown::text;
use crate::resources::{self, Target};

pub const NEEDS: &[ActionId] = &[
    ids::MILESTONE_LIST,
    ids::MILESTONE_GET,
    ids::MILESTONE_ISSUE_LIST,
    ids::MILESTONE_MERGE_REQUEST_LIST,
];

const INSTRUCTIONS: &str = "Write a progress report on this milestone for the team and its stakeholders:

1. One line of status: on track, at risk or late, judged from the share of work done against the days left until its due date (today's date is given above).
2. Progress in numbers: issues closed and merge requests merged out of all of them.
3. What is left: the open issues grouped by assignee; name those nobody is assigned to, and those with no merge request in the milestone.
4. Merge requests still open: which wait for review, which are drafts.
5. Risks, and what could move to a later milestone to land the rest on time.

Keep it to a screen, in Markdown, with each issue and merge request by its reference (`#12`, `!34`). Write only from what is listed.";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let given = arguments.required("milestone");
    let id = match arguments.number("milestone") {
        Ok(Some(id)) => id,
        // Not a number: a title.
        _ => by_title(reads, &project, given).await?,
    };
    let what = format!("milestone {given} of `{project}`");
    let target = Target::Milestone {
        project: project.clone(),
        id,
    };
    let milestone = resources::contents(reads, &target)
        .await
        .map_err(|error| Failure::read(&what, &["project", "milestone"], error))?;
    Ok(GetPromptResult::new(vec![
        user(format!(
            "Report on the progress of {what}. Today is {}. The milestone, with its issues and merge requests, comes first.",
            dates::day(SystemTime::now())
        )),
        embedded(milestone),
        user(INSTRUCTIONS),
    ])
    .with_description(format!("Progress report on {what}")))
}

/// The id of the milestone titled `title`; its title is matched whatever its case.
async fn by_title(reads: &Reads<'_>, project: &ProjectId, title: &str) -> Result<u64, Failure> {
    let all = reads
        .read(
            ids::MILESTONE_LIST,
            params([
                ("project_id", json!(project)),
                ("state", json!("all")),
                ("per_page", json!(100)),
            ]),
        )
        .await
        .map_err(|error| {
            Failure::read(
                &format!("the milestones of `{project}`"),
                &["project"],
                error,
            )
        })?;
    let milestones = items(&all);
    let found = milestones
        .iter()
        .find(|m| text(m, "title").eq_ignore_ascii_case(title))
        .and_then(|m| m.get("id").and_then(Value::as_u64));
    found.ok_or_else(|| {
        let known: Vec<String> = milestones
            .iter()
            .map(|m| {
                format!(
                    "`{}` (id {})",
                    text(m, "title"),
                    m.get("id").and_then(Value::as_u64).unwrap_or_default()
                )
            })
            .collect();
        Failure::Argument(format!(
            "`milestone`: `{project}` has no milestone titled `{title}`; its milestones are {}",
            if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            }
        ))
    })
}
