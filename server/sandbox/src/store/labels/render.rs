//! GitLab's project label entity.

use serde_json::{Value, json};

use super::{Label, text_color};
use crate::store::project::Project;

impl Label {
    /// GitLab's project label entity; with `with_counts` (as `GET …/labels?with_counts=true`
    /// asks) also how many open and closed issues and open merge requests of `project` carry it.
    pub fn json(&self, project: &Project, with_counts: bool) -> Value {
        let mut value = json!({
            "id": self.id,
            "name": self.name,
            "color": self.color,
            "text_color": text_color(&self.color),
            "description": self.description,
            "description_html": self.description.as_deref().map(|d| format!("<p>{d}</p>")).unwrap_or_default(),
            "subscribed": false,
            "priority": self.priority,
            "is_project_label": true,
        });
        if with_counts {
            let has = |labels: &[String]| labels.iter().any(|l| l.eq_ignore_ascii_case(&self.name));
            let issues = |state: &str| {
                project
                    .issues
                    .values()
                    .filter(|i| i.state == state && has(&i.labels))
                    .count()
            };
            let open_merge_requests = project
                .merge_requests
                .values()
                .filter(|m| m.state == "opened" && has(&m.labels))
                .count();
            value["open_issues_count"] = json!(issues("opened"));
            value["closed_issues_count"] = json!(issues("closed"));
            value["open_merge_requests_count"] = json!(open_merge_requests);
        }
        value
    }
}
