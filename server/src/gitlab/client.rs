//! The HTTP side: one `send` for every call, pagination headers, and errors made readable.

use std::error::Error as _;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use reqwest::Method;
use reqwest::header::{HeaderMap, LINK, LOCATION, RETRY_AFTER};
use url::Url;
use wizard::state::Caller;

use super::body::{MAX_ERROR_BODY, read_capped};
use super::compat;
use super::config::{ConfigError, GitLabConfig, Token};
use super::config::{check_base_url, without_credentials};
use super::credential::Credential;
use super::error::{ApiError, GitLabError};
use super::error_body;
use super::http_client::HttpClient;
use super::request::{ApiRequest, ApiResponse};
use super::url::BuiltRequest;

/// A GitLab REST v4 client. Cloning is cheap (the connection pool is shared).
///
/// No call is ever retried: writes must not be repeated behind the caller's back, and a failed
/// read is reported at once so the caller decides.
#[derive(Clone)]
pub struct GitLab {
    shared: Arc<Shared>,
    token: Option<Token>,
    /// A stored sign-in, asked for each request's token when there is no fixed one.
    credential: Option<Arc<dyn Credential>>,
}

struct Shared {
    http: Arc<HttpClient>,
    /// `{base}/api/v4`, without credentials.
    api_root: Url,
    timeout: Duration,
    max_response_body: usize,
    /// The instance's `major.minor`, read once when a request first needs it
    /// ([`compat`]); `None` inside when it could not be read.
    version: tokio::sync::OnceCell<Option<(u32, u32)>>,
}

impl GitLab {
    pub fn new(config: GitLabConfig) -> Result<GitLab, ConfigError> {
        check_base_url(&config.base_url)?;
        if config.timeout.is_zero() {
            return Err(ConfigError::ZeroTimeout);
        }
        if config.max_response_body == 0 {
            return Err(ConfigError::ZeroResponseBody);
        }
        let builder = config.network.client(config.timeout);
        let http = HttpClient::build_in_background(builder, root_cause);
        Ok(GitLab {
            shared: Arc::new(Shared {
                http,
                api_root: api_root(&config.base_url),
                timeout: config.timeout,
                max_response_body: config.max_response_body,
                version: tokio::sync::OnceCell::new(),
            }),
            token: config.token,
            credential: None,
        })
    }

    /// The same client acting with a stored sign-in, whose token it asks for on each
    /// request (and renews once when GitLab refuses it).
    pub fn with_credential(&self, credential: Arc<dyn Credential>) -> GitLab {
        GitLab {
            shared: Arc::clone(&self.shared),
            token: None,
            credential: Some(credential),
        }
    }

    /// The same client acting with another token (per-request credentials in HTTP mode).
    pub fn with_token(&self, token: Token) -> GitLab {
        GitLab {
            shared: Arc::clone(&self.shared),
            token: Some(token),
            credential: None,
        }
    }

    /// Who this client acts as: its token's caller ([`Token::caller`]), or anyone without
    /// a token.
    pub fn caller(&self) -> Caller {
        match (&self.token, &self.credential) {
            (Some(token), _) => token.caller(),
            (None, Some(credential)) => credential.caller(),
            (None, None) => Caller::ANYONE,
        }
    }

    /// Whether it acts with a token or a sign-in (else anonymously).
    pub fn has_credential(&self) -> bool {
        self.token.is_some() || self.credential.is_some()
    }

    /// The instance's base URL (`https://gitlab.example.com/`), without `/api/v4`.
    pub fn base_url(&self) -> Url {
        let mut url = self.shared.api_root.clone();
        if let Ok(mut segments) = url.path_segments_mut() {
            segments.pop().pop();
        }
        if !url.path().ends_with('/') {
            let path = format!("{}/", url.path());
            url.set_path(&path);
        }
        url
    }

    #[cfg(test)]
    /// `{base}/api/v4`.
    pub fn api_root(&self) -> &Url {
        &self.shared.api_root
    }

    /// Builds and sends one request. Non-2xx answers, answers larger than the configured
    /// limit, timeouts and connection failures become a [`GitLabError`]; nothing is
    /// retried. For the server's own reads; a catalog call builds first, has the built
    /// request checked, then sends it ([`GitLab::send_built`]).
    pub async fn send(&self, request: ApiRequest) -> Result<ApiResponse, GitLabError> {
        let built = self.build(request)?;
        self.send_built(built).await
    }

