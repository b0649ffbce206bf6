//! GitLab's CI statuses, shared by pipelines and jobs.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The status of a pipeline or a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CiStatus {
    Created,
    WaitingForResource,
    Preparing,
    WaitingForCallback,
    Pending,
    Running,
    Success,
    Failed,
    Canceling,
    Canceled,
    Skipped,
    Manual,
    Scheduled,
}

/// Which pipelines to list: by progress (`running`, `pending`, `finished`) or by what
/// they ran on (`branches`, `tags`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PipelineScope {
    Running,
    Pending,
    Finished,
    Branches,
    Tags,
}
