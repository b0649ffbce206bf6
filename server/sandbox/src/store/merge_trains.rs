//! Merge trains (GitLab Premium): a project's cars, each a merge request queued to merge
//! into its target branch, oldest first. A car stays `idle` here: the sandbox runs no
//! train pipeline, so nothing on a train merges by itself.

use serde_json::{Value, json};

use super::people::CURRENT_USER;
use super::state::Store;
use super::timestamps::now;
use crate::reply::ApiError;
use axum::http::StatusCode;

/// One merge request on a merge train.
#[derive(Debug, Clone)]
pub(crate) struct Car {
    pub id: u64,
    pub merge_request_iid: u64,
    pub target_branch: String,
    pub user_id: u64,
    /// `idle`, `stale`, `fresh` (queued or running), `merged` or `skip_merged` (done).
    pub status: &'static str,
    pub created_at: String,
}

impl Car {
    /// Whether the `active` scope lists it (else `complete` does).
    pub fn active(&self) -> bool {
        matches!(self.status, "idle" | "stale" | "fresh")
    }
}

/// How `POST …/merge_trains/merge_requests/:iid` ended.
pub(crate) enum Added {
    /// On the train now: `201`.
    OnTrain,
    /// Set to join once its checks pass: `202`.
    WhenChecksPass,
}

impl Store {
    /// GitLab's `EE::API::Entities::MergeTrains::Car`.
    pub fn car_json(&self, project_id: u64, car: &Car) -> Value {
        let project = &self.projects[&project_id];
        let mr = &project.merge_requests[&car.merge_request_iid];
        let full = self.merge_request_json(project, mr);
        let pipeline = full.get("head_pipeline").cloned().unwrap_or(Value::Null);
        json!({
            "id": car.id,
            "merge_request": {
                "id": mr.id, "iid": mr.iid, "project_id": project_id, "title": mr.title,
                "description": mr.description, "state": mr.state, "created_at": mr.created_at,
                "updated_at": mr.updated_at, "web_url": full["web_url"],
            },
            "user": self.user_json(car.user_id),
            "pipeline": pipeline,
            "created_at": car.created_at,
            "updated_at": car.created_at,
            "target_branch": car.target_branch,
            "status": car.status,
            "merged_at": null,
            "duration": null,
        })
    }

    /// `MergeTrains::AddMergeRequestService` after the route's `sha` check: `409` when the
    /// merge request already merges by itself (on a train or set to auto-merge); with
    /// `auto_merge`, it joins once its checks pass; otherwise it must be mergeable now,
    /// else `400 No available merge train strategy`.
    pub fn add_to_train(
        &mut self,
        project_id: u64,
        iid: u64,
        squash: Option<bool>,
        auto_merge: bool,
    ) -> Result<Added, ApiError> {
        let project = &self.projects[&project_id];
        let mr = &project.merge_requests[&iid];
        let on_train = project
            .merge_train
            .iter()
            .any(|car| car.merge_request_iid == iid && car.active());
        if on_train || mr.merge_when_pipeline_succeeds {
            return Err(ApiError::message(
                StatusCode::CONFLICT,
                "Merge request is already set to Auto-Merge",
            ));
        }
        let mergeable =
            self.merge_request_json(project, mr)["detailed_merge_status"] == "mergeable";
        let open = mr.state == "opened" && !mr.is_draft();
        if !open || !(mergeable || auto_merge) {
            return Err(ApiError::error("No available merge train strategy"));
        }
        let id = super::Ids::next(&mut self.ids.record);
        let project = self.project_mut(project_id);
        let mr = project.merge_requests.get_mut(&iid).expect("found above");
        if squash == Some(true) {
            mr.squash = true;
        }
        if !mergeable {
            mr.merge_when_pipeline_succeeds = true;
            return Ok(Added::WhenChecksPass);
        }
        let target_branch = mr.target_branch.clone();
        project.merge_train.push(Car {
            id,
            merge_request_iid: iid,
            target_branch,
            user_id: CURRENT_USER,
            status: "idle",
            created_at: now(),
        });
        Ok(Added::OnTrain)
    }
}
