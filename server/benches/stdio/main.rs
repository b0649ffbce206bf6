//! Latency over stdio as a client sees it: the release binary (`--sandbox`, the individual
//! tool surface) driven by one raw JSON-RPC client, one line out and one line back per
//! round, next to a zero-work echo process driven by the same client in the same run. The
//! echo's round is the floor (client, pipes, wake-ups); a round minus the echo's is the
//! server's share.
//!
//! Each wizard is the issue wizard over 2026-07-28 `tools/call` rounds: the first call,
//! four question rounds (answer one question, get the next), the final round (the yes, one
//! POST to the sandbox GitLab, the result); then one plain read action (`gitlab_project_get`,
//! one GET). Also measured: start → first answer and the idle resident set after start.
//!
//! ```sh
//! cargo bench -p gitlab-mcp-server --bench stdio
//! cargo bench -p gitlab-mcp-server --bench stdio -- --wizards 1000
//! ```
//! (or `STDIO_WIZARDS`). Bounded by count and by 60 s; not run by the tests.

mod client;
mod echo;
mod report;
#[path = "../load/server.rs"]
#[allow(
    dead_code,
    reason = "the HTTP launcher is the load bench's; only the /proc reader is used"
)]
mod server;

use std::process::ExitCode;
use std::thread;
use std::time::{Duration, Instant};

use client::{Child, Kind, Samples};

const WARM_UP: usize = 20;
const DEFAULT_WIZARDS: usize = 300;
const STARTS: usize = 10;
const BUDGET: Duration = Duration::from_secs(60);

fn main() -> ExitCode {
    if echo::requested() {
        return echo::serve();
    }
    let wizards = match wizards(std::env::args().skip(1)) {
        Ok(wizards) => wizards,
        Err(problem) => {
            eprintln!("stdio: {problem}");
            return ExitCode::from(2);
        }
    };
    match run(wizards) {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("stdio: {problem}");
            ExitCode::FAILURE
        }
    }
}

fn run(wizards: usize) -> Result<(), String> {
    let starts = start_up()?;
    let mut server = Child::server()?;
    let mut echo = Child::echo()?;
    let mut samples = Samples::default();
    for _ in 0..WARM_UP {
        server.wizard(&mut Samples::default())?;
        server.read(&mut Samples::default())?;
    }
    let started = Instant::now();
    let mut done = 0;
    while done < wizards && started.elapsed() < BUDGET {
        server.wizard(&mut samples)?;
        server.read(&mut samples)?;
        // As many echo rounds as server rounds, interleaved, so that both see the same
        // machine.
        for _ in 0..client::ROUNDS_PER_WIZARD {
            echo.echo_round(&mut samples)?;
        }
        done += 1;
    }
    let rss_after_run = server::status_kib(server.id(), "VmRSS");
    server.stop()?;
    echo.stop()?;
    report::print(&report::Figures {
        wizards: done,
        samples: &mut samples,
        starts,
        rss_after_run,
    });
    Ok(())
}

/// Start → first answer, and the idle resident set after it, over [`STARTS`] starts.
fn start_up() -> Result<Vec<(Duration, Option<u64>)>, String> {
    (0..STARTS)
        .map(|_| {
            let began = Instant::now();
            let mut server = Child::server()?;
            server.read(&mut Samples::default())?;
            let first = began.elapsed();
            // Idle: whatever start-up and the first answer left behind settles.
            thread::sleep(Duration::from_millis(200));
            let rss = server::status_kib(server.id(), "VmRSS");
            server.stop()?;
            Ok((first, rss))
        })
        .collect()
}

fn wizards(args: impl Iterator<Item = String>) -> Result<usize, String> {
    let mut wizards = match std::env::var("STDIO_WIZARDS") {
        Ok(value) => value
            .parse()
            .map_err(|_| format!("STDIO_WIZARDS: `{value}` is not a count"))?,
        Err(_) => DEFAULT_WIZARDS,
    };
    let mut args = args;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--wizards" => {
                let value = args.next().ok_or("`--wizards` needs a value")?;
                wizards = value
                    .parse()
                    .map_err(|_| format!("--wizards: `{value}` is not a count"))?;
            }
            // `cargo bench` passes `--bench`; filters are not used here.
            "--bench" => {}
            other => return Err(format!("unknown argument `{other}`; expected --wizards N")),
        }
    }
    if wizards == 0 {
        return Err("--wizards must be at least 1".to_owned());
    }
    Ok(wizards)
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Question => "question round",
            Kind::Final => "final round (POST to GitLab)",
            Kind::Read => "plain read (GET from GitLab)",
            Kind::Echo => "echo (the floor)",
        }
    }
}
