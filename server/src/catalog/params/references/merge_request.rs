//! `merge_request_iid`: a merge request by its number inside its project, or by a text in
//! its title or source branch.

use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Value, json};
use wizard::summary::SummaryValue;

use super::{Candidate, Kind, PAGE, Refers, Search, fields, holds, of_project, one_line};
use crate::catalog::endpoint::Endpoint;
use crate::gitlab::{ProjectId, whole_id};

/// A merge request's number inside its project: `12`, or `"!12"` as GitLab writes a
/// reference to one. Any other text is looked up before the call is built, so only a
/// number reaches the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct MergeRequestIid(pub u64);

impl MergeRequestIid {
    /// `12`, `"12"` or `"!12"`; `None` for anything else.
    fn read(value: &Value) -> Option<u64> {
        let iid = match value {
            Value::Number(number) => number
                .as_u64()
                .or_else(|| number.as_f64().and_then(whole_id)),
            Value::String(text) => {
                let text = text.trim();
                text.strip_prefix('!').unwrap_or(text).parse().ok()
            }
            _ => None,
        };
        iid.filter(|iid| *iid > 0)
    }
}

impl<'de> Deserialize<'de> for MergeRequestIid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        MergeRequestIid::read(&value).map(MergeRequestIid).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "expected a merge request's iid (`12` or `!12`), got {value}; a text is looked up among the project's merge requests before the call is built"
            ))
        })
    }
}

impl fmt::Display for MergeRequestIid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Shown as GitLab writes a reference to one (`!7`), so that it cannot be read as any
/// other number.
impl SummaryValue for MergeRequestIid {
    fn summary_text(&self) -> Option<String> {
        Some(format!("!{}", self.0))
    }
}

impl JsonSchema for MergeRequestIid {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "MergeRequestIid".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        // What the number is, is said once for every tool in the server's instructions
        // (`crate::catalog::params::SHARED_PARAMETERS`); a field saying more says it.
        let schema = json_schema!({"type": ["integer", "string"]});
        super::schema(Refers::MergeRequest, schema.to_value())
    }
}

/// Merge requests, found among the project's open ones first, then among those GitLab
/// finds by the text in any state.
pub(super) struct MergeRequests;

impl Kind for MergeRequests {
    fn noun(&self) -> &'static str {
        "merge request"
    }

    fn loose<'a>(&self, value: &'a Value) -> Option<&'a str> {
        match value {
            Value::String(text) if MergeRequestIid::read(value).is_none() => Some(text.trim()),
            _ => None,
        }
    }

    fn searches(&self, text: &str, project: Option<&ProjectId>) -> Vec<Search> {
        let Some(project) = project else {
            return Vec::new();
        };
        let endpoint = Endpoint::new(reqwest::Method::GET, "projects/{project_id}/merge_requests");
        let list = |state: &str, search: Option<&str>| Search {
            endpoint: endpoint.clone(),
            fields: fields([
                ("project_id", json!(project)),
                ("state", json!(state)),
                ("search", json!(search)),
                ("in", json!(search.map(|_| "title"))),
                ("order_by", json!("updated_at")),
                ("per_page", json!(PAGE)),
            ]),
        };
        // The open ones are read whole, since GitLab's search does not read source
        // branches; an older one only by GitLab's search of titles (`in=title`: a text in
        // a description alone would offer merge requests whose title does not show why).
        vec![list("opened", None), list("all", Some(text))]
    }

    fn candidate(&self, text: &str, object: &Value) -> Option<Candidate> {
        let iid = object.get("iid")?.as_u64()?;
        let title = object.get("title")?.as_str()?;
        let branch = object.get("source_branch")?.as_str()?;
        if !holds(title, text) && !holds(branch, text) {
            return None;
        }
        let state = match object.get("state").and_then(Value::as_str) {
            Some("opened") | None => String::new(),
            Some(state) => format!(", {state}"),
        };
        Some(Candidate {
            value: json!(iid),
            title: one_line(&format!("!{iid} {title} ({branch}{state})")),
            exact: false,
            project: None,
        })
    }

    fn searched(&self, text: &str, project: Option<&ProjectId>) -> String {
        format!(
            "no merge request{} has {text} in its title or source branch (its open merge requests were read, then those of any state GitLab finds by {text} in their title)",
            of_project(project)
        )
    }

    fn instead(&self) -> &'static str {
        "list them with `merge_request.list` (`search`, `source_branch`, `state`) and give its iid (`12`)"
    }

    fn described(&self) -> &'static str {
        "Or words of its title or source branch, looked up."
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_iid_is_a_number_or_a_reference_and_a_text_is_looked_up() {
        let iid = |value: Value| serde_json::from_value::<MergeRequestIid>(value).ok();
        for same in [json!(12), json!(12.0), json!("12"), json!(" !12 ")] {
            assert_eq!(iid(same.clone()), Some(MergeRequestIid(12)), "{same}");
            assert_eq!(MergeRequests.loose(&same), None, "{same}");
        }
        for bad in [json!(0), json!("!"), json!(-1), json!(1.5), json!("login")] {
            assert_eq!(iid(bad.clone()), None, "{bad}");
        }
        assert_eq!(MergeRequests.loose(&json!(" login ")), Some("login"));
        let error = serde_json::from_value::<MergeRequestIid>(json!("login"))
            .unwrap_err()
            .to_string();
        assert!(error.contains("looked up"), "{error}");
        assert_eq!(serde_json::to_value(MergeRequestIid(7)).unwrap(), json!(7));
    }

    #[test]
    fn a_merge_request_matches_by_title_or_source_branch() {
        let mr = json!({"iid": 12, "title": "Fix login", "source_branch": "feature/auth", "state": "opened"});
        let found = MergeRequests.candidate("LOGIN", &mr).unwrap();
        assert_eq!(found.title, "!12 Fix login (feature/auth)");
        assert_eq!(found.value, json!(12));
        assert!(MergeRequests.candidate("auth", &mr).is_some());
        assert!(MergeRequests.candidate("logout", &mr).is_none());
        let merged =
            json!({"iid": 3, "title": "Old", "source_branch": "old-login", "state": "merged"});
        assert_eq!(
            MergeRequests.candidate("login", &merged).unwrap().title,
            "!3 Old (old-login, merged)"
        );
    }
}
