//! Links between issues (GitLab's "linked items"), possibly across projects, and their
//! entities. GitLab stores `is_blocked_by` as a `blocks` link the other way round, so a link
//! is `relates_to` or `blocks`; each side sees it from its own end.

use serde_json::{Value, json};

use super::issues::Issue;
use super::{Project, Store};

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

impl Store {
    /// The issue with this (global) id, and its project.
    pub fn issue_by_id(&self, issue_id: u64) -> Option<(&Project, &Issue)> {
        self.projects.values().find_map(|project| {
            project
                .issues
                .values()
                .find(|i| i.id == issue_id)
                .map(|issue| (project, issue))
        })
    }

    fn issue_json_by_id(&self, issue_id: u64) -> Value {
        self.issue_by_id(issue_id)
            .map_or(Value::Null, |(project, issue)| {
                self.issue_json(project, issue)
            })
    }

    /// GitLab's `IssueLink` entity: both issues and the stored type.
    pub fn issue_link_json(&self, link: &IssueLink) -> Value {
        json!({
            "source_issue": self.issue_json_by_id(link.source_id),
            "target_issue": self.issue_json_by_id(link.target_id),
            "link_type": link.link_type,
        })
    }

    /// GitLab's `RelatedIssue` list for an issue: each linked issue with the link's id, type
    /// (from this issue's end) and dates, oldest link first.
    pub fn related_issues_json(&self, issue_id: u64) -> Vec<Value> {
        self.issue_links
            .iter()
            .filter(|link| link.involves(issue_id))
            .filter_map(|link| {
                let (other, link_type) = link.seen_from(issue_id);
                let (project, issue) = self.issue_by_id(other)?;
                let mut value = self.issue_json(project, issue);
                value["issue_link_id"] = json!(link.id);
                value["link_type"] = json!(link_type);
                value["link_created_at"] = json!(link.created_at);
                value["link_updated_at"] = json!(link.updated_at);
                Some(value)
            })
            .collect()
    }
}
