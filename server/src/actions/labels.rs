//! The `labels` toolset: `/projects/:id/labels[/:label_id]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{LabelId, PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    [
        table![
            get::<LabelList>("label.list", "projects/{project_id}/labels").list(),
            get::<LabelGet>("label.get", "projects/{project_id}/labels/{label_id}"),
            post::<LabelCreate>("label.create", "projects/{project_id}/labels"),
            put::<LabelUpdate>("label.update", "projects/{project_id}/labels/{label_id}"),
            delete::<LabelDelete>("label.delete", "projects/{project_id}/labels/{label_id}"),
        ],
        super::group_planning::label_actions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// List the labels of a project, its own and its groups', optionally with how many open
/// issues and merge requests carry each, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LabelList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only labels whose name or description contains this text.
    pub search: Option<String>,
    /// Add `open_issues_count`, `closed_issues_count` and `open_merge_requests_count`.
    pub with_counts: Option<bool>,
    /// Also list the labels of the project's groups (GitLab's default: true).
    pub include_ancestor_groups: Option<bool>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one label of a project by id or name: its color, description and priority.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LabelGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub label_id: LabelId,
}

/// Create a project label with a color, and optionally a description and a priority.
/// Returns the new label.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LabelCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The label's name (`bug`, `priority::high`).
    pub name: String,
    /// `#RRGGBB` (`#d9534f`) or a CSS color name (`red`).
    pub color: String,
    pub description: Option<String>,
    /// Where the label sorts among prioritized labels: lower first.
    pub priority: Option<u32>,
}

/// Rename a label or change its color, description or priority; only the fields given
/// change. Returns the updated label.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LabelUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub label_id: LabelId,
    /// The label's new name.
    pub new_name: Option<String>,
    /// `#RRGGBB` or a CSS color name.
    pub color: Option<String>,
    pub description: Option<String>,
    /// Where the label sorts among prioritized labels: lower first.
    pub priority: Option<u32>,
}

/// Delete a project label; it disappears from every issue and merge request carrying it
/// (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LabelDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub label_id: LabelId,
}
