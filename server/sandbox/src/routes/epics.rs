//! A group's epics: `/groups/:id/epics[/:epic_iid]`, the issues assigned to one
//! (`…/:epic_iid/issues[/:issue_id|/:epic_issue_id]`) and its child epics
//! (`…/:epic_iid/epics[/:child_epic_id]`). GitLab looks an epic up without failing and then
//! checks the user's right to it, so an epic that is not there is `403 Forbidden`.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::Value;

use super::issuable::{LabelEdit, checked_title};
use super::lookups::record_not_found;
use super::refusals::path_number;
use crate::app::App;
use crate::pagination::paginate;
use crate::param_rules::{self, Rule};
use crate::params::{Params, invalid};
use crate::reply::{ApiError, no_content, ok};
use crate::store::planning::epics::Epic;
use crate::store::{CURRENT_USER, Store, now, parse_time};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/groups/{id}/epics", get(list).post(create))
        .route(
            "/groups/{id}/epics/{epic_iid}",
            get(show).put(update).delete(remove),
        )
        .route("/groups/{id}/epics/{epic_iid}/issues", get(issues))
        .route(
            "/groups/{id}/epics/{epic_iid}/issues/{issue_id}",
            post(assign).delete(unassign),
        )
        .route("/groups/{id}/epics/{epic_iid}/epics", get(children))
        .route(
            "/groups/{id}/epics/{epic_iid}/epics/{child_epic_id}",
            post(adopt).delete(disown),
        )
}

const LIST_RULES: &[Rule] = &[
    Rule::Values("state", &["opened", "closed", "all"]),
    Rule::Values("order_by", &["created_at", "updated_at", "title"]),
    Rule::Values("sort", &["asc", "desc"]),
    Rule::Exclusive(&["author_id", "author_username"]),
];

/// What an update takes, one at least, in GitLab's order.
const UPDATABLE: &[&str] = &[
    "add_labels",
    "color",
    "confidential",
    "description",
    "due_date_fixed",
    "due_date_is_fixed",
    "labels",
    "parent_id",
    "remove_labels",
    "start_date_fixed",
    "start_date_is_fixed",
    "state_event",
    "title",
    "start_date",
    "end_date",
];

/// The group of the path and the global id of its epic `:epic_iid`, or `403 Forbidden`.
fn find(store: &Store, id: &str, epic_iid: &str) -> Result<u64, ApiError> {
    let group_id = store.group_named(id)?.id;
    let iid = path_number("epic_iid", epic_iid)?;
    store
        .epic(group_id, iid)
        .map(|e| e.id)
        .ok_or_else(|| ApiError::message(StatusCode::FORBIDDEN, "403 Forbidden"))
}

/// GitLab's answer (its legacy epics' error mapping) for a child or parent epic that is not
/// there.
fn no_such_epic() -> ApiError {
    ApiError::message(
        StatusCode::NOT_FOUND,
        "No matching epic found. Make sure that you are adding a valid epic URL.",
    )
}

/// An epic under itself: the tree refuses it.
fn cycle() -> ApiError {
    ApiError::message(
        StatusCode::CONFLICT,
        "This epic cannot be added. An epic cannot be added to itself or to its descendants.",
    )
}

fn render(store: &Store, epic_id: u64) -> Value {
    store.epic_json(store.epic_by_id(epic_id).expect("found first"))
}

