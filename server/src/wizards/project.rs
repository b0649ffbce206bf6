//! `gitlab_interactive_project_create`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use wizard::{Choice, Wizard};

use crate::catalog::body::Body;
use crate::catalog::wizards::GitLabWizard;
use crate::gitlab::ApiRequest;

/// Who can see a project. Serde and the JSON schema come from `#[derive(Choice)]`:
/// the wire values `private`, `internal`, `public`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Choice)]
pub enum Visibility {
    Private,
    Internal,
    Public,
}

/// Project creation: name, description, visibility, README initialization, default branch with a README, confirmation.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "gitlab_interactive_project_create",
    id = "interactive.project_create",
    alternative = "project.create",
    noun = "Project",
    summary = "Create new GitLab project?\n\n**Name**: {name}\n**Visibility**: {visibility}"
)]
pub struct ProjectWizard {
    /// The project name.
    #[ask("Enter the project name")]
    pub name: String,
    /// A short description of the project.
    #[ask(
        "Enter the project description (or leave empty)",
        summary = "Description",
        truncate = 100
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Who can see the project.
    #[ask("Select the project visibility")]
    pub visibility: Visibility,
    /// Whether to create the repository with a README (and so with a first branch).
    #[ask("Initialize the repository with a README file?", summary = "README")]
    #[serde(default)]
    pub initialize_with_readme: bool,
    /// The first branch's name; GitLab applies it only together with a README.
    #[ask(
        "Enter the default branch name (or leave empty for the instance's default)",
        when = initialize_with_readme,
        summary = "Default Branch"
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_branch: Option<String>,
}

/// The project wizard sends `default_branch` only with a README: GitLab applies it only
/// then, and the wizard asks for it only after a yes.
impl GitLabWizard for ProjectWizard {
    fn request(&self) -> ApiRequest {
        let readme = self.initialize_with_readme;
        let body = Body::new()
            .set("name", &self.name)
            .opt("description", self.description.as_ref())
            .set("visibility", self.visibility)
            .set("initialize_with_readme", readme)
            .opt(
                "default_branch",
                self.default_branch.as_ref().filter(|_| readme),
            );
        ApiRequest::post().segment("projects").json(body.into())
    }
}