    /// The request as it will be sent to this instance ([`BuiltRequest`]): its URL built and
    /// read back.
    pub fn build(&self, request: ApiRequest) -> Result<BuiltRequest, GitLabError> {
        BuiltRequest::build(&self.shared.api_root, request)
    }

    /// Sends a built request with this client's token, or its sign-in's. The one change
    /// made to it after it was checked: a name an older GitLab knows differently
    /// ([`compat`]: a body field, the last part of a route), which changes neither what
    /// it names nor what it says.
    pub async fn send_built(&self, request: BuiltRequest) -> Result<ApiResponse, GitLabError> {
        let mut request = request;
        if compat::needs_version(&request) {
            compat::adapt(&mut request, self.version().await);
        }
        self.send_signed(request).await
    }

    /// Sends `request` with this client's token, or its sign-in's.
    async fn send_signed(&self, request: BuiltRequest) -> Result<ApiResponse, GitLabError> {
        let Some(credential) = &self.credential else {
            return self.send_as_is(request, self.token.as_ref()).await;
        };
        let signed_in = |reason| GitLabError::SignIn { reason };
        let token = credential.token(false).await.map_err(signed_in)?;
        match self.send_as_is(request.clone(), Some(&token)).await {
            // Refused before GitLab acted on it, so sending it once more is safe: the
            // token may have expired early or been revoked; a renewed one may do.
            Err(GitLabError::Api(error)) if error.status == 401 => {
                let token = credential.token(true).await.map_err(signed_in)?;
                self.send_as_is(request, Some(&token)).await
            }
            other => other,
        }
    }

    /// The instance's `major.minor` (`GET /version`), read once; `None` when it cannot be
    /// read (no token, an old instance, a proxy in the way).
    pub async fn version(&self) -> Option<(u32, u32)> {
        let read = || async {
            let built =
                BuiltRequest::build(&self.shared.api_root, ApiRequest::get().segment("version"));
            let answer = self.send_signed(built.ok()?).await;
            let version = answer.ok()?.body.get("version")?.as_str()?.to_owned();
            compat::parse_version(&version)
        };
        *self.shared.version.get_or_init(read).await
    }

    async fn send_as_is(
        &self,
        request: BuiltRequest,
        token: Option<&Token>,
    ) -> Result<ApiResponse, GitLabError> {
        let url = request.url;
        let method = request.method.clone();
        let path = url.path().to_owned();
        let http = self
            .shared
            .http
            .get()
            .await
            .map_err(|reason| GitLabError::NoClient {
                method: method.clone(),
                path: path.clone(),
                reason: reason.to_owned(),
            })?;
        let mut builder = http.request(request.method, url);
        if let Some(token) = token {
            let (name, value) = token.header();
            builder = builder.header(name, value);
        }
        if let Some(body) = &request.body {
            builder = builder.json(body);
        }
        if let Some(file) = request.file.map(|file| *file) {
            let part = reqwest::multipart::Part::bytes(file.bytes).file_name(file.file_name);
            builder = builder.multipart(reqwest::multipart::Form::new().part(file.field, part));
        }
        let failed = |e: reqwest::Error| self.transport_error(&method, &path, e);
        let response = builder.send().await.map_err(failed)?;
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        // 304 is GitLab's way of saying a change was already made (subscribed, starred,
        // approved already): an answer, not a failure.
        let success = (200..300).contains(&status) || status == 304;
        let limit = if success {
            self.shared.max_response_body
        } else {
            MAX_ERROR_BODY.min(self.shared.max_response_body)
        };
        let read = read_capped(response, limit).await.map_err(failed)?;
        let masked = token.and_then(|token| token.masked_in(&read.bytes));
        if success && !read.complete {
            return Err(GitLabError::TooLarge {
                method,
                path,
                status,
                limit: self.shared.max_response_body,
            });
        }
        let bytes = masked.unwrap_or(read.bytes);
        if success {
            Ok(ApiResponse {
                status,
                body: error_body::body_value(&bytes),
                next_page: next_page(&headers),
                total: header_number(&headers, "x-total"),
            })
        } else {
            Err(GitLabError::Api(Box::new(ApiError {
                status,
                method,
                path,
                message: error_body::message(&bytes),
                retry_after: header_text(&headers, RETRY_AFTER.as_str()),
                location: header_text(&headers, LOCATION.as_str()).map(|l| redact_location(&l)),
                body: error_body::body_value(&bytes),
            })))
        }
    }

