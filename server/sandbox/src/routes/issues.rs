//! `/projects/:id/issues[/:issue_iid]`. A description's quick actions run when it is sent
//! (`store::quick_actions`).

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use super::issuable::{self, LabelEdit, checked_title, description_commands, milestone, people};
use super::issuable_filters::{Filters, Issuable};
use super::lookups;
use crate::app::App;
use crate::pagination::{Order, paginate};
use crate::param_rules;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::issues::Issue;
use crate::store::planning::resource_events::Tracked;
use crate::store::quick_actions::On;
use crate::store::state_change::StateChange;
use crate::store::tracking;
use crate::store::{CURRENT_USER, Ids, Project, Store, now};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/issues", get(list).post(create))
        .route("/issues", get(list_all))
        .route(
            "/projects/{id}/issues/{issue_iid}",
            get(show).put(update).delete(remove),
        )
}

/// What GitLab's update takes, one at least, in its order (it names `created_at` too).
const UPDATABLE: &[&str] = &[
    "assignee_id",
    "assignee_ids",
    "confidential",
    "created_at",
    "description",
    "discussion_locked",
    "due_date",
    "labels",
    "add_labels",
    "remove_labels",
    "milestone_id",
    "milestone",
    "state_event",
    "title",
    "issue_type",
];

async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["title"])?;
        param_rules::check(issuable::WRITE_RULES, &params.0)?;
        let title = params.str("title")?.unwrap_or_default();
        let description = params.text("description")?;
        let labels = params.labels("labels")?.unwrap_or_default();
        let confidential = params.bool("confidential")?.unwrap_or(false);
        let due_date = params.text("due_date")?;
        let discussion_locked = params.bool("discussion_locked")?;
        let project_id = store.project_id(&id)?;
        let title = checked_title(title)?;
        let assignees = people(&params, store, "assignee_ids")?;
        let milestone_id = milestone(&params, &store.projects[&project_id])?;
        let issue_id = Ids::next(&mut store.ids.issue);
        let project = store.project_mut(project_id);
        let iid = project.issue_iid();
        let mut issue = Issue::new(issue_id, iid, &title, CURRENT_USER, &now());
        issue.description.clone_from(&description);
        issue.labels = labels;
        issue.confidential = confidential;
        issue.due_date = due_date;
        issue.discussion_locked = discussion_locked;
        issue.assignee_ids = assignees;
        issue.milestone_id = milestone_id;
        project.issues.insert(iid, issue);
        project.touch();
        store.record_changes(
            tracking::Issuable::Issue(project_id, iid),
            &Tracked::new_issuable(),
        );
        if let Some(description) = description {
            let kept = store.new_description(&On::Issue(project_id, iid), &description);
            store
                .project_mut(project_id)
                .issues
                .get_mut(&iid)
                .expect("made above")
                .description = Some(kept);
        }
        Ok(ok(StatusCode::CREATED, render(store, project_id, iid)))
    })
}

async fn show(
    State(app): State<App>,
    Path((id, issue_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &issue_iid)?;
        Ok(ok(StatusCode::OK, render(store, project_id, iid)))
    })
}

/// `confidential`, and the filters every issue list shares ([`Filters`]); newest first
/// unless `sort=asc`. In a project, every issue (`scope=all`).
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        listed(store, &[project], "all", &params, &uri)
    })
}

/// `GET /issues`: across every project, by default the current user's own
/// (`scope=created_by_me`), as GitLab does.
async fn list_all(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let projects: Vec<&Project> = store.projects.values().collect();
        listed(store, &projects, "created_by_me", &params, &uri)
    })
}

/// An issue as the shared filters read it.
fn view(i: &Issue) -> Issuable<'_> {
    Issuable {
        iid: i.iid,
        state: i.state,
        title: &i.title,
        description: i.description.as_deref(),
        author_id: i.author_id,
        assignee_ids: &i.assignee_ids,
        reviewer_ids: None,
        labels: &i.labels,
        milestone_id: i.milestone_id,
        created_at: &i.created_at,
        updated_at: &i.updated_at,
        draft: None,
    }
}

