//! Threads on issues and merge requests: `GET|POST /projects/:id/{issues|merge_requests}/
//! :iid/discussions`, `GET …/discussions/:discussion_id`, replies (`POST …/notes`), editing
//! and deleting a thread's notes, and resolving merge request threads
//! (`PUT …/discussions/:discussion_id`). A new thread on a merge request may start on the
//! diff (`position`): a `DiffNote`, checked the way GitLab checks it. New notes and edits run
//! their quick actions (`note_commands`).

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::Value;

use super::lookups::{Target, record_not_found};
use super::note_commands;
use super::notes::{
    created_at, delete_note, edit_note, forbidden, invalid_note, kind, new_body, note_id,
    render_note,
};
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::diff_positions;
use crate::store::notes::{Discussion, Note, Position, find_note};
use crate::store::quick_actions::Options;
use crate::store::{CURRENT_USER, Store, now};

pub(crate) fn routes() -> Router<App> {
    let router = routes_on::<false>(Router::new(), "issues/{issue_iid}");
    routes_on::<true>(router, "merge_requests/{merge_request_iid}")
}

/// The routes for one kind of noteable, `noteable` being its path under the project.
fn routes_on<const MR: bool>(router: Router<App>, noteable: &str) -> Router<App> {
    let base = format!("/projects/{{id}}/{noteable}/discussions");
    let one = format!("{base}/{{discussion_id}}");
    let router = router
        .route(&base, get(list::<MR>).post(create::<MR>))
        .route(&format!("{one}/notes"), post(reply::<MR>))
        .route(
            &format!("{one}/notes/{{note_id}}"),
            get(show_note::<MR>).put(edit::<MR>).delete(delete::<MR>),
        );
    // GitLab resolves threads on merge requests only: issues have no such route.
    if MR {
        router.route(&one, get(show::<MR>).put(resolve))
    } else {
        router.route(&one, get(show::<MR>))
    }
}

/// `404 Discussion Not Found`.
fn no_discussion() -> ApiError {
    ApiError::not_found("Discussion")
}

/// The index of discussion `discussion_id`, or `404 Discussion Not Found`.
fn find_discussion(store: &Store, target: Target, discussion_id: &str) -> Result<usize, ApiError> {
    target
        .discussions(store)
        .iter()
        .position(|d| d.id == discussion_id)
        .ok_or_else(no_discussion)
}

fn render(store: &Store, target: Target, index: usize) -> Value {
    store.discussion_json(
        target.project(store),
        target.noteable(store),
        &target.discussions(store)[index],
    )
}

/// Every discussion, oldest first, paginated by discussion.
async fn list<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let (project, noteable) = (target.project(store), target.noteable(store));
        let items = target
            .discussions(store)
            .iter()
            .map(|d| store.discussion_json(project, noteable, d))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn show<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id, discussion_id)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let index = find_discussion(store, target, &discussion_id)?;
        Ok(ok(StatusCode::OK, render(store, target, index)))
    })
}

/// A new thread (`DiscussionNote`s; resolvable on a merge request). On a merge request,
/// `position` starts it on the diff: Grape's checks first (`position[base_sha] is missing`,
/// `position[position_type] does not have a valid value`…), then the note model's (a line
/// not on the diff between `base_sha` and `head_sha` leaves the note without a line code).
async fn create<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["body"])?;
        let position = if MR { read_position(&params)? } else { None };
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let body = new_body(&params)?;
        if let Some(position) = &position {
            diff_positions::check(target.project(store), position).map_err(invalid_note)?;
        }
        let at = created_at(&params)?;
        let resolvable = target.resolvable();
        let options = Options::note(None);
        note_commands::post(store, &target.on(), &body, &options, |store, text| {
            let mut note = Note::new(&mut store.ids, CURRENT_USER, text, &at);
            note.position = position;
            let note_id = note.id;
            let discussion = Discussion::thread(&mut store.ids, note, resolvable);
            let discussions = target.discussions_mut(store, &now());
            discussions.push(discussion);
            let index = discussions.len() - 1;
            Ok((render(store, target, index), note_id))
        })
    })
}

