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
    pub fn start() -> Redis {
        let port = free_port();
        let child = Command::new("redis-server")
            .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
            .args(["--save", "", "--appendonly", "no"])
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
