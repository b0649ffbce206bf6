//! The refusals of GitLab's OAuth endpoints: the `error` codes of the OAuth RFCs, with the
//! descriptions GitLab (Doorkeeper) gives them.

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OAuthError {
    InvalidClient,
    InvalidGrant,
    InvalidScope,
    /// A required parameter was not sent: its name.
    MissingParameter(&'static str),
    UnauthorizedClient,
    /// A client revoking a token issued to another.
    NotYourToken,
    UnsupportedGrantType,
    UnsupportedResponseType,
    /// A public client's authorization request without a PKCE challenge.
    CodeChallengeRequired,
    InvalidCodeChallengeMethod,
    AuthorizationPending,
    SlowDown,
    ExpiredToken,
    AccessDenied,
    InvalidRedirectUri,
    /// Dynamic registration metadata GitLab refuses: why.
    InvalidClientMetadata(String),
}

impl OAuthError {
    /// The `error` field.
    pub fn code(&self) -> &'static str {
        match self {
            OAuthError::InvalidClient => "invalid_client",
            OAuthError::InvalidGrant => "invalid_grant",
            OAuthError::InvalidScope => "invalid_scope",
            OAuthError::MissingParameter(_) | OAuthError::CodeChallengeRequired => {
                "invalid_request"
            }
            OAuthError::UnauthorizedClient | OAuthError::NotYourToken => "unauthorized_client",
            OAuthError::UnsupportedGrantType => "unsupported_grant_type",
            OAuthError::UnsupportedResponseType => "unsupported_response_type",
            OAuthError::InvalidCodeChallengeMethod => "invalid_code_challenge_method",
            OAuthError::AuthorizationPending => "authorization_pending",
            OAuthError::SlowDown => "slow_down",
            OAuthError::ExpiredToken => "expired_token",
            OAuthError::AccessDenied => "access_denied",
            OAuthError::InvalidRedirectUri => "invalid_redirect_uri",
            OAuthError::InvalidClientMetadata(_) => "invalid_client_metadata",
        }
    }

    /// The `error_description` field.
    pub fn description(&self) -> String {
        let text = match self {
            OAuthError::InvalidClient => {
                "Client authentication failed due to unknown client, no client authentication \
                 included, or unsupported authentication method."
            }
            OAuthError::InvalidGrant => {
                "The provided authorization grant is invalid, expired, revoked, does not match \
                 the redirection URI used in the authorization request, or was issued to \
                 another client."
            }
            OAuthError::InvalidScope => "The requested scope is invalid, unknown, or malformed.",
            OAuthError::MissingParameter(name) => {
                return format!("Missing required parameter: {name}.");
            }
            OAuthError::UnauthorizedClient => {
                "The client is not authorized to perform this request using this method."
            }
            OAuthError::NotYourToken => "You are not authorized to revoke this token",
            OAuthError::UnsupportedGrantType => {
                "The authorization grant type is not supported by the authorization server."
            }
            OAuthError::UnsupportedResponseType => {
                "The authorization server does not support this response type."
            }
            OAuthError::CodeChallengeRequired => "Code challenge is required.",
            OAuthError::InvalidCodeChallengeMethod => {
                "The code challenge method must be plain or S256."
            }
            OAuthError::AuthorizationPending => {
                "The authorization request is still pending as the end user hasn't yet \
                 completed the user interaction steps."
            }
            OAuthError::SlowDown => {
                "The authorization request is still pending and polling should continue, but \
                 the interval MUST be increased by 5 seconds for this and all subsequent \
                 requests."
            }
            OAuthError::ExpiredToken => {
                "The device_code has expired, and the device authorization session has \
                 concluded."
            }
            OAuthError::AccessDenied => {
                "The resource owner or authorization server denied the request."
            }
            OAuthError::InvalidRedirectUri => {
                "The requested redirect uri is malformed or doesn't match client redirect URI."
            }
            OAuthError::InvalidClientMetadata(why) => return why.clone(),
        };
        text.to_owned()
    }
}
