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
        get::<IssueEmojiGet>(
            "issue.emoji_get",
            "projects/{project_id}/issues/{issue_iid}/award_emoji/{award_id}"
        )
        .title("Get an emoji reaction on an issue"),
        get::<IssueNoteEmojiList>(
            "issue.note_emoji_list",
            "projects/{project_id}/issues/{issue_iid}/notes/{note_id}/award_emoji"
        )
        .list()
        .title("List emoji reactions on a comment of an issue"),
        get::<IssueNoteEmojiGet>(
            "issue.note_emoji_get",
            "projects/{project_id}/issues/{issue_iid}/notes/{note_id}/award_emoji/{award_id}"
        )
        .title("Get an emoji reaction on a comment of an issue"),
        post::<IssueNoteEmojiCreate>(
            "issue.note_emoji_add",
            "projects/{project_id}/issues/{issue_iid}/notes/{note_id}/award_emoji"
        )
        .title("React to a comment of an issue with an emoji"),
        delete::<IssueNoteEmojiDelete>(
            "issue.note_emoji_delete",
            "projects/{project_id}/issues/{issue_iid}/notes/{note_id}/award_emoji/{award_id}"
        )
        .title("Remove an emoji reaction from a comment of an issue"),
    ]
}

/// List the emoji reactions on an issue (👍 votes included): name, who, when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueEmojiList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
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
    pub issue_iid: u64,
    /// The reaction's id (from `issue.emoji_list`).
    pub award_id: u64,
}

/// Get one emoji reaction on an issue: name, who, when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueEmojiGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The reaction's id.
    pub award_id: u64,
}

/// List the emoji reactions on one comment of an issue: name, who, when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueNoteEmojiList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The comment's id.
    pub note_id: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one emoji reaction on a comment of an issue.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueNoteEmojiGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The comment's id.
    pub note_id: u64,
    /// The reaction's id.
    pub award_id: u64,
}

/// React to a comment of an issue with an emoji, as the token's user. Returns the reaction.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueNoteEmojiCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The comment's id.
    pub note_id: u64,
    /// The emoji's name without colons (`thumbsup`, `tada`, `eyes`).
    pub name: String,
}

/// Take back an emoji reaction from a comment of an issue (destructive: only your own, or
/// as an administrator).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueNoteEmojiDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The comment's id.
    pub note_id: u64,
    /// The reaction's id (from `issue.note_emoji_list`).
    pub award_id: u64,
}
