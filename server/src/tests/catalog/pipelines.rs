//! The `pipelines` toolset as requests: every pipeline and job action turns its arguments
//! into exactly GitLab's call, or refuses them naming the field, before anything is sent.

use crate::catalog::{Output, Toolset};
use crate::tests::catalog_support::{
    Class, action, assert_toolset, pairs, prepare, prepared, refused,
};
use reqwest::Method;
use serde_json::json;

#[test]
fn every_action_of_the_toolset_and_its_class() {
    use Class::{Destructive, Read, Write};
    assert_toolset(
        Toolset::Pipelines,
        &[
            ("pipeline.list", Read),
            ("pipeline.get", Read),
            ("pipeline.latest", Read),
            ("pipeline.create", Write),
            ("pipeline.retry", Write),
            ("pipeline.cancel", Destructive),
            ("pipeline.delete", Destructive),
            ("pipeline.job_list", Read),
            ("pipeline.variable_list", Read),
            ("pipeline.lint", Write),
            ("pipeline.lint_project", Read),
            ("job.list", Read),
            ("job.get", Read),
            ("job.log", Read),
            ("job.retry", Write),
            ("job.cancel", Destructive),
            ("job.play", Write),
            ("job.erase", Destructive),
            ("job.artifact_file", Read),
            ("job.artifacts_keep", Write),
            ("job.artifacts_delete", Destructive),
            ("pipeline.bridge_list", Read),
            ("pipeline.test_report_summary", Read),
            ("pipeline.wait", Read),
            ("job.wait", Read),
            ("variable.list", Read),
            ("variable.get", Read),
            ("variable.create", Write),
            ("variable.update", Write),
            ("variable.delete", Destructive),
            ("variable.group_list", Read),
            ("variable.group_get", Read),
            ("variable.group_create", Write),
            ("variable.group_update", Write),
            ("variable.group_delete", Destructive),
            ("schedule.list", Read),
            ("schedule.get", Read),
            ("schedule.create", Write),
            ("schedule.update", Write),
            ("schedule.delete", Destructive),
            ("schedule.play", Write),
            ("schedule.take_ownership", Write),
            ("trigger_token.list", Read),
            ("trigger_token.get", Read),
            ("trigger_token.create", Write),
            ("trigger_token.update", Write),
            ("trigger_token.delete", Destructive),
            ("environment.list", Read),
            ("environment.get", Read),
            ("environment.create", Write),
            ("environment.update", Write),
            ("environment.delete", Destructive),
            ("environment.stop", Destructive),
            ("environment.stop_stale", Destructive),
            ("deployment.list", Read),
            ("deployment.get", Read),
            ("deployment.create", Write),
            ("deployment.update", Write),
            ("deployment.merge_request_list", Read),
            ("freeze_period.list", Read),
            ("freeze_period.get", Read),
            ("freeze_period.create", Write),
            ("freeze_period.update", Write),
            ("freeze_period.delete", Destructive),
            ("protected_environment.list", Read),
            ("protected_environment.get", Read),
            ("protected_environment.protect", Write),
            ("protected_environment.update", Write),
            ("protected_environment.unprotect", Destructive),
            ("protected_environment.group_list", Read),
            ("protected_environment.group_get", Read),
            ("deployment.approve", Destructive),
            ("deployment.reject", Destructive),
            ("feature_flag.list", Read),
            ("feature_flag.get", Read),
            ("feature_flag.create", Write),
            ("feature_flag.update", Write),
            ("feature_flag.delete", Destructive),
            ("feature_flag_user_list.list", Read),
            ("feature_flag_user_list.get", Read),
            ("feature_flag_user_list.create", Write),
            ("feature_flag_user_list.update", Write),
            ("feature_flag_user_list.delete", Destructive),
        ],
    );
}

