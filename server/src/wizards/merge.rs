//! `gitlab_interactive_mr_merge`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wizard::Wizard;
use wizard::live::{Intro, Live, Start};
use wizard::summary::escape_value;

use super::live::{Found, project_get, read, shown};
use crate::catalog::body::Body;
use crate::catalog::params::MergeRequestIid;
use crate::catalog::wizard::GitLabWizard;
use crate::gitlab::{ApiRequest, GitLab, ProjectId};

/// Merge a merge request step by step: the first question shows its title, branches,
/// pipeline status and merge status; squash, remove the source branch (each starting on
/// the merge request's own setting), merge when the pipeline succeeds (when it has one);
/// the summary is the confirmation. Returns the merge request.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "gitlab_interactive_mr_merge",
    id = "interactive.mr_merge",
    alternative = "merge_request.merge",
    noun = "Merge request",
    context = GitLab,
    intro = describe,
    summary = "Merge {merge_request_iid} in project {project_id}?",
    confirm = "Merge the merge request"
)]
pub struct MergeWizard {
    /// The project's numeric id or its path (`group/project`).
    #[tool_arg]
    pub project_id: ProjectId,
    #[tool_arg]
    pub merge_request_iid: MergeRequestIid,
    /// Squash the commits into one. The wizard starts on the merge request's own
    /// setting, and does not ask where the project always or never squashes.
    #[ask("Squash commits on merge?", summary = "Squash commits")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squash: Option<bool>,
    /// Delete the source branch after merging. The wizard starts on the merge request's
    /// own setting.
    #[ask(
        "Remove the source branch after merge?",
        title = "Remove source branch",
        summary = "Source branch",
        yes = "removed after the merge",
        no = "kept"
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub should_remove_source_branch: Option<bool>,
    /// Merge once the head pipeline succeeds instead of now (when a pipeline is running):
    /// GitLab's `auto_merge` (sent as `merge_when_pipeline_succeeds` to a GitLab before
    /// 17.11). The wizard does not ask it of a merge request without a pipeline.
    #[ask(
        "Merge when the pipeline succeeds?",
        summary = "Merge when pipeline succeeds"
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto_merge: Option<bool>,
}

/// The merge wizard sends only the choices that were made.
impl GitLabWizard for MergeWizard {
    fn request(&self) -> ApiRequest {
        let body = Body::new()
            .opt("squash", self.squash)
            .opt(
                "should_remove_source_branch",
                self.should_remove_source_branch,
            )
            .opt("auto_merge", self.auto_merge);
        ApiRequest::put()
            .project(&self.project_id)
            .segment("merge_requests")
            .segment(self.merge_request_iid)
            .segment("merge")
            .json(body.into())
    }
}

/// Before the first question: what is about to be merged, or why there is nothing to
/// merge. A merge request GitLab cannot show now is described as such, and GitLab decides
/// when merging.
async fn describe(live: Live<'_, MergeWizard>) -> Intro {
    let (project, iid) = (&live.args.project_id, live.args.merge_request_iid);
    let which = format!("Merge request !{iid} in {}", shown(project));
    let request = project_get(project, &["merge_requests", &iid.to_string()]);
    let found = match read(live.context, request).await {
        Found::Yes(found) => found.body,
        Found::No => {
            return Intro::Stop(format!(
                "There is no merge request !{iid} in {}.",
                shown(project)
            ));
        }
        Found::Unknown(why) => {
            return Intro::Show(format!(
                "{which} could not be read ({}); GitLab checks it when merging.",
                escape_value(&why)
            ));
        }
    };
    let text = |pointer: &str| found.pointer(pointer).and_then(Value::as_str);
    match text("/state") {
        Some("merged") => return Intro::Stop(format!("{which} is merged already.")),
        Some("closed") => {
            return Intro::Stop(format!("{which} is closed: reopen it before merging."));
        }
        Some("locked") => return Intro::Stop(format!("{which} is locked.")),
        _ => {}
    }
    let status = text("/detailed_merge_status");
    if let Some((status, why)) = status.and_then(|status| Some((status, blocked(status)?))) {
        return Intro::Stop(format!(
            "{which} cannot be merged now: {why} (GitLab's merge status {}).",
            escape_value(status)
        ));
    }
    let shown_or = |value: Option<&str>, none: &str| value.map_or(none.to_owned(), escape_value);
    let flag = |pointer: &str| found.pointer(pointer).and_then(Value::as_bool);
    let pipeline = text("/head_pipeline/status");
    let mut rows = vec![
        format!(
            "- Branches: {} -> {}",
            shown_or(text("/source_branch"), "?"),
            shown_or(text("/target_branch"), "?")
        ),
        format!("- Pipeline: {}", shown_or(pipeline, "none")),
        format!(
            "- Merge status: {}",
            shown_or(status.or(text("/merge_status")), "unknown")
        ),
    ];
    // The project may squash always or never, whatever the merge request says: then it
    // is said, not asked.
    let squash = squash_option(live.context, project).await;
    if let Some(setting @ ("always" | "never")) = squash.as_deref() {
        rows.push(format!(
            "- Squash commits: {setting}, as the project requires"
        ));
    }
    let intro = format!(
        "{which}: {}\n\n{}",
        shown_or(text("/title"), "(no title)"),
        rows.join("\n")
    );
    // The options start where the merge request has them, so that a merge that is
    // only confirmed does what its author set up.
    let remove = flag("/force_remove_source_branch").unwrap_or(false);
    let mut start = Start::new(intro).starts_on("should_remove_source_branch", remove);
    start = match squash.as_deref() {
        Some("always") => start.settles("squash", Some(Value::Bool(true))),
        Some("never") => start.settles("squash", Some(Value::Bool(false))),
        _ => start.starts_on("squash", flag("/squash").unwrap_or(false)),
    };
    // Without a pipeline there is nothing to wait for.
    if pipeline.is_none() {
        start = start.settles("auto_merge", None);
    }
    Intro::Start(start)
}

/// The project's `squash_option` (`always`, `never`, `default_on`, `default_off`), when
/// it can be read.
async fn squash_option(gitlab: &GitLab, project: &ProjectId) -> Option<String> {
    match read(gitlab, project_get(project, &[])).await {
        Found::Yes(found) => found
            .body
            .get("squash_option")
            .and_then(Value::as_str)
            .map(str::to_owned),
        Found::No | Found::Unknown(_) => None,
    }
}

/// Why GitLab will refuse a merge in this `detailed_merge_status`, and what to do, for
/// the statuses no answer here can change. A running or required pipeline is not one of
/// them: merging when it succeeds (`auto_merge`) waits for it. An unknown status is left
/// to GitLab.
fn blocked(status: &str) -> Option<&'static str> {
    Some(match status {
        "not_approved" => "it needs its approvals first",
        "requested_changes" => "a reviewer requested changes; address them first",
        "conflict" => "it conflicts with the target branch; resolve the conflicts first",
        "need_rebase" => "it must be rebased onto the target branch first",
        "draft_status" => "it is a draft; mark it as ready first",
        "discussions_not_resolved" => "its open threads must be resolved first",
        "blocked_status" | "merge_request_blocked" => "another merge request blocks it",
        "broken_status" => "its source or target branch cannot be merged as it is",
        "not_open" => "it is not open",
        "jira_association_missing" => "its title or description must name a Jira issue",
        "title_regex" => "its title does not match the pattern the project requires",
        "locked_paths" | "locked_lfs_files" => "it changes files someone has locked",
        "security_policy_violations" | "security_policy_pipeline_check" => {
            "the project's security policies block it"
        }
        _ => return None,
    })
}
