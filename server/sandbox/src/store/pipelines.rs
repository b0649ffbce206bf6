//! CI pipelines and their jobs (with logs), GitLab's rule for a pipeline's status from its
//! jobs', cancelling and retrying, and GitLab's pipeline and job entities.

#![allow(
    dead_code,
    reason = "the pipeline and job routes come next; until then only the seed and commit details use pipelines"
)]

use std::sync::Arc;

use serde_json::{Value, json};

use super::{Ids, Project, Store, now};

pub(crate) struct Pipeline {
    pub id: u64,
    pub iid: u64,
    pub sha: String,
    pub ref_name: String,
    pub tag: bool,
    /// `created`, `pending`, `running`, `success`, `failed`, `canceled`, `skipped`, `manual`…
    pub status: &'static str,
    /// `push`, `web`, `merge_request_event`, `schedule`, `api`…
    pub source: &'static str,
    pub user_id: u64,
    pub before_sha: String,
    pub created_at: String,
    pub updated_at: String,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
    /// Seconds the pipeline ran.
    pub duration: Option<u64>,
    pub queued_duration: Option<f64>,
    pub jobs: Vec<Job>,
}

pub(crate) struct Job {
    pub id: u64,
    pub name: String,
    pub stage: String,
    pub status: &'static str,
    /// A `when: manual` job waits for someone to play it; GitLab lets manual jobs fail.
    pub manual: bool,
    pub allow_failure: bool,
    /// Replaced by a retry: GitLab hides such jobs unless `include_retried` is asked.
    pub retried: bool,
    pub created_at: String,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
    pub duration: Option<f64>,
    pub queued_duration: Option<f64>,
    pub failure_reason: Option<&'static str>,
    pub coverage: Option<f64>,
    /// The job log (`GET …/jobs/:id/trace`), ANSI colours and section markers included.
    pub log: Arc<str>,
}

impl Job {
    /// Statuses a cancel stops.
    fn cancelable(&self) -> bool {
        matches!(
            self.status,
            "created" | "pending" | "running" | "preparing" | "waiting_for_resource" | "scheduled"
        )
    }

    /// A failure that does not fail the pipeline (an allowed failure, or a manual job not run).
    fn ignored(&self) -> bool {
        (self.allow_failure && matches!(self.status, "failed" | "canceled"))
            || (self.manual && self.allow_failure && self.status == "manual")
    }
}

/// GitLab's composite status: what a pipeline's jobs add up to.
pub(crate) fn composite_status(jobs: &[&Job]) -> &'static str {
    let statuses: Vec<&str> = jobs
        .iter()
        .map(|j| if j.ignored() { "ignored" } else { j.status })
        .collect();
    let only = |allowed: &[&str]| statuses.iter().all(|s| allowed.contains(s));
    let any = |wanted: &[&str]| statuses.iter().any(|s| wanted.contains(s));
    if statuses.is_empty() || only(&["skipped", "ignored"]) {
        "skipped"
    } else if only(&["success", "skipped", "ignored"]) {
        "success"
    } else if only(&["created", "skipped", "ignored"]) {
        "created"
    } else if only(&["canceled", "success", "skipped", "ignored"]) {
        "canceled"
    } else if only(&["pending", "created", "skipped", "ignored"]) {
        "pending"
    } else if any(&["running", "pending"]) {
        "running"
    } else if any(&["manual"]) {
        "manual"
    } else if any(&["scheduled"]) {
        "scheduled"
    } else if any(&["created"]) {
        "running"
    } else {
        "failed"
    }
}

impl Pipeline {
    /// The jobs GitLab shows: the latest try of each.
    pub fn latest_jobs(&self) -> Vec<&Job> {
        self.jobs.iter().filter(|j| !j.retried).collect()
    }

    /// Recomputes the status from the jobs, finishing the pipeline when nothing runs.
    pub fn refresh(&mut self) {
        self.status = composite_status(&self.latest_jobs());
        self.updated_at = now();
        let done = matches!(
            self.status,
            "success" | "failed" | "canceled" | "skipped" | "manual"
        );
        self.finished_at = if done {
            Some(self.updated_at.clone())
        } else {
            None
        };
    }

    /// Cancels every job still to run or running; finished and manual jobs stay as they are.
    pub fn cancel(&mut self) {
        let at = now();
        for job in self.jobs.iter_mut().filter(|j| j.cancelable()) {
            job.status = "canceled";
            job.finished_at = Some(at.clone());
        }
        self.refresh();
    }

