//! Time tracking on issues and merge requests: `GET …/:iid/time_stats` and
//! `POST …/:iid/{time_estimate,reset_time_estimate,add_spent_time,reset_spent_time}`, each
//! answering GitLab's time stats (seconds, and the human form GitLab prints).

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};

use super::tracked::Collection;
use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::parse_duration;
use crate::store::tracking::TimeStats;

/// What a `POST` does to the time stats.
#[derive(Debug, Clone, Copy)]
enum Change {
    Estimate,
    ResetEstimate,
    Spend,
    ResetSpent,
}

pub(crate) fn routes() -> Router<App> {
    let mut router = Router::new();
    for (collection, path) in [
        (Collection::Issues, "/projects/{id}/issues/{issue_iid}"),
        (
            Collection::MergeRequests,
            "/projects/{id}/merge_requests/{merge_request_iid}",
        ),
    ] {
        router = router.route(
            &format!("{path}/time_stats"),
            get(move |app: State<App>, ids: Path<(String, String)>| stats(app, ids, collection)),
        );
        for (action, change) in [
            ("time_estimate", Change::Estimate),
            ("reset_time_estimate", Change::ResetEstimate),
            ("add_spent_time", Change::Spend),
            ("reset_spent_time", Change::ResetSpent),
        ] {
            router = router.route(
                &format!("{path}/{action}"),
                post(
                    move |app: State<App>, ids: Path<(String, String)>, params: Params| {
                        update(app, ids, params, collection, change)
                    },
                ),
            );
        }
    }
    router
}

async fn stats(
    State(app): State<App>,
    Path((id, iid)): Path<(String, String)>,
    collection: Collection,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let issuable = collection.find(store, &id, &iid)?;
        Ok(ok(StatusCode::OK, store.time_stats_json(issuable)))
    })
}

/// 201 with the new time stats (Grape's status for a `POST`). `duration` is required where
/// it is read; a duration GitLab cannot read, a negative estimate, or subtracting more than
/// was spent fail the issuable's validation as GitLab words it.
async fn update(
    State(app): State<App>,
    Path((id, iid)): Path<(String, String)>,
    params: Params,
    collection: Collection,
    change: Change,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let issuable = collection.find(store, &id, &iid)?;
        let mut stats = store.time_stats(issuable);
        apply(&mut stats, change, &params)?;
        store.tracking.time.insert(issuable, stats);
        Ok(ok(StatusCode::CREATED, store.time_stats_json(issuable)))
    })
}

fn apply(stats: &mut TimeStats, change: Change, params: &Params) -> Result<(), ApiError> {
    match change {
        Change::Estimate => {
            let seconds = duration(params)?.filter(|s| *s >= 0).ok_or_else(|| {
                ApiError::fields(&[(
                    "time_estimate",
                    "must have a valid format and be greater than or equal to zero.",
                )])
            })?;
            stats.estimate = seconds;
        }
        Change::ResetEstimate => stats.estimate = 0,
        Change::Spend => {
            params.str("summary")?;
            let seconds = duration(params)?
                .ok_or_else(|| ApiError::fields(&[("time_spent", "can't be blank")]))?;
            if stats.spent + seconds < 0 {
                return Err(ApiError::fields(&[(
                    "base",
                    "Time to subtract exceeds the total time spent",
                )]));
            }
            stats.spent += seconds;
        }
        Change::ResetSpent => stats.spent = 0,
    }
    Ok(())
}

/// The required `duration`, read as GitLab reads durations (`None`: unreadable).
fn duration(params: &Params) -> Result<Option<i64>, ApiError> {
    params.require(&["duration"])?;
    Ok(params.str("duration")?.as_deref().and_then(parse_duration))
}
