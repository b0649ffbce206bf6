//! A real forward proxy, as a company puts in front of the internet: `tinyproxy` (the
//! Debian package `.ci/test` installs) on a free loopback port, logging every request it
//! passes on, so a test sees which calls went through it.
//!
//! Without `tinyproxy` a test needing it says it was skipped — unless
//! `GITLAB_MCP_TESTS_NEED_TINYPROXY` is set, as `.ci/test` sets it, where it fails.

use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use super::redis::free_port;

/// One `tinyproxy` process. Dropping it kills the process.
pub struct Tinyproxy {
    child: Child,
    /// `http://127.0.0.1:<port>`.
    pub url: String,
    log: PathBuf,
    /// Its configuration and log, removed with it.
    _dir: tempfile::TempDir,
}

impl Tinyproxy {
    /// `None` when there is none to start here (see the module's documentation).
    pub fn start() -> Option<Tinyproxy> {
        let needed = super::Needed {
            program: "tinyproxy",
            version_flag: "-v",
            required_by: "GITLAB_MCP_TESTS_NEED_TINYPROXY",
            package: "tinyproxy",
            install: "Debian/Ubuntu: apt install tinyproxy",
        };
        if !needed.installed() {
            return None;
        }
        let port = free_port();
        let dir = tempfile::tempdir().expect("a directory for tinyproxy's files");
        let log = dir.path().join("tinyproxy.log");
        let config = dir.path().join("tinyproxy.conf");
        // No `ConnectPort` line: CONNECT is allowed to any port (the TLS sandbox's is random).
        std::fs::write(
            &config,
            format!(
                "Port {port}\nListen 127.0.0.1\nTimeout 30\nLogFile \"{}\"\nLogLevel Connect\n\
                 PidFile \"{}\"\nMaxClients 20\nAllow 127.0.0.1\n",
                log.display(),
                dir.path().join("tinyproxy.pid").display(),
            ),
        )
        .expect("tinyproxy's configuration is written");
        let child = Command::new("tinyproxy")
            // In the foreground, so that dropping the child stops it.
            .args(["-d", "-c"])
            .arg(&config)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("`tinyproxy` runs (the Debian package tinyproxy; .ci/run installs it)");
        let deadline = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "tinyproxy never listened on {port}"
            );
            thread::sleep(Duration::from_millis(20));
        }
        Some(Tinyproxy {
            child,
            url: format!("http://127.0.0.1:{port}"),
            log,
            _dir: dir,
        })
    }

    /// What it logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Tinyproxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
