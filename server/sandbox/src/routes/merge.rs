//! `PUT /projects/:id/merge_requests/:merge_request_iid/merge`.

use std::time::SystemTime;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::put;

use super::merge_requests::{find, render};
use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::merge_requests::{
    ACTIVE_PIPELINE, MergeSpec, conflicts, merge as merge_branches,
};
use crate::store::repository::Person;
use crate::store::{CURRENT_USER, now};

pub(crate) fn routes() -> Router<App> {
    Router::new().route(
        "/projects/{id}/merge_requests/{merge_request_iid}/merge",
        put(merge),
    )
}

fn not_allowed() -> ApiError {
    ApiError::message(StatusCode::METHOD_NOT_ALLOWED, "405 Method Not Allowed")
}

fn cannot_merge() -> ApiError {
    ApiError::message(StatusCode::UNPROCESSABLE_ENTITY, "Branch cannot be merged")
}

/// In GitLab's order: 405 unless open, not a draft and approved; 422 when a branch is gone
/// or the branches conflict; 409 when `sha` is not the source head. Then the target gets a
/// merge commit with the source's changes (after one squash commit when squashing), and the
/// source branch is removed when asked (here or on the merge request).
///
/// `auto_merge` (or the older `merge_when_pipeline_succeeds`) with a head pipeline still
/// running sets the merge request
/// to merge when it succeeds instead (200, still open, with the squash and removal choices
/// kept); approvals are not needed yet for that, as they are awaited too. Pipelines never
/// finish here, so such a merge request stays open. Without a running pipeline the flag
/// merges at once, by the rules above.
async fn merge(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let sha = params.str("sha")?;
        let squash = params.bool("squash")?;
        let remove_source = params.bool("should_remove_source_branch")?;
        let merge_message = params.text("merge_commit_message")?;
        let squash_message = params.text("squash_commit_message")?;
        // `auto_merge` since GitLab 17.11; the older name still works.
        let when_pipeline_succeeds = match params.bool("auto_merge")? {
            Some(auto) => Some(auto),
            None => params.bool("merge_when_pipeline_succeeds")?,
        };
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let full_path = store.full_path(&store.projects[&project_id]);
        let user = store.user(CURRENT_USER);
        let merger = Person::new(&user.name, &user.email);
        let project = &store.projects[&project_id];
        let mr = &project.merge_requests[&iid];
        let pipeline_running = store
            .head_pipeline(project, mr)
            .is_some_and(|p| ACTIVE_PIPELINE.contains(&p.status));
        if when_pipeline_succeeds == Some(true) && pipeline_running {
            if mr.state != "opened" || mr.is_draft() {
                return Err(not_allowed());
            }
            let project = store.project_mut(project_id);
            let mr = project.merge_requests.get_mut(&iid).expect("found above");
            mr.merge_when_pipeline_succeeds = true;
            if let Some(squash) = squash {
                mr.squash = squash;
            }
            if let Some(remove) = remove_source {
                mr.force_remove_source_branch = remove;
            }
            mr.updated_at = now();
            return Ok(ok(StatusCode::OK, render(store, project_id, iid)));
        }
        if mr.state != "opened" || mr.is_draft() || !mr.approved() {
            return Err(not_allowed());
        }
        let repository = &project.repository;
        let (Some(head), Some(target_head)) = (
            repository.branches.get(&mr.source_branch),
            repository.branches.get(&mr.target_branch),
        ) else {
            return Err(cannot_merge());
        };
        if !conflicts(repository, head, target_head).is_empty() {
            return Err(cannot_merge());
        }
        if sha.as_ref().is_some_and(|sha| sha != head) {
            let message = format!("SHA does not match HEAD of source branch: {head}");
            return Err(ApiError::message(StatusCode::CONFLICT, message));
        }
        let squash = squash.unwrap_or(mr.squash);
        let remove_source = remove_source.unwrap_or(mr.force_remove_source_branch);
        let author = store.user(mr.author_id);
        let spec = MergeSpec {
            source_head: head.clone(),
            target: mr.target_branch.clone(),
            merge_message: merge_message.unwrap_or_else(|| {
                format!(
                    "Merge branch '{}' into '{}'\n\n{}\n\nSee merge request {full_path}!{}",
                    mr.source_branch, mr.target_branch, mr.title, mr.iid
                )
            }),
            squash_message: squash.then(|| squash_message.unwrap_or_else(|| mr.title.clone())),
            squash_author: Person::new(&author.name, &author.email),
            merger,
            date: SystemTime::now(),
        };
        let head = head.clone();
        // The merge request keeps showing the changes it merged.
        let refs = store.diff_refs(project, mr);

        let project = store.project_mut(project_id);
        let merged = merge_branches(&mut project.repository, spec).map_err(|_| cannot_merge())?;
        let default_branch = project.default_branch.clone();
        let mr = project.merge_requests.get_mut(&iid).expect("found above");
        let now = now();
        mr.state = "merged";
        mr.sha = head;
        mr.squash = squash;
        mr.force_remove_source_branch = remove_source;
        mr.merge_commit_sha = Some(merged.merge_commit);
        mr.squash_commit_sha = merged.squash_commit;
        mr.merged_at = Some(now.clone());
        mr.merged_by = Some(CURRENT_USER);
        mr.merged_refs = refs;
        mr.merge_error = None;
        mr.merge_when_pipeline_succeeds = false;
        mr.updated_at = now;
        let source = mr.source_branch.clone();
        if remove_source && source != default_branch {
            project.repository.branches.remove(&source);
        }
        project.touch();
        Ok(ok(StatusCode::OK, render(store, project_id, iid)))
    })
}
