//! A project's approval settings (GitLab Premium): `GET` and `POST /projects/:id/approvals`.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::{Value, json};

use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::approval_settings::{Kind, SETTINGS};

pub(crate) fn routes() -> Router<App> {
    Router::new().route("/projects/{id}/approvals", get(show).post(change))
}

async fn show(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let settings = store.projects[&project_id].approval_settings.clone();
        Ok(ok(StatusCode::OK, Value::Object(settings)))
    })
}

/// Grape's `at_least_one_of` every setting, its coercions (`… is invalid`), then the
/// settings changed and answered whole, `201` as Grape answers a `POST`.
async fn change(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    let names: Vec<&str> = SETTINGS.iter().map(|(name, _)| *name).collect();
    params.require_any(&names)?;
    let mut changes = Vec::new();
    for (name, kind) in SETTINGS {
        let value = match kind {
            Kind::Integer => params.u64(name)?.map(|n| json!(n)),
            Kind::Bool => params.bool(name)?.map(|b| json!(b)),
        };
        if let Some(value) = value {
            changes.push((name, value));
        }
    }
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let project = store.project_mut(project_id);
        for (name, value) in changes {
            project.approval_settings.insert(name.to_owned(), value);
        }
        let settings = project.approval_settings.clone();
        Ok(ok(StatusCode::CREATED, Value::Object(settings)))
    })
}
