//! A project's issue boards and their label lists: `/projects/:id/boards[/:board_id]` and
//! `/projects/:id/boards/:board_id/lists[/:list_id]`.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use super::lookups::record_not_found;
use super::refusals::path_number;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::{Params, invalid};
use crate::reply::{ApiError, no_content, ok};
use crate::store::Store;
use crate::store::planning::boards::Board;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/boards", get(list).post(create))
        .route(
            "/projects/{id}/boards/{board_id}",
            get(show).put(update).delete(remove),
        )
        .route(
            "/projects/{id}/boards/{board_id}/lists",
            get(lists).post(create_list),
        )
        .route(
            "/projects/{id}/boards/{board_id}/lists/{list_id}",
            get(show_list).put(move_list).delete(remove_list),
        )
}

/// The project's board of the path (its index among all boards), or `404 Not found`.
fn find(store: &Store, id: &str, board_id: &str) -> Result<usize, ApiError> {
    let project_id = store.project_id(id)?;
    let board_id = path_number("board_id", board_id)?;
    store
        .planning
        .boards
        .iter()
        .position(|b| b.project_id == project_id && b.id == board_id)
        .ok_or_else(record_not_found)
}

/// The board's label list of the path, or `404 Not found`.
fn find_list(board: &Board, list_id: &str) -> Result<u64, ApiError> {
    let list_id = path_number("list_id", list_id)?;
    board
        .list(list_id)
        .map(|l| l.id)
        .ok_or_else(record_not_found)
}

/// Oldest first, one page at a time.
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let items = store
            .boards(project_id)
            .map(|b| store.board_json(b))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// `name` is required; the board starts with no label lists.
async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["name"])?;
        let name = params.str("name")?.unwrap_or_default();
        let project_id = store.project_id(&id)?;
        let board_id = store.add_board(project_id, &name);
        let board = store.boards(project_id).find(|b| b.id == board_id);
        Ok(ok(
            StatusCode::CREATED,
            store.board_json(board.expect("made above")),
        ))
    })
}

async fn show(
    State(app): State<App>,
    Path((id, board_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let at = find(store, &id, &board_id)?;
        Ok(ok(
            StatusCode::OK,
            store.board_json(&store.planning.boards[at]),
        ))
    })
}

/// Renames the board (`name`, the one setting GitLab's free tier lets change); a blank
/// name fails the model's validation.
async fn update(
    State(app): State<App>,
    Path((id, board_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let name = params.str("name")?;
        let at = find(store, &id, &board_id)?;
        if let Some(name) = name {
            if name.trim().is_empty() {
                return Err(ApiError::bad_request_because(
                    r#"Failed to save board {:name=>["can't be blank"]}"#,
                ));
            }
            store.planning.boards[at].name = name;
        }
        Ok(ok(
            StatusCode::OK,
            store.board_json(&store.planning.boards[at]),
        ))
    })
}

/// 204 either way, but GitLab keeps a project's last board: its destroy service refuses,
/// and the route does not say so.
async fn remove(
    State(app): State<App>,
    Path((id, board_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let at = find(store, &id, &board_id)?;
        let project_id = store.planning.boards[at].project_id;
        if store.boards(project_id).count() > 1 {
            store.planning.boards.remove(at);
        }
        Ok(no_content())
    })
}

/// The label lists, by position (never the Open and Closed lists).
async fn lists(
    State(app): State<App>,
    Path((id, board_id)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let board = &store.planning.boards[find(store, &id, &board_id)?];
        let items = board
            .lists
            .iter()
            .map(|l| store.board_list_json(board, l))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// A list for `label_id` (a label the project can use: its own or its groups'), after the
/// others. GitLab's service refuses an unknown label and a label the board has a list for.
async fn create_list(
    State(app): State<App>,
    Path((id, board_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["label_id"])?;
        let label_id = params.u64("label_id")?.unwrap_or_default();
        let at = find(store, &id, &board_id)?;
        let board = &store.planning.boards[at];
        let project = &store.projects[&board.project_id];
        if !store
            .usable_labels(project)
            .iter()
            .any(|l| l.id == label_id)
        {
            return Err(ApiError::error("Label not found"));
        }
        if board.lists.iter().any(|l| l.label_id == label_id) {
            return Err(ApiError::error("Label has already been taken"));
        }
        let planning = &mut store.planning;
        let list_id = planning.boards[at].add_list(&mut planning.ids.board_list, label_id);
        let board = &store.planning.boards[at];
        let list = board.list(list_id).expect("made above");
        Ok(ok(StatusCode::CREATED, store.board_list_json(board, list)))
    })
}

async fn show_list(
    State(app): State<App>,
    Path((id, board_id, list_id)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let board = &store.planning.boards[find(store, &id, &board_id)?];
        let list = board.list(find_list(board, &list_id)?).expect("found");
        Ok(ok(StatusCode::OK, store.board_list_json(board, list)))
    })
}

/// `position` (required, from 0) moves the list there; the lists between shift by one.
async fn move_list(
    State(app): State<App>,
    Path((id, board_id, list_id)): Path<(String, String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["position"])?;
        let position = params
            .str("position")?
            .and_then(|p| p.trim().parse::<i64>().ok())
            .ok_or_else(|| invalid("position"))?;
        let at = find(store, &id, &board_id)?;
        let list_id = find_list(&store.planning.boards[at], &list_id)?;
        if !store.planning.boards[at].move_list(list_id, position) {
            return Err(ApiError::error("List could not be moved!"));
        }
        let board = &store.planning.boards[at];
        let list = board.list(list_id).expect("found");
        Ok(ok(StatusCode::OK, store.board_list_json(board, list)))
    })
}

/// The lists after it move up one.
async fn remove_list(
    State(app): State<App>,
    Path((id, board_id, list_id)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let at = find(store, &id, &board_id)?;
        let list_id = find_list(&store.planning.boards[at], &list_id)?;
        store.planning.boards[at].remove_list(list_id);
        Ok(no_content())
    })
}
