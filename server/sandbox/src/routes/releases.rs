//! `/projects/:id/releases[/:tag_name]`.

use crate::param_rules::{self, Rule};
use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use crate::app::App;
use crate::pagination::{Order, paginate};
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::releases::Release;
use crate::store::repository::Tag;
use crate::store::repository::valid_ref_name;
use crate::store::{CURRENT_USER, Store, now};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/releases", get(list).post(create))
        .route(
            "/projects/{id}/releases/{tag_name}",
            get(show).put(update).delete(remove),
        )
}

/// `POST`: the tag must exist, or `ref` names what to create it from (GitLab's 422 `Ref is not
/// specified` otherwise); one release per tag (409); the name defaults to the tag when not
/// A release's milestones by title or by id, not both.
const MILESTONE_RULES: &[Rule] = &[Rule::ExclusiveSaying(
    &["milestones", "milestone_ids"],
    "Cannot specify milestones and milestone_ids at the same time",
)];

/// sent, and is kept as sent when sent blank, as GitLab keeps it.
async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["tag_name"])?;
        param_rules::check(MILESTONE_RULES, &params.0)?;
        let tag_name = params.str("tag_name")?.unwrap_or_default();
        let name = params.str("name")?;
        let description = params.text("description")?;
        let reference = params.text("ref")?;
        let released_at = params.text("released_at")?;
        let project = store.project(&id)?;
        let project_id = project.id;
        if project.releases.contains_key(&tag_name) {
            return Err(ApiError::message(
                StatusCode::CONFLICT,
                "Release already exists",
            ));
        }
        let new_tag = match project.repository.tags.get(&tag_name) {
            Some(_) => None,
            None => {
                let Some(reference) = reference else {
                    return Err(ApiError::message(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        "Ref is not specified",
                    ));
                };
                if !valid_ref_name(&tag_name) {
                    return Err(ApiError::bad_request("Tag name invalid"));
                }
                let Some(commit) = project.repository.resolve(&reference) else {
                    return Err(ApiError::bad_request(format!(
                        "Target {reference} is invalid"
                    )));
                };
                Some(Tag {
                    name: tag_name.clone(),
                    commit: commit.id.clone(),
                    annotation: None,
                })
            }
        };
        let created = now();
        let release = Release {
            name: name.unwrap_or_else(|| tag_name.clone()),
            tag_name: tag_name.clone(),
            description,
            author_id: CURRENT_USER,
            released_at: released_at.unwrap_or_else(|| created.clone()),
            created_at: created,
        };
        let project = store.project_mut(project_id);
        if let Some(tag) = new_tag {
            project.repository.tags.insert(tag_name.clone(), tag);
        }
        project.releases.insert(tag_name.clone(), release);
        project.touch();
        Ok(ok(
            StatusCode::CREATED,
            render(store, project_id, &tag_name),
        ))
    })
}

async fn show(
    State(app): State<App>,
    Path((id, tag_name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = find(store, &id, &tag_name)?;
        Ok(ok(StatusCode::OK, render(store, project_id, &tag_name)))
    })
}

/// Newest `released_at` first unless `sort=asc`.
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let order = Order::read(&params)?;
        params.choice("order_by", &["released_at", "created_at"])?;
        let project = store.project(&id)?;
        let mut releases: Vec<&Release> = project.releases.values().collect();
        releases
            .sort_by(|a, b| (&a.released_at, &a.created_at).cmp(&(&b.released_at, &b.created_at)));
        let items = order
            .arrange(releases)
            .into_iter()
            .map(|r| store.release_json(project, r))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn update(
    State(app): State<App>,
    Path((id, tag_name)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(&["name", "description", "released_at", "milestones"])?;
        param_rules::check(MILESTONE_RULES, &params.0)?;
        let name = params.str("name")?;
        let description = params.replacement("description")?;
        let released_at = params.text("released_at")?;
        let project_id = find(store, &id, &tag_name)?;
        let project = store.project_mut(project_id);
        let release = project.releases.get_mut(&tag_name).expect("found above");
        if let Some(name) = name {
            release.name = if name.trim().is_empty() {
                tag_name.clone()
            } else {
                name
            };
        }
        if let Some(description) = description {
            release.description = description;
        }
        if let Some(released_at) = released_at {
            release.released_at = released_at;
        }
        project.touch();
        Ok(ok(StatusCode::OK, render(store, project_id, &tag_name)))
    })
}

/// GitLab answers with the deleted release; the tag stays.
async fn remove(
    State(app): State<App>,
    Path((id, tag_name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = find(store, &id, &tag_name)?;
        let body = render(store, project_id, &tag_name);
        let project = store.project_mut(project_id);
        project.releases.remove(&tag_name);
        project.touch();
        Ok(ok(StatusCode::OK, body))
    })
}

fn find(store: &Store, id: &str, tag_name: &str) -> Result<u64, ApiError> {
    let project_id = store.project_id(id)?;
    if store.projects[&project_id].releases.contains_key(tag_name) {
        Ok(project_id)
    } else {
        Err(ApiError::not_found(""))
    }
}

fn render(store: &Store, project_id: u64, tag_name: &str) -> Value {
    let project = &store.projects[&project_id];
    store.release_json(project, &project.releases[tag_name])
}
