//! `PUT /projects/:id/merge_requests/:merge_request_iid/merge`.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::merge_requests::{find, render};
use crate::App;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::now;

/// `PUT …/merge`: in GitLab's order, 405 unless open, 422 when a branch is gone, 409 when
/// `sha` is not the source head; then the target gets a merge commit, the source branch is
/// removed when asked (here or on the merge request), and squash leaves a squash commit.
pub(super) async fn merge(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let sha = params.str("sha")?;
        let squash = params.bool("squash")?;
        let remove_source = params.bool("should_remove_source_branch")?;
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let project = &store.projects[&project_id];
        let mr = &project.merge_requests[&iid];
        if mr.state != "opened" {
            return Err(ApiError::message(
                StatusCode::METHOD_NOT_ALLOWED,
                "405 Method Not Allowed",
            ));
        }
        let (Some(head), true) = (
            project.branches.get(&mr.source_branch),
            project.branches.contains_key(&mr.target_branch),
        ) else {
            return Err(ApiError::message(
                StatusCode::UNPROCESSABLE_ENTITY,
                "Branch cannot be merged",
            ));
        };
        if sha.as_ref().is_some_and(|sha| sha != head) {
            let message = format!("SHA does not match HEAD of source branch: {head}");
            return Err(ApiError::message(StatusCode::CONFLICT, message));
        }
        let squash = squash.unwrap_or(mr.squash);
        let remove_source = remove_source.unwrap_or(mr.force_remove_source_branch);
        let head = head.clone();
        let merge_commit = store.new_commit();
        let squash_commit = squash.then(|| store.new_commit());

        let project = store.project_mut(project_id);
        let default_branch = project.default_branch.clone();
        let mr = project.merge_requests.get_mut(&iid).expect("found above");
        let now = now();
        mr.state = "merged";
        mr.sha = head;
        mr.squash = squash;
        mr.force_remove_source_branch = remove_source;
        mr.merge_commit_sha = Some(merge_commit.clone());
        mr.squash_commit_sha = squash_commit;
        mr.merged_at = Some(now.clone());
        mr.updated_at = now;
        let (source, target) = (mr.source_branch.clone(), mr.target_branch.clone());
        project.branches.insert(target, merge_commit);
        if remove_source && source != default_branch {
            project.branches.remove(&source);
        }
        project.touch();
        Ok(ok(StatusCode::OK, render(store, project_id, iid)))
    })
}
