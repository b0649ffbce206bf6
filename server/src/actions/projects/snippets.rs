//! A project's snippets (`/projects/:id/snippets[/:snippet_id[/raw]]`): pieces of code or
//! text kept beside the repository, shared by link.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, Output, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;
use crate::wizards::Visibility;

pub fn actions() -> Vec<Action> {
    table![
        get::<SnippetList>("snippet.list", "projects/{project_id}/snippets").list(),
        get::<SnippetGet>("snippet.get", "projects/{project_id}/snippets/{snippet_id}"),
        get::<SnippetContent>(
            "snippet.content",
            "projects/{project_id}/snippets/{snippet_id}/raw"
        )
        .output(Output::Text)
        .check(SnippetContent::window_selects_lines)
        .title("Read a snippet's content"),
        post::<SnippetCreate>("snippet.create", "projects/{project_id}/snippets"),
        put::<SnippetUpdate>(
            "snippet.update",
            "projects/{project_id}/snippets/{snippet_id}"
        ),
        delete::<SnippetDelete>(
            "snippet.delete",
            "projects/{project_id}/snippets/{snippet_id}"
        ),
    ]
}

/// List a project's snippets: title, file name, visibility, author.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SnippetList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one snippet of a project (its content: `snippet.content`).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SnippetGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub snippet_id: u64,
}

/// Read a snippet's content as text; a window of lines reads a long one piece by piece.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SnippetContent {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub snippet_id: u64,
    /// The first line to show, from 1 (ours, not GitLab's: GitLab sends it whole).
    #[serde(skip_serializing)]
    #[schemars(range(min = 1))]
    pub first_line: Option<u64>,
    /// The last line to show, from 1 (ours, not GitLab's).
    #[serde(skip_serializing)]
    #[schemars(range(min = 1))]
    pub last_line: Option<u64>,
}

impl SnippetContent {
    /// Lines count from 1, the last not before the first.
    pub fn window_selects_lines(&self) -> Result<(), String> {
        crate::catalog::params::window(self.first_line, self.last_line)
    }
}

/// Create a snippet in a project. Returns it, with its `web_url`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SnippetCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub title: String,
    /// Its file name, which sets its highlighting (`query.sql`).
    pub file_name: String,
    /// The code or text.
    pub content: String,
    pub description: Option<String>,
    pub visibility: Visibility,
}

/// Change a snippet's title, file name, content, description or visibility.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SnippetUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub snippet_id: u64,
    pub title: Option<String>,
    pub file_name: Option<String>,
    pub content: Option<String>,
    pub description: Option<String>,
    pub visibility: Option<Visibility>,
}

/// Delete a snippet of a project (destructive: its content is lost).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SnippetDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub snippet_id: u64,
}
