//! Access and refresh tokens, issued in pairs: refreshing rotates the pair, revoking either
//! half revokes both.

use std::time::{Duration, Instant, SystemTime};

use super::{OAuth, OAuthError, unix_seconds};

/// How long an access token works, in seconds.
pub(crate) const ACCESS_TOKEN_LIFETIME: u64 = 7200;

#[derive(Clone)]
pub(crate) struct Token {
    pub access_token: String,
    pub refresh_token: String,
    pub client_id: String,
    /// Space-separated.
    pub scope: String,
    /// Seconds since the epoch.
    pub created_at: u64,
    expires_at: Instant,
    revoked: bool,
}

impl Token {
    /// Seconds the access token has left.
    pub fn expires_in(&self) -> u64 {
        self.expires_at
            .saturating_duration_since(Instant::now())
            .as_secs()
    }

    /// Seconds since the epoch when the access token stops working.
    pub fn expires_at_unix(&self) -> u64 {
        unix_seconds(SystemTime::now()) + self.expires_in()
    }
}

/// What an access token presented to the sandbox is.
pub(crate) enum AccessCheck<'a> {
    /// One the sandbox never issued: the API takes it as it takes any token.
    Unknown,
    Active(&'a Token),
    Expired,
    Revoked,
}

impl OAuth {
    /// A fresh pair for `client_id`, acting as the sandbox user.
    pub(super) fn issue(&mut self, client_id: &str, scope: &str) -> &Token {
        let access_token = self.secret("access token");
        let refresh_token = self.secret("refresh token");
        self.tokens.push(Token {
            access_token,
            refresh_token,
            client_id: client_id.to_owned(),
            scope: scope.to_owned(),
            created_at: unix_seconds(SystemTime::now()),
            expires_at: Instant::now() + Duration::from_secs(ACCESS_TOKEN_LIFETIME),
            revoked: false,
        });
        self.tokens.last().expect("just pushed")
    }

    pub fn check_access(&self, access_token: &str) -> AccessCheck<'_> {
        match self.tokens.iter().find(|t| t.access_token == access_token) {
            None => AccessCheck::Unknown,
            Some(token) if token.revoked => AccessCheck::Revoked,
            Some(token) if token.expires_at <= Instant::now() => AccessCheck::Expired,
            Some(token) => AccessCheck::Active(token),
        }
    }

    /// A new pair for a refresh token not yet used or revoked; the old pair stops working.
    pub fn refresh(&mut self, client_id: &str, refresh_token: &str) -> Result<Token, OAuthError> {
        let old = self
            .tokens
            .iter_mut()
            .find(|t| t.refresh_token == refresh_token && !t.revoked && t.client_id == client_id)
            .ok_or(OAuthError::InvalidGrant)?;
        old.revoked = true;
        let scope = old.scope.clone();
        Ok(self.issue(client_id, &scope).clone())
    }

    /// The pair `token` (access or refresh) belongs to, revoked or not.
    pub fn find_token(&self, token: &str) -> Option<&Token> {
        self.tokens
            .iter()
            .find(|t| t.access_token == token || t.refresh_token == token)
    }

    /// Revokes the pair `token` belongs to. A token of another client is refused;
    /// one the sandbox does not know is not an error (there is nothing left to revoke).
    pub fn revoke(&mut self, client_id: &str, token: &str) -> Result<(), OAuthError> {
        match self
            .tokens
            .iter_mut()
            .find(|t| t.access_token == token || t.refresh_token == token)
        {
            Some(pair) if pair.client_id != client_id => Err(OAuthError::NotYourToken),
            Some(pair) => {
                pair.revoked = true;
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// Whether the pair `token` belongs to still works (introspection: a refresh token works
    /// until used or revoked, an access token also until it expires).
    pub fn is_active(&self, token: &str) -> bool {
        self.find_token(token).is_some_and(|pair| {
            !pair.revoked && (pair.refresh_token == token || pair.expires_at > Instant::now())
        })
    }

    /// Every access token issued so far has expired.
    pub fn expire_tokens(&mut self) {
        let now = Instant::now();
        for token in &mut self.tokens {
            token.expires_at = now;
        }
    }

    /// Access tokens that still work.
    pub fn live_access_tokens(&self) -> usize {
        self.tokens
            .iter()
            .filter(|t| !t.revoked && t.expires_at > Instant::now())
            .count()
    }
}
