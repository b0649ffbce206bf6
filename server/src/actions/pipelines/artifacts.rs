//! What jobs leave behind (`/projects/:id/jobs/:job_id/artifacts[/…]`) and what pipelines
//! start elsewhere (`/projects/:id/pipelines/:pipeline_id/trigger_jobs`), with the pipeline's
//! test results (`…/test_report_summary`). An archive is never fetched whole: one text
//! file of it is read, capped like repository files, and the archive itself is a URL.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::status::CiStatus;
use crate::catalog::params::{OneOrMany, PageNumber, PerPage};
use crate::catalog::{Action, Output, delete, get, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<ArtifactFile>(
            "job.artifact_file",
            "projects/{project_id}/jobs/{job_id}/artifacts/{+artifact_path}"
        )
        .output(Output::Text)
        .check(ArtifactFile::window_selects_lines)
        .title("Read a file from a job's artifacts"),
        post::<ArtifactsKeep>(
            "job.artifacts_keep",
            "projects/{project_id}/jobs/{job_id}/artifacts/keep"
        )
        .title("Keep a job's artifacts"),
        delete::<ArtifactsDelete>(
            "job.artifacts_delete",
            "projects/{project_id}/jobs/{job_id}/artifacts"
        )
        .title("Delete a job's artifacts"),
        // `bridges` before GitLab 19.2 (`crate::gitlab::compat`).
        get::<PipelineBridges>(
            "pipeline.bridge_list",
            "projects/{project_id}/pipelines/{pipeline_id}/trigger_jobs"
        )
        .list()
        .title("List a pipeline's downstream pipelines"),
        get::<TestReportSummary>(
            "pipeline.test_report_summary",
            "projects/{project_id}/pipelines/{pipeline_id}/test_report_summary"
        )
        .title("Get a pipeline's test results"),
    ]
}

/// Read one text file from a job's artifacts archive (a JUnit report, a coverage summary,
/// a build log), without downloading the archive; a window of lines reads a long one piece
/// by piece. The job's `artifacts_file` and `web_url` (`job.get`) say what it kept; the
/// archive itself downloads from `<web_url>/artifacts/download`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArtifactFile {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub job_id: u64,
    /// The file's path inside the archive (`reports/junit.xml`).
    pub artifact_path: String,
    /// The first line to show, from 1 (ours, not GitLab's: GitLab sends the whole file).
    #[serde(skip_serializing)]
    #[schemars(range(min = 1))]
    pub first_line: Option<u64>,
    /// The last line to show, from 1 (ours, not GitLab's).
    #[serde(skip_serializing)]
    #[schemars(range(min = 1))]
    pub last_line: Option<u64>,
}

impl ArtifactFile {
    /// Lines count from 1, the last not before the first.
    pub fn window_selects_lines(&self) -> Result<(), String> {
        crate::catalog::params::window(self.first_line, self.last_line)
    }
}

/// Keep a job's artifacts past their expiry date, for good. Returns the job.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArtifactsKeep {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub job_id: u64,
}

/// Delete a job's artifacts (destructive: what the job built is lost; the job and its log
/// stay).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArtifactsDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub job_id: u64,
}

/// List the jobs of a pipeline that trigger other pipelines (bridges), each with the
/// downstream pipeline it started and its status.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineBridges {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub pipeline_id: u64,
    /// Only bridges in this state, or in these states.
    pub scope: Option<OneOrMany<CiStatus>>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// A pipeline's test results in brief: how many tests ran, passed, failed, were skipped or
/// errored, in all and per test suite.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TestReportSummary {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub pipeline_id: u64,
}
