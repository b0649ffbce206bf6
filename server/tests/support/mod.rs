//! What the integration tests share: the real binary started on `--http 127.0.0.1:0`
//! against an in-test sandbox GitLab ([`Replica`]) or on stdio ([`stdio`]), a raw JSON-RPC
//! client for it (so a test decides which replica gets each request and sees every HTTP
//! status), the test kit's rmcp client over HTTP, the issue wizard round by round, a
//! real Redis, and a GitLab that answers late.
#![allow(
    dead_code,
    reason = "each test file is its own crate and uses only part of the support"
)]

pub mod client;
pub mod redis;
pub mod rpc;
pub mod secret_service;
pub mod slow_gitlab;
pub mod stdio;
pub mod tinyproxy;
pub mod tls_front;
pub mod wizard;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

/// The server binary under test.
pub const SERVER: &str = env!("CARGO_BIN_EXE_gitlab-mcp-server");

/// `command` without the developer's environment: only what the test then sets (a
/// developer's GITLAB_* must not leak in), and none of their sign-ins — the credentials
/// file chosen, in a directory no test writes, so not even the macOS Keychain is read. The
/// sign-in tests set `GITLAB_MCP_CREDENTIAL_STORE` and `GITLAB_MCP_CONFIG_DIR` again.
pub fn isolated(command: &mut Command) -> &mut Command {
    command
        .env_clear()
        .env("GITLAB_MCP_CREDENTIAL_STORE", "file")
        .env(
            "GITLAB_MCP_CONFIG_DIR",
            std::env::temp_dir().join("gitlab-mcp-tests-no-sign-in"),
        )
}

/// A program some tests need that Cargo does not bring (`redis-server`, `tinyproxy`).
pub struct Needed {
    pub program: &'static str,
    /// The flag that makes it print its version and exit 0.
    pub version_flag: &'static str,
    /// The variable `.ci/test` sets after installing it: then a missing one fails.
    pub required_by: &'static str,
    /// The Debian package `.ci/test` installs.
    pub package: &'static str,
    /// How to install it by hand.
    pub install: &'static str,
}

impl Needed {
    /// Whether it is installed. When it is not, the test says it was skipped and how to
    /// install it — or fails, where `required_by` says this run needs it.
    pub fn installed(&self) -> bool {
        let installed = Command::new(self.program)
            .arg(self.version_flag)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if !installed {
            assert!(
                std::env::var_os(self.required_by).is_none(),
                "`{}` is not installed, and {} says this run needs it (the Debian package {})",
                self.program,
                self.required_by,
                self.package
            );
            eprintln!(
                "SKIPPED: this test needs `{}`, which is not installed ({}); `.ci/run` installs it",
                self.program, self.install
            );
        }
        installed
    }
}

/// How long a replica may take to start, or to exit once told.
const PATIENCE: Duration = Duration::from_secs(30);

/// Two 32-byte keys, hex (`openssl rand -hex 32`).
pub const KEY_A: &str = "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9";
pub const KEY_B: &str = "f9e8d7c6b5a4938271605f4e3d2c1b0af9e8d7c6b5a4938271605f4e3d2c1b0a";
/// The token the server itself is configured with.
pub const SERVER_TOKEN: &str = "glpat-server-own-token";
/// The token a test's requests carry unless it says otherwise.
pub const CALLER_TOKEN: &str = "glpat-test-caller";

/// One `gitlab-mcp-server --http` process. Dropping it kills the process.
pub struct Replica {
    child: Child,
    /// `http://127.0.0.1:<port>/mcp`.
    pub url: String,
    stderr: Arc<Mutex<Vec<String>>>,
    lines: Receiver<String>,
}

/// How to start a replica; `Replica::start` fills in the rest.
pub struct Launch<'a> {
    pub gitlab_url: &'a str,
    /// `GITLAB_MCP_STATE_KEYS`; `None`: a random key per process.
    pub state_keys: Option<&'a str>,
    pub surface: &'a str,
    pub args: &'a [&'a str],
    /// `RUST_LOG`.
    pub log: &'a str,
    /// The server's limit on open files (`ulimit -n`), when it should not inherit ours.
    pub open_files: Option<u64>,
    /// Where it listens (`--http`).
    pub address: &'a str,
    /// More environment (`HTTPS_PROXY`, `GITLAB_CA_CERT`, …).
    pub env: &'a [(&'a str, &'a str)],
}

