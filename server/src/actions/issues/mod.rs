//! The `issues` toolset: `/projects/:id/issues[/:issue_iid[/…]]`. The issue itself is
//! here; its comments, threads and links each have a file.

pub mod discussions;
mod emoji;
pub mod links;
pub mod notes;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::alternative::{Alternative, Extra};
use crate::catalog::body::Body;
use crate::catalog::params::{CommaList, Date, UserId};
use crate::catalog::{Action, Output, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;
use crate::wizards::IssueWizard;
use discussions::{IssueDiscussionList, IssueDiscussionReply};
use links::{IssueLinkCreate, IssueLinkDelete, IssueLinkList};
use notes::{IssueNoteCreate, IssueNoteDelete, IssueNoteGet, IssueNoteList, IssueNoteUpdate};

pub fn actions() -> Vec<Action> {
    [
        table![
            post::<IssueCreate>("issue.create", "projects/{project_id}/issues"),
            get::<IssueGet>("issue.get", "projects/{project_id}/issues/{issue_iid}"),
            get::<IssueList>("issue.list", "projects/{project_id}/issues")
                .list()
                .check(IssueList::check),
            get::<IssueListAll>("issue.list_all", "issues")
                .list()
                .check(IssueListAll::check)
                .across_projects()
                .title("List issues across projects"),
            put::<IssueUpdate>("issue.update", "projects/{project_id}/issues/{issue_iid}"),
            delete::<IssueDelete>("issue.delete", "projects/{project_id}/issues/{issue_iid}"),
            get::<IssueNoteList>(
                "issue.note_list",
                "projects/{project_id}/issues/{issue_iid}/notes"
            )
            .list(),
            post::<IssueNoteCreate>(
                "issue.note_create",
                "projects/{project_id}/issues/{issue_iid}/notes"
            ),
            put::<IssueNoteUpdate>(
                "issue.note_update",
                "projects/{project_id}/issues/{issue_iid}/notes/{note_id}"
            ),
            get::<IssueNoteGet>(
                "issue.note_get",
                "projects/{project_id}/issues/{issue_iid}/notes/{note_id}"
            ),
            delete::<IssueNoteDelete>(
                "issue.note_delete",
                "projects/{project_id}/issues/{issue_iid}/notes/{note_id}"
            ),
            get::<IssueDiscussionList>(
                "issue.discussion_list",
                "projects/{project_id}/issues/{issue_iid}/discussions"
            )
            .list(),
            post::<IssueDiscussionReply>(
                "issue.discussion_reply",
                "projects/{project_id}/issues/{issue_iid}/discussions/{discussion_id}/notes"
            )
            .title("Reply to issue discussion"),
            // Not paginated: GitLab sends every link at once.
            get::<IssueLinkList>(
                "issue.link_list",
                "projects/{project_id}/issues/{issue_iid}/links"
            )
            .list(),
            post::<IssueLinkCreate>(
                "issue.link_create",
                "projects/{project_id}/issues/{issue_iid}/links"
            ),
            // GitLab answers 200 with the link it removed, not 204.
            delete::<IssueLinkDelete>(
                "issue.link_delete",
                "projects/{project_id}/issues/{issue_iid}/links/{issue_link_id}"
            )
            .output(Output::Object),
        ],
        emoji::actions(),
        super::participants::issue_actions(),
        super::subscriptions::issue_actions(),
        super::time_tracking::issue_actions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// `issue.create`: every question of the issue wizard, plus fields only GitLab knows.
pub type IssueCreate = Alternative<IssueWizard, IssueExtra>;

/// Create an issue in one call: every question of the issue wizard as a parameter, plus
/// assignees, milestone and due date. Returns the new issue with its iid and web_url.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueExtra {
    /// Users to assign, by user id.
    pub assignee_ids: Option<Vec<UserId>>,
    /// Milestone to file the issue under, by id.
    pub milestone_id: Option<u64>,
    /// When the issue is due.
    pub due_date: Option<Date>,
}

impl Extra<IssueWizard> for IssueExtra {
    fn body(self, _: &IssueWizard) -> Result<Body, String> {
        Ok(Body::new()
            .opt("assignee_ids", self.assignee_ids)
            .opt("milestone_id", self.milestone_id)
            .opt("due_date", self.due_date))
    }
}

/// Get one issue of a project by its iid: title, description, state, labels, assignees,
/// milestone and web_url.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
}

/// Which issues to list by state.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IssueState {
    Opened,
    Closed,
    All,
}

crate::issue_list! {
    /// List a project's issues, filtered by state, labels, text, author, assignee,
    /// milestone, whose work (`scope`) or dates, one page at a time.
    pub struct IssueList {
        /// The project's numeric id or its path (`group/project`).
        pub project_id: ProjectId,
        /// Only those with these numbers (iids).
        pub iids: Option<Vec<u64>>,
    }
}

crate::issue_list! {
    /// List issues across every project the token can see, such as those assigned to me
    /// (`scope: assigned_to_me`); by default those the user created (`scope:
    /// created_by_me`). Filters as `issue.list`; one page at a time.
    pub struct IssueListAll {
        /// Only those with these numbers (iids).
        pub iids: Option<Vec<u64>>,
    }
}

/// Close or reopen.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StateEvent {
    Close,
    Reopen,
}

/// Change an issue's title, description, labels, state, confidentiality, assignees,
/// milestone or due date; only the fields given change. Returns the updated issue.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    pub title: Option<String>,
    /// Markdown.
    pub description: Option<String>,
    /// Replaces every label of the issue.
    pub labels: Option<CommaList>,
    /// `close` or `reopen`.
    pub state_event: Option<StateEvent>,
    pub confidential: Option<bool>,
    /// Replaces the assignees, by user id (an empty list unassigns everyone).
    pub assignee_ids: Option<Vec<UserId>>,
    pub milestone_id: Option<u64>,
    pub due_date: Option<Date>,
}

/// Delete an issue for good (destructive; needs an owner or admin token).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
}
