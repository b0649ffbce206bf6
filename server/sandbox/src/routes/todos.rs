//! `/todos[/:id/mark_as_done]`, `/todos/mark_as_done`: the current user's to-do list.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};

use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::now;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/todos", get(list))
        .route("/todos/mark_as_done", post(all_done))
        .route("/todos/{id}/mark_as_done", post(done))
}

/// `state` pending (the default) or done; `action`, `author_id`, `project_id`, `type`
/// (`Issue`, `MergeRequest`, …) narrow it; newest first.
async fn list(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let state = params
            .choice("state", &["pending", "done"])?
            .unwrap_or_else(|| "pending".to_owned());
        let action = params.str("action")?;
        let author = params.u64("author_id")?;
        let project = match params.str("project_id")? {
            Some(project) => Some(store.project_id(&project)?),
            None => None,
        };
        let kind = params.choice(
            "type",
            &[
                "Issue",
                "MergeRequest",
                "Commit",
                "Epic",
                "DesignManagement::Design",
                "AlertManagement::Alert",
            ],
        )?;
        let items = store
            .todos
            .iter()
            .rev()
            .filter(|t| t.state == state)
            .filter(|t| action.as_deref().is_none_or(|a| a == t.action_name))
            .filter(|t| author.is_none_or(|a| a == t.author_id))
            .filter(|t| project.is_none_or(|p| p == t.project_id))
            .filter(|t| kind.as_deref().is_none_or(|k| k == t.target_type))
            .map(|t| store.todo_json(t))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// `200` with the item, done; `404 Not found` for an id not on the list.
async fn done(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let at = now();
        let todo = store
            .todos
            .iter_mut()
            .find(|t| t.id.to_string() == id)
            .ok_or_else(|| ApiError::not_found("Todo"))?;
        todo.state = "done";
        todo.updated_at = at;
        let todo = todo.clone();
        Ok(ok(StatusCode::OK, store.todo_json(&todo)))
    })
}

/// Every pending item done: `204`.
async fn all_done(State(app): State<App>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let at = now();
        for todo in store.todos.iter_mut().filter(|t| t.state == "pending") {
            todo.state = "done";
            todo.updated_at = at.clone();
        }
        Ok(no_content())
    })
}
