//! `POST /oauth/register`: dynamic client registration (RFC 7591), for public clients.
//!
//! A client is registered with the redirect URIs it names, each `https://`, or `http://`
//! on a loopback host (a native app's local listener, RFC 8252), without a fragment; at
//! `/oauth/authorize` its `redirect_uri` must be one of them exactly. It gets no secret
//! (`token_endpoint_auth_method: none`, whatever it asked): PKCE is what binds its code to
//! it. Registrations are bounded a minute per address and in number; a client unused for
//! 30 days is forgotten.

use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::{Value, json};
use url::Url;

use crate::auth::printable::printable;

use super::records::{Client, now, secret};
use super::settings::UNUSED_CLIENT_EXPIRY;
use super::{OAuthProxy, no_store, oauth_error, store_failed};

pub const PATH: &str = "/oauth/register";

/// The largest registration read: a real one is a few hundred bytes.
const MAX_BODY: usize = 16 * 1024;
const MAX_REDIRECT_URIS: usize = 10;
const MAX_URI_LENGTH: usize = 2000;
const MAX_NAME_LENGTH: usize = 200;

pub async fn register(State(proxy): State<OAuthProxy>, request: Request) -> Response {
    if !proxy.inner.registrations.take(request.extensions()) {
        let mut response = oauth_error(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_requests",
            &format!(
                "more than {} client registrations a minute from this address \
                 (GITLAB_MCP_OAUTH_REGISTRATIONS_PER_MINUTE); a client registers once, then \
                 keeps its client_id",
                proxy.inner.settings.registrations_per_minute
            ),
        );
        response.headers_mut().insert(
            axum::http::header::RETRY_AFTER,
            axum::http::HeaderValue::from_static("60"),
        );
        return response;
    }
    let body = match axum::body::to_bytes(request.into_body(), MAX_BODY).await {
        Ok(body) => body,
        Err(_) => {
            return invalid_metadata(&format!(
                "the registration is larger than {} KiB, or did not arrive",
                MAX_BODY / 1024
            ));
        }
    };
    let client = match read(&body) {
        Ok(client) => client,
        Err(Refusal::RedirectUri(why)) => {
            return oauth_error(StatusCode::BAD_REQUEST, "invalid_redirect_uri", &why);
        }
        Err(Refusal::Metadata(why)) => return invalid_metadata(&why),
    };
    let inner = &proxy.inner;
    let admitted = inner
        .store
        .add_client(
            &client.client_id,
            &client,
            UNUSED_CLIENT_EXPIRY,
            inner.settings.max_clients,
        )
        .await;
    match admitted {
        Ok(true) => {}
        Ok(false) => {
            tracing::warn!(
                max = inner.settings.max_clients,
                "a client registration was refused: the cap on registered clients is reached \
                 (GITLAB_MCP_OAUTH_MAX_CLIENTS)"
            );
            return oauth_error(
                StatusCode::SERVICE_UNAVAILABLE,
                "temporarily_unavailable",
                "this server holds as many registered clients as it keeps \
                 (GITLAB_MCP_OAUTH_MAX_CLIENTS); try again later, or ask its operator",
            );
        }
        Err(error) => return store_failed(&error),
    }
    no_store(
        StatusCode::CREATED,
        json!({
            "client_id": client.client_id,
            "client_id_issued_at": client.issued_at,
            "client_name": client.client_name,
            "redirect_uris": client.redirect_uris,
            "grant_types": ["authorization_code", "refresh_token"],
            "response_types": ["code"],
            "token_endpoint_auth_method": "none",
        }),
    )
}

enum Refusal {
    RedirectUri(String),
    Metadata(String),
}

fn invalid_metadata(why: &str) -> Response {
    oauth_error(StatusCode::BAD_REQUEST, "invalid_client_metadata", why)
}

