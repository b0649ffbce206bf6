//! Issues, and GitLab's issue entity.

use serde_json::{Value, json};

use super::notes::{Discussion, user_notes_count};
use super::{Project, Store};

pub(crate) struct Issue {
    pub id: u64,
    pub iid: u64,
    pub title: String,
    pub description: Option<String>,
    pub author_id: u64,
    pub assignee_ids: Vec<u64>,
    pub labels: Vec<String>,
    pub milestone_id: Option<u64>,
    pub confidential: bool,
    /// `opened` or `closed`.
    pub state: &'static str,
    pub due_date: Option<String>,
    pub discussion_locked: Option<bool>,
    pub created_at: String,
    pub updated_at: String,
    pub closed_at: Option<String>,
    pub closed_by: Option<u64>,
    pub discussions: Vec<Discussion>,
}

impl Issue {
    /// A new open issue with nothing but a title, by `author_id`, created `at`.
    pub fn new(id: u64, iid: u64, title: &str, author_id: u64, at: &str) -> Issue {
        Issue {
            id,
            iid,
            title: title.to_owned(),
            description: None,
            author_id,
            assignee_ids: Vec::new(),
            labels: Vec::new(),
            milestone_id: None,
            confidential: false,
            state: "opened",
            due_date: None,
            discussion_locked: None,
            created_at: at.to_owned(),
            updated_at: at.to_owned(),
            closed_at: None,
            closed_by: None,
            discussions: Vec::new(),
        }
    }
}

impl Store {
    pub fn issue_json(&self, project: &Project, issue: &Issue) -> Value {
        let web_url = format!("{}/-/issues/{}", self.web_url(project), issue.iid);
        let assignees: Vec<Value> = issue
            .assignee_ids
            .iter()
            .map(|&u| self.user_json(u))
            .collect();
        let milestone = issue
            .milestone_id
            .and_then(|id| project.milestones.values().find(|m| m.id == id))
            .map(|m| self.milestone_json(project, m));
        let merge_requests = project
            .merge_requests
            .values()
            .filter(|m| closes(m.description.as_deref(), issue.iid))
            .count();
        let api = self.api_url(project);
        json!({
            "id": issue.id,
            "iid": issue.iid,
            "project_id": project.id,
            "title": issue.title,
            "description": issue.description,
            "state": issue.state,
            "created_at": issue.created_at,
            "updated_at": issue.updated_at,
            "closed_at": issue.closed_at,
            "closed_by": issue.closed_by.map(|u| self.user_json(u)),
            "labels": issue.labels,
            "milestone": milestone,
            "assignee": assignees.first(),
            "assignees": assignees,
            "author": self.user_json(issue.author_id),
            "type": "ISSUE",
            "issue_type": "issue",
            "user_notes_count": user_notes_count(&issue.discussions),
            "merge_requests_count": merge_requests,
            "upvotes": 0,
            "downvotes": 0,
            "due_date": issue.due_date,
            "confidential": issue.confidential,
            "discussion_locked": issue.discussion_locked,
            "web_url": web_url,
            "references": {
                "short": format!("#{}", issue.iid),
                "relative": format!("#{}", issue.iid),
                "full": format!("{}#{}", self.full_path(project), issue.iid),
            },
            "time_stats": {"time_estimate": 0, "total_time_spent": 0, "human_time_estimate": null, "human_total_time_spent": null},
            "task_completion_status": {"count": 0, "completed_count": 0},
            "has_tasks": false,
            "_links": {
                "self": format!("{api}/issues/{}", issue.iid),
                "notes": format!("{api}/issues/{}/notes", issue.iid),
                "award_emoji": format!("{api}/issues/{}/award_emoji", issue.iid),
                "project": api,
            },
        })
    }
}

/// Whether a merge request description closes issue `iid` (`Closes #1`, `Fixes #1`), as
/// GitLab's default closing pattern reads it.
pub(crate) fn closes(description: Option<&str>, iid: u64) -> bool {
    let Some(text) = description else {
        return false;
    };
    let text = text.to_lowercase();
    let reference = format!("#{iid}");
    [
        "close", "closes", "closed", "fix", "fixes", "fixed", "resolve", "resolves", "resolved",
    ]
    .iter()
    .any(|verb| {
        text.match_indices(&format!("{verb} {reference}"))
            .any(|(at, found)| {
                let after = text[at + found.len()..].chars().next();
                after.is_none_or(|c| !c.is_ascii_digit())
            })
    })
}

#[cfg(test)]
mod tests {
    use super::closes;

    #[test]
    fn closing_patterns_name_the_issue() {
        assert!(closes(Some("Fixes #1"), 1));
        assert!(closes(Some("This closes #1."), 1));
        assert!(!closes(Some("Fixes #12"), 1));
        assert!(!closes(Some("Mentions #1"), 1));
        assert!(!closes(None, 1));
    }
}
