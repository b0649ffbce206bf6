//! The process's stdin and stdout as async streams the runtime's own poller wakes.
//!
//! tokio's `stdin()` and `stdout()` read and write on its blocking thread pool, so a round
//! costs a hop to a pool thread and back for the read, the write and the flush: about a
//! hundred microseconds of wake-ups per round on a small machine, for a few microseconds
//! of work. On Unix, a pipe or a socket (what an MCP host gives a server it starts: Node
//! hosts use socket pairs) is made non-blocking and registered with the reactor instead; a
//! terminal or a file, which cannot be polled, keeps tokio's pool.
//!
//! Elsewhere (Windows) every stream keeps tokio's pool: the anonymous pipes a host hands a
//! child process cannot be opened for overlapped I/O, which is what the reactor would need.
//!
//! Non-blocking is a flag of the open file, shared with whoever else holds it: the host
//! gave these ends to this process alone, and they are only ever read and written here.

use tokio::io::{AsyncRead, AsyncWrite};

pub type Input = Box<dyn AsyncRead + Send + Unpin>;
pub type Output = Box<dyn AsyncWrite + Send + Unpin>;

/// stdin, polled by the reactor when it is a pipe or a socket (Unix only). Needs a runtime.
pub fn stdin() -> Input {
    #[cfg(unix)]
    if let Some(polled) = unix::stdin() {
        return polled;
    }
    Box::new(tokio::io::stdin())
}

/// stdout, polled by the reactor when it is a pipe or a socket (Unix only). Needs a runtime.
pub fn stdout() -> Output {
    #[cfg(unix)]
    if let Some(polled) = unix::stdout() {
        return polled;
    }
    Box::new(tokio::io::stdout())
}

#[cfg(unix)]
mod unix {
    use std::fs::File;
    use std::io;
    use std::os::fd::{AsFd, OwnedFd};
    use std::os::unix::fs::FileTypeExt;

    use tokio::net::UnixStream;
    use tokio::net::unix::pipe;

    use super::{Input, Output};

    /// stdin when it is a pipe or a socket the reactor could register.
    pub fn stdin() -> Option<Input> {
        polled(
            "stdin",
            io::stdin().as_fd().try_clone_to_owned(),
            |file| Ok(Box::new(pipe::Receiver::from_file(file)?) as Input),
            |socket| Box::new(socket) as Input,
        )
    }

    /// stdout when it is a pipe or a socket the reactor could register.
    pub fn stdout() -> Option<Output> {
        polled(
            "stdout",
            io::stdout().as_fd().try_clone_to_owned(),
            |file| Ok(Box::new(pipe::Sender::from_file(file)?) as Output),
            |socket| Box::new(socket) as Output,
        )
    }

    /// `fd` as a pipe or a socket the reactor polls; `None` for anything else, or when it
    /// could not be registered (then tokio's pool serves it).
    fn polled<T>(
        which: &str,
        fd: io::Result<OwnedFd>,
        from_pipe: impl FnOnce(File) -> io::Result<T>,
        from_socket: impl FnOnce(UnixStream) -> T,
    ) -> Option<T> {
        let polled = match pollable(fd) {
            Ok(Pollable::Pipe(file)) => from_pipe(file),
            Ok(Pollable::Socket(socket)) => socket_stream(socket).map(from_socket),
            Ok(Pollable::Neither) => return None,
            Err(error) => Err(error),
        };
        polled
            .inspect_err(|error| {
                tracing::debug!("{which} is served through tokio's blocking pool: {error}");
            })
            .ok()
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
}
