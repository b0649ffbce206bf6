//! `gitlab_interactive_branch_create`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use wizard::Wizard;
use wizard::live::{Live, Offer, Verdict};
use wizard::summary::escape_value;

use super::live::{Found, project_get, read, refs, shown};
use crate::catalog::body::Body;
use crate::catalog::wizard::GitLabWizard;
use crate::gitlab::{ApiRequest, GitLab, ProjectId};

/// Create a branch step by step: its name (checked to be new), the branch or tag it starts
/// from (chosen from the project's), confirmation. Returns the new branch.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "gitlab_interactive_branch_create",
    id = "interactive.branch_create",
    alternative = "branch.create",
    noun = "Branch",
    context = GitLab,
    summary = "Create branch {branch} in project {project_id}?\n\n- From: {reference}",
    confirm = "Create the branch"
)]
pub struct BranchWizard {
    /// The project's numeric id or its path (`group/project`).
    #[tool_arg]
    pub project_id: ProjectId,
    /// The new branch's name.
    #[ask("Enter the new branch name", check = new_branch)]
    pub branch: String,
    /// Where it starts: a branch, a tag or a commit SHA.
    #[ask(
        "Select the branch or tag to start from",
        key = "ref",
        choices_from = branches_and_tags,
        check = existing_ref
    )]
    #[serde(rename = "ref")]
    pub reference: String,
}

/// The branch wizard sends the name and where it starts.
impl GitLabWizard for BranchWizard {
    fn request(&self) -> ApiRequest {
        let body = Body::new()
            .set("branch", &self.branch)
            .set("ref", &self.reference);
        ApiRequest::post()
            .project(&self.project_id)
            .segment("repository")
            .segment("branches")
            .json(body.into())
    }
}

/// The name must be one git takes for a branch, and no branch of the project may have it.
async fn new_branch(live: Live<'_, BranchWizard>, name: &str) -> Verdict {
    if let Some(rule) = ref_name_problem(name) {
        return Verdict::reject(format!(
            "{} cannot be a branch name: {rule}.",
            escape_value(name)
        ));
    }
    let project = &live.args.project_id;
    let branch = project_get(project, &["repository", "branches", name]);
    match read(live.context, branch).await {
        Found::Yes(_) => Verdict::reject(format!(
            "There is a branch {} in {} already.",
            escape_value(name),
            shown(project)
        )),
        Found::No | Found::Unknown(_) => Verdict::Accept,
    }
}

/// The options: the project's branches, then its tags.
async fn branches_and_tags(live: Live<'_, BranchWizard>) -> Result<Vec<Offer>, String> {
    refs(live.context, &live.args.project_id).await
}

/// A start typed when the options could not be offered: a branch, a tag or a commit.
async fn existing_ref(live: Live<'_, BranchWizard>, name: &str) -> Verdict {
    let project = &live.args.project_id;
    let commit = project_get(project, &["repository", "commits", name]);
    match read(live.context, commit).await {
        Found::No => Verdict::reject(format!(
            "There is no branch, tag or commit {} in {}.",
            escape_value(name),
            shown(project)
        )),
        Found::Yes(_) | Found::Unknown(_) => Verdict::Accept,
    }
}

/// Why git refuses `name` as a branch name (`git check-ref-format --branch`), if it does.
pub fn ref_name_problem(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("it is empty")
    } else if name.chars().any(|c| c.is_control() || c.is_whitespace()) {
        Some("it may not contain spaces or control characters")
    } else if let Some(c) = name.chars().find(|c| "~^:?*[\\".contains(*c)) {
        Some(match c {
            '~' => "it may not contain `~`",
            '^' => "it may not contain `^`",
            ':' => "it may not contain `:`",
            '?' | '*' | '[' => "it may not contain `?`, `*` or `[`",
            _ => "it may not contain `\\`",
        })
    } else if name.starts_with(['-', '/', '.']) || name.ends_with(['/', '.']) {
        Some("it may not start with `-`, `/` or `.`, nor end with `/` or `.`")
    } else if name.contains("..") || name.contains("//") || name.contains("@{") {
        Some("it may not contain `..`, `//` or `@{`")
    } else if name.ends_with(".lock") || name.split('/').any(|part| part.starts_with('.')) {
        Some("no part of it may start with `.` or end with `.lock`")
    } else if name == "HEAD" || name == "@" {
        Some("`HEAD` and `@` are reserved")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::ref_name_problem;

    #[test]
    fn branch_names_follow_gits_rules() {
        for good in ["main", "feature/x", "fix-1.2", "release/v2.0", "a_b"] {
            assert_eq!(ref_name_problem(good), None, "{good}");
        }
        for bad in [
            "",
            "a b",
            "a..b",
            "a~1",
            "a^",
            "a:b",
            "a?",
            "a*",
            "a[",
            "a\\b",
            "-a",
            "/a",
            "a/",
            "a.",
            "a.lock",
            "x/.hidden",
            "a//b",
            "a@{1}",
            "HEAD",
            "@",
        ] {
            assert!(ref_name_problem(bad).is_some(), "{bad}");
        }
    }
}
