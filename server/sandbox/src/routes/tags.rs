//! `/projects/:id/repository/tags[/:tag_name]`: lightweight and annotated tags.

use std::cmp::Ordering;

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use super::branches::name_matches;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::CURRENT_USER;
use crate::store::repository::{Tag, TagRefusal};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/repository/tags", get(list).post(create))
        .route(
            "/projects/{id}/repository/tags/{tag_name}",
            get(show).delete(remove),
        )
}

/// `order_by` `updated` (the tagged commit's date, GitLab's default), `name` or `version`
/// (numbers compared as numbers); `sort` `desc` unless `asc`; `search` by name.
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let search = params.text("search")?;
        let order_by = params.choice("order_by", &["name", "updated", "version"])?;
        let ascending = params.choice("sort", &["asc", "desc"])?.as_deref() == Some("asc");
        let project = store.project(&id)?;
        let repository = &project.repository;
        let mut tags: Vec<&Tag> = repository
            .tags
            .values()
            .filter(|t| search.as_deref().is_none_or(|s| name_matches(&t.name, s)))
            .collect();
        let updated = |t: &Tag| repository.commit(&t.commit).map(|c| c.committed);
        tags.sort_by(|a, b| match order_by.as_deref() {
            Some("name") => a.name.cmp(&b.name),
            Some("version") => version_order(&a.name, &b.name),
            _ => updated(a)
                .cmp(&updated(b))
                .then_with(|| a.name.cmp(&b.name)),
        });
        if !ascending {
            tags.reverse();
        }
        let items = tags
            .into_iter()
            .map(|t| store.tag_json(project, t))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// `v1.10.0` after `v1.9.0`: digit runs compare as numbers.
fn version_order(a: &str, b: &str) -> Ordering {
    fn pieces(s: &str) -> Vec<Result<u64, String>> {
        let mut out = Vec::new();
        let mut rest = s;
        while let Some(c) = rest.chars().next() {
            let digits = c.is_ascii_digit();
            let end = rest
                .find(|x: char| x.is_ascii_digit() != digits)
                .unwrap_or(rest.len());
            let (piece, tail) = rest.split_at(end);
            out.push(piece.parse::<u64>().map_err(|_| piece.to_owned()));
            rest = tail;
        }
        out
    }
    pieces(a).cmp(&pieces(b))
}

async fn show(
    State(app): State<App>,
    Path((id, tag_name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let tag = project
            .repository
            .tags
            .get(&tag_name)
            .ok_or_else(|| ApiError::not_found("Tag"))?;
        Ok(ok(StatusCode::OK, store.tag_json(project, tag)))
    })
}

/// `POST {tag_name, ref, message}`: with a message the tag is annotated.
async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["tag_name", "ref"])?;
        let tag_name = params.str("tag_name")?.unwrap_or_default();
        let reference = params.str("ref")?.unwrap_or_default();
        let message = params.text("message")?;
        let project_id = store.project_id(&id)?;
        let tagger = store.user(CURRENT_USER).username.clone();
        let project = store.project_mut(project_id);
        project
            .repository
            .add_tag(&tag_name, &reference, message, &tagger)
            .map_err(|refusal| match refusal {
                TagRefusal::InvalidName => ApiError::bad_request("Tag name invalid"),
                TagRefusal::Exists => {
                    ApiError::bad_request(format!("Tag {tag_name} already exists"))
                }
                TagRefusal::BadTarget => {
                    ApiError::bad_request(format!("Target {reference} is invalid"))
                }
            })?;
        project.touch();
        let project = &store.projects[&project_id];
        Ok(ok(
            StatusCode::CREATED,
            store.tag_json(project, &project.repository.tags[&tag_name]),
        ))
    })
}

/// 204; like GitLab, the tag's release goes with it.
async fn remove(
    State(app): State<App>,
    Path((id, tag_name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let project = store.project_mut(project_id);
        project
            .repository
            .tags
            .remove(&tag_name)
            .ok_or_else(|| ApiError::not_found("Tag"))?;
        project.releases.remove(&tag_name);
        project.touch();
        Ok(no_content())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_by_number() {
        assert_eq!(version_order("v1.10.0", "v1.9.0"), Ordering::Greater);
        assert_eq!(version_order("v1.0.0", "v1.0.0"), Ordering::Equal);
        assert_eq!(version_order("v2", "v10"), Ordering::Less);
    }
}
