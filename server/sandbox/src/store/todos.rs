//! The current user's to-do items: what GitLab put on their list (a mention, a review
//! asked of them, a failed pipeline, an item they marked), pending until done.

use serde_json::{Value, json};

use super::state::Store;

/// One to-do item.
#[derive(Debug, Clone)]
pub(crate) struct Todo {
    pub id: u64,
    pub project_id: u64,
    /// Who caused it.
    pub author_id: u64,
    /// `mentioned`, `assigned`, `review_requested`, `build_failed`, `marked`, …
    pub action_name: &'static str,
    /// `Issue` or `MergeRequest`.
    pub target_type: &'static str,
    pub target_iid: u64,
    /// `pending` or `done`.
    pub state: &'static str,
    pub created_at: String,
    pub updated_at: String,
}

impl Store {
    /// GitLab's `Todo` entity: the project, the author, the target whole.
    pub fn todo_json(&self, todo: &Todo) -> Value {
        let project = &self.projects[&todo.project_id];
        let (target, title) = match todo.target_type {
            "Issue" => {
                let issue = &project.issues[&todo.target_iid];
                (self.issue_json(project, issue), issue.title.clone())
            }
            _ => {
                let mr = &project.merge_requests[&todo.target_iid];
                (self.merge_request_json(project, mr), mr.title.clone())
            }
        };
        json!({
            "id": todo.id,
            "project": {
                "id": project.id,
                "name": project.name,
                "name_with_namespace": format!("{} / {}", self.namespace_name(project.namespace), project.name),
                "path": project.path,
                "path_with_namespace": self.full_path(project),
            },
            "author": self.user_json(todo.author_id),
            "action_name": todo.action_name,
            "target_type": todo.target_type,
            "target": target,
            "target_url": target["web_url"].clone(),
            "body": title,
            "state": todo.state,
            "created_at": todo.created_at,
            "updated_at": todo.updated_at,
        })
    }
}