#[test]
fn pipelines_are_listed_with_every_filter_in_the_query() {
    let request = prepared(
        "pipeline.list",
        json!({
            "project_id": "demo/sandbox", "ref": "main", "status": "failed", "scope": "finished",
            "sha": "a91957a8", "source": "merge_request_event", "username": "jane",
            "updated_after": "2026-07-01", "updated_before": "2026-07-28T12:00:00Z",
            "order_by": "updated_at", "sort": "asc", "page": 2, "per_page": 50
        }),
    );
    assert_eq!(request.method, Method::GET);
    assert_eq!(request.path, ["projects", "demo/sandbox", "pipelines"]);
    assert_eq!(
        request.query,
        pairs(&[
            ("order_by", "updated_at"),
            ("page", "2"),
            ("per_page", "50"),
            ("ref", "main"),
            ("scope", "finished"),
            ("sha", "a91957a8"),
            ("sort", "asc"),
            ("source", "merge_request_event"),
            ("status", "failed"),
            ("updated_after", "2026-07-01"),
            ("updated_before", "2026-07-28T12:00:00Z"),
            ("username", "jane"),
        ])
    );
    assert_eq!(request.body, None);
    let bare = prepared("pipeline.list", json!({"project_id": 7}));
    assert_eq!(bare.path, ["projects", "7", "pipelines"]);
    assert!(bare.query.is_empty(), "unset filters are not sent");
    assert_eq!(action("pipeline.list").output, Output::List);
}

#[test]
fn one_pipeline_and_the_latest_of_a_branch() {
    let get = prepared(
        "pipeline.get",
        json!({"project_id": "demo/sandbox", "pipeline_id": 46}),
    );
    assert_eq!(
        (get.method, get.path),
        (
            Method::GET,
            strings(&["projects", "demo/sandbox", "pipelines", "46"])
        )
    );
    let latest = prepared(
        "pipeline.latest",
        json!({"project_id": "demo/sandbox", "ref": "release/1.0"}),
    );
    assert_eq!(
        latest.path,
        ["projects", "demo/sandbox", "pipelines", "latest"]
    );
    assert_eq!(latest.query, pairs(&[("ref", "release/1.0")]));
    let default_branch = prepared("pipeline.latest", json!({"project_id": 1}));
    assert!(default_branch.query.is_empty());
}

fn strings(parts: &[&str]) -> Vec<String> {
    parts.iter().map(|part| (*part).to_owned()).collect()
}

#[test]
fn a_pipeline_is_created_on_a_ref_with_typed_variables() {
    let request = prepared(
        "pipeline.create",
        json!({
            "project_id": "demo/sandbox", "ref": "main",
            "variables": [
                {"key": "DEPLOY_ENV", "value": "staging"},
                {"key": "KUBECONFIG_1", "value": "apiVersion: v1", "variable_type": "file"}
            ]
        }),
    );
    assert_eq!(request.method, Method::POST);
    // GitLab's path is singular: `pipeline`, not `pipelines`.
    assert_eq!(request.path, ["projects", "demo/sandbox", "pipeline"]);
    assert_eq!(
        request.body,
        Some(json!({
            "ref": "main",
            "variables": [
                {"key": "DEPLOY_ENV", "value": "staging"},
                {"key": "KUBECONFIG_1", "value": "apiVersion: v1", "variable_type": "file"}
            ]
        }))
    );
    assert!(request.query.is_empty());
}

#[test]
fn pipeline_creation_refuses_what_gitlab_would() {
    assert_eq!(
        refused("pipeline.create", json!({"project_id": 1})),
        "invalid parameters for `pipeline.create`: missing field `ref`"
    );
    let error = refused(
        "pipeline.create",
        json!({"project_id": 1, "ref": "main", "variables": [
            {"key": "OK", "value": "1"}, {"key": "DEPLOY-ENV", "value": "x"}
        ]}),
    );
    assert_eq!(
        error,
        "invalid parameters for `pipeline.create`: `variables[1].key`: `DEPLOY-ENV` is not a variable name; use only letters, digits and `_` (such as `DEPLOY_ENV`)"
    );
    let error = refused(
        "pipeline.create",
        json!({"project_id": 1, "ref": "main", "variables": [
            {"key": "A", "value": "1", "variable_type": "secret"}
        ]}),
    );
    assert!(
        error.starts_with(
            "invalid parameters for `pipeline.create`: `variables[0].variable_type`: unknown variant `secret`, expected"
        ),
        "{error}"
    );
    let error = refused(
        "pipeline.create",
        json!({"project_id": 1, "ref": "main", "variables": [{"key": "A", "value": "1", "masked": true}]}),
    );
    assert!(
        error.contains("`variables[0].masked`: unknown field `masked`"),
        "{error}"
    );
    let error = refused(
        "pipeline.create",
        json!({"project_id": 1, "ref": "main", "variables": {"A": "1"}}),
    );
    assert!(error.contains("`variables`: invalid type: map"), "{error}");
}

