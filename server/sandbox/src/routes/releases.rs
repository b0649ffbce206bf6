//! `/projects/:id/releases[/:tag_name]`.

use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::{Value, json};

use super::valid_ref_name;
use crate::App;
use crate::params::Params;
use crate::reply::{ApiError, Order, ok, paginate};
use crate::store::{Project, Release, Store, full_path, now};

/// `POST`: the tag must exist, or `ref` names what to create it from (GitLab's 422 `Ref is not
/// specified` otherwise); one release per tag (409); the name defaults to the tag.
pub(super) async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["tag_name"])?;
        let tag_name = params.str("tag_name")?.unwrap_or_default();
        let name = params.text("name")?;
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
        let sha = match project.tags.get(&tag_name) {
            Some(sha) => sha.clone(),
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
                let Some(sha) = project.resolve(&reference) else {
                    return Err(ApiError::bad_request(format!(
                        "Target {reference} is invalid"
                    )));
                };
                sha
            }
        };
        let created = now();
        let release = Release {
            name: name.unwrap_or_else(|| tag_name.clone()),
            tag_name: tag_name.clone(),
            description,
            sha: sha.clone(),
            released_at: released_at.unwrap_or_else(|| created.clone()),
            created_at: created,
        };
        let project = store.project_mut(project_id);
        project.tags.entry(tag_name.clone()).or_insert(sha);
        project.releases.insert(tag_name.clone(), release);
        project.touch();
        Ok(ok(
            StatusCode::CREATED,
            render(store, project_id, &tag_name),
        ))
    })
}

pub(super) async fn show(
    State(app): State<App>,
    Path((id, tag_name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = find(store, &id, &tag_name)?;
        Ok(ok(StatusCode::OK, render(store, project_id, &tag_name)))
    })
}

/// Newest `released_at` first unless `sort=asc`.
pub(super) async fn list(
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
            .map(|r| release_json(store, project, r))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

pub(super) async fn update(
    State(app): State<App>,
    Path((id, tag_name)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(&["name", "description", "released_at", "milestones"])?;
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
pub(super) async fn remove(
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
    release_json(store, project, &project.releases[tag_name])
}

fn release_json(store: &Store, project: &Project, release: &Release) -> Value {
    let web = store.web_url(project);
    let path = full_path(project);
    let encoded_tag =
        url::form_urlencoded::byte_serialize(release.tag_name.as_bytes()).collect::<String>();
    let archive = |format: &str| {
        json!({
            "format": format,
            "url": format!("{web}/-/archive/{0}/{1}-{0}.{format}", release.tag_name, project.path),
        })
    };
    json!({
        "tag_name": release.tag_name,
        "name": release.name,
        "description": release.description,
        "created_at": release.created_at,
        "released_at": release.released_at,
        "upcoming_release": false,
        "author": store.user_json(),
        "commit": {
            "id": release.sha,
            "short_id": &release.sha[..8.min(release.sha.len())],
            "title": "Initial commit",
            "author_name": crate::store::USER_NAME,
            "created_at": release.created_at,
        },
        "commit_path": format!("/{path}/-/commit/{}", release.sha),
        "tag_path": format!("/{path}/-/tags/{encoded_tag}"),
        "milestones": [],
        "evidences": [],
        "assets": {
            "count": 4,
            "sources": [archive("zip"), archive("tar.gz"), archive("tar.bz2"), archive("tar")],
            "links": [],
        },
        "_links": {
            "self": format!("{web}/-/releases/{encoded_tag}"),
            "edit_url": format!("{web}/-/releases/{encoded_tag}/edit"),
        },
    })
}
