//! Iterations (the `work_items` toolset): `GET /projects/:id/iterations` and
//! `GET /groups/:id/iterations`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{DateTime, GroupId, PageNumber, PerPage};
use crate::catalog::{Action, get};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<IterationList>("iteration.list", "projects/{project_id}/iterations").list(),
        get::<IterationGroupList>("iteration.group_list", "groups/{group_id}/iterations")
            .list()
            .title("List a group's iterations"),
    ]
}

/// Which iterations by state (`opened`: upcoming and current).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IterationState {
    Opened,
    Upcoming,
    Current,
    Closed,
    All,
}

/// Where `search` looks.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IterationField {
    Title,
    CadenceTitle,
}

/// List the iterations (sprints) a project can use: its group's and, by default, that
/// group's ancestors'; each with dates and state (1 upcoming, 2 current, 3 closed).
/// Needs GitLab Premium.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IterationList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// `opened`, `upcoming`, `current`, `closed` or `all` (default).
    pub state: Option<IterationState>,
    /// Text in the title.
    pub search: Option<String>,
    /// Where `search` looks: `title` (default) and/or `cadence_title`.
    pub r#in: Option<Vec<IterationField>>,
    /// Include the ancestor groups' iterations (default true).
    pub include_ancestors: Option<bool>,
    /// Include the descendant groups' iterations (default false).
    pub include_descendants: Option<bool>,
    pub updated_before: Option<DateTime>,
    pub updated_after: Option<DateTime>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List a group's iterations (sprints) and, by default, its ancestors'; each with dates
/// and state (1 upcoming, 2 current, 3 closed). Needs GitLab Premium.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IterationGroupList {
    pub group_id: GroupId,
    /// `opened`, `upcoming`, `current`, `closed` or `all` (default).
    pub state: Option<IterationState>,
    /// Text in the title.
    pub search: Option<String>,
    /// Where `search` looks: `title` (default) and/or `cadence_title`.
    pub r#in: Option<Vec<IterationField>>,
    /// Include the ancestor groups' iterations (default true).
    pub include_ancestors: Option<bool>,
    /// Include the descendant groups' iterations (default false).
    pub include_descendants: Option<bool>,
    pub updated_before: Option<DateTime>,
    pub updated_after: Option<DateTime>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
