//! Comparing two refs: `/projects/:id/repository/compare`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::actions::releases::Sort;
use crate::catalog::params::{PageNumber, PerPage};
use crate::gitlab::ProjectId;

/// Compare two branches, tags or commits — what changed between them —: the commits and
/// the diff per file, a very long diff cut with a note saying so. By default from their
/// merge base, as a merge request shows it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RepositoryCompare {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The older side: a branch, a tag or a commit SHA.
    pub from: String,
    /// The newer side: a branch, a tag or a commit SHA.
    pub to: String,
    /// Compare `from` and `to` directly (`from..to`), not from their merge base (`from...to`).
    pub straight: Option<bool>,
}

/// Find the best common ancestor of two or more branches, tags or commits (where they
/// forked: `git merge-base`). Returns that commit.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeBase {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Two or more branches, tags or commit SHAs.
    pub refs: Vec<String>,
}

/// What contributors are sorted by.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ContributorOrder {
    Name,
    Email,
    Commits,
}

/// List who wrote the repository's history ("who works on this code"): each author's
/// name, email and number of commits on the default branch or `ref`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Contributors {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// A branch, tag or commit (default: the default branch).
    #[serde(rename = "ref")]
    pub reference: Option<String>,
    /// `commits` (GitLab's default), `name` or `email`.
    pub order_by: Option<ContributorOrder>,
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
