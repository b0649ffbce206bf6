//! `/projects/:id/merge_requests[/:merge_request_iid]`. A description's quick actions run
//! when it is sent (`store::quick_actions`).

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::{Value, json};

use super::issuable::{self, LabelEdit, checked_title, description_commands, milestone, people};
use super::issuable_filters::{Filters, Issuable};
use super::lookups;
use crate::app::App;
use crate::pagination::{Order, paginate};
use crate::param_rules;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::merge_requests::MergeRequest;
use crate::store::planning::resource_events::Tracked;
use crate::store::quick_actions::On;
use crate::store::state_change::StateChange;
use crate::store::tracking;
use crate::store::{CURRENT_USER, Ids, Project, Store, now};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/merge_requests", get(list).post(create))
        .route("/merge_requests", get(list_all))
        .route(
            "/projects/{id}/merge_requests/{merge_request_iid}",
            get(show).put(update).delete(remove),
        )
}

/// What GitLab's update takes, one at least, in its order.
const UPDATABLE: &[&str] = &[
    "assignee_id",
    "assignee_ids",
    "reviewer_ids",
    "description",
    "labels",
    "add_labels",
    "remove_labels",
    "milestone_id",
    "milestone",
    "remove_source_branch",
    "allow_collaboration",
    "allow_maintainer_to_push",
    "squash",
    "target_branch",
    "title",
    "state_event",
    "discussion_locked",
    "merge_after",
];

async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["source_branch", "target_branch", "title"])?;
        param_rules::check(issuable::WRITE_RULES, &params.0)?;
        let source = params.str("source_branch")?.unwrap_or_default();
        let target = params.str("target_branch")?.unwrap_or_default();
        let title = params.str("title")?.unwrap_or_default();
        let description = params.text("description")?;
        let labels = params.labels("labels")?.unwrap_or_default();
        let remove_source_branch = params.bool("remove_source_branch")?.unwrap_or(false);
        let squash = params.bool("squash")?.unwrap_or(false);
        let discussion_locked = params.bool("discussion_locked")?;
        let project = store.project(&id)?;
        let project_id = project.id;
        let title = checked_title(title)?;
        check_branches(project, &source, &target, None)?;
        let milestone_id = milestone(&params, project)?;
        let assignee_ids = people(&params, store, "assignee_ids")?;
        let reviewer_ids = people(&params, store, "reviewer_ids")?;
        let project = store.project(&id)?;
        let sha = project.repository.branches[&source].clone();

        let mr_id = Ids::next(&mut store.ids.merge_request);
        let project = store.project_mut(project_id);
        let iid = project.merge_request_iid();
        let created = now();
        project.merge_requests.insert(
            iid,
            MergeRequest {
                id: mr_id,
                iid,
                title,
                description: description.clone(),
                author_id: CURRENT_USER,
                assignee_ids,
                reviewer_ids,
                reviewer_states: Default::default(),
                labels,
                milestone_id,
                state: "opened",
                source_branch: source,
                target_branch: target,
                sha,
                force_remove_source_branch: remove_source_branch,
                merge_when_pipeline_succeeds: false,
                squash,
                discussion_locked,
                created_at: created.clone(),
                updated_at: created,
                merged_at: None,
                merged_by: None,
                closed_at: None,
                closed_by: None,
                merge_commit_sha: None,
                squash_commit_sha: None,
                discussions: Vec::new(),
                approvals_required: 0,
                approvals: Vec::new(),
                merge_error: None,
                merged_refs: None,
            },
        );
        project.touch();
        let changed = tracking::Issuable::MergeRequest(project_id, iid);
        store.record_changes(changed, &Tracked::new_issuable());
        if let Some(description) = description {
            let on = On::MergeRequest(project_id, iid);
            let kept = store.new_description(&on, &description);
            let project = store.project_mut(project_id);
            project
                .merge_requests
                .get_mut(&iid)
                .expect("made above")
                .description = Some(kept);
        }
        Ok(ok(StatusCode::CREATED, render(store, project_id, iid)))
    })
}

