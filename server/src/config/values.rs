//! Reading one setting's value: yes/no, sizes, durations, and the error that names the
//! variable and flag a bad value came from.

use std::time::Duration;

pub use crate::units::{parse_duration, parse_size};

/// A value that cannot start the server; Display names the variable and the flag.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{variable} (--{flag}): {problem}")]
pub struct ConfigError {
    pub variable: &'static str,
    pub flag: &'static str,
    pub problem: String,
}

impl ConfigError {
    pub(crate) fn new(
        variable: &'static str,
        flag: &'static str,
        problem: impl Into<String>,
    ) -> Self {
        ConfigError {
            variable,
            flag,
            problem: problem.into(),
        }
    }
}

/// A yes/no setting: `1`, `true`, `yes`, `on` or `0`, `false`, `no`, `off`, in any case;
/// anything else (an empty value too) is refused rather than read as one or the other.
pub(crate) fn parse_bool(raw: &str) -> Result<bool, String> {
    const EXPECTED: &str = "expected `true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off`)";
    match raw.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        "" => Err(format!("is empty; {EXPECTED}, or leave it unset")),
        _ => Err(format!(
            "`{}` is not a yes/no value; {EXPECTED}",
            raw.trim()
        )),
    }
}

/// A duration longer than zero, or the error naming `variable` and `flag`.
pub(crate) fn parse_timeout(
    raw: &str,
    variable: &'static str,
    flag: &'static str,
) -> Result<Duration, ConfigError> {
    match parse_duration(raw) {
        Ok(duration) if duration.is_zero() => {
            Err(ConfigError::new(variable, flag, "must be longer than zero"))
        }
        Ok(duration) => Ok(duration),
        Err(problem) => Err(ConfigError::new(variable, flag, problem)),
    }
}
