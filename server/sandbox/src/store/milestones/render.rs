//! GitLab's milestone entity.

use serde_json::{Value, json};

use super::Milestone;
use crate::store::project::Project;
use crate::store::state::Store;
use crate::store::timestamps::now;

impl Store {
    pub fn milestone_json(&self, project: &Project, milestone: &Milestone) -> Value {
        // GitLab's `expired`: the due date is past. Dates compare as text in ISO form.
        let today = now()[..10].to_owned();
        let expired = milestone
            .due_date
            .as_ref()
            .is_some_and(|due| due.as_str() < today.as_str());
        json!({
            "id": milestone.id,
            "iid": milestone.iid,
            "project_id": project.id,
            "title": milestone.title,
            "description": milestone.description,
            "state": milestone.state,
            "created_at": milestone.created_at,
            "updated_at": milestone.updated_at,
            "due_date": milestone.due_date,
            "start_date": milestone.start_date,
            "expired": expired,
            "web_url": format!("{}/-/milestones/{}", self.web_url(project), milestone.iid),
        })
    }
}
