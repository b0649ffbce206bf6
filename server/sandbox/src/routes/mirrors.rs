//! `/projects/:id/mirror/pull` (the pull mirror: read, configure, start) and
//! `/projects/:id/remote_mirrors[/:mirror_id]` (push mirrors: list, read, add).

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::json;

use super::lookups;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::Ids;
use crate::store::mirrors::{PullMirror, RemoteMirror, url_problem};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route(
            "/projects/{id}/mirror/pull",
            get(pull_show).put(pull_configure).post(pull_start),
        )
        .route(
            "/projects/{id}/remote_mirrors",
            get(push_list).post(push_add),
        )
        .route("/projects/{id}/remote_mirrors/{mirror_id}", get(push_show))
}

/// 200 with the pull mirror; a project never set to pull answers `404 Not found` (the
/// import state it lacks).
async fn pull_show(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        match &project.pull_mirror {
            Some(mirror) => Ok(ok(StatusCode::OK, mirror.json())),
            None => Err(lookups::record_not_found()),
        }
    })
}

const PULL_SETTINGS: &[&str] = &[
    "enabled",
    "url",
    "auth_user",
    "auth_password",
    "mirror_trigger_builds",
    "only_mirror_protected_branches",
    "mirror_overwrites_diverged_branches",
    "mirror_branch_regex",
];

/// `PUT` (GitLab 17.6+): changes the settings given, keeping the others; a first call sets
/// the project to pull. `auth_user`/`auth_password` go into the URL's credentials. An
/// enabled mirror needs a URL; `mirror_branch_regex` cannot go with
/// `only_mirror_protected_branches`.
async fn pull_configure(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(PULL_SETTINGS)?;
        let enabled = params.bool("enabled")?;
        let url = params.text("url")?;
        let auth_user = params.text("auth_user")?;
        let auth_password = params.text("auth_password")?;
        let trigger = params.bool("mirror_trigger_builds")?;
        let protected = params.bool("only_mirror_protected_branches")?;
        let overwrites = params.bool("mirror_overwrites_diverged_branches")?;
        let regex = params.replacement("mirror_branch_regex")?;
        if let Some(problem) = url.as_deref().and_then(url_problem) {
            return Err(ApiError::fields(&[("url", problem)]));
        }
        let project_id = store.project_id(&id)?;
        let mut mirror = match store.projects[&project_id].pull_mirror.clone() {
            Some(mirror) => mirror,
            None => PullMirror {
                id: Ids::next(&mut store.ids.mirror),
                ..PullMirror::default()
            },
        };
        if let Some(url) = url {
            mirror.url = Some(with_credentials(
                &url,
                auth_user.as_deref(),
                auth_password.as_deref(),
            ));
        }
        if let Some(enabled) = enabled {
            mirror.enabled = enabled;
        }
        if let Some(trigger) = trigger {
            mirror.mirror_trigger_builds = trigger;
        }
        if let Some(protected) = protected {
            mirror.only_mirror_protected_branches = Some(protected);
        }
        if let Some(overwrites) = overwrites {
            mirror.mirror_overwrites_diverged_branches = overwrites;
        }
        if let Some(regex) = regex {
            mirror.mirror_branch_regex = regex;
        }
        if mirror.enabled && mirror.url.is_none() {
            return Err(ApiError::fields(&[("url", "can't be blank")]));
        }
        if mirror.mirror_branch_regex.is_some()
            && mirror.only_mirror_protected_branches == Some(true)
        {
            return Err(ApiError::fields(&[(
                "mirror_branch_regex",
                "cannot be used together with only_mirror_protected_branches",
            )]));
        }
        let shown = mirror.json();
        let project = store.project_mut(project_id);
        project.pull_mirror = Some(mirror);
        project.touch();
        Ok(ok(StatusCode::OK, shown))
    })
}

/// `POST`: starts an update now (202); nothing to start on a project that does not pull.
async fn pull_start(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        match &project.pull_mirror {
            Some(mirror) if mirror.enabled => {
                Ok(ok(StatusCode::ACCEPTED, json!({"message": "202 Accepted"})))
            }
            _ => Err(ApiError::bad_request("The project is not mirrored")),
        }
    })
}

/// `https://user:password@host/…` from a URL and separately given credentials.
fn with_credentials(url: &str, user: Option<&str>, password: Option<&str>) -> String {
    let Ok(mut parsed) = url::Url::parse(url) else {
        return url.to_owned();
    };
    if let Some(user) = user {
        let _ = parsed.set_username(user);
    }
    if let Some(password) = password {
        let _ = parsed.set_password(Some(password));
    }
    parsed.to_string()
}

async fn push_list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let items = project
            .remote_mirrors
            .iter()
            .map(RemoteMirror::json)
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn push_show(
    State(app): State<App>,
    Path((id, mirror_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let mirror_id: u64 = mirror_id
            .parse()
            .map_err(|_| crate::params::invalid("mirror_id"))?;
        project
            .remote_mirrors
            .iter()
            .find(|m| m.id == mirror_id)
            .map(|m| ok(StatusCode::OK, m.json()))
            .ok_or_else(lookups::record_not_found)
    })
}

/// `POST`: 201 with the new push mirror, disabled unless `enabled`; its URL must use a
/// mirror scheme; `mirror_branch_regex` cannot go with `only_protected_branches`.
async fn push_add(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["url"])?;
        let url = params.str("url")?.unwrap_or_default();
        let enabled = params.bool("enabled")?.unwrap_or(false);
        let keep = params.bool("keep_divergent_refs")?.unwrap_or(false);
        let protected = params.bool("only_protected_branches")?.unwrap_or(false);
        let regex = params.text("mirror_branch_regex")?;
        let auth_method = params
            .choice("auth_method", &["password", "ssh_public_key"])?
            .unwrap_or_else(|| "password".to_owned());
        if let Some(problem) = url_problem(&url) {
            return Err(ApiError::fields(&[("url", problem)]));
        }
        if protected && regex.is_some() {
            return Err(ApiError::error(
                "only_protected_branches, mirror_branch_regex are mutually exclusive",
            ));
        }
        let project_id = store.project_id(&id)?;
        let mirror = RemoteMirror {
            id: Ids::next(&mut store.ids.mirror),
            url,
            enabled,
            keep_divergent_refs: keep,
            only_protected_branches: protected,
            mirror_branch_regex: regex,
            auth_method,
        };
        let shown = mirror.json();
        let project = store.project_mut(project_id);
        project.remote_mirrors.push(mirror);
        project.touch();
        Ok(ok(StatusCode::CREATED, shown))
    })
}
