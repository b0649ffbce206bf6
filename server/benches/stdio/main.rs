//! Latency over stdio as a client sees it: the release binary (the individual tool
//! surface, whose tools the rounds call by name) driven by one raw JSON-RPC client, one
//! line out and one line back per round, next to a zero-work echo process driven by the
//! same client in the same run. The echo's round is the floor (client, pipes, wake-ups); a
//! round minus the echo's is the server's share. The server's own CPU time per round is read
//! from `/proc` as well.
//!
//! Each wizard is the issue wizard over 2026-07-28 `tools/call` rounds: the first call,
//! four question rounds (answer one question, get the next), the final round (the yes, one
//! POST to GitLab, the result); then one plain read action (`gitlab_project_get`, one GET).
//! GitLab is the sandbox, served by this process over loopback as a real GitLab is served
//! from elsewhere. Also measured, on the default surface and on the individual one: start →
//! first answer and the idle resident set after it.
//!
//! The client, both peers and GitLab run on one core. On a virtual machine whose idle cores halt,
//! a wake-up sent to the other core costs more than a whole round (150–400 µs on the
//! 2-core machine this was written on), and the kernel sends the echo's and the server's
//! answers to different cores, so the difference would be the scheduler's, not the
//! server's. `--spread` leaves placement to the kernel.
//!
//! ```sh
//! cargo bench -p gitlab-mcp-server --bench stdio
//! cargo bench -p gitlab-mcp-server --bench stdio -- --wizards 1000 --spread
//! ```
//! (or `STDIO_WIZARDS`). Bounded by count and by 60 s; not run by the tests.

mod client;
mod echo;
#[path = "../shared/figures.rs"]
mod figures;
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

use gitlab_sandbox::Sandbox;

use client::{Child, Kind, Samples, Surface};

const WARM_UP: usize = 20;
const DEFAULT_WIZARDS: usize = 300;
const STARTS: usize = 10;
const BUDGET: Duration = Duration::from_secs(60);

fn main() -> ExitCode {
    if echo::requested() {
        return echo::serve();
    }
    let options = match Options::parse(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(problem) => {
            eprintln!("stdio: {problem}");
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(problem) => {
            eprintln!("stdio: {problem}");
            ExitCode::FAILURE
        }
    }
}

fn run(options: &Options) -> Result<(), String> {
    let spread = options.spread;
    let gitlab = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        // GitLab's thread shares the client's core too.
        .on_thread_start(move || {
            if !spread {
                pin_to_one_core();
            }
        })
        .enable_all()
        .build()
        .map_err(|e| format!("no runtime for the sandbox GitLab: {e}"))?;
    let sandbox = gitlab
        .block_on(Sandbox::start())
        .map_err(|e| format!("the sandbox GitLab did not start: {e}"))?;
    let gitlab_url = sandbox.base_url().to_string();
    // Start-up is measured with both cores, as a host starts a server.
    let starts = start_up(&gitlab_url)?;
    let cores = thread::available_parallelism().map_or(0, usize::from);
    // Before the children start: they inherit the core.
    let pinned = !options.spread && pin_to_one_core();
    let mut server = Child::server(&gitlab_url, Surface::Individual)?;
    let mut echo = Child::echo()?;
    let mut samples = Samples::default();
    for _ in 0..WARM_UP {
        server.wizard(&mut Samples::default())?;
        server.read(&mut Samples::default())?;
    }
    let cpu_before = server::cpu_time(server.id());
    let started = Instant::now();
    let mut done = 0;
    while done < options.wizards && started.elapsed() < BUDGET {
        server.wizard(&mut samples)?;
        server.read(&mut samples)?;
        // As many echo rounds as server rounds, interleaved, so that both see the same
        // machine.
        for _ in 0..client::ROUNDS_PER_WIZARD {
            echo.echo_round(&mut samples)?;
        }
        done += 1;
    }
    let cpu = server::cpu_time(server.id())
        .zip(cpu_before)
        .map(|(after, before)| after.saturating_sub(before));
    let rss_after_run = server::status_kib(server.id(), "VmRSS");
    server.stop()?;
    echo.stop()?;
    report::print(&report::Figures {
        wizards: done,
        cores,
        pinned,
        samples: &mut samples,
        server_cpu_per_round: cpu.map(|cpu| cpu / (done * client::ROUNDS_PER_WIZARD) as u32),
        starts,
        rss_after_run,
    });
    Ok(())
}

/// One start of the server.
pub struct Start {
    pub surface: Surface,
    /// Start → the answer to `tools/list`, what a host asks first.
    first_answer: Duration,
    /// Start → the answer to a read action right after: the first GitLab call.
    first_read: Duration,
    /// The resident set (KiB) once idle after both.
    idle_rss: Option<u64>,
}

/// [`STARTS`] starts of each surface, taking turns.
fn start_up(gitlab_url: &str) -> Result<Vec<Start>, String> {
    (0..STARTS)
        .flat_map(|_| Surface::ALL)
        .map(|surface| {
            let began = Instant::now();
            let mut server = Child::server(gitlab_url, surface)?;
            server.list_tools()?;
            let first_answer = began.elapsed();
            server.read(&mut Samples::default())?;
            let first_read = began.elapsed();
            // Idle: whatever start-up and the first answers left behind settles.
            thread::sleep(Duration::from_millis(200));
            let idle_rss = server::status_kib(server.id(), "VmRSS");
            server.stop()?;
            Ok(Start {
                surface,
                first_answer,
                first_read,
                idle_rss,
            })
        })
        .collect()
}

/// Runs this thread, and the children it starts, on the first core; `false` when the
/// system would not say which cores there are or would not pin.
fn pin_to_one_core() -> bool {
    core_affinity::get_core_ids()
        .and_then(|cores| cores.first().copied())
        .is_some_and(core_affinity::set_for_current)
}

struct Options {
    wizards: usize,
    spread: bool,
}

impl Options {
    fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
        let mut options = Options {
            wizards: match std::env::var("STDIO_WIZARDS") {
                Ok(value) => value
                    .parse()
                    .map_err(|_| format!("STDIO_WIZARDS: `{value}` is not a count"))?,
                Err(_) => DEFAULT_WIZARDS,
            },
            spread: false,
        };
        let mut args = args;
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--wizards" => {
                    let value = args.next().ok_or("`--wizards` needs a value")?;
                    options.wizards = value
                        .parse()
                        .map_err(|_| format!("--wizards: `{value}` is not a count"))?;
                }
                "--spread" => options.spread = true,
                // `cargo bench` passes `--bench`; filters are not used here.
                "--bench" => {}
                other => {
                    return Err(format!(
                        "unknown argument `{other}`; expected --wizards N or --spread"
                    ));
                }
            }
        }
        if options.wizards == 0 {
            return Err("--wizards must be at least 1".to_owned());
        }
        Ok(options)
    }
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
