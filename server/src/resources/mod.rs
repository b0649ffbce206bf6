//! MCP resources: GitLab objects a client attaches as context, each named by a URI a person
//! can read and type (`gitlab://projects/demo%2Fsandbox/issues/1`). Every read runs the
//! catalog's own read actions ([`crate::reads`]): the operator's settings apply as they do
//! to tools, and a job log, a file and a diff come back shaped and capped as the tools
//! shape them.
//!
//! - [`templates`]: the URI templates (`resources/templates/list`);
//! - [`listing`]: `resources/list`, the user's most recently active projects;
//! - [`uri`]: parsing and printing the URIs;
//! - [`subscriptions`]: watching resources for changes;
//! - one module per kind of resource: [`project`], [`issue`], [`merge_request`],
//!   [`diff`], [`file`], [`pipeline`], [`job_log`], [`job`], [`milestone`], [`release`],
//!   [`wiki_page`], [`commit`], [`compare`], [`environment`]; [`markdown`] and
//!   [`changes`] for what they share.

pub mod changes;
pub mod commit;
pub mod compare;
pub mod diff;
pub mod environment;
pub mod file;
pub mod issue;
pub mod job;
pub mod job_log;
pub mod listing;
pub mod markdown;
pub mod merge_request;
pub mod milestone;
pub mod mime;
pub mod pipeline;
pub mod project;
pub mod release;
pub mod subscriptions;
pub mod templates;
pub mod uri;
pub mod wiki_page;

use rmcp::ErrorData as McpError;
use rmcp::model::{ReadResourceResult, ResourceContents};
use serde_json::json;

pub use uri::Target;

use crate::call::{ReadError, Reads};
use crate::catalog::output::untrusted;
use crate::registry::ActionId;

/// The actions reading `target` needs; all are checked before anything is sent.
pub fn needs(target: &Target) -> &'static [ActionId] {
    match target {
        Target::Project(_) => project::NEEDS,
        Target::Issue { .. } => issue::NEEDS,
        Target::MergeRequest { .. } => merge_request::NEEDS,
        Target::Diff { .. } => diff::NEEDS,
        Target::File { .. } => file::NEEDS,
        Target::Pipeline { .. } => pipeline::NEEDS,
        Target::JobLog { .. } => job_log::NEEDS,
        Target::Job { .. } => job::NEEDS,
        Target::Milestone { .. } => milestone::NEEDS,
        Target::Release { .. } => release::NEEDS,
        Target::WikiPage { .. } => wiki_page::NEEDS,
        Target::Commit { .. } => commit::NEEDS,
        Target::Compare { .. } => compare::NEEDS,
        Target::Environment { .. } => environment::NEEDS,
    }
}

/// `resources/read`: the resource `uri` names, or the error the protocol defines for it.
pub async fn read(reads: &Reads<'_>, uri: &str) -> Result<ReadResourceResult, McpError> {
    let target = uri::parse(uri).map_err(|why| {
        McpError::resource_not_found(
            format!(
                "no resource `{uri}`: {why}. The resources this server reads are listed by resources/templates/list"
            ),
            Some(json!({"uri": uri})),
        )
    })?;
    let contents = contents(reads, &target)
        .await
        .map_err(|error| read_error(uri, error))?;
    Ok(ReadResourceResult::new(vec![contents]))
}

/// `contents` saying in its `_meta` who wrote it (`untrusted`): a file's content is the
/// file, and stays as committed, so what it is said beside it.
fn marked_untrusted(contents: ResourceContents, said: &str) -> ResourceContents {
    let meta = serde_json::Map::from_iter([("untrusted".to_owned(), said.into())]);
    contents.with_meta(rmcp::model::MetaObject(meta))
}

/// What `target` holds, as the contents of a read (also embedded by the prompts).
pub async fn contents(reads: &Reads<'_>, target: &Target) -> Result<ResourceContents, ReadError> {
    if let Some(refusal) = reads.refusal(needs(target)) {
        return Err(ReadError::Refused(refusal));
    }
    let uri = target.uri();
    let markdown =
        |text: String| ResourceContents::text(text, uri.clone()).with_mime_type("text/markdown");
    Ok(match target {
        Target::Project(project) => markdown(project::overview(reads, project).await?),
        Target::Issue { project, iid } => markdown(issue::issue(reads, project, *iid).await?),
        Target::MergeRequest { project, iid } => {
            markdown(merge_request::merge_request(reads, project, *iid).await?)
        }
        Target::Diff { project, iid } => {
            ResourceContents::text(diff::diff(reads, project, *iid).await?, uri.clone())
                .with_mime_type("text/x-diff")
        }
        Target::File {
            project,
            reference,
            path,
            lines,
        } => marked_untrusted(
            file::file(reads, project, reference, path, *lines).await?,
            untrusted::FILE,
        ),
        Target::Pipeline { project, id } => {
            markdown(pipeline::pipeline(reads, project, *id).await?)
        }
        Target::JobLog {
            project,
            id,
            tail_lines,
        } => marked_untrusted(
            ResourceContents::text(
                job_log::log(reads, project, *id, *tail_lines).await?,
                uri.clone(),
            )
            .with_mime_type("text/plain"),
            untrusted::JOB_LOG,
        ),
        Target::Job { project, id } => markdown(job::job(reads, project, *id).await?),
        Target::Milestone { project, id } => {
            markdown(milestone::milestone(reads, project, *id).await?)
        }
        Target::Release { project, tag } => markdown(release::release(reads, project, tag).await?),
        Target::WikiPage { project, slug } => {
            markdown(wiki_page::page(reads, project, slug).await?)
        }
        Target::Commit { project, sha } => markdown(commit::commit(reads, project, sha).await?),
        Target::Compare { project, from, to } => {
            markdown(compare::compare(reads, project, from, to).await?)
        }
        Target::Environment { project, name } => {
            markdown(environment::environment(reads, project, name).await?)
        }
    })
}

/// A failed read as the protocol's error, naming the URI in its message and its data.
/// A resource GitLab does not know is the spec's "resource not found" (-32002 up to
/// 2025-11-25; rmcp answers -32602 from 2026-07-28 on, as SEP-2164 standardises).
pub fn read_error(uri: &str, error: ReadError) -> McpError {
    let data = Some(json!({"uri": uri}));
    match error {
        ReadError::NotFound(why) => McpError::resource_not_found(
            format!(
                "no resource `{uri}`: GitLab does not know it, or the token cannot see it ({why})"
            ),
            data,
        ),
        ReadError::Refused(why) => {
            McpError::invalid_params(format!("`{uri}` is not read here: {why}"), data)
        }
        ReadError::Invalid(why) => {
            McpError::invalid_params(format!("`{uri}` cannot be read as asked: {why}"), data)
        }
        ReadError::Failed(why) => {
            McpError::internal_error(format!("reading `{uri}` failed: {why}"), data)
        }
    }
}
