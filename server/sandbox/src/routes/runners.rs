//! CI runners: `/runners[/:id[/jobs|/managers]]`, `/projects/:id/runners[/:runner_id]` and
//! `/groups/:id/runners`. The sandbox's user acts without administrator rights here (see
//! `store::runners`): it lists, changes and deletes the runners of what it maintains,
//! reads the instance's, and enables a project runner for another of its projects unless
//! the runner is locked.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::{Value, json};

use crate::app::App;
use crate::pagination::paginate;
use crate::param_rules::{self, Rule};
use crate::params::{Params, invalid};
use crate::reply::{ApiError, no_content, ok};
use crate::store::Store;
use crate::store::runners::{PROJECT_RUNNER, Runner, RunnerScope};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/runners", get(owned))
        .route("/runners/{runner_id}", get(show).put(update).delete(remove))
        .route("/runners/{runner_id}/jobs", get(jobs))
        .route("/runners/{runner_id}/managers", get(managers))
        .route("/projects/{id}/runners", get(project_list).post(enable))
        .route(
            "/projects/{id}/runners/{runner_id}",
            axum::routing::delete(disable),
        )
        .route("/groups/{id}/runners", get(group_list))
}

const TYPES: &[&str] = &["instance_type", "group_type", "project_type"];
/// `Ci::Runner::AVAILABLE_STATUSES_INCL_DEPRECATED`.
const STATUSES: &[&str] = &[
    "active",
    "paused",
    "online",
    "offline",
    "never_contacted",
    "stale",
];
/// `Ci::Runner::AVAILABLE_SCOPES`: the legacy types, the types and the statuses.
const SCOPES: &[&str] = &[
    "specific",
    "shared",
    "instance_type",
    "group_type",
    "project_type",
    "active",
    "paused",
    "online",
    "offline",
    "never_contacted",
    "stale",
];

const FILTER_RULES: &[Rule] = &[
    Rule::Values("type", TYPES),
    Rule::Values("status", STATUSES),
];

const SCOPED_FILTER_RULES: &[Rule] = &[
    Rule::Values("scope", SCOPES),
    Rule::Values("type", TYPES),
    Rule::Values("status", STATUSES),
];

/// Whether `runner` is in `scope` (a type, a status or a legacy type).
fn in_scope(runner: &Runner, scope: &str) -> bool {
    match scope {
        "active" => !runner.paused,
        "paused" => runner.paused,
        "online" | "offline" => runner.status() == scope,
        "never_contacted" | "stale" => false,
        "shared" => runner.scope == RunnerScope::Instance,
        "specific" => runner.scope != RunnerScope::Instance,
        kind => runner.runner_type() == kind,
    }
}

/// The runners `params` ask for among `found`, newest first; `scopes` are what `scope`
/// may name on this route (GitLab's `Scope contains invalid value` otherwise).
fn filtered<'a>(
    mut found: Vec<&'a Runner>,
    params: &Params,
    scopes: &[&str],
) -> Result<Vec<&'a Runner>, ApiError> {
    if let Some(scope) = params.str("scope")? {
        if !scopes.contains(&scope.as_str()) {
            return Err(ApiError::bad_request("Scope contains invalid value"));
        }
        found.retain(|r| in_scope(r, &scope));
    }
    for key in ["type", "status"] {
        if let Some(wanted) = params.str(key)? {
            found.retain(|r| in_scope(r, &wanted));
        }
    }
    if let Some(paused) = params.bool("paused")? {
        found.retain(|r| r.paused == paused);
    }
    if let Some(tags) = params.labels("tag_list")? {
        found.retain(|r| tags.iter().all(|t| r.tag_list.contains(t)));
    }
    if let Some(prefix) = params.str("version_prefix")? {
        if !prefix.starts_with(|c: char| c.is_ascii_digit() || c == '.' || c == '+') {
            return Err(invalid("version_prefix"));
        }
        found.retain(|_| "19.3.0".starts_with(&prefix));
    }
    found.sort_by_key(|runner| std::cmp::Reverse(runner.id));
    Ok(found)
}

fn page(
    store: &Store,
    found: Vec<&Runner>,
    params: &Params,
    uri: &axum::http::Uri,
) -> Result<Response, ApiError> {
    let items = found.into_iter().map(|r| store.runner_json(r)).collect();
    paginate(items, params, &store.base, uri)
}

