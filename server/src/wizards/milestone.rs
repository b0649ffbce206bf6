//! `gitlab_interactive_milestone_create`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use wizard::Wizard;
use wizard::live::{Live, Verdict};
use wizard::summary::escape_value;

use super::live::{Found, project_get, read, shown};
use crate::catalog::body::Body;
use crate::catalog::params::Date;
use crate::catalog::wizard::GitLabWizard;
use crate::gitlab::{ApiRequest, GitLab, ProjectId};

/// Create a milestone step by step: title, description, start and due dates (the due date
/// not before the start), confirmation. Returns the new milestone with its id.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "gitlab_interactive_milestone_create",
    id = "interactive.milestone_create",
    alternative = "milestone.create",
    noun = "Milestone",
    context = GitLab,
    summary = "Create milestone in project {project_id}?\n\n- Title: {title}",
    confirm = "Create the milestone"
)]
pub struct MilestoneWizard {
    /// The project's numeric id or its path (`group/project`).
    #[tool_arg]
    pub project_id: ProjectId,
    /// The milestone's title (`Sprint 12`, `v2.0`).
    #[ask("Enter the milestone title", check = title_is_free)]
    pub title: String,
    /// Markdown.
    #[ask(
        "Enter the milestone description (Markdown supported, or leave empty)",
        summary = "Description",
        truncate = 100
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The first day.
    #[ask(
        "Enter the start date as YYYY-MM-DD (or leave empty)",
        parse = date,
        summary = "Start",
        title = "Start date"
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_date: Option<Date>,
    /// The last day: on or after `start_date`.
    #[ask(
        "Enter the due date as YYYY-MM-DD, not before the start date (or leave empty)",
        parse = date,
        check = due_not_before_start,
        summary = "Due",
        title = "Due date"
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due_date: Option<Date>,
}

/// The milestone wizard sends only the fields that were set.
impl GitLabWizard for MilestoneWizard {
    fn request(&self) -> ApiRequest {
        let body = Body::new()
            .set("title", &self.title)
            .opt("description", self.description.as_ref())
            .opt("start_date", self.start_date.as_ref())
            .opt("due_date", self.due_date.as_ref());
        ApiRequest::post()
            .project(&self.project_id)
            .segment("milestones")
            .json(body.into())
    }
}

/// A date as the user types it: `2026-07-28`, a real day of the calendar.
pub fn date(text: &str) -> Result<Date, String> {
    let text = text.trim();
    Date::try_from(text.to_owned())
        .map_err(|_| format!("{} is not a date written YYYY-MM-DD", escape_value(text)))
}

/// GitLab keeps one milestone per title in a project.
async fn title_is_free(live: Live<'_, MilestoneWizard>, title: &str) -> Verdict {
    let project = &live.args.project_id;
    let same = project_get(project, &["milestones"])
        .query("title", title)
        .query("per_page", 1);
    match read(live.context, same).await {
        Found::Yes(found) if found.body.as_array().is_some_and(|list| !list.is_empty()) => {
            Verdict::reject(format!(
                "There is a milestone {} in {} already.",
                escape_value(title),
                shown(project)
            ))
        }
        _ => Verdict::Accept,
    }
}

/// A milestone ends on or after the day it starts; GitLab would refuse it after the call.
async fn due_not_before_start(live: Live<'_, MilestoneWizard>, due: &Date) -> Verdict {
    match &live.draft.start_date {
        Some(start) if due < start => Verdict::reject(format!(
            "The due date {} is before the start date {}.",
            escape_value(due.as_str()),
            escape_value(start.as_str())
        )),
        _ => Verdict::Accept,
    }
}
