//! Where a request comes from, checked before anything else is (DNS rebinding, cross-site
//! requests): its `Host` must be one the operator lists (`GITLAB_MCP_ALLOWED_HOSTS`), and
//! its `Origin`, when a browser sent one, one of `GITLAB_MCP_ALLOWED_ORIGINS`. A request
//! that fails gets 403 before its credentials are looked at, so a page of another site
//! learns nothing, not even how this server signs users in; a `Host` that is no host name
//! at all (quotes, spaces, …) gets 400.
//!
//! The rules are rmcp's, which checks the same again behind this layer: names compare
//! without case and IPv6 brackets; an entry without a port accepts any port; an origin
//! entry ending in `:*` accepts any port, one with a port that port (`https` and `http`
//! without a port mean 443 and 80), one without accepts any.
//!
//! The same check says which `Host` the server may repeat back to a client (in the 401's
//! challenge, in its OAuth metadata): only one the operator's list names.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::uri::Authority;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::Response;
use rmcp::model::ErrorCode;

use super::messages::refused;
use crate::incoming::Refusal;

/// JSON-RPC's implementation-defined server error: not served from there.
const NOT_SERVED: ErrorCode = ErrorCode(-32000);

/// The hosts and origins the operator allows.
#[derive(Debug, Clone)]
pub struct Allowed {
    /// `None`: any `Host`.
    hosts: Option<Vec<HostName>>,
    /// `None`: any `Origin`.
    origins: Option<Vec<AllowedOrigin>>,
}

