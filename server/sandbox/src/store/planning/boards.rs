//! Issue boards of a project: each a name and its label lists, in order. GitLab also gives
//! every board an "Open" and a "Closed" list, which its API never lists and nobody moves
//! or deletes; they are not kept here.

use serde_json::{Value, json};

use crate::store::Ids;
use crate::store::state::Store;

pub(crate) struct Board {
    pub id: u64,
    pub project_id: u64,
    pub name: String,
    /// Ordered by `position`, which counts from 0.
    pub lists: Vec<BoardList>,
}

pub(crate) struct BoardList {
    pub id: u64,
    pub label_id: u64,
    pub position: usize,
}

impl Board {
    pub fn list(&self, list_id: u64) -> Option<&BoardList> {
        self.lists.iter().find(|l| l.id == list_id)
    }

    /// A list for `label_id`, after the others; its id.
    pub fn add_list(&mut self, ids: &mut u64, label_id: u64) -> u64 {
        let id = Ids::next(ids);
        self.lists.push(BoardList {
            id,
            label_id,
            position: self.lists.len(),
        });
        id
    }

    /// Moves a list to `position`, the lists between shifting by one; `false` (nothing
    /// moved) for a position out of range or the one it has, as GitLab's move service.
    pub fn move_list(&mut self, list_id: u64, position: i64) -> bool {
        let Some(from) = self.lists.iter().position(|l| l.id == list_id) else {
            return false;
        };
        let Ok(to) = usize::try_from(position) else {
            return false;
        };
        if to == from || to >= self.lists.len() {
            return false;
        }
        let list = self.lists.remove(from);
        self.lists.insert(to, list);
        self.renumber();
        true
    }

    pub fn remove_list(&mut self, list_id: u64) {
        self.lists.retain(|l| l.id != list_id);
        self.renumber();
    }

    fn renumber(&mut self) {
        for (position, list) in self.lists.iter_mut().enumerate() {
            list.position = position;
        }
    }
}

impl Store {
    /// The project's boards, oldest first.
    pub fn boards(&self, project_id: u64) -> impl Iterator<Item = &Board> {
        self.planning
            .boards
            .iter()
            .filter(move |b| b.project_id == project_id)
    }

    /// A new board with no label lists; its id.
    pub fn add_board(&mut self, project_id: u64, name: &str) -> u64 {
        let id = Ids::next(&mut self.planning.ids.board);
        self.planning.boards.push(Board {
            id,
            project_id,
            name: name.to_owned(),
            lists: Vec::new(),
        });
        id
    }

    /// GitLab's `Board` entity (with the Enterprise Edition's scope fields, unset).
    pub fn board_json(&self, board: &Board) -> Value {
        let project = &self.projects[&board.project_id];
        json!({
            "id": board.id,
            "name": board.name,
            "hide_backlog_list": false,
            "hide_closed_list": false,
            "project": self.project_basic_json(project),
            "lists": board.lists.iter().map(|l| self.board_list_json(board, l)).collect::<Vec<_>>(),
            "group": null,
            "milestone": null,
            "assignee": null,
            "labels": [],
            "weight": null,
        })
    }

    /// GitLab's `List` entity.
    pub fn board_list_json(&self, board: &Board, list: &BoardList) -> Value {
        json!({
            "id": list.id,
            "label": self.label_basic_json(board.project_id, list.label_id),
            "position": list.position,
            "max_issue_count": 0,
            "max_issue_weight": 0,
            "limit_metric": null,
        })
    }
}
