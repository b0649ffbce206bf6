//! The `search` toolset: GitLab's search in one project, in a group, or everywhere the
//! token can see (`/projects/:id/search`, `/groups/:id/search`, `/search`). Each level takes
//! the scopes GitLab documents for it, so a scope GitLab never takes there is refused before
//! anything is sent; the advanced scopes (code, commits, comments, wikis in a group or
//! everywhere) are sent, and an instance without advanced search answers why not.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{GroupId, PageNumber, PerPage};
use crate::catalog::{Action, get};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<SearchProject>("search.project", "projects/{project_id}/search")
            .list()
            .check(ref_for_code),
        get::<SearchGroup>("search.group", "groups/{group_id}/search")
            .list()
            .across_projects(),
        get::<SearchGlobal>("search.global", "search")
            .across_projects()
            .list()
            .title("Search all of GitLab"),
    ]
}

/// What to search in a project.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProjectScope {
    Issues,
    MergeRequests,
    Milestones,
    Notes,
    WikiBlobs,
    Commits,
    Blobs,
    Users,
}

/// What to search in a group. Code, commits, comments and wikis (`blobs`, `commits`,
/// `notes`, `wiki_blobs`) need the instance's advanced search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GroupScope {
    Projects,
    Issues,
    MergeRequests,
    Milestones,
    Users,
    Blobs,
    Commits,
    Notes,
    WikiBlobs,
}

/// What to search across GitLab. Code, commits, comments and wikis (`blobs`, `commits`,
/// `notes`, `wiki_blobs`) need the instance's advanced search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GlobalScope {
    Projects,
    Issues,
    MergeRequests,
    Milestones,
    SnippetTitles,
    Users,
    Blobs,
    Commits,
    Notes,
    WikiBlobs,
}

/// A branch or tag picks the code, history or wiki searched; for any other scope GitLab
/// would ignore it, so a `ref` there is most likely a misunderstanding.
fn ref_for_code(search: &SearchProject) -> Result<(), String> {
    match (&search.reference, search.scope) {
        (Some(_), ProjectScope::Blobs | ProjectScope::Commits | ProjectScope::WikiBlobs)
        | (None, _) => Ok(()),
        (Some(_), _) => Err(
            "`ref` applies only to the `blobs`, `commits` and `wiki_blobs` scopes (the code, the history or the wiki at a branch or tag); leave it out for other scopes"
                .to_owned(),
        ),
    }
}

/// Search one project for text, one scope at a time: its code (`blobs`, grep), commits,
/// issues, merge requests, milestones, comments (`notes`), wiki or users. Returns one page
/// of matches.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchProject {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// What to search: `blobs` is the code, `notes` the comments, `wiki_blobs` the wiki.
    pub scope: ProjectScope,
    /// The text to look for.
    pub search: String,
    /// The branch or tag whose code or commits to search (default: the default branch).
    #[serde(rename = "ref")]
    pub reference: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Search a group and its projects for text, one scope at a time: projects, issues, merge
/// requests, milestones or users; code, commits, comments and wikis where the instance has
/// advanced search (else one project at a time with `search.project`). Returns one page of
/// matches.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchGroup {
    pub group_id: GroupId,
    /// What to search; `blobs`, `commits`, `notes` and `wiki_blobs` need advanced search.
    pub scope: GroupScope,
    /// The text to look for.
    pub search: String,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Search everything the token can see for text, one scope at a time: projects, issues,
/// merge requests, milestones, snippet titles or users; code, commits, comments and wikis
/// where the instance has advanced search (else one project at a time with
/// `search.project`). Returns one page of matches.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchGlobal {
    /// What to search; `blobs`, `commits`, `notes` and `wiki_blobs` need advanced search.
    pub scope: GlobalScope,
    /// The text to look for.
    pub search: String,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
