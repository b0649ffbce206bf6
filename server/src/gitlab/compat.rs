//! What an older GitLab calls by another name. The catalog sends today's names; before a
//! request naming one of them is sent, the instance's version (read once, `GET /version`)
//! decides whether the older name goes instead. An instance whose version cannot be read
//! gets today's names.

use serde_json::Value;

/// A renamed body field: today's name, the name before, and the release that renamed it.
struct Renamed {
    today: &'static str,
    before: &'static str,
    since: (u32, u32),
}

/// `auto_merge` replaced `merge_when_pipeline_succeeds` in GitLab 17.11.
const RENAMED: &[Renamed] = &[Renamed {
    today: "auto_merge",
    before: "merge_when_pipeline_succeeds",
    since: (17, 11),
}];

/// Whether a request's `body` names a field an older GitLab knows by another name: only
/// then is the version worth reading.
pub fn needs_version(body: Option<&Value>) -> bool {
    match body {
        Some(Value::Object(body)) => RENAMED.iter().any(|r| body.contains_key(r.today)),
        _ => false,
    }
}

/// A request's `body` as a GitLab of `version` (`major.minor`) takes it.
pub fn adapt(body: Option<&mut Value>, version: Option<(u32, u32)>) {
    let (Some(version), Some(Value::Object(body))) = (version, body) else {
        return;
    };
    for renamed in RENAMED.iter().filter(|r| version < r.since) {
        if let Some(value) = body.remove(renamed.today) {
            body.insert(renamed.before.to_owned(), value);
        }
    }
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

    #[test]
    fn an_older_gitlab_gets_the_older_name() {
        let merge = || json!({"auto_merge": true, "squash": true});
        assert!(needs_version(Some(&merge())));
        let mut old = merge();
        adapt(Some(&mut old), parse_version("17.10.3-ee"));
        assert_eq!(
            old,
            json!({"merge_when_pipeline_succeeds": true, "squash": true})
        );
        for version in [Some((17, 11)), Some((18, 0)), None] {
            let mut new = merge();
            adapt(Some(&mut new), version);
            assert_eq!(new, merge(), "{version:?}");
        }
        assert!(!needs_version(None));
        assert_eq!(parse_version("18.2.0"), Some((18, 2)));
        assert_eq!(parse_version("nonsense"), None);
    }
}
