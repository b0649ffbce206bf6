//! The server as a child process whose stdin/stdout are the MCP stream.
//!
//! Spawned with `std::process` and joined to tokio through `tokio::net::unix::pipe`, not
//! with rmcp's `transport-child-process` / tokio's `process` features: any feature this
//! test crate adds to a shared dependency makes cargo build the server's whole dependency
//! tree a second time (once for the tests, once for the binary the tests spawn).

use std::os::fd::OwnedFd;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::io::AsyncReadExt;
use tokio::net::unix::pipe;

/// A running server; killed on drop if it has not exited by then.
pub struct ServerProcess {
    child: Child,
    stderr: Arc<Mutex<String>>,
}

/// The MCP stream: read the server's stdout, write its stdin.
pub type Stream = (pipe::Receiver, pipe::Sender);

impl ServerProcess {
    /// Starts `binary` with `env` set, after removing every inherited variable `cleared`
    /// picks, in `dir` when given.
    pub fn spawn(
        binary: &Path,
        cleared: fn(&str) -> bool,
        env: &[(String, String)],
        dir: Option<&Path>,
    ) -> std::io::Result<(ServerProcess, Stream)> {
        let mut command = Command::new(binary);
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        for (name, _) in std::env::vars_os() {
            if name.to_str().is_some_and(cleared) {
                command.env_remove(name);
            }
        }
        command
            .envs(env.iter().map(|(name, value)| (name, value)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn()?;
        let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let process = ServerProcess {
            child,
            stderr: Arc::default(),
        };
        let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
            return Err(std::io::Error::other("the child's stdio was not piped"));
        };
        let stream = (
            pipe::Receiver::from_owned_fd(OwnedFd::from(stdout))?,
            pipe::Sender::from_owned_fd(OwnedFd::from(stdin))?,
        );
        let mut stderr = pipe::Receiver::from_owned_fd(OwnedFd::from(stderr))?;
        let sink = Arc::clone(&process.stderr);
        tokio::spawn(async move {
            let mut buffer = [0u8; 4096];
            while let Ok(read @ 1..) = stderr.read(&mut buffer).await {
                let chunk = String::from_utf8_lossy(&buffer[..read]);
                sink.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push_str(&chunk);
            }
        });
        Ok((process, stream))
    }

    /// Everything the server wrote to stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        // A server that saw its stdin close has exited; one that did not is stopped here,
        // so a failing test leaves no process behind.
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
