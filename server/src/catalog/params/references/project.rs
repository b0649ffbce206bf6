//! A project, by id, full path, or the last part of its path.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde_json::{Value, json};

use super::{Candidate, Kind, PAGE, Refers, Search, fields, one_line};
use crate::catalog::endpoint::Endpoint;
use crate::gitlab::{IdOrName, ProjectId};

/// Written here rather than beside the type: what a parameter may name is the catalog's
/// vocabulary, and a project's last path part alone is looked up.
impl JsonSchema for ProjectId {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ProjectId".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        // Text in the schema, so that a form fills it as text (`42` or `group/project`,
        // without quotes); a JSON integer is read too.
        let schema = json_schema!({
            "type": "string",
            "minLength": 1,
            "description": "The project's numeric id (`42`) or its full path (`group/project`)."
        });
        super::schema(Refers::Project, schema.to_value())
    }
}

/// Projects, found by the last part of their path (or their name): among those the user is
/// a member of, then among every project GitLab shows them.
pub(super) struct Projects;

impl Kind for Projects {
    fn noun(&self) -> &'static str {
        "project"
    }

    /// An id or a path with a namespace names one project; a path of one part names none
    /// in GitLab (every project lives in a namespace), so it is looked up.
    fn loose<'a>(&self, value: &'a Value) -> Option<&'a str> {
        let Value::String(text) = value else {
            return None;
        };
        match IdOrName::canonical_path(text) {
            Some(IdOrName::Name(path)) if !path.contains('/') => {
                Some(text.trim().trim_matches('/').trim())
            }
            _ => None,
        }
    }

    fn searches(&self, text: &str, _: Option<&ProjectId>) -> Vec<Search> {
        let list = |membership: Option<bool>| Search {
            endpoint: Endpoint::new(reqwest::Method::GET, "projects"),
            fields: fields([
                ("search", json!(text)),
                ("membership", json!(membership)),
                ("per_page", json!(PAGE)),
            ]),
        };
        vec![list(Some(true)), list(None)]
    }

    fn candidate(&self, text: &str, object: &Value) -> Option<Candidate> {
        let id = object.get("id")?.as_u64()?;
        let full = object.get("path_with_namespace")?.as_str()?;
        let path = object
            .get("path")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let name = object
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if !path.eq_ignore_ascii_case(text) && !name.eq_ignore_ascii_case(text) {
            return None;
        }
        Some(Candidate {
            value: json!(full),
            title: one_line(full),
            exact: false,
            project: Some((id, full.to_owned())),
        })
    }

    fn searched(&self, text: &str, _: Option<&ProjectId>) -> String {
        format!(
            "no project GitLab shows this server's user has the path or name {text} (searched: their projects, then every project)"
        )
    }

    fn instead(&self) -> &'static str {
        "find it with `project.list` (`search`) and give its id or full path (`group/project`)"
    }

    fn described(&self) -> &'static str {
        "Or its path's last part (looked up)."
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_path_of_one_part_is_looked_up() {
        for as_written in [
            json!(42),
            json!("42"),
            json!("group/app"),
            json!("/group/app/"),
        ] {
            assert_eq!(Projects.loose(&as_written), None, "{as_written}");
        }
        assert_eq!(Projects.loose(&json!(" app/ ")), Some("app"));
        let project =
            json!({"id": 7, "path": "app", "name": "App", "path_with_namespace": "team/app"});
        let found = Projects.candidate("APP", &project).unwrap();
        assert_eq!(found.value, json!("team/app"));
        assert_eq!(found.project, Some((7, "team/app".to_owned())));
        assert!(Projects.candidate("ap", &project).is_none());
    }
}