impl<'a> Launch<'a> {
    /// The individual surface (wizards by name), the server's own token, info logs.
    pub fn new(gitlab_url: &'a str) -> Self {
        Launch {
            gitlab_url,
            state_keys: None,
            surface: "individual",
            args: &[],
            log: "info",
            open_files: None,
            address: "127.0.0.1:0",
            env: &[],
        }
    }

    pub fn keys(mut self, keys: &'a str) -> Self {
        self.state_keys = Some(keys);
        self
    }

    pub fn surface(mut self, surface: &'a str) -> Self {
        self.surface = surface;
        self
    }

    pub fn args(mut self, args: &'a [&'a str]) -> Self {
        self.args = args;
        self
    }

    pub fn log(mut self, filter: &'a str) -> Self {
        self.log = filter;
        self
    }

    /// Listens on `address` rather than a loopback port.
    pub fn address(mut self, address: &'a str) -> Self {
        self.address = address;
        self
    }

    pub fn env(mut self, env: &'a [(&'a str, &'a str)]) -> Self {
        self.env = env;
        self
    }

    /// Starts the server under `ulimit -n limit`.
    pub fn open_files(mut self, limit: u64) -> Self {
        self.open_files = Some(limit);
        self
    }

    pub fn start(self) -> Replica {
        Replica::start(self)
    }
}

impl Replica {
    fn start(launch: Launch<'_>) -> Replica {
        let mut command = match launch.open_files {
            None => Command::new(SERVER),
            // The shell lowers its own limit, then becomes the server.
            Some(limit) => {
                let mut shell = Command::new("/bin/sh");
                shell.args([
                    "-c",
                    &format!("ulimit -n {limit} && exec \"$0\" \"$@\""),
                    SERVER,
                ]);
                shell
            }
        };
        isolated(&mut command)
            .env("GITLAB_URL", launch.gitlab_url)
            .env("GITLAB_TOKEN", SERVER_TOKEN)
            .env("GITLAB_MCP_TOOL_SURFACE", launch.surface)
            .env("RUST_LOG", launch.log)
            .args(["--http", launch.address])
            .args(launch.args)
            .envs(launch.env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        if let Some(keys) = launch.state_keys {
            command.env("GITLAB_MCP_STATE_KEYS", keys);
        }
        let mut child = command.spawn().expect("the server binary starts");
        let stderr = child.stderr.take().expect("stderr is piped");
        let kept = Arc::new(Mutex::new(Vec::new()));
        let (sender, lines) = channel();
        let keep = Arc::clone(&kept);
        thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                keep.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(line.clone());
                // The receiver may be gone; the line is kept either way.
                let _ = sender.send(line);
            }
        });
        let mut replica = Replica {
            child,
            url: String::new(),
            stderr: kept,
            lines,
        };
        let line = replica.wait_for_line("listening on http://");
        let address = line
            .split("listening on http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .expect("the listening line names the address");
        replica.url = format!("http://{address}");
        replica
    }

    /// The first stderr line from now on containing `needle`; panics with the log so far
    /// if none comes.
    pub fn wait_for_line(&mut self, needle: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.contains(needle) => return line,
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => panic!(
                    "the server never logged `{needle}`; its log:\n{}",
                    self.log().join("\n")
                ),
            }
        }
    }

    /// Every stderr line so far.
    pub fn log(&self) -> Vec<String> {
        self.stderr
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// `host:port`.
    pub fn authority(&self) -> &str {
        self.url
            .trim_start_matches("http://")
            .trim_end_matches("/mcp")
    }

    /// Sends SIGTERM (through `kill`, as a service manager would).
    pub fn terminate(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("`kill` runs");
        assert!(status.success(), "kill -TERM failed: {status}");
    }

    /// Waits for the process to exit on its own.
    pub fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("the child can be waited for") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "the server did not exit; its log:\n{}",
                self.log().join("\n")
            );
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        // Already exited in tests that stop it; killing an exited child is harmless.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
