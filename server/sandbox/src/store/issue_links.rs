//! Links between issues (GitLab's "linked items"), possibly across projects; their entities
//! are in `render`. GitLab stores `is_blocked_by` as a `blocks` link the other way round, so a
//! link is `relates_to` or `blocks`; each side sees it from its own end.

mod render;

pub(crate) struct IssueLink {
    pub id: u64,
    /// Issue ids (global), not iids: links cross projects.
    pub source_id: u64,
    pub target_id: u64,
    /// `relates_to` or `blocks`.
    pub link_type: &'static str,
    pub created_at: String,
    pub updated_at: String,
}

impl IssueLink {
    pub fn involves(&self, issue_id: u64) -> bool {
        self.source_id == issue_id || self.target_id == issue_id
    }

    /// The other end, and the link's type as seen from `issue_id`'s end: the target of a
    /// `blocks` link is blocked by its source.
    pub fn seen_from(&self, issue_id: u64) -> (u64, &'static str) {
        if self.source_id == issue_id {
            (self.target_id, self.link_type)
        } else if self.link_type == "blocks" {
            (self.source_id, "is_blocked_by")
        } else {
            (self.source_id, self.link_type)
        }
    }
}
