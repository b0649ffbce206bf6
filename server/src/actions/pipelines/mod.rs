//! The `pipelines` toolset, CI/CD: pipelines and their jobs (`/projects/:id/pipelines[/…]`,
//! `/projects/:id/jobs[/…]`), and in modules of their own the CI/CD variables, pipeline
//! schedules, trigger tokens, environments and deployments, protected environments and
//! deployment approvals, feature flags.

mod artifacts;
mod environments;
mod feature_flags;
mod freeze_periods;
mod job;
mod pipeline;
mod protected_environments;
mod schedules;
mod status;
mod triggers;
mod variables;
mod waiting;

pub use job::{JobCancel, JobErase, JobGet, JobList, JobLogTail, JobPlay, JobRetry};
pub use pipeline::{
    PipelineCancel, PipelineCreate, PipelineDelete, PipelineGet, PipelineJobs, PipelineLatest,
    PipelineLint, PipelineLintProject, PipelineList, PipelineRetry, PipelineVariables,
};
pub use status::CiStatus;

use crate::catalog::{Action, Output, delete, get, post};
use crate::table;

pub fn actions() -> Vec<Action> {
    [
        table![
            get::<PipelineList>("pipeline.list", "projects/{project_id}/pipelines").list(),
            get::<PipelineGet>(
                "pipeline.get",
                "projects/{project_id}/pipelines/{pipeline_id}"
            )
            .output(Output::Pipeline),
            get::<PipelineLatest>("pipeline.latest", "projects/{project_id}/pipelines/latest")
                .output(Output::Pipeline)
                .title("Get latest pipeline"),
            // GitLab's path is singular here.
            post::<PipelineCreate>("pipeline.create", "projects/{project_id}/pipeline"),
            post::<PipelineRetry>(
                "pipeline.retry",
                "projects/{project_id}/pipelines/{pipeline_id}/retry"
            ),
            post::<PipelineCancel>(
                "pipeline.cancel",
                "projects/{project_id}/pipelines/{pipeline_id}/cancel"
            )
            .destructive(),
            delete::<PipelineDelete>(
                "pipeline.delete",
                "projects/{project_id}/pipelines/{pipeline_id}"
            ),
            get::<PipelineJobs>(
                "pipeline.job_list",
                "projects/{project_id}/pipelines/{pipeline_id}/jobs"
            )
            .list()
            .title("List pipeline jobs"),
            get::<PipelineVariables>(
                "pipeline.variable_list",
                "projects/{project_id}/pipelines/{pipeline_id}/variables"
            )
            .list()
            .title("List pipeline variables"),
            post::<PipelineLint>("pipeline.lint", "projects/{project_id}/ci/lint")
                .title("Check CI configuration"),
            get::<PipelineLintProject>("pipeline.lint_project", "projects/{project_id}/ci/lint")
                .title("Check the project's CI configuration"),
            get::<JobList>("job.list", "projects/{project_id}/jobs").list(),
            get::<JobGet>("job.get", "projects/{project_id}/jobs/{job_id}"),
            get::<JobLogTail>("job.log", "projects/{project_id}/jobs/{job_id}/trace")
                .output(Output::JobLog),
            post::<JobRetry>("job.retry", "projects/{project_id}/jobs/{job_id}/retry"),
            post::<JobCancel>("job.cancel", "projects/{project_id}/jobs/{job_id}/cancel")
                .destructive(),
            post::<JobPlay>("job.play", "projects/{project_id}/jobs/{job_id}/play"),
            post::<JobErase>("job.erase", "projects/{project_id}/jobs/{job_id}/erase")
                .destructive(),
        ],
        artifacts::actions(),
        waiting::actions(),
        variables::actions(),
        schedules::actions(),
        triggers::actions(),
        environments::actions(),
        freeze_periods::actions(),
        protected_environments::actions(),
        feature_flags::actions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}
