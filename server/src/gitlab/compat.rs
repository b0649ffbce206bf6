//! What an older GitLab calls by another name. The catalog sends today's names; before a
//! request naming one of them is sent, the instance's version (read once, `GET /version`)
//! decides whether the older name goes instead. An instance whose version cannot be read
//! gets today's names. Each rename keeps what the request names and says: a body field
//! that names no project and carries no text, or the last part of a route, the same
//! endpoint under its older name.

use serde_json::Value;

use super::url::BuiltRequest;

/// A renamed name: today's, the one before, and the release that renamed it.
struct Renamed {
    today: &'static str,
    before: &'static str,
    since: (u32, u32),
}

/// Body fields: `auto_merge` replaced `merge_when_pipeline_succeeds` in GitLab 17.11.
const FIELDS: &[Renamed] = &[Renamed {
    today: "auto_merge",
    before: "merge_when_pipeline_succeeds",
    since: (17, 11),
}];

/// Routes' last parts, after `pipelines/:id`: a pipeline's trigger jobs were its
/// `bridges` before GitLab 19.2.
const ROUTES: &[Renamed] = &[Renamed {
    today: "trigger_jobs",
    before: "bridges",
    since: (19, 2),
}];

/// Whether `request` names something an older GitLab knows by another name: only then is
/// the version worth reading.
pub fn needs_version(request: &BuiltRequest) -> bool {
    let field = match &request.body {
        Some(Value::Object(body)) => FIELDS.iter().any(|r| body.contains_key(r.today)),
        _ => false,
    };
    field || renamed_route(request).is_some()
}

/// `request` as a GitLab of `version` (`major.minor`) takes it.
pub fn adapt(request: &mut BuiltRequest, version: Option<(u32, u32)>) {
    let Some(version) = version else {
        return;
    };
    if let Some(Value::Object(body)) = &mut request.body {
        for renamed in FIELDS.iter().filter(|r| version < r.since) {
            if let Some(value) = body.remove(renamed.today) {
                body.insert(renamed.before.to_owned(), value);
            }
        }
    }
    if let Some(renamed) = renamed_route(request).filter(|r| version < r.since) {
        request.rename_last_part(renamed.before);
    }
}

/// The rename of `request`'s route, when it ends with one: `pipelines/:id/trigger_jobs`.
fn renamed_route(request: &BuiltRequest) -> Option<&'static Renamed> {
    let [.., parent, _, last] = request.route() else {
        return None;
    };
    ROUTES
        .iter()
        .find(|renamed| parent == "pipelines" && last == renamed.today)
}

/// `17.10.3-ee` → `(17, 10)`.
pub fn parse_version(text: &str) -> Option<(u32, u32)> {
    let mut parts = text.split(['.', '-']);
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::gitlab::ApiRequest;

    #[test]
    fn an_older_gitlab_gets_the_older_names() {
        let root = url::Url::parse("https://gitlab.example.com/api/v4").unwrap();
        let build = |request: ApiRequest| BuiltRequest::build(&root, request).unwrap();
        let merge = || {
            build(
                ApiRequest::put()
                    .segment("x")
                    .json(json!({"auto_merge": true, "squash": true})),
            )
        };
        assert!(needs_version(&merge()));
        let mut old = merge();
        adapt(&mut old, parse_version("17.10.3-ee"));
        assert_eq!(
            old.body,
            Some(json!({"merge_when_pipeline_succeeds": true, "squash": true}))
        );
        for version in [Some((17, 11)), Some((18, 0)), None] {
            let mut new = merge();
            adapt(&mut new, version);
            assert_eq!(new, merge(), "{version:?}");
        }
        let triggers = || {
            let parts = ["projects", "1", "pipelines", "7", "trigger_jobs"];
            build(
                parts
                    .iter()
                    .fold(ApiRequest::get(), |r, p| r.segment(p))
                    .query("scope[]", "failed"),
            )
        };
        assert!(needs_version(&triggers()));
        let mut old = triggers();
        adapt(&mut old, Some((19, 1)));
        assert_eq!(
            old.url.as_str(),
            "https://gitlab.example.com/api/v4/projects/1/pipelines/7/bridges?scope%5B%5D=failed"
        );
        assert_eq!(old.route().last().unwrap(), "bridges");
        let mut new = triggers();
        adapt(&mut new, Some((19, 2)));
        assert_eq!(new, triggers());
        assert!(!needs_version(&build(ApiRequest::get().segment("x"))));
        assert_eq!(parse_version("18.2.0"), Some((18, 2)));
        assert_eq!(parse_version("nonsense"), None);
    }
}
