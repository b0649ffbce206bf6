//! How many file descriptors the process may open, and how many connections that leaves:
//! every connection holds one, and the server needs its own besides (the listener, the
//! connections to GitLab, stdio, the sandbox under `--sandbox`).

/// Descriptors kept for the server's own use, never given to client connections.
pub const RESERVED_DESCRIPTORS: u64 = 64;

/// The soft limit on open files (`ulimit -n`), read from `/proc/self/limits`; `None` where
/// that file does not exist (not Linux) or says `unlimited`.
pub fn open_files_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    soft_limit(&limits)
}

/// The soft limit in the `Max open files` line of a `/proc/<pid>/limits` text.
fn soft_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find(|line| line.starts_with("Max open files"))?;
    line.trim_start_matches("Max open files")
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The connections a limit of `limit` descriptors leaves room for.
pub fn connections_room(limit: u64) -> u64 {
    limit.saturating_sub(RESERVED_DESCRIPTORS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_soft_limit() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max processes             127521               127521               processes \n\
                      Max open files            256                  524288               files     \n";
        assert_eq!(soft_limit(limits), Some(256));
        assert_eq!(
            soft_limit("Max open files            unlimited            unlimited            files"),
            None
        );
        assert_eq!(soft_limit(""), None);
        assert_eq!(connections_room(256), 192);
        assert_eq!(connections_room(10), 0);
    }

    #[test]
    fn this_process_has_a_limit_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(open_files_limit().is_some_and(|limit| limit > 0));
        }
    }
}
