//! Threads: `/projects/:id/issues/:issue_iid/discussions[/…]`. Issue threads cannot be
//! resolved; only merge request threads can.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::gitlab::ProjectId;

/// List an issue's discussions — its threads, each with its comments —, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueDiscussionList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Reply in a thread of an issue (a single comment becomes a thread). Returns the reply.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueDiscussionReply {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The discussion's `id` (40 hex characters) from `issue.discussion_list`.
    pub discussion_id: String,
    /// The reply, Markdown.
    pub body: String,
}
