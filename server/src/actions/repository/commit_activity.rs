//! What happens around a commit: the CI statuses reported on it
//! (`/projects/:id/repository/commits/:sha/statuses`, `/projects/:id/statuses/:sha`), its
//! comments (`…/commits/:sha/comments`) and the merge requests that brought it
//! (`…/commits/:sha/merge_requests`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, get, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<CommitStatuses>(
            "commit.status_list",
            "projects/{project_id}/repository/commits/{sha}/statuses"
        )
        .list()
        .title("List a commit's CI statuses"),
        post::<CommitStatusSet>("commit.status_set", "projects/{project_id}/statuses/{sha}")
            .title("Set a commit's CI status"),
        get::<CommitComments>(
            "commit.comment_list",
            "projects/{project_id}/repository/commits/{sha}/comments"
        )
        .list()
        .title("List a commit's comments"),
        post::<CommitCommentCreate>(
            "commit.comment_create",
            "projects/{project_id}/repository/commits/{sha}/comments"
        )
        .check(CommitCommentCreate::check)
        .title("Comment on a commit"),
        get::<CommitMergeRequests>(
            "commit.merge_request_list",
            "projects/{project_id}/repository/commits/{sha}/merge_requests"
        )
        .list()
        .title("List the merge requests of a commit"),
    ]
}

/// A commit status's state, as an external CI reports it.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StatusState {
    Pending,
    Running,
    Success,
    Failed,
    Canceled,
    Skipped,
}

/// List the CI statuses reported on a commit — GitLab's jobs and external checks — with
/// their state, name and link.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitStatuses {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The commit's SHA.
    pub sha: String,
    /// Only statuses of this branch or tag.
    #[serde(rename = "ref")]
    pub reference: Option<String>,
    /// Only the status with this name (`ci/lint`).
    pub name: Option<String>,
    /// Only this CI stage's.
    pub stage: Option<String>,
    /// Every status, not only the latest of each name.
    pub all: Option<bool>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Report a CI status on a commit, as an external check does: its state, name, link and
/// description show on the commit and its merge requests. Returns the status.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitStatusSet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The commit's SHA.
    pub sha: String,
    pub state: StatusState,
    /// The check's name (`ci/lint`; GitLab's default: `default`).
    pub name: Option<String>,
    /// The branch or tag it is for.
    #[serde(rename = "ref")]
    pub reference: Option<String>,
    /// Where the check's details are.
    pub target_url: Option<String>,
    /// One line on the result.
    pub description: Option<String>,
    /// Code coverage, in percent.
    pub coverage: Option<f64>,
}

/// List the comments on a commit, with the file and line of those on its diff.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitComments {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The commit's SHA.
    pub sha: String,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Which side of a commit's diff a comment's line is on.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LineType {
    New,
    Old,
}

/// Comment on a commit, on the whole of it or on one line of its diff (`path`, `line`,
/// `line_type` together). Returns the comment.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitCommentCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The commit's SHA.
    pub sha: String,
    /// The comment, in Markdown.
    pub note: String,
    /// The file the comment is on.
    pub path: Option<String>,
    /// The line the comment is on.
    pub line: Option<u64>,
    pub line_type: Option<LineType>,
}

impl CommitCommentCreate {
    /// A comment on a file is on one of its lines: GitLab answers 400 to a `path` without
    /// `line` and `line_type`.
    fn check(&self) -> Result<(), String> {
        if self.path.is_some() && (self.line.is_none() || self.line_type.is_none()) {
            return Err("`path` needs `line` and `line_type` (`new` or `old`): a comment on a file sits on one of its lines; leave all three out to comment on the whole commit".to_owned());
        }
        Ok(())
    }
}

/// List the merge requests that brought a commit in ("which MR added this?").
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitMergeRequests {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The commit's SHA.
    pub sha: String,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
