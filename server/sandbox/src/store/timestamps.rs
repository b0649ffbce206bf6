//! Times as GitLab writes and reads them, and the dates of the seed's history.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Now as GitLab writes it: `2026-03-01T09:30:00.123Z`.
pub(crate) fn now() -> String {
    timestamp(SystemTime::now())
}

pub(crate) fn timestamp(time: SystemTime) -> String {
    humantime::format_rfc3339_millis(time).to_string()
}

/// A commit date as GitLab shows it: with the author's UTC offset (`+00:00` here) instead of `Z`.
pub(crate) fn git_timestamp(time: SystemTime) -> String {
    timestamp(time).replace('Z', "+00:00")
}

/// A point in the seed's history: `day` days after 2026-01-05 (a Monday), at `hour`:`minute` UTC.
pub(crate) fn seed_time(day: u64, hour: u64, minute: u64) -> SystemTime {
    const START: u64 = 20_458 * 86_400;
    UNIX_EPOCH + Duration::from_secs(START + day * 86_400 + hour * 3_600 + minute * 60)
}

/// A date parameter as GitLab (Grape's `DateTime`) takes it: `2026-01-10`,
/// `2026-01-10T12:00:00Z`, with or without fractions or a `Z`.
pub(crate) fn parse_time(text: &str) -> Option<SystemTime> {
    let text = text.trim().trim_end_matches('Z');
    let text = text.strip_suffix("+00:00").unwrap_or(text);
    if text.len() == 10 {
        return humantime::parse_rfc3339_weak(&format!("{text}T00:00:00")).ok();
    }
    humantime::parse_rfc3339_weak(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_gitlabs() {
        let day = |days: u64| UNIX_EPOCH + Duration::from_secs(days * 86_400);
        assert_eq!(timestamp(day(0)), "1970-01-01T00:00:00.000Z");
        assert_eq!(timestamp(day(11_016)), "2000-02-29T00:00:00.000Z");
        assert_eq!(
            timestamp(day(20_513) + Duration::from_millis(34_200_123)),
            "2026-03-01T09:30:00.123Z"
        );
        assert_eq!(timestamp(seed_time(0, 9, 30)), "2026-01-05T09:30:00.000Z");
        assert_eq!(
            git_timestamp(seed_time(1, 0, 0)),
            "2026-01-06T00:00:00.000+00:00"
        );
    }

    #[test]
    fn dates_parse_like_grape_reads_them() {
        let at = seed_time(2, 0, 0);
        assert_eq!(parse_time("2026-01-07"), Some(at));
        assert_eq!(parse_time("2026-01-07T00:00:00Z"), Some(at));
        assert_eq!(parse_time("2026-01-07T00:00:00.000+00:00"), Some(at));
        assert_eq!(parse_time("yesterday"), None);
    }
}
