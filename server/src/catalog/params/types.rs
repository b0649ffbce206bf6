//! The small parameter types several actions share, each checking its own value: page
//! and page size, dates and moments, a log's tail length, comma-joined names.

use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use wizard::summary::SummaryValue;

use super::fixed_schema::fixed_schema;

/// `per_page`: GitLab serves at most 100 objects a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "u64", into = "u64")]
pub struct PerPage(pub u8);

impl TryFrom<u64> for PerPage {
    type Error = String;
    fn try_from(value: u64) -> Result<Self, String> {
        match u8::try_from(value) {
            Ok(n @ 1..=100) => Ok(PerPage(n)),
            _ => Err(format!("must be between 1 and 100, got {value}")),
        }
    }
}

impl From<PerPage> for u64 {
    fn from(value: PerPage) -> u64 {
        value.0.into()
    }
}

// What it is and its bounds are said once for every tool, in the server's instructions
// (`super::shared`); the parse refuses a number outside them, saying so.
fixed_schema!(PerPage, {"type": "integer"});

/// `page`: 1-based page number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "u64", into = "u64")]
pub struct PageNumber(pub u32);

impl TryFrom<u64> for PageNumber {
    type Error = String;
    fn try_from(value: u64) -> Result<Self, String> {
        match u32::try_from(value) {
            Ok(n) if n >= 1 => Ok(PageNumber(n)),
            _ => Err(format!("must be a page number from 1, got {value}")),
        }
    }
}

impl From<PageNumber> for u64 {
    fn from(value: PageNumber) -> u64 {
        value.0.into()
    }
}

// Said once for every tool, in the server's instructions (`super::shared`).
fixed_schema!(PageNumber, {"type": "integer"});

/// A calendar date as GitLab takes it: `YYYY-MM-DD`. Dates compare in time order: the
/// fixed-width text sorts as the calendar does.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Deserialize, serde::Serialize)]
#[serde(try_from = "String", into = "String")]
pub struct Date(String);

