//! The real binary on stdio, spoken to line by line: every message is sent as written
//! and every answer read back as JSON, each wait bounded.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// `initialize` on 2025-11-25 from a client that declares no capabilities.
pub const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}"#;

/// The server on stdio, its answers read line by line on a thread.
pub struct StdioServer {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    next_id: u64,
}

impl StdioServer {
    /// The individual surface against `gitlab`, warnings only in the log.
    pub fn start(gitlab: &str) -> StdioServer {
        StdioServer::with_env(gitlab, &[])
    }

    /// The server with `env` set besides `GITLAB_URL` (a surface, allowed projects, …).
    pub fn with_env(gitlab: &str, env: &[(&str, &str)]) -> StdioServer {
        let mut command = Command::new(super::SERVER);
        super::isolated(&mut command)
            .env("GITLAB_URL", gitlab)
            .env("GITLAB_MCP_TOOL_SURFACE", "individual")
            .env("RUST_LOG", "warn");
        for (name, value) in env {
            command.env(name, value);
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (sender, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        StdioServer {
            child,
            stdin,
            lines,
            next_id: 100,
        }
    }

    /// The process id, to read its memory.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn send(&mut self, line: &[u8]) {
        self.stdin.write_all(line).expect("written");
        self.stdin.write_all(b"\n").expect("written");
        self.stdin.flush().expect("flushed");
    }

    /// The next answer, bounded: a missing answer is a failure, not a hang.
    pub fn answer(&self) -> Value {
        let line = self
            .lines
            .recv_timeout(Duration::from_secs(30))
            .expect("an answer within 30 s");
        serde_json::from_str(&line).expect("an answer is JSON")
    }

    /// `initialize` on 2025-11-25 and its `initialized` notification.
    pub fn initialize(&mut self) -> Value {
        self.send(INITIALIZE.as_bytes());
        let answer = self.answer();
        self.send(br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#);
        answer
    }

    /// A `tools/call` of `tool` with `arguments`; the JSON-RPC answer.
    pub fn call(&mut self, tool: &str, arguments: &Value) -> Value {
        self.start_call(tool, arguments);
        self.answer()
    }

    /// Sends a `tools/call` of `tool` with `arguments` without waiting for its answer; its id.
    pub fn start_call(&mut self, tool: &str, arguments: &Value) -> u64 {
        self.send_request("tools/call", &json!({"name": tool, "arguments": arguments}))
    }

    /// Sends one request of `method` with `params` and returns its answer.
    pub fn request(&mut self, method: &str, params: &Value) -> Value {
        self.send_request(method, params);
        self.answer()
    }

    /// Sends one request of `method` with `params` without waiting for its answer; its id.
    pub fn send_request(&mut self, method: &str, params: &Value) -> u64 {
        self.next_id += 1;
        let request = json!({
            "jsonrpc": "2.0",
            "id": self.next_id,
            "method": method,
            "params": params,
        });
        self.send(request.to_string().as_bytes());
        self.next_id
    }

    /// Sends SIGTERM (through `kill`, as a service manager would).
    pub fn terminate(&self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("`kill` runs");
        assert!(status.success(), "kill -TERM failed: {status}");
    }

    /// Waits, up to `patience`, for the process to exit on its own.
    pub fn wait_exit(&mut self, patience: Duration) -> ExitStatus {
        let deadline = Instant::now() + patience;
        loop {
            if let Some(status) = self.child.try_wait().expect("the child can be waited for") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "the server did not exit within {patience:?}"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for StdioServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
