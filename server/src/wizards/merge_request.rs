//! `gitlab_interactive_mr_create`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wizard::Wizard;
use wizard::live::{Live, Verdict};
use wizard::summary::escape_value;

use super::live::{Found, branch_exists, project_get, read};
use crate::catalog::body::Body;
use crate::catalog::params::Branch;
use crate::catalog::wizard::GitLabWizard;
use crate::gitlab::{ApiRequest, GitLab, ProjectId};

/// Guided merge request creation: branches, title, description, labels, remove-source and squash options, confirmation.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "gitlab_interactive_mr_create",
    id = "interactive.mr_create",
    alternative = "merge_request.create",
    noun = "Merge request",
    context = GitLab,
    summary = "Create merge request in project {project_id}?\n\n- Title: {title}\n- Source branch: {source_branch}\n- Target branch: {target_branch}",
    confirm = "Create the merge request"
)]
pub struct MergeRequestWizard {
    /// The project's numeric id or its full path (`group/project`).
    #[tool_arg]
    pub project_id: ProjectId,
    /// The branch holding the changes.
    #[ask("Enter the source branch name", parse = Branch::parse, check = source_exists)]
    pub source_branch: Branch,
    /// The branch to merge into.
    #[ask(
        "Enter the target branch name (the branch to merge into, often the default one)",
        parse = Branch::parse,
        check = target_fits
    )]
    pub target_branch: Branch,
    /// The merge request title.
    #[ask("Enter the merge request title")]
    pub title: String,
    /// The merge request description, in Markdown.
    #[ask(
        "Enter the MR description (Markdown supported, or leave empty)",
        summary = "Description",
        truncate = 100
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Labels to add to the merge request.
    #[ask(
        "Enter comma-separated labels (or leave empty)",
        summary = "Labels",
        parse = wizard::parse::comma_list
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub labels: Option<Vec<String>>,
    /// Whether to delete the source branch once merged.
    #[ask("Remove source branch after merge?", summary = "Remove source branch")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remove_source_branch: Option<bool>,
    /// Whether to squash the commits into one on merge.
    #[ask("Squash commits on merge?", summary = "Squash commits")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squash: Option<bool>,
}

/// The merge request wizard sends only the fields that were set.
impl GitLabWizard for MergeRequestWizard {
    fn request(&self) -> ApiRequest {
        let body = Body::new()
            .set("source_branch", &self.source_branch)
            .set("target_branch", &self.target_branch)
            .set("title", &self.title)
            .opt("description", self.description.as_ref())
            .labels("labels", self.labels.as_deref())
            .opt("remove_source_branch", self.remove_source_branch)
            .opt("squash", self.squash);
        ApiRequest::post()
            .project(&self.project_id)
            .segment("merge_requests")
            .json(body.into())
    }
}

/// The source branch must exist.
async fn source_exists(live: Live<'_, MergeRequestWizard>, branch: &Branch) -> Verdict {
    branch_exists(live.context, &live.args.project_id, branch.as_str()).await
}

/// The target branch must differ from the source, exist, and not be joined to the source
/// by an open merge request already (GitLab would refuse the second one).
async fn target_fits(live: Live<'_, MergeRequestWizard>, target: &Branch) -> Verdict {
    let (gitlab, project) = (live.context, &live.args.project_id);
    let target = target.as_str();
    let source = live.draft.source_branch.as_ref().map_or("", Branch::as_str);
    if source == target {
        return Verdict::reject(format!(
            "The target branch must differ from the source branch {}.",
            escape_value(source)
        ));
    }
    if let Verdict::Reject(reason) = branch_exists(gitlab, project, target).await {
        return Verdict::Reject(reason);
    }
    let open = project_get(project, &["merge_requests"])
        .query("state", "opened")
        .query("source_branch", source)
        .query("target_branch", target)
        .query("per_page", 1);
    let Found::Yes(found) = read(gitlab, open).await else {
        return Verdict::Accept;
    };
    match found.body.as_array().and_then(|list| list.first()) {
        Some(other) => Verdict::reject(format!(
            "Merge request !{} already merges {} into {}: {}.",
            other.get("iid").and_then(Value::as_u64).unwrap_or_default(),
            escape_value(source),
            escape_value(target),
            escape_value(
                other
                    .get("title")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
            )
        )),
        None => Verdict::Accept,
    }
}
