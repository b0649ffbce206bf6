//! The figures: p50 and p99 per round kind, the server's share over the echo floor,
//! start-up and idle memory, each against the target.

use std::time::Duration;

use super::client::{KINDS, Kind, Samples};

pub struct Figures<'a> {
    pub wizards: usize,
    pub samples: &'a mut Samples,
    /// Start → first answer, and the idle RSS (KiB) after it, per start.
    pub starts: Vec<(Duration, Option<u64>)>,
    pub rss_after_run: Option<u64>,
}

const TARGET_QUESTION_SHARE: u32 = 40;
const TARGET_GITLAB_CALL: u32 = 300;
const TARGET_IDLE_RSS_KIB: u64 = 12 * 1024;
const TARGET_START: Duration = Duration::from_millis(10);

pub fn print(figures: &Figures<'_>) {
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    println!(
        "stdio: issue wizard on --sandbox, 2026-07-28 tools/call rounds, one client, {cores} cores, {} wizards",
        figures.wizards
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
    let gitlab = p50[1].saturating_sub(p50[0]);
    println!(
        "  final round over a question round, p50 {gitlab} µs (target <= {TARGET_GITLAB_CALL} µs: {})",
        verdict(gitlab <= TARGET_GITLAB_CALL)
    );
    let mut firsts: Vec<Duration> = figures.starts.iter().map(|(first, _)| *first).collect();
    firsts.sort_unstable();
    let first = firsts.get(firsts.len() / 2).copied().unwrap_or_default();
    println!(
        "  start → first answer: median {:.1} ms of {} starts (target <= {} ms: {})",
        first.as_secs_f64() * 1000.0,
        firsts.len(),
        TARGET_START.as_millis(),
        verdict(first <= TARGET_START)
    );
    let mut idle: Vec<u64> = figures.starts.iter().filter_map(|(_, rss)| *rss).collect();
    idle.sort_unstable();
    let idle = idle.get(idle.len() / 2).copied();
    println!(
        "  idle RSS after start: median {} (target <= 12.0 MiB: {}) · RSS after the run {}",
        mib(idle),
        verdict(idle.is_some_and(|kib| kib <= TARGET_IDLE_RSS_KIB)),
        mib(figures.rss_after_run)
    );
}

fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "NOT met" }
}

/// Nearest-rank percentile of sorted values.
fn percentile(sorted: &[u32], p: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn mib(kib: Option<u64>) -> String {
    kib.map_or_else(
        || "unknown".to_owned(),
        |kib| format!("{:.1} MiB", kib as f64 / 1024.0),
    )
}