/// `include_rebase_in_progress` adds `rebase_in_progress` (always `false` here: a rebase is
/// done by the time `PUT …/rebase` answers), `include_diverged_commits_count` adds how many
/// commits the target has that the source lacks.
async fn show(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let rebase = params.bool("include_rebase_in_progress")?.unwrap_or(false);
        let diverged = params
            .bool("include_diverged_commits_count")?
            .unwrap_or(false);
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let mut value = render(store, project_id, iid);
        if rebase {
            value["rebase_in_progress"] = json!(false);
        }
        if diverged {
            let project = &store.projects[&project_id];
            let count = store.diverged_commits_count(project, &project.merge_requests[&iid]);
            value["diverged_commits_count"] = json!(count);
        }
        Ok(ok(StatusCode::OK, value))
    })
}

/// `source_branch`, `target_branch`, and the filters every merge request list shares
/// ([`Filters`]); newest first unless `sort=asc`. In a project, every merge request.
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

/// `GET /merge_requests`: across every project, by default the current user's own
/// (`scope=created_by_me`), as GitLab does.
async fn list_all(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    mut params: Params,
) -> Result<Response, ApiError> {
    // GitLab's list across projects declares no `iids`, and Grape leaves out what a route
    // does not declare: every merge request the other filters keep is listed.
    params.0.remove("iids");
    app.with_store(|store| {
        let projects: Vec<&Project> = store.projects.values().collect();
        listed(store, &projects, "created_by_me", &params, &uri)
    })
}

/// A merge request as the shared filters read it.
fn view(m: &MergeRequest) -> Issuable<'_> {
    Issuable {
        iid: m.iid,
        state: m.state,
        title: &m.title,
        description: m.description.as_deref(),
        author_id: m.author_id,
        assignee_ids: &m.assignee_ids,
        reviewer_ids: Some(&m.reviewer_ids),
        labels: &m.labels,
        milestone_id: m.milestone_id,
        created_at: &m.created_at,
        updated_at: &m.updated_at,
        draft: Some(m.is_draft()),
    }
}

fn listed(
    store: &Store,
    projects: &[&Project],
    default_scope: &str,
    params: &Params,
    uri: &axum::http::Uri,
) -> Result<Response, ApiError> {
    let source = params.str("source_branch")?;
    let target = params.str("target_branch")?;
    let filters = Filters::read(params, store, default_scope, true)?;
    let order = Order::read(params)?;
    let mut found: Vec<(&Project, &MergeRequest)> = projects
        .iter()
        .flat_map(|project| project.merge_requests.values().map(move |m| (*project, m)))
        .filter(|(_, m)| source.as_deref().is_none_or(|s| s == m.source_branch))
        .filter(|(_, m)| target.as_deref().is_none_or(|t| t == m.target_branch))
        .filter(|(project, m)| filters.admits(&view(m), project))
        .collect();
    found.sort_by(|a, b| filters.compare(&view(a.1), &view(b.1)));
    let items = found
        .into_iter()
        .map(|(project, m)| store.merge_request_json(project, m))
        .collect();
    paginate(order.arrange(items), params, &store.base, uri)
}

