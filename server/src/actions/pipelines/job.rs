//! The parameters of the job actions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::status::CiStatus;
use crate::catalog::params::JobVariable;
use crate::catalog::params::{PageNumber, PerPage, TailLines};
use crate::gitlab::ProjectId;

/// List a project's CI jobs across its pipelines, newest first, such as only the failed or
/// running ones, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JobList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only jobs in these statuses (`["failed"]`, `["running", "pending"]`).
    pub scope: Option<Vec<CiStatus>>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one CI job by id: name, stage, status, failure reason, duration, runner, artifacts,
/// its pipeline and web_url.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JobGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The job's id (as in `/-/jobs/5678`).
    pub job_id: u64,
}

/// Read a CI job's log (trace, build output) as plain text without colour codes: the lines
/// around its first error and its last lines, or its last `tail_lines`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JobLogTail {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The job's id.
    pub job_id: u64,
    /// Show the last n lines instead (1-10000; 64 KiB at most).
    #[serde(skip_serializing)]
    #[allow(
        dead_code,
        reason = "validated here; the job log's output reads it from the call's arguments"
    )]
    pub tail_lines: Option<TailLines>,
}

/// Retry (re-run) a CI job. Returns the new job, which has a new id.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JobRetry {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The job's id.
    pub job_id: u64,
}

/// Cancel (stop) a running or pending job (destructive: its work in progress is lost).
/// Returns the job.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JobCancel {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The job's id.
    pub job_id: u64,
    /// Force a job stuck in `canceling` to stop (needs the Maintainer role).
    pub force: Option<bool>,
}

/// Run (play, trigger) a manual job, such as a deploy, optionally with variables for this
/// run. Returns the job.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JobPlay {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The manual job's id.
    pub job_id: u64,
    /// Variables for this run: `[{"key": "DEPLOY_ENV", "value": "production"}]`.
    pub job_variables_attributes: Option<Vec<JobVariable>>,
}

/// Erase a finished job's log and artifacts (destructive: they cannot be recovered).
/// Returns the job.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JobErase {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The job's id.
    pub job_id: u64,
}
