//! `/projects/:id/pipelines[/:pipeline_id[/retry|/cancel|/jobs|/variables]]`, `/pipelines/latest`
//! and `POST /projects/:id/pipeline` (singular, as GitLab has it).

use std::time::SystemTime;

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::Value;

use super::refusals::{path_number, record_not_found};
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::ci_config::NewPipeline;
use crate::store::pipelines::{Pipeline, Variable};
use crate::store::test_reports;
use crate::store::{CURRENT_USER, Store, parse_time};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/pipelines", get(list))
        .route("/projects/{id}/pipeline", post(create))
        .route("/projects/{id}/pipelines/latest", get(latest))
        .route(
            "/projects/{id}/pipelines/{pipeline_id}",
            get(show).delete(remove),
        )
        .route("/projects/{id}/pipelines/{pipeline_id}/retry", post(retry))
        .route(
            "/projects/{id}/pipelines/{pipeline_id}/cancel",
            post(cancel),
        )
        .route("/projects/{id}/pipelines/{pipeline_id}/jobs", get(jobs))
        // `trigger_jobs` is the name GitLab gives the list from 19.2 on; `bridges` stays.
        .route(
            "/projects/{id}/pipelines/{pipeline_id}/trigger_jobs",
            get(bridges),
        )
        .route(
            "/projects/{id}/pipelines/{pipeline_id}/bridges",
            get(bridges),
        )
        .route(
            "/projects/{id}/pipelines/{pipeline_id}/test_report_summary",
            get(test_report_summary),
        )
        .route(
            "/projects/{id}/pipelines/{pipeline_id}/variables",
            get(variables),
        )
}

/// GitLab's pipeline and job statuses (`Ci::HasStatus::AVAILABLE_STATUSES`, with the newer
/// `waiting_for_callback` and `canceling`).
pub(crate) const STATUSES: &[&str] = &[
    "created",
    "waiting_for_resource",
    "preparing",
    "waiting_for_callback",
    "pending",
    "running",
    "success",
    "failed",
    "canceling",
    "canceled",
    "skipped",
    "manual",
    "scheduled",
];

const SOURCES: &[&str] = &[
    "push",
    "web",
    "trigger",
    "schedule",
    "api",
    "external",
    "pipeline",
    "chat",
    "webide",
    "merge_request_event",
    "external_pull_request_event",
    "parent_pipeline",
    "ondemand_dast_scan",
    "ondemand_dast_validation",
    "security_orchestration_policy",
    "container_registry_push",
    "duo_workflow",
    "pipeline_execution_policy_schedule",
    "unknown",
];

/// Filters as GitLab's pipelines finder applies them: `scope` (`running`, `pending`,
/// `finished` = success, failed or canceled; `branches` / `tags`: the latest pipeline of each
/// existing branch or tag), `status`, `ref`, `sha`, `username` (who triggered it), `source`,
/// `name`, `yaml_errors`, `updated_*` / `created_*` bounds; `order_by` id (default), status,
/// ref, updated_at or user_id; `sort` desc (default) or asc.
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let scope = params.choice(
            "scope",
            &["running", "pending", "finished", "branches", "tags"],
        )?;
        let status = params.choice("status", STATUSES)?;
        let reference = params.text("ref")?;
        let sha = params.text("sha")?;
        let yaml_errors = params.bool("yaml_errors")?;
        let username = params.text("username")?;
        let updated_before = params.time("updated_before")?;
        let updated_after = params.time("updated_after")?;
        let created_before = params.time("created_before")?;
        let created_after = params.time("created_after")?;
        let order_by = params
            .choice(
                "order_by",
                &["id", "status", "ref", "updated_at", "user_id"],
            )?
            .unwrap_or_else(|| "id".to_owned());
        let ascending = params.choice("sort", &["asc", "desc"])?.as_deref() == Some("asc");
        let source = params.choice("source", SOURCES)?;
        let name = params.text("name")?;
        let project = store.project(&id)?;
        let user = match &username {
            Some(name) => match store.user_named(name) {
                Some(user) => Some(user.id),
                // GitLab: an unknown username matches no pipeline.
                None => return paginate(Vec::new(), &params, &store.base, &uri),
            },
            None => None,
        };
        let at = |text: &str| parse_time(text).unwrap_or(SystemTime::UNIX_EPOCH);
        let mut pipelines: Vec<&Pipeline> = project
            .pipelines
            .values()
            .filter(|p| match scope.as_deref() {
                Some("running") => p.status == "running",
                Some("pending") => p.status == "pending",
                Some("finished") => matches!(p.status, "success" | "failed" | "canceled"),
                Some("branches") => latest_for_ref(project, p, false),
                Some("tags") => latest_for_ref(project, p, true),
                _ => true,
            })
            .filter(|p| status.as_deref().is_none_or(|s| s == p.status))
            .filter(|p| reference.as_deref().is_none_or(|r| r == p.ref_name))
            .filter(|p| sha.as_deref().is_none_or(|s| s == p.sha))
            .filter(|p| user.is_none_or(|u| u == p.user_id))
            .filter(|p| source.as_deref().is_none_or(|s| s == p.source))
            // Sandbox pipelines have no names and no YAML errors.
            .filter(|_| name.is_none() && yaml_errors != Some(true))
            .filter(|p| updated_before.is_none_or(|t| at(&p.updated_at) < t))
            .filter(|p| updated_after.is_none_or(|t| at(&p.updated_at) > t))
            .filter(|p| created_before.is_none_or(|t| at(&p.created_at) < t))
            .filter(|p| created_after.is_none_or(|t| at(&p.created_at) > t))
            .collect();
        pipelines.sort_by(|a, b| {
            let key = |p: &Pipeline| match order_by.as_str() {
                "status" => p.status.to_owned(),
                "ref" => p.ref_name.clone(),
                "updated_at" => p.updated_at.clone(),
                "user_id" => format!("{:020}", p.user_id),
                _ => String::new(),
            };
            (key(a), a.id).cmp(&(key(b), b.id))
        });
        if !ascending {
            pipelines.reverse();
        }
        let items = pipelines
            .into_iter()
            .map(|p| store.pipeline_list_json(project, p))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// Whether `pipeline` is the newest of its ref, for a ref that still exists as a branch
