//! `gitlab://projects/{project}/files/{ref}/{+path}{?first_line,last_line}`: a repository
//! file at a branch, tag or commit, decoded as `file.get` decodes it. Text comes back as
//! text with the type its name says; a binary file as a blob of its bytes. A text file
//! larger than one answer carries is refused with the URI of a window of lines that fits,
//! as `file.get` asks for `first_line` and `last_line`.

use rmcp::model::ResourceContents;
use serde_json::{Value, json};

use super::markdown::text;
use super::mime;
use super::uri::{Lines, Target};
use crate::call::{ReadError, Reads, params};
use crate::catalog::output::MAX_FILE_BYTES;
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::FILE_GET];

/// The most bytes a binary file's blob carries.
pub const MAX_BLOB_BYTES: u64 = 1024 * 1024;

pub async fn file(
    reads: &Reads<'_>,
    project: &ProjectId,
    reference: &str,
    path: &str,
    lines: Lines,
) -> Result<ResourceContents, ReadError> {
    let read = reads
        .read_with_body(
            ids::FILE_GET,
            params([
                ("project_id", json!(project)),
                ("file_path", json!(path)),
                ("ref", json!(reference)),
                ("first_line", json!(lines.first_line)),
                ("last_line", json!(lines.last_line)),
            ]),
        )
        .await
        .map_err(|error| match error {
            ReadError::NotFound(why) => {
                ReadError::NotFound(slash_hint(why, project, reference, path, lines))
            }
            other => other,
        })?;
    let file = read.result;
    let uri = Target::File {
        project: project.clone(),
        reference: reference.to_owned(),
        path: path.to_owned(),
        lines,
    }
    .uri();
    let binary = file.get("binary").and_then(Value::as_bool) == Some(true);
    let mime = mime::of(path, binary);
    if binary {
        let size = file.get("size").and_then(Value::as_u64).unwrap_or_default();
        if size > MAX_BLOB_BYTES {
            return Err(ReadError::Invalid(format!(
                "`{path}` is a binary file of {size} bytes, more than the {} MiB a resource carries; download it from GitLab instead",
                MAX_BLOB_BYTES / (1024 * 1024)
            )));
        }
        // GitLab's files API sends the bytes base64-encoded: the blob as it came.
        let blob = text(&read.body, "content").trim();
        return Ok(ResourceContents::blob(blob, uri).with_mime_type(mime));
    }
    match file.get("content").and_then(Value::as_str) {
        Some(content) => Ok(ResourceContents::text(content, uri).with_mime_type(mime)),
        None => Err(ReadError::Invalid(too_large(
            &file, project, reference, path,
        ))),
    }
}

/// A file not found under a path of several parts may be a ref with a raw `/` read as a
/// shorter ref (`feature/x` as `feature` and a path starting `x/`): say how to write it.
fn slash_hint(
    why: String,
    project: &ProjectId,
    reference: &str,
    path: &str,
    lines: Lines,
) -> String {
    let Some((first, rest)) = path.split_once('/') else {
        return why;
    };
    let encoded = Target::File {
        project: project.clone(),
        reference: format!("{reference}/{first}"),
        path: rest.to_owned(),
        lines,
    }
    .uri();
    format!("{why}; if the ref has a `/`, write it as `%2F`, such as `{encoded}`")
}

/// Why a text file is not shown whole, and the URI of the first window of lines that fits.
fn too_large(file: &Value, project: &ProjectId, reference: &str, path: &str) -> String {
    let total_lines = file
        .get("total_lines")
        .and_then(Value::as_u64)
        .unwrap_or(1)
        .max(1);
    let size = file.get("size").and_then(Value::as_u64).unwrap_or(1).max(1);
    // Lines of average length that fill nine tenths of an answer.
    let fit = (total_lines * (MAX_FILE_BYTES as u64) * 9 / 10 / size).clamp(1, total_lines);
    let first = Target::File {
        project: project.clone(),
        reference: reference.to_owned(),
        path: path.to_owned(),
        lines: Lines {
            first_line: Some(1),
            last_line: Some(fit),
        },
    }
    .uri();
    let note = text(file, "note");
    format!("{note}. As a resource, name the lines in the URI, such as `{first}`")
}
