//! `GET /oauth/authorize`: the authorization code grant's first step. The sandbox user is
//! signed in and consents at once, so the browser goes straight back to the client with a
//! code. A client or redirect URI that cannot be trusted gets an error page, never a redirect.

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::LOCATION;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use url::Url;

use super::{escape, field, page};
use crate::app::App;
use crate::params::Params;
use crate::store::oauth::{AuthorizationRequest, OAuthError};

pub(super) fn routes() -> Router<App> {
    Router::new().route("/oauth/authorize", get(authorize))
}

async fn authorize(State(app): State<App>, params: Params) -> Response {
    let client_id = field(&params, "client_id").unwrap_or_default();
    let redirect_uri = field(&params, "redirect_uri").unwrap_or_default();
    let state = field(&params, "state");
    let response_type = field(&params, "response_type");
    let scope = field(&params, "scope");
    let challenge = field(&params, "code_challenge");
    let method = field(&params, "code_challenge_method");
    let outcome = app.with_store(|store| {
        let oauth = &mut store.oauth;
        // The client and the redirect URI come first: until both check out there is nowhere
        // safe to send the browser.
        match oauth.application(Some(&client_id)) {
            Err(error) => return Outcome::ErrorPage(error),
            Ok(application) if !application.allows_redirect(&redirect_uri) => {
                return Outcome::ErrorPage(OAuthError::InvalidRedirectUri);
            }
            Ok(_) => {}
        }
        if response_type.as_deref() != Some("code") {
            return Outcome::ToClient(OAuthError::UnsupportedResponseType);
        }
        let request = AuthorizationRequest {
            client_id: &client_id,
            redirect_uri: &redirect_uri,
            scope: scope.as_deref(),
            code_challenge: challenge.as_deref(),
            code_challenge_method: method.as_deref(),
        };
        match oauth.authorize(request) {
            Ok(code) => Outcome::Code(code),
            Err(error) => Outcome::ToClient(error),
        }
    });
    let state = state.as_deref();
    match outcome {
        Outcome::Code(code) => back_to_client(&redirect_uri, &[("code", &code)], state),
        Outcome::ToClient(error) => back_to_client(
            &redirect_uri,
            &[
                ("error", error.code()),
                ("error_description", &error.description()),
            ],
            state,
        ),
        Outcome::ErrorPage(error) => page(
            StatusCode::BAD_REQUEST,
            "An error has occurred",
            &format!("<p>{}</p>", escape(&error.description())),
        ),
    }
}

enum Outcome {
    Code(String),
    /// A refusal the client may hear about: it goes back to it, as the RFC has it.
    ToClient(OAuthError),
    /// The client or its redirect URI cannot be trusted: only the person sees why.
    ErrorPage(OAuthError),
}

/// `302` to the client's redirect URI with `pairs` and the client's `state` added to its query.
fn back_to_client(redirect_uri: &str, pairs: &[(&str, &str)], state: Option<&str>) -> Response {
    let Ok(mut location) = Url::parse(redirect_uri) else {
        // Checked already: only URIs that parse are allowed.
        return StatusCode::BAD_REQUEST.into_response();
    };
    {
        let mut query = location.query_pairs_mut();
        for (name, value) in pairs {
            query.append_pair(name, value);
        }
        if let Some(state) = state {
            query.append_pair("state", state);
        }
    }
    (StatusCode::FOUND, [(LOCATION, location.to_string())]).into_response()
}
