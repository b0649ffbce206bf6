//! `/projects/:id/repository/files/:file_path[/raw|/blame]`: reading a file at a ref and who
//! last changed each of its lines, and creating, updating and deleting one file per commit. `:file_path` arrives URL-encoded
//! (`src%2Flib.rs`); axum decodes it.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::json;
use sha2::{Digest, Sha256};

use super::repository::{CommitRequest, author, decode, find_commit, write_commit};
use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::repository::{ActionError, ActionKind, FileAction};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route(
            "/projects/{id}/repository/files/{file_path}",
            get(show).post(create).put(update).delete(remove),
        )
        .route("/projects/{id}/repository/files/{file_path}/raw", get(raw))
        .route(
            "/projects/{id}/repository/files/{file_path}/blame",
            get(blame),
        )
}

/// `?ref=` (required), `range[start]` and `range[end]` (both or neither, lines from 1):
/// the file's lines grouped by the commit that last changed them, in file order.
async fn blame(
    State(app): State<App>,
    Path((id, file_path)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_filled(&["ref"], &["ref"])?;
        let reference = params.str("ref")?.unwrap_or_default();
        let start = params.u64("range[start]")?;
        let end = params.u64("range[end]")?;
        let project = store.project(&id)?;
        let commit = find_commit(project, &reference)?;
        let lines = project
            .repository
            .blame(&commit.id, &file_path)
            .ok_or_else(|| ApiError::not_found("File"))?;
        let (first, last) = match (start, end) {
            (None, None) => (1, lines.len() as u64),
            (Some(start), Some(end)) if start >= 1 && start <= end => {
                (start, end.min(lines.len() as u64))
            }
            (Some(_), Some(_)) => {
                return Err(ApiError::error(
                    "range[start] must be less than or equal to range[end]",
                ));
            }
            (None, _) => return Err(ApiError::missing(&["range[start]"])),
            (_, None) => return Err(ApiError::missing(&["range[end]"])),
        };
        let mut groups: Vec<serde_json::Value> = Vec::new();
        let mut previous: Option<String> = None;
        for (line, owner) in lines
            .into_iter()
            .skip(first as usize - 1)
            .take((last + 1).saturating_sub(first) as usize)
        {
            if previous.as_deref() == Some(owner.id.as_str()) {
                let group = groups.last_mut().expect("a group was started");
                group["lines"]
                    .as_array_mut()
                    .expect("lines")
                    .push(json!(line));
            } else {
                let mut commit = store.commit_json(project, &owner);
                if let Some(fields) = commit.as_object_mut() {
                    // GitLab's blame shows the commit without its links.
                    fields.remove("web_url");
                    fields.remove("trailers");
                    fields.remove("extended_trailers");
                }
                groups.push(json!({"commit": commit, "lines": [line]}));
                previous = Some(owner.id.clone());
            }
        }
        Ok(ok(StatusCode::OK, json!(groups)))
    })
}

/// `?ref=` (required): the file's metadata and its content in base64, plus the same facts as
/// `X-Gitlab-*` headers (which a `HEAD` request gets alone).
async fn show(
    State(app): State<App>,
    Path((id, file_path)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_filled(&["ref"], &["ref"])?;
        let reference = params.str("ref")?.unwrap_or_default();
        let project = store.project(&id)?;
        let commit = find_commit(project, &reference)?;
        let entry = commit
            .tree
            .get(&file_path)
            .ok_or_else(|| ApiError::not_found("File"))?;
        let last = project
            .repository
            .last_commit_for(&commit.id, &file_path)
            .map_or_else(|| commit.id.clone(), |c| c.id.clone());
        let sha256: String = Sha256::digest(&entry.blob.data)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let name = file_path
            .rsplit('/')
            .next()
            .unwrap_or(&file_path)
            .to_owned();
        let facts = [
            ("blob-id", entry.blob.id.clone()),
            ("commit-id", commit.id.clone()),
            ("content-sha256", sha256.clone()),
            ("encoding", "base64".to_owned()),
            ("execute-filemode", entry.executable.to_string()),
            ("file-name", name.clone()),
            ("file-path", file_path.clone()),
            ("last-commit-id", last.clone()),
            ("ref", reference.clone()),
            ("size", entry.blob.data.len().to_string()),
        ];
        let body = json!({
            "file_name": name,
            "file_path": file_path,
            "size": entry.blob.data.len(),
            "encoding": "base64",
            "content_sha256": sha256,
            "ref": reference,
            "blob_id": entry.blob.id,
            "commit_id": commit.id,
            "last_commit_id": last,
            "execute_filemode": entry.executable,
            "content": STANDARD.encode(&entry.blob.data),
        });
        let mut response = ok(StatusCode::OK, body);
        for (name, value) in facts {
            let name = HeaderName::try_from(format!("x-gitlab-{name}"));
            if let (Ok(name), Ok(value)) = (name, HeaderValue::from_str(&value)) {
                response.headers_mut().insert(name, value);
            }
        }
        Ok(response)
    })
}

