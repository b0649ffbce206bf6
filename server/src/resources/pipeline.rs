//! `gitlab://projects/{project}/pipelines/{pipeline_id}`: a pipeline's status, its jobs
//! stage by stage, and its failed jobs with why they failed and the URIs of their logs.

use serde_json::{Value, json};

use super::markdown::{person, plural, text, time};
use super::uri::Target;
use crate::call::{ReadError, Reads, has_next_page, items, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::PIPELINE_GET, ids::PIPELINE_JOB_LIST];

/// What the resource shows: the pipeline, a page of its jobs and a page of its failed jobs.
pub struct PipelineRead {
    pub pipeline: Value,
    pub jobs: Value,
    pub failed: Value,
}

impl PipelineRead {
    /// The failed jobs, those that failed the pipeline first, then those allowed to fail.
    pub fn failed_jobs(&self) -> Vec<&Value> {
        let mut failed: Vec<&Value> = items(&self.failed).iter().collect();
        failed.sort_by_key(|job| job.get("allow_failure").and_then(Value::as_bool) == Some(true));
        failed
    }
}

/// Reads the pipeline, its jobs and its failed jobs at once.
pub async fn fetch(
    reads: &Reads<'_>,
    project: &ProjectId,
    id: u64,
) -> Result<PipelineRead, ReadError> {
    let jobs = |scope: Option<Value>| {
        params([
            ("project_id", json!(project)),
            ("pipeline_id", json!(id)),
            ("scope", scope.unwrap_or(Value::Null)),
            ("per_page", json!(100)),
        ])
    };
    let (pipeline, jobs, failed) = tokio::join!(
        reads.read(
            ids::PIPELINE_GET,
            params([("project_id", json!(project)), ("pipeline_id", json!(id))])
        ),
        reads.read(ids::PIPELINE_JOB_LIST, jobs(None)),
        reads.read(ids::PIPELINE_JOB_LIST, jobs(Some(json!(["failed"])))),
    );
    Ok(PipelineRead {
        pipeline: pipeline?,
        jobs: jobs?,
        failed: failed?,
    })
}

pub async fn pipeline(
    reads: &Reads<'_>,
    project: &ProjectId,
    id: u64,
) -> Result<String, ReadError> {
    Ok(render(project, id, &fetch(reads, project, id).await?))
}

/// The pipeline as Markdown.
pub fn render(project: &ProjectId, id: u64, read: &PipelineRead) -> String {
    let PipelineRead {
        pipeline,
        jobs: all,
        ..
    } = read;
    let mut out = format!(
        "# Pipeline #{id}: {}\n\n- **Ref:** `{}`{}\n- **Commit:** `{}`\n- **Source:** {}\n- **Triggered by:** {}\n- **Created:** {}\n",
        text(pipeline, "status"),
        text(pipeline, "ref"),
        if pipeline.get("tag").and_then(Value::as_bool) == Some(true) {
            " (tag)"
        } else {
            ""
        },
        text(pipeline, "sha"),
        text(pipeline, "source"),
        person(pipeline.get("user")),
        time(pipeline.get("created_at")),
    );
    if let Some(finished) = pipeline.get("finished_at").filter(|f| !f.is_null()) {
        out.push_str(&format!("- **Finished:** {}\n", time(Some(finished))));
    }
    if let Some(duration) = pipeline.get("duration").and_then(Value::as_f64) {
        out.push_str(&format!("- **Duration:** {duration:.0} s\n"));
    }
    out.push_str(&format!("- **Web:** {}\n", text(pipeline, "web_url")));
    out.push_str("\n## Jobs\n\n");
    let jobs = items(all);
    if jobs.is_empty() {
        out.push_str("_No jobs._\n");
    }
    let mut stages: Vec<&str> = Vec::new();
    for job in jobs {
        let stage = text(job, "stage");
        if !stages.contains(&stage) {
            stages.push(stage);
        }
    }
    // GitLab lists the newest jobs first; stages read best in the order they ran.
    stages.reverse();
    for stage in stages {
        let listed: Vec<String> = jobs
            .iter()
            .rev()
            .filter(|job| text(job, "stage") == stage)
            .map(|job| format!("`{}` {}", text(job, "name"), text(job, "status")))
            .collect();
        out.push_str(&format!("- **{stage}:** {}\n", listed.join(", ")));
    }
    if has_next_page(all) {
        out.push_str("\n_[Only the first 100 jobs are listed; read the others with `pipeline.job_list` and `page: 2`.]_\n");
    }
    let failed_jobs = read.failed_jobs();
    out.push_str(&format!(
        "\n## Failed jobs\n\n{} failed job{}.\n",
        failed_jobs.len(),
        plural(failed_jobs.len())
    ));
    for job in failed_jobs {
        let job_id = job.get("id").and_then(Value::as_u64).unwrap_or_default();
        let log = Target::JobLog {
            project: project.clone(),
            id: job_id,
            tail_lines: None,
        }
        .uri();
        out.push_str(&format!(
            "\n### `{}` (stage `{}`, job {job_id}){}\n\n- **Failure reason:** {}\n- **Log:** `{log}`\n- **Web:** {}\n",
            text(job, "name"),
            text(job, "stage"),
            if job.get("allow_failure").and_then(Value::as_bool) == Some(true) {
                ", allowed to fail"
            } else {
                ""
            },
            match text(job, "failure_reason") {
                "" => "not given",
                reason => reason,
            },
            text(job, "web_url"),
        ));
    }
    out
}
