//! `/version`: which GitLab this is. The sandbox follows GitLab 19's REST API.

use axum::Router;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::json;

use crate::app::App;
use crate::reply::ok;

/// The version the sandbox answers like.
pub(crate) const VERSION: &str = "19.3.0";

pub(crate) fn routes() -> Router<App> {
    Router::new().route("/version", get(version))
}

async fn version() -> Response {
    ok(
        StatusCode::OK,
        json!({"version": VERSION, "revision": "sandbox", "kas": {"enabled": false}, "enterprise": false}),
    )
}
