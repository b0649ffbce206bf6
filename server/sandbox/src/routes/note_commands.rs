//! How the notes APIs answer a body with quick actions (the commands themselves are
//! `store::quick_actions`). GitLab interprets the commands before saving the note and
//! applies them after; a note of nothing but commands is not saved: `202 Accepted` with
//! `{"commands_changes": {…}, "summary": ["…"]}`, or `400` when the commands said nothing.
//! Otherwise the note is saved without its command lines and answered as usual, its
//! `commands_changes` showing what the commands changed. An edit that leaves nothing but
//! commands deletes the note.

use axum::http::StatusCode;
use axum::response::Response;
use serde_json::{Value, json};

use super::lookups::Target;
use super::notes::render_note;
use crate::reply::{ApiError, ok};
use crate::store::notes::{find_note, remove_note};
use crate::store::quick_actions::{Interpreted, On, Options};
use crate::store::{Store, now};

/// A new note: interprets `body` on `on`, saves what is left with `save` (which answers
/// the new note's entity and id), then applies the commands. Everything `save` could
/// refuse must be checked before: the commands may already have acted.
pub(super) fn post(
    store: &mut Store,
    on: &On,
    body: &str,
    options: &Options,
    save: impl FnOnce(&mut Store, &str) -> Result<(Value, u64), ApiError>,
) -> Result<Response, ApiError> {
    let interpreted = store.interpret_quick_actions(on, body, options);
    if interpreted.only_commands() {
        store.apply_quick_actions(on, &interpreted);
        return commands_only(&interpreted, "Failed to apply commands.");
    }
    let (mut entity, note_id) = save(store, &interpreted.text)?;
    store.apply_quick_actions(on, &interpreted);
    show_changes(&mut entity, interpreted.changes(Some(note_id)));
    Ok(ok(StatusCode::CREATED, entity))
}

/// An edit of note `note` of `target` to `body`: 200 with the note, or (nothing but
/// commands left) the note deleted and 202.
pub(super) fn edit(
    store: &mut Store,
    target: Target,
    note: u64,
    body: &str,
) -> Result<Response, ApiError> {
    let on = target.on();
    let interpreted = store.interpret_quick_actions(&on, body, &Options::note(None));
    let at = now();
    if interpreted.only_commands() {
        store.apply_quick_actions(&on, &interpreted);
        remove_note(target.discussions_mut(store, &at), note);
        return commands_only(&interpreted, "Commands did not apply");
    }
    if let Some((d, n)) = find_note(target.discussions(store), note) {
        let found = &mut target.discussions_mut(store, &at)[d].notes[n];
        found.body.clone_from(&interpreted.text);
        found.updated_at = at;
    }
    store.apply_quick_actions(&on, &interpreted);
    let mut entity = render_note(store, target, note)?;
    show_changes(&mut entity, interpreted.changes(Some(note)));
    Ok(ok(StatusCode::OK, entity))
}

/// `202` with what the commands changed and said; `400 Bad request - <failure>` when they
/// said nothing. (Lines GitLab removes but runs nothing for, like `/cloſe`, say nothing
/// and fail nothing.)
fn commands_only(interpreted: &Interpreted, failure: &str) -> Result<Response, ApiError> {
    let summary = interpreted.summary();
    if summary.is_none() && interpreted.has_commands() {
        return Err(ApiError::bad_request(format!(
            "400 Bad request - {failure}"
        )));
    }
    let summary: Vec<String> = summary.into_iter().collect();
    Ok(ok(
        StatusCode::ACCEPTED,
        json!({"commands_changes": interpreted.changes(None), "summary": summary}),
    ))
}

/// Puts `changes` where the answer shows the new note's `commands_changes`: the note entity
/// itself, or the last note of a discussion entity. (A commit comment's entity has none.)
fn show_changes(entity: &mut Value, changes: Value) {
    if entity.get("commands_changes").is_some() {
        entity["commands_changes"] = changes;
    } else if let Some(note) = entity
        .get_mut("notes")
        .and_then(Value::as_array_mut)
        .and_then(|notes| notes.last_mut())
    {
        note["commands_changes"] = changes;
    }
}
