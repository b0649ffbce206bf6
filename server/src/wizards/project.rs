//! `gitlab_interactive_project_create`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wizard::live::{Live, Verdict};
use wizard::summary::escape_value;
use wizard::{Choice, Wizard};

use super::live::{Found, read};
use crate::catalog::body::Body;
use crate::catalog::wizard::GitLabWizard;
use crate::gitlab::{ApiRequest, GitLab};

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
    context = GitLab,
    summary = "Create new GitLab project?\n\n- Name: {name}\n- Visibility: {visibility}",
    confirm = "Create the project"
)]
pub struct ProjectWizard {
    /// The project name.
    #[ask("Enter the project name", check = name_is_free)]
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
    #[ask(
        "Initialize the repository with a README file?",
        summary = "README",
        title = "Initialize with a README"
    )]
    #[serde(default)]
    pub initialize_with_readme: bool,
    /// The first branch's name; GitLab applies it only together with a README.
    #[ask(
        "Enter the default branch name (or leave empty for the instance's default)",
        when = initialize_with_readme,
        summary = "Default branch"
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

/// The name must be free in the user's own namespace, where `POST /projects` puts the
/// project: no project there with this name, nor with the path GitLab would derive from it.
async fn name_is_free(live: Live<'_, ProjectWizard>, name: &str) -> Verdict {
    let path = path_from_name(name);
    let mut terms = vec![name];
    if !path.eq_ignore_ascii_case(name) && !path.is_empty() {
        terms.push(&path);
    }
    for term in terms {
        let owned = ApiRequest::get()
            .segment("projects")
            .query("owned", true)
            .query("search", term)
            .query("per_page", 100);
        let Found::Yes(found) = read(live.context, owned).await else {
            return Verdict::Accept;
        };
        let personal = found
            .body
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p.pointer("/namespace/kind").and_then(Value::as_str) == Some("user"));
        for project in personal {
            let field = |key: &str| project.get(key).and_then(Value::as_str).unwrap_or_default();
            let full_path = escape_value(field("path_with_namespace"));
            if field("name").eq_ignore_ascii_case(name) {
                return Verdict::reject(format!(
                    "You already have a project named {}: {full_path}.",
                    escape_value(name)
                ));
            }
            if field("path").eq_ignore_ascii_case(&path) {
                return Verdict::reject(format!(
                    "The name {} makes the path {}, which {full_path} already has.",
                    escape_value(name),
                    escape_value(&path)
                ));
            }
        }
    }
    Verdict::Accept
}

/// The path GitLab derives from a project's name when none is given: lowercase, anything
/// but letters, digits, `_` and `-` becomes one dash, no dashes at the ends.
fn path_from_name(name: &str) -> String {
    let mut path = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() || c == '_' {
            path.push(c);
        } else if !path.ends_with('-') {
            path.push('-');
        }
    }
    path.trim_matches('-').to_owned()
}

#[cfg(test)]
mod tests {
    use super::path_from_name;

    #[test]
    fn paths_come_from_names_as_gitlab_makes_them() {
        assert_eq!(path_from_name("My App"), "my-app");
        assert_eq!(path_from_name("  Tools & Co. "), "tools-co");
        assert_eq!(path_from_name("snake_case-2"), "snake_case-2");
    }
}