    /// Retries failed and canceled jobs: each gets a new pending job (a new id) and the old
    /// one is kept as retried, as GitLab does.
    pub fn retry(&mut self, ids: &mut Ids) {
        let at = now();
        let mut fresh = Vec::new();
        for job in self
            .jobs
            .iter_mut()
            .filter(|j| !j.retried && matches!(j.status, "failed" | "canceled"))
        {
            job.retried = true;
            fresh.push(Job {
                id: Ids::next(&mut ids.job),
                name: job.name.clone(),
                stage: job.stage.clone(),
                status: "pending",
                manual: job.manual,
                allow_failure: job.allow_failure,
                retried: false,
                created_at: at.clone(),
                started_at: None,
                finished_at: None,
                duration: None,
                queued_duration: None,
                failure_reason: None,
                coverage: None,
                log: Arc::from(""),
            });
        }
        self.jobs.extend(fresh);
        self.refresh();
    }
}

impl Store {
    /// GitLab's basic pipeline entity, as lists and `last_pipeline` show it.
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

    /// GitLab's pipeline entity (`GET …/pipelines/:id`).
    pub fn pipeline_json(&self, project: &Project, pipeline: &Pipeline) -> Value {
        let mut value = self.pipeline_basic_json(project, pipeline);
        let web = value["web_url"].clone();
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
                "text": pipeline.status,
                "label": detailed_label(pipeline.status),
                "group": pipeline.status,
                "tooltip": detailed_label(pipeline.status),
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
            "erased_at": null,
            "duration": job.duration,
            "queued_duration": job.queued_duration,
            "user": self.user_json(pipeline.user_id),
            "commit": commit,
            "pipeline": self.pipeline_basic_json(project, pipeline),
            "web_url": format!("{}/-/jobs/{}", self.web_url(project), job.id),
            "project": {"ci_job_token_scope_enabled": false},
            "artifacts": [],
            "runner": job.started_at.as_ref().map(|_| runner_json()),
            "runner_manager": null,
            "artifacts_expire_at": null,
            "archived": false,
            "tag_list": [],
        });
        if let Some(reason) = job.failure_reason {
            value["failure_reason"] = json!(reason);
        }
        value
    }
}

/// The instance runner every sandbox job ran on.
fn runner_json() -> Value {
    json!({
        "id": 1,
        "description": "sandbox-runner",
        "ip_address": null,
        "active": true,
        "paused": false,
        "is_shared": true,
        "runner_type": "instance_type",
        "name": "gitlab-runner",
        "online": true,
        "status": "online",
    })
}

fn detailed_label(status: &str) -> &'static str {
    match status {
        "success" => "passed",
        "failed" => "failed",
        "running" => "running",
        "pending" => "pending",
        "canceled" => "canceled",
        "manual" => "manual action",
        "skipped" => "skipped",
        _ => "created",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(status: &'static str, manual: bool) -> Job {
        Job {
            id: 0,
            name: status.to_owned(),
            stage: "test".to_owned(),
            status,
            manual,
            allow_failure: manual,
            retried: false,
            created_at: String::new(),
            started_at: None,
            finished_at: None,
            duration: None,
            queued_duration: None,
            failure_reason: None,
            coverage: None,
            log: Arc::from(""),
        }
    }

    fn status(jobs: &[Job]) -> &'static str {
        composite_status(&jobs.iter().collect::<Vec<_>>())
    }

    #[test]
    fn a_pipeline_status_adds_up_its_jobs() {
        let ok = || job("success", false);
        assert_eq!(status(&[ok(), ok(), job("manual", true)]), "success");
        assert_eq!(
            status(&[ok(), job("failed", false), job("manual", true)]),
            "failed"
        );
        assert_eq!(
            status(&[ok(), job("running", false), job("created", false)]),
            "running"
        );
        assert_eq!(status(&[ok(), job("canceled", false)]), "canceled");
        assert_eq!(
            status(&[job("pending", false), job("created", false)]),
            "pending"
        );
        assert_eq!(status(&[ok(), job("manual", false)]), "manual");
        assert_eq!(status(&[]), "skipped");
    }

    #[test]
    fn cancel_then_retry() {
        let mut pipeline = Pipeline {
            id: 1,
            iid: 1,
            sha: String::new(),
            ref_name: "main".to_owned(),
            tag: false,
            status: "running",
            source: "push",
            user_id: 1,
            before_sha: String::new(),
            created_at: String::new(),
            updated_at: String::new(),
            started_at: None,
            finished_at: None,
            duration: None,
            queued_duration: None,
            jobs: vec![
                job("success", false),
                job("running", false),
                job("manual", true),
            ],
        };
        pipeline.cancel();
        assert_eq!(pipeline.status, "canceled");
        assert_eq!(
            pipeline.jobs[2].status, "manual",
            "manual jobs are not canceled"
        );
        assert!(pipeline.finished_at.is_some());
        let mut ids = Ids {
            job: 10,
            ..Ids::default()
        };
        pipeline.retry(&mut ids);
        assert_eq!(pipeline.status, "running");
        assert!(pipeline.jobs[1].retried);
        let latest = pipeline.latest_jobs();
        assert_eq!(latest.len(), 3);
        assert_eq!((latest[2].id, latest[2].status), (11, "pending"));
        assert!(pipeline.finished_at.is_none());
    }
}
