//! A GitLab token carried by one HTTP request (`PRIVATE-TOKEN: …` or
//! `Authorization: Bearer …`), used for that request only.
//!
//! The layer takes the token out of the headers before anything else sees the request, so
//! no later log of the request can show it; the tool handler finds it as a [`RequestToken`]
//! in the request's extensions (rmcp hands every handler the request's `http::request::Parts`).
//!
//! Every request acts as exactly its caller: one without a token is refused (401) unless
//! the operator said tokenless requests act with the server's own token
//! (`GITLAB_MCP_TOKENLESS_AS_SERVER`) or the GitLab is the sandbox. Each request that
//! goes on carries its [`RequestCaller`], which the stateful sessions are bound to.

use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, WWW_AUTHENTICATE};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rmcp::model::ErrorCode;
use wizard::state::Caller;

use super::caller::{RequestCaller, RequestToken};
use super::messages::refused;
use super::oauth_proxy::{OAuthProxy, Resolved, TOKEN_PREFIX};
use super::resource_metadata::Resource;
use super::settings::Tokenless;
use super::token_check::{invalid_token, unavailable};
use crate::gitlab::Token;
use crate::incoming::Refusal;

/// The header GitLab itself reads.
pub const PRIVATE_TOKEN: &str = "private-token";

/// JSON-RPC's implementation-defined server error for a request without credentials.
const UNAUTHORIZED: ErrorCode = ErrorCode(-32001);

/// What [`take_token`] does with a request that brings no token.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub tokenless: Tokenless,
    /// Who a tokenless request acts as when it is served.
    pub server: Caller,
    /// Where a refused client learns how to sign its user in.
    pub resource: Resource,
    /// The OAuth proxy, when on: a bearer token is then one of its own, which stands for a
    /// GitLab sign-in it keeps; that sign-in's GitLab token is what the request acts with.
    pub proxy: Option<OAuthProxy>,
}

/// Moves a token from the headers into a [`RequestToken`] extension and the request's
/// [`RequestCaller`]; a malformed or ambiguous token is answered 400, a missing one 401
/// unless the server serves tokenless requests.
pub async fn take_token(
    State(credentials): State<Credentials>,
    mut request: Request,
    next: Next,
) -> Response {
    let caller = match token_of(request.headers()) {
        Ok(Some(token)) => {
            let (token, caller) = match (&credentials.proxy, token.is_bearer()) {
                (Some(proxy), true) => {
                    match through_proxy(proxy, &credentials, request.headers()).await {
                        Ok(resolved) => resolved,
                        Err(refusal) => return refusal,
                    }
                }
                (Some(_), false) if ours_as_private_token(request.headers()) => {
                    // Never passed through to GitLab, which did not issue it.
                    return invalid_token(
                        &credentials.resource,
                        request.headers(),
                        "Unauthorized: a token this server issued goes in `Authorization: \
                         Bearer`, never in `PRIVATE-TOKEN`",
                        "the server's own token came as PRIVATE-TOKEN",
                    );
                }
                _ => {
                    let caller = token.caller();
                    (token, caller)
                }
            };
            let headers = request.headers_mut();
            headers.remove(PRIVATE_TOKEN);
            headers.remove(AUTHORIZATION);
            request.extensions_mut().insert(RequestToken(token));
            caller
        }
        Ok(None) if credentials.tokenless == Tokenless::Refused => {
            return unauthorized(&credentials.resource, request.headers());
        }
        Ok(None) => credentials.server,
        Err(problem) => return (StatusCode::BAD_REQUEST, problem).into_response(),
    };
    request.extensions_mut().insert(RequestCaller(caller));
    next.run(request).await
}

/// The GitLab token and caller behind a bearer token the OAuth proxy issued; any other
/// bearer token is refused, as the MCP authorization spec asks of a token not issued for
/// this server (it would otherwise pass through to GitLab).
async fn through_proxy(
    proxy: &OAuthProxy,
    credentials: &Credentials,
    headers: &HeaderMap,
) -> Result<(Token, Caller), Response> {
    let raw = single(headers, AUTHORIZATION.as_str())
        .ok()
        .flatten()
        .and_then(|value| bearer(value).ok())
        .unwrap_or_default();
    let refuse = |message: &str, description: &str| {
        invalid_token(&credentials.resource, headers, message, description)
    };
    if !raw.starts_with(TOKEN_PREFIX) {
        return Err(refuse(
            "Unauthorized: this server signs its users in itself and takes only the tokens \
             it issued (or a GitLab access token as `PRIVATE-TOKEN`); sign in again (the \
             `resource_metadata` of the `WWW-Authenticate` header says where)",
            "not a token this server issued",
        ));
    }
    match proxy.resolve(raw).await {
        Resolved::Grant(token, caller) => Ok((token, caller)),
        Resolved::Unknown => Err(refuse(
            "Unauthorized: this token has expired or was revoked; refresh it, or sign in \
             again (the `resource_metadata` of the `WWW-Authenticate` header says where)",
            "the token has expired or was revoked",
        )),
        Resolved::Failed(error) => {
            tracing::error!("a token could not be looked up: {}", error.0);
            Err(unavailable(
                "Service unavailable: the server could not reach where it keeps sign-ins, so \
                 nothing was done; send the request again shortly",
                "5",
            ))
        }
    }
}

