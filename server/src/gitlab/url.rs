//! The one place a request becomes the URL that is sent ([`BuiltRequest`]). Every check of
//! what a call reaches — the operator's allow list, read-only mode, the guards — judges
//! the built request, never the parameters it was made from: between the two, a URL
//! parser removes tabs and newlines and resolves `.` and `..`, and GitLab's router then
//! squeezes the `//` that leaves and drops a trailing `/`. So a path part such as
//! `.⟨TAB⟩.` would turn "delete label `.⟨TAB⟩.` of project 1" into "delete project 1".
//!
//! The rule, applied here to every request: a path part must reach GitLab as it was
//! written. One that is empty, is `.` or `..`, or holds a control character is refused;
//! each part is percent-encoded whole (every byte but letters, digits and `-._~`); and the
//! URL is parsed back, its path read as GitLab's router reads it, and refused unless that
//! gives back the same parts.

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};
use reqwest::Method;
use serde_json::Value;
use url::Url;

use super::error::GitLabError;
use super::request::{Api, ApiRequest, FilePart};

/// What a path part is encoded with: everything but RFC 3986's unreserved characters, so
/// no character keeps a meaning of its own in a path (`/`, `%`, `;`, `?`, `#`, …).
const PATH_PART: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// A request as it is sent: its method, its whole URL and its body. Made only by
/// [`BuiltRequest::build`], which guarantees that [`BuiltRequest::route`] — the path as
/// GitLab's router reads it — is the path the request was made with.
#[derive(Debug, Clone, PartialEq)]
pub struct BuiltRequest {
    pub method: Method,
    pub url: Url,
    /// Sent as JSON when present.
    pub body: Option<Value>,
    /// Sent as `multipart/form-data` when present.
    pub file: Option<Box<FilePart>>,
    pub api: Api,
    /// The path's parts after `/api/v4` (or `/api` for GraphQL), decoded back from `url`.
    route: Vec<String>,
    /// The query's pairs, decoded back from `url`.
    query: Vec<(String, String)>,
}

impl BuiltRequest {
    /// Builds `request` under `api_root` (`{base}/api/v4`), or refuses it naming the path
    /// part that would not reach GitLab as written.
    pub fn build(api_root: &Url, request: ApiRequest) -> Result<BuiltRequest, GitLabError> {
        request.check()?;
        for part in &request.path {
            path_part(part).map_err(|reason| GitLabError::InvalidRequest { reason })?;
        }
        let mut url = api_root.clone();
        // GraphQL sits beside REST: `{base}/api/graphql`.
        let root = match request.api {
            Api::Rest => url.path().trim_end_matches('/').to_owned(),
            Api::GraphQl { .. } => {
                let rest = url.path().trim_end_matches('/');
                rest.rsplit_once('/').map_or("", |(api, _)| api).to_owned()
            }
        };
        let mut path = root.clone();
        for part in &request.path {
            path.push('/');
            path.extend(utf8_percent_encode(part, PATH_PART));
        }
        url.set_path(&path);
        url.set_query(None);
        if !request.query.is_empty() {
            url.query_pairs_mut().extend_pairs(&request.query);
        }
        let route = route_of(&url, &root);
        if route != request.path || url.path() != path {
            return Err(GitLabError::InvalidRequest {
                reason: format!(
                    "the URL `{}` would reach another path than the one asked for; give each id, path or name as it is",
                    url.path()
                ),
            });
        }
        let query = url.query_pairs().into_owned().collect();
        Ok(BuiltRequest {
            method: request.method,
            url,
            body: request.body,
            file: request.file,
            api: request.api,
            route,
            query,
        })
    }

    /// The path's parts after `/api/v4`, decoded, as GitLab's router matches them:
    /// `["projects", "demo/sandbox", "issues"]`.
    pub fn route(&self) -> &[String] {
        &self.route
    }

    /// The same endpoint under an older name for the route's last part
    /// (`super::compat`): `…/trigger_jobs` → `…/bridges`. A literal replaces a literal, so
    /// what the route names stays as checked.
    pub(super) fn rename_last_part(&mut self, to: &str) {
        if let Ok(mut parts) = self.url.path_segments_mut() {
            parts.pop().push(to);
        }
        if let Some(last) = self.route.last_mut() {
            *last = to.to_owned();
        }
    }

    /// The query's pairs, decoded.
    pub fn query(&self) -> &[(String, String)] {
        &self.query
    }

