//! What a user's consent leaves for the client to exchange: authorization codes (with their
//! PKCE challenge) and device codes (waiting for the user to approve them on another screen).

use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

use super::{OAuth, OAuthError, Token, granted_scope};

/// How long an authorization code can be exchanged.
const CODE_LIFETIME: Duration = Duration::from_secs(600);
/// How long a device code waits for the user.
pub(crate) const DEVICE_CODE_LIFETIME: Duration = Duration::from_secs(300);
/// The consonants RFC 8628 suggests for user codes: no vowels, so no words, and nothing
/// that reads like a digit.
const USER_CODE_LETTERS: &[u8] = b"BCDFGHJKLMNPQRSTVWXZ";

pub(crate) struct AuthorizationCode {
    code: String,
    client_id: String,
    redirect_uri: String,
    scope: String,
    /// The challenge and its method (`plain` or `S256`).
    challenge: String,
    method: String,
    expires_at: Instant,
}

/// An authorization request as `GET /oauth/authorize` receives it.
pub(crate) struct AuthorizationRequest<'a> {
    pub client_id: &'a str,
    pub redirect_uri: &'a str,
    pub scope: Option<&'a str>,
    pub code_challenge: Option<&'a str>,
    pub code_challenge_method: Option<&'a str>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DeviceDecision {
    Pending,
    Approved,
    Denied,
}

pub(crate) struct DeviceGrant {
    device_code: String,
    user_code: String,
    client_id: String,
    scope: String,
    expires_at: Instant,
    last_poll: Option<Instant>,
    decision: DeviceDecision,
}

/// What `POST /oauth/authorize_device` hands the client.
pub(crate) struct DeviceAuthorization {
    pub device_code: String,
    pub user_code: String,
    pub expires_in: u64,
    pub interval: u64,
}

impl OAuth {
    /// The user consents at once: a code for the client, once the request is checked (client
    /// and redirect URI first; the caller answers those without redirecting).
    pub fn authorize(&mut self, request: AuthorizationRequest) -> Result<String, OAuthError> {
        let application = self.application(Some(request.client_id))?;
        if !application.allows_redirect(request.redirect_uri) {
            return Err(OAuthError::InvalidRedirectUri);
        }
        if !application.allows_grant("authorization_code") {
            return Err(OAuthError::UnauthorizedClient);
        }
        let scope = granted_scope(application, request.scope)?;
        // Every application here is public, so GitLab insists on PKCE.
        let challenge = request
            .code_challenge
            .filter(|c| !c.is_empty())
            .ok_or(OAuthError::CodeChallengeRequired)?;
        let method = request.code_challenge_method.unwrap_or("plain");
        if method != "plain" && method != "S256" {
            return Err(OAuthError::InvalidCodeChallengeMethod);
        }
        let code = self.secret("authorization code");
        self.codes.push(AuthorizationCode {
            code: code.clone(),
            client_id: request.client_id.to_owned(),
            redirect_uri: request.redirect_uri.to_owned(),
            scope,
            challenge: challenge.to_owned(),
            method: method.to_owned(),
            expires_at: Instant::now() + CODE_LIFETIME,
        });
        Ok(code)
    }