/// The group's epics and (`include_descendant_groups`, by default) its subgroups', filtered
/// as GitLab's finder does; newest first unless `order_by` and `sort` say otherwise.
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        param_rules::check(LIST_RULES, &params.0)?;
        let group_id = store.group_named(&id)?.id;
        let descendants = params.bool("include_descendant_groups")?.unwrap_or(true);
        let state = params.str("state")?.unwrap_or_else(|| "all".to_owned());
        let search = params.text("search")?.map(|s| s.to_lowercase());
        let author = match params.str("author_username")? {
            Some(name) => Some(store.user_named(&name).map_or(0, |u| u.id)),
            None => params.u64("author_id")?,
        };
        let labels = params.labels("labels")?.unwrap_or_default();
        let confidential = params.bool("confidential")?;
        let mut times = Vec::new();
        for (key, field, after) in [
            ("created_after", "created", true),
            ("created_before", "created", false),
            ("updated_after", "updated", true),
            ("updated_before", "updated", false),
        ] {
            if let Some(text) = params.str(key)? {
                times.push((field, after, parse_time(&text).ok_or_else(|| invalid(key))?));
            }
        }
        let in_group = |epic: &Epic| {
            let mut group = Some(epic.group_id);
            while let Some(at) = group {
                if at == group_id {
                    return true;
                }
                group = descendants
                    .then(|| store.groups.get(&at).and_then(|g| g.parent_id))
                    .flatten();
            }
            false
        };
        let mut found: Vec<&Epic> = store
            .planning
            .epics
            .iter()
            .filter(|e| in_group(e))
            .filter(|e| state == "all" || e.state == state)
            .filter(|e| author.is_none_or(|a| e.author_id == a))
            .filter(|e| confidential.is_none_or(|c| e.confidential == c))
            .filter(|e| labels.iter().all(|l| e.labels.contains(l)))
            .filter(|e| {
                search.as_ref().is_none_or(|s| {
                    e.title.to_lowercase().contains(s)
                        || e.description
                            .as_ref()
                            .is_some_and(|d| d.to_lowercase().contains(s))
                })
            })
            .filter(|e| {
                times.iter().all(|(field, after, bound)| {
                    let at = if *field == "created" {
                        &e.created_at
                    } else {
                        &e.updated_at
                    };
                    let at = parse_time(at);
                    if *after {
                        at >= Some(*bound)
                    } else {
                        at <= Some(*bound)
                    }
                })
            })
            .collect();
        let order_by = params
            .str("order_by")?
            .unwrap_or_else(|| "created_at".to_owned());
        found.sort_by(|a, b| {
            match order_by.as_str() {
                "title" => a.title.cmp(&b.title),
                "updated_at" => a.updated_at.cmp(&b.updated_at),
                _ => a.created_at.cmp(&b.created_at),
            }
            .then(a.id.cmp(&b.id))
        });
        if params.str("sort")?.as_deref() != Some("asc") {
            found.reverse();
        }
        let items = found.into_iter().map(|e| store.epic_json(e)).collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn show(
    State(app): State<App>,
    Path((id, epic_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let epic = find(store, &id, &epic_iid)?;
        Ok(ok(StatusCode::OK, render(store, epic)))
    })
}

/// The fields create and update share, read and applied alike (`start_date` and
/// `end_date` are the deprecated names of the fixed dates).
struct Fields {
    description: Option<Option<String>>,
    color: Option<String>,
    confidential: Option<bool>,
    start_date: Option<Option<String>>,
    due_date: Option<Option<String>>,
    parent_id: Option<u64>,
}

impl Fields {
    fn read(params: &Params) -> Result<Fields, ApiError> {
        let date = |fixed: &str, old: &str| -> Result<Option<Option<String>>, ApiError> {
            Ok(match params.replacement(fixed)? {
                Some(date) => Some(date),
                None => params.replacement(old)?,
            })
        };
        Ok(Fields {
            description: params.replacement("description")?,
            color: params.text("color")?,
            confidential: params.bool("confidential")?,
            start_date: date("start_date_fixed", "start_date")?,
            due_date: date("due_date_fixed", "end_date")?,
            parent_id: params.u64("parent_id")?,
        })
    }

    /// The parent must be an epic outside this one's subtree.
    fn check(&self, store: &Store, epic_id: Option<u64>) -> Result<(), ApiError> {
        let Some(parent) = self.parent_id else {
            return Ok(());
        };
        if store.epic_by_id(parent).is_none() {
            return Err(no_such_epic());
        }
        if epic_id.is_some_and(|id| store.epic_is_within(parent, id)) {
            return Err(cycle());
        }
        Ok(())
    }

    fn apply(self, epic: &mut Epic) {
        if let Some(description) = self.description {
            epic.description = description;
        }
        if let Some(color) = self.color {
            epic.color = color;
        }
        if let Some(confidential) = self.confidential {
            epic.confidential = confidential;
        }
        if let Some(start) = self.start_date {
            epic.start_date_fixed = start;
        }
        if let Some(due) = self.due_date {
            epic.due_date_fixed = due;
        }
        if self.parent_id.is_some() {
            epic.parent_id = self.parent_id;
        }
    }
}

/// `title` is required; the new epic is the current user's.
async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["title"])?;
        let title = checked_title(params.str("title")?.unwrap_or_default())?;
        let labels = params.labels("labels")?.unwrap_or_default();
        let fields = Fields::read(&params)?;
        let group_id = store.group_named(&id)?.id;
        fields.check(store, None)?;
        let (epic_id, iid) = store.next_epic_ids(group_id);
        let mut epic = Epic::new(epic_id, iid, group_id, &title, CURRENT_USER, &now());
        epic.labels = labels;
        fields.apply(&mut epic);
        store.planning.epics.push(epic);
        Ok(ok(StatusCode::CREATED, render(store, epic_id)))
    })
}

