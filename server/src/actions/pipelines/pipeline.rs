//! The parameters of the pipeline actions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::status::{CiStatus, PipelineScope};
use crate::actions::releases::Sort;
use crate::catalog::alternative::{Alternative, Extra};
use crate::catalog::body::Body;
use crate::catalog::params::{DateTime, PageNumber, PerPage};
use crate::gitlab::ProjectId;
use crate::wizards::PipelineWizard;

/// What started a pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PipelineSource {
    Push,
    Web,
    Trigger,
    Schedule,
    Api,
    External,
    Pipeline,
    Chat,
    Webide,
    MergeRequestEvent,
    ExternalPullRequestEvent,
    ParentPipeline,
    OndemandDastScan,
    OndemandDastValidation,
    SecurityOrchestrationPolicy,
    ContainerRegistryPush,
    DuoWorkflow,
    PipelineExecutionPolicySchedule,
    Unknown,
}

/// What pipelines are sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PipelineOrder {
    Id,
    Status,
    Ref,
    UpdatedAt,
    UserId,
}

/// List a project's CI pipelines, newest first, filtered by branch or tag, status (such as
/// only the failed ones), commit, source or who triggered them, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only pipelines of this branch or tag.
    #[serde(rename = "ref")]
    pub reference: Option<String>,
    /// Only pipelines in this status (`failed`, `running`, `success`, …).
    pub status: Option<CiStatus>,
    /// Only `running`, `pending` or `finished` pipelines, or those of `branches` or `tags`.
    pub scope: Option<PipelineScope>,
    /// Only pipelines of this commit.
    pub sha: Option<String>,
    /// Only pipelines started this way (`push`, `merge_request_event`, `schedule`, …).
    pub source: Option<PipelineSource>,
    /// Only pipelines triggered by this user, by username.
    pub username: Option<String>,
    /// Only pipelines updated at or after this moment.
    pub updated_after: Option<DateTime>,
    /// Only pipelines updated at or before this moment.
    pub updated_before: Option<DateTime>,
    /// What to sort by (GitLab's default: `id`).
    pub order_by: Option<PipelineOrder>,
    /// `asc` or `desc` (GitLab's default: `desc`, newest first).
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one pipeline by id: its status, branch or tag, commit, who triggered it, duration,
/// coverage and web_url. To see why it failed, list its failed jobs with `pipeline.job_list`
/// and read their logs with `job.log`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The pipeline's id (as in `/-/pipelines/1234`).
    pub pipeline_id: u64,
}

/// Get the latest pipeline of a branch or tag, by default of the default branch: is main
/// green, did the last build pass? Returns the pipeline with its status and web_url.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineLatest {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The branch or tag (GitLab's default: the default branch).
    #[serde(rename = "ref")]
    pub reference: Option<String>,
}

/// `pipeline.create`: every question of the pipeline wizard as a parameter.
pub type PipelineCreate = Alternative<PipelineWizard, PipelineExtra>;

/// Run a new CI pipeline (trigger a build) on a branch or tag, optionally with CI/CD
/// variables. Returns the new pipeline with its id, status and web_url.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineExtra {}

/// The wizard's questions are every parameter GitLab takes here.
impl Extra<PipelineWizard> for PipelineExtra {
    fn body(self, _: &PipelineWizard) -> Result<Body, String> {
        Ok(Body::new())
    }
}

/// Retry (re-run) the failed and canceled jobs of a pipeline. Returns the pipeline.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineRetry {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The pipeline's id.
    pub pipeline_id: u64,
}

/// Cancel (stop) a pipeline's running and pending jobs (destructive: work in progress is
/// lost). Returns the pipeline.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineCancel {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The pipeline's id.
    pub pipeline_id: u64,
}

/// Delete a pipeline with its jobs, logs and artifacts (destructive; needs the Owner
/// role).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The pipeline's id.
    pub pipeline_id: u64,
}

/// List the jobs of a pipeline with their stage, status and failure reason, such as only
/// the failed ones (`scope: ["failed"]`) to find why a pipeline failed, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineJobs {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The pipeline's id.
    pub pipeline_id: u64,
    /// Only jobs in these statuses (`["failed"]`, `["running", "pending"]`).
    pub scope: Option<Vec<CiStatus>>,
    /// Also list the earlier runs of retried jobs (GitLab's default: false).
    pub include_retried: Option<bool>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the CI/CD variables a pipeline was run with (`key`, `value`, `variable_type`); the
/// value of a masked or hidden variable never leaves.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineVariables {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The pipeline's id.
    pub pipeline_id: u64,
}

/// Check a CI configuration before committing it ("validate my .gitlab-ci.yml"): whether
/// it is valid, its errors and warnings, the YAML it merges to, and with `include_jobs` its
/// jobs. Changes nothing.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineLint {
    /// The project's numeric id or its path (`group/project`): its settings and includes
    /// apply.
    pub project_id: ProjectId,
    /// The configuration to check, YAML as in `.gitlab-ci.yml`.
    pub content: String,
    /// Also list the jobs it makes.
    pub include_jobs: Option<bool>,
    /// Simulate a pipeline creation, as a push would run it (rules and needs checked
    /// against a branch or tag).
    pub dry_run: Option<bool>,
    /// The branch or tag a `dry_run` simulates (default: the default branch).
    #[serde(rename = "ref")]
    pub reference: Option<String>,
}

/// Check the project's own `.gitlab-ci.yml` at a branch, tag or commit (by default the
/// default branch): whether it is valid, its errors and warnings, and with `include_jobs`
/// its jobs.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineLintProject {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The branch, tag or commit whose configuration to check.
    pub content_ref: Option<String>,
    /// Also list the jobs it makes.
    pub include_jobs: Option<bool>,
    /// Simulate a pipeline creation, as a push would run it (rules and needs checked
    /// against a branch or tag).
    pub dry_run: Option<bool>,
    /// The branch or tag a `dry_run` simulates (default: the default branch).
    pub dry_run_ref: Option<String>,
}
