//! A branch that must exist, by its name or part of it.

use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use wizard::summary::SummaryValue;

use super::{Candidate, Kind, PAGE, Refers, Search, fields, of_project, one_line};
use crate::catalog::endpoint::Endpoint;
use crate::gitlab::ProjectId;

/// A branch's name (`feature/login`). It is looked up before the call is built: a name
/// no branch has exactly stands for the branches whose name holds it. A wildcard
/// (`release/*`, which protections take) is sent as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Branch(pub String);

impl Branch {
    /// A wizard's answer: any text, checked against GitLab by the question's own check.
    pub fn parse(text: &str) -> Result<Branch, String> {
        Ok(Branch(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Branch {
    fn from(name: &str) -> Self {
        Branch(name.to_owned())
    }
}

impl fmt::Display for Branch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl SummaryValue for Branch {
    fn summary_text(&self) -> Option<String> {
        Some(self.0.clone())
    }
}

impl JsonSchema for Branch {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Branch".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let schema = json_schema!({
            "type": "string",
            "minLength": 1,
            "description": "The branch's name (`feature/login`)."
        });
        super::schema(Refers::Branch, schema.to_value())
    }
}

/// Branches, found by GitLab's search of their names.
pub(super) struct Branches;

impl Kind for Branches {
    fn noun(&self) -> &'static str {
        "branch"
    }

    fn loose<'a>(&self, value: &'a Value) -> Option<&'a str> {
        match value {
            Value::String(name) if !name.contains('*') && !name.trim().is_empty() => Some(name),
            _ => None,
        }
    }

    fn searches(&self, text: &str, project: Option<&ProjectId>) -> Vec<Search> {
        let Some(project) = project else {
            return Vec::new();
        };
        vec![Search {
            endpoint: Endpoint::new(
                reqwest::Method::GET,
                "projects/{project_id}/repository/branches",
            ),
            fields: fields([
                ("project_id", json!(project)),
                ("search", json!(text)),
                ("per_page", json!(PAGE)),
            ]),
        }]
    }

    fn candidate(&self, text: &str, object: &Value) -> Option<Candidate> {
        let name = object.get("name")?.as_str()?;
        Some(Candidate {
            value: json!(name),
            title: one_line(name),
            exact: name == text,
            project: None,
        })
    }

    fn searched(&self, text: &str, project: Option<&ProjectId>) -> String {
        format!(
            "no branch{} is named {text} or has it in its name",
            of_project(project)
        )
    }

    fn instead(&self) -> &'static str {
        "list them with `branch.list` (`search`) and give its whole name"
    }

    fn described(&self) -> &'static str {
        "Or part of a branch name, looked up."
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_branch_is_looked_up_unless_it_is_a_wildcard() {
        assert_eq!(Branches.loose(&json!("login")), Some("login"));
        assert_eq!(Branches.loose(&json!("release/*")), None);
        let found = Branches
            .candidate("login", &json!({"name": "feature/login"}))
            .unwrap();
        assert!(!found.exact);
        assert!(
            Branches
                .candidate("login", &json!({"name": "login"}))
                .unwrap()
                .exact
        );
    }
}