async fn update(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(UPDATABLE)?;
        param_rules::check(issuable::WRITE_RULES, &params.0)?;
        let title = params.str("title")?;
        let mut description = params.replacement("description")?;
        let labels = LabelEdit::read(&params)?;
        let target = params.str("target_branch")?;
        let state_event = params.choice("state_event", &["close", "reopen"])?;
        let remove_source_branch = params.bool("remove_source_branch")?;
        let squash = params.bool("squash")?;
        let discussion_locked = params.bool("discussion_locked")?;
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let title = title.map(checked_title).transpose()?;
        let project = &store.projects[&project_id];
        let current = &project.merge_requests[&iid];
        // A milestone of the project, or none (`0` or blank takes it away).
        let milestone_id = params
            .has("milestone_id")
            .then(|| milestone(&params, project))
            .transpose()?;
        let new_target = target
            .clone()
            .unwrap_or_else(|| current.target_branch.clone());
        let reopening = state_event.as_deref() == Some("reopen") && current.state == "closed";
        if target.is_some() || reopening {
            let still_open = current.state == "opened" || reopening;
            check_branches(
                project,
                &current.source_branch,
                &new_target,
                still_open.then_some(iid),
            )?;
        }
        let on = On::MergeRequest(project_id, iid);
        let commands = description_commands(store, &on, &mut description);
        let changed = tracking::Issuable::MergeRequest(project_id, iid);
        let before = store.tracked(changed);

        let project = store.project_mut(project_id);
        let mr = project.merge_requests.get_mut(&iid).expect("found above");
        let now = now();
        if let Some(milestone_id) = milestone_id {
            mr.milestone_id = milestone_id;
        }
        if let Some(title) = title {
            mr.title = title;
        }
        if let Some(description) = description {
            mr.description = description;
        }
        labels.apply(&mut mr.labels);
        mr.target_branch = new_target;
        let change = StateChange {
            state: &mut mr.state,
            closed_at: &mut mr.closed_at,
            closed_by: &mut mr.closed_by,
        };
        change.apply(state_event.as_deref(), &now);
        if let Some(remove) = remove_source_branch {
            mr.force_remove_source_branch = remove;
        }
        if let Some(squash) = squash {
            mr.squash = squash;
        }
        if discussion_locked.is_some() {
            mr.discussion_locked = discussion_locked;
        }
        mr.updated_at = now;
        project.touch();
        store.record_changes(changed, &before);
        if let Some(commands) = commands {
            store.apply_quick_actions(&on, &commands);
        }
        Ok(ok(StatusCode::OK, render(store, project_id, iid)))
    })
}

/// GitLab answers 204 with no body.
async fn remove(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let project = store.project_mut(project_id);
        project.merge_requests.remove(&iid);
        project.touch();
        Ok(no_content())
    })
}

/// The merge request of the path, or GitLab's `404 Not found`.
pub(super) fn find(store: &Store, id: &str, mr_iid: &str) -> Result<(u64, u64), ApiError> {
    lookups::merge_request(store, id, "merge_request_iid", mr_iid)
}

/// GitLab's branch rules: different branches (422), both existing (400 per field), no other
/// open merge request for the same pair (409). `open_as` is the merge request being checked.
fn check_branches(
    project: &Project,
    source: &str,
    target: &str,
    open_as: Option<u64>,
) -> Result<(), ApiError> {
    if source == target {
        let message = "You can't use same project/branch for source and target".to_owned();
        return Err(ApiError::messages(
            StatusCode::UNPROCESSABLE_ENTITY,
            &[message],
        ));
    }
    let mut missing = Vec::new();
    if !project.repository.branches.contains_key(source) {
        missing.push(("source_branch", "does not exist"));
    }
    if !project.repository.branches.contains_key(target) {
        missing.push(("target_branch", "does not exist"));
    }
    if !missing.is_empty() {
        return Err(ApiError::fields(&missing));
    }
    let other = project.merge_requests.values().find(|m| {
        m.state == "opened"
            && m.source_branch == source
            && m.target_branch == target
            && Some(m.iid) != open_as
    });
    if let Some(other) = other {
        let message = format!(
            "Another open merge request already exists for this source branch: !{}",
            other.iid
        );
        return Err(ApiError::messages(StatusCode::CONFLICT, &[message]));
    }
    Ok(())
}

/// GitLab's single merge request entity: the list entity plus `merge_error` (why the last
/// rebase or merge failed) and `head_pipeline` (the pipeline of the source head, or null).
pub(super) fn render(store: &Store, project_id: u64, iid: u64) -> Value {
    let project = &store.projects[&project_id];
    let mr = &project.merge_requests[&iid];
    let mut value = store.merge_request_json(project, mr);
    value["merge_error"] = json!(mr.merge_error);
    value["head_pipeline"] = store
        .head_pipeline(project, mr)
        .map_or(Value::Null, |pipeline| {
            store.pipeline_json(project, pipeline)
        });
    value
}
