//! Waiting for a pipeline or a job to finish: the same read as `pipeline.get` and `job.get`,
//! repeated until it settles (`crate::ci::wait`), so that "tell me when CI is done"
//! is one call.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::{Action, Output, get};
use crate::ci::wait::{MAX_POLL_SECONDS, MAX_TIMEOUT_SECONDS};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<PipelineWait>(
            "pipeline.wait",
            "projects/{project_id}/pipelines/{pipeline_id}"
        )
        .output(Output::Pipeline)
        .waits()
        .check(|wait| bounds(wait.timeout_seconds, wait.poll_seconds))
        .title("Wait for a pipeline to finish"),
        get::<JobWait>("job.wait", "projects/{project_id}/jobs/{job_id}")
            .waits()
            .check(|wait| bounds(wait.timeout_seconds, wait.poll_seconds))
            .title("Wait for a job to finish"),
    ]
}

/// Wait until a pipeline finishes (or stops for a manual job), then return it as
/// `pipeline.get` does, with its failed jobs when it failed. Reads it every `poll_seconds`,
/// sends progress notifications while it runs, and gives up after `timeout_seconds`,
/// returning it as it stands.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineWait {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub pipeline_id: u64,
    /// How long to wait at most, in seconds (default 600).
    #[serde(skip_serializing)]
    #[schemars(range(min = 1, max = 3600))]
    pub timeout_seconds: Option<u64>,
    /// How often to look, in seconds (default 10).
    #[serde(skip_serializing)]
    #[schemars(range(min = 1, max = 60))]
    pub poll_seconds: Option<u64>,
}

/// Wait until a job finishes, then return it as `job.get` does. Reads it every
/// `poll_seconds`, sends progress notifications while it runs, and gives up after
/// `timeout_seconds`, returning it as it stands.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JobWait {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub job_id: u64,
    /// How long to wait at most, in seconds (default 600).
    #[serde(skip_serializing)]
    #[schemars(range(min = 1, max = 3600))]
    pub timeout_seconds: Option<u64>,
    /// How often to look, in seconds (default 10).
    #[serde(skip_serializing)]
    #[schemars(range(min = 1, max = 60))]
    pub poll_seconds: Option<u64>,
}

/// How long and how often stay within what the schema states.
fn bounds(timeout_seconds: Option<u64>, poll_seconds: Option<u64>) -> Result<(), String> {
    for (field, value, max) in [
        ("timeout_seconds", timeout_seconds, MAX_TIMEOUT_SECONDS),
        ("poll_seconds", poll_seconds, MAX_POLL_SECONDS),
    ] {
        if let Some(value) = value
            && !(1..=max).contains(&value)
        {
            return Err(format!(
                "`{field}`: {value} is outside 1 to {max} seconds; give a number in that range"
            ));
        }
    }
    Ok(())
}
