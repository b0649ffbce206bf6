//! Which requests carry a text GitLab reads quick actions from, read off the request as it
//! is sent: its method and route, and the field in its body or query (GitLab reads a
//! parameter from either). Notes, replies and discussions on issues, merge requests,
//! commits and epics (`body`); commit comments and draft notes (`note`, a draft's commands
//! running when it is published); issue, merge request and epic descriptions, on create
//! and update; and every string of a GraphQL mutation (`createNote`, `updateIssue`, …).
//! GitLab runs none in snippet or wiki notes.

use std::fmt;

use reqwest::Method;
use serde_json::Value;

use super::{QuickAction, find};
use crate::gitlab::Api;
use crate::gitlab::BuiltRequest;
use crate::gitlab::graphql::GraphQl;

/// The item a text's quick actions act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Issue(Option<u64>),
    MergeRequest(Option<u64>),
    Epic(Option<u64>),
    Commit(String),
    /// A GraphQL mutation's: whatever its text is written on.
    Unknown,
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Issue(Some(iid)) => write!(f, "#{iid}"),
            Target::MergeRequest(Some(iid)) => write!(f, "!{iid}"),
            Target::Epic(Some(iid)) => write!(f, "&{iid}"),
            Target::Issue(None) => f.write_str("the new issue"),
            Target::MergeRequest(None) => f.write_str("the new merge request"),
            Target::Epic(None) => f.write_str("the new epic"),
            Target::Commit(sha) => write!(f, "commit {}", &sha[..sha.len().min(8)]),
            Target::Unknown => f.write_str("the item it is written on"),
        }
    }
}

/// A text of a request that carries quick actions.
#[derive(Debug, Clone)]
pub struct Carried {
    /// Where the text is: `body`, `description`, `note`, or the mutation's strings.
    pub field: String,
    /// What the text is, for a question: `comment`, `description`, `draft comment`.
    pub noun: &'static str,
    pub target: Target,
    pub found: Vec<QuickAction>,
}

/// The texts of `request` that carry quick actions, each with the actions found in it.
pub fn carried(request: &BuiltRequest) -> Vec<Carried> {
    if let Api::GraphQl { mutation } = request.api {
        return if mutation {
            in_mutation(request)
        } else {
            Vec::new()
        };
    }
    let Some((field, noun, target)) = carrier(&request.method, request.route()) else {
        return Vec::new();
    };
    let in_body = match &request.body {
        Some(Value::Object(body)) => body.get(field).and_then(Value::as_str),
        _ => None,
    };
    let in_query = request
        .query()
        .iter()
        .filter(|(key, _)| key == field)
        .map(|(_, value)| value.as_str());
    in_body
        .into_iter()
        .chain(in_query)
        .map(find)
        .filter(|found| !found.is_empty())
        .map(|found| Carried {
            field: field.to_owned(),
            noun,
            target: target.clone(),
            found,
        })
        .collect()
}

/// Whether a request to the endpoint `template` (`projects/{project_id}/issues`) with
/// `method` carries a text GitLab reads quick actions from.
pub fn may_carry(method: &Method, template: &str) -> bool {
    // Any id will do where the template has a field.
    let route: Vec<String> = template
        .split('/')
        .map(|part| match part.starts_with('{') {
            true => "1".to_owned(),
            false => part.to_owned(),
        })
        .collect();
    carrier(method, &route).is_some()
}

/// The field GitLab reads commands from in a request to `route` with `method`, what the
/// text is, and the item they act on; `None` for any other request.
fn carrier(method: &Method, route: &[String]) -> Option<(&'static str, &'static str, Target)> {
    let route: Vec<&str> = route.iter().map(String::as_str).collect();
    let post = *method == Method::POST;
    let put = *method == Method::PUT || *method == Method::PATCH;
    let comment = |kind: &str, iid: &str| Some(("body", "comment", item(kind, Some(iid))?));
    match route.as_slice() {
        ["projects" | "groups", _, kind, iid, "notes" | "discussions"] if post => {
            comment(kind, iid)
        }
        ["projects" | "groups", _, kind, iid, "notes", _] if put => comment(kind, iid),
        [
            "projects" | "groups",
            _,
            kind,
            iid,
            "discussions",
            _,
            "notes",
        ] if post => comment(kind, iid),
        [
            "projects" | "groups",
            _,
            kind,
            iid,
            "discussions",
            _,
            "notes",
            _,
        ] if put => comment(kind, iid),
        ["projects", _, "repository", "commits", sha, "comments"] if post => {
            Some(("note", "commit comment", Target::Commit((*sha).to_owned())))
        }
        [
            "projects",
            _,
            "repository",
            "commits",
            sha,
            "discussions",
            ..,
        ] if post || put => Some(("body", "comment", Target::Commit((*sha).to_owned()))),
        [
            "projects",
            _,
            "merge_requests",
            iid,
            "draft_notes",
            rest @ ..,
        ] if (post && rest.is_empty()) || (put && rest.len() == 1) => {
            let target = item("merge_requests", Some(iid))?;
            Some((
                "note",
                "draft comment (its commands run when it is published)",
                target,
            ))
        }
        ["projects" | "groups", _, kind] if post => {
            Some(("description", "description", item(kind, None)?))
        }
        ["projects" | "groups", _, kind, iid] if put => {
            Some(("description", "description", item(kind, Some(iid))?))
        }
        _ => None,
    }
}

