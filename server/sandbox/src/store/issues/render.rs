//! GitLab's issue entity.

use serde_json::{Value, json};

use super::{Issue, closes};
use crate::store::CURRENT_USER;
use crate::store::notes::user_notes_count;
use crate::store::project::Project;
use crate::store::records::Owner;
use crate::store::state::Store;
use crate::store::tracking::Issuable;

impl Store {
    pub fn issue_json(&self, project: &Project, issue: &Issue) -> Value {
        let (upvotes, downvotes) = self.votes(&Owner::Issue(project.id, issue.iid));
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
        let tracked = Issuable::Issue(project.id, issue.iid);
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
            "upvotes": upvotes,
            "downvotes": downvotes,
            "due_date": issue.due_date,
            "confidential": issue.confidential,
            "discussion_locked": issue.discussion_locked,
            "moved_to_id": issue.moved_to_id,
            "web_url": web_url,
            "references": {
                "short": format!("#{}", issue.iid),
                "relative": format!("#{}", issue.iid),
                "full": format!("{}#{}", self.full_path(project), issue.iid),
            },
            "time_stats": self.time_stats_json(tracked),
            "subscribed": self.subscribed(tracked, CURRENT_USER),
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
