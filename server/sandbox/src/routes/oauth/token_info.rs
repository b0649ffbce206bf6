//! What a client may ask about its tokens: `GET /oauth/token/info` and `GET /oauth/userinfo`
//! (with the access token as bearer), `POST /oauth/introspect` and `POST /oauth/revoke`
//! (the token as a parameter).

use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::json;

use super::guard::invalid_token;
use super::{bearer, client_id, field, refusal};
use crate::app::App;
use crate::params::Params;
use crate::store::CURRENT_USER;
use crate::store::oauth::{AccessCheck, OAuthError, Token};

pub(super) fn routes() -> Router<App> {
    Router::new()
        .route("/oauth/token/info", get(token_info))
        .route("/oauth/userinfo", get(userinfo).post(userinfo))
        .route("/oauth/introspect", post(introspect))
        .route("/oauth/revoke", post(revoke))
}

/// The bearer token's pair while it works, or why not, in the words these endpoints use
/// (which are not the API's) for their `401`.
fn active_token(app: &App, headers: &HeaderMap) -> Result<Token, &'static str> {
    let token = bearer(headers).unwrap_or_default();
    app.with_store(|store| match store.oauth.check_access(token) {
        AccessCheck::Active(token) => Ok(token.clone()),
        AccessCheck::Expired => Err("The access token expired"),
        AccessCheck::Revoked => Err("The access token was revoked"),
        AccessCheck::Unknown => Err("The access token is invalid"),
    })
}

async fn token_info(State(app): State<App>, headers: HeaderMap) -> Response {
    let token = match active_token(&app, &headers) {
        Ok(token) => token,
        Err(why) => return invalid_token(why),
    };
    let scopes: Vec<&str> = token.scope.split_whitespace().collect();
    // GitLab adds `scopes` and `expires_in_seconds` for clients of its older answer.
    axum::Json(json!({
        "resource_owner_id": CURRENT_USER,
        "scope": scopes,
        "expires_in": token.expires_in(),
        "application": {"uid": token.client_id},
        "created_at": token.created_at,
        "scopes": scopes,
        "expires_in_seconds": token.expires_in(),
    }))
    .into_response()
}

/// The sandbox user's OpenID Connect claims.
async fn userinfo(State(app): State<App>, headers: HeaderMap) -> Response {
    if let Err(why) = active_token(&app, &headers) {
        return invalid_token(why);
    }
    let claims = app.with_store(|store| {
        let user = &store.users[&CURRENT_USER];
        let groups: Vec<&str> = store
            .groups
            .values()
            .filter(|g| g.members.iter().any(|m| m.user_id == CURRENT_USER))
            .map(|g| g.path.as_str())
            .collect();
        json!({
            "sub": CURRENT_USER.to_string(),
            "name": user.name,
            "nickname": user.username,
            "preferred_username": user.username,
            "email": user.email,
            "email_verified": true,
            "website": "",
            "profile": format!("{}/{}", store.base, user.username),
            "picture": format!("{}/uploads/-/system/user/avatar/{}/avatar.png", store.base, user.id),
            "groups": groups,
        })
    });
    axum::Json(claims).into_response()
}

/// RFC 7662. The caller is a known client, or holds a working access token.
async fn introspect(State(app): State<App>, headers: HeaderMap, params: Params) -> Response {
    let authorized = bearer(&headers).is_some_and(|token| {
        app.with_store(|store| matches!(store.oauth.check_access(token), AccessCheck::Active(_)))
    });
    let client = client_id(&params, &headers);
    let token = field(&params, "token").unwrap_or_default();
    let answer = app.with_store(|store| {
        if !authorized {
            store.oauth.application(client.as_deref())?;
        }
        let username = store.users[&CURRENT_USER].username.clone();
        let oauth = &store.oauth;
        Ok::<_, OAuthError>(match oauth.find_token(&token) {
            Some(pair) if oauth.is_active(&token) => json!({
                "active": true,
                "scope": pair.scope,
                "client_id": pair.client_id,
                "username": username,
                "token_type": "Bearer",
                "exp": pair.expires_at_unix(),
                "iat": pair.created_at,
                "sub": CURRENT_USER.to_string(),
            }),
            _ => json!({"active": false}),
        })
    });
    match answer {
        Ok(body) => axum::Json(body).into_response(),
        Err(error) => refusal(error),
    }
}

/// RFC 7009: `200 {}` whether or not the token was known, so a caller learns nothing.
async fn revoke(State(app): State<App>, headers: HeaderMap, params: Params) -> Response {
    let client = client_id(&params, &headers);
    let token = field(&params, "token");
    let revoked = app.with_store(|store| {
        let oauth = &mut store.oauth;
        let client_id = oauth.application(client.as_deref())?.client_id.clone();
        let token = token.ok_or(OAuthError::MissingParameter("token"))?;
        oauth.revoke(&client_id, &token)
    });
    match revoked {
        Ok(()) => axum::Json(json!({})).into_response(),
        Err(error) => refusal(error),
    }
}
