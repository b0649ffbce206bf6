//! The container registry: `/projects/:id/registry/repositories[/:repository_id[/tags
//! [/:tag_name]]]`, `/groups/:id/registry/repositories` and `/registry/repositories/:id`.
//! Deleting a repository schedules it (`202`, its `status` becomes `delete_scheduled`);
//! deleting tags removes them, in bulk by GitLab's cleanup rules.

use std::time::{Duration, SystemTime};

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use regex::Regex;
use serde_json::Value;

use crate::app::App;
use crate::pagination::paginate;
use crate::param_rules::{self, Rule};
use crate::params::{Params, invalid};
use crate::reply::{ApiError, ok};
use crate::store::people::Namespace;
use crate::store::registry::{ContainerRepository, Shown};
use crate::store::{Store, parse_time};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/registry/repositories", get(list))
        .route("/groups/{id}/registry/repositories", get(group_list))
        .route("/registry/repositories/{repository_id}", get(show))
        .route(
            "/projects/{id}/registry/repositories/{repository_id}",
            axum::routing::delete(remove),
        )
        .route(
            "/projects/{id}/registry/repositories/{repository_id}/tags",
            get(tags).delete(remove_tags),
        )
        .route(
            "/projects/{id}/registry/repositories/{repository_id}/tags/{tag_name}",
            get(tag).delete(remove_tag),
        )
}

/// GitLab's answer for a repository its finder does not find.
fn not_found() -> ApiError {
    ApiError::message(StatusCode::NOT_FOUND, "404 Not found")
}

fn shown(params: &Params) -> Result<Shown, ApiError> {
    Ok(Shown {
        tags: params.bool("tags")?.unwrap_or(false),
        tags_count: params.bool("tags_count")?.unwrap_or(false),
        size: params.bool("size")?.unwrap_or(false),
    })
}

async fn list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let shown = Shown {
            size: false,
            ..shown(&params)?
        };
        let items = store
            .registry
            .repositories
            .values()
            .filter(|r| r.project_id == project.id)
            .map(|r| store.repository_json(project, r, shown))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// Every repository of the group's projects, without tags.
async fn group_list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let group = store.group_named(&id)?.id;
        let items = store
            .registry
            .repositories
            .values()
            .filter_map(|r| {
                let project = &store.projects[&r.project_id];
                (project.namespace == Namespace::Group(group))
                    .then(|| store.repository_json(project, r, Shown::default()))
            })
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// A repository by its id alone, from any project.
async fn show(
    State(app): State<App>,
    Path(repository_id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let repository = repository_id
            .parse::<u64>()
            .ok()
            .and_then(|id| store.registry.repositories.get(&id))
            .ok_or_else(not_found)?;
        let project = &store.projects[&repository.project_id];
        Ok(ok(
            StatusCode::OK,
            store.repository_json(project, repository, shown(&params)?),
        ))
    })
}

/// The project and the repository the path names.
fn repository<'a>(
    store: &'a Store,
    id: &str,
    repository_id: &str,
) -> Result<(u64, &'a ContainerRepository), ApiError> {
    let project = store.project_id(id)?;
    let repository_id: u64 = repository_id
        .parse()
        .map_err(|_| invalid("repository_id"))?;
    let repository = store
        .registry
        .repository(project, repository_id)
        .ok_or_else(not_found)?;
    Ok((project, repository))
}

fn repository_mut(store: &mut Store, id: u64) -> &mut ContainerRepository {
    store
        .registry
        .repositories
        .get_mut(&id)
        .expect("the route found it first")
}

async fn remove(
    State(app): State<App>,
    Path((id, repository_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (_, repository) = repository(store, &id, &repository_id)?;
        let id = repository.id;
        repository_mut(store, id).delete_scheduled = true;
        Ok(StatusCode::ACCEPTED.into_response())
    })
}

