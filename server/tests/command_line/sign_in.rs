//! `auth login | status | logout` through the binary against the sandbox's OAuth: the
//! device sign-in (the user's approval simulated by the sandbox's own approval), the
//! browser sign-in with PKCE (the browser's step scripted: the authorization page's
//! redirect followed to the loopback listener), the stored sign-in used by the next start,
//! refreshed before it expires and once GitLab refuses it, and revoked by `logout` — kept
//! in the system keyring (a real Secret Service on a private D-Bus session) where there
//! is one, else in a file only the user reads. No token ever shows in what the commands
//! or the server print.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::Duration;

use gitlab_sandbox::{FaultSpec, SANDBOX_OAUTH_CLIENT_ID, Sandbox};
use serde_json::{Value, json};

use crate::support::secret_service::{NO_SESSION_BUS, SecretService, Unlocked};
use crate::support::stdio::StdioServer;
use crate::support::{SERVER, isolated};

/// `gitlab-mcp-server auth …` running, its stderr read line by line.
pub(crate) struct Auth {
    child: Child,
    lines: Receiver<String>,
    said: Arc<Mutex<Vec<String>>>,
}

impl Auth {
    pub(crate) fn start(args: &[&str], gitlab: &str, keep: &Keep) -> Auth {
        let mut child = isolated(&mut Command::new(SERVER))
            .args(args)
            .env("GITLAB_URL", gitlab)
            .envs(keep.env())
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
    pub(crate) fn line_starting(&self, prefix: &str) -> String {
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

    /// Whether it is still running.
    pub(crate) fn running(&mut self) -> bool {
        self.child
            .try_wait()
            .expect("it can be waited for")
            .is_none()
    }

    /// Waits for the end; whether it succeeded, and everything it said.
    pub(crate) fn finish(mut self) -> (bool, String) {
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

fn run(args: &[&str], gitlab: &str, keep: &Keep) -> (bool, String) {
    Auth::start(args, gitlab, keep).finish()
}

/// The keyring's service for the server's entries.
const SERVICE: &str = "gitlab-mcp-server";

/// Where a test's commands and servers keep the sign-in: a configuration directory of the
/// test's own, and a private Secret Service or no keyring at all — never the developer's.
pub(crate) struct Keep {
    config: PathBuf,
    keyring: Option<SecretService>,
    /// `GITLAB_MCP_CREDENTIAL_STORE`; `None`: the server chooses.
    choice: Option<&'static str>,
}

impl Keep {
    /// No keyring to be found: the sign-in goes to the file.
    pub(crate) fn file(name: &str) -> Keep {
        Keep {
            config: config_dir(name),
            keyring: None,
            // The Keychain and the Credential Manager need no session bus to be found:
            // there only the setting keeps the developer's own out of the test.
            choice: (!cfg!(all(unix, not(target_os = "macos")))).then_some("file"),
        }
    }

    /// A Secret Service of the test's own; `None`: skipped (none can run here).
    fn keyring(name: &str, unlocked: Unlocked) -> Option<Keep> {
        Some(Keep {
            config: config_dir(name),
            keyring: Some(SecretService::start(unlocked)?),
            choice: None,
        })
    }

    /// With `GITLAB_MCP_CREDENTIAL_STORE` set to `choice`.
    fn choosing(mut self, choice: &'static str) -> Keep {
        self.choice = Some(choice);
        self
    }

    fn env(&self) -> [(&'static str, String); 3] {
        let bus = self
            .keyring
            .as_ref()
            .map_or(NO_SESSION_BUS.to_owned(), |keyring| keyring.address.clone());
        [
            (
                "GITLAB_MCP_CONFIG_DIR",
                self.config.to_string_lossy().into_owned(),
            ),
            ("DBUS_SESSION_BUS_ADDRESS", bus),
            (
                "GITLAB_MCP_CREDENTIAL_STORE",
                self.choice.unwrap_or("auto").to_owned(),
            ),
        ]
    }

    fn file_path(&self) -> PathBuf {
        self.config.join("credentials.json")
    }

    /// The file's sign-in for `gitlab` (null: none).
    fn in_file(&self, gitlab: &str) -> Value {
        match std::fs::read_to_string(self.file_path()) {
            Ok(text) => {
                serde_json::from_str::<Value>(&text).expect("JSON")["logins"][gitlab].clone()
            }
            Err(_) => Value::Null,
        }
    }

    /// The keyring's sign-in for `gitlab`, as another program reads it (null: none).
    fn in_keyring(&self, gitlab: &str) -> Value {
        self.keyring
            .as_ref()
            .and_then(|keyring| keyring.lookup(SERVICE, gitlab))
            .map_or(Value::Null, |text| {
                serde_json::from_str(&text).expect("JSON")
            })
    }

    /// The sign-in for `gitlab` wherever it is (null: none).
    pub(crate) fn stored(&self, gitlab: &str) -> Value {
        match self.in_keyring(gitlab) {
            Value::Null => self.in_file(gitlab),
            login => login,
        }
    }

    /// Puts `login` where the sign-in for `gitlab` is now, replacing it.
    fn replace(&self, gitlab: &str, login: &Value) {
        if let Some(keyring) = self
            .keyring
            .as_ref()
            .filter(|_| !self.in_keyring(gitlab).is_null())
        {
            keyring.store(SERVICE, gitlab, &login.to_string());
            return;
        }
        let mut file: Value =
            serde_json::from_str(&std::fs::read_to_string(self.file_path()).unwrap()).unwrap();
        file["logins"][gitlab] = login.clone();
        std::fs::write(self.file_path(), file.to_string()).unwrap();
    }

    /// A server on stdio that finds its sign-in here.
    fn server(&self, gitlab: &str) -> StdioServer {
        let env = self.env();
        let env: Vec<(&str, &str)> = env
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
            .collect();
        StdioServer::with_env(gitlab, &env)
    }
}

impl Drop for Keep {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.config);
    }
}

fn config_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("gitlab-mcp-sign-in-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
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
async fn a_device_sign_in_is_kept_in_a_file_where_there_is_no_keyring() {
    let keep = Keep::file("device");
    let said = sign_in_use_refresh_and_revoke(&keep, "no-keyring").await;
    let file = keep.file_path().display().to_string();
    let why = if keep.choice.is_some() {
        "GITLAB_MCP_CREDENTIAL_STORE is `file`"
    } else {
        "the Secret Service keyring cannot be used"
    };
    assert!(
        said.contains(&format!(
            "kept in {file} (readable by you alone), not the system keyring: {why}"
        )),
        "{said}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_sign_in_is_kept_in_the_system_keyring() {
    let Some(keep) = Keep::keyring("keyring", Unlocked::Yes) else {
        return;
    };
    // A sign-in an earlier version kept in the file: kept in the keyring now, it goes.
    std::fs::create_dir_all(&keep.config).unwrap();
    std::fs::write(
        keep.file_path(),
        json!({"logins": {"https://elsewhere.example/": {"client_id": "a", "access_token": "t", "refresh_token": null, "expires_at": null, "scope": "api", "username": "x"}}}).to_string(),
    )
    .unwrap();
    let said = sign_in_use_refresh_and_revoke(&keep, "keyring").await;
    assert!(
        said.contains("kept in the Secret Service keyring and refreshed"),
        "{said}"
    );
    // The other instance's sign-in stays where it was.
    assert_eq!(keep.in_file("https://elsewhere.example/")["username"], "x");
}

/// A keyring that cannot keep it (locked, its unlock prompt unanswered): the sign-in goes
/// to the file, saying why; one the user asked for and that is not there: nothing starts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_keyring_that_cannot_keep_it_is_said() {
    let Some(keep) = Keep::keyring("locked", Unlocked::No) else {
        return;
    };
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    sandbox.set_device_interval(1);
    let gitlab = sandbox.base_url().to_string();
    let (ok, said) = device_sign_in(&sandbox, &gitlab, &keep);
    assert!(ok, "{said}");
    let file = keep.file_path().display().to_string();
    assert!(
        said.contains(&format!(
            "kept in {file} (readable by you alone), not the system keyring: the Secret Service keyring could not keep the sign-in for {gitlab}"
        )),
        "{said}"
    );
    assert_eq!(keep.in_file(&gitlab)["username"], "sandbox-user");
    assert!(keep.in_keyring(&gitlab).is_null());
    let (ok, said) = run(&["auth", "status"], &gitlab, &keep);
    assert!(ok && said.contains(&format!("Kept in {file}")), "{said}");

    // Asked for the keyring where there is none: refused before anything is asked.
    let keep = Keep::file("keyring-chosen").choosing("keyring");
    sandbox.clear_requests();
    let (ok, said) = run(
        &["auth", "login", "--client-id", SANDBOX_OAUTH_CLIENT_ID],
        &gitlab,
        &keep,
    );
    assert!(
        !ok && said.contains("GITLAB_MCP_CREDENTIAL_STORE is `keyring`, but the Secret Service keyring cannot be used"),
        "{said}"
    );
    assert!(received(&sandbox).is_empty());
    let keep = Keep::file("keyring-typo").choosing("vault");
    let (ok, said) = run(&["auth", "status"], &gitlab, &keep);
    assert!(
        // Stopped with the other settings' errors, before any command runs.
        !ok && said.contains(
            "GITLAB_MCP_CREDENTIAL_STORE (--credential-store): `vault` is not a credential \
             store; say `keyring`"
        ),
        "{said}"
    );
}

/// `auth login` with the device grant, the user's approval given at the sandbox's page.
fn device_sign_in(sandbox: &Sandbox, gitlab: &str, keep: &Keep) -> (bool, String) {
    let login = Auth::start(
        &["auth", "login", "--client-id", SANDBOX_OAUTH_CLIENT_ID],
        gitlab,
        keep,
    );
    let code = login.line_starting("First copy your one-time code:");
    sandbox.approve_device(&code);
    login.finish()
}

/// Signs in with the device grant and follows the sign-in through its life: status, the
/// next start acting with it, refreshed when GitLab refuses it and before it expires,
/// revoked by logout. What `auth login` said.
async fn sign_in_use_refresh_and_revoke(keep: &Keep, name: &str) -> String {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    sandbox.set_device_interval(1);
    let gitlab = sandbox.base_url().to_string();

    let (ok, login_said) = device_sign_in(&sandbox, &gitlab, keep);
    assert!(ok, "{login_said}");
    assert!(
        login_said.contains(&format!("Signed in to {gitlab} as @sandbox-user")),
        "{login_said}"
    );
    let first = keep.stored(&gitlab);
    assert_eq!(first["username"], "sandbox-user", "{name}");
    assert_eq!(first["client_id"], SANDBOX_OAUTH_CLIENT_ID);
    assert_no_secret(&login_said, &first);
    // In one place only.
    let in_keyring = keep.keyring.is_some();
    assert_eq!(keep.in_file(&gitlab).is_null(), in_keyring, "{name}");
    #[cfg(unix)]
    if !in_keyring {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(keep.file_path())
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "only the user reads it");
    }

    let (ok, said) = run(&["auth", "status"], &gitlab, keep);
    assert!(
        ok && said.contains(&format!("Signed in to {gitlab} as @sandbox-user")),
        "{said}"
    );
    assert_no_secret(&said, &first);

    // The next start acts with it (no GITLAB_TOKEN): a token GitLab refuses is refreshed
    // once, the refreshed pair kept.
    let mut server = keep.server(&gitlab);
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
    let second = keep.stored(&gitlab);
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
    keep.replace(&gitlab, &soon);
    let mut server = keep.server(&gitlab);
    server.initialize();
    sandbox.clear_requests();
    let answer = server.call("gitlab_project_get", &read);
    assert_eq!(answer["result"]["isError"], false, "{answer}");
    assert_eq!(
        received(&sandbox),
        ["POST /oauth/token", "GET /api/v4/projects/1"]
    );
    let third = keep.stored(&gitlab);
    assert_ne!(third["access_token"], second["access_token"]);

    // Signed out: both tokens revoked at GitLab and forgotten; the server then says how
    // to sign in again.
    sandbox.clear_requests();
    let (ok, said) = run(&["auth", "logout"], &gitlab, keep);
    assert!(ok, "{said}");
    assert!(said.contains(&format!("Signed out of {gitlab}")), "{said}");
    assert_no_secret(&said, &third);
    assert_eq!(
        received(&sandbox),
        ["POST /oauth/revoke", "POST /oauth/revoke"]
    );
    assert!(keep.stored(&gitlab).is_null());
    let answer = server.call("gitlab_project_get", &read);
    let text = answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(text.contains("auth login"), "{answer}");
    assert_no_secret(&text, &third);

    let (ok, said) = run(&["auth", "status"], &gitlab, keep);
    assert!(!ok && said.contains("not signed in"), "{said}");
    login_said
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_denied_device_sign_in_stores_nothing() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    sandbox.set_device_interval(1);
    let gitlab = sandbox.base_url().to_string();
    let keep = Keep::file("denied");
    let login = Auth::start(
        &["auth", "login", "--client-id", SANDBOX_OAUTH_CLIENT_ID],
        &gitlab,
        &keep,
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
    assert!(!keep.file_path().exists());
    // Without an application id, it says where to get one.
    let (ok, said) = run(&["auth", "login"], &gitlab, &keep);
    assert!(
        !ok && said.contains("--client-id") && said.contains("GITLAB_OAUTH_CLIENT_ID"),
        "{said}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browser_sign_in_uses_pkce_on_a_loopback_redirect() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let keep = Keep::file("browser");
    let login = Auth::start(
        &[
            "auth",
            "login",
            "--browser",
            "--client-id",
            SANDBOX_OAUTH_CLIENT_ID,
        ],
        &gitlab,
        &keep,
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
    let login = keep.stored(&gitlab);
    assert_eq!(login["username"], "sandbox-user");
    assert_no_secret(&said, &login);
}

/// Where GitLab has no device grant (before 17.9: `/oauth/authorize_device` is a 404), the
/// sign-in goes on in a browser.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_device_grant_it_signs_in_with_a_browser() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let keep = Keep::file("fallback");
    sandbox.fail_next(FaultSpec::raw(404, ""));
    let login = Auth::start(
        &["auth", "login", "--client-id", SANDBOX_OAUTH_CLIENT_ID],
        &gitlab,
        &keep,
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
    assert_eq!(keep.stored(&gitlab)["username"], "sandbox-user");
}
