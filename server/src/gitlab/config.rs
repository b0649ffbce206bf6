//! Where the client talks to, with which token, and how long it waits.

use std::fmt;
use std::time::Duration;

use reqwest::header::HeaderValue;
use url::Url;
use wizard::state::Caller;

/// How long one request may take, connection included, unless configured otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// A GitLab access token: personal, group or project (sent as `PRIVATE-TOKEN`), or an
/// OAuth access token, or one a client sent as a bearer token (sent as `Authorization:
/// Bearer`, which GitLab reads for every kind).
///
/// It never prints: `Debug` and `Display` show `[redacted]`, and the header built from it is marked
/// sensitive so that the HTTP stack does not log it either.
#[derive(Clone, PartialEq, Eq)]
pub struct Token {
    header: HeaderValue,
    bearer: bool,
}

impl Token {
    /// Checks the token can travel in a header. Surrounding whitespace (a trailing newline from a
    /// file or an environment variable) is dropped.
    pub fn new(value: impl AsRef<str>) -> Result<Token, ConfigError> {
        let value = value.as_ref().trim();
        if value.is_empty() {
            return Err(ConfigError::EmptyToken);
        }
        if !value.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(ConfigError::MalformedToken);
        }
        let mut header = HeaderValue::from_str(value).map_err(|_| ConfigError::MalformedToken)?;
        header.set_sensitive(true);
        Ok(Token {
            header,
            bearer: false,
        })
    }

    /// An OAuth access token, or any token a client sent as `Authorization: Bearer`.
    pub fn bearer(value: impl AsRef<str>) -> Result<Token, ConfigError> {
        Ok(Token {
            bearer: true,
            ..Token::new(value)?
        })
    }

    /// Whether it travels as a bearer token (an OAuth token, or one a client sent so).
    pub fn is_bearer(&self) -> bool {
        self.bearer
    }

    /// The header it travels in to GitLab; the only way to read the secret back.
    pub(crate) fn header(&self) -> (&'static str, HeaderValue) {
        if !self.bearer {
            return ("PRIVATE-TOKEN", self.header.clone());
        }
        let mut value = [b"Bearer ".as_slice(), self.header.as_bytes()].concat();
        let mut header = HeaderValue::from_bytes(&value).expect("a token's bytes are a header's");
        value.fill(0);
        header.set_sensitive(true);
        ("Authorization", header)
    }

    /// `bytes` with every copy of the token replaced by `[MASKED]`, when there is one: an
    /// answer GitLab echoes the token in (an error quoting the request) must not carry it
    /// on to the model. `[MASKED]` needs no escaping, so JSON stays JSON.
    pub(crate) fn masked_in(&self, bytes: &[u8]) -> Option<Vec<u8>> {
        let secret = self.header.as_bytes();
        let found = |from: usize| {
            bytes[from..]
                .windows(secret.len())
                .position(|window| window == secret)
                .map(|at| from + at)
        };
        let mut at = found(0)?;
        let mut masked = Vec::with_capacity(bytes.len());
        let mut from = 0;
        loop {
            masked.extend_from_slice(&bytes[from..at]);
            masked.extend_from_slice(b"[MASKED]");
            from = at + secret.len();
            match found(from) {
                Some(next) => at = next,
                None => break,
            }
        }
        masked.extend_from_slice(&bytes[from..]);
        Some(masked)
    }

    /// Who acts with this token: a digest of it, never the token, by which a confirmed
    /// round, a stateful session and a cached completion belong to one caller.
    pub fn caller(&self) -> Caller {
        Caller::of(self.header.as_bytes())
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token([redacted])")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// What [`crate::gitlab::GitLab::new`] needs.
#[derive(Clone)]
pub struct GitLabConfig {
    /// The instance, e.g. `https://gitlab.com` or `https://example.com/gitlab`; a trailing
    /// `/api/v4` is accepted and ignored.
    pub base_url: Url,
    /// Sent as `PRIVATE-TOKEN` on every request; `None` sends no token (public data only).
    pub token: Option<Token>,
    /// For the whole request: connecting, sending and reading the answer.
    pub timeout: Duration,
    /// The largest successful answer read; a larger one is an error naming the endpoint
    /// ([`super::DEFAULT_MAX_RESPONSE_BODY`] unless set).
    pub max_response_body: usize,
    /// The proxy and the added CAs every client to GitLab shares.
    pub network: super::Network,
}

impl GitLabConfig {
    /// No token, [`DEFAULT_TIMEOUT`] and [`super::DEFAULT_MAX_RESPONSE_BODY`].
    pub fn new(base_url: Url) -> GitLabConfig {
        GitLabConfig {
            base_url,
            token: None,
            timeout: DEFAULT_TIMEOUT,
            max_response_body: super::body::DEFAULT_MAX_RESPONSE_BODY,
            network: super::Network::default(),
        }
    }

    pub fn with_token(mut self, token: Token) -> GitLabConfig {
        self.token = Some(token);
        self
    }

    pub fn with_timeout(mut self, timeout: Duration) -> GitLabConfig {
        self.timeout = timeout;
        self
    }

    pub fn with_network(mut self, network: super::Network) -> GitLabConfig {
        self.network = network;
        self
    }

    pub fn with_max_response_body(mut self, bytes: usize) -> GitLabConfig {
        self.max_response_body = bytes;
        self
    }
}

impl fmt::Debug for GitLabConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GitLabConfig")
            .field("base_url", &without_credentials(&self.base_url).as_str())
            .field("token", &self.token)
            .field("timeout", &self.timeout)
            .field("max_response_body", &self.max_response_body)
            .field("network", &self.network)
            .finish()
    }
}