    fn transport_error(&self, method: &Method, path: &str, error: reqwest::Error) -> GitLabError {
        let (method, path) = (method.clone(), path.to_owned());
        if error.is_timeout() {
            GitLabError::Timeout {
                method,
                path,
                after: self.shared.timeout,
            }
        } else if error.is_connect() {
            let origin = self.shared.api_root.origin().ascii_serialization();
            GitLabError::Connect {
                method,
                path,
                origin,
                reason: root_cause(error),
            }
        } else {
            GitLabError::Transport {
                method,
                path,
                reason: root_cause(error),
            }
        }
    }
}

impl fmt::Debug for GitLab {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GitLab")
            .field("api_root", &self.shared.api_root.as_str())
            .field("token", &self.token)
            .field("timeout", &self.shared.timeout)
            .field("max_response_body", &self.shared.max_response_body)
            .finish()
    }
}

/// `https://host/prefix` (or `…/api/v4`) → `https://host/prefix/api/v4`.
fn api_root(base: &Url) -> Url {
    let mut root = without_credentials(base);
    let trimmed = root.path().trim_end_matches('/');
    let trimmed = trimmed
        .strip_suffix("/api/v4")
        .unwrap_or(trimmed)
        .to_owned();
    root.set_path(&format!("{trimmed}/api/v4"));
    root
}

/// The innermost cause (`Connection refused (os error 111)`): reqwest's own message starts with
/// the full URL, which is not ours to print.
fn root_cause(error: reqwest::Error) -> String {
    let mut deepest = None;
    let mut cause = error.source();
    while let Some(next) = cause {
        deepest = Some(next);
        cause = next.source();
    }
    match deepest {
        Some(cause) => cause.to_string(),
        None => error.without_url().to_string(),
    }
}

fn header_text(headers: &HeaderMap, name: &str) -> Option<String> {
    let value = headers.get(name)?.to_str().ok()?.trim();
    (!value.is_empty()).then(|| value.to_owned())
}

fn header_number<T: std::str::FromStr>(headers: &HeaderMap, name: &str) -> Option<T> {
    header_text(headers, name)?.parse().ok()
}

/// `x-next-page` when GitLab sent it (empty on the last page), else the `page` of `Link: rel="next"`.
fn next_page(headers: &HeaderMap) -> Option<u32> {
    if headers.contains_key("x-next-page") {
        return header_number(headers, "x-next-page");
    }
    let link = header_text(headers, LINK.as_str())?;
    link.split(',').find_map(|entry| {
        let (target, params) = entry.split_once(';')?;
        let is_next = params.split(';').any(|p| {
            let p = p.trim();
            p.strip_prefix("rel=").is_some_and(|rel| {
                rel.trim_matches('"')
                    .split_whitespace()
                    .any(|r| r == "next")
            })
        });
        if !is_next {
            return None;
        }
        let url = Url::parse(target.trim().trim_start_matches('<').trim_end_matches('>')).ok()?;
        let page = url.query_pairs().find(|(k, _)| k == "page")?.1;
        page.parse().ok()
    })
}

fn redact_location(location: &str) -> String {
    match Url::parse(location) {
        Ok(url) => without_credentials(&url).to_string(),
        Err(_) => location.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gitlab::ProjectId;

    fn url_of(request: &ApiRequest) -> String {
        let base = Url::parse("https://gitlab.example.com/").unwrap();
        let gitlab = GitLab::new(GitLabConfig::new(base)).unwrap();
        BuiltRequest::build(&gitlab.shared.api_root, request.clone())
            .unwrap()
            .url
            .to_string()
    }
    #[test]
    fn each_segment_is_encoded_whole() {
        let project = |id: ProjectId| url_of(&ApiRequest::get().project(&id));
        let root = "https://gitlab.example.com/api/v4/projects";
        assert_eq!(project(ProjectId::Id(42)), format!("{root}/42"));
        assert_eq!(
            project(ProjectId::Path("42".into())),
            format!("{root}/42"),
            "a path of digits names the same project as the number"
        );
        assert_eq!(
            project(ProjectId::Path("group/project".into())),
            format!("{root}/group%2Fproject")
        );
        assert_eq!(
            project(ProjectId::Path("my group/sub.group/pro-ject_1~x".into())),
            format!("{root}/my%20group%2Fsub.group%2Fpro-ject_1~x")
        );
        assert_eq!(
            project(ProjectId::Path("ñ".into())),
            format!("{root}/%C3%B1")
        );
    }
}