/// A host and its port, as a `Host` header or an allowed entry names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostName {
    /// Lowercase, without IPv6 brackets.
    host: String,
    port: Option<u16>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum AllowedOrigin {
    Null,
    Site {
        scheme: String,
        host: String,
        port: AllowedPort,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AllowedPort {
    /// `:*`, or no port given.
    Any,
    Exact(u16),
}

impl Allowed {
    /// From the settings' lists (`None`: any); entries that do not parse accept nothing
    /// (the settings refused them already).
    pub fn new(hosts: Option<&[String]>, origins: Option<&[String]>) -> Allowed {
        Allowed {
            hosts: hosts.map(|hosts| hosts.iter().filter_map(|h| HostName::allowed(h)).collect()),
            origins: origins.map(|origins| {
                origins
                    .iter()
                    .filter_map(|o| AllowedOrigin::parse(o))
                    .collect()
            }),
        }
    }

    /// The request's `Host` when the operator's list names it; `None` when it does not,
    /// or when the list accepts any host (then no `Host` is the operator's word).
    pub fn named_host(&self, headers: &HeaderMap) -> Option<HostName> {
        let host = request_host(headers)?;
        self.hosts
            .as_ref()?
            .iter()
            .any(|allowed| allowed.accepts(&host))
            .then_some(host)
    }

    /// The refusal for a request from a host or origin not allowed, if it is one.
    fn refusal(&self, request: &Request) -> Option<Response> {
        let host = if request.headers().contains_key(HOST) {
            request_host(request.headers())
        } else {
            uri_host(request.uri())
        };
        let Some(host) = host else {
            return Some(not_served(
                StatusCode::BAD_REQUEST,
                "Bad Request: the Host header is missing or is not a host name",
            ));
        };
        if let Some(hosts) = &self.hosts
            && !hosts.iter().any(|allowed| allowed.accepts(&host))
        {
            return Some(not_served(
                StatusCode::FORBIDDEN,
                "Forbidden: this server does not answer to the Host this request names; \
                 its operator lists the names it answers to in GITLAB_MCP_ALLOWED_HOSTS",
            ));
        }
        let origin = request.headers().get(ORIGIN)?;
        let origins = self.origins.as_ref()?;
        let accepted = origin
            .to_str()
            .ok()
            .and_then(Origin::parse)
            .is_some_and(|origin| origins.iter().any(|allowed| allowed.accepts(&origin)));
        (!accepted).then(|| {
            not_served(
                StatusCode::FORBIDDEN,
                "Forbidden: requests from the web page this one came from are not served; \
                 the operator lists the origins served in GITLAB_MCP_ALLOWED_ORIGINS",
            )
        })
    }
}

/// Serves a request whose `Host` and `Origin` are allowed; refuses any other.
pub async fn check(State(allowed): State<Arc<Allowed>>, request: Request, next: Next) -> Response {
    match allowed.refusal(&request) {
        Some(refusal) => refusal,
        None => next.run(request).await,
    }
}

fn not_served(status: StatusCode, message: &str) -> Response {
    let refusal = Refusal {
        code: NOT_SERVED,
        message: message.to_owned(),
        id: None,
        answerable: true,
    };
    refused(status, &refusal, false)
}

impl HostName {
    /// `name`, `name:port`, `127.0.0.1:8080`, `[::1]:8080`; `None` for anything else.
    fn parse(text: &str) -> Option<HostName> {
        let authority = Authority::try_from(text.trim()).ok()?;
        // `user@host` is an authority, but not a Host.
        if authority.as_str().contains('@') {
            return None;
        }
        Some(HostName {
            host: bare(authority.host()),
            port: authority.port_u16(),
        })
    }

    /// An entry of the operator's list: as a `Host` is, or a bare name such as `::1`
    /// (an IPv6 address without brackets), any port.
    fn allowed(text: &str) -> Option<HostName> {
        let text = text.trim();
        HostName::parse(text).or_else(|| {
            (!text.is_empty()).then(|| HostName {
                host: bare(text),
                port: None,
            })
        })
    }

    /// Whether a request's `host` is this allowed one.
    fn accepts(&self, host: &HostName) -> bool {
        self.host == host.host && self.port.is_none_or(|port| host.port == Some(port))
    }

    /// `http://name[:port]`, built from the parsed name, never from the header's text.
    pub fn base(&self) -> String {
        let host = if self.host.contains(':') {
            format!("[{}]", self.host)
        } else {
            self.host.clone()
        };
        match self.port {
            Some(port) => format!("http://{host}:{port}"),
            None => format!("http://{host}"),
        }
    }
}

fn request_host(headers: &HeaderMap) -> Option<HostName> {
    let mut values = headers.get_all(HOST).iter();
    let host = values.next()?;
    if values.next().is_some() {
        return None;
    }
    HostName::parse(host.to_str().ok()?)
}

/// HTTP/2's `:authority`, where there is no `Host` header.
fn uri_host(uri: &Uri) -> Option<HostName> {
    HostName::parse(uri.authority()?.as_str())
}

fn bare(host: &str) -> String {
    host.trim_start_matches('[')
        .trim_end_matches(']')
        .to_ascii_lowercase()
}

/// A browser's `Origin`.
enum Origin {
    Null,
    Site {
        scheme: String,
        host: String,
        port: Option<u16>,
    },
}

impl Origin {
    fn parse(text: &str) -> Option<Origin> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("null") {
            return Some(Origin::Null);
        }
        let uri = Uri::try_from(text).ok()?;
        let authority = uri.authority()?;
        Some(Origin::Site {
            scheme: uri.scheme_str()?.to_ascii_lowercase(),
            host: bare(authority.host()),
            port: authority.port_u16(),
        })
    }
}

impl AllowedOrigin {
    fn parse(text: &str) -> Option<AllowedOrigin> {
        let text = text.trim();
        let (text, any_port) = match text.strip_suffix(":*") {
            Some(base) => (base, true),
            None => (text, false),
        };
        match Origin::parse(text)? {
            Origin::Null if !any_port => Some(AllowedOrigin::Null),
            Origin::Null => None,
            Origin::Site { port: Some(_), .. } if any_port => None,
            Origin::Site { scheme, host, port } => Some(AllowedOrigin::Site {
                scheme,
                host,
                port: port.map_or(AllowedPort::Any, AllowedPort::Exact),
            }),
        }
    }

    fn accepts(&self, origin: &Origin) -> bool {
        match (self, origin) {
            (AllowedOrigin::Null, Origin::Null) => true,
            (
                AllowedOrigin::Site { scheme, host, port },
                Origin::Site {
                    scheme: its_scheme,
                    host: its_host,
                    port: its_port,
                },
            ) => {
                scheme == its_scheme
                    && host == its_host
                    && match port {
                        AllowedPort::Any => true,
                        AllowedPort::Exact(port) => {
                            its_port.or_else(|| default_port(its_scheme)) == Some(*port)
                        }
                    }
            }
            _ => false,
        }
    }
}

fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" => Some(80),
        "https" => Some(443),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn allowed(hosts: &[&str], origins: &[&str]) -> Allowed {
        let list = |items: &[&str]| items.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        Allowed::new(Some(&list(hosts)), Some(&list(origins)))
    }

    fn request(host: &str, origin: Option<&str>) -> Request {
        let mut request = Request::new(axum::body::Body::empty());
        request
            .headers_mut()
            .insert(HOST, HeaderValue::from_str(host).unwrap());
        if let Some(origin) = origin {
            request
                .headers_mut()
                .insert(ORIGIN, HeaderValue::from_str(origin).unwrap());
        }
        request
    }

    fn status(allowed: &Allowed, host: &str, origin: Option<&str>) -> u16 {
        allowed
            .refusal(&request(host, origin))
            .map_or(200, |response| response.status().as_u16())
    }

    #[test]
    fn hosts_as_rmcp_compares_them() {
        let allowed = allowed(&["localhost", "::1", "mcp.example.com:8443"], &[]);
        assert_eq!(status(&allowed, "localhost:9000", None), 200);
        assert_eq!(status(&allowed, "LOCALHOST", None), 200);
        assert_eq!(status(&allowed, "[::1]:8080", None), 200);
        assert_eq!(status(&allowed, "mcp.example.com:8443", None), 200);
        assert_eq!(status(&allowed, "mcp.example.com", None), 403);
        assert_eq!(status(&allowed, "evil.example.com", None), 403);
        assert_eq!(status(&allowed, "user@localhost", None), 400);
        assert_eq!(status(&allowed, r#"localhost", error="x"#, None), 400);
    }

    #[test]
    fn origins_as_rmcp_compares_them() {
        let allowed = allowed(
            &["localhost"],
            &["http://localhost:*", "https://app.example.com:443", "null"],
        );
        for (origin, expected) in [
            ("http://localhost:6274", 200),
            ("http://localhost", 200),
            ("https://localhost:6274", 403),
            ("https://app.example.com", 200),
            ("https://app.example.com:8443", 403),
            ("null", 200),
            ("https://evil.example.com", 403),
            ("not an origin", 403),
        ] {
            assert_eq!(
                status(&allowed, "localhost", Some(origin)),
                expected,
                "{origin}"
            );
        }
    }

    #[test]
    fn only_a_listed_host_is_named_back_built_from_its_parts() {
        let named = allowed(&["localhost", "::1", "mcp.example.com"], &[]);
        let base = |allowed: &Allowed, host: &str| {
            allowed
                .named_host(request(host, None).headers())
                .map(|host| host.base())
        };
        assert_eq!(
            base(&named, "MCP.example.com:8443").as_deref(),
            Some("http://mcp.example.com:8443")
        );
        assert_eq!(base(&named, "[::1]:80").as_deref(), Some("http://[::1]:80"));
        assert_eq!(base(&named, "evil.example.com"), None);
        let anyone = Allowed::new(None, None);
        assert_eq!(base(&anyone, "localhost"), None);
    }
}