#[test]
fn retry_cancel_and_delete_name_the_pipeline() {
    for (id, method, last) in [
        ("pipeline.retry", Method::POST, Some("retry")),
        ("pipeline.cancel", Method::POST, Some("cancel")),
        ("pipeline.delete", Method::DELETE, None),
    ] {
        let request = prepared(id, json!({"project_id": "demo/sandbox", "pipeline_id": 46}));
        let mut path = strings(&["projects", "demo/sandbox", "pipelines", "46"]);
        path.extend(last.map(str::to_owned));
        assert_eq!((&request.method, &request.path), (&method, &path), "{id}");
        assert_eq!(request.body, None, "{id} sends nothing more");
        assert!(request.query.is_empty(), "{id}");
    }
    assert_eq!(action("pipeline.delete").output, Output::Deleted);
    assert_eq!(action("pipeline.cancel").output, Output::Object);
}

#[test]
fn the_jobs_of_a_pipeline_filter_by_status_as_a_list() {
    let request = prepared(
        "pipeline.job_list",
        json!({"project_id": "demo/sandbox", "pipeline_id": 46, "scope": ["failed", "canceled"], "include_retried": true, "per_page": 100}),
    );
    assert_eq!(request.method, Method::GET);
    assert_eq!(
        request.path,
        ["projects", "demo/sandbox", "pipelines", "46", "jobs"]
    );
    assert_eq!(
        request.query,
        pairs(&[
            ("include_retried", "true"),
            ("per_page", "100"),
            ("scope[]", "failed"),
            ("scope[]", "canceled"),
        ])
    );
    let error = refused(
        "pipeline.job_list",
        json!({"project_id": 1, "pipeline_id": 46, "scope": ["broken"]}),
    );
    assert!(
        error.starts_with(
            "invalid parameters for `pipeline.job_list`: `scope[0]`: unknown variant `broken`, expected one of `created`"
        ),
        "{error}"
    );
    let error = refused(
        "pipeline.job_list",
        json!({"project_id": 1, "pipeline_id": 46, "scope": "failed"}),
    );
    assert!(error.contains("`scope`: invalid type: string"), "{error}");
    assert_eq!(action("pipeline.job_list").output, Output::List);
}

#[test]
fn project_jobs_and_one_job() {
    let list = prepared(
        "job.list",
        json!({"project_id": "demo/sandbox", "scope": ["running"], "page": 3}),
    );
    assert_eq!(list.path, ["projects", "demo/sandbox", "jobs"]);
    assert_eq!(list.query, pairs(&[("page", "3"), ("scope[]", "running")]));
    let get = prepared(
        "job.get",
        json!({"project_id": "demo/sandbox", "job_id": 7}),
    );
    assert_eq!(
        (get.method, get.path),
        (
            Method::GET,
            strings(&["projects", "demo/sandbox", "jobs", "7"])
        )
    );
}

