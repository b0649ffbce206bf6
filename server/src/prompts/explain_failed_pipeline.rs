//! `explain_failed_pipeline(project, pipeline?)`: a pipeline's resource (status, jobs,
//! failed jobs) and the end of each failed job's log, embedded, then how to explain the
//! failure. Without `pipeline`, the latest failed pipeline of the default branch.

use futures::future::join_all;
use rmcp::model::GetPromptResult;
use serde_json::{Value, json};

use super::arguments::Arguments;
use super::messages::{Failure, embedded, user};
use crate::call::{ReadError, Reads, items, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};
use crate::resources::markdown::text;
use crate::resources::{Target, job_log, pipeline};

pub const NEEDS: &[ActionId] = &[
    ids::PIPELINE_GET,
    ids::PIPELINE_JOB_LIST,
    ids::JOB_LOG,
    ids::PIPELINE_LATEST,
    ids::PIPELINE_LIST,
];

/// Failed jobs whose logs are embedded at most; the others are named with their log URIs.
pub const MAX_LOGS: usize = 5;

const INSTRUCTIONS: &str = "Explain why this pipeline failed, for the person who has to fix it:

1. For each failed job, find the first real error in its log — not the last line: later errors often follow from the first — and quote the lines that show it.
2. Tell a code failure (a failing test, a compile error, a lint) from an infrastructure one (runner, network, timeout, a missing variable or secret) and from a flaky one.
3. Give the root cause in a sentence or two, then the fix: the file and line to change when the log shows them, or the setting to change.
4. Jobs allowed to fail did not fail the pipeline: mention them last, briefly.

Each log shows the lines around its first error and its end; a bracketed line says where lines were left out. If what you need was left out, say so and read more of it through its URI with `tail_lines`.";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let id = match arguments.number("pipeline").map_err(Failure::Argument)? {
        Some(id) => id,
        None => latest_failed(reads, &project).await?,
    };
    let what = format!("pipeline #{id} of `{project}`");
    let read = pipeline::fetch(reads, &project, id)
        .await
        .map_err(|error| Failure::read(&what, &["project", "pipeline"], error))?;
    let overview = Target::Pipeline {
        project: project.clone(),
        id,
    };
    let failed = read.failed_jobs();
    let shown: Vec<u64> = failed
        .iter()
        .take(MAX_LOGS)
        .filter_map(|job| job.get("id").and_then(Value::as_u64))
        .collect();
    let logs = join_all(shown.iter().map(|&job| log(reads, &project, job))).await;
    let mut messages = vec![
        user(format!(
            "Explain why {what} failed. The pipeline comes first, then the end of the log of each failed job."
        )),
        embedded(
            rmcp::model::ResourceContents::text(
                pipeline::render(&project, id, &read),
                overview.uri(),
            )
            .with_mime_type("text/markdown"),
        ),
    ];
    for log in logs {
        messages.push(embedded(log.map_err(|error| {
            Failure::read(&what, &["project", "pipeline"], error)
        })?));
    }
    let mut instructions = String::new();
    let status = text(&read.pipeline, "status");
    if failed.is_empty() {
        instructions.push_str(&format!(
            "Note: this pipeline's status is `{status}` and none of its jobs failed; say so, and what the status means, instead of looking for an error.\n\n"
        ));
    }
    if failed.len() > MAX_LOGS {
        instructions.push_str(&format!(
            "Note: {} jobs failed; the logs of the first {MAX_LOGS} are shown. The pipeline lists the others with the URIs of their logs.\n\n",
            failed.len()
        ));
    }
    instructions.push_str(INSTRUCTIONS);
    messages.push(user(instructions));
    Ok(GetPromptResult::new(messages).with_description(format!("Why {what} failed")))
}

async fn log(
    reads: &Reads<'_>,
    project: &ProjectId,
    job: u64,
) -> Result<rmcp::model::ResourceContents, ReadError> {
    let target = Target::JobLog {
        project: project.clone(),
        id: job,
        tail_lines: None,
    };
    let text = job_log::log(reads, project, job, None).await?;
    Ok(rmcp::model::ResourceContents::text(text, target.uri()).with_mime_type("text/plain"))
}

/// The id of the latest failed pipeline of the default branch: the latest pipeline when it
/// failed, else the newest failed one on its ref.
async fn latest_failed(reads: &Reads<'_>, project: &ProjectId) -> Result<u64, Failure> {
    let latest = reads
        .read(ids::PIPELINE_LATEST, params([("project_id", json!(project))]))
        .await
        .map_err(|error| match error {
            ReadError::NotFound(why) => Failure::Argument(format!(
                "`project`: GitLab found no pipeline on the default branch of `{project}` ({why}); give `pipeline` to explain one of another branch"
            )),
            other => Failure::read(&format!("the latest pipeline of `{project}`"), &["project"], other),
        })?;
    let id = latest.get("id").and_then(Value::as_u64).unwrap_or_default();
    if text(&latest, "status") == "failed" {
        return Ok(id);
    }
    let branch = text(&latest, "ref");
    let failed = reads
        .read(
            ids::PIPELINE_LIST,
            params([
                ("project_id", json!(project)),
                ("ref", json!(branch)),
                ("status", json!("failed")),
                ("per_page", json!(1)),
            ]),
        )
        .await
        .map_err(|error| {
            Failure::read(
                &format!("the pipelines of `{project}`"),
                &["project"],
                error,
            )
        })?;
    items(&failed)
        .first()
        .and_then(|pipeline| pipeline.get("id").and_then(Value::as_u64))
        .ok_or_else(|| {
            Failure::Argument(format!(
                "no pipeline of `{branch}`, the default branch of `{project}`, has failed (the latest, #{id}, is `{}`); give `pipeline` to explain another one",
                text(&latest, "status")
            ))
        })
}
