//! The resources' URIs, `gitlab://projects/{project}/…`, as a person reads and types them:
//! a project by its numeric id or its URL-encoded path (`demo%2Fsandbox`), then GitLab's
//! own words for what is in it. Parsing is strict, and a refusal says what would parse.

use std::fmt::Write as _;

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};

use crate::gitlab::ProjectId;

/// Every resource URI starts so.
pub const PREFIX: &str = "gitlab://projects/";

/// Encoded in a URI segment: everything but RFC 3986's unreserved characters, so a
/// project path's `/` travels as `%2F`, as RFC 6570 expands `{project}`.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// What a resource URI names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// `gitlab://projects/{project}`
    Project(ProjectId),
    /// `gitlab://projects/{project}/issues/{iid}`
    Issue { project: ProjectId, iid: u64 },
    /// `gitlab://projects/{project}/merge_requests/{iid}`
    MergeRequest { project: ProjectId, iid: u64 },
    /// `gitlab://projects/{project}/merge_requests/{iid}/diff`
    Diff { project: ProjectId, iid: u64 },
    /// `gitlab://projects/{project}/files/{ref}/{+path}{?first_line,last_line}`
    File {
        project: ProjectId,
        reference: String,
        path: String,
        lines: Lines,
    },
    /// `gitlab://projects/{project}/pipelines/{pipeline_id}`
    Pipeline { project: ProjectId, id: u64 },
    /// `gitlab://projects/{project}/jobs/{job_id}/log{?tail_lines}`
    JobLog {
        project: ProjectId,
        id: u64,
        tail_lines: Option<u64>,
    },
}

/// The window of a file's lines a file URI asks for (`?first_line=1&last_line=40`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Lines {
    pub first_line: Option<u64>,
    pub last_line: Option<u64>,
}

impl Target {
    pub fn project(&self) -> &ProjectId {
        match self {
            Target::Project(project)
            | Target::Issue { project, .. }
            | Target::MergeRequest { project, .. }
            | Target::Diff { project, .. }
            | Target::File { project, .. }
            | Target::Pipeline { project, .. }
            | Target::JobLog { project, .. } => project,
        }
    }

    /// The URI in its canonical form: the project as given, encoded.
    pub fn uri(&self) -> String {
        let mut uri = project_uri(self.project());
        match self {
            Target::Project(_) => {}
            Target::Issue { iid, .. } => write!(uri, "/issues/{iid}").unwrap_or_default(),
            Target::MergeRequest { iid, .. } => {
                write!(uri, "/merge_requests/{iid}").unwrap_or_default();
            }
            Target::Diff { iid, .. } => {
                write!(uri, "/merge_requests/{iid}/diff").unwrap_or_default();
            }
            Target::File {
                reference,
                path,
                lines,
                ..
            } => {
                uri.push_str("/files/");
                uri.push_str(&encode(reference));
                for segment in path.split('/') {
                    uri.push('/');
                    uri.push_str(&encode(segment));
                }
                let query = [
                    ("first_line", lines.first_line),
                    ("last_line", lines.last_line),
                ];
                push_query(&mut uri, &query);
            }
            Target::Pipeline { id, .. } => write!(uri, "/pipelines/{id}").unwrap_or_default(),
            Target::JobLog { id, tail_lines, .. } => {
                write!(uri, "/jobs/{id}/log").unwrap_or_default();
                push_query(&mut uri, &[("tail_lines", *tail_lines)]);
            }
        }
        uri
    }
}

/// `gitlab://projects/demo%2Fsandbox`: the URI of a project.
pub fn project_uri(project: &ProjectId) -> String {
    match project {
        ProjectId::Id(id) => format!("{PREFIX}{id}"),
        ProjectId::Path(path) => format!("{PREFIX}{}", encode(path)),
    }
}

/// `text` as one URI segment: `feature/x` → `feature%2Fx`.
pub fn encode(text: &str) -> String {
    utf8_percent_encode(text, SEGMENT).to_string()
}

fn push_query(uri: &mut String, pairs: &[(&str, Option<u64>)]) {
    let mut separator = '?';
    for (key, value) in pairs {
        if let Some(value) = value {
            write!(uri, "{separator}{key}={value}").unwrap_or_default();
            separator = '&';
        }
    }
}

/// What a URI names, or why it names nothing this server serves.
pub fn parse(uri: &str) -> Result<Target, String> {
    let Some(rest) = uri.strip_prefix(PREFIX) else {
        return Err(format!(
            "this server's resources start with `{PREFIX}` (as in `{PREFIX}demo%2Fsandbox`)"
        ));
    };
    // A fragment (`#L3`, as GitLab's pages link a line) is the reader's, never sent.
    let rest = rest.split_once('#').map_or(rest, |(rest, _)| rest);
    let (path, query) = match rest.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (rest, None),
    };
    let segments: Vec<&str> = path.split('/').collect();
    let parsed = route(&segments, query);
    parsed.map_err(|why| match encoded_path_hint(&segments, query) {
        Some(hint) => format!("{why}; {hint}"),
        None => why,
    })
}

