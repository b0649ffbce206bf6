//! `gitlab-mcp-server auth login | status | logout`: what the user types, and what they
//! are told. Messages go to stderr, as a terminal program's do; `status` prints its answer
//! on stdout. No token is ever printed.

use std::io::Write;
use std::process::ExitCode;

use url::Url;

use super::oauth::{Device, OAuth};
use super::printable::printable;
use super::store::{Choice, Login, Store, now_seconds};
use super::{browser, device};

/// What `auth` was asked to do, for which instance.
pub struct AuthRequest {
    pub action: AuthAction,
    /// The instance (its base URL as the server reads it).
    pub gitlab: Url,
    /// The OAuth application to sign in with (login only; status and logout read it from
    /// the stored sign-in).
    pub client_id: Option<String>,
    pub scopes: String,
    /// The authorization code flow in a browser instead of the device flow.
    pub browser: bool,
    /// Whether a sign-in is kept: not the sandbox's, which ends with the command.
    pub keep: bool,
    /// Where sign-ins are kept (`GITLAB_MCP_CREDENTIAL_STORE`).
    pub store: Choice,
    pub timeout: std::time::Duration,
    /// The proxy and added CAs GitLab is reached through.
    pub network: crate::gitlab::Network,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthAction {
    Login,
    Status,
    Logout,
}

impl AuthRequest {
    /// GitLab's OAuth endpoints with the application `client_id`.
    fn oauth(&self, client_id: &str) -> Result<OAuth, String> {
        OAuth::new(&self.gitlab, client_id, &self.network, self.timeout)
    }
}

pub async fn run(request: AuthRequest) -> ExitCode {
    let mut err = std::io::stderr();
    let outcome = match request.action {
        AuthAction::Login => login(&request, &mut err).await,
        AuthAction::Status => status(&request, &mut std::io::stdout()).await,
        AuthAction::Logout => logout(&request, &mut err).await,
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            // A problem may quote GitLab, or a browser: nothing of theirs drives the terminal.
            let _ = writeln!(err, "gitlab-mcp-server auth: {}", printable(&problem));
            ExitCode::FAILURE
        }
    }
}

async fn login(request: &AuthRequest, out: &mut dyn Write) -> Result<(), String> {
    let host = request.gitlab.as_str();
    let Some(client_id) = request.client_id.as_deref() else {
        return Err(format!(
            "signing in to {host} needs the id of an OAuth application registered on it: give it with --client-id or GITLAB_OAUTH_CLIENT_ID (the README's \"Sign in\" says how to register one: a non-confidential application with the `{}` scope)",
            request.scopes
        ));
    };
    let store = Store::for_user(request.store)?;
    let oauth = request.oauth(client_id)?;
    let _ = writeln!(out, "Signing in to {host} with scope `{}`.", request.scopes);
    let login = if request.browser {
        browser::sign_in(&oauth, &request.scopes, out).await?
    } else {
        match oauth.device(&request.scopes).await {
            Ok(started) => device::sign_in(&oauth, started, out).await?,
            // Where the device grant is off, the browser flow is the way in.
            Err(Device::Off(why)) => {
                let _ = writeln!(
                    out,
                    "GitLab's device sign-in is not available here ({why}); signing in with a browser instead."
                );
                browser::sign_in(&oauth, &request.scopes, out).await?
            }
            Err(Device::Failed(problem)) => return Err(problem),
        }
    };
    let username = oauth.username(&login.access_token).await?;
    let login = Login { username, ..login };
    if !request.keep {
        let _ = writeln!(
            out,
            "Signed in to the sandbox GitLab as @{}. Not kept: the sandbox ends with this command.",
            login.username
        );
        return Ok(());
    }
    let place = store.put(host, &login)?;
    let _ = writeln!(
        out,
        "Signed in to {host} as @{}. The sign-in is kept in {place} and refreshed before it expires; the server uses it whenever GITLAB_TOKEN is not set.",
        login.username,
    );
    Ok(())
}

async fn status(request: &AuthRequest, out: &mut dyn Write) -> Result<(), String> {
    let host = request.gitlab.as_str();
    let store = Store::for_user(request.store)?;
    let Some((mut login, mut place)) = store.get(host)? else {
        return Err(format!(
            "not signed in to {host}; run `gitlab-mcp-server auth login`{}",
            if std::env::var_os("GITLAB_TOKEN").is_some() {
                " (GITLAB_TOKEN is set: the server uses it)"
            } else {
                ""
            }
        ));
    };
    let oauth = request.oauth(&login.client_id)?;
    // A sign-in about to expire is refreshed, as the server would.
    if login.expires_within(60) {
        login = oauth.refresh(&login).await?;
        place = store.put(host, &login)?;
    }
    let user = oauth.username(&login.access_token).await.map_err(|problem| {
        format!("signed in to {host} as @{}, but GitLab no longer accepts the sign-in ({problem}); run `gitlab-mcp-server auth login` again", login.username)
    })?;
    let until = match login.expires_at {
        Some(at) => format!(
            "its access token is valid for {} more minutes and is refreshed before it expires",
            at.saturating_sub(now_seconds()) / 60
        ),
        None => "its access token does not expire".to_owned(),
    };
    let _ = writeln!(
        out,
        "Signed in to {host} as @{user} (scope `{}`, OAuth application {}); {until}. Kept in {place}.",
        login.scope, login.client_id,
    );
    Ok(())
}

async fn logout(request: &AuthRequest, out: &mut dyn Write) -> Result<(), String> {
    let host = request.gitlab.as_str();
    let store = Store::for_user(request.store)?;
    let Some((login, _)) = store.get(host)? else {
        let _ = writeln!(out, "Not signed in to {host}: nothing to do.");
        return Ok(());
    };
    let oauth = request.oauth(&login.client_id)?;
    // Revoked first, so that a failure leaves the sign-in there to try again.
    let mut revoked = oauth.revoke(&login.access_token).await;
    if let (Ok(()), Some(refresh)) = (&revoked, &login.refresh_token) {
        revoked = oauth.revoke(refresh).await;
    }
    revoked.map_err(|problem| {
        format!("{problem}; the sign-in is still stored, run `auth logout` again")
    })?;
    store.remove(host).map_err(|problem| {
        format!("GitLab revoked the tokens, but they are still stored: {problem}")
    })?;
    let _ = writeln!(
        out,
        "Signed out of {host}: GitLab revoked the tokens of @{} and they are forgotten here.",
        login.username
    );
    Ok(())
}
