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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_call_waits_for_the_client_and_gets_it() {
        let client = HttpClient::build_in_background(reqwest::Client::builder(), |e| e.to_string());
        assert!(client.get().await.is_ok());
        // Once built, every later call gets the same client at once.
        assert!(client.get().await.is_ok());
    }

    #[tokio::test]
    async fn a_client_that_cannot_be_built_is_every_call_s_reason() {
        // No TLS version left to speak: reqwest refuses to build.
        let builder = reqwest::Client::builder().max_tls_version(reqwest::tls::Version::TLS_1_1);
        let client = HttpClient::build_in_background(builder, |e| format!("because {e}"));
        let reason = client.get().await.expect_err("the build fails");
        assert!(reason.starts_with("because "), "{reason}");
        assert_eq!(client.get().await.expect_err("still failed"), reason);
    }
}