    /// Exchanges a code for tokens. The code is used up whatever happens, as a code
    /// presented with a wrong verifier may have been stolen.
    pub fn exchange_code(
        &mut self,
        client_id: &str,
        code: &str,
        redirect_uri: &str,
        verifier: Option<&str>,
    ) -> Result<Token, OAuthError> {
        let index = self
            .codes
            .iter()
            .position(|c| c.code == code)
            .ok_or(OAuthError::InvalidGrant)?;
        let grant = self.codes.remove(index);
        let verified = match (grant.method.as_str(), verifier) {
            (_, None) => false,
            ("S256", Some(verifier)) => {
                URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())) == grant.challenge
            }
            (_, Some(verifier)) => verifier == grant.challenge,
        };
        if grant.client_id != client_id
            || grant.redirect_uri != redirect_uri
            || grant.expires_at <= Instant::now()
            || !verified
        {
            return Err(OAuthError::InvalidGrant);
        }
        Ok(self.issue(client_id, &grant.scope).clone())
    }

    /// A device code for `client_id`, waiting for the user.
    pub fn authorize_device(
        &mut self,
        client_id: Option<&str>,
        scope: Option<&str>,
    ) -> Result<DeviceAuthorization, OAuthError> {
        let application = self.application(client_id)?;
        if !application.allows_grant("urn:ietf:params:oauth:grant-type:device_code") {
            return Err(OAuthError::UnauthorizedClient);
        }
        let scope = granted_scope(application, scope)?;
        let client_id = application.client_id.clone();
        let device_code = self.secret("device code");
        let user_code = self.user_code();
        self.devices.push(DeviceGrant {
            device_code: device_code.clone(),
            user_code: user_code.clone(),
            client_id,
            scope,
            expires_at: Instant::now() + DEVICE_CODE_LIFETIME,
            last_poll: None,
            decision: DeviceDecision::Pending,
        });
        Ok(DeviceAuthorization {
            device_code,
            user_code,
            expires_in: DEVICE_CODE_LIFETIME.as_secs(),
            interval: self.device_interval,
        })
    }

    /// Eight letters, unique among the codes still waiting.
    fn user_code(&mut self) -> String {
        loop {
            let secret = self.secret("user code");
            let code: String = secret
                .as_bytes()
                .chunks(2)
                .take(8)
                .map(|pair| {
                    let byte = u8::from_str_radix(std::str::from_utf8(pair).unwrap_or("0"), 16)
                        .unwrap_or(0);
                    USER_CODE_LETTERS[usize::from(byte) % USER_CODE_LETTERS.len()] as char
                })
                .collect();
            if !self.devices.iter().any(|d| d.user_code == code) {
                return code;
            }
        }
    }

    /// The user's answer on the verification page. `false` when no waiting, unexpired code
    /// has this user code (typed in any case, with or without a dash).
    pub fn decide_device(&mut self, user_code: &str, decision: DeviceDecision) -> bool {
        let typed: String = user_code
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let now = Instant::now();
        match self.devices.iter_mut().find(|d| {
            d.user_code == typed && d.decision == DeviceDecision::Pending && d.expires_at > now
        }) {
            Some(device) => {
                device.decision = decision;
                true
            }
            None => false,
        }
    }

    /// A device client's poll: tokens once the user approved, used up then.
    pub fn poll_device(&mut self, client_id: &str, device_code: &str) -> Result<Token, OAuthError> {
        let interval = Duration::from_secs(self.device_interval);
        let now = Instant::now();
        let index = self
            .devices
            .iter()
            .position(|d| d.device_code == device_code && d.client_id == client_id)
            .ok_or(OAuthError::InvalidGrant)?;
        let device = &mut self.devices[index];
        if device.expires_at <= now {
            return Err(OAuthError::ExpiredToken);
        }
        // A poll that comes too soon does not restart the wait, so a client that slows down
        // gets through after one interval.
        if device.last_poll.is_some_and(|last| now < last + interval) {
            return Err(OAuthError::SlowDown);
        }
        device.last_poll = Some(now);
        match device.decision {
            DeviceDecision::Pending => Err(OAuthError::AuthorizationPending),
            DeviceDecision::Denied => Err(OAuthError::AccessDenied),
            DeviceDecision::Approved => {
                let device = self.devices.remove(index);
                Ok(self.issue(&device.client_id, &device.scope).clone())
            }
        }
    }

    /// Every device code issued so far has run out of time.
    pub fn expire_device_codes(&mut self) {
        let now = Instant::now();
        for device in &mut self.devices {
            device.expires_at = now;
        }
    }
}
