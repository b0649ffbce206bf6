//! The issues a merge request names: `GET …/merge_requests/:iid/closes_issues` (those its
//! description closes when it merges, `Closes #1`) and `GET …/related_issues` (every issue
//! of its project its title, description or comments mention, `#1`).

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use super::merge_requests::find;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::ApiError;
use crate::store::Store;
use crate::store::issues::closes;

pub(crate) fn routes() -> Router<App> {
    let path = |tail: &str| format!("/projects/{{id}}/merge_requests/{{merge_request_iid}}/{tail}");
    Router::new()
        .route(
            &path("closes_issues"),
            get(|app, path, uri, params| listed(app, path, uri, params, Which::Closing)),
        )
        .route(
            &path("related_issues"),
            get(|app, path, uri, params| listed(app, path, uri, params, Which::Mentioned)),
        )
}

#[derive(Clone, Copy)]
enum Which {
    Closing,
    Mentioned,
}

/// Whether `text` names issue `iid` as `#iid` (not `#iid0`).
fn mentions(text: &str, iid: u64) -> bool {
    let reference = format!("#{iid}");
    text.match_indices(&reference).any(|(at, found)| {
        let after = text[at + found.len()..].chars().next();
        after.is_none_or(|c| !c.is_ascii_digit())
    })
}

/// The issues of the merge request's project it closes or mentions, as `IssueBasic`.
fn named(store: &Store, project_id: u64, iid: u64, which: Which) -> Vec<Value> {
    let project = &store.projects[&project_id];
    let mr = &project.merge_requests[&iid];
    let mut texts = vec![mr.title.clone(), mr.description.clone().unwrap_or_default()];
    texts.extend(
        mr.discussions
            .iter()
            .flat_map(|discussion| &discussion.notes)
            .filter(|note| !note.system)
            .map(|note| note.body.clone()),
    );
    project
        .issues
        .values()
        .filter(|issue| match which {
            Which::Closing => closes(mr.description.as_deref(), issue.iid),
            Which::Mentioned => texts.iter().any(|text| mentions(text, issue.iid)),
        })
        .map(|issue| store.issue_basic_json(project, issue))
        .collect()
}

async fn listed(
    State(app): State<App>,
    Path((id, mr_iid)): Path<(String, String)>,
    OriginalUri(uri): OriginalUri,
    params: Params,
    which: Which,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let (project_id, iid) = find(store, &id, &mr_iid)?;
        let found = named(store, project_id, iid, which);
        paginate(found, &params, &store.base, &uri)
    })
}
