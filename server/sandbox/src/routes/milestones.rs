//! `/projects/:id/milestones[/:milestone_id[/issues|/merge_requests]]`; `:milestone_id` is the
//! milestone's id (not its iid), as GitLab has it.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use super::refusals::{path_number, record_not_found};
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::milestones::Milestone;
use crate::store::{Ids, Project, Store, now, parse_time};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/milestones", get(list).post(create))
        .route(
            "/projects/{id}/milestones/{milestone_id}",
            get(show).put(update).delete(remove),
        )
        .route(
            "/projects/{id}/milestones/{milestone_id}/issues",
            get(issues),
        )
        .route(
            "/projects/{id}/milestones/{milestone_id}/merge_requests",
            get(merge_requests),
        )
}

/// `state` active, closed or all (the default); `iids[]`; `title` (exact); `search` in titles
/// and descriptions; `updated_before` / `updated_after`. Sorted as GitLab's milestones
/// finder does: due date first (none last), then newest.
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let state = params.choice("state", &["active", "closed", "all"])?;
        let iids = params.numbers("iids")?;
        let title = params.str("title")?;
        let search = params.text("search")?.map(|s| s.to_lowercase());
        let include_parent = params.bool("include_parent_milestones")?;
        let include_ancestors = params.bool("include_ancestors")?;
        if include_parent.is_some() && include_ancestors.is_some() {
            return Err(ApiError::error(
                "include_ancestors, include_parent_milestones are mutually exclusive",
            ));
        }
        let updated_before = params.time("updated_before")?;
        let updated_after = params.time("updated_after")?;
        let project = store.project(&id)?;
        let updated = |m: &Milestone| parse_time(&m.updated_at);
        let mut milestones: Vec<&Milestone> = project
            .milestones
            .values()
            .filter(|m| match state.as_deref() {
                Some("active") => m.state == "active",
                Some("closed") => m.state == "closed",
                _ => true,
            })
            .filter(|m| iids.as_ref().is_none_or(|iids| iids.contains(&m.iid)))
            .filter(|m| title.as_deref().is_none_or(|t| t == m.title))
            .filter(|m| {
                search.as_deref().is_none_or(|s| {
                    m.title.to_lowercase().contains(s)
                        || m.description
                            .as_deref()
                            .is_some_and(|d| d.to_lowercase().contains(s))
                })
            })
            .filter(|m| updated_before.is_none_or(|t| updated(m).is_some_and(|u| u < t)))
            .filter(|m| updated_after.is_none_or(|t| updated(m).is_some_and(|u| u > t)))
            .collect();
        milestones.sort_by(|a, b| {
            let due = |m: &Milestone| (m.due_date.is_none(), m.due_date.clone());
            due(a).cmp(&due(b)).then(b.id.cmp(&a.id))
        });
        let items = milestones
            .into_iter()
            .map(|m| store.milestone_json(project, m))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn show(
    State(app): State<App>,
    Path((id, milestone_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &milestone_id)?;
        Ok(ok(StatusCode::OK, render(store, project_id, iid)))
    })
}

/// `title` required; `description`, `due_date`, `start_date` (`YYYY-MM-DD`; what is not a
/// date is ignored, as Rails casts it). The model's refusals come back as GitLab words them:
/// `Failed to create milestone {…}`, the errors as Ruby prints a hash.
async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["title"])?;
        let title = params.str("title")?.unwrap_or_default().trim().to_owned();
        let description = params.text("description")?;
        let due_date = params.str("due_date")?.and_then(|d| date(&d));
        let start_date = params.str("start_date")?.and_then(|d| date(&d));
        let project_id = store.project_id(&id)?;
        let project = &store.projects[&project_id];
        let problems = validate(
            project,
            None,
            &title,
            start_date.as_deref(),
            due_date.as_deref(),
        );
        if !problems.is_empty() {
            return Err(refused("create", &problems));
        }
        let milestone_id = Ids::next(&mut store.ids.milestone);
        let project = store.project_mut(project_id);
        let iid = project.milestone_iid();
        let at = now();
        project.milestones.insert(
            iid,
            Milestone {
                id: milestone_id,
                iid,
                title,
                description,
                state: "active",
                due_date,
                start_date,
                created_at: at.clone(),
                updated_at: at,
            },
        );
        project.touch();
        Ok(ok(StatusCode::CREATED, render(store, project_id, iid)))
    })
}

/// `title`, `description`, `due_date`, `start_date`, `state_event` (`close`, `activate`): at
/// least one. A blank date clears it.
async fn update(
    State(app): State<App>,
    Path((id, milestone_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(&[
            "title",
            "description",
            "start_date",
            "due_date",
            "state_event",
        ])?;
        let title = params.str("title")?.map(|t| t.trim().to_owned());
        let description = params.replacement("description")?;
        let due_date = params
            .has("due_date")
            .then(|| params.str("due_date"))
            .transpose()?
            .map(|d| d.and_then(|d| date(&d)));
        let start_date = params
            .has("start_date")
            .then(|| params.str("start_date"))
            .transpose()?
            .map(|d| d.and_then(|d| date(&d)));
        let state_event = params.choice("state_event", &["close", "activate"])?;
        let (project_id, iid) = find(store, &id, &milestone_id)?;
        let project = &store.projects[&project_id];
        let milestone = &project.milestones[&iid];
        // GitLab keeps the title when the one sent is blank.
        let new_title = title
            .filter(|t| !t.is_empty())
            .unwrap_or_else(|| milestone.title.clone());
        let new_start = start_date
            .clone()
            .unwrap_or_else(|| milestone.start_date.clone());
        let new_due = due_date
            .clone()
            .unwrap_or_else(|| milestone.due_date.clone());
        let problems = validate(
            project,
            Some(milestone.id),
            &new_title,
            new_start.as_deref(),
            new_due.as_deref(),
        );
        if !problems.is_empty() {
            return Err(refused("update", &problems));
        }
        let project = store.project_mut(project_id);
        let milestone = project.milestones.get_mut(&iid).expect("found above");
        milestone.title = new_title;
        if let Some(description) = description {
            milestone.description = description;
        }
        milestone.start_date = new_start;
        milestone.due_date = new_due;
        match state_event.as_deref() {
            Some("close") => milestone.state = "closed",
            Some("activate") => milestone.state = "active",
            _ => {}
        }
        milestone.updated_at = now();
        project.touch();
        Ok(ok(StatusCode::OK, render(store, project_id, iid)))
    })
}

