//! The test wizards, shaped like the server's issue and project wizards (shared
//! with the benchmark).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use wizard::{Choice, Wizard};

/// An issue, as the server's wizard asks for it.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "demo_issue_create",
    flow = "interactive.issue_create",
    alternative = "issue.create",
    noun = "Issue",
    summary = "Create issue in project {project_id}?\n\n**Title**: {title}"
)]
pub struct Issue {
    #[tool_arg]
    pub project_id: String,
    #[ask("Enter the issue title")]
    pub title: String,
    #[ask(
        "Enter the issue description (Markdown supported, or leave empty)",
        summary = "Description",
        truncate = 100
    )]
    pub description: Option<String>,
    #[ask("Enter comma-separated labels (or leave empty)", summary = "Labels", parse = wizard::parse::comma_list)]
    pub labels: Option<Vec<String>>,
    #[ask("Should this issue be confidential?", summary = "Confidential")]
    pub confidential: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
pub enum Visibility {
    Private,
    Internal,
    Public,
}

/// A project: a choice, a yes/no that finishes as false when declined, and a
/// question asked only after a yes.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "demo_project_create",
    flow = "interactive.project_create",
    alternative = "project.create",
    noun = "Project",
    summary = "Create new GitLab project?\n\n**Name**: {name}\n**Visibility**: {visibility}"
)]
pub struct Project {
    #[ask("Enter the project name")]
    pub name: String,
    #[ask("Select the project visibility")]
    pub visibility: Visibility,
    #[ask("Initialize the repository with a README file?", summary = "README")]
    pub initialize_with_readme: bool,
    #[ask("Enter the default branch name (or leave empty for the instance's default)", when = initialize_with_readme, summary = "Default Branch")]
    pub default_branch: Option<String>,
}
