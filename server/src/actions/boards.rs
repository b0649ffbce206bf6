//! A project's issue boards and their label lists (the `issues` toolset):
//! `/projects/:id/boards[/:board_id]` and `/projects/:id/boards/:board_id/lists[/:list_id]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<BoardList>("board.list", "projects/{project_id}/boards").list(),
        get::<BoardGet>("board.get", "projects/{project_id}/boards/{board_id}"),
        post::<BoardCreate>("board.create", "projects/{project_id}/boards"),
        put::<BoardUpdate>("board.update", "projects/{project_id}/boards/{board_id}"),
        delete::<BoardDelete>("board.delete", "projects/{project_id}/boards/{board_id}"),
        get::<BoardListList>(
            "board_list.list",
            "projects/{project_id}/boards/{board_id}/lists"
        )
        .list(),
        get::<BoardListGet>(
            "board_list.get",
            "projects/{project_id}/boards/{board_id}/lists/{list_id}"
        ),
        post::<BoardListCreate>(
            "board_list.create",
            "projects/{project_id}/boards/{board_id}/lists"
        )
        .title("Add a label list to a board"),
        put::<BoardListUpdate>(
            "board_list.update",
            "projects/{project_id}/boards/{board_id}/lists/{list_id}"
        )
        .title("Move a board list"),
        delete::<BoardListDelete>(
            "board_list.delete",
            "projects/{project_id}/boards/{board_id}/lists/{list_id}"
        ),
    ]
}

/// List a project's issue boards, each with its label lists in order.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one issue board of a project, with its label lists.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub board_id: u64,
}

/// Create an issue board in a project (besides its Open and Closed lists, empty). Returns
/// the board.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub name: String,
}

/// Rename an issue board. Returns the board.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub board_id: u64,
    /// The new name.
    pub name: Option<String>,
}

/// Delete an issue board and its lists (destructive); the issues stay. GitLab keeps a
/// project's last board.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub board_id: u64,
}

/// List a board's label lists (its columns) by position; the Open and Closed lists are
/// not listed.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardListList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub board_id: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one list of a board: its label and position.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardListGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub board_id: u64,
    pub list_id: u64,
}

/// Add a list (a column) for a label to a board, after the others. Returns the list.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardListCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub board_id: u64,
    /// The label's id (a project or group label, see `label.list`).
    pub label_id: u64,
}

/// Move a board list to another position; the lists between shift by one. Returns the
/// list.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardListUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub board_id: u64,
    pub list_id: u64,
    /// The new position, from 0 (the first label list).
    pub position: u64,
}

/// Remove a list from a board (destructive); its label and issues stay.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardListDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub board_id: u64,
    pub list_id: u64,
}
