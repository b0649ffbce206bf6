//! The authorization code grant with PKCE (RFC 7636) on a loopback redirect (RFC 8252),
//! for a GitLab whose device grant is off: the user opens GitLab's authorization page, says
//! yes, and GitLab sends the browser back to a listener on 127.0.0.1
//! ([`super::callback_listener`]) with a code only this process can exchange (it alone
//! knows the verifier).

use std::io::{IsTerminal, Write};
use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};
use tokio::net::TcpListener;

use super::callback_listener::{Answer, wait_for_answer};
use super::oauth::OAuth;
use super::printable::printable;
use super::store::Login;

/// How long the listener waits for the browser to come back.
const WAIT: Duration = Duration::from_secs(300);
/// The loopback port GitLab sends the browser back to (as `glab`, a fixed one: GitLab
/// matches the redirect URI registered with the application exactly, port included).
const REDIRECT_PORT: u16 = 7171;

/// Signs in for `scope`, telling the user on `out` which address to open.
pub async fn sign_in(oauth: &OAuth, scope: &str, out: &mut dyn Write) -> Result<Login, String> {
    // Another port only when that one is taken, saying what GitLab must then accept.
    let listener = match TcpListener::bind(("127.0.0.1", REDIRECT_PORT)).await {
        Ok(listener) => listener,
        Err(_) => TcpListener::bind("127.0.0.1:0").await.map_err(|error| {
            format!("cannot listen on a loopback port for GitLab's answer: {error}")
        })?,
    };
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    if port != REDIRECT_PORT {
        let _ = writeln!(
            out,
            "Port {REDIRECT_PORT} is taken: GitLab must accept the redirect URI http://127.0.0.1:{port}/callback for this sign-in."
        );
    }
    let redirect = format!("http://127.0.0.1:{port}/callback");
    let verifier = random_text(32)?;
    let state = random_text(16)?;
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    let mut authorize = oauth.url("oauth/authorize");
    authorize
        .query_pairs_mut()
        .append_pair("client_id", &oauth.client_id)
        .append_pair("redirect_uri", &redirect)
        .append_pair("response_type", "code")
        .append_pair("scope", scope)
        .append_pair("state", &state)
        .append_pair("code_challenge", &challenge)
        .append_pair("code_challenge_method", "S256");
    let _ = writeln!(
        out,
        "Open this address in a browser, sign in to GitLab and authorize the application:\n\n  {authorize}\n\nWaiting for GitLab to send the browser back…"
    );
    // At a terminal, the user's browser is opened for them; the address above stays the
    // way when it cannot be.
    if std::io::stderr().is_terminal() {
        open_browser(authorize.as_str());
    }
    let answer = tokio::time::timeout(WAIT, wait_for_answer(&listener, &state))
        .await
        .map_err(|_| {
            "no answer from the browser within 5 minutes; run `auth login` again".to_owned()
        })??;
    let code = match answer {
        Answer::Code(code) => code,
        Answer::Refused { error, description } => {
            return Err(format!(
                "GitLab did not authorize the application ({}{}); nothing was stored",
                printable(&error),
                description
                    .map(|d| format!(": {}", printable(&d)))
                    .unwrap_or_default()
            ));
        }
        Answer::Empty => {
            return Err("the browser came back without a code; run `auth login` again".to_owned());
        }
    };
    let grant = [
        ("grant_type", "authorization_code"),
        ("code", code.as_str()),
        ("redirect_uri", redirect.as_str()),
        ("code_verifier", verifier.as_str()),
    ];
    oauth
        .tokens(&grant, "")
        .await?
        .map_err(|refusal| format!("GitLab refused the authorization code: {refusal}"))
}

/// Asks the desktop to open `url` in the user's browser; whether it did is not awaited.
fn open_browser(url: &str) {
    let mut command = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        // Not `cmd /C start`: cmd would read the `&` between query parameters.
        let mut start = std::process::Command::new("rundll32");
        start.arg("url.dll,FileProtocolHandler");
        start
    } else {
        std::process::Command::new("xdg-open")
    };
    let _ = command
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}

/// `bytes` random bytes as URL-safe text (43 characters for 32 bytes: a PKCE verifier).
fn random_text(bytes: usize) -> Result<String, String> {
    let mut random = vec![0u8; bytes];
    getrandom::fill(&mut random)
        .map_err(|error| format!("no randomness for the sign-in: {error}"))?;
    Ok(URL_SAFE_NO_PAD.encode(random))
}
