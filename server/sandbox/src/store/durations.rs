//! Durations as GitLab's time tracking reads and writes them (`3h 30m`, `1w 2d`, `-1h`),
//! with its working-time units: a month is 4 weeks, a week 5 days, a day 8 hours.

const MINUTE: i64 = 60;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 8 * HOUR;
const WEEK: i64 = 5 * DAY;
const MONTH: i64 = 4 * WEEK;

/// Seconds in `text`, or `None` when it is not a duration. A bare number counts hours,
/// as GitLab's default unit; a leading `-` makes it negative (subtracting spent time).
pub(crate) fn parse_duration(text: &str) -> Option<i64> {
    let text = text.trim().to_ascii_lowercase();
    let (sign, text) = match text.strip_prefix('-') {
        Some(rest) => (-1, rest.trim_start()),
        None => (1, text.as_str()),
    };
    if text.is_empty() {
        return None;
    }
    let mut total = 0.0;
    let mut rest = text;
    while !rest.is_empty() {
        let number_end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number: f64 = rest[..number_end].parse().ok()?;
        rest = rest[number_end..].trim_start();
        let unit_end = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let unit = match &rest[..unit_end] {
            "" => HOUR,
            word => unit_seconds(word)?,
        };
        rest = rest[unit_end..].trim_start_matches([' ', ',']);
        total += number * unit as f64;
    }
    Some(sign * total.round() as i64)
}

fn unit_seconds(word: &str) -> Option<i64> {
    Some(match word {
        "s" | "sec" | "secs" | "second" | "seconds" => 1,
        "m" | "min" | "mins" | "minute" | "minutes" => MINUTE,
        "h" | "hr" | "hrs" | "hour" | "hours" => HOUR,
        "d" | "day" | "days" => DAY,
        "w" | "wk" | "wks" | "week" | "weeks" => WEEK,
        "mo" | "mos" | "month" | "months" => MONTH,
        _ => return None,
    })
}

/// GitLab's short human form (`1mo 1w 2d 3h 30m`), or `None` for zero, as its time stats
/// show an unset estimate.
pub(crate) fn human_duration(seconds: i64) -> Option<String> {
    if seconds == 0 {
        return None;
    }
    let sign = if seconds < 0 { "-" } else { "" };
    let mut left = seconds.abs();
    let mut parts = Vec::new();
    for (size, unit) in [
        (MONTH, "mo"),
        (WEEK, "w"),
        (DAY, "d"),
        (HOUR, "h"),
        (MINUTE, "m"),
        (1, "s"),
    ] {
        if left >= size {
            parts.push(format!("{}{unit}", left / size));
            left %= size;
        }
    }
    Some(format!("{sign}{}", parts.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_gitlabs_units() {
        assert_eq!(parse_duration("3h30m"), Some(12_600));
        assert_eq!(parse_duration("3h 30m"), Some(12_600));
        assert_eq!(parse_duration("1w 2d"), Some(7 * 8 * 3_600));
        assert_eq!(parse_duration("1mo"), Some(20 * 8 * 3_600));
        assert_eq!(parse_duration("2"), Some(7_200));
        assert_eq!(parse_duration("-1h"), Some(-3_600));
        assert_eq!(parse_duration("1.5h"), Some(5_400));
        assert_eq!(parse_duration("soon"), None);
        assert_eq!(parse_duration("3x"), None);
        assert_eq!(parse_duration(""), None);
    }

    #[test]
    fn durations_print_like_gitlab() {
        assert_eq!(human_duration(12_600).as_deref(), Some("3h 30m"));
        assert_eq!(human_duration(7 * 8 * 3_600).as_deref(), Some("1w 2d"));
        assert_eq!(human_duration(20 * 8 * 3_600).as_deref(), Some("1mo"));
        assert_eq!(human_duration(0), None);
    }
}
