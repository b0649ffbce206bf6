//! `gitlab-mcp-server`: the GitLab MCP server on stdio. Configuration by flags or the
//! environment (`--help` lists both); logs on stderr, since stdout is the protocol.
//! `gitlab-mcp-server try [WIZARD]` runs one wizard on the terminal instead.

use std::process::ExitCode;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (its `mimalloc.h`; the Rust binding does not name
/// it): how long memory freed back to its arenas stays committed.
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Memory freed goes back to the system at once. mimalloc's default (1 s) returns it only
/// when an allocation comes after that second, so an HTTP server whose workers went idle
/// after a burst of large requests kept the burst's hundreds of MiB for good. An operator
/// who sets `MIMALLOC_PURGE_DELAY` keeps their own value.
#[allow(
    unsafe_code,
    reason = "one call into mimalloc's C API, which has no safe binding; setting an option is safe at any time, and this runs first, on the only thread"
)]
fn return_freed_memory() {
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_some() {
        return;
    }
    // SAFETY: `mi_option_set` stores a number for mimalloc to read; it touches no memory
    // of ours and may be called at any time.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, 0) };
}

fn main() -> ExitCode {
    return_freed_memory();
    gitlab_mcp_server::main()
}