/// Only what is sent changes; `state_event` closes or reopens.
async fn update(
    State(app): State<App>,
    Path((id, epic_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(UPDATABLE)?;
        let state_event = params.choice("state_event", &["reopen", "close"])?;
        let title = params.str("title")?.map(checked_title).transpose()?;
        let labels = LabelEdit::read(&params)?;
        let fields = Fields::read(&params)?;
        let epic_id = find(store, &id, &epic_iid)?;
        fields.check(store, Some(epic_id))?;
        let at = now();
        let epic = store.epic_mut(epic_id);
        if let Some(title) = title {
            epic.title = title;
        }
        labels.apply(&mut epic.labels);
        fields.apply(epic);
        match state_event.as_deref() {
            Some("close") if epic.state == "opened" => {
                epic.state = "closed";
                epic.closed_at = Some(at.clone());
            }
            Some("reopen") if epic.state == "closed" => {
                epic.state = "opened";
                epic.closed_at = None;
            }
            _ => {}
        }
        epic.updated_at = at;
        Ok(ok(StatusCode::OK, render(store, epic_id)))
    })
}

/// 204; its issues leave the epic and its children lose their parent.
async fn remove(
    State(app): State<App>,
    Path((id, epic_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let epic = find(store, &id, &epic_iid)?;
        store.delete_epic(epic);
        Ok(no_content())
    })
}

/// The epic's issues in their order, each with its `epic_issue_id`.
async fn issues(
    State(app): State<App>,
    Path((id, epic_iid)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let epic = find(store, &id, &epic_iid)?;
        let items = store
            .epic_issues(epic)
            .into_iter()
            .map(|link| store.epic_issue_json(link))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// `:issue_id` is the issue's global id (not its iid); an issue in another epic moves to
/// this one. `409 Issue(s) already assigned` when it is in this one already.
async fn assign(
    State(app): State<App>,
    Path((id, epic_iid, issue_id)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let epic = find(store, &id, &epic_iid)?;
        let issue = path_number("issue_id", &issue_id)?;
        store.issue_by_id(issue).ok_or_else(record_not_found)?;
        if store.epic_issues(epic).iter().any(|l| l.issue_id == issue) {
            return Err(ApiError::message(
                StatusCode::CONFLICT,
                "Issue(s) already assigned",
            ));
        }
        let link = store.assign_to_epic(epic, issue);
        let link = store.epic_issues(epic).into_iter().find(|l| l.id == link);
        Ok(ok(
            StatusCode::CREATED,
            store.epic_issue_link_json(link.expect("made above")),
        ))
    })
}

/// `:issue_id` here is the assignment's `epic_issue_id`; answers with the assignment.
async fn unassign(
    State(app): State<App>,
    Path((id, epic_iid, epic_issue_id)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let epic = find(store, &id, &epic_iid)?;
        let link_id = path_number("epic_issue_id", &epic_issue_id)?;
        let link = store
            .epic_issues(epic)
            .into_iter()
            .find(|l| l.id == link_id)
            .ok_or_else(record_not_found)?;
        let answer = store.epic_issue_link_json(link);
        store.planning.epic_issues.retain(|l| l.id != link_id);
        Ok(ok(StatusCode::OK, answer))
    })
}

/// Every child epic at once, oldest first.
async fn children(
    State(app): State<App>,
    Path((id, epic_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let epic = find(store, &id, &epic_iid)?;
        let items: Vec<Value> = store
            .planning
            .epics
            .iter()
            .filter(|e| e.parent_id == Some(epic))
            .map(|e| store.epic_json(e))
            .collect();
        Ok(ok(StatusCode::OK, Value::Array(items)))
    })
}

/// Makes epic `:child_epic_id` (a global id, of any group) a child of this one, taking it
/// from its former parent.
async fn adopt(
    State(app): State<App>,
    Path((id, epic_iid, child)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let epic = find(store, &id, &epic_iid)?;
        let child = path_number("child_epic_id", &child)?;
        let Some(found) = store.epic_by_id(child) else {
            return Err(no_such_epic());
        };
        if found.parent_id == Some(epic) {
            return Err(ApiError::message(
                StatusCode::CONFLICT,
                "Epic(s) already assigned",
            ));
        }
        if store.epic_is_within(epic, child) {
            return Err(cycle());
        }
        let at = now();
        let found = store.epic_mut(child);
        found.parent_id = Some(epic);
        found.updated_at = at;
        Ok(ok(StatusCode::CREATED, render(store, child)))
    })
}

/// Takes a child epic from this one (both stay); answers with the child as it was.
async fn disown(
    State(app): State<App>,
    Path((id, epic_iid, child)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let epic = find(store, &id, &epic_iid)?;
        let child = path_number("child_epic_id", &child)?;
        if store.epic_by_id(child).and_then(|e| e.parent_id) != Some(epic) {
            return Err(record_not_found());
        }
        let answer = render(store, child);
        store.epic_mut(child).parent_id = None;
        Ok(ok(StatusCode::OK, answer))
    })
}
