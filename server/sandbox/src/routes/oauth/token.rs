//! `POST /oauth/token`: codes, device codes and refresh tokens exchanged for a token pair.

use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::json;

use super::{client_id, field, refusal, required};
use crate::app::App;
use crate::params::Params;
use crate::store::oauth::{ACCESS_TOKEN_LIFETIME, GRANT_TYPES, OAuthError, Token};

pub(super) fn routes() -> Router<App> {
    Router::new().route("/oauth/token", post(token))
}

async fn token(State(app): State<App>, headers: HeaderMap, params: Params) -> Response {
    match exchange(&app, &headers, &params) {
        Ok(token) => axum::Json(json!({
            "access_token": token.access_token,
            "token_type": "Bearer",
            "expires_in": ACCESS_TOKEN_LIFETIME,
            "refresh_token": token.refresh_token,
            "scope": token.scope,
            "created_at": token.created_at,
        }))
        .into_response(),
        Err(error) => refusal(error),
    }
}

fn exchange(app: &App, headers: &HeaderMap, params: &Params) -> Result<Token, OAuthError> {
    let grant_type = required(params, "grant_type")?;
    let client = client_id(params, headers);
    if !GRANT_TYPES.contains(&grant_type.as_str()) {
        return Err(OAuthError::UnsupportedGrantType);
    }
    app.with_store(|store| {
        let oauth = &mut store.oauth;
        let application = oauth.application(client.as_deref())?;
        if !application.allows_grant(&grant_type) {
            return Err(OAuthError::UnauthorizedClient);
        }
        let client_id = application.client_id.clone();
        match grant_type.as_str() {
            "authorization_code" => {
                let code = required(params, "code")?;
                let redirect_uri = required(params, "redirect_uri")?;
                let verifier = field(params, "code_verifier");
                oauth.exchange_code(&client_id, &code, &redirect_uri, verifier.as_deref())
            }
            "refresh_token" => {
                let refresh_token = required(params, "refresh_token")?;
                oauth.refresh(&client_id, &refresh_token)
            }
            _ => {
                let device_code = required(params, "device_code")?;
                oauth.poll_device(&client_id, &device_code)
            }
        }
    })
}
