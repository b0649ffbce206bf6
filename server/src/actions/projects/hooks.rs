//! A project's webhooks (`/projects/:id/hooks[/:hook_id]`): URLs GitLab calls when
//! something happens. The secret token is sent to GitLab and never shown back.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<HookList>("hook.list", "projects/{project_id}/hooks")
            .list()
            .title("List webhooks"),
        get::<HookGet>("hook.get", "projects/{project_id}/hooks/{hook_id}").title("Get a webhook"),
        post::<HookCreate>("hook.create", "projects/{project_id}/hooks").title("Add a webhook"),
        put::<HookUpdate>("hook.update", "projects/{project_id}/hooks/{hook_id}")
            .title("Update a webhook"),
        delete::<HookDelete>("hook.delete", "projects/{project_id}/hooks/{hook_id}")
            .title("Delete a webhook"),
        post::<HookTest>(
            "hook.test",
            "projects/{project_id}/hooks/{hook_id}/test/{trigger}"
        )
        .title("Send a test event to a webhook"),
    ]
}

/// List a project's webhooks: URL, the events each is called for, SSL verification.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HookList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one webhook of a project.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HookGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub hook_id: u64,
}

/// Add a webhook: GitLab POSTs to `url` on the events turned on (pushes by default).
/// Returns the hook.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HookCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// `http://` or `https://`.
    pub url: String,
    pub name: Option<String>,
    pub description: Option<String>,
    /// Sent as `X-Gitlab-Token`, for the receiver to check; never shown back.
    pub token: Option<String>,
    pub push_events: Option<bool>,
    /// Push events only for branches matching this (`main`, `release/*`).
    pub push_events_branch_filter: Option<String>,
    pub tag_push_events: Option<bool>,
    pub issues_events: Option<bool>,
    pub confidential_issues_events: Option<bool>,
    pub merge_requests_events: Option<bool>,
    pub note_events: Option<bool>,
    pub confidential_note_events: Option<bool>,
    pub job_events: Option<bool>,
    pub pipeline_events: Option<bool>,
    pub wiki_page_events: Option<bool>,
    pub deployment_events: Option<bool>,
    pub releases_events: Option<bool>,
    pub emoji_events: Option<bool>,
    /// Check the receiver's TLS certificate (default true).
    pub enable_ssl_verification: Option<bool>,
}

/// Change a webhook's URL, token or events; only what is given changes.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HookUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub hook_id: u64,
    /// `http://` or `https://`.
    pub url: Option<String>,
    pub name: Option<String>,
    pub description: Option<String>,
    /// Sent as `X-Gitlab-Token`; never shown back.
    pub token: Option<String>,
    pub push_events: Option<bool>,
    pub push_events_branch_filter: Option<String>,
    pub tag_push_events: Option<bool>,
    pub issues_events: Option<bool>,
    pub confidential_issues_events: Option<bool>,
    pub merge_requests_events: Option<bool>,
    pub note_events: Option<bool>,
    pub confidential_note_events: Option<bool>,
    pub job_events: Option<bool>,
    pub pipeline_events: Option<bool>,
    pub wiki_page_events: Option<bool>,
    pub deployment_events: Option<bool>,
    pub releases_events: Option<bool>,
    pub emoji_events: Option<bool>,
    pub enable_ssl_verification: Option<bool>,
}

/// Delete a webhook (destructive): GitLab stops calling it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HookDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub hook_id: u64,
}

/// The events a webhook can be tested with; GitLab's names end in `_events`.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(
    clippy::enum_variant_names,
    reason = "the wire values are GitLab's, each ending in `_events`"
)]
pub enum HookTrigger {
    PushEvents,
    TagPushEvents,
    IssuesEvents,
    ConfidentialIssuesEvents,
    NoteEvents,
    MergeRequestsEvents,
    JobEvents,
    PipelineEvents,
    WikiPageEvents,
    ReleasesEvents,
    EmojiEvents,
    ResourceAccessTokenEvents,
}

/// Make GitLab call a webhook now with a sample event, to check the receiver.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HookTest {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub hook_id: u64,
    /// Which event to send (`push_events`, `merge_requests_events`, …).
    pub trigger: HookTrigger,
}
