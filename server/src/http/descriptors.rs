//! How many file descriptors the process may open, and how many connections that leaves:
//! every connection holds one, and the server needs its own besides (the listener, the
//! connections to GitLab, stdio, the sandbox under `--sandbox`).

/// Descriptors kept for the server's own use, never given to client connections.
pub const RESERVED_DESCRIPTORS: u64 = 64;

/// The soft limit on open files (`ulimit -n`: 1024 on most Linux, 256 on macOS); `None`
/// when unlimited.
#[cfg(unix)]
pub fn open_files_limit() -> Option<u64> {
    rustix::process::getrlimit(rustix::process::Resource::Nofile).current
}

/// Windows has no such per-process limit on sockets.
#[cfg(not(unix))]
pub fn open_files_limit() -> Option<u64> {
    None
}

/// The connections a limit of `limit` descriptors leaves room for.
pub fn connections_room(limit: u64) -> u64 {
    limit.saturating_sub(RESERVED_DESCRIPTORS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_room_leaves_the_reserve() {
        assert_eq!(connections_room(256), 192);
        assert_eq!(connections_room(10), 0);
    }

    #[test]
    fn this_process_has_the_limit_ulimit_says() {
        // What the shell that started the tests reports, unless it is unlimited.
        let said = std::process::Command::new("sh")
            .args(["-c", "ulimit -n"])
            .output()
            .ok()
            .and_then(|out| String::from_utf8(out.stdout).ok())
            .and_then(|text| text.trim().parse::<u64>().ok());
        if let Some(said) = said {
            assert_eq!(open_files_limit(), Some(said));
        }
    }
}
