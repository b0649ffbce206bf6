//! CI pipelines and their jobs (with logs), GitLab's rule for a pipeline's status from its
//! jobs', and what each job action (retry, cancel, play, erase) is allowed to do; GitLab's
//! pipeline, job and variable entities in `render`. Pipelines do not run by themselves: a job
//! stays in the status an action left it in.

mod render;

use std::sync::Arc;

use super::artifacts::Artifacts;
use super::ids::Ids;
use super::timestamps::now;

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
    /// What `POST …/pipeline` was given as `variables`.
    pub variables: Vec<Variable>,
}

/// A variable given to a pipeline when it was created.
pub(crate) struct Variable {
    pub key: String,
    pub value: String,
    /// `env_var` or `file`.
    pub variable_type: String,
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
    /// Who started this try (a retry or a play); `None`: whoever triggered the pipeline.
    pub user_id: Option<u64>,
    pub created_at: String,
    pub started_at: Option<String>,
    pub finished_at: Option<String>,
    pub erased_at: Option<String>,
    pub duration: Option<f64>,
    pub queued_duration: Option<f64>,
    pub failure_reason: Option<&'static str>,
    pub coverage: Option<f64>,
    /// The job log (`GET …/jobs/:id/trace`), ANSI colours and section markers included.
    pub log: Arc<str>,
    /// `job_variables_attributes` of the play that started it.
    pub variables: Vec<(String, String)>,
    /// What the job uploaded; a retry starts without any.
    pub artifacts: Option<Artifacts>,
    /// A trigger job (GitLab's bridge): it starts a downstream pipeline instead of running
    /// a script. It counts in the pipeline's status like any job, but the jobs routes leave
    /// it out and `…/bridges` lists it.
    pub trigger: bool,
}

/// Why GitLab refuses a job action.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum JobRefusal {
    NotRetryable,
    Unplayable,
    NotErasable,
}

impl Job {
    /// A job of a new pipeline (or a new try of one), nothing run yet.
    pub fn queued(id: u64, name: &str, stage: &str, status: &'static str, at: &str) -> Job {
        Job {
            id,
            name: name.to_owned(),
            stage: stage.to_owned(),
            status,
            manual: false,
            allow_failure: false,
            retried: false,
            user_id: None,
            created_at: at.to_owned(),
            started_at: None,
            finished_at: None,
            erased_at: None,
            duration: None,
            queued_duration: None,
            failure_reason: None,
            coverage: None,
            log: Arc::from(""),
            variables: Vec::new(),
            artifacts: None,
            trigger: false,
        }
    }

    /// GitLab's `CANCELABLE_STATUSES`: what a cancel stops.
    fn cancelable(&self) -> bool {
        matches!(
            self.status,
            "created" | "pending" | "running" | "preparing" | "waiting_for_resource" | "scheduled"
        )
    }

    /// GitLab's `retryable?`: a finished job (passed, failed or canceled) not yet retried.
    pub fn retryable(&self) -> bool {
        !self.retried && matches!(self.status, "success" | "failed" | "canceled")
    }

    /// GitLab's `playable?`: a manual action that waits to be played, or that ran and may
    /// run again.
    pub fn playable(&self) -> bool {
        self.manual && (matches!(self.status, "manual" | "scheduled") || self.retryable())
    }

    /// GitLab's `erasable?`: complete (`success`, `failed`, `canceled`, `skipped`) with a log
    /// or artifacts left to erase.
    pub fn erasable(&self) -> bool {
        matches!(self.status, "success" | "failed" | "canceled" | "skipped")
            && (!self.log.is_empty() || self.artifacts.is_some())
    }

    /// A failure that does not fail the pipeline (an allowed failure, or a manual job not run).
    fn ignored(&self) -> bool {
        (self.allow_failure && matches!(self.status, "failed" | "canceled"))
            || (self.manual && self.allow_failure && self.status == "manual")
    }