fn listed(
    store: &Store,
    projects: &[&Project],
    default_scope: &str,
    params: &Params,
    uri: &axum::http::Uri,
) -> Result<Response, ApiError> {
    let confidential = params.bool("confidential")?;
    let filters = Filters::read(params, store, default_scope, false)?;
    let order = Order::read(params)?;
    let mut found: Vec<(&Project, &Issue)> = projects
        .iter()
        .flat_map(|project| project.issues.values().map(move |issue| (*project, issue)))
        .filter(|(_, i)| confidential.is_none_or(|c| c == i.confidential))
        .filter(|(project, i)| filters.admits(&view(i), project))
        .collect();
    found.sort_by(|a, b| filters.compare(&view(a.1), &view(b.1)));
    let items = found
        .into_iter()
        .map(|(project, i)| store.issue_json(project, i))
        .collect();
    paginate(order.arrange(items), params, &store.base, uri)
}

async fn update(
    State(app): State<App>,
    Path((id, issue_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(UPDATABLE)?;
        param_rules::check(issuable::WRITE_RULES, &params.0)?;
        let title = params.str("title")?;
        let mut description = params.replacement("description")?;
        let labels = LabelEdit::read(&params)?;
        let confidential = params.bool("confidential")?;
        let state_event = params.choice("state_event", &["close", "reopen"])?;
        let due_date = params.replacement("due_date")?;
        let discussion_locked = params.bool("discussion_locked")?;
        let (project_id, iid) = find(store, &id, &issue_iid)?;
        let title = title.map(checked_title).transpose()?;
        // A milestone of the project, or none (`0` or blank takes it away).
        let milestone_id = params
            .has("milestone_id")
            .then(|| milestone(&params, &store.projects[&project_id]))
            .transpose()?;
        let on = On::Issue(project_id, iid);
        let commands = description_commands(store, &on, &mut description);
        let before = store.tracked(tracking::Issuable::Issue(project_id, iid));

        let project = store.project_mut(project_id);
        let issue = project.issues.get_mut(&iid).expect("found above");
        let now = now();
        if let Some(title) = title {
            issue.title = title;
        }
        if let Some(milestone_id) = milestone_id {
            issue.milestone_id = milestone_id;
        }
        if let Some(description) = description {
            issue.description.clone_from(&description);
        }
        labels.apply(&mut issue.labels);
        if let Some(confidential) = confidential {
            issue.confidential = confidential;
        }
        let change = StateChange {
            state: &mut issue.state,
            closed_at: &mut issue.closed_at,
            closed_by: &mut issue.closed_by,
        };
        change.apply(state_event.as_deref(), &now);
        if let Some(due_date) = due_date {
            issue.due_date = due_date;
        }
        if discussion_locked.is_some() {
            issue.discussion_locked = discussion_locked;
        }
        issue.updated_at = now;
        project.touch();
        store.record_changes(tracking::Issuable::Issue(project_id, iid), &before);
        if let Some(commands) = commands {
            store.apply_quick_actions(&on, &commands);
        }
        Ok(ok(StatusCode::OK, render(store, project_id, iid)))
    })
}

/// GitLab answers 204 with no body.
async fn remove(
    State(app): State<App>,
    Path((id, issue_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &issue_iid)?;
        let project = store.project_mut(project_id);
        let issue_id = project.issues.remove(&iid).map(|i| i.id);
        project.touch();
        // Its links go with it, from both ends.
        store
            .issue_links
            .retain(|l| issue_id.is_none_or(|id| !l.involves(id)));
        Ok(no_content())
    })
}

/// The issue of the path, or GitLab's `404 Not found`.
pub(super) fn find(store: &Store, id: &str, issue_iid: &str) -> Result<(u64, u64), ApiError> {
    lookups::issue(store, id, "issue_iid", issue_iid)
}

pub(super) fn render(store: &Store, project_id: u64, iid: u64) -> Value {
    let project = &store.projects[&project_id];
    store.issue_json(project, &project.issues[&iid])
}