/// `GET /runners`: the runners of the projects and groups the user maintains, never the
/// instance's.
async fn owned(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        param_rules::check(SCOPED_FILTER_RULES, &params.0)?;
        let found = store
            .runners
            .iter()
            .filter(|r| store.owns_runner(r))
            .collect();
        page(store, filtered(found, &params, STATUSES)?, &params, &uri)
    })
}

/// A project's runners and the instance's.
async fn project_list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        param_rules::check(SCOPED_FILTER_RULES, &params.0)?;
        let found = store
            .runners
            .iter()
            .filter(|r| r.scope == RunnerScope::Instance || r.projects().contains(&project))
            .collect();
        page(store, filtered(found, &params, SCOPES)?, &params, &uri)
    })
}

/// A group's runners, its parent groups' and the instance's.
async fn group_list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let mut groups = vec![store.group_named(&id)?.id];
        while let Some(parent) = store.groups[groups.last().expect("one")].parent_id {
            groups.push(parent);
        }
        param_rules::check(FILTER_RULES, &params.0)?;
        let found = store
            .runners
            .iter()
            .filter(|r| match r.scope {
                RunnerScope::Instance => true,
                RunnerScope::Group(group) => groups.contains(&group),
                RunnerScope::Projects(_) => false,
            })
            .collect();
        page(store, filtered(found, &params, &[])?, &params, &uri)
    })
}

/// The runner `:runner_id` names (`runner_id is invalid` when not a number).
fn runner<'a>(store: &'a Store, id: &str) -> Result<&'a Runner, ApiError> {
    let id: u64 = id.parse().map_err(|_| invalid("id"))?;
    store.runner(id)
}

fn no_access() -> ApiError {
    ApiError::message(StatusCode::FORBIDDEN, "403 Forbidden - No access granted")
}

async fn show(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let runner = runner(store, &id)?;
        Ok(ok(StatusCode::OK, store.runner_details_json(runner)))
    })
}

/// The machines a runner runs on; GitLab does not page them.
async fn managers(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let runner = runner(store, &id)?;
        Ok(ok(StatusCode::OK, store.runner_managers_json(runner)))
    })
}

const UPDATABLE: &[&str] = &[
    "description",
    "active",
    "paused",
    "tag_list",
    "run_untagged",
    "locked",
    "access_level",
    "maximum_timeout",
    "maintenance_note",
];

const UPDATE_RULES: &[Rule] = &[
    Rule::Values("access_level", &["not_protected", "ref_protected"]),
    Rule::AtLeastOne(UPDATABLE),
    Rule::Exclusive(&["active", "paused"]),
];

/// Only the runners of what the user maintains; a maximum timeout under 10 minutes is the
/// model's refusal.
async fn update(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let runner_id = runner(store, &id)?.id;
        param_rules::check(UPDATE_RULES, &params.0)?;
        let description = params.text("description")?;
        let paused = match params.bool("paused")? {
            Some(paused) => Some(paused),
            None => params.bool("active")?.map(|active| !active),
        };
        let tag_list = params.labels("tag_list")?;
        let run_untagged = params.bool("run_untagged")?;
        let locked = params.bool("locked")?;
        let access_level = params.str("access_level")?;
        let maximum_timeout = params.u64("maximum_timeout")?;
        let maintenance_note = params.replacement("maintenance_note")?;
        if !store.owns_runner(store.runner(runner_id)?) {
            return Err(no_access());
        }
        if maximum_timeout.is_some_and(|t| t < 600) {
            return Err(ApiError::fields(&[(
                "maximum_timeout",
                "needs to be at least 10 minutes",
            )]));
        }
        let runner = store
            .runners
            .iter_mut()
            .find(|r| r.id == runner_id)
            .expect("found above");
        if let Some(description) = description {
            runner.description = description;
        }
        if let Some(paused) = paused {
            runner.paused = paused;
        }
        if let Some(tags) = tag_list {
            runner.tag_list = tags;
        }
        if let Some(run_untagged) = run_untagged {
            runner.run_untagged = run_untagged;
        }
        if let Some(locked) = locked {
            runner.locked = locked;
        }
        if let Some(level) = access_level {
            runner.access_level = level;
        }
        if maximum_timeout.is_some() {
            runner.maximum_timeout = maximum_timeout;
        }
        if let Some(note) = maintenance_note {
            runner.maintenance_note = note;
        }
        Ok(ok(
            StatusCode::OK,
            store.runner_details_json(store.runner(runner_id)?),
        ))
    })
}

