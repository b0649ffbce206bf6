//! GitLab's `IssueLink` and `RelatedIssue` entities.

use serde_json::{Value, json};

use super::IssueLink;
use crate::store::state::Store;

impl Store {
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
