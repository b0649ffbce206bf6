//! `gitlab://projects/{project}/jobs/{job_id}`: a CI job — status, stage, ref, commit,
//! its pipeline, times, why it failed, its runner and artifacts — and the URIs of its log
//! and its pipeline.

use serde_json::{Value, json};

use super::markdown::{person, text, time};
use super::uri::Target;
use crate::call::{ReadError, Reads, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::JOB_GET];

pub async fn job(reads: &Reads<'_>, project: &ProjectId, id: u64) -> Result<String, ReadError> {
    let job = reads
        .read(
            ids::JOB_GET,
            params([("project_id", json!(project)), ("job_id", json!(id))]),
        )
        .await?;
    Ok(render(project, id, &job))
}

pub fn render(project: &ProjectId, id: u64, job: &Value) -> String {
    let flag = |key: &str| job.get(key).and_then(Value::as_bool) == Some(true);
    let mut out = format!(
        "# Job {id}: `{}` {}\n\n- **Stage:** `{}`\n- **Ref:** `{}`{}\n",
        text(job, "name"),
        text(job, "status"),
        text(job, "stage"),
        text(job, "ref"),
        if flag("tag") { " (tag)" } else { "" },
    );
    if let Some(commit) = job.get("commit").filter(|c| c.is_object()) {
        out.push_str(&format!(
            "- **Commit:** `{}` {}\n",
            text(commit, "short_id"),
            text(commit, "title")
        ));
    }
    if let Some(pipeline) = job
        .get("pipeline")
        .and_then(|p| p.get("id"))
        .and_then(Value::as_u64)
    {
        let uri = Target::Pipeline {
            project: project.clone(),
            id: pipeline,
        }
        .uri();
        out.push_str(&format!("- **Pipeline:** #{pipeline}: `{uri}`\n"));
    }
    out.push_str(&format!(
        "- **Triggered by:** {}\n- **Created:** {}\n",
        person(job.get("user")),
        time(job.get("created_at")),
    ));
    for (key, label) in [("started_at", "Started"), ("finished_at", "Finished")] {
        if let Some(at) = job.get(key).filter(|v| !v.is_null()) {
            out.push_str(&format!("- **{label}:** {}\n", time(Some(at))));
        }
    }
    if let Some(duration) = job.get("duration").and_then(Value::as_f64) {
        out.push_str(&format!("- **Duration:** {duration:.0} s\n"));
    }
    if let Some(queued) = job.get("queued_duration").and_then(Value::as_f64) {
        out.push_str(&format!("- **Queued:** {queued:.0} s\n"));
    }
    if text(job, "status") == "failed" {
        out.push_str(&format!(
            "- **Failure reason:** {}\n",
            match text(job, "failure_reason") {
                "" => "not given",
                reason => reason,
            }
        ));
    }
    if flag("allow_failure") {
        out.push_str("- **Allowed to fail:** yes\n");
    }
    if let Some(runner) = job.get("runner").filter(|r| r.is_object()) {
        out.push_str(&format!("- **Runner:** {}\n", text(runner, "description")));
    }
    let artifacts: Vec<String> = job
        .get("artifacts")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|a| {
            format!(
                "`{}` ({} bytes)",
                text(a, "filename"),
                a.get("size").and_then(Value::as_u64).unwrap_or_default()
            )
        })
        .collect();
    if !artifacts.is_empty() {
        out.push_str(&format!("- **Artifacts:** {}\n", artifacts.join(", ")));
    }
    let log = Target::JobLog {
        project: project.clone(),
        id,
        tail_lines: None,
    }
    .uri();
    out.push_str(&format!(
        "- **Log:** `{log}`\n- **Web:** {}\n",
        text(job, "web_url")
    ));
    out
}
