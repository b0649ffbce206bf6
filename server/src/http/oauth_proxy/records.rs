//! What the OAuth proxy keeps: registered clients, sign-ins under way, codes, and grants
//! (a GitLab sign-in with the MCP tokens issued for it). A token or code is stored under
//! its digest; the secret itself exists only in the client's hands.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::auth::store::Login;

/// What every token this server issues starts with: a bearer token without it is not one
/// of ours.
pub const TOKEN_PREFIX: &str = "gmcp_";

/// A client registered itself (RFC 7591).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Client {
    pub client_id: String,
    pub client_name: Option<String>,
    pub redirect_uris: Vec<String>,
    pub issued_at: u64,
}

/// A sign-in sent on to GitLab, waiting for GitLab to send the user back.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Pending {
    pub client_id: String,
    pub redirect_uri: String,
    /// The client's PKCE challenge (S256).
    pub code_challenge: String,
    /// The client's `state`, given back with the code.
    pub state: Option<String>,
    pub scope: String,
    /// Our own PKCE verifier for GitLab's code.
    pub gitlab_verifier: String,
}

/// A code given to the client, for its token request.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Code {
    pub client_id: String,
    pub redirect_uri: String,
    pub code_challenge: String,
    pub grant_id: String,
}

/// A GitLab sign-in behind the MCP tokens of one client. No `Debug`: it holds tokens.
#[derive(Clone, Serialize, Deserialize)]
pub struct Grant {
    pub client_id: String,
    /// What GitLab issued, and to whom. Never leaves the server.
    pub gitlab: Login,
    /// The digests of the access and refresh tokens now valid, to remove them with it.
    pub access: Option<String>,
    pub refresh: Option<String>,
}

/// A random secret: 32 bytes, URL-safe base64, after `prefix`.
pub fn secret(prefix: &str) -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system provides random bytes");
    format!("{prefix}{}", URL_SAFE_NO_PAD.encode(bytes))
}

/// The key a secret is stored under: `kind:` and its SHA-256, hex.
pub fn digest_key(kind: &str, secret: &str) -> String {
    let digest = Sha256::digest(secret.as_bytes());
    let hex: String = digest.iter().map(|byte| format!("{byte:02x}")).collect();
    format!("{kind}:{hex}")
}

/// PKCE S256 (RFC 7636): BASE64URL(SHA-256(verifier)).
pub fn s256(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// Seconds since the Unix epoch.
pub fn now() -> u64 {
    crate::auth::store::now_seconds()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pkce_s256_is_rfc_7636_s() {
        // RFC 7636, appendix B.
        assert_eq!(
            s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
    }

    #[test]
    fn secrets_are_random_and_stored_by_digest() {
        let one = secret(TOKEN_PREFIX);
        assert!(one.starts_with(TOKEN_PREFIX) && one.len() > 40);
        assert_ne!(one, secret(TOKEN_PREFIX));
        let key = digest_key("access", &one);
        assert!(key.starts_with("access:") && !key.contains(&one));
    }
}
