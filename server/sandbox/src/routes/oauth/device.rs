//! The device authorization grant: `POST /oauth/authorize_device` gives a client a device
//! code and a user code; the person types the user code at `/oauth/device` (a page with a
//! form) and approves or denies there, as the sandbox user. The client polls
//! `POST /oauth/token` meanwhile (`token`).

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::json;
use url::form_urlencoded;

use super::{client_id, escape, field, page, refusal};
use crate::app::App;
use crate::params::Params;
use crate::store::oauth::DeviceDecision;

pub(super) fn routes() -> Router<App> {
    Router::new()
        .route("/oauth/authorize_device", post(authorize_device))
        .route("/oauth/device", get(verification_page).post(decide))
}

async fn authorize_device(State(app): State<App>, headers: HeaderMap, params: Params) -> Response {
    let client = client_id(&params, &headers);
    let scope = field(&params, "scope");
    let (base, granted) = app.with_store(|store| {
        let granted = store
            .oauth
            .authorize_device(client.as_deref(), scope.as_deref());
        (store.base.clone(), granted)
    });
    match granted {
        Ok(device) => {
            let verification_uri = format!("{base}/oauth/device");
            let query: String = form_urlencoded::Serializer::new(String::new())
                .append_pair("user_code", &device.user_code)
                .finish();
            axum::Json(json!({
                "device_code": device.device_code,
                "user_code": device.user_code,
                "verification_uri": verification_uri,
                "verification_uri_complete": format!("{verification_uri}?{query}"),
                "expires_in": device.expires_in,
                "interval": device.interval,
            }))
            .into_response()
        }
        Err(error) => refusal(error),
    }
}

/// The form the person fills in, the user code already there when the link had it.
async fn verification_page(params: Params) -> Response {
    let user_code = field(&params, "user_code").unwrap_or_default();
    let form = format!(
        "<p>Signed in as sandbox-user. Enter the code your device shows.</p>\n\
         <form method=\"post\" action=\"/oauth/device\">\n\
         <input name=\"user_code\" value=\"{}\" autocomplete=\"off\">\n\
         <button type=\"submit\" name=\"decision\" value=\"approve\">Authorize</button>\n\
         <button type=\"submit\" name=\"decision\" value=\"deny\">Deny</button>\n\
         </form>",
        escape(&user_code)
    );
    page(StatusCode::OK, "Device authorization", &form)
}

async fn decide(State(app): State<App>, params: Params) -> Response {
    let user_code = field(&params, "user_code").unwrap_or_default();
    let decision = match field(&params, "decision").as_deref() {
        None | Some("approve") => DeviceDecision::Approved,
        Some("deny") => DeviceDecision::Denied,
        // Approving on a misspelt "deny" would grant what the person meant to refuse.
        Some(_) => {
            return page(
                StatusCode::BAD_REQUEST,
                "Device authorization",
                "<p>The decision must be approve or deny.</p>",
            );
        }
    };
    if !app.with_store(|store| store.oauth.decide_device(&user_code, decision)) {
        return page(
            StatusCode::BAD_REQUEST,
            "Device authorization",
            "<p>The user code is invalid, has expired, or was already used.</p>",
        );
    }
    let outcome = match decision {
        DeviceDecision::Denied => "<p>The authorization was denied.</p>",
        _ => "<p>The device is now authorized. You can return to it.</p>",
    };
    page(StatusCode::OK, "Device authorization", outcome)
}
