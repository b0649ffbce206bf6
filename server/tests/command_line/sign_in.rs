//! `auth login | status | logout` through the binary against the sandbox's OAuth: the
//! device sign-in (the user's approval simulated by the sandbox's own approval), the
//! browser sign-in with PKCE (the browser's step scripted: the authorization page's
//! redirect followed to the loopback listener), the stored sign-in used by the next start,
//! refreshed before it expires and once GitLab refuses it, and revoked by `logout`. No
//! token ever shows in what the commands or the server print.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use gitlab_sandbox::{FaultSpec, SANDBOX_OAUTH_CLIENT_ID, Sandbox};
use serde_json::{Value, json};

use crate::support::stdio::StdioServer;

/// `gitlab-mcp-server auth …` running, its stderr read line by line.
struct Auth {
    child: Child,
    lines: Receiver<String>,
    said: Arc<Mutex<Vec<String>>>,
}

impl Auth {
    fn start(args: &[&str], gitlab: &str, config: &Path) -> Auth {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gitlab-mcp-server"))
            .args(args)
            .env_clear()
            .env("GITLAB_URL", gitlab)
            .env("GITLAB_MCP_CONFIG_DIR", config)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the command starts");
        let (sender, lines) = channel();
        let said = Arc::new(Mutex::new(Vec::new()));
        for stream in [
            Box::new(child.stderr.take().expect("piped")) as Box<dyn std::io::Read + Send>,
            Box::new(child.stdout.take().expect("piped")),
        ] {
            let (sender, said) = (sender.clone(), Arc::clone(&said));
            thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    said.lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(line.clone());
                    let _ = sender.send(line);
                }
            });
        }
        Auth { child, lines, said }
    }

    /// The first line said that starts with `prefix`, bounded.
    fn line_starting(&self, prefix: &str) -> String {
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| {
                    panic!("no line starting with {prefix:?}; said {:?}", self.said())
                });
            if let Some(rest) = line.trim().strip_prefix(prefix) {
                return rest.trim().to_owned();
            }
        }
    }

    /// Waits for the end; whether it succeeded, and everything it said.
    fn finish(mut self) -> (bool, String) {
        let status = self.child.wait().expect("it ends");
        // The readers catch up with the last lines.
        thread::sleep(Duration::from_millis(100));
        (status.success(), self.said().join("\n"))
    }

    fn said(&self) -> Vec<String> {
        self.said
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

fn run(args: &[&str], gitlab: &str, config: &Path) -> (bool, String) {
    Auth::start(args, gitlab, config).finish()
}

fn config_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("gitlab-mcp-sign-in-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The stored sign-in for `gitlab`, as the file holds it.
fn stored(config: &Path, gitlab: &str) -> Value {
    let text =
        std::fs::read_to_string(config.join("credentials.json")).expect("a credentials file");
    serde_json::from_str::<Value>(&text).expect("JSON")["logins"][gitlab].clone()
}

fn secrets(login: &Value) -> Vec<String> {
    ["access_token", "refresh_token"]
        .iter()
        .filter_map(|key| login[key].as_str().map(str::to_owned))
        .collect()
}

fn assert_no_secret(text: &str, login: &Value) {
    for secret in secrets(login) {
        assert!(!text.contains(&secret), "a token was printed: {text}");
    }
}

/// The requests GitLab received, as `METHOD path`.
fn received(sandbox: &Sandbox) -> Vec<String> {
    sandbox
        .requests()
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_sign_in_is_kept_used_refreshed_and_revoked() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    sandbox.set_device_interval(1);
    let gitlab = sandbox.base_url().to_string();
    let config = config_dir("device");

    let login = Auth::start(
        &["auth", "login", "--client-id", SANDBOX_OAUTH_CLIENT_ID],
        &gitlab,
        &config,
    );
    let code = login.line_starting("First copy your one-time code:");
    sandbox.approve_device(&code);
    let (ok, said) = login.finish();
    assert!(ok, "{said}");
    assert!(
        said.contains(&format!("Signed in to {gitlab} as @sandbox-user")),
        "{said}"
    );
    let first = stored(&config, &gitlab);
    assert_eq!(first["username"], "sandbox-user");
    assert_eq!(first["client_id"], SANDBOX_OAUTH_CLIENT_ID);
    assert_no_secret(&said, &first);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(config.join("credentials.json"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "only the user reads it");
    }

    let (ok, said) = run(&["auth", "status"], &gitlab, &config);
    assert!(
        ok && said.contains(&format!("Signed in to {gitlab} as @sandbox-user")),
        "{said}"
    );
    assert_no_secret(&said, &first);

    // The next start acts with it (no GITLAB_TOKEN): a token GitLab refuses is refreshed
    // once, the refreshed pair kept.
    let dir = config.to_string_lossy().into_owned();
    let mut server = StdioServer::with_env(&gitlab, &[("GITLAB_MCP_CONFIG_DIR", dir.as_str())]);
    server.initialize();
    sandbox.clear_requests();
    let read = json!({"project_id": 1});
    let answer = server.call("gitlab_project_get", &read);
    assert_eq!(answer["result"]["isError"], false, "{answer}");
    let sent = sandbox.requests();
    assert!(
        sent.last()
            .unwrap()
            .private_token
            .as_ref()
            .unwrap()
            .matches(first["access_token"].as_str().unwrap()),
        "the stored access token"
    );
    sandbox.expire_oauth_tokens();
    sandbox.clear_requests();
    let answer = server.call("gitlab_project_get", &read);
    assert_eq!(answer["result"]["isError"], false, "{answer}");
    assert_eq!(
        received(&sandbox),
        [
            "GET /api/v4/projects/1",
            "POST /oauth/token",
            "GET /api/v4/projects/1"
        ],
        "refused, refreshed, sent again"
    );
    let second = stored(&config, &gitlab);
    assert_ne!(second["access_token"], first["access_token"]);
    assert_ne!(second["refresh_token"], first["refresh_token"]);
    assert!(
        sandbox
            .requests()
            .last()
            .unwrap()
            .private_token
            .as_ref()
            .unwrap()
            .matches(second["access_token"].as_str().unwrap())
    );
    drop(server);

    // About to expire: refreshed before the first call, nothing refused.
    let mut soon = second.clone();
    soon["expires_at"] = json!(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs()
            + 10
    );
    let mut file: Value =
        serde_json::from_str(&std::fs::read_to_string(config.join("credentials.json")).unwrap())
            .unwrap();
    file["logins"][&gitlab] = soon;
    std::fs::write(config.join("credentials.json"), file.to_string()).unwrap();
    let mut server = StdioServer::with_env(&gitlab, &[("GITLAB_MCP_CONFIG_DIR", dir.as_str())]);
    server.initialize();
    sandbox.clear_requests();
    let answer = server.call("gitlab_project_get", &read);
    assert_eq!(answer["result"]["isError"], false, "{answer}");
    assert_eq!(
        received(&sandbox),
        ["POST /oauth/token", "GET /api/v4/projects/1"]
    );
    let third = stored(&config, &gitlab);

    // Signed out: both tokens revoked at GitLab and forgotten; the server then says how
    // to sign in again.
    sandbox.clear_requests();
    let (ok, said) = run(&["auth", "logout"], &gitlab, &config);
    assert!(ok, "{said}");
    assert!(said.contains(&format!("Signed out of {gitlab}")), "{said}");
    assert_no_secret(&said, &third);
    assert_eq!(
        received(&sandbox),
        ["POST /oauth/revoke", "POST /oauth/revoke"]
    );
    assert!(stored(&config, &gitlab).is_null());
    let answer = server.call("gitlab_project_get", &read);
    let text = answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(text.contains("auth login"), "{answer}");
    assert_no_secret(&text, &third);

    let (ok, said) = run(&["auth", "status"], &gitlab, &config);
    assert!(!ok && said.contains("not signed in"), "{said}");
    let _ = std::fs::remove_dir_all(&config);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_denied_device_sign_in_stores_nothing() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    sandbox.set_device_interval(1);
    let gitlab = sandbox.base_url().to_string();
    let config = config_dir("denied");
    let login = Auth::start(
        &["auth", "login", "--client-id", SANDBOX_OAUTH_CLIENT_ID],
        &gitlab,
        &config,
    );
    let code = login.line_starting("First copy your one-time code:");
    let page = reqwest::Client::new()
        .post(format!("{gitlab}oauth/device"))
        .form(&[("user_code", code.as_str()), ("decision", "deny")])
        .send()
        .await
        .unwrap();
    assert!(page.status().is_success());
    let (ok, said) = login.finish();
    assert!(!ok && said.contains("denied"), "{said}");
    assert!(!config.join("credentials.json").exists());
    // Without an application id, it says where to get one.
    let (ok, said) = run(&["auth", "login"], &gitlab, &config);
    assert!(
        !ok && said.contains("--client-id") && said.contains("GITLAB_OAUTH_CLIENT_ID"),
        "{said}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_sign_in_uses_pkce_on_a_loopback_redirect() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let config = config_dir("browser");
    let login = Auth::start(
        &[
            "auth",
            "login",
            "--browser",
            "--client-id",
            SANDBOX_OAUTH_CLIENT_ID,
        ],
        &gitlab,
        &config,
    );
    let authorize = login.line_starting(&format!("{gitlab}oauth/authorize?"));
    let authorize = format!("{gitlab}oauth/authorize?{authorize}");
    let url = url::Url::parse(&authorize).unwrap();
    let query = |key: &str| {
        url.query_pairs()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.into_owned())
    };
    assert_eq!(query("code_challenge_method").as_deref(), Some("S256"));
    assert!(
        query("redirect_uri")
            .unwrap()
            .starts_with("http://127.0.0.1:")
    );
    // The browser: GitLab's page says yes and sends it back to the loopback listener.
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let consent = browser.get(&authorize).send().await.unwrap();
    assert_eq!(consent.status(), 302);
    let back = consent.headers()["location"].to_str().unwrap().to_owned();
    let landing = browser.get(&back).send().await.unwrap();
    assert!(landing.text().await.unwrap().contains("Signed in"));
    let (ok, said) = login.finish();
    assert!(ok, "{said}");
    let login = stored(&config, &gitlab);
    assert_eq!(login["username"], "sandbox-user");
    assert_no_secret(&said, &login);
    let _ = std::fs::remove_dir_all(&config);
}

/// Where GitLab has no device grant (before 17.9: `/oauth/authorize_device` is a 404), the
/// sign-in goes on in a browser.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_device_grant_it_signs_in_with_a_browser() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let config = config_dir("fallback");
    sandbox.fail_next(FaultSpec::raw(404, ""));
    let login = Auth::start(
        &["auth", "login", "--client-id", SANDBOX_OAUTH_CLIENT_ID],
        &gitlab,
        &config,
    );
    let why = login.line_starting("GitLab's device sign-in is not available here");
    assert!(why.contains("404"), "{why}");
    let authorize = login.line_starting(&format!("{gitlab}oauth/authorize?"));
    let authorize = format!("{gitlab}oauth/authorize?{authorize}");
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let consent = browser.get(&authorize).send().await.unwrap();
    let back = consent.headers()["location"].to_str().unwrap().to_owned();
    browser.get(&back).send().await.unwrap();
    let (ok, said) = login.finish();
    assert!(ok, "{said}");
    assert_eq!(stored(&config, &gitlab)["username"], "sandbox-user");
    let _ = std::fs::remove_dir_all(&config);
}
