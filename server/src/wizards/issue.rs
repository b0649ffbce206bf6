//! `gitlab_interactive_issue_create`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use wizard::Wizard;

use crate::catalog::body::Body;
use crate::catalog::wizard::GitLabWizard;
use crate::gitlab::{ApiRequest, GitLab, ProjectId};

/// Step-by-step issue creation: title, description, labels, confidentiality, confirmation.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "gitlab_interactive_issue_create",
    id = "interactive.issue_create",
    alternative = "issue.create",
    noun = "Issue",
    context = GitLab,
    summary = "Create issue in project {project_id}?\n\n- Title: {title}",
    confirm = "Create the issue"
)]
pub struct IssueWizard {
    /// The project's numeric id or its full path (`group/project`).
    #[tool_arg]
    pub project_id: ProjectId,
    /// The issue title.
    #[ask("Enter the issue title")]
    pub title: String,
    /// The issue description, in Markdown.
    #[ask(
        "Enter the issue description (Markdown supported, or leave empty)",
        summary = "Description",
        truncate = 100
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Labels to add to the issue.
    #[ask(
        "Enter comma-separated labels (or leave empty)",
        summary = "Labels",
        parse = wizard::parse::comma_list
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<Vec<String>>,
    /// Whether only project members with at least Reporter access can see the issue.
    #[ask("Should this issue be confidential?", summary = "Confidential")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidential: Option<bool>,
}

/// The issue wizard sends only the fields that were set, labels joined with `,`.
impl GitLabWizard for IssueWizard {
    fn request(&self) -> ApiRequest {
        let body = Body::new()
            .set("title", &self.title)
            .opt("description", self.description.as_ref())
            .labels("labels", self.labels.as_deref())
            .opt("confidential", self.confidential);
        ApiRequest::post()
            .project(&self.project_id)
            .segment("issues")
            .json(body.into())
    }
}
