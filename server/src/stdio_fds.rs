//! The process's stdin and stdout as async streams the runtime's own poller wakes.
//!
//! tokio's `stdin()` and `stdout()` read and write on its blocking thread pool, so a round
//! costs a hop to a pool thread and back for the read, the write and the flush: about a
//! hundred microseconds of wake-ups per round on a small machine, for a few microseconds
//! of work. A pipe or a socket (what an MCP host gives a server it starts: Node hosts
//! use socket pairs) is made non-blocking and registered with the reactor instead; a
//! terminal or a file, which cannot be polled, keeps tokio's pool.
//!
//! Non-blocking is a flag of the open file, shared with whoever else holds it: the host
//! gave these ends to this process alone, and they are only ever read and written here.

use std::fs::File;
use std::io;
use std::os::fd::{AsFd, OwnedFd};
use std::os::unix::fs::FileTypeExt;

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::UnixStream;
use tokio::net::unix::pipe;

pub type Input = Box<dyn AsyncRead + Send + Unpin>;
pub type Output = Box<dyn AsyncWrite + Send + Unpin>;

/// stdin, polled by the reactor when it is a pipe or a socket. Needs a runtime.
pub fn stdin() -> Input {
    match pollable(io::stdin().as_fd().try_clone_to_owned()) {
        Ok(Pollable::Pipe(file)) => match pipe::Receiver::from_file(file) {
            Ok(pipe) => return Box::new(pipe),
            Err(error) => fallback("stdin", &error),
        },
        Ok(Pollable::Socket(socket)) => match socket_stream(socket) {
            Ok(stream) => return Box::new(stream),
            Err(error) => fallback("stdin", &error),
        },
        Ok(Pollable::Neither) => {}
        Err(error) => fallback("stdin", &error),
    }
    Box::new(tokio::io::stdin())
}

/// stdout, polled by the reactor when it is a pipe or a socket. Needs a runtime.
pub fn stdout() -> Output {
    match pollable(io::stdout().as_fd().try_clone_to_owned()) {
        Ok(Pollable::Pipe(file)) => match pipe::Sender::from_file(file) {
            Ok(pipe) => return Box::new(pipe),
            Err(error) => fallback("stdout", &error),
        },
        Ok(Pollable::Socket(socket)) => match socket_stream(socket) {
            Ok(stream) => return Box::new(stream),
            Err(error) => fallback("stdout", &error),
        },
        Ok(Pollable::Neither) => {}
        Err(error) => fallback("stdout", &error),
    }
    Box::new(tokio::io::stdout())
}

enum Pollable {
    Pipe(File),
    Socket(OwnedFd),
    Neither,
}

fn pollable(fd: io::Result<OwnedFd>) -> io::Result<Pollable> {
    let file = File::from(fd?);
    let kind = file.metadata()?.file_type();
    Ok(if kind.is_fifo() {
        Pollable::Pipe(file)
    } else if kind.is_socket() {
        Pollable::Socket(file.into())
    } else {
        Pollable::Neither
    })
}

fn socket_stream(socket: OwnedFd) -> io::Result<UnixStream> {
    let socket = std::os::unix::net::UnixStream::from(socket);
    socket.set_nonblocking(true)?;
    UnixStream::from_std(socket)
}

fn fallback(which: &str, error: &io::Error) {
    tracing::debug!("{which} is served through tokio's blocking pool: {error}");
}
