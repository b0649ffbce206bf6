//! The test wizard of the engine's own tests and the benchmark: issue-shaped, with
//! required and optional text, a parsed list and an optional yes/no. It repeats the
//! server's issue wizard because this crate cannot depend on the server; behaviour
//! of the four real wizards (choices, `when`) is tested in server/tests/wizard_flows.rs.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use wizard::Wizard;

/// An issue, as the server's wizard asks for it.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "demo_issue_create",
    id = "interactive.issue_create",
    alternative = "issue.create",
    noun = "Issue",
    summary = "Create issue in project {project_id}?\n\n- Title: {title}"
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
