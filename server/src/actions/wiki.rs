//! The `wiki` toolset: a project's wiki pages, `/projects/:id/wikis[/:slug]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        // GitLab lists every page at once: there are no pages of pages to ask for.
        get::<WikiList>("wiki.list", "projects/{project_id}/wikis").list(),
        get::<WikiGet>("wiki.get", "projects/{project_id}/wikis/{slug}"),
        post::<WikiCreate>("wiki.create", "projects/{project_id}/wikis"),
        put::<WikiUpdate>("wiki.update", "projects/{project_id}/wikis/{slug}"),
        delete::<WikiDelete>("wiki.delete", "projects/{project_id}/wikis/{slug}"),
    ]
}

/// The markup a wiki page is written in.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WikiFormat {
    Markdown,
    Rdoc,
    Asciidoc,
    Org,
}

/// List every page of a project's wiki (its documentation) by title and slug, with their
/// content when `with_content` is true.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WikiList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Include each page's content (GitLab's default: false).
    pub with_content: Option<bool>,
}

/// Read one wiki page by its slug: title, format and content (as written, or as HTML with
/// `render_html`).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WikiGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The page's slug, as `wiki.list` gives it (`home`, `guides/deploy`).
    pub slug: String,
    /// An earlier version of the page, by its commit SHA.
    pub version: Option<String>,
    /// Return the content rendered as HTML.
    pub render_html: Option<bool>,
}

/// Create a wiki page from a title and its content. Returns the page with its slug.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WikiCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The page's title; `guides/deploy` makes a page `deploy` under `guides`.
    pub title: String,
    /// The page's text, in `format`.
    pub content: String,
    /// `markdown` (GitLab's default), `rdoc`, `asciidoc` or `org`.
    pub format: Option<WikiFormat>,
}

/// Change a wiki page's title, content or format; only the fields given change. Returns the
/// page, whose slug follows a new title.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WikiUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The page's slug.
    pub slug: String,
    pub title: Option<String>,
    /// Replaces the page's text.
    pub content: Option<String>,
    pub format: Option<WikiFormat>,
}

/// Delete a wiki page (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WikiDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The page's slug.
    pub slug: String,
}
