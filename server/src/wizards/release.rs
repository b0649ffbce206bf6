//! `gitlab_interactive_release_create`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wizard::Wizard;
use wizard::live::{Live, Verdict};
use wizard::summary::escape_value;

use super::live::{Found, project_get, read, shown};
use crate::catalog::body::Body;
use crate::catalog::wizard::GitLabWizard;
use crate::gitlab::{ApiRequest, GitLab, ProjectId};

/// Release creation wizard: tag name, release name, description, confirmation.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "gitlab_interactive_release_create",
    id = "interactive.release_create",
    alternative = "release.create",
    noun = "Release",
    context = GitLab,
    summary = "Create release in project {project_id}?\n\n- Tag: {tag_name}",
    confirm = "Create the release"
)]
pub struct ReleaseWizard {
    /// The project's numeric id or its full path (`group/project`).
    #[tool_arg]
    pub project_id: ProjectId,
    /// The tag to release; it must already exist.
    #[ask(
        "Enter the tag name for the release (must already exist)",
        check = tag_unreleased
    )]
    pub tag_name: String,
    /// The release name; left out (or empty), the tag name. Optional like every
    /// question that says "leave empty": declining it skips it.
    #[ask(
        "Enter the release name (or leave empty to use the tag name)",
        summary = "Name"
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The release notes, in Markdown.
    #[ask(
        "Enter the release description/notes (Markdown supported, or leave empty)",
        summary = "Description",
        truncate = 100
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// The release wizard always sends `name`; left out or empty, the tag name, since GitLab
/// keeps an empty name as sent instead of using the tag's.
impl GitLabWizard for ReleaseWizard {
    fn request(&self) -> ApiRequest {
        let name = match self.name.as_deref() {
            Some(name) if !name.trim().is_empty() => name,
            _ => &self.tag_name,
        };
        let body = Body::new()
            .set("tag_name", &self.tag_name)
            .set("name", name)
            .opt("description", self.description.as_ref());
        ApiRequest::post()
            .project(&self.project_id)
            .segment("releases")
            .json(body.into())
    }
}

/// The tag must exist and have no release yet: GitLab keeps one release per tag.
async fn tag_unreleased(live: Live<'_, ReleaseWizard>, tag: &str) -> Verdict {
    let (gitlab, project) = (live.context, &live.args.project_id);
    if read(gitlab, project_get(project, &["repository", "tags", tag])).await == Found::No {
        return Verdict::reject(format!(
            "There is no tag {} in {}: enter an existing tag.",
            escape_value(tag),
            shown(project)
        ));
    }
    match read(gitlab, project_get(project, &["releases", tag])).await {
        Found::Yes(release) => {
            let name = release.body.get("name").and_then(Value::as_str);
            Verdict::reject(format!(
                "Tag {} already has a release, {}.",
                escape_value(tag),
                escape_value(name.unwrap_or(tag))
            ))
        }
        Found::No | Found::Unknown(_) => Verdict::Accept,
    }
}