#[test]
fn the_log_is_the_trace_and_tail_lines_stays_ours() {
    let request = prepared(
        "job.log",
        json!({"project_id": "demo/sandbox", "job_id": 7, "tail_lines": 50}),
    );
    assert_eq!(request.method, Method::GET);
    assert_eq!(
        request.path,
        ["projects", "demo/sandbox", "jobs", "7", "trace"]
    );
    assert!(request.query.is_empty(), "`tail_lines` is not GitLab's");
    let log = action("job.log");
    assert_eq!(log.output, Output::JobLog);
    let tail_lines = &log.input_schema()["properties"]["tail_lines"];
    assert_eq!(tail_lines["minimum"], 1);
    assert_eq!(tail_lines["maximum"], 10_000);
    assert!(
        tail_lines.get("default").is_none(),
        "without it: the first error and the end"
    );
    assert_eq!(
        refused(
            "job.log",
            json!({"project_id": 1, "job_id": 7, "tail_lines": 0})
        ),
        "invalid parameters for `job.log`: `tail_lines`: must be between 1 and 10000 lines, got 0"
    );
    assert!(
        refused(
            "job.log",
            json!({"project_id": 1, "job_id": 7, "tail_lines": 10_001})
        )
        .contains("`tail_lines`: must be between 1 and 10000")
    );
}

#[test]
fn job_retry_cancel_play_and_erase() {
    for (id, verb) in [
        ("job.retry", "retry"),
        ("job.cancel", "cancel"),
        ("job.play", "play"),
        ("job.erase", "erase"),
    ] {
        let request = prepared(id, json!({"project_id": "demo/sandbox", "job_id": 7}));
        assert_eq!(request.method, Method::POST, "{id}");
        assert_eq!(
            request.path,
            ["projects", "demo/sandbox", "jobs", "7", verb],
            "{id}"
        );
        assert_eq!(request.body, None, "{id}");
    }
    let cancel = prepared(
        "job.cancel",
        json!({"project_id": 1, "job_id": 7, "force": true}),
    );
    assert_eq!(cancel.body, Some(json!({"force": true})));
    let play = prepared(
        "job.play",
        json!({"project_id": 1, "job_id": 7, "job_variables_attributes": [{"key": "TARGET", "value": "eu-1"}]}),
    );
    assert_eq!(
        play.body,
        Some(json!({"job_variables_attributes": [{"key": "TARGET", "value": "eu-1"}]}))
    );
    let error = refused(
        "job.play",
        json!({"project_id": 1, "job_id": 7, "job_variables_attributes": [{"key": "A", "value": "1", "variable_type": "file"}]}),
    );
    assert!(
        error.contains(
            "`job_variables_attributes[0].variable_type`: unknown field `variable_type`, expected `key` or `value`"
        ),
        "{error}"
    );
    let error = refused(
        "job.play",
        json!({"project_id": 1, "job_id": 7, "job_variables_attributes": [{"key": "", "value": "1"}]}),
    );
    assert!(
        error.contains("`job_variables_attributes[0].key`: `` is not a variable name"),
        "{error}"
    );
}

#[test]
fn ids_are_checked_and_unknown_parameters_refused() {
    assert_eq!(
        refused("pipeline.get", json!({"project_id": 1})),
        "invalid parameters for `pipeline.get`: missing field `pipeline_id`"
    );
    assert_eq!(
        refused("job.get", json!({"project_id": 1, "job_id": "7"})),
        "invalid parameters for `job.get`: `job_id`: invalid type: string \"7\", expected u64"
    );
    assert_eq!(
        refused(
            "job.retry",
            json!({"project_id": 1, "job_id": 7, "pipeline_id": 3})
        ),
        "invalid parameters for `job.retry`: unknown parameter `pipeline_id`; expected `project_id`, `job_id`"
    );
    let error = refused("pipeline.list", json!({"project_id": 1, "status": "red"}));
    assert!(error.contains("`status`: unknown variant `red`"), "{error}");
    let error = refused(
        "pipeline.list",
        json!({"project_id": 1, "updated_after": "last week"}),
    );
    assert!(
        error.contains("`updated_after`: expected an ISO 8601 date"),
        "{error}"
    );
    assert!(
        refused("pipeline.list", json!({"project_id": 1, "per_page": 0}))
            .contains("`per_page`: must be between 1 and 100")
    );
    assert!(
        prepare("pipeline.list", json!({"project_id": ""}))
            .unwrap_err()
            .contains("`project_id`: ")
    );
}