/// 204; its issues and merge requests no longer have a milestone.
async fn remove(
    State(app): State<App>,
    Path((id, milestone_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &milestone_id)?;
        let project = store.project_mut(project_id);
        let milestone = project.milestones.remove(&iid).expect("found above");
        let gone = Some(milestone.id);
        for issue in project
            .issues
            .values_mut()
            .filter(|i| i.milestone_id == gone)
        {
            issue.milestone_id = None;
        }
        for mr in project
            .merge_requests
            .values_mut()
            .filter(|m| m.milestone_id == gone)
        {
            mr.milestone_id = None;
        }
        project.touch();
        Ok(no_content())
    })
}

/// The milestone's issues (`IssueBasic`), by label priority as GitLab sorts them here: the
/// best-prioritised label first, unprioritised last, then newest.
async fn issues(
    State(app): State<App>,
    Path((id, milestone_id)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &milestone_id)?;
        let project = &store.projects[&project_id];
        let wanted = Some(project.milestones[&iid].id);
        let mut issues: Vec<_> = project
            .issues
            .values()
            .filter(|i| i.milestone_id == wanted)
            .collect();
        issues.sort_by_key(|i| (label_priority(project, &i.labels), std::cmp::Reverse(i.id)));
        let items = issues
            .into_iter()
            .map(|i| store.issue_basic_json(project, i))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// The milestone's merge requests (`MergeRequestBasic`), sorted like its issues.
async fn merge_requests(
    State(app): State<App>,
    Path((id, milestone_id)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &milestone_id)?;
        let project = &store.projects[&project_id];
        let wanted = Some(project.milestones[&iid].id);
        let mut mrs: Vec<_> = project
            .merge_requests
            .values()
            .filter(|m| m.milestone_id == wanted)
            .collect();
        mrs.sort_by_key(|m| (label_priority(project, &m.labels), std::cmp::Reverse(m.id)));
        let items = mrs
            .into_iter()
            .map(|m| store.merge_request_basic_json(project, m))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// The best (lowest) priority among `labels`; none sorts last.
fn label_priority(project: &Project, labels: &[String]) -> u64 {
    labels
        .iter()
        .filter_map(|name| project.labels.iter().find(|l| &l.name == name))
        .filter_map(|l| l.priority)
        .min()
        .unwrap_or(u64::MAX)
}

/// The milestone model's rules: a title, unique in the project; a due date after the start
/// date. In GitLab's error order: title, then due date.
fn validate(
    project: &Project,
    this: Option<u64>,
    title: &str,
    start: Option<&str>,
    due: Option<&str>,
) -> Vec<(&'static str, &'static str)> {
    let mut problems = Vec::new();
    if title.is_empty() {
        problems.push(("title", "can't be blank"));
    } else if project
        .milestones
        .values()
        .any(|m| Some(m.id) != this && m.title == title)
    {
        problems.push((
            "title",
            "already being used for another group or project milestone.",
        ));
    }
    if let (Some(start), Some(due)) = (start, due)
        && due <= start
    {
        problems.push(("due_date", "must be greater than start date"));
    }
    problems
}

/// `{"message": "Failed to create milestone {:title=>[\"can't be blank\"]}"}`: GitLab puts
/// the model's errors, as Ruby prints a hash, into the message text.
fn refused(action: &str, problems: &[(&str, &str)]) -> ApiError {
    let mut fields: Vec<(&str, Vec<&str>)> = Vec::new();
    for &(field, problem) in problems {
        match fields.iter_mut().find(|(f, _)| *f == field) {
            Some((_, list)) => list.push(problem),
            None => fields.push((field, vec![problem])),
        }
    }
    let hash: Vec<String> = fields
        .iter()
        .map(|(field, list)| {
            let items: Vec<String> = list.iter().map(|p| format!("{p:?}")).collect();
            format!(":{field}=>[{}]", items.join(", "))
        })
        .collect();
    ApiError::bad_request(format!(
        "Failed to {action} milestone {{{}}}",
        hash.join(", ")
    ))
}

/// `YYYY-MM-DD`, as a date column takes it; anything else is no date.
fn date(text: &str) -> Option<String> {
    let text = text.trim();
    let day = text.get(..10)?;
    parse_time(day).map(|_| day.to_owned())
}

fn find(store: &Store, id: &str, milestone_id: &str) -> Result<(u64, u64), ApiError> {
    let project_id = store.project_id(id)?;
    let milestone_id = path_number("milestone_id", milestone_id)?;
    store.projects[&project_id]
        .milestones
        .values()
        .find(|m| m.id == milestone_id)
        .map(|m| (project_id, m.iid))
        .ok_or_else(record_not_found)
}

fn render(store: &Store, project_id: u64, iid: u64) -> Value {
    let project = &store.projects[&project_id];
    store.milestone_json(project, &project.milestones[&iid])
}
