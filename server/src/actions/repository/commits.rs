//! Commits: `/projects/:id/repository/commits[/:sha[/…]]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::files::Encoding;
use crate::catalog::params::{PageNumber, PerPage};
use crate::gitlab::ProjectId;

/// List commits, newest first — a branch's or a file's history — on a branch or tag (the
/// default branch unless given), touching a path, by an author or in a date range, one page
/// at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// A branch, a tag or a range (`v1.0..main`); the default branch unless given.
    pub ref_name: Option<String>,
    /// Only commits that touch this file or directory.
    pub path: Option<String>,
    /// Only commits made on or after this time (`2026-07-28` or `2026-07-28T12:00:00Z`).
    pub since: Option<String>,
    /// Only commits made on or before this time (ISO 8601).
    pub until: Option<String>,
    /// Only commits whose author name or email contains this text.
    pub author: Option<String>,
    /// Every commit of the repository, whatever branch holds it.
    pub all: Option<bool>,
    /// Add each commit's added and deleted line counts.
    pub with_stats: Option<bool>,
    /// Follow only the first parent of merge commits: one line per merge into the branch.
    pub first_parent: Option<bool>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

impl CommitList {
    /// GitLab ignores `ref_name` beside `all`: refuse the pair rather than answer another
    /// question than the one asked.
    pub fn ref_name_or_all(&self) -> Result<(), String> {
        match (&self.ref_name, self.all) {
            (Some(_), Some(true)) => Err(
                "`all`: lists the commits of every branch, so `ref_name` would be ignored; give one or the other"
                    .to_owned(),
            ),
            _ => Ok(()),
        }
    }
}

/// Get one commit by SHA, branch or tag: message, author, dates, parents, changed line
/// counts and the status of its last pipeline.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// A commit SHA (full or short), a branch or a tag.
    pub sha: String,
    /// Include added and deleted line counts (GitLab's default: true).
    pub stats: Option<bool>,
}

/// Show the changes a commit made: its diff, one entry per file, one page of files at a
/// time; a very long diff is cut, with a note saying so.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitDiff {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// A commit SHA, a branch or a tag.
    pub sha: String,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// What a commit does to one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FileAction {
    Create,
    Update,
    Delete,
    Move,
    Chmod,
}

impl FileAction {
    /// The name GitLab takes.
    fn name(self) -> &'static str {
        match self {
            FileAction::Create => "create",
            FileAction::Update => "update",
            FileAction::Delete => "delete",
            FileAction::Move => "move",
            FileAction::Chmod => "chmod",
        }
    }
}

/// One file change of a commit.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitAction {
    /// `create`, `update`, `delete`, `move` (rename) or `chmod` (set the executable bit).
    pub action: FileAction,
    /// The file's path (its new path for `move`).
    pub file_path: String,
    /// `move` only: the path it moves from.
    pub previous_path: Option<String>,
    /// The file's whole new content: needed by `create` and `update`, optional for `move`.
    pub content: Option<String>,
    /// `text` (default) or `base64` for binary content.
    pub encoding: Option<Encoding>,
    /// `update`, `move`, `delete`: refuse if the file changed since this commit (`file.get`).
    pub last_commit_id: Option<String>,
    /// `chmod` only: make the file executable (true) or not (false).
    pub execute_filemode: Option<bool>,
}

/// Commit several file changes at once — create, update, delete, move (rename) or chmod
/// files — on a branch, which is created from `start_branch` when given. Returns the new
/// commit.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The branch to commit to.
    pub branch: String,
    pub commit_message: String,
    /// The file changes, applied in order.
    pub actions: Vec<CommitAction>,
    /// Create `branch` from this branch first (when `branch` does not exist yet).
    pub start_branch: Option<String>,
    /// The author's email, when not the token's user.
    pub author_email: Option<String>,
    /// The author's name, when not the token's user.
    pub author_name: Option<String>,
}

impl CommitCreate {
    /// What serde cannot say: which fields each kind of file change needs.
    pub fn each_action_complete(&self) -> Result<(), String> {
        if self.actions.is_empty() {
            return Err("`actions`: give at least one file change".to_owned());
        }
        for (index, change) in self.actions.iter().enumerate() {
            let missing = match change.action {
                FileAction::Create | FileAction::Update if change.content.is_none() => {
                    Some(("content", "the file's whole new content"))
                }
                FileAction::Move if change.previous_path.is_none() => {
                    Some(("previous_path", "the path the file moves from"))
                }
                FileAction::Chmod if change.execute_filemode.is_none() => {
                    Some(("execute_filemode", "true or false"))
                }
                _ => None,
            };
            if let Some((field, what)) = missing {
                return Err(format!(
                    "`actions[{index}].{field}`: a `{}` action needs `{field}` ({what})",
                    change.action.name()
                ));
            }
        }
        Ok(())
    }
}

/// Which kind of ref.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RefType {
    Branch,
    Tag,
    All,
}

/// List the branches and tags that contain a commit — whether a fix has reached a release
/// or a branch — one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitRefList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The commit SHA.
    pub sha: String,
    /// `branch`, `tag` or `all` (GitLab's default).
    #[serde(rename = "type")]
    pub ref_type: Option<RefType>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Cherry-pick a commit onto a branch — backport a fix to a release branch — as a new
/// commit. Returns the new commit; GitLab refuses when it does not apply cleanly.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitCherryPick {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The commit to pick, by SHA.
    pub sha: String,
    /// The branch to put it on.
    pub branch: String,
    /// The new commit's message (GitLab's default: the original's, with a cherry-pick line).
    pub message: Option<String>,
    /// Only check whether it applies; commit nothing.
    pub dry_run: Option<bool>,
}

/// Revert a commit on a branch — undo a change that broke something — as a new commit.
/// Returns the new commit; GitLab refuses when the revert does not apply cleanly.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommitRevert {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The commit to revert, by SHA.
    pub sha: String,
    /// The branch to put the revert on.
    pub branch: String,
    /// Only check whether it applies; commit nothing.
    pub dry_run: Option<bool>,
}