    /// The next try of this job: a new id, `pending`, by `user_id`.
    fn next_try(&self, id: u64, user_id: u64, at: &str) -> Job {
        let mut fresh = Job::queued(id, &self.name, &self.stage, "pending", at);
        fresh.manual = self.manual;
        fresh.allow_failure = self.allow_failure;
        fresh.trigger = self.trigger;
        fresh.user_id = Some(user_id);
        fresh
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

    pub fn job_index(&self, job_id: u64) -> Option<usize> {
        self.jobs.iter().position(|j| j.id == job_id)
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
    /// one is kept as retried, as GitLab does. Nothing to retry is not an error.
    pub fn retry(&mut self, ids: &mut Ids, user_id: u64) {
        let at = now();
        let mut fresh = Vec::new();
        for job in self
            .jobs
            .iter_mut()
            .filter(|j| !j.retried && matches!(j.status, "failed" | "canceled"))
        {
            job.retried = true;
            fresh.push(job.next_try(Ids::next(&mut ids.job), user_id, &at));
        }
        self.jobs.extend(fresh);
        self.refresh();
    }

    /// `POST …/jobs/:id/retry`: the new try's id.
    pub fn retry_job(
        &mut self,
        index: usize,
        ids: &mut Ids,
        user_id: u64,
    ) -> Result<u64, JobRefusal> {
        if !self.jobs[index].retryable() {
            return Err(JobRefusal::NotRetryable);
        }
        let id = Ids::next(&mut ids.job);
        let fresh = self.jobs[index].next_try(id, user_id, &now());
        self.jobs[index].retried = true;
        self.jobs.push(fresh);
        self.refresh();
        Ok(id)
    }

    /// `POST …/jobs/:id/cancel`: stops the job if it may be stopped; GitLab answers with the
    /// job either way.
    pub fn cancel_job(&mut self, index: usize) {
        let job = &mut self.jobs[index];
        if job.cancelable() {
            job.status = "canceled";
            job.finished_at = Some(now());
            self.refresh();
        }
    }

    /// `POST …/jobs/:id/play`: a waiting manual job is queued (with `variables`); one that
    /// already ran is retried, as GitLab's play service does.
    pub fn play_job(
        &mut self,
        index: usize,
        ids: &mut Ids,
        user_id: u64,
        variables: Vec<(String, String)>,
    ) -> Result<(), JobRefusal> {
        let job = &mut self.jobs[index];
        if !job.playable() {
            return Err(JobRefusal::Unplayable);
        }
        if job.retryable() {
            let id = Ids::next(&mut ids.job);
            let mut fresh = job.next_try(id, user_id, &now());
            fresh.variables = variables;
            job.retried = true;
            self.jobs.push(fresh);
        } else {
            job.status = "pending";
            job.user_id = Some(user_id);
            job.variables = variables;
        }
        self.refresh();
        Ok(())
    }

    /// `POST …/jobs/:id/erase`: the log (and artifacts) go, `erased_at` is set.
    pub fn erase_job(&mut self, index: usize) -> Result<(), JobRefusal> {
        let job = &mut self.jobs[index];
        if !job.erasable() {
            return Err(JobRefusal::NotErasable);
        }
        job.log = Arc::from("");
        job.artifacts = None;
        job.erased_at = Some(now());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(status: &'static str, manual: bool) -> Job {
        let mut job = Job::queued(0, status, "test", status, "");
        job.manual = manual;
        job.allow_failure = manual;
        job
    }

    fn status(jobs: &[Job]) -> &'static str {
        composite_status(&jobs.iter().collect::<Vec<_>>())
    }

    fn pipeline(jobs: Vec<Job>) -> Pipeline {
        Pipeline {
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
            jobs,
            variables: Vec::new(),
        }
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
        let mut pipeline = pipeline(vec![
            job("success", false),
            job("running", false),
            job("manual", true),
        ]);
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
        pipeline.retry(&mut ids, 2);
        assert_eq!(pipeline.status, "running");
        assert!(pipeline.jobs[1].retried);
        let latest = pipeline.latest_jobs();
        assert_eq!(latest.len(), 3);
        assert_eq!((latest[2].id, latest[2].status), (11, "pending"));
        assert_eq!(latest[2].user_id, Some(2));
        assert!(pipeline.finished_at.is_none());
    }

    #[test]
    fn job_actions_follow_gitlabs_rules() {
        let mut ids = Ids::default();
        let mut pipeline = pipeline(vec![
            job("running", false),
            job("manual", true),
            job("failed", false),
        ]);
        pipeline.jobs[2].log = Arc::from("boom");
        assert_eq!(
            pipeline.retry_job(0, &mut ids, 1),
            Err(JobRefusal::NotRetryable)
        );
        assert_eq!(
            pipeline.play_job(0, &mut ids, 1, Vec::new()),
            Err(JobRefusal::Unplayable)
        );
        assert_eq!(pipeline.erase_job(0), Err(JobRefusal::NotErasable));
        pipeline.play_job(1, &mut ids, 1, Vec::new()).unwrap();
        assert_eq!(pipeline.jobs[1].status, "pending");
        assert_eq!(
            pipeline.play_job(1, &mut ids, 1, Vec::new()),
            Err(JobRefusal::Unplayable),
            "a queued manual job cannot be played again"
        );
        pipeline.erase_job(2).unwrap();
        assert!(pipeline.jobs[2].log.is_empty() && pipeline.jobs[2].erased_at.is_some());
        assert_eq!(pipeline.erase_job(2), Err(JobRefusal::NotErasable));
        assert_eq!(pipeline.retry_job(2, &mut ids, 1), Ok(1));
        assert_eq!(
            pipeline.retry_job(2, &mut ids, 1),
            Err(JobRefusal::NotRetryable),
            "a retried job is not retried twice"
        );
        pipeline.cancel_job(0);
        assert_eq!(pipeline.jobs[0].status, "canceled");
        // A manual job that ran plays again as a new try, as GitLab's play service retries it.
        let mut ran = job("success", true);
        ran.id = 7;
        let mut pipeline = super::tests::pipeline(vec![ran]);
        pipeline
            .play_job(0, &mut ids, 2, vec![("A".into(), "b".into())])
            .unwrap();
        assert!(pipeline.jobs[0].retried);
        assert_eq!(
            (pipeline.jobs[1].status, pipeline.jobs[1].variables.len()),
            ("pending", 1)
        );
    }
}
