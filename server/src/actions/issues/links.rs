//! Links between issues: `/projects/:id/issues/:issue_iid/links[/:issue_link_id]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::gitlab::ProjectId;

/// List the issues linked to an issue — related, blocking or blocked by it —, all at once:
/// each issue with its `issue_link_id` and `link_type`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueLinkList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
}

/// How two issues relate, read from the source issue.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LinkType {
    RelatesTo,
    Blocks,
    IsBlockedBy,
}

/// Link two issues, possibly of different projects: related, or one blocking the other.
/// Returns both issues and the link type.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueLinkCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The other issue's project, by numeric id or path.
    pub target_project_id: ProjectId,
    /// The other issue's number inside its project.
    pub target_issue_iid: u64,
    /// `relates_to` (default), `blocks` or `is_blocked_by` (the last two need GitLab Premium).
    pub link_type: Option<LinkType>,
}

/// Remove the link between an issue and another (destructive); both issues stay. Returns
/// the removed link.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueLinkDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The link's `issue_link_id` from `issue.link_list`.
    pub issue_link_id: u64,
}