/// A reply (201, the new note). A lone comment becomes a thread; a system note's
/// discussion cannot be replied to (`400 Bad request - Discussion can not be replied to.`).
async fn reply<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id, discussion_id)): Path<(String, String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["body"])?;
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let index = find_discussion(store, target, &discussion_id)?;
        if !target.discussions(store)[index].can_take_replies() {
            return Err(ApiError::bad_request(
                "400 Bad request - Discussion can not be replied to.",
            ));
        }
        let body = new_body(&params)?;
        let at = created_at(&params)?;
        let options = Options::note(None);
        note_commands::post(store, &target.on(), &body, &options, |store, text| {
            let note = Note::new(&mut store.ids, CURRENT_USER, text, &at);
            let note_id = note.id;
            let discussion = &mut target.discussions_mut(store, &now())[index];
            discussion.make_thread(target.resolvable());
            discussion.reply(note);
            Ok((render_note(store, target, note_id)?, note_id))
        })
    })
}

/// `resolved` (required): resolves or reopens every note of a resolvable thread (200, the
/// thread). GitLab answers 403 for a thread that cannot be resolved.
async fn resolve(
    State(app): State<App>,
    Path((id, noteable_id, discussion_id)): Path<(String, String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["resolved"])?;
        let resolved = params.bool("resolved")?.unwrap_or(false);
        let target = Target::find(store, &id, kind(true), &noteable_id)?;
        let index = find_discussion(store, target, &discussion_id)?;
        if !target.discussions(store)[index].resolvable() {
            return Err(forbidden());
        }
        let at = now();
        target.discussions_mut(store, &at)[index]
            .set_resolved(resolved.then_some(CURRENT_USER), &at);
        Ok(ok(StatusCode::OK, render(store, target, index)))
    })
}

/// `PUT …/discussions/:discussion_id/notes/:note_id`: exactly one of `body` (edit) and
/// `resolved` (resolve that note; `400 Bad request - Note is not resolvable` when it is
/// not). Like GitLab, the note is looked up among all the noteable's notes.
async fn edit<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id, _discussion, note)): Path<(String, String, String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        match (params.has("body"), params.has("resolved")) {
            (false, false) => {
                return Err(ApiError::error(
                    "body, resolved are missing, exactly one parameter must be provided",
                ));
            }
            (true, true) => {
                return Err(ApiError::error("body, resolved are mutually exclusive"));
            }
            _ => {}
        }
        let resolved = params.bool("resolved")?;
        let body = params.str("body")?;
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let note = note_id(&note)?;
        if body.as_ref().is_some_and(|b| b.trim().is_empty()) {
            return Err(invalid_note(r#"{:note=>["can't be blank"]}"#));
        }
        let Some(resolved) = resolved else {
            return edit_note(store, target, note, body);
        };
        let (d, n) = find_note(target.discussions(store), note).ok_or_else(record_not_found)?;
        if !target.discussions(store)[d].notes[n].resolvable {
            return Err(ApiError::bad_request(
                "400 Bad request - Note is not resolvable",
            ));
        }
        let at = now();
        let found = &mut target.discussions_mut(store, &at)[d].notes[n];
        found.resolved_by = resolved.then_some(CURRENT_USER);
        found.resolved_at = resolved.then_some(at);
        Ok(ok(StatusCode::OK, render_note(store, target, note)?))
    })
}

/// `GET …/discussions/:discussion_id/notes/:note_id`: one note of a thread, looked up
/// among all the noteable's notes as GitLab does.
async fn show_note<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id, _discussion, note)): Path<(String, String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let note = note_id(&note)?;
        Ok(ok(StatusCode::OK, render_note(store, target, note)?))
    })
}

async fn delete<const MR: bool>(
    State(app): State<App>,
    Path((id, noteable_id, _discussion, note)): Path<(String, String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let target = Target::find(store, &id, kind(MR), &noteable_id)?;
        let note = note_id(&note)?;
        delete_note(store, target, note)?;
        Ok(no_content())
    })
}

/// The position of a new diff thread, with Grape's refusals (`position` as a JSON object
/// or as form fields `position[base_sha]=…`).
fn read_position(params: &Params) -> Result<Option<Position>, ApiError> {
    params
        .nested("position")?
        .map(|fields| diff_positions::read(&fields))
        .transpose()
}