/// The item of a route's `kind` (`issues`, `merge_requests`, `epics`) and `iid`.
fn item(kind: &str, iid: Option<&str>) -> Option<Target> {
    let iid = match iid {
        Some(iid) => Some(iid.parse().ok()?),
        None => None,
    };
    match kind {
        "issues" => Some(Target::Issue(iid)),
        "merge_requests" => Some(Target::MergeRequest(iid)),
        "epics" => Some(Target::Epic(iid)),
        _ => None,
    }
}

/// Every string a GraphQL mutation sends: its document's and its variables'.
fn in_mutation(request: &BuiltRequest) -> Vec<Carried> {
    let Some(Value::Object(body)) = &request.body else {
        return Vec::new();
    };
    let mut texts: Vec<String> = Vec::new();
    if let Some(Value::String(query)) = body.get("query")
        && let Ok(document) = GraphQl::parse(query)
    {
        texts.extend(document.strings().into_iter().map(str::to_owned));
    }
    if let Some(variables) = body.get("variables") {
        strings(variables, &mut texts);
    }
    texts
        .iter()
        .map(|text| find(text))
        .filter(|found| !found.is_empty())
        .map(|found| Carried {
            field: "the mutation".to_owned(),
            noun: "GraphQL mutation",
            target: Target::Unknown,
            found,
        })
        .collect()
}

fn strings(value: &Value, texts: &mut Vec<String>) {
    match value {
        Value::String(text) => texts.push(text.clone()),
        Value::Array(items) => items.iter().for_each(|item| strings(item, texts)),
        Value::Object(fields) => fields.values().for_each(|item| strings(item, texts)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use url::Url;

    use super::*;
    use crate::gitlab::ApiRequest;

    fn sent(request: ApiRequest) -> BuiltRequest {
        let root = Url::parse("https://gitlab.example.com/api/v4").unwrap();
        BuiltRequest::build(&root, request).unwrap()
    }

    fn request(method: Method, path: &str, body: Value) -> BuiltRequest {
        let mut request = ApiRequest::new(method);
        for part in path.split('/') {
            request = request.segment(part);
        }
        sent(request.json(body))
    }

    fn read(request: &BuiltRequest) -> Vec<(String, Target, Vec<String>)> {
        carried(request)
            .into_iter()
            .map(|c| {
                let lines = c.found.into_iter().map(|f| f.written).collect();
                (c.field, c.target, lines)
            })
            .collect()
    }

    #[test]
    fn notes_descriptions_and_comments_carry_commands() {
        let close = json!({"body": "ok\n/close", "description": "/lock", "note": "/tag v1"});
        let cases = [
            (
                Method::POST,
                "projects/1/issues/3/notes",
                "body",
                Target::Issue(Some(3)),
                "/close",
            ),
            (
                Method::PUT,
                "projects/1/merge_requests/2/notes/9",
                "body",
                Target::MergeRequest(Some(2)),
                "/close",
            ),
            (
                Method::POST,
                "projects/1/issues/3/discussions/abc/notes",
                "body",
                Target::Issue(Some(3)),
                "/close",
            ),
            (
                Method::POST,
                "groups/5/epics/4/discussions",
                "body",
                Target::Epic(Some(4)),
                "/close",
            ),
            (
                Method::POST,
                "projects/1/repository/commits/abcdef123456/comments",
                "note",
                Target::Commit("abcdef123456".into()),
                "/tag v1",
            ),
            (
                Method::POST,
                "projects/1/merge_requests/2/draft_notes",
                "note",
                Target::MergeRequest(Some(2)),
                "/tag v1",
            ),
            (
                Method::POST,
                "projects/1/issues",
                "description",
                Target::Issue(None),
                "/lock",
            ),
            (
                Method::PUT,
                "projects/1/merge_requests/2",
                "description",
                Target::MergeRequest(Some(2)),
                "/lock",
            ),
        ];
        for (method, path, field, target, line) in cases {
            let found = read(&request(method.clone(), path, close.clone()));
            assert_eq!(
                found,
                [(field.to_owned(), target, vec![line.to_owned()])],
                "{method} {path}"
            );
        }
        for (method, path) in [
            (Method::GET, "projects/1/issues/3/notes"),
            (Method::POST, "projects/1/snippets/3/notes"),
            (Method::POST, "projects/1/labels"),
            (Method::PUT, "projects/1"),
            (Method::POST, "projects/1/issues/3/notes/9"),
        ] {
            assert!(
                read(&request(method.clone(), path, close.clone())).is_empty(),
                "{method} {path}"
            );
        }
    }

    #[test]
    fn the_query_is_read_too_and_mutations_in_every_string() {
        let request = sent(
            ApiRequest::post()
                .segment("projects")
                .segment("1")
                .segment("issues")
                .segment("1")
                .segment("notes")
                .query("body", "/close"),
        );
        assert_eq!(read(&request)[0].2, ["/close"]);
        let mutation = sent(ApiRequest::graphql(
            json!({"query": "mutation($b: String!) { createNote(input: {body: \"x\\n/merge\"}) { errors } }", "variables": {"b": "y\n/close"}}),
            true,
        ));
        let found = read(&mutation);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].2, ["/merge"]);
        assert_eq!(found[1].2, ["/close"]);
        assert_eq!(
            Target::Commit("0123456789".into()).to_string(),
            "commit 01234567"
        );
        assert!(may_carry(
            &Method::POST,
            "projects/{project_id}/issues/{issue_iid}/notes"
        ));
        assert!(!may_carry(
            &Method::GET,
            "projects/{project_id}/issues/{issue_iid}/notes"
        ));
        assert!(!may_carry(&Method::POST, "projects/{project_id}/labels"));
    }
}