/// (`tags`: a tag).
fn latest_for_ref(project: &crate::store::Project, pipeline: &Pipeline, tags: bool) -> bool {
    let repository = &project.repository;
    let exists = if tags {
        repository.tags.contains_key(&pipeline.ref_name)
    } else {
        repository.branches.contains_key(&pipeline.ref_name)
    };
    exists
        && pipeline.tag == tags
        && project
            .pipelines
            .values()
            .filter(|p| p.ref_name == pipeline.ref_name && p.tag == tags)
            .all(|p| p.id <= pipeline.id)
}

/// `ref` (required) must be a branch or tag holding a `.gitlab-ci.yml`; `variables` are
/// `[{key, value, variable_type}]`, `variable_type` `env_var` (default) or `file`. GitLab
/// refuses with `{"message": {"base": [reason]}}`.
async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["ref"])?;
        let reference = params.str("ref")?.unwrap_or_default();
        let mut variables = Vec::new();
        for (index, row) in params
            .hashes("variables")?
            .unwrap_or_default()
            .into_iter()
            .enumerate()
        {
            let field = |name: &str| -> Result<Option<String>, ApiError> {
                match row.get(name) {
                    None | Some(Value::Null) => Ok(None),
                    Some(Value::String(s)) => Ok(Some(s.clone())),
                    Some(Value::Number(n)) => Ok(Some(n.to_string())),
                    Some(Value::Bool(b)) => Ok(Some(b.to_string())),
                    Some(_) => Err(crate::params::invalid(&format!(
                        "variables[{index}][{name}]"
                    ))),
                }
            };
            let variable_type = field("variable_type")?.unwrap_or_else(|| "env_var".to_owned());
            if !["env_var", "file"].contains(&variable_type.as_str()) {
                return Err(ApiError::error(format!(
                    "variables[{index}][variable_type] does not have a valid value"
                )));
            }
            variables.push(Variable {
                key: field("key")?.unwrap_or_default(),
                value: field("value")?.unwrap_or_default(),
                variable_type,
            });
        }
        let project_id = store.project_id(&id)?;
        if variables.iter().any(|v| v.key.trim().is_empty()) {
            return Err(base(
                "Failed to persist the pipeline: Validation failed: Variables key can't be blank",
            ));
        }
        let new = NewPipeline {
            reference,
            variables,
            user_id: CURRENT_USER,
        };
        let pipeline_id = store
            .create_pipeline(project_id, new)
            .map_err(|e| base(&e))?;
        Ok(ok(
            StatusCode::CREATED,
            render(store, project_id, pipeline_id),
        ))
    })
}

fn base(reason: &str) -> ApiError {
    ApiError::fields(&[("base", reason)])
}

async fn show(
    State(app): State<App>,
    Path((id, pipeline_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, pipeline_id) = find(store, &id, &pipeline_id)?;
        Ok(ok(StatusCode::OK, render(store, project_id, pipeline_id)))
    })
}

/// The newest pipeline of `ref` (default: the default branch).
async fn latest(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let reference = params.text("ref")?;
        let project = store.project(&id)?;
        let reference = reference.unwrap_or_else(|| project.default_branch.clone());
        let newest = project
            .pipelines
            .values()
            .rev()
            .find(|p| p.ref_name == reference)
            .ok_or_else(record_not_found)?;
        Ok(ok(StatusCode::OK, store.pipeline_json(project, newest)))
    })
}

