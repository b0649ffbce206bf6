//! The parameters most actions share — `project_id`, `group_id`, `merge_request_iid`,
//! `issue_iid`, `page`, `per_page`, `raw` — mean the same on every tool, so they are
//! described once, in the server's instructions, rather than on each of hundreds of tools:
//! their schemas give the type only (`group_id`, `per_page`, `raw` and `merge_request_iid`
//! by their types' schemas, `issue_iid` by its fields having no doc comment, `project_id`
//! here). A field whose meaning is its own (a `per_page` GitLab caps lower, the blocked
//! merge request of a dependency, a to-do filter taking a numeric project id only) keeps
//! its own description.

use serde_json::{Map, Value};

use super::Refers;
use crate::catalog::PROJECT_ID;

const MERGE_REQUEST_IID: &str = "merge_request_iid";

/// What the server's instructions say of the shared parameters, on every surface.
pub const SHARED_PARAMETERS: &str = "Parameters that mean the same on every tool: `project_id` is a project's id or path (`group/project`; the path's last part alone is looked up among the user's projects), and where a tool does not require it, left out means the default project; `group_id` is a group's id or full path; `merge_request_iid` and `issue_iid` are the number inside the project (`!7`, `#7` → 7), and words of a merge request's title or source branch are looked up; `page` (from 1) and `per_page` (1 to 100, default 20) page through a list; `raw: true` adds GitLab's whole object to a read's compact answer. A parameter a tool does not take is refused, naming those it takes.";

/// Takes off the descriptions that only say what the instructions say: a `project_id`
/// naming a project as every tool's does (an id or a path, looked up by its last part — not
/// a to-do filter's numeric id), and a `merge_request_iid` with nothing of its own besides
/// the lookup sentence its type added (`super::references`).
pub fn leave_to_instructions(schema: &mut Map<String, Value>) {
    let Some(Value::Object(properties)) = schema.get_mut("properties") else {
        return;
    };
    for (name, property) in properties {
        let Value::Object(property) = property else {
            continue;
        };
        let description = property.get("description").and_then(Value::as_str);
        let said = match name.as_str() {
            PROJECT_ID => property.get("type").and_then(Value::as_str) == Some("string"),
            MERGE_REQUEST_IID => description == Some(Refers::MergeRequest.described()),
            _ => false,
        };
        if said {
            property.remove("description");
        }
    }
}
