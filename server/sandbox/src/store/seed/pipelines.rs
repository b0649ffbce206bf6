//! The demo's pipelines: jobs of its `.gitlab-ci.yml` with their times and logs.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::{ci_log, junit};
use crate::store::ids::Ids;
use crate::store::people::CURRENT_USER;
use crate::store::pipelines::{Job, Pipeline, composite_status};
use crate::store::timestamps::timestamp;

/// A pipeline of the demo's `.gitlab-ci.yml`: build, then test and lint, then a manual
/// deploy. `outcomes` are build's, test's and lint's: passed, failed, or `None` while not
/// finished (test runs, lint waits).
#[allow(
    clippy::too_many_arguments,
    reason = "one call site, each value named there"
)]
pub(super) fn pipeline(
    ids: &mut Ids,
    iid: u64,
    path: &str,
    ref_name: &str,
    sha: &str,
    before: &str,
    created: SystemTime,
    outcomes: [Option<bool>; 3],
) -> Pipeline {
    let short = &sha[..8];
    let unix = |t: SystemTime| {
        t.duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    };
    let later = |seconds: u64| created + Duration::from_secs(seconds);
    let mut jobs = Vec::new();
    let mut finished = created;
    let stages = [
        ("build", "build", 5, 62),
        ("test", "test", 70, 118),
        ("lint", "test", 70, 51),
    ];
    for ((name, stage, start, took), outcome) in stages.into_iter().zip(outcomes) {
        let running = outcome.is_none() && name == "test";
        let begun = (outcome.is_some() || running).then(|| later(start));
        let ended = outcome.map(|_| later(start + took));
        finished = finished.max(ended.unwrap_or(finished));
        let log = match (name, outcome) {
            ("build", _) => ci_log::build(unix(later(start)), path, ref_name, short),
            ("lint", Some(_)) => ci_log::lint(unix(later(start)), path, ref_name, short),
            ("test", Some(true)) => ci_log::test_passed(unix(later(start)), path, ref_name, short),
            ("test", Some(false)) => ci_log::test_failed(unix(later(start)), path, ref_name, short),
            ("test", None) => ci_log::test_running(unix(later(start)), path, ref_name, short),
            _ => String::new(),
        };
        jobs.push(Job {
            id: Ids::next(&mut ids.job),
            name: name.to_owned(),
            stage: stage.to_owned(),
            status: match (outcome, running) {
                (Some(true), _) => "success",
                (Some(false), _) => "failed",
                (None, true) => "running",
                (None, false) => "pending",
            },
            manual: false,
            allow_failure: false,
            retried: false,
            user_id: None,
            created_at: timestamp(created),
            started_at: begun.map(timestamp),
            finished_at: ended.map(timestamp),
            erased_at: None,
            duration: outcome.map(|_| took as f64 + 0.42),
            queued_duration: begun.map(|_| 1.37),
            failure_reason: (outcome == Some(false)).then_some("script_failure"),
            coverage: None,
            log: Arc::from(log),
            variables: Vec::new(),
            // A finished `test` job uploads its report with `expire_in: 1 year`. Nothing
            // expires by itself in the sandbox: they stay readable until deleted or erased.
            artifacts: match (name, outcome, ended) {
                ("test", Some(passed), Some(ended)) => Some(junit::test_artifacts(
                    passed,
                    timestamp(ended + Duration::from_secs(365 * 86_400)),
                )),
                _ => None,
            },
            trigger: false,
        });
    }
    let done = outcomes.iter().all(Option::is_some);
    jobs.push(Job {
        id: Ids::next(&mut ids.job),
        name: "deploy".to_owned(),
        stage: "deploy".to_owned(),
        status: if done { "manual" } else { "created" },
        manual: true,
        allow_failure: true,
        retried: false,
        user_id: None,
        created_at: timestamp(created),
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
    });
    let mut pipeline = Pipeline {
        id: Ids::next(&mut ids.pipeline),
        iid,
        sha: sha.to_owned(),
        ref_name: ref_name.to_owned(),
        tag: false,
        status: "created",
        source: "push",
        user_id: CURRENT_USER,
        before_sha: before.to_owned(),
        created_at: timestamp(created),
        updated_at: timestamp(finished),
        started_at: Some(timestamp(later(5))),
        finished_at: done.then(|| timestamp(finished)),
        duration: done.then(|| unix(finished) - unix(later(5))),
        queued_duration: Some(1.37),
        jobs,
        variables: Vec::new(),
    };
    pipeline.status = composite_status(&pipeline.latest_jobs());
    pipeline
}