/// Deleting a runner: not one shared by several projects (disable it in the others first),
/// nor the instance's.
async fn remove(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let runner = runner(store, &id)?;
        if runner.projects().len() > 1 {
            return Err(ApiError::message(
                StatusCode::FORBIDDEN,
                "403 Forbidden - Runner associated with more than one project",
            ));
        }
        if !store.owns_runner(runner) {
            return Err(no_access());
        }
        let id = runner.id;
        store.runners.retain(|r| r.id != id);
        Ok(no_content())
    })
}

/// `Ci::Build::AVAILABLE_STATUSES`.
const JOB_STATUSES: &[&str] = &[
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

const JOB_RULES: &[Rule] = &[
    Rule::Values("status", JOB_STATUSES),
    Rule::Values("order_by", &["id"]),
    Rule::Values("sort", &["asc", "desc"]),
];

/// The jobs a runner ran, newest first, each with its project: only for a runner of what
/// the user maintains.
async fn jobs(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let runner = runner(store, &id)?;
        param_rules::check(JOB_RULES, &params.0)?;
        if !store.owns_runner(runner) {
            return Err(no_access());
        }
        let status = params.str("status")?;
        let mut found: Vec<Value> = Vec::new();
        if runner.id == PROJECT_RUNNER {
            for project in store.projects.values() {
                for pipeline in project.pipelines.values() {
                    for job in &pipeline.jobs {
                        if job.started_at.is_none()
                            || status.as_ref().is_some_and(|s| job.status != s)
                        {
                            continue;
                        }
                        let mut value = store.job_json(project, pipeline, job);
                        value["project"] = json!({
                            "id": project.id,
                            "name": project.name,
                            "path": project.path,
                            "path_with_namespace": store.full_path(project),
                            "created_at": project.created_at,
                        });
                        found.push(value);
                    }
                }
            }
        }
        found.sort_by_key(|job| job["id"].as_u64());
        if params.str("sort")?.as_deref() != Some("asc") {
            found.reverse();
        }
        paginate(found, &params, &store.base, &uri)
    })
}

/// Enables a project runner for another project: never a group's runner, nor a locked one,
/// nor the instance's (not the user's to assign); once per project.
async fn enable(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        params.require(&["runner_id"])?;
        let runner_id = params.u64("runner_id")?.expect("required");
        let runner = store.runner(runner_id)?;
        let forbidden =
            |why: &str| ApiError::message(StatusCode::FORBIDDEN, format!("403 Forbidden - {why}"));
        match runner.scope {
            RunnerScope::Group(_) => return Err(forbidden("Runner is a group runner")),
            _ if runner.locked => return Err(forbidden("Runner is locked")),
            RunnerScope::Instance => return Err(no_access()),
            RunnerScope::Projects(_) => {}
        }
        if runner.projects().contains(&project) {
            return Err(ApiError::bad_request("failed to assign runner to project"));
        }
        let runner = store
            .runners
            .iter_mut()
            .find(|r| r.id == runner_id)
            .expect("found above");
        if let RunnerScope::Projects(projects) = &mut runner.scope {
            projects.push(project);
        }
        Ok(ok(
            StatusCode::CREATED,
            store.runner_json(store.runner(runner_id)?),
        ))
    })
}

/// Disables a runner for a project: `404` when it is not enabled there, and GitLab keeps
/// a runner's last project (delete the runner instead).
async fn disable(
    State(app): State<App>,
    Path((id, runner_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project_id(&id)?;
        let runner_id: u64 = runner_id.parse().map_err(|_| invalid("runner_id"))?;
        let runner = store
            .runners
            .iter_mut()
            .find(|r| r.id == runner_id && r.projects().contains(&project))
            .ok_or_else(|| ApiError::not_found("Runner"))?;
        let RunnerScope::Projects(projects) = &mut runner.scope else {
            unreachable!("only a project runner is enabled for projects")
        };
        if projects.len() == 1 {
            return Err(ApiError::message(
                StatusCode::FORBIDDEN,
                "403 Forbidden - Only one project associated with the runner. Please remove the runner instead",
            ));
        }
        projects.retain(|p| *p != project);
        Ok(no_content())
    })
}
