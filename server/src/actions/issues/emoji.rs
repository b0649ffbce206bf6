//! Emoji reactions on an issue (`/projects/:id/issues/:issue_iid/award_emoji[/:award_id]`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<IssueEmojiList>(
            "issue.emoji_list",
            "projects/{project_id}/issues/{issue_iid}/award_emoji"
        )
        .list()
        .title("List emoji reactions on an issue"),
        post::<IssueEmojiCreate>(
            "issue.emoji_create",
            "projects/{project_id}/issues/{issue_iid}/award_emoji"
        )
        .title("React to an issue with an emoji"),
        delete::<IssueEmojiDelete>(
            "issue.emoji_delete",
            "projects/{project_id}/issues/{issue_iid}/award_emoji/{award_id}"
        )
        .title("Remove an emoji reaction from an issue"),
    ]
}

/// List the emoji reactions on an issue (👍 votes included): name, who, when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueEmojiList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The issue's number (`#7` → 7).
    pub issue_iid: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// React to an issue with an emoji, as the token's user (`thumbsup` is a vote for it).
/// Returns the reaction.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueEmojiCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The issue's number (`#7` → 7).
    pub issue_iid: u64,
    /// The emoji's name without colons (`thumbsup`, `thumbsdown`, `tada`, `eyes`).
    pub name: String,
}

/// Take back an emoji reaction from an issue (destructive: only your own, or as an
/// administrator).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueEmojiDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The issue's number (`#7` → 7).
    pub issue_iid: u64,
    /// The reaction's id (from `issue.emoji_list`).
    pub award_id: u64,
}
