//! `/projects/:id/issues[/:issue_iid]`.

use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::{Value, json};

use super::{LabelEdit, apply_state_event, checked_title, iid};
use crate::App;
use crate::params::Params;
use crate::reply::{ApiError, Order, ok, paginate};
use crate::store::{Issue, Project, Store, full_path, now};

const UPDATABLE: &[&str] = &[
    "title",
    "description",
    "labels",
    "add_labels",
    "remove_labels",
    "confidential",
    "state_event",
    "due_date",
    "discussion_locked",
];

pub(super) async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["title"])?;
        let title = params.str("title")?.unwrap_or_default();
        let description = params.text("description")?;
        let labels = params.labels("labels")?.unwrap_or_default();
        let confidential = params.bool("confidential")?.unwrap_or(false);
        let due_date = params.text("due_date")?;
        let discussion_locked = params.bool("discussion_locked")?;
        let project_id = store.project_id(&id)?;
        let title = checked_title(title)?;
        let issue_id = store.next_issue_id();
        let project = store.project_mut(project_id);
        let iid = project.next_issue_iid;
        project.next_issue_iid += 1;
        let created = now();
        project.issues.insert(
            iid,
            Issue {
                id: issue_id,
                iid,
                title,
                description,
                labels,
                confidential,
                state: "opened",
                due_date,
                discussion_locked,
                created_at: created.clone(),
                updated_at: created,
                closed_at: None,
            },
        );
        project.touch();
        Ok(ok(StatusCode::CREATED, render(store, project_id, iid)))
    })
}

pub(super) async fn show(
    State(app): State<App>,
    Path((id, issue_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &issue_iid)?;
        Ok(ok(StatusCode::OK, render(store, project_id, iid)))
    })
}

/// Filters: `state` (opened, closed, all), `labels` (all of them), `search` (title or
/// description), `confidential`, `iids[]`; newest first unless `sort=asc`.
pub(super) async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let state = params.choice("state", &["opened", "closed", "all"])?;
        let labels = params.labels("labels")?.unwrap_or_default();
        let search = params.text("search")?.map(|s| s.to_lowercase());
        let confidential = params.bool("confidential")?;
        let iids = params.labels("iids")?;
        let order = Order::read(&params)?;
        let items = project
            .issues
            .values()
            .filter(|i| state.as_deref().is_none_or(|s| s == "all" || s == i.state))
            .filter(|i| labels.iter().all(|l| i.labels.contains(l)))
            .filter(|i| search.as_deref().is_none_or(|s| matches_text(i, s)))
            .filter(|i| confidential.is_none_or(|c| c == i.confidential))
            .filter(|i| {
                iids.as_ref()
                    .is_none_or(|wanted| wanted.contains(&i.iid.to_string()))
            })
            .map(|i| issue_json(store, project, i))
            .collect();
        paginate(order.arrange(items), &params, &store.base, &uri)
    })
}

pub(super) async fn update(
    State(app): State<App>,
    Path((id, issue_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(UPDATABLE)?;
        let title = params.str("title")?;
        let description = params.replacement("description")?;
        let labels = LabelEdit::read(&params)?;
        let confidential = params.bool("confidential")?;
        let state_event = params.choice("state_event", &["close", "reopen"])?;
        let due_date = params.replacement("due_date")?;
        let discussion_locked = params.bool("discussion_locked")?;
        let (project_id, iid) = find(store, &id, &issue_iid)?;
        let title = title.map(checked_title).transpose()?;

        let project = store.project_mut(project_id);
        let issue = project.issues.get_mut(&iid).expect("found above");
        let now = now();
        if let Some(title) = title {
            issue.title = title;
        }
        if let Some(description) = description {
            issue.description = description;
        }
        labels.apply(&mut issue.labels);
        if let Some(confidential) = confidential {
            issue.confidential = confidential;
        }
        apply_state_event(
            state_event.as_deref(),
            &mut issue.state,
            &mut issue.closed_at,
            &now,
        );
        if let Some(due_date) = due_date {
            issue.due_date = due_date;
        }
        if discussion_locked.is_some() {
            issue.discussion_locked = discussion_locked;
        }
        issue.updated_at = now;
        project.touch();
        Ok(ok(StatusCode::OK, render(store, project_id, iid)))
    })
}

/// GitLab answers 204 with no body.
pub(super) async fn remove(
    State(app): State<App>,
    Path((id, issue_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &issue_iid)?;
        let project = store.project_mut(project_id);
        project.issues.remove(&iid);
        project.touch();
        Ok(axum::response::IntoResponse::into_response(
            StatusCode::NO_CONTENT,
        ))
    })
}

fn find(store: &Store, id: &str, issue_iid: &str) -> Result<(u64, u64), ApiError> {
    let project_id = store.project_id(id)?;
    let iid = iid("issue_iid", issue_iid)?;
    if store.projects[&project_id].issues.contains_key(&iid) {
        Ok((project_id, iid))
    } else {
        Err(ApiError::not_found("Issue"))
    }
}

fn matches_text(issue: &Issue, needle: &str) -> bool {
    issue.title.to_lowercase().contains(needle)
        || issue
            .description
            .as_deref()
            .is_some_and(|d| d.to_lowercase().contains(needle))
}

fn render(store: &Store, project_id: u64, iid: u64) -> Value {
    let project = &store.projects[&project_id];
    issue_json(store, project, &project.issues[&iid])
}

fn issue_json(store: &Store, project: &Project, issue: &Issue) -> Value {
    let web_url = format!("{}/-/issues/{}", store.web_url(project), issue.iid);
    json!({
        "id": issue.id,
        "iid": issue.iid,
        "project_id": project.id,
        "title": issue.title,
        "description": issue.description,
        "state": issue.state,
        "created_at": issue.created_at,
        "updated_at": issue.updated_at,
        "closed_at": issue.closed_at,
        "closed_by": issue.closed_at.as_ref().map(|_| store.user_json()),
        "labels": issue.labels,
        "milestone": null,
        "assignees": [],
        "assignee": null,
        "author": store.user_json(),
        "type": "ISSUE",
        "issue_type": "issue",
        "user_notes_count": 0,
        "merge_requests_count": 0,
        "upvotes": 0,
        "downvotes": 0,
        "due_date": issue.due_date,
        "confidential": issue.confidential,
        "discussion_locked": issue.discussion_locked,
        "web_url": web_url,
        "references": {
            "short": format!("#{}", issue.iid),
            "relative": format!("#{}", issue.iid),
            "full": format!("{}#{}", full_path(project), issue.iid),
        },
        "time_stats": {"time_estimate": 0, "total_time_spent": 0, "human_time_estimate": null, "human_total_time_spent": null},
        "_links": {
            "self": format!("{}/api/v4/projects/{}/issues/{}", store.base, project.id, issue.iid),
            "project": format!("{}/api/v4/projects/{}", store.base, project.id),
        },
    })
}