fn route(segments: &[&str], query: Option<&str>) -> Result<Target, String> {
    let (first, rest) = segments
        .split_first()
        .ok_or_else(|| "the project is missing".to_owned())?;
    let project = project(first)?;
    let mut query = Query::parse(query)?;
    let target = match rest {
        [] => Target::Project(project),
        ["issues", iid] => Target::Issue {
            project,
            iid: number("iid", iid)?,
        },
        ["merge_requests", iid] => Target::MergeRequest {
            project,
            iid: number("iid", iid)?,
        },
        ["merge_requests", iid, "diff"] => Target::Diff {
            project,
            iid: number("iid", iid)?,
        },
        ["files", reference, path @ ..] if !path.is_empty() => {
            let mut decoded = Vec::with_capacity(path.len());
            for segment in path {
                if segment.is_empty() {
                    return Err("the file path has an empty part (`//` or a trailing `/`)".into());
                }
                decoded.push(decode("the file path", segment)?);
            }
            Target::File {
                project,
                reference: non_empty("ref", decode("the ref", reference)?)?,
                path: decoded.join("/"),
                lines: Lines {
                    first_line: query.take("first_line")?,
                    last_line: query.take("last_line")?,
                },
            }
        }
        ["files", ..] => {
            return Err("a file URI is `…/files/{ref}/{path}`, such as `…/files/main/src/lib.rs` (a ref with a `/` encoded: `feature%2Fx`)".into());
        }
        ["pipelines", id] => Target::Pipeline {
            project,
            id: number("pipeline_id", id)?,
        },
        ["jobs", id, "log"] => Target::JobLog {
            project,
            id: number("job_id", id)?,
            tail_lines: query.take("tail_lines")?,
        },
        _ => {
            return Err(format!(
                "after the project comes nothing, `issues/{{iid}}`, `merge_requests/{{iid}}[/diff]`, `files/{{ref}}/{{path}}`, `pipelines/{{pipeline_id}}` or `jobs/{{job_id}}/log`, not `{}`",
                rest.join("/")
            ));
        }
    };
    query.finish()?;
    Ok(target)
}

/// `demo/sandbox/issues/1` typed with the path's slash as is: the URI that was meant.
fn encoded_path_hint(segments: &[&str], query: Option<&str>) -> Option<String> {
    (2..segments.len()).find_map(|joined| {
        let project = segments[..joined].join("/");
        let mut rest = vec![encode(&decode("", &project).ok()?)];
        rest.extend(segments[joined..].iter().map(|s| (*s).to_owned()));
        let mut meant = format!("{PREFIX}{}", rest.join("/"));
        if let Some(query) = query {
            meant.push('?');
            meant.push_str(query);
        }
        let names_something = segments[joined..].first().is_some_and(|word| {
            ["issues", "merge_requests", "files", "pipelines", "jobs"].contains(word)
        }) || segments.len() == joined;
        (names_something && parse_plain(&meant).is_ok())
            .then(|| format!("a project path's `/` is written `%2F` in these URIs: `{meant}`"))
    })
}

/// [`parse`] without the hint (which would otherwise look for hints of hints).
fn parse_plain(uri: &str) -> Result<Target, String> {
    let Some(rest) = uri.strip_prefix(PREFIX) else {
        return Err(String::new());
    };
    // A fragment (`#L3`, as GitLab's pages link a line) is the reader's, never sent.
    let rest = rest.split_once('#').map_or(rest, |(rest, _)| rest);
    let (path, query) = match rest.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (rest, None),
    };
    let segments: Vec<&str> = path.split('/').collect();
    route(&segments, query)
}

fn decode(what: &str, segment: &str) -> Result<String, String> {
    percent_decode_str(segment)
        .decode_utf8()
        .map(|text| text.into_owned())
        .map_err(|_| format!("{what} `{segment}` is not UTF-8 once decoded"))
}

fn non_empty(what: &str, text: String) -> Result<String, String> {
    if text.trim().is_empty() {
        Err(format!("the {what} is empty"))
    } else {
        Ok(text)
    }
}

/// A project: a numeric id, or a path with its slashes encoded.
fn project(segment: &str) -> Result<ProjectId, String> {
    let decoded = decode("the project", segment)?;
    let decoded = decoded.trim();
    if decoded.is_empty() {
        return Err("the project is missing: give its id or its path (`demo%2Fsandbox`)".into());
    }
    match decoded.parse::<u64>() {
        Ok(0) => Err("`0` is not a project id".into()),
        Ok(id) => Ok(ProjectId::Id(id)),
        Err(_) => Ok(ProjectId::Path(decoded.trim_matches('/').to_owned())),
    }
}

