//! A real Redis for the tests that share claims between replicas: `redis-server` (the
//! Debian package `.ci/run` installs) on a free loopback port, nothing written to disk.
//!
//! On a machine without `redis-server`, `cargo test` still runs everything else: a test
//! needing Redis says it was skipped and how to install it — unless
//! `GITLAB_MCP_TESTS_NEED_REDIS` is set, as `.ci/test` (the README's test command, run by `.ci/run`) sets it after installing Debian's redis-server, where a missing Redis fails.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// One `redis-server` process. Dropping it kills the process.
pub struct Redis {
    child: Child,
    /// `redis://127.0.0.1:<port>`.
    pub url: String,
    port: u16,
    dir: PathBuf,
    settings: Vec<String>,
}

impl Redis {
    /// A Redis that keeps nothing on disk; `None` when there is none to start here (see
    /// the module's documentation): the test returns, skipped.
    pub fn start() -> Option<Redis> {
        Redis::start_with(&["--save", "", "--appendonly", "no"])
    }

    /// A Redis with `settings` (`--appendonly yes`, …), its files in a directory of its own;
    /// `None` as for [`Redis::start`].
    pub fn start_with(settings: &[&str]) -> Option<Redis> {
        let needed = super::Needed {
            program: "redis-server",
            version_flag: "--version",
            required_by: "GITLAB_MCP_TESTS_NEED_REDIS",
            package: "redis-server",
            install: "Debian/Ubuntu: apt install redis-server; macOS: brew install redis",
        };
        if !needed.installed() {
            return None;
        }
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("redis-test-{port}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory for Redis's files");
        let settings: Vec<String> = settings.iter().map(|s| (*s).to_owned()).collect();
        let child = spawn(port, &dir, &settings);
        Some(Redis {
            child,
            url: format!("redis://127.0.0.1:{port}"),
            port,
            dir,
            settings,
        })
    }

    /// Stops this Redis and starts it again, on the same port with the same settings and
    /// files, as an operator's restart does: connections open to the old one are broken.
    pub fn restart(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.child = spawn(self.port, &self.dir, &self.settings);
    }
}

/// `redis-server` on `port`, listening once this returns.
fn spawn(port: u16, dir: &Path, settings: &[String]) -> Child {
    let child = Command::new("redis-server")
        .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
        .arg("--dir")
        .arg(dir)
        .args(settings)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("`redis-server` runs (the Debian package redis-server; .ci/run installs it)");
    let deadline = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < deadline,
            "redis-server never listened on {port}"
        );
        thread::sleep(Duration::from_millis(20));
    }
    child
}

/// A port nobody listens on now.
pub fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    listener.local_addr().expect("bound").port()
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
