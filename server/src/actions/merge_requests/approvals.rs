//! Approvals: `/projects/:id/merge_requests/:merge_request_iid/{approve,unapprove,approvals}`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::MergeRequestIid;
use crate::gitlab::ProjectId;

/// Approve a merge request as the token's user, optionally only if its source branch is
/// still at `sha` (what was reviewed). Returns its approvals so far.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestApprove {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// Approve only if the source branch's HEAD is still this commit.
    pub sha: Option<String>,
}

/// Take back the token's user's approval of a merge request. Returns who still approves it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestUnapprove {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
}

/// Get a merge request's approval state: whether it is approved, who approved it, and
/// whether the token's user has approved or may approve it (on GitLab Premium, also the
/// approvals still needed).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestApprovals {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
}