/// What GitLab refuses with a 400 is refused first, with GitLab's reason and what to send
/// instead; nothing is built.
#[test]
fn filters_gitlab_takes_one_at_a_time_are_refused_first() {
    let error = refused(
        "environment.list",
        json!({"project_id": 1, "name": "production", "search": "prod"}),
    );
    assert!(
        error.contains("`name` and `search` go one at a time"),
        "{error}"
    );
    let error = refused("environment.list", json!({"project_id": 1, "search": "pr"}));
    assert!(error.contains("3 characters"), "{error}");
    let error = refused(
        "deployment.list",
        json!({"project_id": 1, "updated_after": "2026-01-01"}),
    );
    assert!(error.contains("order_by: updated_at"), "{error}");
    prepared(
        "deployment.list",
        json!({"project_id": 1, "updated_after": "2026-01-01", "order_by": "updated_at"}),
    );
    for status in ["created", "blocked"] {
        let error = refused(
            "deployment.update",
            json!({"project_id": 1, "deployment_id": 1, "status": status}),
        );
        assert!(error.contains("unknown variant"), "{status}: {error}");
    }
}

/// A variable of one key among several scopes is named by its scope, as GitLab reads it.
#[test]
fn a_variable_is_named_by_its_scope() {
    let get = prepared(
        "variable.get",
        json!({"project_id": 1, "key": "TOKEN", "filter": {"environment_scope": "production"}}),
    );
    assert_eq!(
        get.query,
        pairs(&[("filter[environment_scope]", "production")])
    );
    let update = prepared(
        "variable.group_update",
        json!({"group_id": 4, "key": "TOKEN", "value": "x", "filter": {"environment_scope": "*"}}),
    );
    assert_eq!(
        update.body,
        Some(json!({"value": "x", "filter": {"environment_scope": "*"}}))
    );
}

/// A pipeline's trigger jobs are read where GitLab serves them, by one state or several;
/// a lint can simulate a pipeline on a ref.
#[test]
fn trigger_jobs_and_lint_options() {
    let one = prepared(
        "pipeline.bridge_list",
        json!({"project_id": 1, "pipeline_id": 2, "scope": "failed"}),
    );
    assert_eq!(
        one.path,
        strings(&["projects", "1", "pipelines", "2", "trigger_jobs"])
    );
    assert_eq!(one.query, pairs(&[("scope[]", "failed")]));
    let many = prepared(
        "pipeline.bridge_list",
        json!({"project_id": 1, "pipeline_id": 2, "scope": ["failed", "success"]}),
    );
    assert_eq!(
        many.query,
        pairs(&[("scope[]", "failed"), ("scope[]", "success")])
    );
    let lint = prepared(
        "pipeline.lint_project",
        json!({"project_id": 1, "dry_run": true, "dry_run_ref": "main", "include_jobs": true}),
    );
    assert_eq!(
        lint.query,
        pairs(&[
            ("dry_run", "true"),
            ("dry_run_ref", "main"),
            ("include_jobs", "true")
        ])
    );
}

/// An instance older than 19.2 has a pipeline's trigger jobs at `…/bridges` only: the
/// version it answers decides the name sent.
#[tokio::test]
async fn an_older_gitlab_is_asked_for_bridges() {
    use gitlab_sandbox::FaultSpec;

    use crate::surfaces::SurfaceKind;
    use crate::tests::common::mcp::Harness;

    let harness = Harness::new(SurfaceKind::Individual).await;
    harness.sandbox.fail_matching(
        Method::GET,
        "/version",
        FaultSpec::raw(200, r#"{"version": "19.1.4-ee", "revision": "x"}"#),
    );
    harness
        .ok(
            "pipeline.bridge_list",
            json!({"project_id": 1, "pipeline_id": 2}),
        )
        .await;
    let sent: Vec<String> = harness
        .sandbox
        .requests()
        .iter()
        .map(|r| r.raw_path.clone())
        .collect();
    assert!(
        sent.iter()
            .any(|path| path.ends_with("/pipelines/2/bridges")),
        "{sent:?}"
    );
}
