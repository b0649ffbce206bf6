//! Comments on issues and merge requests: `GET|POST /projects/:id/{issues|merge_requests}/
//! :iid/notes` and `GET|PUT|DELETE …/notes/:note_id`. Each handler serves both kinds: its
//! `MR` parameter says which. New notes and edits run their quick actions (`note_commands`).

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use super::lookups::{Kind, Target, record_not_found};
use super::note_commands;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::{Params, invalid};
use crate::reply::{ApiError, no_content, ok};
use crate::store::notes::{Discussion, Note, find_note, remove_note};
use crate::store::quick_actions::Options;
use crate::store::{CURRENT_USER, Store, now, parse_time, timestamp};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route(
            "/projects/{id}/issues/{issue_iid}/notes",
            get(list::<false>).post(create::<false>),
        )
        .route(
            "/projects/{id}/issues/{issue_iid}/notes/{note_id}",
            get(show::<false>)
                .put(update::<false>)
                .delete(remove::<false>),
        )
        .route(
            "/projects/{id}/merge_requests/{merge_request_iid}/notes",
            get(list::<true>).post(create::<true>),
        )
        .route(
            "/projects/{id}/merge_requests/{merge_request_iid}/notes/{note_id}",
            get(show::<true>).put(update::<true>).delete(remove::<true>),
        )
}

pub(super) fn kind(merge_request: bool) -> Kind {
    if merge_request {
        Kind::MergeRequest
    } else {
        Kind::Issue
    }
}

/// `400 Bad request - Note {…}`: GitLab's refusal when the note model does not validate,
/// its errors written as a Ruby hash.
pub(super) fn invalid_note(errors: &str) -> ApiError {
    ApiError::bad_request(format!("400 Bad request - Note {errors}"))
}

/// The `body` of a new note: required, and not blank (the model's rule).
pub(super) fn new_body(params: &Params) -> Result<String, ApiError> {
    params.require(&["body"])?;
    let body = params.str("body")?.unwrap_or_default();
    if body.trim().is_empty() {
        return Err(invalid_note(r#"{:note=>["can't be blank"]}"#));
    }
    Ok(body)
}

/// `created_at`, which GitLab honours for admins and project owners (every token here):
/// GitLab's timestamp, or now when absent or not a date.
pub(super) fn created_at(params: &Params) -> Result<String, ApiError> {
    Ok(params
        .str("created_at")?
        .and_then(|text| parse_time(&text))
        .map_or_else(now, timestamp))
}

/// `:note_id` as GitLab reads it: an integer, else `note_id is invalid`.
pub(super) fn note_id(text: &str) -> Result<u64, ApiError> {
    text.parse().map_err(|_| invalid("note_id"))
}

/// `403 Forbidden`: GitLab lets no one edit or delete a system note.
pub(super) fn forbidden() -> ApiError {
    ApiError::message(StatusCode::FORBIDDEN, "403 Forbidden")
}

/// The note `id` of the target, as GitLab's note entity.
pub(super) fn render_note(store: &Store, target: Target, id: u64) -> Result<Value, ApiError> {
    let discussions = target.discussions(store);
    let (d, n) = find_note(discussions, id).ok_or_else(record_not_found)?;
    let discussion = &discussions[d];
    Ok(store.note_json(
        target.project(store),
        target.noteable(store),
        discussion,
        &discussion.notes[n],
    ))
}

/// Every note, system notes included, newest first unless `sort=asc`, by `created_at` or
/// `updated_at`; `activity_filter` keeps only comments or only system notes.
async fn list<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let order_by = params.choice("order_by", &["created_at", "updated_at"])?;
        let sort = params.choice("sort", &["asc", "desc"])?;
        let filter = params.choice(
            "activity_filter",
            &["all_notes", "only_comments", "only_activity"],
        )?;
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let (project, noteable) = (target.project(store), target.noteable(store));
        let mut notes: Vec<(&Discussion, &Note)> = target
            .discussions(store)
            .iter()
            .flat_map(|d| d.notes.iter().map(move |n| (d, n)))
            .filter(|(_, n)| match filter.as_deref() {
                Some("only_comments") => !n.system,
                Some("only_activity") => n.system,
                _ => true,
            })
            .collect();
        let by_updated = order_by.as_deref() == Some("updated_at");
        notes.sort_by(|(_, a), (_, b)| {
            let key = |n: &Note| {
                let at = if by_updated {
                    &n.updated_at
                } else {
                    &n.created_at
                };
                (at.clone(), n.id)
            };
            key(a).cmp(&key(b))
        });
        if sort.as_deref() != Some("asc") {
            notes.reverse();
        }
        let items = notes
            .into_iter()
            .map(|(d, n)| store.note_json(project, noteable, d, n))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn show<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id, note)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let note = note_id(&note)?;
        Ok(ok(StatusCode::OK, render_note(store, target, note)?))
    })
}

