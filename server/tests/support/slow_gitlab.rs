//! A GitLab that answers late: a proxy in front of the sandbox that passes every request on
//! at once and holds back the answer to the ones chosen, as a slow GitLab does — the change
//! is made (the sandbox records it), the answer is not back yet.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode};
use axum::response::Response;
use gitlab_sandbox::Sandbox;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

/// The proxy. Dropping it stops it.
pub struct SlowGitLab {
    /// `http://127.0.0.1:<port>/`: the instance URL to give the server.
    pub url: String,
    delays: Delays,
    task: JoinHandle<()>,
}

/// Which answers are held back, and for how long: method, path (`/api/v4/user`), delay.
type Delays = Arc<Mutex<Vec<(Method, String, Duration)>>>;

#[derive(Clone)]
struct Proxy {
    sandbox: String,
    http: reqwest::Client,
    delays: Delays,
}

impl SlowGitLab {
    /// A proxy in front of `sandbox` that holds nothing back yet.
    pub async fn start(sandbox: &Sandbox) -> SlowGitLab {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        let address = listener.local_addr().expect("bound");
        let delays = Delays::default();
        let proxy = Proxy {
            sandbox: sandbox.base_url().as_str().trim_end_matches('/').to_owned(),
            http: reqwest::Client::new(),
            delays: Arc::clone(&delays),
        };
        let router = Router::new().fallback(forward).with_state(proxy);
        let task = tokio::spawn(async move {
            axum::serve(listener, router)
                .await
                .expect("the proxy serves");
        });
        SlowGitLab {
            url: format!("http://{address}/"),
            delays,
            task,
        }
    }

    /// From now on, the answer to `method path` (the whole path, `/api/v4/…`) comes `by`
    /// after the sandbox gave it.
    pub fn delay(&self, method: Method, path: &str, by: Duration) {
        self.delays
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((method, path.to_owned(), by));
    }
}

impl Drop for SlowGitLab {
    fn drop(&mut self) {
        self.task.abort();
    }
}

async fn forward(State(proxy): State<Proxy>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let target = parts
        .uri
        .path_and_query()
        .map_or("/", |path| path.as_str())
        .to_owned();
    let body = axum::body::to_bytes(body, usize::MAX)
        .await
        .expect("the request body is read");
    let mut headers = parts.headers.clone();
    headers.remove(axum::http::header::HOST);
    let answer = proxy
        .http
        .request(parts.method.clone(), format!("{}{target}", proxy.sandbox))
        .headers(headers)
        .body(body)
        .send()
        .await;
    let delay = proxy
        .delays
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .find(|(method, path, _)| *method == parts.method && *path == parts.uri.path())
        .map(|(_, _, by)| *by);
    if let Some(delay) = delay {
        tokio::time::sleep(delay).await;
    }
    let Ok(answer) = answer else {
        return Response::builder()
            .status(StatusCode::BAD_GATEWAY)
            .body(Body::empty())
            .expect("a response");
    };
    let mut response = Response::builder().status(answer.status());
    // The body is passed on whole: its length is the proxy's to say.
    for (name, value) in answer.headers() {
        if !matches!(
            name.as_str(),
            "transfer-encoding" | "content-length" | "connection"
        ) {
            response = response.header(name, value);
        }
    }
    let bytes = answer.bytes().await.unwrap_or_default();
    response.body(Body::from(bytes)).expect("a response")
}
