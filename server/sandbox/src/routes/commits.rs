//! `/projects/:id/repository/commits[/:sha[/diff]]`: history, one commit, its diff, and
//! committing several file actions at once.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use super::repository::{CommitRequest, author, decode, find_commit, write_commit};
use crate::app::App;
use crate::pagination::{paginate, paginate_without_count};
use crate::params::{Params, invalid};
use crate::reply::{ApiError, ok};
use crate::store::parse_time;
use crate::store::repository::{ActionKind, FileAction, LogFilter};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/repository/commits", get(list).post(create))
        .route("/projects/{id}/repository/commits/{sha}", get(show))
        .route("/projects/{id}/repository/commits/{sha}/diff", get(diff))
}

/// `ref_name` (default: the default branch; `all` for every ref), `path`, `since`, `until`,
/// `author`, `first_parent`, `with_stats`; newest first. An unknown ref has no commits.
/// GitLab pages this list without counting it.
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let date = |key: &str| -> Result<_, ApiError> {
            params
                .str(key)?
                .map(|text| parse_time(&text).ok_or_else(|| invalid(key)))
                .transpose()
        };
        let filter = LogFilter {
            path: params.text("path")?,
            since: date("since")?,
            until: date("until")?,
            author: params.text("author")?,
            first_parent: params.bool("first_parent")?.unwrap_or(false),
        };
        let all = params.bool("all")?.unwrap_or(false);
        let with_stats = params.bool("with_stats")?.unwrap_or(false);
        params.choice("order", &["default", "topo"])?;
        let project = store.project(&id)?;
        let repository = &project.repository;
        let reference = params
            .text("ref_name")?
            .unwrap_or_else(|| project.default_branch.clone());
        let heads: Vec<&str> = if all {
            repository.ref_heads()
        } else {
            repository
                .resolve(&reference)
                .map(|c| c.id.as_str())
                .into_iter()
                .collect()
        };
        let items = repository
            .log(&heads, &filter)
            .into_iter()
            .map(|c| {
                let mut value = store.commit_json(project, c);
                if with_stats {
                    value["stats"] = store.commit_detail_json(project, c, true)["stats"].take();
                }
                value
            })
            .collect();
        paginate_without_count(items, &params, &store.base, &uri)
    })
}

/// `:sha` is a commit id (full or short), a branch or a tag; `stats` (default true).
async fn show(
    State(app): State<App>,
    Path((id, sha)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let stats = params.bool("stats")?.unwrap_or(true);
        let project = store.project(&id)?;
        let commit = find_commit(project, &sha)?;
        Ok(ok(
            StatusCode::OK,
            store.commit_detail_json(project, commit, stats),
        ))
    })
}

/// The commit's changes against its first parent, one diff object per file, paginated.
async fn diff(
    State(app): State<App>,
    Path((id, sha)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let commit = find_commit(project, &sha)?;
        let items = store
            .commit_diffs(project, commit)
            .iter()
            .map(|d| d.json())
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// `POST {branch, commit_message, actions[], start_branch, start_sha, author_name,
/// author_email, stats}`: 201 with the new commit. A refused action is GitLab's 400
/// `{"message": …}`; nothing is committed then.
async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_filled(&["branch", "commit_message", "actions"], &["branch"])?;
        if params.has("start_branch") && params.has("start_sha") {
            return Err(ApiError::error(
                "start_branch, start_sha are mutually exclusive",
            ));
        }
        let branch = params.str("branch")?.unwrap_or_default();
        let message = params.str("commit_message")?.unwrap_or_default();
        let actions = read_actions(params.0.get("actions"))?;
        let stats = params.bool("stats")?.unwrap_or(true);
        let request = CommitRequest {
            branch,
            start_branch: params.text("start_branch")?,
            start_sha: params.text("start_sha")?,
            message,
            author: author(store, &params)?,
            actions,
        };
        let project_id = store.project_id(&id)?;
        let commit = write_commit(store, project_id, request)
            .map_err(|e| ApiError::bad_request(e.message()))?;
        let project = &store.projects[&project_id];
        Ok(ok(
            StatusCode::CREATED,
            store.commit_detail_json(project, &commit, stats),
        ))
    })
}

/// `actions[]` with Grape's checks, named as Grape names nested parameters
/// (`actions[0][file_path] is missing`).
fn read_actions(actions: Option<&Value>) -> Result<Vec<FileAction>, ApiError> {
    let Some(Value::Array(items)) = actions else {
        return Err(invalid("actions"));
    };
    if items.is_empty() {
        return Err(ApiError::error("actions is empty"));
    }
    let mut read = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let Value::Object(fields) = item else {
            return Err(invalid("actions"));
        };
        let one = Params(fields.clone());
        let key = |name: &str| format!("actions[{index}][{name}]");
        let text = |name: &str| one.str(name).map_err(|_| invalid(&key(name)));
        let kind = text("action")?.ok_or_else(|| ApiError::missing(&[&key("action")]))?;
        let kind = ActionKind::parse(&kind).ok_or_else(|| {
            ApiError::error(format!("{} does not have a valid value", key("action")))
        })?;
        let file_path =
            text("file_path")?.ok_or_else(|| ApiError::missing(&[&key("file_path")]))?;
        let encoding = text("encoding")?;
        if encoding
            .as_deref()
            .is_some_and(|e| e != "text" && e != "base64")
        {
            return Err(ApiError::error(format!(
                "{} does not have a valid value",
                key("encoding")
            )));
        }
        let content = text("content")?
            .map(|c| decode(&c, encoding.as_deref(), &key("content")))
            .transpose()?;
        let previous_path = text("previous_path")?;
        if kind == ActionKind::Move && previous_path.is_none() {
            return Err(ApiError::missing(&[&key("previous_path")]));
        }
        if kind == ActionKind::Update && content.is_none() {
            return Err(ApiError::missing(&[&key("content")]));
        }
        let execute_filemode = one
            .bool("execute_filemode")
            .map_err(|_| invalid(&key("execute_filemode")))?;
        if kind == ActionKind::Chmod && execute_filemode.is_none() {
            return Err(ApiError::missing(&[&key("execute_filemode")]));
        }
        read.push(FileAction {
            kind,
            file_path,
            previous_path,
            content,
            last_commit_id: text("last_commit_id")?,
            execute_filemode,
        });
    }
    Ok(read)
}
