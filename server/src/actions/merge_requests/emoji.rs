//! Emoji reactions on a merge request (`/projects/:id/merge_requests/:merge_request_iid/award_emoji[/:award_id]`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{MergeRequestIid, PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<MergeRequestEmojiList>(
            "merge_request.emoji_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/award_emoji"
        )
        .list()
        .title("List emoji reactions on a merge request"),
        post::<MergeRequestEmojiCreate>(
            "merge_request.emoji_create",
            "projects/{project_id}/merge_requests/{merge_request_iid}/award_emoji"
        )
        .title("React to a merge request with an emoji"),
        delete::<MergeRequestEmojiDelete>(
            "merge_request.emoji_delete",
            "projects/{project_id}/merge_requests/{merge_request_iid}/award_emoji/{award_id}"
        )
        .title("Remove an emoji reaction from a merge request"),
        get::<MergeRequestEmojiGet>(
            "merge_request.emoji_get",
            "projects/{project_id}/merge_requests/{merge_request_iid}/award_emoji/{award_id}"
        )
        .title("Get an emoji reaction on a merge request"),
        get::<MergeRequestNoteEmojiList>(
            "merge_request.note_emoji_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/notes/{note_id}/award_emoji"
        )
        .list()
        .title("List emoji reactions on a comment of a merge request"),
        get::<MergeRequestNoteEmojiGet>(
            "merge_request.note_emoji_get",
            "projects/{project_id}/merge_requests/{merge_request_iid}/notes/{note_id}/award_emoji/{award_id}"
        )
        .title("Get an emoji reaction on a comment of a merge request"),
        post::<MergeRequestNoteEmojiCreate>(
            "merge_request.note_emoji_add",
            "projects/{project_id}/merge_requests/{merge_request_iid}/notes/{note_id}/award_emoji"
        )
        .title("React to a comment of a merge request with an emoji"),
        delete::<MergeRequestNoteEmojiDelete>(
            "merge_request.note_emoji_delete",
            "projects/{project_id}/merge_requests/{merge_request_iid}/notes/{note_id}/award_emoji/{award_id}"
        )
        .title("Remove an emoji reaction from a comment of a merge request"),
    ]
}

/// List the emoji reactions on a merge request (👍 votes included): name, who, when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestEmojiList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// React to a merge request with an emoji, as the token's user (`thumbsup` is a vote,
/// not an approval). Returns the reaction.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestEmojiCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The emoji's name without colons (`thumbsup`, `thumbsdown`, `tada`, `eyes`).
    pub name: String,
}

/// Take back an emoji reaction from a merge request (destructive: only your own, or as an
/// administrator).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestEmojiDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The reaction's id (from `merge_request.emoji_list`).
    pub award_id: u64,
}

/// Get one emoji reaction on a merge request: name, who, when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestEmojiGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The reaction's id.
    pub award_id: u64,
}

/// List the emoji reactions on one comment of a merge request: name, who, when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestNoteEmojiList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The comment's id.
    pub note_id: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one emoji reaction on a comment of a merge request.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestNoteEmojiGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The comment's id.
    pub note_id: u64,
    /// The reaction's id.
    pub award_id: u64,
}

/// React to a comment of a merge request with an emoji, as the token's user. Returns the reaction.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestNoteEmojiCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The comment's id.
    pub note_id: u64,
    /// The emoji's name without colons (`thumbsup`, `tada`, `eyes`).
    pub name: String,
}

/// Take back an emoji reaction from a comment of a merge request (destructive: only your own, or
/// as an administrator).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestNoteEmojiDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The comment's id.
    pub note_id: u64,
    /// The reaction's id (from `merge_request.note_emoji_list`).
    pub award_id: u64,
}