/// Tags by name, one page at a time.
async fn tags(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    Path((id, repository_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project, repository) = repository(store, &id, &repository_id)?;
        let project = &store.projects[&project];
        let items: Vec<Value> = repository
            .tags
            .iter()
            .map(|(name, tag)| store.image_tag_json(project, repository, name, tag, false))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn tag(
    State(app): State<App>,
    Path((id, repository_id, tag_name)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project, repository) = repository(store, &id, &repository_id)?;
        let tag = repository
            .tags
            .get(&tag_name)
            .ok_or_else(|| ApiError::not_found("Tag"))?;
        let project = &store.projects[&project];
        Ok(ok(
            StatusCode::OK,
            store.image_tag_json(project, repository, &tag_name, tag, true),
        ))
    })
}

/// `200` and no body once the tag is gone; a tag the repository does not have is GitLab's
/// failed deletion, `400`.
async fn remove_tag(
    State(app): State<App>,
    Path((id, repository_id, tag_name)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (_, repository) = repository(store, &id, &repository_id)?;
        let id = repository.id;
        match repository_mut(store, id).tags.remove(&tag_name) {
            Some(_) => Ok(StatusCode::OK.into_response()),
            None => Err(ApiError::bad_request("400 Bad request")),
        }
    })
}

/// The bulk deletion's parameters: a pattern to delete (`name_regex` is its old name), one
/// to keep, and how many of the newest to keep and how old the deleted ones must be.
const BULK_RULES: &[Rule] = &[Rule::AtLeastOne(&["name_regex", "name_regex_delete"])];

/// A pattern GitLab takes (RE2), matched against the whole tag name.
fn pattern(params: &Params, key: &str) -> Result<Option<Regex>, ApiError> {
    params
        .str(key)?
        .map(|text| {
            Regex::new(&format!("^(?:{text})$"))
                .map_err(|_| ApiError::error(format!("{key} is an invalid regexp")))
        })
        .transpose()
}

/// GitLab's cleanup of a repository's tags, which it runs in the background and the sandbox
/// at once: the tags whose name matches the delete pattern and not the keep pattern, but
/// never `latest`, nor the `keep_n` newest, nor any newer than `older_than`. Accepted once
/// an hour per repository.
async fn remove_tags(
    State(app): State<App>,
    Path((id, repository_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (_, repository) = repository(store, &id, &repository_id)?;
        param_rules::check(BULK_RULES, &params.0)?;
        let delete = match pattern(&params, "name_regex_delete")? {
            Some(delete) => delete,
            None => pattern(&params, "name_regex")?.expect("one of them, by the rules"),
        };
        let keep = pattern(&params, "name_regex_keep")?;
        let keep_n = params.u64("keep_n")?.unwrap_or(0) as usize;
        let older_than = params
            .str("older_than")?
            .map(|text| humantime::parse_duration(&text).map_err(|_| invalid("older_than")))
            .transpose()?;
        let now = SystemTime::now();
        if repository
            .cleanup_started
            .is_some_and(|at| now.duration_since(at).unwrap_or_default() < Duration::from_secs(3600))
        {
            return Err(ApiError::bad_request(
                "This request has already been made. You can run this at most once an hour for a given container repository",
            ));
        }
        let mut candidates: Vec<(&String, SystemTime)> = repository
            .tags
            .iter()
            .filter(|(name, _)| name.as_str() != "latest")
            .filter(|(name, _)| delete.is_match(name))
            .filter(|(name, _)| !keep.as_ref().is_some_and(|keep| keep.is_match(name)))
            .map(|(name, tag)| (name, parse_time(&tag.created_at).unwrap_or(now)))
            .collect();
        candidates.sort_by_key(|candidate| std::cmp::Reverse(candidate.1));
        let doomed: Vec<String> = candidates
            .into_iter()
            .skip(keep_n)
            .filter(|(_, at)| {
                older_than.is_none_or(|age| now.duration_since(*at).unwrap_or_default() > age)
            })
            .map(|(name, _)| name.clone())
            .collect();
        let id = repository.id;
        let repository = repository_mut(store, id);
        repository.cleanup_started = Some(now);
        for name in doomed {
            repository.tags.remove(&name);
        }
        Ok(StatusCode::ACCEPTED.into_response())
    })
}
