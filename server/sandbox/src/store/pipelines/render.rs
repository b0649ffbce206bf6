//! GitLab's pipeline, job and variable entities.

use serde_json::{Value, json};

use super::{Job, Pipeline, Variable};
use crate::store::project::Project;
use crate::store::runners::PROJECT_RUNNER;
use crate::store::state::Store;

impl Store {
    /// GitLab's basic pipeline entity, as `last_pipeline` and jobs show it.
    pub fn pipeline_basic_json(&self, project: &Project, pipeline: &Pipeline) -> Value {
        json!({
            "id": pipeline.id,
            "iid": pipeline.iid,
            "project_id": project.id,
            "sha": pipeline.sha,
            "ref": pipeline.ref_name,
            "status": pipeline.status,
            "source": pipeline.source,
            "created_at": pipeline.created_at,
            "updated_at": pipeline.updated_at,
            "web_url": format!("{}/-/pipelines/{}", self.web_url(project), pipeline.id),
        })
    }

    /// What `GET …/pipelines` lists: the basic entity and the pipeline's `name` (none here).
    pub fn pipeline_list_json(&self, project: &Project, pipeline: &Pipeline) -> Value {
        let mut value = self.pipeline_basic_json(project, pipeline);
        value["name"] = Value::Null;
        value
    }

    /// GitLab's pipeline entity (`GET …/pipelines/:id`).
    pub fn pipeline_json(&self, project: &Project, pipeline: &Pipeline) -> Value {
        let mut value = self.pipeline_basic_json(project, pipeline);
        let web = value["web_url"].clone();
        let (text, label) = status_words(pipeline.status);
        let more = json!({
            "before_sha": pipeline.before_sha,
            "tag": pipeline.tag,
            "yaml_errors": null,
            "user": self.user_json(pipeline.user_id),
            "started_at": pipeline.started_at,
            "finished_at": pipeline.finished_at,
            "committed_at": null,
            "duration": pipeline.duration,
            "queued_duration": pipeline.queued_duration,
            "coverage": null,
            "archived": false,
            "name": null,
            "detailed_status": {
                "icon": format!("status_{}", pipeline.status),
                "text": text,
                "label": label,
                "group": pipeline.status,
                "tooltip": label,
                "has_details": true,
                "details_path": web.as_str().map(|w| w.trim_start_matches(&self.base).to_owned()),
                "illustration": null,
                "favicon": format!("/assets/ci_favicons/favicon_status_{}.png", pipeline.status),
            },
        });
        if let (Value::Object(all), Value::Object(more)) = (&mut value, more) {
            all.extend(more);
        }
        value
    }

    /// GitLab's job entity.
    pub fn job_json(&self, project: &Project, pipeline: &Pipeline, job: &Job) -> Value {
        let commit = project
            .repository
            .commit(&pipeline.sha)
            .map(|c| self.commit_json(project, c));
        let mut value = json!({
            "id": job.id,
            "status": job.status,
            "stage": job.stage,
            "name": job.name,
            "ref": pipeline.ref_name,
            "tag": pipeline.tag,
            "coverage": job.coverage,
            "allow_failure": job.allow_failure,
            "created_at": job.created_at,
            "started_at": job.started_at,
            "finished_at": job.finished_at,
            "erased_at": job.erased_at,
            "duration": job.duration,
            "queued_duration": job.queued_duration,
            "user": self.user_json(job.user_id.unwrap_or(pipeline.user_id)),
            "commit": commit,
            "pipeline": self.pipeline_basic_json(project, pipeline),
            "web_url": format!("{}/-/jobs/{}", self.web_url(project), job.id),
            "project": {"ci_job_token_scope_enabled": false},
            "artifacts": job.artifacts.as_ref().map_or(json!([]), |a| a.list_json()),
            // The demo project's runner ran every job that started (gone once deleted).
            "runner": job
                .started_at
                .as_ref()
                .and_then(|_| self.runner(PROJECT_RUNNER).ok())
                .map(|runner| self.runner_json(runner)),
            "runner_manager": null,
            "artifacts_expire_at": job.artifacts.as_ref().and_then(|a| a.expire_at.clone()),
            "archived": false,
            "tag_list": [],
        });
        // GitLab shows `artifacts_file` only while the job has an archive.
        if let Some(artifacts) = &job.artifacts {
            value["artifacts_file"] = artifacts.file_json();
        }
        if let Some(reason) = job.failure_reason {
            value["failure_reason"] = json!(reason);
        }
        value
    }
}

impl Store {
    /// GitLab's bridge entity: the basic job fields and the pipeline it started, which is
    /// none here (a bridge, like every job, does not run by itself).
    pub fn bridge_json(&self, project: &Project, pipeline: &Pipeline, job: &Job) -> Value {
        let job_json = self.job_json(project, pipeline, job);
        let mut bridge = serde_json::Map::new();
        for key in [
            "id",
            "status",
            "stage",
            "name",
            "ref",
            "tag",
            "coverage",
            "allow_failure",
            "created_at",
            "started_at",
            "finished_at",
            "erased_at",
            "duration",
            "queued_duration",
            "user",
            "commit",
            "pipeline",
            "failure_reason",
            "web_url",
            "project",
        ] {
            if let Some(value) = job_json.get(key) {
                bridge.insert(key.to_owned(), value.clone());
            }
        }
        bridge.insert("downstream_pipeline".to_owned(), Value::Null);
        Value::Object(bridge)
    }
}

impl Variable {
    /// GitLab's variable entity as a pipeline's variables show it.
    pub fn json(&self) -> Value {
        json!({
            "variable_type": self.variable_type,
            "key": self.key,
            "value": self.value,
            "raw": false,
        })
    }
}

/// A status's `text` and `label` in GitLab's detailed status.
fn status_words(status: &str) -> (&'static str, &'static str) {
    match status {
        "success" => ("passed", "passed"),
        "failed" => ("failed", "failed"),
        "running" => ("running", "running"),
        "pending" => ("pending", "pending"),
        "canceled" => ("canceled", "canceled"),
        "manual" => ("manual", "manual action"),
        "skipped" => ("skipped", "skipped"),
        "scheduled" => ("scheduled", "scheduled"),
        _ => ("created", "created"),
    }
}
