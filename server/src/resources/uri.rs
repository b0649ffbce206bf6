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
    /// `gitlab://projects/{project}/jobs/{job_id}`
    Job { project: ProjectId, id: u64 },
    /// `gitlab://projects/{project}/milestones/{milestone_id}`
    Milestone { project: ProjectId, id: u64 },
    /// `gitlab://projects/{project}/releases/{tag}`
    Release { project: ProjectId, tag: String },
    /// `gitlab://projects/{project}/wiki/{+slug}`
    WikiPage { project: ProjectId, slug: String },
    /// `gitlab://projects/{project}/commits/{sha}`
    Commit { project: ProjectId, sha: String },
    /// `gitlab://projects/{project}/compare/{from}...{to}`
    Compare {
        project: ProjectId,
        from: String,
        to: String,
    },
    /// `gitlab://projects/{project}/environments/{environment}`
    Environment { project: ProjectId, name: String },
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
            | Target::JobLog { project, .. }
            | Target::Job { project, .. }
            | Target::Milestone { project, .. }
            | Target::Release { project, .. }
            | Target::WikiPage { project, .. }
            | Target::Commit { project, .. }
            | Target::Compare { project, .. }
            | Target::Environment { project, .. } => project,
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
            Target::Job { id, .. } => write!(uri, "/jobs/{id}").unwrap_or_default(),
            Target::Milestone { id, .. } => write!(uri, "/milestones/{id}").unwrap_or_default(),
            Target::Release { tag, .. } => {
                write!(uri, "/releases/{}", encode(tag)).unwrap_or_default()
            }
            Target::WikiPage { slug, .. } => {
                uri.push_str("/wiki");
                for segment in slug.split('/') {
                    uri.push('/');
                    uri.push_str(&encode(segment));
                }
            }
            Target::Commit { sha, .. } => {
                write!(uri, "/commits/{}", encode(sha)).unwrap_or_default()
            }
            Target::Compare { from, to, .. } => {
                write!(uri, "/compare/{}...{}", encode(from), encode(to)).unwrap_or_default();
            }
            Target::Environment { name, .. } => {
                write!(uri, "/environments/{}", encode(name)).unwrap_or_default();
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
        ["jobs", id] => Target::Job {
            project,
            id: number("job_id", id)?,
        },
        ["milestones", id] => Target::Milestone {
            project,
            id: number("milestone_id", id)?,
        },
        // A tag or a branch may have a `/`, encoded or not: nothing follows it.
        ["releases", tag @ ..] if !tag.is_empty() => Target::Release {
            project,
            tag: joined("tag", tag)?,
        },
        ["wiki", slug @ ..] if !slug.is_empty() => Target::WikiPage {
            project,
            slug: joined("wiki page's slug", slug)?,
        },
        ["commits", sha @ ..] if !sha.is_empty() => Target::Commit {
            project,
            sha: joined("commit", sha)?,
        },
        ["compare", refs @ ..] if !refs.is_empty() => {
            // Git refuses `..` in a ref, so the first `...` is the separator; a ref's `/`
            // may come raw, as nothing follows the refs.
            let refs = refs.join("/");
            let (from, to) = refs.split_once("...").ok_or_else(|| {
                format!("a comparison is `…/compare/{{from}}...{{to}}`, such as `…/compare/v1.0.0...main`, not `compare/{refs}`")
            })?;
            Target::Compare {
                project,
                from: non_empty("`from` ref", decode("the `from` ref", from)?)?,
                to: non_empty("`to` ref", decode("the `to` ref", to)?)?,
            }
        }
        ["environments", name @ ..] if !name.is_empty() => Target::Environment {
            project,
            name: joined("environment's name", name)?,
        },
        _ => {
            return Err(format!(
                "after the project comes nothing, `issues/{{iid}}`, `merge_requests/{{iid}}[/diff]`, `files/{{ref}}/{{path}}`, `pipelines/{{pipeline_id}}`, `jobs/{{job_id}}[/log]`, `milestones/{{milestone_id}}`, `releases/{{tag}}`, `wiki/{{slug}}`, `commits/{{sha}}`, `compare/{{from}}...{{to}}` or `environments/{{environment}}`, not `{}`",
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
            [
                "issues",
                "merge_requests",
                "files",
                "pipelines",
                "jobs",
                "milestones",
                "releases",
                "wiki",
                "commits",
                "compare",
                "environments",
            ]
            .contains(word)
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

/// Segments that name one thing with `/` in it (a wiki slug `guides/deploy`), decoded
/// and joined; an empty one is refused.
fn joined(what: &str, segments: &[&str]) -> Result<String, String> {
    let mut decoded = Vec::with_capacity(segments.len());
    for segment in segments {
        if segment.is_empty() {
            return Err(format!(
                "the {what} has an empty part (`//` or a trailing `/`)"
            ));
        }
        decoded.push(decode(&format!("the {what}"), segment)?);
    }
    non_empty(what, decoded.join("/"))
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
            (
                "gitlab://projects/1/jobs/6",
                Target::Job {
                    project: ProjectId::Id(1),
                    id: 6,
                },
            ),
            (
                "gitlab://projects/1/milestones/3",
                Target::Milestone {
                    project: ProjectId::Id(1),
                    id: 3,
                },
            ),
            (
                "gitlab://projects/1/releases/v1.0.0",
                Target::Release {
                    project: ProjectId::Id(1),
                    tag: "v1.0.0".into(),
                },
            ),
            (
                "gitlab://projects/1/wiki/guides/deploy%20now",
                Target::WikiPage {
                    project: ProjectId::Id(1),
                    slug: "guides/deploy now".into(),
                },
            ),
            (
                "gitlab://projects/1/commits/abc1234",
                Target::Commit {
                    project: ProjectId::Id(1),
                    sha: "abc1234".into(),
                },
            ),
            (
                "gitlab://projects/1/compare/v1.0.0...feature%2Fx",
                Target::Compare {
                    project: ProjectId::Id(1),
                    from: "v1.0.0".into(),
                    to: "feature/x".into(),
                },
            ),
            (
                "gitlab://projects/1/environments/review%2Ffeature-x",
                Target::Environment {
                    project: ProjectId::Id(1),
                    name: "review/feature-x".into(),
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
            parse("gitlab://projects/1/compare/main")
                .unwrap_err()
                .contains("compare/{from}...{to}")
        );
        assert!(
            parse("gitlab://projects/1/compare/...main")
                .unwrap_err()
                .contains("`from` ref is empty")
        );
        assert!(
            parse("gitlab://projects/1/milestones/v1.1")
                .unwrap_err()
                .contains("`milestone_id`")
        );
        assert!(
            parse("gitlab://projects/1/wiki/guides/")
                .unwrap_err()
                .contains("slug has an empty part")
        );
        // A raw `/` in a ref reads as it was meant.
        assert_eq!(
            parse("gitlab://projects/1/commits/feature/x"),
            Ok(Target::Commit {
                project: ProjectId::Id(1),
                sha: "feature/x".into(),
            })
        );
        assert_eq!(
            parse("gitlab://projects/1/compare/main...feature/x"),
            Ok(Target::Compare {
                project: ProjectId::Id(1),
                from: "main".into(),
                to: "feature/x".into(),
            })
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