/// A positive whole number: an iid or an id.
fn number(what: &str, text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n > 0 && !text.starts_with('+') => Ok(n),
        _ => Err(format!(
            "`{what}` must be a positive whole number, not `{text}`"
        )),
    }
}

/// The `?key=value&…` of a URI, each key read at most once by its target.
struct Query(Vec<(String, String)>);

impl Query {
    fn parse(query: Option<&str>) -> Result<Query, String> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        for pair in query
            .unwrap_or_default()
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("the query part `{pair}` has no `=value`"))?;
            let key = decode("a query key", key)?;
            if pairs.iter().any(|(seen, _)| *seen == key) {
                return Err(format!("`{key}` is given twice"));
            }
            pairs.push((key, decode("a query value", value)?));
        }
        Ok(Query(pairs))
    }

    fn take(&mut self, key: &str) -> Result<Option<u64>, String> {
        match self.0.iter().position(|(k, _)| k == key) {
            Some(at) => {
                let (_, value) = self.0.remove(at);
                number(key, &value).map(Some)
            }
            None => Ok(None),
        }
    }

    /// Refuses what no target asked for.
    fn finish(self) -> Result<(), String> {
        match self.0.first() {
            None => Ok(()),
            Some((key, _)) => Err(format!(
                "`{key}` is not a query parameter of this resource (a file takes `first_line` and `last_line`, a job log `tail_lines`)"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(p: &str) -> ProjectId {
        ProjectId::Path(p.to_owned())
    }

    #[test]
    fn every_template_parses_and_prints_back() {
        let cases = [
            (
                "gitlab://projects/demo%2Fsandbox",
                Target::Project(path("demo/sandbox")),
            ),
            ("gitlab://projects/1", Target::Project(ProjectId::Id(1))),
            (
                "gitlab://projects/1/issues/2",
                Target::Issue {
                    project: ProjectId::Id(1),
                    iid: 2,
                },
            ),
            (
                "gitlab://projects/demo%2Fsandbox/merge_requests/1",
                Target::MergeRequest {
                    project: path("demo/sandbox"),
                    iid: 1,
                },
            ),
            (
                "gitlab://projects/1/merge_requests/1/diff",
                Target::Diff {
                    project: ProjectId::Id(1),
                    iid: 1,
                },
            ),
            (
                "gitlab://projects/1/files/feature%2Fx/src/my%20lib.rs?first_line=2&last_line=4",
                Target::File {
                    project: ProjectId::Id(1),
                    reference: "feature/x".into(),
                    path: "src/my lib.rs".into(),
                    lines: Lines {
                        first_line: Some(2),
                        last_line: Some(4),
                    },
                },
            ),
            (
                "gitlab://projects/1/pipelines/2",
                Target::Pipeline {
                    project: ProjectId::Id(1),
                    id: 2,
                },
            ),
            (
                "gitlab://projects/1/jobs/6/log?tail_lines=50",
                Target::JobLog {
                    project: ProjectId::Id(1),
                    id: 6,
                    tail_lines: Some(50),
                },
            ),
        ];
        for (uri, target) in cases {
            assert_eq!(parse(uri).as_ref(), Ok(&target), "{uri}");
            assert_eq!(target.uri(), uri);
        }
    }

    #[test]
    fn bad_uris_say_what_would_parse() {
        let why = parse("gitlab://projects/demo/sandbox/issues/1").unwrap_err();
        assert!(
            why.contains("`gitlab://projects/demo%2Fsandbox/issues/1`"),
            "{why}"
        );
        assert!(
            parse("https://gitlab.com/x")
                .unwrap_err()
                .contains("gitlab://projects/")
        );
        assert!(
            parse("gitlab://projects/1/issues/0")
                .unwrap_err()
                .contains("positive")
        );
        assert!(
            parse("gitlab://projects/1/issues/x")
                .unwrap_err()
                .contains("`iid`")
        );
        assert!(
            parse("gitlab://projects/1/wikis/home")
                .unwrap_err()
                .contains("after the project")
        );
        assert!(
            parse("gitlab://projects/1/files/main")
                .unwrap_err()
                .contains("files/{ref}/{path}")
        );
        assert!(
            parse("gitlab://projects/1/issues/1?x=1")
                .unwrap_err()
                .contains("`x`")
        );
        assert!(
            parse("gitlab://projects/1/jobs/1/log?tail_lines=1&tail_lines=2")
                .unwrap_err()
                .contains("twice")
        );
        assert!(parse("gitlab://projects/").unwrap_err().contains("missing"));
        assert!(parse("gitlab://projects/0").unwrap_err().contains("`0`"));
    }
}