/// Parses a GitLab URL as a user typed it (`GITLAB_URL`). The input is not echoed in the error:
/// it may hold credentials.
pub fn parse_base_url(text: &str) -> Result<Url, ConfigError> {
    let url = Url::parse(text.trim()).map_err(|e| ConfigError::InvalidUrl {
        reason: e.to_string(),
    })?;
    check_base_url(&url)?;
    Ok(url)
}

/// The rules every base URL must pass before a request is built from it.
pub(crate) fn check_base_url(url: &Url) -> Result<(), ConfigError> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(ConfigError::UnsupportedScheme {
            scheme: url.scheme().to_owned(),
        });
    }
    if url.host().is_none() {
        return Err(ConfigError::InvalidUrl {
            reason: "it has no host".to_owned(),
        });
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(ConfigError::UrlHasCredentials);
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(ConfigError::UrlHasQuery);
    }
    Ok(())
}

/// The URL with any user name and password removed, for messages.
pub(crate) fn without_credentials(url: &Url) -> Url {
    let mut url = url.clone();
    // Both setters only fail for URLs that cannot carry credentials, which then have none to hide.
    let _ = url.set_username("");
    let _ = url.set_password(None);
    url
}

/// A configuration the client cannot work with. Messages never contain the token or the URL's
/// credentials.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "the GitLab URL is not a valid URL ({reason}); expected something like `https://gitlab.com`"
    )]
    InvalidUrl { reason: String },
    #[error("the GitLab URL must start with `http://` or `https://`, not `{scheme}:`")]
    UnsupportedScheme { scheme: String },
    #[error("the GitLab URL must not contain a user name or password; pass the token separately")]
    UrlHasCredentials,
    #[error(
        "the GitLab URL must not have a query (`?…`) or fragment (`#…`); give the instance address only"
    )]
    UrlHasQuery,
    #[error("the GitLab token is empty; set it to an access token or leave it unset")]
    EmptyToken,
    #[error("the GitLab token contains spaces or control characters; copy it again without them")]
    MalformedToken,
    #[error("the request timeout must be greater than zero")]
    ZeroTimeout,
    #[error("the largest answer read from GitLab must be at least 1 byte")]
    ZeroResponseBody,
}

/// `text` without the user and password it carries when it is a URL (a push mirror's
/// target holds a token that no question or message may show); anything else unchanged.
pub fn text_without_credentials(text: &str) -> String {
    match Url::parse(text) {
        Ok(url) if url.password().is_some() || !url.username().is_empty() => {
            without_credentials(&url).to_string()
        }
        _ => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::text_without_credentials;

    #[test]
    fn credentials_in_a_url_are_left_out() {
        assert_eq!(
            text_without_credentials("https://bot:glpat-secret@example.com/mirror.git"),
            "https://example.com/mirror.git"
        );
        assert_eq!(
            text_without_credentials("ssh://git@example.com/a.git"),
            "ssh://example.com/a.git"
        );
        assert_eq!(text_without_credentials("feature/x"), "feature/x");
        assert_eq!(
            text_without_credentials("https://example.com/a"),
            "https://example.com/a"
        );
    }
}