impl Date {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Date {
    type Error = String;
    fn try_from(value: String) -> Result<Self, String> {
        let parts: Vec<&str> = value.split('-').collect();
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        let shaped =
            parts.len() == 3 && digits(parts[0], 4) && digits(parts[1], 2) && digits(parts[2], 2);
        let in_calendar = shaped && {
            let number = |part: &str| part.parse::<u32>().unwrap_or(0);
            let (year, month, day) = (number(parts[0]), number(parts[1]), number(parts[2]));
            (1..=12).contains(&month) && (1..=days_in_month(year, month)).contains(&day)
        };
        if in_calendar {
            Ok(Date(value))
        } else {
            Err(format!("expected a date as YYYY-MM-DD, got `{value}`"))
        }
    }
}

impl From<Date> for String {
    fn from(date: Date) -> String {
        date.0
    }
}

/// The days of `month` (1 to 12) in `year`, by the Gregorian calendar.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// As typed, in a wizard's summary.
impl SummaryValue for Date {
    fn summary_text(&self) -> Option<String> {
        Some(self.0.clone())
    }
}

fixed_schema!(Date, {
    "type": "string",
    "format": "date",
    "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
});

/// A moment as GitLab takes it, in ISO 8601: a date (`2026-07-28`) or a date and time
/// (`2026-07-28T12:00:00Z`, `2026-07-28T14:00+02:00`, fractions of a second allowed).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "String", into = "String")]
pub struct DateTime(String);

impl TryFrom<String> for DateTime {
    type Error = String;
    fn try_from(value: String) -> Result<Self, String> {
        let expected = || {
            format!(
                "expected an ISO 8601 date or date and time such as `2026-07-28` or `2026-07-28T12:00:00Z`, got `{value}`"
            )
        };
        let (date, time) = match value.split_once('T') {
            Some((date, time)) => (date, Some(time)),
            None => (value.as_str(), None),
        };
        Date::try_from(date.to_owned()).map_err(|_| expected())?;
        match time {
            Some(time) if !is_time_of_day(time) => Err(expected()),
            _ => Ok(DateTime(value)),
        }
    }
}

/// `hh:mm`, `hh:mm:ss` or `hh:mm:ss.fff`, then nothing, `Z` or an offset (`+02:00`, `-0500`).
fn is_time_of_day(time: &str) -> bool {
    let (clock, offset) = match time.find(['Z', '+', '-']) {
        Some(at) => time.split_at(at),
        None => (time, ""),
    };
    let (clock, fraction) = clock.split_once('.').unwrap_or((clock, "0"));
    let number = |part: &str, max: u8| {
        part.len() == 2
            && part.bytes().all(|b| b.is_ascii_digit())
            && part.parse::<u8>().is_ok_and(|n| n <= max)
    };
    let parts: Vec<&str> = clock.split(':').collect();
    let clock_ok = matches!(parts.len(), 2 | 3)
        && number(parts[0], 23)
        && number(parts[1], 59)
        && parts.get(2).is_none_or(|seconds| number(seconds, 60));
    let fraction_ok = !fraction.is_empty() && fraction.bytes().all(|b| b.is_ascii_digit());
    let offset_ok = match offset {
        "" | "Z" => true,
        signed => {
            let hours_minutes = signed[1..].replace(':', "");
            hours_minutes.len() == 4
                && number(&hours_minutes[..2], 23)
                && number(&hours_minutes[2..], 59)
        }
    };
    clock_ok && fraction_ok && offset_ok
}

impl From<DateTime> for String {
    fn from(moment: DateTime) -> String {
        moment.0
    }
}

fixed_schema!(DateTime, {
    "type": "string",
    "description": "ISO 8601 date or date and time (`2026-07-28`, `2026-07-28T12:00:00Z`)"
});

/// `tail_lines` of a job log: how many of its last lines to show. Ours, not GitLab's: the
/// whole log is fetched and cut here ([`super::output::Output::JobLog`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "u64", into = "u64")]
pub struct TailLines(pub u16);

/// More lines than this would pass the byte cap of a log answer anyway.
pub const MAX_TAIL_LINES: u16 = 10_000;

impl TryFrom<u64> for TailLines {
    type Error = String;
    fn try_from(value: u64) -> Result<Self, String> {
        match u16::try_from(value) {
            Ok(n @ 1..=MAX_TAIL_LINES) => Ok(TailLines(n)),
            _ => Err(format!(
                "must be between 1 and {MAX_TAIL_LINES} lines, got {value}"
            )),
        }
    }
}

impl From<TailLines> for u64 {
    fn from(value: TailLines) -> u64 {
        value.0.into()
    }
}

fixed_schema!(TailLines, {
    "type": "integer",
    "minimum": 1,
    "maximum": MAX_TAIL_LINES,
    "description": "Show the log's last n lines instead of its first error's lines and its end"
});

/// A person filter of GitLab's lists: a user id, `None` (nobody) or `Any` (somebody).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UserFilter {
    Id(u64),
    Nobody,
    Anybody,
}

impl<'de> Deserialize<'de> for UserFilter {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Number(n) if n.as_u64().is_some_and(|id| id > 0) => {
                Ok(UserFilter::Id(n.as_u64().unwrap_or_default()))
            }
            Value::String(text) => match text.trim() {
                none if none.eq_ignore_ascii_case("none") => Ok(UserFilter::Nobody),
                any if any.eq_ignore_ascii_case("any") => Ok(UserFilter::Anybody),
                id => id
                    .parse::<u64>()
                    .ok()
                    .filter(|id| *id > 0)
                    .map(UserFilter::Id)
                    .ok_or_else(|| serde::de::Error::custom(USER_FILTER)),
            },
            _ => Err(serde::de::Error::custom(USER_FILTER)),
        }
    }
}

const USER_FILTER: &str =
    "expected a user id, `None` or `Any`; a username or name is looked up before the call is built";

impl Serialize for UserFilter {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            UserFilter::Id(id) => serializer.serialize_u64(*id),
            UserFilter::Nobody => serializer.serialize_str("None"),
            UserFilter::Anybody => serializer.serialize_str("Any"),
        }
    }
}

