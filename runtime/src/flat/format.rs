//! Loose checks of the four string formats MCP forms allow: enough to catch an answer
//! that is plainly not the thing asked for, not a full RFC parser.

/// Whether `text` looks like a value of `format` (`email`, `uri`, `date`, `date-time`).
pub(super) fn matches(format: &str, text: &str) -> bool {
    match format {
        "email" => email(text),
        "uri" => uri(text),
        "date" => date(text),
        "date-time" => date_time(text),
        _ => false,
    }
}

/// `local@domain`: one `@`, both sides non-empty, no spaces or controls, and a domain
/// that neither starts nor ends with a dot.
fn email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    let plain = |part: &str| {
        !part.is_empty()
            && !part
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || c == '@')
    };
    plain(local) && plain(domain) && !domain.starts_with('.') && !domain.ends_with('.')
}

/// `scheme:rest` (RFC 3986 scheme), with no spaces or controls anywhere.
fn uri(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once(':') else {
        return false;
    };
    let mut scheme_chars = scheme.chars();
    scheme_chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && scheme_chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && !rest.is_empty()
        && !text.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// `YYYY-MM-DD`, a day that exists (leap years included).
fn date(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    let (Some(year), Some(month), Some(day)) =
        (digits(&text[..4]), digits(&text[5..7]), digits(&text[8..]))
    else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// RFC 3339: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`, `T`/`Z` in either case.
fn date_time(text: &str) -> bool {
    let Some((day, time)) = text.split_at_checked(10) else {
        return false;
    };
    let Some(time) = time.strip_prefix(['T', 't']) else {
        return false;
    };
    let (Some(hms), Some(mut rest)) = (time.get(..8), time.get(8..)) else {
        return false;
    };
    if !date(day) || !clock(hms, 60) {
        return false;
    }
    if let Some(fraction) = rest.strip_prefix('.') {
        let end = fraction
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(fraction.len());
        if end == 0 {
            return false;
        }
        rest = &fraction[end..];
    }
    match rest.strip_prefix(['+', '-']) {
        Some(offset) => offset.len() == 5 && clock(&format!("{offset}:00"), 59),
        None => rest.eq_ignore_ascii_case("z"),
    }
}

/// `HH:MM:SS` with hours below 24, minutes below 60 and seconds up to `max_second`
/// (60 allows a leap second).
fn clock(text: &str, max_second: u32) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() != 8 || bytes[2] != b':' || bytes[5] != b':' {
        return false;
    }
    match (digits(&text[..2]), digits(&text[3..5]), digits(&text[6..])) {
        (Some(hour), Some(minute), Some(second)) => {
            hour < 24 && minute < 60 && second <= max_second
        }
        _ => false,
    }
}

/// The value of a string of ASCII digits only (no sign, no spaces).
fn digits(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}
