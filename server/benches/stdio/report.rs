//! The figures: p50 and p99 per round kind, the server's share over the echo floor,
//! start-up and idle memory, each against the target.

use std::time::Duration;

use super::Start;
use super::client::{KINDS, Kind, Samples, Surface};
use super::figures::{percentile, verdict};

pub struct Figures<'a> {
    pub wizards: usize,
    /// The machine's, whatever the client was pinned to.
    pub cores: usize,
    /// The client and both peers on one core.
    pub pinned: bool,
    pub samples: &'a mut Samples,
    /// The server's CPU time (user and system) over the measured rounds, per round.
    pub server_cpu_per_round: Option<Duration>,
    pub starts: Vec<Start>,
    pub rss_after_run: Option<u64>,
}

const TARGET_QUESTION_SHARE: u32 = 40;
const TARGET_GITLAB_CALL: u32 = 300;
/// 12 MB read as decimal megabytes (11.4 MiB), the stricter reading of the target.
const TARGET_IDLE_RSS_KIB: u64 = 12_000_000 / 1024;
const TARGET_START: Duration = Duration::from_millis(10);

pub fn print(figures: &Figures<'_>) {
    println!(
        "stdio: issue wizard, 2026-07-28 tools/call rounds, one client, {} cores, {} wizards, {}",
        figures.cores,
        figures.wizards,
        if figures.pinned {
            "client and peers on one core"
        } else {
            "placed by the kernel"
        }
    );
    let echo = figures.samples.of(Kind::Echo);
    let (echo50, echo99) = (percentile(&echo, 50.0), percentile(&echo, 99.0));
    let mut p50 = [0; 4];
    for (at, kind) in KINDS.iter().enumerate() {
        let sorted = figures.samples.of(*kind);
        let (k50, k99) = (percentile(&sorted, 50.0), percentile(&sorted, 99.0));
        p50[at] = k50;
        let share = if *kind == Kind::Echo {
            String::new()
        } else {
            format!(
                " · server share p50 {} µs, p99 {} µs",
                i64::from(k50) - i64::from(echo50),
                i64::from(k99) - i64::from(echo99)
            )
        };
        println!(
            "  {:<30} n {:>5} · p50 {k50:>5} µs · p99 {k99:>5} µs{share}",
            kind.name(),
            sorted.len()
        );
    }
    let question_share = p50[0].saturating_sub(echo50);
    println!(
        "  question round, server share p50 {question_share} µs (target <= {TARGET_QUESTION_SHARE} µs: {})",
        verdict(question_share <= TARGET_QUESTION_SHARE)
    );
    if let Some(cpu) = figures.server_cpu_per_round {
        println!(
            "  server CPU time per round, all kinds: {:.1} µs",
            cpu.as_secs_f64() * 1e6
        );
    }
    let gitlab = p50[1].saturating_sub(p50[0]);
    println!(
        "  final round over a question round, p50 {gitlab} µs (target <= {TARGET_GITLAB_CALL} µs: {})",
        verdict(gitlab <= TARGET_GITLAB_CALL)
    );
    for surface in Surface::ALL {
        let starts: Vec<&Start> = figures
            .starts
            .iter()
            .filter(|start| start.surface == surface)
            .collect();
        let first = median(starts.iter().map(|start| start.first_answer)).unwrap_or_default();
        let read = median(starts.iter().map(|start| start.first_read)).unwrap_or_default();
        let idle = median(starts.iter().filter_map(|start| start.idle_rss));
        println!(
            "  {}, median of {} starts: start → first answer (tools/list) {:.1} ms (target <= {} ms: {}) · \
             → first GitLab read answered {:.1} ms · idle RSS after both {} (target <= 12 MB, 11.4 MiB: {})",
            surface.name(),
            starts.len(),
            first.as_secs_f64() * 1000.0,
            TARGET_START.as_millis(),
            verdict(first <= TARGET_START),
            read.as_secs_f64() * 1000.0,
            mib(idle),
            verdict(idle.is_some_and(|kib| kib <= TARGET_IDLE_RSS_KIB)),
        );
    }
    println!("  RSS after the run: {}", mib(figures.rss_after_run));
}

/// The middle value (the upper one of an even count); `None` of none.
fn median<T: Ord + Copy>(values: impl Iterator<Item = T>) -> Option<T> {
    let mut values: Vec<T> = values.collect();
    values.sort_unstable();
    values.get(values.len() / 2).copied()
}

fn mib(kib: Option<u64>) -> String {
    kib.map_or_else(
        || "unknown".to_owned(),
        |kib| format!("{:.1} MiB", kib as f64 / 1024.0),
    )
}
