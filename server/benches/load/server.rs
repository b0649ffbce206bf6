//! The server under test: the release binary in its own process, on a free loopback port.
//! Shared by the load and memory benches (`#[path]`), which read its `/proc` figures.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;
use std::thread;
use std::time::Duration;

pub struct Server {
    child: Child,
    /// `http://127.0.0.1:<port>/mcp`.
    pub url: String,
}

impl Server {
    /// Serves `gitlab_url` with `args` added to `--http 127.0.0.1:0`.
    pub fn spawn(gitlab_url: &str, args: &[&str]) -> Result<Server, String> {
        // `LOAD_BENCH_SERVER` names another build to measure (a before and an after).
        let binary = std::env::var_os("LOAD_BENCH_SERVER")
            .unwrap_or_else(|| env!("CARGO_BIN_EXE_gitlab-mcp-server").into());
        let mut child = Command::new(binary)
            .env_clear()
            .env("GITLAB_URL", gitlab_url)
            .env("GITLAB_TOKEN", "glpat-load-bench")
            .env("GITLAB_MCP_TOOL_SURFACE", "individual")
            // Quiet, except for the line that says where it listens.
            .env("RUST_LOG", "warn,gitlab_mcp_server::http=info")
            .args(["--http", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("the server binary did not start: {e}"))?;
        let stderr = child.stderr.take().ok_or("stderr is not piped")?;
        let (sender, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                // Echo warnings and errors: a failing run says why.
                if !line.contains(" INFO ") {
                    eprintln!("server: {line}");
                }
                let _ = sender.send(line);
            }
        });
        let mut server = Server {
            child,
            url: String::new(),
        };
        loop {
            let line = lines
                .recv_timeout(Duration::from_secs(30))
                .map_err(|_| "the server never said where it listens".to_owned())?;
            if let Some(rest) = line.split("listening on ").nth(1) {
                let url = rest.split_whitespace().next().unwrap_or_default();
                server.url = url.to_owned();
                return Ok(server);
            }
        }
    }

    /// A figure of the server process's `/proc/PID/status` (`VmRSS`, `VmHWM`), KiB.
    pub fn status_kib(&self, field: &str) -> Option<u64> {
        status_kib(self.child.id(), field)
    }

    /// CPU time the server process has used so far, user and system, all its threads.
    #[allow(dead_code, reason = "the memory bench reads no CPU time")]
    pub fn cpu_time(&self) -> Option<Duration> {
        cpu_time(self.child.id())
    }

    /// SIGTERM, then waits for a clean exit.
    pub fn stop(&mut self) -> Result<(), String> {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let status = self.child.wait().map_err(|e| e.to_string())?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("the server exited with {status}"))
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Stopped already on the normal path; this covers a failed run.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// A figure of `/proc/<pid>/status` (`VmRSS`, `VmHWM`), KiB (Linux).
pub fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|line| {
        let value = line.strip_prefix(field)?.strip_prefix(':')?;
        value.trim().trim_end_matches("kB").trim().parse().ok()
    })
}

/// CPU time process `pid` has used, user and system, all threads: `utime` and `stime` of
/// `/proc/<pid>/stat`, in clock ticks (Linux).
pub fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces; the fields after it do not.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after `(comm)`.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_secs_f64(ticks as f64 / clock_ticks() as f64))
}

/// `sysconf(_SC_CLK_TCK)`, asked of `getconf` once; 100 on every Linux this runs on.
fn clock_ticks() -> u64 {
    static TICKS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|out| String::from_utf8(out.stdout).ok())
            .and_then(|text| text.trim().parse().ok())
            .unwrap_or(100)
    })
}
