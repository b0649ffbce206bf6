//! The repository's tree: `/projects/:id/repository/tree`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::gitlab::ProjectId;

/// List the files and folders of a directory of the repository (the root unless `path` is
/// given) at a branch, tag or commit — `recursive` lists everything below it —, one page at
/// a time: each with its name, path, type (`blob` a file, `tree` a folder) and mode.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RepositoryTree {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The directory to list (`src/api`); the root unless given.
    pub path: Option<String>,
    /// A branch, a tag or a commit SHA; the default branch unless given.
    #[serde(rename = "ref")]
    pub reference: Option<String>,
    /// List the whole subtree, not only the directory's own entries.
    pub recursive: Option<bool>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