/// A username or name is looked up before the call is built (`super::references`).
impl schemars::JsonSchema for UserFilter {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "UserFilter".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let schema = serde_json::json!({
            "type": ["integer", "string"],
            "description": "A user id, `None` (nobody) or `Any` (somebody)"
        });
        super::references::schema(super::Refers::User, schema)
    }
}

/// A list of names GitLab takes as one comma-separated string (`labels=bug,ui`): asked as
/// a JSON list, sent joined. Blank names are dropped.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Default)]
#[serde(transparent)]
pub struct CommaList(pub Vec<String>);

impl Serialize for CommaList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let names: Vec<&str> = self
            .0
            .iter()
            .map(|name| name.trim())
            .filter(|name| !name.is_empty())
            .collect();
        serializer.serialize_str(&names.join(","))
    }
}

fixed_schema!(CommaList, {
    "type": "array",
    "items": {"type": "string"}
});

/// One value or a list of them, as GitLab takes some filters (`scope=failed` or
/// `scope[]=failed&scope[]=canceled`): asked either way, sent as a list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct OneOrMany<T>(pub Vec<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrMany<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either<T> {
            Many(Vec<T>),
            One(T),
        }
        match Either::deserialize(deserializer)? {
            Either::Many(items) => Ok(OneOrMany(items)),
            Either::One(item) => Ok(OneOrMany(vec![item])),
        }
    }
}

impl<T: schemars::JsonSchema> schemars::JsonSchema for OneOrMany<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("OneOrMany_{}", T::schema_name()).into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let one = generator.subschema_for::<T>();
        schemars::json_schema!({
            "anyOf": [one, {"type": "array", "items": one}],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_checked() {
        assert!(Date::try_from("2026-07-28".to_owned()).is_ok());
        assert!(
            Date::try_from("2028-02-29".to_owned()).is_ok(),
            "a leap day"
        );
        for bad in [
            "2026-7-28",
            "2026-13-01",
            "tomorrow",
            "2026-07-28T00:00",
            "2026-02-29",
            "2026-04-31",
            "1900-02-29",
            "2026-00-10",
            "2026-01-00",
        ] {
            assert!(Date::try_from(bad.to_owned()).is_err(), "{bad}");
        }
    }

    #[test]
    fn moments_are_dates_or_dates_and_times() {
        for good in [
            "2026-07-28",
            "2026-07-28T12:00",
            "2026-07-28T12:00:00Z",
            "2026-07-28T12:00:00.123+02:00",
            "2026-07-28T23:59:59-0500",
        ] {
            assert!(DateTime::try_from(good.to_owned()).is_ok(), "{good}");
        }
        for bad in [
            "yesterday",
            "2026-07-28T",
            "2026-07-28T25:00",
            "2026-07-28 12:00",
            "2026-07-28T12:00+2",
            "2026-07-28T12:00:00.Z",
        ] {
            let error = DateTime::try_from(bad.to_owned()).unwrap_err();
            assert!(error.contains("ISO 8601"), "{bad}: {error}");
        }
        assert!(Date::try_from("2026-02-01".to_owned()) > Date::try_from("2026-01-31".to_owned()));
    }

    #[test]
    fn tail_lines_are_bounded() {
        assert_eq!(TailLines::try_from(10_000), Ok(TailLines(10_000)));
        assert_eq!(
            TailLines::try_from(0).unwrap_err(),
            "must be between 1 and 10000 lines, got 0"
        );
        assert!(TailLines::try_from(70_000).is_err());
    }

    #[test]
    fn one_value_or_a_list_is_sent_as_a_list() {
        let one: OneOrMany<String> = serde_json::from_value(serde_json::json!("failed")).unwrap();
        let many: OneOrMany<String> =
            serde_json::from_value(serde_json::json!(["failed", "canceled"])).unwrap();
        assert_eq!(
            serde_json::to_value(&one).unwrap(),
            serde_json::json!(["failed"])
        );
        assert_eq!(many.0.len(), 2);
    }

    #[test]
    fn pages_are_bounded() {
        assert_eq!(PerPage::try_from(100), Ok(PerPage(100)));
        assert!(PerPage::try_from(0).is_err());
        assert!(PageNumber::try_from(0).is_err());
        assert_eq!(PageNumber::try_from(3), Ok(PageNumber(3)));
    }
}