/// The client a registration describes, or what is wrong with it.
fn read(body: &Bytes) -> Result<Client, Refusal> {
    let metadata: Value = serde_json::from_slice(body)
        .map_err(|_| Refusal::Metadata("the registration is not a JSON object".to_owned()))?;
    let Some(metadata) = metadata.as_object() else {
        return Err(Refusal::Metadata(
            "the registration is not a JSON object".to_owned(),
        ));
    };
    let uris = metadata
        .get("redirect_uris")
        .and_then(Value::as_array)
        .filter(|uris| !uris.is_empty())
        .ok_or_else(|| {
            Refusal::RedirectUri("`redirect_uris` must list at least one URI".to_owned())
        })?;
    if uris.len() > MAX_REDIRECT_URIS {
        return Err(Refusal::RedirectUri(format!(
            "at most {MAX_REDIRECT_URIS} redirect URIs"
        )));
    }
    let redirect_uris = uris
        .iter()
        .map(|uri| {
            uri.as_str()
                .ok_or_else(|| {
                    Refusal::RedirectUri("each redirect URI must be a string".to_owned())
                })
                .and_then(|uri| check_redirect_uri(uri).map_err(Refusal::RedirectUri))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let strings = |key: &str| -> Result<Option<Vec<String>>, Refusal> {
        match metadata.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Array(items)) => items
                .iter()
                .map(|item| item.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
                .map(Some)
                .ok_or_else(|| Refusal::Metadata(format!("`{key}` must be a list of strings"))),
            Some(_) => Err(Refusal::Metadata(format!(
                "`{key}` must be a list of strings"
            ))),
        }
    };
    if let Some(grants) = strings("grant_types")?
        && let Some(other) = grants
            .iter()
            .find(|grant| !matches!(grant.as_str(), "authorization_code" | "refresh_token"))
    {
        return Err(Refusal::Metadata(format!(
            "the grant type `{}` is not offered; this server offers authorization_code and refresh_token",
            printable(other)
        )));
    }
    if let Some(types) = strings("response_types")?
        && types.iter().any(|kind| kind != "code")
    {
        return Err(Refusal::Metadata(
            "only the response type `code` is offered".to_owned(),
        ));
    }
    let client_name = match metadata.get("client_name") {
        None | Some(Value::Null) => None,
        Some(Value::String(name)) if name.chars().count() <= MAX_NAME_LENGTH => {
            Some(printable(name))
        }
        Some(_) => {
            return Err(Refusal::Metadata(format!(
                "`client_name` must be a string of at most {MAX_NAME_LENGTH} characters"
            )));
        }
    };
    Ok(Client {
        client_id: secret("gmcp_client_"),
        client_name,
        redirect_uris,
        issued_at: now(),
    })
}

/// `https://…`, or `http://` on a loopback host, with no fragment and no credentials.
pub fn check_redirect_uri(uri: &str) -> Result<String, String> {
    if uri.len() > MAX_URI_LENGTH {
        return Err(format!(
            "a redirect URI is longer than {MAX_URI_LENGTH} characters"
        ));
    }
    let shown = printable(uri);
    let url = Url::parse(uri).map_err(|_| format!("`{shown}` is not a URI"))?;
    let loopback = matches!(url.host(), Some(url::Host::Domain("localhost")))
        || matches!(url.host(), Some(url::Host::Ipv4(ip)) if ip.is_loopback())
        || matches!(url.host(), Some(url::Host::Ipv6(ip)) if ip.is_loopback());
    match url.scheme() {
        "https" if url.has_host() => {}
        "http" if loopback => {}
        _ => {
            return Err(format!(
                "`{shown}` is refused: a redirect URI is https://, or http:// on a loopback \
                 host (127.0.0.1, [::1], localhost)"
            ));
        }
    }
    if url.fragment().is_some() {
        return Err(format!(
            "`{shown}` has a fragment, which a redirect URI may not"
        ));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(format!("`{shown}` carries credentials"));
    }
    Ok(uri.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirect_uris_are_https_or_loopback_http() {
        for good in [
            "https://claude.ai/api/mcp/auth_callback",
            "http://127.0.0.1:33418/callback",
            "http://localhost:6274/oauth/callback",
            "http://[::1]:8000/cb",
        ] {
            assert_eq!(check_redirect_uri(good).as_deref(), Ok(good), "{good}");
        }
        for bad in [
            "http://example.com/callback",
            "http://127.0.0.1.evil.example/cb",
            "cursor://anysphere.cursor-retrieval/oauth/callback",
            "javascript:alert(1)",
            "https://app.example.com/cb#frag",
            "https://user:pw@app.example.com/cb",
            "not a uri",
        ] {
            assert!(check_redirect_uri(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_registration_names_what_is_wrong() {
        let read = |body: Value| read(&Bytes::from(body.to_string()));
        let client =
            read(json!({"redirect_uris": ["http://127.0.0.1:9/cb"], "client_name": "Claude\u{7}"}))
                .ok()
                .unwrap();
        assert!(client.client_id.starts_with("gmcp_client_"));
        assert_eq!(client.client_name.as_deref(), Some("Claude "));
        let refused = |body: Value| match read(body) {
            Err(Refusal::Metadata(why) | Refusal::RedirectUri(why)) => why,
            Ok(_) => panic!("accepted"),
        };
        assert!(refused(json!({})).contains("redirect_uris"));
        assert!(
            refused(json!({"redirect_uris": ["http://127.0.0.1/cb"], "grant_types": ["client_credentials"]}))
                .contains("client_credentials")
        );
        assert!(
            refused(json!({"redirect_uris": ["http://127.0.0.1/cb"], "response_types": ["token"]}))
                .contains("code")
        );
    }
}
