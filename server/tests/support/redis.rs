//! A real Redis for the tests that share claims between replicas: `redis-server` (the
//! Debian package `.ci/run` installs) on a free loopback port, nothing written to disk.

use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// One `redis-server` process. Dropping it kills the process.
pub struct Redis {
    child: Child,
    /// `redis://127.0.0.1:<port>`.
    pub url: String,
}

impl Redis {
    /// A Redis that keeps nothing on disk.
    pub fn start() -> Redis {
        Redis::start_with(&["--save", "", "--appendonly", "no"])
    }

    /// A Redis with `settings` (`--appendonly yes`, …), its files in a directory of its own.
    pub fn start_with(settings: &[&str]) -> Redis {
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("redis-test-{port}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory for Redis's files");
        let child = Command::new("redis-server")
            .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
            .arg("--dir")
            .arg(&dir)
            .args(settings)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("`redis-server` runs (the Debian package redis-server; .ci/run installs it)");
        let redis = Redis {
            child,
            url: format!("redis://127.0.0.1:{port}"),
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "redis-server never listened on {port}"
            );
            thread::sleep(Duration::from_millis(20));
        }
        redis
    }
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
