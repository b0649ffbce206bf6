//! Project labels. Issues and merge requests carry label names; GitLab matches them to the
//! project's labels by name, and renders a label with counts of what carries it.

#![allow(
    dead_code,
    reason = "the label routes come next; until then only the seed uses labels"
)]

use serde_json::{Value, json};

use super::Project;

pub(crate) struct Label {
    pub id: u64,
    pub name: String,
    /// `#d9534f`: GitLab stores colours as hex.
    pub color: String,
    pub description: Option<String>,
    pub priority: Option<u64>,
}

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

/// GitLab picks dark or light text by the background's luminance.
fn text_color(background: &str) -> &'static str {
    let hex = background.trim_start_matches('#');
    let channel =
        |i: usize| u32::from_str_radix(hex.get(i..i + 2).unwrap_or("ff"), 16).unwrap_or(255);
    let luminance = 299 * channel(0) + 587 * channel(2) + 114 * channel(4);
    if luminance > 128_000 {
        "#1F1E24"
    } else {
        "#FFFFFF"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_light_on_dark_labels() {
        assert_eq!(text_color("#d9534f"), "#FFFFFF");
        assert_eq!(text_color("#1f75cb"), "#FFFFFF");
        assert_eq!(text_color("#f0f0f0"), "#1F1E24");
    }
}