/// GitLab answers 204; the pipeline's jobs (and their logs) go with it.
async fn remove(
    State(app): State<App>,
    Path((id, pipeline_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, pipeline_id) = find(store, &id, &pipeline_id)?;
        let project = store.project_mut(project_id);
        project.pipelines.remove(&pipeline_id);
        project.touch();
        Ok(no_content())
    })
}

/// Failed and canceled jobs get new tries; 201 even when there was nothing to retry.
async fn retry(
    State(app): State<App>,
    Path((id, pipeline_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, pipeline_id) = find(store, &id, &pipeline_id)?;
        let ids = &mut store.ids;
        let project = store.projects.get_mut(&project_id).expect("found above");
        let pipeline = project
            .pipelines
            .get_mut(&pipeline_id)
            .expect("found above");
        pipeline.retry(ids, CURRENT_USER);
        project.touch();
        Ok(ok(
            StatusCode::CREATED,
            render(store, project_id, pipeline_id),
        ))
    })
}

/// 200, as GitLab answers, even when nothing was left to cancel.
async fn cancel(
    State(app): State<App>,
    Path((id, pipeline_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, pipeline_id) = find(store, &id, &pipeline_id)?;
        let project = store.project_mut(project_id);
        project
            .pipelines
            .get_mut(&pipeline_id)
            .expect("found above")
            .cancel();
        project.touch();
        Ok(ok(StatusCode::OK, render(store, project_id, pipeline_id)))
    })
}

/// The pipeline's jobs, newest id first; the latest try of each unless `include_retried`;
/// `scope` one status or several (`scope[]=failed&scope[]=canceled`).
async fn jobs(
    State(app): State<App>,
    Path((id, pipeline_id)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let scope = job_scope(&params)?;
        let include_retried = params.bool("include_retried")?.unwrap_or(false);
        let (project_id, pipeline_id) = find(store, &id, &pipeline_id)?;
        let project = &store.projects[&project_id];
        let pipeline = &project.pipelines[&pipeline_id];
        let items = pipeline
            .jobs
            .iter()
            .rev()
            .filter(|j| !j.trigger)
            .filter(|j| include_retried || !j.retried)
            .filter(|j| {
                scope
                    .as_ref()
                    .is_none_or(|s| s.iter().any(|s| s == j.status))
            })
            .map(|j| store.job_json(project, pipeline, j))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// The pipeline's trigger jobs (bridges), newest first, the latest try of each; `scope` as
/// for jobs.
async fn bridges(
    State(app): State<App>,
    Path((id, pipeline_id)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let scope = job_scope(&params)?;
        let (project_id, pipeline_id) = find(store, &id, &pipeline_id)?;
        let project = &store.projects[&project_id];
        let pipeline = &project.pipelines[&pipeline_id];
        let items = pipeline
            .jobs
            .iter()
            .rev()
            .filter(|j| j.trigger && !j.retried)
            .filter(|j| {
                scope
                    .as_ref()
                    .is_none_or(|s| s.iter().any(|s| s == j.status))
            })
            .map(|j| store.bridge_json(project, pipeline, j))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// The totals of the JUnit reports of the pipeline's jobs, one suite per job name.
async fn test_report_summary(
    State(app): State<App>,
    Path((id, pipeline_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, pipeline_id) = find(store, &id, &pipeline_id)?;
        let pipeline = &store.projects[&project_id].pipelines[&pipeline_id];
        Ok(ok(
            StatusCode::OK,
            test_reports::test_report_summary(pipeline),
        ))
    })
}

/// The variables the pipeline was created with; not paginated.
async fn variables(
    State(app): State<App>,
    Path((id, pipeline_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, pipeline_id) = find(store, &id, &pipeline_id)?;
        let pipeline = &store.projects[&project_id].pipelines[&pipeline_id];
        let items: Vec<Value> = pipeline.variables.iter().map(Variable::json).collect();
        Ok(ok(StatusCode::OK, Value::Array(items)))
    })
}

/// Job `scope`: one status or a list of them, each one of GitLab's statuses.
pub(crate) fn job_scope(params: &Params) -> Result<Option<Vec<String>>, ApiError> {
    let Some(scope) = params.labels("scope")? else {
        return Ok(None);
    };
    if scope.iter().any(|s| !STATUSES.contains(&s.as_str())) {
        return Err(ApiError::error("scope does not have a valid value"));
    }
    Ok((!scope.is_empty()).then_some(scope))
}

fn find(store: &Store, id: &str, pipeline_id: &str) -> Result<(u64, u64), ApiError> {
    let project_id = store.project_id(id)?;
    let pipeline_id = path_number("pipeline_id", pipeline_id)?;
    if store.projects[&project_id]
        .pipelines
        .contains_key(&pipeline_id)
    {
        Ok((project_id, pipeline_id))
    } else {
        Err(record_not_found())
    }
}

fn render(store: &Store, project_id: u64, pipeline_id: u64) -> Value {
    let project = &store.projects[&project_id];
    store.pipeline_json(project, &project.pipelines[&pipeline_id])
}
