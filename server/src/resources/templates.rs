//! The resource templates (`resources/templates/list`): one per kind of GitLab object a
//! client may attach, each listed only where the operator offers the actions it reads
//! through, as the tool surfaces list only offered tools.

use rmcp::model::ResourceTemplate;

use super::{
    commit, compare, diff, environment, file, issue, job, job_log, merge_request, milestone,
    pipeline, project, release, wiki_page,
};
use crate::access::Access;
use crate::call::refusal;
use crate::completions::kind::Kind;
use crate::registry::ActionId;

/// One template.
#[derive(Debug)]
pub struct Template {
    pub name: &'static str,
    pub title: &'static str,
    pub uri_template: &'static str,
    pub description: &'static str,
    /// The type of every resource it names, when they share one.
    pub mime_type: Option<&'static str>,
    /// The catalog actions a read runs (every one of them must be offered).
    pub needs: &'static [ActionId],
    /// Its variables, and what each holds.
    pub variables: &'static [(&'static str, Kind)],
}

pub const PROJECT: &str = "gitlab://projects/{project}";
pub const ISSUE: &str = "gitlab://projects/{project}/issues/{iid}";
pub const MERGE_REQUEST: &str = "gitlab://projects/{project}/merge_requests/{iid}";
pub const DIFF: &str = "gitlab://projects/{project}/merge_requests/{iid}/diff";
pub const FILE: &str = "gitlab://projects/{project}/files/{ref}/{+path}{?first_line,last_line}";
pub const PIPELINE: &str = "gitlab://projects/{project}/pipelines/{pipeline_id}";
pub const JOB_LOG: &str = "gitlab://projects/{project}/jobs/{job_id}/log{?tail_lines}";
pub const JOB: &str = "gitlab://projects/{project}/jobs/{job_id}";
pub const MILESTONE: &str = "gitlab://projects/{project}/milestones/{milestone_id}";
pub const RELEASE: &str = "gitlab://projects/{project}/releases/{tag}";
pub const WIKI_PAGE: &str = "gitlab://projects/{project}/wiki/{+slug}";
pub const COMMIT: &str = "gitlab://projects/{project}/commits/{sha}";
pub const COMPARE: &str = "gitlab://projects/{project}/compare/{from}...{to}";
pub const ENVIRONMENT: &str = "gitlab://projects/{project}/environments/{environment}";

