//! What a merge request brings: its diffs, commits and pipelines.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{MergeRequestIid, PageNumber, PerPage};
use crate::gitlab::ProjectId;

/// Show what a merge request changes — its diff for review —, one entry per file, one page
/// of files at a time; a very long diff is cut, with a note saying so.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestDiffs {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the commits of a merge request, one page at a time: SHA, title, author and date of
/// each.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestCommits {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the CI pipelines that ran for a merge request, newest first, one page at a time:
/// the status, ref and SHA of each — why its checks are red.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestPipelines {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
