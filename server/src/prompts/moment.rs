//! A moment as people give one (`2026-07-28`, `2026-07-28T09:00:00Z`,
//! `2026-07-28T11:00+02:00`) and as GitLab writes them, read as a point in time so two
//! can be compared whatever their offsets.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The moment `text` names; `None` when it is no date or date and time. A date alone is
/// its first second, in UTC.
pub fn parse(text: &str) -> Option<SystemTime> {
    let text = text.trim();
    let (date, clock) = match text.split_once(['T', ' ']) {
        Some((date, clock)) => (date, Some(clock)),
        None => (text, None),
    };
    let days = days(date)?;
    let seconds = match clock {
        Some(clock) => seconds(clock)?,
        None => 0,
    };
    let total = days.checked_mul(86_400)?.checked_add(seconds)?;
    let total = u64::try_from(total).ok()?;
    Some(UNIX_EPOCH + Duration::from_secs(total))
}

/// `2026-07-28T09:00:00Z`.
pub fn format(time: SystemTime) -> String {
    humantime::format_rfc3339_seconds(time).to_string()
}

/// Days since 1970-01-01 of `YYYY-MM-DD` (Howard Hinnant's `days_from_civil`).
fn days(date: &str) -> Option<i64> {
    let mut parts = date.split('-');
    let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || year.len() != 4 || month.len() != 2 || day.len() != 2 {
        return None;
    }
    let (year, month, day): (i64, i64, i64) =
        (year.parse().ok()?, month.parse().ok()?, day.parse().ok()?);
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let month_days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&month) || day < 1 || day > month_days[(month - 1) as usize] {
        return None;
    }
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    Some(era * 146_097 + day_of_era - 719_468)
}

/// Seconds since midnight UTC of `hh:mm[:ss[.fff]]` then nothing, `Z` or an offset.
fn seconds(clock: &str) -> Option<i64> {
    let (clock, offset) = match clock.find(['Z', 'z', '+', '-']) {
        Some(at) => clock.split_at(at),
        None => (clock, ""),
    };
    let clock = clock.split_once('.').map_or(clock, |(whole, _)| whole);
    let mut parts = clock.split(':');
    let hours = two_digits(parts.next()?, 23)?;
    let minutes = two_digits(parts.next()?, 59)?;
    let secs = match parts.next() {
        Some(secs) => two_digits(secs, 59)?,
        None => 0,
    };
    if parts.next().is_some() {
        return None;
    }
    let shift = match offset {
        "" | "Z" | "z" => 0,
        offset => {
            let sign = if offset.starts_with('-') { -1 } else { 1 };
            let digits: String = offset[1..].chars().filter(|c| *c != ':').collect();
            if digits.len() != 4 {
                return None;
            }
            sign * (two_digits(&digits[..2], 23)? * 3_600 + two_digits(&digits[2..], 59)? * 60)
        }
    };
    Some(hours * 3_600 + minutes * 60 + secs - shift)
}

fn two_digits(text: &str, max: i64) -> Option<i64> {
    let n: i64 = text.parse().ok().filter(|_| text.len() == 2)?;
    (0..=max).contains(&n).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times_are_read_with_their_offsets() {
        let utc = |text: &str| parse(text).map(format);
        assert_eq!(utc("2026-01-12").as_deref(), Some("2026-01-12T00:00:00Z"));
        assert_eq!(
            utc("2026-01-12T09:30:00Z").as_deref(),
            Some("2026-01-12T09:30:00Z")
        );
        assert_eq!(
            utc("2026-01-12T09:30:00.123+02:00").as_deref(),
            Some("2026-01-12T07:30:00Z")
        );
        assert_eq!(
            utc("2026-01-12T23:30-0100").as_deref(),
            Some("2026-01-13T00:30:00Z")
        );
        assert_eq!(utc("2024-02-29").as_deref(), Some("2024-02-29T00:00:00Z"));
        for bad in [
            "yesterday",
            "2026-02-30",
            "2026-1-12",
            "2026-01-12T25:00",
            "2026-01-12T10:00+5",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
