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
        crate::catalog::params::window(self.first_line, self.last_line)
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
    /// Create `branch` from this branch first (when `branch` does not exist yet).
    pub start_branch: Option<String>,
    /// The author's email, when not the token's user.
    pub author_email: Option<String>,
    /// The author's name, when not the token's user.
    pub author_name: Option<String>,
}

/// Who last changed each line of a file ("who last changed line 40"): its lines grouped
/// by the commit that last touched them, with that commit's author, date and message.
/// `range_start` and `range_end` narrow it to some lines.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FileBlame {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The file's path in the repository (`src/lib.rs`).
    pub file_path: String,
    /// A branch, a tag or a commit SHA (`HEAD` for the default branch).
    #[serde(rename = "ref")]
    pub reference: String,
    /// The first line to blame, from 1 (with `range_end`).
    #[serde(rename(serialize = "range[start]"))]
    #[schemars(range(min = 1))]
    pub range_start: Option<u64>,
    /// The last line to blame (with `range_start`).
    #[serde(rename(serialize = "range[end]"))]
    #[schemars(range(min = 1))]
    pub range_end: Option<u64>,
}

impl FileBlame {
    /// GitLab takes a range only whole, its lines from 1 and the end not before the start.
    pub fn whole_range(&self) -> Result<(), String> {
        match (self.range_start, self.range_end) {
            (None, None) => Ok(()),
            (Some(0), _) | (_, Some(0)) => Err("lines count from 1, got 0".to_owned()),
            (Some(start), Some(end)) if start > end => Err(format!(
                "`range_end`: {end} is before `range_start` {start}; give an end at or after the start"
            )),
            (Some(_), Some(_)) => Ok(()),
            _ => Err(
                "`range_start` and `range_end` go together; give both, or neither for the whole file"
                    .to_owned(),
            ),
        }
    }
}
