//! The reqwest client GitLab calls go through, built on a thread of its own.
//!
//! Building it loads the system's CA certificates (a directory of PEM files read and
//! parsed one by one): ~10 ms, most of the server's start-up. No call needs the client
//! before the first one, so the server answers `initialize` and `tools/list` while it is
//! being built, and a call made sooner waits for it without blocking its thread.

use std::sync::{Arc, OnceLock};

use tokio::sync::Notify;

pub(super) struct HttpClient {
    built: OnceLock<Result<reqwest::Client, String>>,
    ready: Notify,
}

impl HttpClient {
    /// Starts building; `describe` turns a failure into the reason every call reports.
    pub(super) fn build_in_background(
        builder: reqwest::ClientBuilder,
        describe: fn(reqwest::Error) -> String,
    ) -> Arc<HttpClient> {
        let client = Arc::new(HttpClient {
            built: OnceLock::new(),
            ready: Notify::new(),
        });
        let filling = Arc::clone(&client);
        let build = move || filling.fill(builder.build().map_err(describe));
        if let Err(error) = std::thread::Builder::new()
            .name("gitlab-http-client".to_owned())
            .spawn(build)
        {
            client.fill(Err(format!(
                "no thread could be started to build it ({error})"
            )));
        }
        client
    }

    fn fill(&self, built: Result<reqwest::Client, String>) {
        if let Err(reason) = &built {
            tracing::error!("the HTTP client for GitLab could not be set up: {reason}");
        }
        let _ = self.built.set(built);
        self.ready.notify_waiters();
    }

    /// The client once built, or why it could not be.
    pub(super) async fn get(&self) -> Result<&reqwest::Client, &str> {
        loop {
            // Created before the check: `notify_waiters` reaches it even before it is polled.
            let ready = self.ready.notified();
            if let Some(built) = self.built.get() {
                return built.as_ref().map_err(String::as_str);
            }
            ready.await;
        }
    }
}
