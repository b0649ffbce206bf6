//! Sizes and durations as people write and read them: `4MiB`, `16 MiB`, `30s`.

use std::time::Duration;

/// A size as bytes or a number with `KiB`, `MiB` or `GiB` (any case, `4MiB`, `512 kib`);
/// zero is refused. The problem text names what was expected.
pub fn parse_size(raw: &str) -> Result<usize, String> {
    let trimmed = raw.trim();
    let lower = trimmed.to_ascii_lowercase();
    let (digits, unit) = [
        ("gib", 1 << 30),
        ("mib", 1 << 20),
        ("kib", 1 << 10),
        ("b", 1),
    ]
    .into_iter()
    .find_map(|(suffix, unit)| lower.strip_suffix(suffix).map(|d| (d.trim(), unit)))
    .unwrap_or((lower.as_str(), 1));
    let bytes = digits
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .filter(|&bytes| bytes > 0);
    bytes.ok_or_else(|| {
        format!(
            "`{trimmed}` is not a size; expected bytes or a number with `KiB`, `MiB` or `GiB`, e.g. `4MiB`"
        )
    })
}

/// A size as people read it: `16 MiB`, `512 KiB`, `100 bytes`.
pub fn show_size(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 30 && b.is_multiple_of(1 << 30) => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b.is_multiple_of(1 << 20) => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b.is_multiple_of(1 << 10) => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// A duration as `30s`, `2m`, `1500ms`, or a bare number of seconds; the problem text
/// names what was expected.
pub fn parse_duration(raw: &str) -> Result<Duration, String> {
    let raw = raw.trim();
    let parsed = match raw.parse::<u64>() {
        Ok(seconds) => Ok(Duration::from_secs(seconds)),
        Err(_) => humantime::parse_duration(raw),
    };
    parsed.map_err(|error| {
        format!("`{raw}` is not a duration ({error}); expected e.g. `30s`, `2m` or `1500ms`")
    })
}

/// A count as people read it in a message: `30,002`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut shown = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            shown.push(',');
        }
        shown.push(digit);
    }
    shown
}