    /// Whether sending it may change GitLab: a REST method other than GET, or a GraphQL
    /// mutation. What read-only mode refuses.
    pub fn writes(&self) -> bool {
        match self.api {
            Api::Rest => self.method != Method::GET,
            Api::GraphQl { mutation } => mutation,
        }
    }

    /// `projects/demo%2Fsandbox/issues`: the path after the API root, as sent.
    pub fn api_path(&self) -> &str {
        let path = self.url.path();
        path.split_once("/api/v4/")
            .or_else(|| path.split_once("/api/"))
            .map_or(path, |(_, rest)| rest)
    }

    /// `POST projects/demo%2Fsandbox/issues`: the method and the path after the API root
    /// as sent, for messages.
    pub fn line(&self) -> String {
        format!("{} {}", self.method, self.api_path())
    }
}

/// Refuses a path part that would not reach GitLab as it is written, saying why.
pub fn path_part(part: &str) -> Result<(), String> {
    if part.trim().is_empty() {
        return Err(
            "a path part of the request is empty; give a real id, iid, path or name".to_owned(),
        );
    }
    if part.chars().any(char::is_control) {
        let shown: String = part.escape_debug().collect();
        return Err(format!(
            "the path part \"{shown}\" holds a control character (a tab, a newline, …), which URL parsers remove, so GitLab would receive another path; give the name without it"
        ));
    }
    if part == "." || part == ".." {
        return Err(format!(
            "a path part of the request is `{part}`, which URL parsers resolve to another path; give a real id, iid, path or name"
        ));
    }
    Ok(())
}

/// The parts of `url`'s path after `root`, decoded, with the empty parts GitLab's router
/// squeezes out (`//`, a trailing `/`) left out.
fn route_of(url: &Url, root: &str) -> Vec<String> {
    let path = url.path();
    let rest = path.strip_prefix(root).unwrap_or(path);
    rest.split('/')
        .filter(|part| !part.is_empty())
        .map(|part| percent_decode_str(part).decode_utf8_lossy().into_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gitlab::ProjectId;

    fn root() -> Url {
        Url::parse("https://gitlab.example.com/prefix/api/v4").unwrap()
    }

    fn built(request: ApiRequest) -> Result<BuiltRequest, String> {
        BuiltRequest::build(&root(), request).map_err(|error| error.to_string())
    }

    #[test]
    fn each_part_is_encoded_whole_and_read_back() {
        let request = ApiRequest::get()
            .project(&ProjectId::Path("my group/sub.group/pro-ject_1~x".into()))
            .segment("repository")
            .segment("files")
            .segment("a;b?c#d%2e%2e+é")
            .query("ref", "main");
        let sent = built(request).unwrap();
        assert_eq!(
            sent.url.as_str(),
            "https://gitlab.example.com/prefix/api/v4/projects/my%20group%2Fsub.group%2Fpro-ject_1~x/repository/files/a%3Bb%3Fc%23d%252e%252e%2B%C3%A9?ref=main"
        );
        assert_eq!(
            sent.route(),
            [
                "projects",
                "my group/sub.group/pro-ject_1~x",
                "repository",
                "files",
                "a;b?c#d%2e%2e+é"
            ]
        );
        assert_eq!(
            sent.line(),
            "GET projects/my%20group%2Fsub.group%2Fpro-ject_1~x/repository/files/a%3Bb%3Fc%23d%252e%252e%2B%C3%A9"
        );
    }

    #[test]
    fn parts_a_parser_would_rewrite_are_refused() {
        for part in [
            ".\t.", ".\n.", ".\r.", "\t", "a\u{7f}", "x\u{85}y", ".", "..", "", " ",
        ] {
            let request = ApiRequest::delete()
                .project(&ProjectId::Id(1))
                .segment("labels")
                .segment(part);
            let error = built(request).unwrap_err();
            assert!(
                error.starts_with("invalid GitLab request: "),
                "{part:?}: {error}"
            );
        }
        // Dots inside a name, or several of them, are names.
        for part in ["...", ".x", "v1.0", ". ."] {
            let request = ApiRequest::get().segment("x").segment(part);
            assert_eq!(built(request).unwrap().route()[1], part);
        }
    }

    #[test]
    fn graphql_goes_beside_the_rest_api() {
        let request = ApiRequest::graphql(serde_json::json!({"query": "{ a }"}), false);
        let sent = built(request).unwrap();
        assert_eq!(
            sent.url.as_str(),
            "https://gitlab.example.com/prefix/api/graphql"
        );
        assert_eq!(sent.route(), ["graphql"]);
        assert!(!sent.writes());
    }
}