/// Every template, in the order listed.
pub const TEMPLATES: &[Template] = &[
    Template {
        name: "project",
        title: "GitLab project",
        uri_template: PROJECT,
        description: "A project: description, default branch, visibility, open issue and merge request counts, the latest pipeline of the default branch, and the URIs of what is in it. `project` is a numeric id or a path with its `/` encoded (`demo%2Fsandbox`).",
        mime_type: Some("text/markdown"),
        needs: project::NEEDS,
        variables: &[("project", Kind::Project)],
    },
    Template {
        name: "issue",
        title: "GitLab issue",
        uri_template: ISSUE,
        description: "An issue and its discussion as Markdown: state, people, labels, milestone, description, open threads in full and resolved ones in a line each.",
        mime_type: Some("text/markdown"),
        needs: issue::NEEDS,
        variables: &[("project", Kind::Project), ("iid", Kind::Issue)],
    },
    Template {
        name: "merge_request",
        title: "GitLab merge request",
        uri_template: MERGE_REQUEST,
        description: "A merge request and its discussion as Markdown: branches, people, whether it can merge, description, open review threads in full (with the file and line they are on) and resolved ones in a line each.",
        mime_type: Some("text/markdown"),
        needs: merge_request::NEEDS,
        variables: &[("project", Kind::Project), ("iid", Kind::MergeRequest)],
    },
    Template {
        name: "merge_request_diff",
        title: "GitLab merge request diff",
        uri_template: DIFF,
        description: "What a merge request changes, as one unified diff of up to 100 files and 96 KiB; the lines before the first `diff --git` say what was cut or left out.",
        mime_type: Some("text/x-diff"),
        needs: diff::NEEDS,
        variables: &[("project", Kind::Project), ("iid", Kind::MergeRequest)],
    },
    Template {
        name: "file",
        title: "GitLab repository file",
        uri_template: FILE,
        description: "A repository file at a branch, tag or commit (a `/` in the ref encoded: `feature%2Fx`). Text comes back as text, typed by its extension, up to 128 KiB (name a window of lines with `first_line` and `last_line` for more); a binary file as a blob of up to 1 MiB.",
        mime_type: None,
        needs: file::NEEDS,
        variables: &[
            ("project", Kind::Project),
            ("ref", Kind::Ref),
            ("path", Kind::Path),
            ("first_line", Kind::Free),
            ("last_line", Kind::Free),
        ],
    },
    Template {
        name: "pipeline",
        title: "GitLab CI pipeline",
        uri_template: PIPELINE,
        description: "A CI pipeline: its status, ref and commit, its jobs stage by stage, and its failed jobs with their failure reasons and the URIs of their logs.",
        mime_type: Some("text/markdown"),
        needs: pipeline::NEEDS,
        variables: &[("project", Kind::Project), ("pipeline_id", Kind::Pipeline)],
    },
    Template {
        name: "job_log",
        title: "GitLab CI job log",
        uri_template: JOB_LOG,
        description: "A CI job's log as plain text without colour codes: the lines around its first error and its end, or its last `tail_lines` (1-10000); 64 KiB at most, a bracketed line wherever lines were left out.",
        mime_type: Some("text/plain"),
        needs: job_log::NEEDS,
        variables: &[
            ("project", Kind::Project),
            ("job_id", Kind::Job),
            ("tail_lines", Kind::Free),
        ],
    },
    Template {
        name: "job",
        title: "GitLab CI job",
        uri_template: JOB,
        description: "A CI job: status, stage, ref and commit, its pipeline, when it ran and for how long, why it failed, its runner and artifacts, and the URI of its log.",
        mime_type: Some("text/markdown"),
        needs: job::NEEDS,
        variables: &[("project", Kind::Project), ("job_id", Kind::Job)],
    },
    Template {
        name: "milestone",
        title: "GitLab milestone",
        uri_template: MILESTONE,
        description: "A milestone and its progress: state, dates, description, how many of its issues are closed and merge requests merged, and each of them in a line, open ones first. `milestone_id` is the milestone's id, not its `%` number.",
        mime_type: Some("text/markdown"),
        needs: milestone::NEEDS,
        variables: &[
            ("project", Kind::Project),
            ("milestone_id", Kind::Milestone),
        ],
    },
    Template {
        name: "release",
        title: "GitLab release",
        uri_template: RELEASE,
        description: "A release by its tag (a `/` in it encoded): name, commit, date, author, milestones, its notes, and the links to its assets and source archives.",
        mime_type: Some("text/markdown"),
        needs: release::NEEDS,
        variables: &[("project", Kind::Project), ("tag", Kind::Release)],
    },
    Template {
        name: "wiki_page",
        title: "GitLab wiki page",
        uri_template: WIKI_PAGE,
        description: "A page of the project's wiki by its slug (`home`, `guides/deploy`), as written, up to 96 KiB, under its title and format.",
        mime_type: Some("text/markdown"),
        needs: wiki_page::NEEDS,
        variables: &[("project", Kind::Project), ("slug", Kind::WikiPage)],
    },
    Template {
        name: "commit",
        title: "GitLab commit",
        uri_template: COMMIT,
        description: "A commit by its SHA (or a branch or tag): message, author, parents, line counts, last pipeline, and the files it changed with their added and removed lines (up to 100 files).",
        mime_type: Some("text/markdown"),
        needs: commit::NEEDS,
        variables: &[("project", Kind::Project), ("sha", Kind::Commit)],
    },
    Template {
        name: "compare",
        title: "GitLab comparison of two refs",
        uri_template: COMPARE,
        description: "What `to` has that `from` has not, from their merge base as a merge request shows it: its commits (up to 100) and the files changed with their added and removed lines. A `/` in a ref may be encoded (`feature%2Fx`).",
        mime_type: Some("text/markdown"),
        needs: compare::NEEDS,
        variables: &[
            ("project", Kind::Project),
            ("from", Kind::Ref),
            ("to", Kind::Ref),
        ],
    },
    Template {
        name: "environment",
        title: "GitLab environment",
        uri_template: ENVIRONMENT,
        description: "An environment by its name (a `/` in it encoded: `review%2Ffeature-x`): state, tier, URL, what is deployed to it now (its latest successful deployment) and its last 10 deployments.",
        mime_type: Some("text/markdown"),
        needs: environment::NEEDS,
        variables: &[
            ("project", Kind::Project),
            ("environment", Kind::Environment),
        ],
    },
];

/// The template with this URI template.
pub fn find(uri_template: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.uri_template == uri_template)
}

/// The templates the operator's settings offer, as MCP lists them.
pub fn offered(access: &Access) -> Vec<ResourceTemplate> {
    TEMPLATES
        .iter()
        .filter(|template| refusal(access, template.needs).is_none())
        .map(|template| {
            let listed = ResourceTemplate::new(template.uri_template, template.name)
                .with_title(template.title)
                .with_description(template.description);
            match template.mime_type {
                Some(mime) => listed.with_mime_type(mime),
                None => listed,
            }
        })
        .collect()
}
