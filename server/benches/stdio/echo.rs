//! The zero-work peer: reads a line, writes a canned answer of about a question round's
//! size. This bench's own binary, started again with [`VARIABLE`] set.

use std::io::{BufRead, Write};
use std::process::ExitCode;

pub const VARIABLE: &str = "STDIO_BENCH_ECHO";

/// The size of a question round's answer, near enough: pipes cost by the byte too.
const ANSWER_BYTES: usize = 1200;

pub fn requested() -> bool {
    std::env::var_os(VARIABLE).is_some()
}

pub fn serve() -> ExitCode {
    let prefix = r#"{"jsonrpc":"2.0","id":0,"result":{"padding":""#;
    let suffix = "\"}}\n";
    let padding = "x".repeat(ANSWER_BYTES - prefix.len() - suffix.len());
    let answer = format!("{prefix}{padding}{suffix}");
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut output = std::io::stdout().lock();
    let mut line = Vec::new();
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => return ExitCode::SUCCESS,
            Ok(_) => {}
        }
        if output.write_all(answer.as_bytes()).is_err() || output.flush().is_err() {
            return ExitCode::FAILURE;
        }
    }
}
