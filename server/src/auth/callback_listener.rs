//! The loopback listener GitLab sends the browser back to, `/callback?code=…&state=…`.
//!
//! Any web page the user visits can make the browser send a request to this port, so only
//! GitLab's answer ends the sign-in: a `/callback` carrying this sign-in's `state`, a
//! random value only this process and GitLab know. Any other request — another path, a
//! callback without the `state` or with another — gets an error page and is waited past.
//! Each connection is served on a task of its own and must bring its request within
//! [`REQUEST_TIMEOUT`], so a connection that says nothing holds up nobody.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::task::JoinSet;
use url::Url;

/// How long a connection may take to send its request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest request read: a browser's GET with GitLab's answer fits many times over.
const MAX_REQUEST: usize = 16 * 1024;

/// What GitLab's answer said.
#[derive(Debug, PartialEq, Eq)]
pub enum Answer {
    /// The authorization code, to exchange for tokens.
    Code(String),
    /// GitLab's `error`, and its `error_description` when there is one, as they came.
    Refused {
        error: String,
        description: Option<String>,
    },
    /// Neither a code nor an error.
    Empty,
}

/// Serves the listener until GitLab's answer for `state` comes.
pub async fn wait_for_answer(listener: &TcpListener, state: &str) -> Result<Answer, String> {
    let (found, mut answers) = mpsc::channel(1);
    // Dropped on return: the connections still open are closed.
    let mut connections = JoinSet::new();
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let (stream, _) = accepted.map_err(|error| {
                    format!("the loopback listener for GitLab's answer failed: {error}")
                })?;
                connections.spawn(serve(stream, state.to_owned(), found.clone()));
            }
            Some(answer) = answers.recv() => return Ok(answer),
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
        }
    }
}

/// Reads one request, answers it with a page, and passes GitLab's answer on.
async fn serve(mut stream: TcpStream, state: String, found: mpsc::Sender<Answer>) {
    let Ok(Some(target)) = tokio::time::timeout(REQUEST_TIMEOUT, read_target(&mut stream)).await
    else {
        return;
    };
    let (status, page, answer) = judge(&target, &state);
    let body = format!("<!doctype html><title>gitlab-mcp-server</title><p>{page}</p>");
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    // The page first: once the answer is passed on, the listener stops serving.
    let _ = stream.write_all(response.as_bytes()).await;
    let _ = stream.shutdown().await;
    if let Some(answer) = answer {
        let _ = found.send(answer).await;
    }
}

/// The target of a `GET` (`/callback?…`), once its request head has arrived; `None` for
/// anything else, or a head longer than [`MAX_REQUEST`].
async fn read_target(stream: &mut TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut buffer = [0u8; 2048];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        let read = stream.read(&mut buffer).await.ok()?;
        if read == 0 || head.len() + read > MAX_REQUEST {
            return None;
        }
        head.extend_from_slice(&buffer[..read]);
    }
    let head = String::from_utf8_lossy(&head);
    let target = head
        .lines()
        .next()?
        .strip_prefix("GET ")?
        .split(' ')
        .next()?;
    Some(target.to_owned())
}

/// The status and page for a request to `target`, and GitLab's answer if it is that.
fn judge(target: &str, state: &str) -> (&'static str, &'static str, Option<Answer>) {
    let url = Url::parse(&format!("http://127.0.0.1{target}")).ok();
    let Some(url) = url.filter(|url| url.path() == "/callback") else {
        return ("404 Not Found", "Nothing here.", None);
    };
    let query = |key: &str| {
        url.query_pairs()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.into_owned())
    };
    if query("state").as_deref() != Some(state) {
        return (
            "400 Bad Request",
            "This is not GitLab's answer to the sign-in under way, so it was ignored: the \
             sign-in still waits for GitLab.",
            None,
        );
    }
    match (query("code"), query("error")) {
        (Some(code), None) => (
            "200 OK",
            "Signed in. You can close this tab and go back to the terminal.",
            Some(Answer::Code(code)),
        ),
        (_, Some(error)) => (
            "200 OK",
            "GitLab did not authorize the application. You can close this tab.",
            Some(Answer::Refused {
                error,
                description: query("error_description"),
            }),
        ),
        (None, None) => (
            "200 OK",
            "No authorization code came back. You can close this tab.",
            Some(Answer::Empty),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_callback_with_the_state_is_gitlabs_answer() {
        let judged = |target: &str| judge(target, "s3").2;
        assert_eq!(
            judged("/callback?state=s3&code=c"),
            Some(Answer::Code("c".into()))
        );
        assert_eq!(
            judged("/callback?state=s3&error=access_denied&error_description=no"),
            Some(Answer::Refused {
                error: "access_denied".into(),
                description: Some("no".into())
            })
        );
        assert_eq!(judged("/callback?state=s3"), Some(Answer::Empty));
        for stray in [
            "/callback",
            "/callback?code=c",
            "/callback?state=other&code=c",
            "/callback?error=access_denied",
            "/favicon.ico",
            "/callback/?state=s3&code=c",
            "not a target",
        ] {
            assert_eq!(judged(stray), None, "{stray}");
        }
    }
}
