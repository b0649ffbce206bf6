//! GitLab as an OAuth 2 provider: its applications (`applications`), the grants a user gives
//! them (`grants`: authorization codes and device codes) and the tokens those grants turn into
//! (`tokens`). The sandbox's user is always the one who signs in and consents.
//!
//! Secrets are random: a sandbox can be reached by anything on the machine, and a client under
//! test must not get away with guessing or reusing a token it was never given.

mod applications;
mod errors;
mod grants;
mod tokens;

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};

pub(crate) use applications::{Application, GRANT_TYPES, Registration};
pub(crate) use errors::OAuthError;
pub(crate) use grants::{AuthorizationRequest, DeviceDecision};
pub(crate) use tokens::{ACCESS_TOKEN_LIFETIME, AccessCheck, Token};

/// GitLab's scopes; an application may be granted any of them.
pub(crate) const SUPPORTED_SCOPES: &[&str] = &[
    "api",
    "read_api",
    "read_user",
    "create_runner",
    "manage_runner",
    "k8s_proxy",
    "self_rotate",
    "read_repository",
    "write_repository",
    "read_registry",
    "write_registry",
    "read_virtual_registry",
    "write_virtual_registry",
    "read_observability",
    "write_observability",
    "ai_features",
    "sudo",
    "admin_mode",
    "read_service_ping",
    "openid",
    "profile",
    "email",
    "mcp",
];

/// What GitLab grants when a client asks for no scope.
const DEFAULT_SCOPE: &str = "api";

/// The OAuth provider's state.
pub(crate) struct OAuth {
    /// Drawn at startup; every secret is a hash of it and a counter.
    seed: [u8; 32],
    issued: u64,
    pub applications: Vec<Application>,
    codes: Vec<grants::AuthorizationCode>,
    devices: Vec<grants::DeviceGrant>,
    tokens: Vec<Token>,
    /// Seconds a device client must wait between polls.
    pub device_interval: u64,
}

impl Default for OAuth {
    fn default() -> OAuth {
        OAuth {
            seed: startup_seed(),
            issued: 0,
            applications: vec![Application::sandbox()],
            codes: Vec::new(),
            devices: Vec::new(),
            tokens: Vec::new(),
            device_interval: 5,
        }
    }
}

impl OAuth {
    /// 64 hex digits no one can guess: the shape of GitLab's tokens and codes.
    fn secret(&mut self, kind: &str) -> String {
        self.issued += 1;
        let mut hasher = Sha256::new();
        hasher.update(self.seed);
        hasher.update(kind.as_bytes());
        hasher.update(self.issued.to_le_bytes());
        hasher
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// The application `client_id` names, or GitLab's `invalid_client`.
    pub fn application(&self, client_id: Option<&str>) -> Result<&Application, OAuthError> {
        let client_id = client_id.ok_or(OAuthError::InvalidClient)?;
        self.applications
            .iter()
            .find(|a| a.client_id == client_id)
            .ok_or(OAuthError::InvalidClient)
    }
}

/// The scopes asked for, normalised to one space between each; none means GitLab's default.
/// Each must be one the application was granted.
pub(crate) fn granted_scope(
    application: &Application,
    requested: Option<&str>,
) -> Result<String, OAuthError> {
    let requested: Vec<&str> = requested.unwrap_or("").split_whitespace().collect();
    if requested.is_empty() {
        return if application.scopes.iter().any(|s| s == DEFAULT_SCOPE) {
            Ok(DEFAULT_SCOPE.to_owned())
        } else {
            Ok(application.scopes.join(" "))
        };
    }
    if requested
        .iter()
        .all(|s| application.scopes.iter().any(|granted| granted == s))
    {
        Ok(requested.join(" "))
    } else {
        Err(OAuthError::InvalidScope)
    }
}

/// Seconds since the epoch, as `created_at` and `exp` are written.
pub(crate) fn unix_seconds(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_secs()
}

/// Unpredictable bytes without a random-number dependency: the standard library seeds its
/// hash keys from the operating system's randomness, and the clock adds what differs between
/// two sandboxes of one process.
fn startup_seed() -> [u8; 32] {
    let mut hasher = Sha256::new();
    for round in 0u64..4 {
        let mut keyed = RandomState::new().build_hasher();
        keyed.write_u64(round);
        hasher.update(keyed.finish().to_le_bytes());
    }
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_nanos();
    hasher.update(nanos.to_le_bytes());
    hasher.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_differ_between_calls_and_between_sandboxes() {
        let mut one = OAuth::default();
        let mut two = OAuth::default();
        let a = one.secret("access");
        assert_eq!(a.len(), 64);
        assert_ne!(a, one.secret("access"));
        assert_ne!(a, two.secret("access"));
    }

    #[test]
    fn scopes_must_be_granted_and_default_to_api() {
        let app = Application::sandbox();
        assert_eq!(granted_scope(&app, None).unwrap(), "api");
        assert_eq!(
            granted_scope(&app, Some(" read_api  read_user ")).unwrap(),
            "read_api read_user"
        );
        assert_eq!(
            granted_scope(&app, Some("api sudo")),
            Err(OAuthError::InvalidScope)
        );
    }
}
