//! OAuth applications: the sandbox's own, and those clients register for themselves.

use std::time::SystemTime;

use url::Url;

use super::{OAuth, OAuthError, SUPPORTED_SCOPES, unix_seconds};

/// The grants GitLab lets an application use.
pub(crate) const GRANT_TYPES: &[&str] = &[
    "authorization_code",
    "refresh_token",
    "urn:ietf:params:oauth:grant-type:device_code",
];

pub(crate) struct Application {
    pub client_id: String,
    pub name: String,
    /// Registered redirect URIs; none means any loopback URI (the sandbox's own application,
    /// which serves native apps listening on a port of their choice).
    pub redirect_uris: Vec<String>,
    pub scopes: Vec<String>,
    pub grant_types: Vec<String>,
    /// Seconds since the epoch.
    pub created_at: u64,
}

impl Application {
    /// The application every sandbox has: a public client (no secret), as a native app is.
    pub fn sandbox() -> Application {
        Application {
            client_id: crate::SANDBOX_OAUTH_CLIENT_ID.to_owned(),
            name: "Sandbox OAuth application".to_owned(),
            redirect_uris: Vec::new(),
            scopes: ["api", "read_api", "read_user"].map(str::to_owned).to_vec(),
            grant_types: GRANT_TYPES.iter().map(|g| (*g).to_owned()).collect(),
            created_at: unix_seconds(SystemTime::now()),
        }
    }

    /// Whether codes may be sent to `uri`. A loopback URI matches whatever its port, since
    /// a native app listens on whichever port is free.
    pub fn allows_redirect(&self, uri: &str) -> bool {
        let Ok(asked) = Url::parse(uri) else {
            return false;
        };
        if self.redirect_uris.is_empty() {
            return is_loopback(&asked);
        }
        self.redirect_uris.iter().any(|registered| {
            registered == uri
                || Url::parse(registered).is_ok_and(|registered| {
                    is_loopback(&registered)
                        && is_loopback(&asked)
                        && registered.host() == asked.host()
                        && registered.path() == asked.path()
                        && registered.query() == asked.query()
                })
        })
    }

    pub fn allows_grant(&self, grant_type: &str) -> bool {
        self.grant_types.iter().any(|g| g == grant_type)
    }
}

/// `http://127.0.0.1:<port>/…`, `http://[::1]:<port>/…` or `http://localhost:<port>/…`.
fn is_loopback(uri: &Url) -> bool {
    uri.scheme() == "http"
        && uri.fragment().is_none()
        && matches!(uri.host_str(), Some("127.0.0.1" | "[::1]" | "localhost"))
}

/// What a client sends to register itself.
pub(crate) struct Registration {
    pub client_name: Option<String>,
    pub redirect_uris: Vec<String>,
    pub grant_types: Option<Vec<String>>,
    pub scope: Option<String>,
}

impl OAuth {
    /// Registers a public application, refusing what GitLab refuses.
    pub fn register(&mut self, registration: Registration) -> Result<&Application, OAuthError> {
        let name = registration
            .client_name
            .filter(|n| !n.trim().is_empty())
            .ok_or_else(|| OAuthError::InvalidClientMetadata("client_name is missing".into()))?;
        if registration.redirect_uris.is_empty() {
            return Err(OAuthError::InvalidRedirectUri);
        }
        for uri in &registration.redirect_uris {
            let secure = Url::parse(uri).is_ok_and(|u| {
                (u.scheme() == "https" && u.fragment().is_none()) || is_loopback(&u)
            });
            if !secure {
                return Err(OAuthError::InvalidRedirectUri);
            }
        }
        let grant_types = registration.grant_types.unwrap_or_else(|| {
            ["authorization_code", "refresh_token"]
                .map(str::to_owned)
                .to_vec()
        });
        if let Some(unknown) = grant_types
            .iter()
            .find(|g| !GRANT_TYPES.contains(&g.as_str()))
        {
            return Err(OAuthError::InvalidClientMetadata(format!(
                "grant_types contains an unsupported grant type: {unknown}"
            )));
        }
        let asked: Vec<&str> = registration
            .scope
            .as_deref()
            .map(|scope| scope.split_whitespace().collect())
            .unwrap_or_default();
        if let Some(unknown) = asked.iter().find(|s| !SUPPORTED_SCOPES.contains(s)) {
            return Err(OAuthError::InvalidClientMetadata(format!(
                "scope contains an unknown scope: {unknown}"
            )));
        }
        // GitLab gives an application registered this way its `mcp` scope alone, whatever
        // it asked for: its tokens reach GitLab's own MCP endpoint, not the REST API.
        let scopes = vec!["mcp".to_owned()];
        let client_id = self.secret("client");
        self.applications.push(Application {
            client_id,
            name,
            redirect_uris: registration.redirect_uris,
            scopes,
            grant_types,
            created_at: unix_seconds(SystemTime::now()),
        });
        Ok(self.applications.last().expect("just pushed"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sandbox_application_takes_any_loopback_port() {
        let app = Application::sandbox();
        assert!(app.allows_redirect("http://127.0.0.1:53682/callback"));
        assert!(app.allows_redirect("http://localhost:8080/"));
        assert!(!app.allows_redirect("https://127.0.0.1:8080/"));
        assert!(!app.allows_redirect("http://example.com:8080/callback"));
        assert!(!app.allows_redirect("not a url"));
    }

    #[test]
    fn a_registered_loopback_uri_matches_any_port_but_not_another_path() {
        let mut app = Application::sandbox();
        app.redirect_uris = vec![
            "http://127.0.0.1:9000/cb".to_owned(),
            "https://app.example/cb".to_owned(),
        ];
        assert!(app.allows_redirect("http://127.0.0.1:4567/cb"));
        assert!(!app.allows_redirect("http://127.0.0.1:4567/other"));
        assert!(app.allows_redirect("https://app.example/cb"));
        assert!(!app.allows_redirect("https://app.example/cb2"));
    }
}