fn ours_as_private_token(headers: &HeaderMap) -> bool {
    single(headers, PRIVATE_TOKEN)
        .ok()
        .flatten()
        .is_some_and(|value| value.trim().starts_with(TOKEN_PREFIX))
}

/// 401 with a challenge naming the resource metadata (where to sign in) and a JSON-RPC
/// error saying how to send a token.
fn unauthorized(resource: &Resource, headers: &HeaderMap) -> Response {
    let refusal = Refusal {
        code: UNAUTHORIZED,
        message: "Unauthorized: this server acts with each request's own GitLab token, and \
                  this request carried none; send your GitLab access token with every \
                  request, as `Authorization: Bearer <token>` (a GitLab OAuth token: the \
                  `resource_metadata` of the `WWW-Authenticate` header says where to sign \
                  in) or `PRIVATE-TOKEN: <token>` (in your MCP client, the headers of this \
                  server's entry)"
            .to_owned(),
        id: None,
        answerable: true,
    };
    let mut response = refused(StatusCode::UNAUTHORIZED, &refusal, false);
    response
        .headers_mut()
        .insert(WWW_AUTHENTICATE, resource.challenge(headers).header());
    response
}

/// The request's token, if it sent one. Error texts never include the value.
fn token_of(headers: &HeaderMap) -> Result<Option<Token>, &'static str> {
    let private = single(headers, PRIVATE_TOKEN)?;
    let bearer = match single(headers, AUTHORIZATION.as_str())? {
        None => None,
        Some(value) => Some(bearer(value)?),
    };
    // A bearer token may be an OAuth token, which GitLab reads only as a bearer token: it
    // travels on as it came.
    let (raw, make): (&str, fn(&str) -> Result<Token, _>) = match (private, bearer) {
        (None, None) => return Ok(None),
        (Some(one), None) => (one, |raw| Token::new(raw)),
        (None, Some(one)) => (one, |raw| Token::bearer(raw)),
        (Some(private), Some(bearer)) if private == bearer => (private, |raw| Token::new(raw)),
        (Some(_), Some(_)) => {
            return Err(
                "the PRIVATE-TOKEN and Authorization headers carry different tokens; send one of them",
            );
        }
    };
    make(raw).map(Some).map_err(|_| {
        "the GitLab token in the request headers is empty or has characters a token cannot have"
    })
}

fn single<'h>(headers: &'h HeaderMap, name: &str) -> Result<Option<&'h str>, &'static str> {
    let mut values = headers.get_all(name).iter();
    let Some(first) = values.next() else {
        return Ok(None);
    };
    if values.next().is_some() {
        return Err("a token header is repeated; send PRIVATE-TOKEN or Authorization once");
    }
    first
        .to_str()
        .map(Some)
        .map_err(|_| "the GitLab token in the request headers has characters a token cannot have")
}

/// `Bearer <token>`, the scheme case-insensitive. Other schemes are refused rather than
/// ignored: a client that sends credentials must not be served with the server's own.
fn bearer(value: &str) -> Result<&str, &'static str> {
    match value.trim().split_once(' ') {
        Some((scheme, token)) if scheme.eq_ignore_ascii_case("bearer") => Ok(token.trim()),
        _ => Err("the Authorization header must be `Bearer <GitLab token>`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn token(pairs: &[(&'static str, &'static str)]) -> Result<Option<Token>, &'static str> {
        token_of(&headers(pairs))
    }

    #[test]
    fn either_header_carries_the_token() {
        let expected = Token::new("glpat-abc").unwrap();
        let bearer = Token::bearer("glpat-abc").unwrap();
        assert_eq!(
            token(&[("private-token", "glpat-abc")]),
            Ok(Some(expected.clone()))
        );
        // A bearer token travels on as one (an OAuth token must); the caller is the same.
        assert_eq!(
            token(&[("authorization", "Bearer glpat-abc")]),
            Ok(Some(bearer.clone()))
        );
        assert_eq!(
            token(&[("authorization", "bearer  glpat-abc ")]),
            Ok(Some(bearer.clone()))
        );
        assert_eq!(bearer.caller(), expected.caller());
        assert_eq!(
            token(&[
                ("private-token", "glpat-abc"),
                ("authorization", "Bearer glpat-abc")
            ]),
            Ok(Some(expected))
        );
        assert_eq!(token(&[("accept", "application/json")]), Ok(None));
    }

    #[test]
    fn ambiguous_or_malformed_tokens_are_refused_without_echoing_them() {
        for pairs in [
            &[
                ("private-token", "glpat-one"),
                ("authorization", "Bearer glpat-two"),
            ][..],
            &[
                ("private-token", "glpat-one"),
                ("private-token", "glpat-one"),
            ],
            &[("authorization", "Basic Z2xwYXQ6eA==")],
            &[("authorization", "glpat-one")],
            &[("private-token", "   ")],
            &[("authorization", "Bearer ")],
        ] {
            let problem = token(pairs).unwrap_err();
            assert!(
                !problem.contains("glpat") && !problem.contains("Z2xw"),
                "{problem}"
            );
        }
    }
}