/// A comment of the current user's, alone in its own discussion (`type` null). `internal`
/// (or its old name `confidential`) makes it an internal note. Its quick actions run
/// (`note_commands`); `merge_request_diff_head_sha` is what `/merge` needs.
async fn create<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["body"])?;
        let internal = params.bool("internal")?;
        let confidential = params.bool("confidential")?;
        let head_sha = params.str("merge_request_diff_head_sha")?;
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let body = new_body(&params)?;
        let at = created_at(&params)?;
        let options = Options::note(head_sha);
        note_commands::post(store, &target.on(), &body, &options, |store, text| {
            let mut note = Note::new(&mut store.ids, CURRENT_USER, text, &at);
            note.internal = internal.or(confidential).unwrap_or(false);
            let note_id = note.id;
            let discussion = Discussion::individual(&mut store.ids, note);
            target.discussions_mut(store, &now()).push(discussion);
            Ok((render_note(store, target, note_id)?, note_id))
        })
    })
}

/// Changes the body (`body`, not blank when sent), running its quick actions
/// (`note_commands`); without `body` the note is answered as it is. System notes cannot be
/// edited.
async fn update<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id, note)): Path<(String, String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let body = edited_body(&params)?;
        params.bool("confidential")?;
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let note = note_id(&note)?;
        edit_note(store, target, note, body)
    })
}

/// The new `body` of an edit: optional, but not blank when sent (`body is empty`).
pub(super) fn edited_body(params: &Params) -> Result<Option<String>, ApiError> {
    if params.has("body") {
        params.require_filled(&["body"], &["body"])?;
    }
    params.str("body")
}

/// Edits a note's body and answers; the note must exist (`404 Not found`) and not be a
/// system note (403).
pub(super) fn edit_note(
    store: &mut Store,
    target: Target,
    note: u64,
    body: Option<String>,
) -> Result<Response, ApiError> {
    let (d, n) = find_note(target.discussions(store), note).ok_or_else(record_not_found)?;
    if target.discussions(store)[d].notes[n].system {
        return Err(forbidden());
    }
    match body {
        Some(body) => note_commands::edit(store, target, note, &body),
        None => Ok(ok(StatusCode::OK, render_note(store, target, note)?)),
    }
}

/// 204; a discussion left without notes goes too. System notes cannot be deleted.
async fn remove<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id, note)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let note = note_id(&note)?;
        delete_note(store, target, note)?;
        Ok(no_content())
    })
}

/// Deletes a note, with GitLab's refusals (see [`edit_note`]).
pub(super) fn delete_note(store: &mut Store, target: Target, note: u64) -> Result<(), ApiError> {
    let (d, n) = find_note(target.discussions(store), note).ok_or_else(record_not_found)?;
    if target.discussions(store)[d].notes[n].system {
        return Err(forbidden());
    }
    remove_note(target.discussions_mut(store, &now()), note);
    Ok(())
}
