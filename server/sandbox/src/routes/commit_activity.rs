//! What happens around a commit: its CI statuses (`GET …/repository/commits/:sha/statuses`,
//! `POST /projects/:id/statuses/:sha`), its comments (`…/commits/:sha/comments`) and the
//! merge requests that hold it (`…/commits/:sha/merge_requests`).

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use serde_json::{Map, Value, json};

use super::note_commands;
use super::repository::find_commit;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::quick_actions::{On, Options};
use crate::store::record_kinds::{COMMIT_COMMENTS, COMMIT_STATUSES, STATUS_STATES};
use crate::store::records::{Owner, record_check};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route(
            "/projects/{id}/repository/commits/{sha}/statuses",
            get(statuses),
        )
        .route("/projects/{id}/statuses/{sha}", post(set_status))
        .route(
            "/projects/{id}/repository/commits/{sha}/comments",
            get(comments).post(comment),
        )
        .route(
            "/projects/{id}/repository/commits/{sha}/merge_requests",
            get(merge_requests),
        )
}

/// The commit's jobs and external statuses, oldest first; without `all`, only the latest
/// of each name. `ref`, `stage`, `name` narrow them.
async fn statuses(
    State(app): State<App>,
    Path((id, sha)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let all = params.bool("all")?.unwrap_or(false);
        let wanted_ref = params.text("ref")?;
        let stage = params.text("stage")?;
        let name = params.text("name")?;
        params.choice("order_by", &["id", "pipeline_id"])?;
        params.choice("sort", &["asc", "desc"])?;
        let project = store.project(&id)?;
        let commit = find_commit(project, &sha)?.clone();
        let mut found: Vec<Value> = Vec::new();
        for pipeline in project.pipelines.values().filter(|p| p.sha == commit.id) {
            for job in pipeline.jobs.iter().filter(|job| !job.retried) {
                found.push(json!({
                    "id": job.id,
                    "sha": pipeline.sha,
                    "ref": pipeline.ref_name,
                    "status": job.status,
                    "name": job.name,
                    "stage": job.stage,
                    "target_url": store.job_json(project, pipeline, job)["web_url"],
                    "description": null,
                    "created_at": job.created_at,
                    "started_at": job.started_at,
                    "finished_at": job.finished_at,
                    "allow_failure": job.allow_failure,
                    "coverage": job.coverage,
                    "pipeline_id": pipeline.id,
                    "author": store.user_json(job.user_id.unwrap_or(pipeline.user_id)),
                }));
            }
        }
        let filter = Map::from_iter([("sha".to_owned(), json!(commit.id))]);
        let external =
            store.record_search(&Owner::Project(project.id), &COMMIT_STATUSES, &filter)?;
        found.extend(external.into_iter().map(|mut status| {
            status["stage"] = json!("external");
            status
        }));
        found.retain(|status| {
            wanted_ref.as_deref().is_none_or(|r| status["ref"] == r)
                && stage.as_deref().is_none_or(|s| status["stage"] == s)
                && name.as_deref().is_none_or(|n| status["name"] == n)
        });
        if !all {
            // The latest of each name: a later status of the same check replaces it.
            let mut latest: Vec<Value> = Vec::new();
            for status in found {
                latest.retain(|kept| kept["name"] != status["name"]);
                latest.push(status);
            }
            found = latest;
        }
        paginate(found, &params, &store.base, &uri)
    })
}

/// `POST {state, ref?, name?, target_url?, description?, coverage?}`: 201 with the status.
async fn set_status(
    State(app): State<App>,
    Path((id, sha)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["state"])?;
        params.choice("state", STATUS_STATES)?;
        let project = store.project(&id)?;
        let commit = find_commit(project, &sha)?.clone();
        let reference = match params.text("ref")? {
            Some(reference) => reference,
            None => project.default_branch.clone(),
        };
        let mut fields = params.0.clone();
        fields.insert("status".to_owned(), fields["state"].clone());
        fields.insert("sha".to_owned(), json!(commit.id));
        fields.insert("ref".to_owned(), json!(reference));
        let owner = Owner::Project(project.id);
        let status = store.record_create(&owner, &COMMIT_STATUSES, &fields)?;
        Ok(ok(StatusCode::CREATED, status))
    })
}

/// The commit's comments, oldest first, without their ids (GitLab shows none).
async fn comments(
    State(app): State<App>,
    Path((id, sha)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let commit = find_commit(project, &sha)?.clone();
        let filter = Map::from_iter([("sha".to_owned(), json!(commit.id))]);
        let found = store
            .record_search(&Owner::Project(project.id), &COMMIT_COMMENTS, &filter)?
            .into_iter()
            .map(shown_comment)
            .collect();
        paginate(found, &params, &store.base, &uri)
    })
}

/// `POST {note, path?, line?, line_type?}`: 201 with the comment. Its quick actions run on
/// the commit (`/tag v1.2.3 message`), as GitLab runs them (`note_commands`).
async fn comment(
    State(app): State<App>,
    Path((id, sha)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["note"])?;
        let project = store.project(&id)?;
        let commit = find_commit(project, &sha)?.clone();
        let mut fields = params.0.clone();
        fields.insert("sha".to_owned(), json!(commit.id));
        record_check(&COMMIT_COMMENTS, &fields)?;
        let owner = Owner::Project(project.id);
        let on = On::Commit(project.id, commit.id.clone());
        let note = params.str("note")?.unwrap_or_default();
        note_commands::post(store, &on, &note, &Options::note(None), |store, text| {
            fields.insert("note".to_owned(), json!(text));
            let comment = store.record_create(&owner, &COMMIT_COMMENTS, &fields)?;
            let id = comment["id"].as_u64().unwrap_or_default();
            Ok((shown_comment(comment), id))
        })
    })
}

/// A comment as GitLab shows one: its note, where it is, who wrote it and when.
fn shown_comment(mut comment: Value) -> Value {
    if let Value::Object(fields) = &mut comment {
        fields.remove("id");
        fields.remove("sha");
    }
    comment
}

/// The merge requests whose commits include this one, or that merged it.
async fn merge_requests(
    State(app): State<App>,
    Path((id, sha)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.choice("state", &["opened", "closed", "locked", "merged"])?;
        let project = store.project(&id)?;
        let commit = find_commit(project, &sha)?.clone();
        let found = project
            .merge_requests
            .values()
            .filter(|mr| {
                mr.merge_commit_sha.as_deref() == Some(commit.id.as_str())
                    || store
                        .merge_request_commits(project, mr)
                        .iter()
                        .any(|c| c.id == commit.id)
            })
            .map(|mr| store.merge_request_json(project, mr))
            .collect();
        paginate(found, &params, &store.base, &uri)
    })
}
