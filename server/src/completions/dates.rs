//! Days to start from (`since`): yesterday, a week ago, two weeks ago and a month ago, as
//! `YYYY-MM-DD`, each found by its date or by its name (`week`). Made here, without GitLab.

use std::time::{Duration, SystemTime};

use super::cache::{Candidate, Listing};

const DAY: Duration = Duration::from_secs(86_400);

/// The days offered, counted back from `now`.
pub fn listing(now: SystemTime) -> Listing {
    let candidates = [
        (1, "yesterday"),
        (7, "a week ago"),
        (14, "two weeks ago"),
        (30, "a month ago"),
    ]
    .into_iter()
    .map(|(days, name)| {
        let date = day(now - DAY * days);
        Candidate {
            value: date.clone(),
            keys: vec![date, name.to_owned()],
            rank: 0,
        }
    })
    .collect();
    Listing {
        candidates,
        complete: true,
        query: None,
    }
}

/// `2026-07-28`: the UTC day of `time`.
pub fn day(time: SystemTime) -> String {
    let mut text = humantime::format_rfc3339_seconds(time).to_string();
    text.truncate(10);
    text
}

#[cfg(test)]
mod tests {
    use std::time::UNIX_EPOCH;

    use super::*;

    #[test]
    fn days_are_counted_back_from_now() {
        // 2026-03-01 09:30 UTC.
        let now = UNIX_EPOCH + Duration::from_secs(20_513 * 86_400 + 34_200);
        let values: Vec<String> = listing(now)
            .candidates
            .into_iter()
            .map(|c| c.value)
            .collect();
        assert_eq!(
            values,
            ["2026-02-28", "2026-02-22", "2026-02-15", "2026-01-30"]
        );
    }
}
