//! What the load and stdio benches both print with (`#[path]`): percentiles and verdicts.

/// Nearest-rank percentile of sorted values.
pub fn percentile(sorted: &[u32], p: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

pub fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "NOT met" }
}
