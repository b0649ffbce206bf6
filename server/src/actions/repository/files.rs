//! Repository files: `/projects/:id/repository/files/:file_path`, the path one segment.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::gitlab::ProjectId;

/// How `content` is written.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Encoding {
    Text,
    Base64,
}

/// Read a file of the repository at a branch, tag or commit: its text, size and last
/// commit; a binary file is described rather than shown, and a large one is read in parts
/// with `first_line` and `last_line`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The file's path in the repository (`src/lib.rs`).
    pub file_path: String,
    /// A branch, a tag or a commit SHA (`HEAD` for the default branch).
    #[serde(rename = "ref")]
    pub reference: String,
    /// The first line to show, from 1 (ours, not GitLab's: GitLab sends the whole file).
    #[serde(skip_serializing)]
    #[schemars(range(min = 1))]
    pub first_line: Option<u64>,
    /// The last line to show, from 1 (ours, not GitLab's).
    #[serde(skip_serializing)]
    #[schemars(range(min = 1))]
    pub last_line: Option<u64>,
}

impl FileGet {
    /// The window of lines must select some: lines count from 1, the last not before the
    /// first.
    pub fn window_selects_lines(&self) -> Result<(), String> {
        for (field, line) in [
            ("first_line", self.first_line),
            ("last_line", self.last_line),
        ] {
            if line == Some(0) {
                return Err(format!("`{field}`: lines count from 1, got 0"));
            }
        }
        match (self.first_line, self.last_line) {
            (Some(first), Some(last)) if first > last => Err(format!(
                "`last_line`: {last} is before `first_line` {first}; give a last line at or after the first"
            )),
            _ => Ok(()),
        }
    }
}

/// Create a file on a branch as a new commit (a new branch when `start_branch` is given).
/// Returns the file's path and branch.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The new file's path in the repository (`docs/intro.md`).
    pub file_path: String,
    /// The branch to commit to.
    pub branch: String,
    pub commit_message: String,
    /// The file's content.
    pub content: String,
    /// `text` (default) or `base64` for binary content.
    pub encoding: Option<Encoding>,
    /// Create `branch` from this branch first (when `branch` does not exist yet).
    pub start_branch: Option<String>,
    /// The author's email, when not the token's user.
    pub author_email: Option<String>,
    /// The author's name, when not the token's user.
    pub author_name: Option<String>,
    /// Make the file executable.
    pub execute_filemode: Option<bool>,
}

/// Replace a file's content on a branch as a new commit, optionally only if nobody changed
/// it since `last_commit_id`. Returns the file's path and branch.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The file's path in the repository (`src/lib.rs`).
    pub file_path: String,
    /// The branch to commit to.
    pub branch: String,
    pub commit_message: String,
    /// The file's whole new content.
    pub content: String,
    /// `text` (default) or `base64` for binary content.
    pub encoding: Option<Encoding>,
    /// Refuse if the file changed since this commit: the `last_commit_id` `file.get` gave.
    pub last_commit_id: Option<String>,
    /// Create `branch` from this branch first (when `branch` does not exist yet).
    pub start_branch: Option<String>,
    /// The author's email, when not the token's user.
    pub author_email: Option<String>,
    /// The author's name, when not the token's user.
    pub author_name: Option<String>,
    /// Make the file executable (true) or not (false).
    pub execute_filemode: Option<bool>,
}

/// Delete a file on a branch as a new commit (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The file's path in the repository.
    pub file_path: String,
    /// The branch to commit to.
    pub branch: String,
    pub commit_message: String,
    /// Refuse if the file changed since this commit; GitLab documents it but does not check it yet.
    pub last_commit_id: Option<String>,
    /// Create `branch` from this branch first (when `branch` does not exist yet).
    pub start_branch: Option<String>,
    /// The author's email, when not the token's user.
    pub author_email: Option<String>,
    /// The author's name, when not the token's user.
    pub author_name: Option<String>,
}
