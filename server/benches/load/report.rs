//! The figures: rounds per second, latency percentiles, errors, peak memory.

use std::time::Duration;

use super::client::Stats;
use super::figures::{percentile, verdict};
use super::options::Options;

pub struct Report<'a> {
    pub options: &'a Options,
    pub stats: &'a mut Stats,
    pub elapsed: Duration,
    /// The server process's CPU time (user and system) during the measured run.
    pub server_cpu: Option<Duration>,
    pub server_rss_kib: Option<u64>,
    pub bench_rss_kib: Option<u64>,
}

/// The targets of issue 5.
const TARGET_ROUNDS_PER_SECOND: f64 = 10_000.0;
const TARGET_P99_MICROS: u32 = 5_000;
/// Issue 13: what a round costs the server, whatever the machine's speed.
const TARGET_CPU_MICROS: f64 = 30.0;

impl Report<'_> {
    /// Prints the report; `true` when no round failed.
    pub fn print(self) -> bool {
        let latencies = &mut self.stats.latencies;
        latencies.sort_unstable();
        let rounds = latencies.len();
        let seconds = self.elapsed.as_secs_f64();
        let per_second = rounds as f64 / seconds;
        let cores = std::thread::available_parallelism().map_or(0, usize::from);
        println!("load: issue wizard over stateless HTTP, 2026-07-28 MRTR rounds, loopback");
        println!(
            "  clients {}, {cores} cores, {:.2} s, {} wizards completed ({:.0}/s)",
            self.options.clients,
            seconds,
            self.stats.wizards,
            self.stats.wizards as f64 / seconds
        );
        println!(
            "  rounds  {rounds} completed, {per_second:.0}/s (target >= {TARGET_ROUNDS_PER_SECOND:.0}/s: {})",
            verdict(per_second >= TARGET_ROUNDS_PER_SECOND)
        );
        let p99 = percentile(latencies, 99.0);
        println!(
            "  latency per round: p50 {} · p90 {} · p99 {} · max {} (target p99 <= {}: {})",
            micros(percentile(latencies, 50.0)),
            micros(percentile(latencies, 90.0)),
            micros(p99),
            micros(latencies.last().copied().unwrap_or(0)),
            micros(TARGET_P99_MICROS),
            verdict(p99 <= TARGET_P99_MICROS)
        );
        if let Some(cpu) = self.server_cpu.filter(|_| rounds > 0) {
            let per_round = cpu.as_secs_f64() * 1e6 / rounds as f64;
            println!(
                "  server CPU: {:.2} s, {per_round:.1} µs a round (target <= {TARGET_CPU_MICROS:.0} µs: {})",
                cpu.as_secs_f64(),
                verdict(per_round <= TARGET_CPU_MICROS)
            );
        }
        println!("  errors  {}", self.stats.errors);
        if let Some(error) = &self.stats.first_error {
            println!("  first error: {error}");
        }
        println!(
            "  peak RSS: server {} · bench process (clients + sandbox GitLab) {}",
            kib(self.server_rss_kib),
            kib(self.bench_rss_kib)
        );
        self.stats.errors == 0
    }
}

fn micros(value: u32) -> String {
    if value >= 1000 {
        format!("{:.2} ms", f64::from(value) / 1000.0)
    } else {
        format!("{value} µs")
    }
}

fn kib(value: Option<u64>) -> String {
    value.map_or_else(
        || "unknown".to_owned(),
        |kib| format!("{:.1} MiB", kib as f64 / 1024.0),
    )
}
