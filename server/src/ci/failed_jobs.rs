//! A failed pipeline's answer carries its failed jobs — names, stages, ids, why each
//! failed and the lines around the first error of its log —, because "why did it fail?"
//! is the next question, and without them it is three more calls away.

use futures::future::join_all;
use rmcp::model::CallToolResult;
use serde_json::{Map, Value, json};

use crate::call::{Reads, items, params};
use crate::catalog::output::{first_error, untrusted};
use crate::registry::ids;

/// Failed jobs listed at most; the answer says how many more there are.
const MAX_JOBS: usize = 10;
/// Failed jobs whose log is read for its first error.
const MAX_LOGS: usize = 3;

/// `result`, a tool call's answer of a pipeline in project `project` (as the call named
/// it), with its failed jobs when it failed. A GitLab object asked for `raw` stays as
/// GitLab sent it; failing to read the jobs is said in the answer, not an error.
pub async fn add(reads: &Reads<'_>, project: &Value, result: CallToolResult) -> CallToolResult {
    let Some(Value::Object(pipeline)) = &result.structured_content else {
        return result;
    };
    let (Some("failed"), Some(id)) = (
        pipeline.get("status").and_then(Value::as_str),
        pipeline.get("id").and_then(Value::as_u64),
    ) else {
        return result;
    };
    let mut pipeline = pipeline.clone();
    let read = reads
        .read(
            ids::PIPELINE_JOB_LIST,
            params([
                ("project_id", project.clone()),
                ("pipeline_id", json!(id)),
                ("scope", json!(["failed"])),
                ("per_page", json!(100)),
            ]),
        )
        .await;
    match read {
        Ok(page) => {
            let jobs = items(&page);
            let listed = &jobs[..jobs.len().min(MAX_JOBS)];
            let errors = join_all(
                listed
                    .iter()
                    .take(MAX_LOGS)
                    .map(|job| first_error_of(reads, project, job)),
            )
            .await;
            let failed: Vec<Value> = listed
                .iter()
                .enumerate()
                .map(|(n, job)| {
                    let mut brief = Map::new();
                    for field in ["id", "name", "stage", "failure_reason", "allow_failure"] {
                        match job.get(field) {
                            None | Some(Value::Null | Value::Bool(false)) => {}
                            Some(value) => {
                                brief.insert(field.to_owned(), value.clone());
                            }
                        }
                    }
                    if let Some(Some(lines)) = errors.get(n) {
                        brief.insert("first_error".to_owned(), json!(lines));
                    }
                    Value::Object(brief)
                })
                .collect();
            if errors.iter().any(Option::is_some) {
                pipeline.insert(
                    "untrusted".to_owned(),
                    json!(format!("failed_jobs[].first_error: {}", untrusted::JOB_LOG)),
                );
            }
            pipeline.insert("failed_jobs".to_owned(), Value::Array(failed));
            let total = page
                .get("total")
                .and_then(Value::as_u64)
                .map_or(jobs.len(), |total| total as usize);
            if total > listed.len() {
                pipeline.insert("more_failed_jobs".to_owned(), json!(total - listed.len()));
            }
        }
        Err(why) => {
            pipeline.insert("failed_jobs_error".to_owned(), json!(why.to_string()));
        }
    }
    CallToolResult::structured(Value::Object(pipeline))
}

/// The lines around the first error of `job`'s log, when it has one and it could be read.
async fn first_error_of(reads: &Reads<'_>, project: &Value, job: &Value) -> Option<String> {
    let id = job.get("id").and_then(Value::as_u64)?;
    let read = reads
        .read_with_body(
            ids::JOB_LOG,
            params([("project_id", project.clone()), ("job_id", json!(id))]),
        )
        .await
        .ok()?;
    first_error(read.body.as_str()?)
}
