//! Time tracking on issues and merge requests
//! (`/projects/:id/{issues,merge_requests}/:iid/{time_stats,time_estimate,add_spent_time}`):
//! how long the work is expected to take, and how long it took. Their actions belong to the
//! `issues` and `merge_requests` toolsets.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{MergeRequestIid, fixed_schema};
use crate::catalog::{Action, get, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn issue_actions() -> Vec<Action> {
    table![
        get::<IssueTime>(
            "issue.time_stats",
            "projects/{project_id}/issues/{issue_iid}/time_stats"
        )
        .title("Get an issue's time tracked"),
        post::<IssueEstimate>(
            "issue.time_estimate_set",
            "projects/{project_id}/issues/{issue_iid}/time_estimate"
        )
        .title("Set an issue's time estimate"),
        post::<IssueSpentTime>(
            "issue.time_spent_add",
            "projects/{project_id}/issues/{issue_iid}/add_spent_time"
        )
        .title("Add time spent on an issue"),
    ]
}

pub fn merge_request_actions() -> Vec<Action> {
    table![
        get::<MergeRequestTime>(
            "merge_request.time_stats",
            "projects/{project_id}/merge_requests/{merge_request_iid}/time_stats"
        )
        .title("Get a merge request's time tracked"),
        post::<MergeRequestEstimate>(
            "merge_request.time_estimate_set",
            "projects/{project_id}/merge_requests/{merge_request_iid}/time_estimate"
        )
        .title("Set a merge request's time estimate"),
        post::<MergeRequestSpentTime>(
            "merge_request.time_spent_add",
            "projects/{project_id}/merge_requests/{merge_request_iid}/add_spent_time"
        )
        .title("Add time spent on a merge request"),
    ]
}

/// A duration as GitLab writes one: numbers with `mo`, `w`, `d`, `h`, `m` or `s`
/// (`1w2d`, `3h30m`), a leading `-` to take time back.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "String", into = "String")]
pub struct Duration(String);

impl TryFrom<String> for Duration {
    type Error = String;
    fn try_from(value: String) -> Result<Self, String> {
        let compact: String = value.split_whitespace().collect();
        let body = compact.strip_prefix('-').unwrap_or(&compact);
        let mut rest = body;
        let mut parts = 0;
        while !rest.is_empty() {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let unit = ["mo", "w", "d", "h", "m", "s"]
                .into_iter()
                .find(|unit| rest[digits..].starts_with(unit));
            match unit {
                Some(unit) if digits > 0 => rest = &rest[digits + unit.len()..],
                _ => break,
            }
            parts += 1;
        }
        if (rest.is_empty() && parts > 0) || body == "0" {
            Ok(Duration(compact))
        } else {
            Err(format!(
                "expected a duration such as `3h30m`, `1w2d` or `45m` (units mo, w, d, h, m, s), got `{value}`"
            ))
        }
    }
}

impl From<Duration> for String {
    fn from(duration: Duration) -> String {
        duration.0
    }
}

fixed_schema!(Duration, {
    "type": "string",
    "pattern": "^-?([0-9]+(mo|w|d|h|m|s))+$|^0$",
    "description": "A duration: `3h30m`, `1w2d`, `45m` (units mo, w, d, h, m, s)"
});

/// Get the time estimated for an issue and the time spent on it, in seconds and as GitLab
/// writes it (`3h 30m`).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueTime {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
}

/// Set how long an issue is expected to take (`3h30m`, `1w2d`; `0` clears it). Returns
/// its time tracked.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueEstimate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    pub duration: Duration,
}

/// Record time spent on an issue (`1h15m`; a negative `-30m` takes some back). Returns
/// its time tracked.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueSpentTime {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    pub duration: Duration,
    /// What the time was spent on.
    pub summary: Option<String>,
}

/// Get the time estimated for a merge request and the time spent on it, in seconds and as GitLab
/// writes it (`3h 30m`).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestTime {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
}

/// Set how long a merge request is expected to take (`3h30m`, `1w2d`; `0` clears it). Returns
/// its time tracked.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestEstimate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub duration: Duration,
}

/// Record time spent on a merge request (`1h15m`; a negative `-30m` takes some back). Returns
/// its time tracked.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestSpentTime {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub duration: Duration,
    /// What the time was spent on.
    pub summary: Option<String>,
}