/// The bytes as they are (`ref` defaults to the default branch): text as UTF-8 text, anything
/// else as `application/octet-stream`.
async fn raw(
    State(app): State<App>,
    Path((id, file_path)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let reference = params
            .text("ref")?
            .unwrap_or_else(|| project.default_branch.clone());
        let commit = find_commit(project, &reference)?;
        let entry = commit
            .tree
            .get(&file_path)
            .ok_or_else(|| ApiError::not_found("File"))?;
        let content_type = if entry.blob.text().is_some() {
            "text/plain; charset=utf-8"
        } else {
            "application/octet-stream"
        };
        Ok(([(CONTENT_TYPE, content_type)], entry.blob.data.clone()).into_response())
    })
}

/// What the three write routes share: the parameters, in Grape's order, and the commit.
fn commit_one(
    app: &App,
    id: &str,
    file_path: &str,
    params: &Params,
    kind: ActionKind,
) -> Result<(), ApiError> {
    let needs_content = kind != ActionKind::Delete;
    let required: &[&str] = if needs_content {
        &["branch", "commit_message", "content"]
    } else {
        &["branch", "commit_message"]
    };
    params.require_filled(required, &["branch", "commit_message"])?;
    let encoding = params.choice("encoding", &["text", "base64"])?;
    let content = match params.str("content")? {
        Some(text) if needs_content => Some(decode(&text, encoding.as_deref(), "content")?),
        _ => None,
    };
    let mut action = FileAction::new(kind, file_path, content.as_deref());
    // GitLab's delete route does not declare `last_commit_id`: it never reaches the check.
    if needs_content {
        action.last_commit_id = params.text("last_commit_id")?;
    }
    action.execute_filemode = params.bool("execute_filemode")?;
    app.with_store(|store| {
        let request = CommitRequest {
            branch: params.str("branch")?.unwrap_or_default(),
            start_branch: params.text("start_branch")?,
            start_sha: None,
            message: params.str("commit_message")?.unwrap_or_default(),
            author: author(store, params)?,
            actions: vec![action],
        };
        let project_id = store.project_id(id)?;
        write_commit(store, project_id, request).map_err(|e| match e {
            ActionError::Stale(_) => ApiError::bad_request(
                "You are attempting to update a file that has changed since you started editing it.",
            ),
            other => ApiError::bad_request(other.message()),
        })?;
        Ok(())
    })
}

/// 201 `{file_path, branch}`.
async fn create(
    State(app): State<App>,
    Path((id, file_path)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    commit_one(&app, &id, &file_path, &params, ActionKind::Create)?;
    let branch = params.str("branch")?;
    Ok(ok(
        StatusCode::CREATED,
        json!({"file_path": file_path, "branch": branch}),
    ))
}

/// 200 `{file_path, branch}`; `last_commit_id`, when sent, must still be the file's last commit.
async fn update(
    State(app): State<App>,
    Path((id, file_path)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    commit_one(&app, &id, &file_path, &params, ActionKind::Update)?;
    let branch = params.str("branch")?;
    Ok(ok(
        StatusCode::OK,
        json!({"file_path": file_path, "branch": branch}),
    ))
}

/// 204.
async fn remove(
    State(app): State<App>,
    Path((id, file_path)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    commit_one(&app, &id, &file_path, &params, ActionKind::Delete)?;
    Ok(no_content())
}
