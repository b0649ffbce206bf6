//! `/projects/:id/repository/commits/:sha/refs` (which branches and tags hold a commit),
//! `…/cherry_pick` (applying one commit on another branch) and `…/revert` (undoing one).

use std::time::SystemTime;

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::json;

use super::repository::find_commit;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::CURRENT_USER;
use crate::store::repository::{CherryPickError, Person};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/repository/commits/{sha}/refs", get(refs))
        .route(
            "/projects/{id}/repository/commits/{sha}/cherry_pick",
            post(cherry_pick),
        )
        .route(
            "/projects/{id}/repository/commits/{sha}/revert",
            post(revert),
        )
}

/// `type` branch, tag or all (the default): `[{"type": "branch", "name": "main"}, …]`,
/// branches first, paginated.
async fn refs(
    State(app): State<App>,
    Path((id, sha)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let kind = params
            .choice("type", &["branch", "tag", "all"])?
            .unwrap_or_else(|| "all".to_owned());
        let project = store.project(&id)?;
        let commit = find_commit(project, &sha)?;
        let (branches, tags) = project.repository.refs_containing(&commit.id);
        let mut items = Vec::new();
        if kind != "tag" {
            items.extend(
                branches
                    .iter()
                    .map(|name| json!({"type": "branch", "name": name})),
            );
        }
        if kind != "branch" {
            items.extend(tags.iter().map(|name| json!({"type": "tag", "name": name})));
        }
        paginate(items, &params, &store.base, &uri)
    })
}

/// `POST {branch, message, dry_run}`: 201 with the new commit on `branch`; a commit whose
/// changes clash, or that `branch` already has, is GitLab's 400 with an `error_code`.
async fn cherry_pick(
    State(app): State<App>,
    Path((id, sha)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    apply(app, id, sha, params, false)
}

/// `POST {branch, dry_run}`: 201 with the new commit undoing `sha` on `branch`; a revert
/// that clashes, or that changes nothing, is GitLab's 400 with an `error_code`.
async fn revert(
    State(app): State<App>,
    Path((id, sha)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    apply(app, id, sha, params, true)
}

fn apply(
    app: App,
    id: String,
    sha: String,
    params: Params,
    reverse: bool,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["branch"])?;
        let branch = params.str("branch")?.unwrap_or_default();
        let dry_run = params.bool("dry_run")?.unwrap_or(false);
        let message = if reverse { None } else { params.text("message")? };
        let user = store.user(CURRENT_USER);
        let committer = Person::new(&user.name, &user.email);
        let project_id = store.project_id(&id)?;
        let project = &store.projects[&project_id];
        let commit = find_commit(project, &sha)?.clone();
        let Some(head) = project.repository.branches.get(&branch).cloned() else {
            return Err(ApiError::not_found("Branch"));
        };
        let message = message.unwrap_or_else(|| {
            if reverse {
                let title = commit.message.lines().next().unwrap_or_default();
                format!("Revert \"{title}\"\n\nThis reverts commit {}", commit.id)
            } else {
                format!("{}\n\n(cherry picked from commit {})", commit.message.trim_end(), commit.id)
            }
        });
        let project = store.project_mut(project_id);
        let applied = if reverse {
            project.repository.revert(&commit.id, &head, message, &committer, SystemTime::now())
        } else {
            project.repository.cherry_pick(&commit.id, &head, message, &committer, SystemTime::now())
        };
        let refusal = if reverse {
            "Sorry, we cannot revert this commit automatically. This commit may already have been reverted, or a more recent commit may have updated some of its content."
        } else {
            "Sorry, we cannot cherry pick this commit automatically. This commit may already have been cherry picked, or a more recent commit may have updated some of its content."
        };
        let new = match applied {
            Ok(new) => new,
            Err(CherryPickError::Conflict(_)) => return Err(ApiError::coded(refusal, "conflict")),
            Err(CherryPickError::Empty) => return Err(ApiError::coded(refusal, "empty")),
        };
        if dry_run {
            // A dry run leaves no trace: the new commit is unreachable from every ref.
            return Ok(ok(StatusCode::OK, json!({"dry_run": "success"})));
        }
        project.repository.branches.insert(branch, new.clone());
        project.touch();
        let project = &store.projects[&project_id];
        let commit = project.repository.commit(&new).expect("just written").clone();
        Ok(ok(StatusCode::CREATED, store.commit_detail_json(project, &commit, true)))
    })
}
