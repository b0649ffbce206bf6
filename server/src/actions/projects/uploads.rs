//! Markdown uploads: files attached to a project for its issues, merge requests and wiki
//! (`/projects/:id/uploads[/:upload_id]`). An upload is sent as `multipart/form-data`, the
//! one body here that is not JSON.
//!
//! The file's content comes in the call, as text or base64, never from a path on the
//! server's disk: a path would let any text the model reads (an issue, a log) ask it to
//! send a key or a token file to GitLab, and the server cannot tell whether the user
//! named that file. A client that can read the user's files passes their content.

use base64::Engine as _;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::catalog::endpoint::Endpoint;
use crate::catalog::params::{PageNumber, Params, PerPage, parse};
use crate::catalog::{Action, delete, get, post};
use crate::gitlab::{ApiRequest, FilePart, ProjectId};
use crate::table;

/// The largest file sent: 10 MiB, under GitLab's default attachment limit (100 MB) and
/// small enough to travel inside one tool call.
pub const MAX_UPLOAD: usize = 10 << 20;

pub fn actions() -> Vec<Action> {
    table![
        post::<UploadCreate>("upload.create", "projects/{project_id}/uploads")
            .title("Upload a file for Markdown"),
        get::<UploadList>("upload.list", "projects/{project_id}/uploads")
            .list()
            .title("List a project's uploads"),
        delete::<UploadDelete>("upload.delete", "projects/{project_id}/uploads/{upload_id}")
            .title("Delete an upload"),
    ]
}

/// Upload a file (at most 10 MiB) to a project to show or link in an issue, merge request,
/// comment or wiki page. Returns its `markdown` (`![name](/uploads/…/name.png)`): paste
/// that into the text.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UploadCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The file's name, with its extension (`screenshot.png`, `trace.log`).
    pub file_name: String,
    /// The content as text (a log, a CSV); or give `content_base64`.
    pub content: Option<String>,
    /// The content base64-encoded (an image, any binary file).
    pub content_base64: Option<String>,
}

impl UploadCreate {
    /// The bytes to send, from exactly one of `content` and `content_base64`, at most
    /// [`MAX_UPLOAD`].
    fn bytes(&self) -> Result<Vec<u8>, String> {
        let bytes = match (&self.content, &self.content_base64) {
            (Some(text), None) => text.as_bytes().to_vec(),
            (None, Some(encoded)) => base64::engine::general_purpose::STANDARD
                .decode(encoded.trim())
                .map_err(|error| format!("`content_base64` is not base64: {error}"))?,
            _ => return Err("give exactly one of `content` and `content_base64`".to_owned()),
        };
        if bytes.len() > MAX_UPLOAD {
            return Err(format!(
                "the file is {} bytes; an upload is at most {MAX_UPLOAD} bytes (10 MiB)",
                bytes.len()
            ));
        }
        Ok(bytes)
    }
}

impl Params for UploadCreate {
    fn parse(args: &Map<String, Value>) -> Result<Self, String> {
        parse(args)
    }

    fn request(self, endpoint: &Endpoint) -> Result<ApiRequest, String> {
        let name = self.file_name.trim();
        if name.is_empty() || name.contains(['/', '\\']) {
            return Err(format!(
                "`file_name`: `{}` is not a file name such as `screenshot.png`",
                self.file_name
            ));
        }
        let bytes = self.bytes()?;
        let path = Map::from_iter([("project_id".to_owned(), json!(self.project_id))]);
        Ok(endpoint.fill(path)?.file(FilePart {
            field: "file",
            file_name: name.to_owned(),
            bytes,
        }))
    }
}

/// List a project's uploads, newest first: id, file name, size, who uploaded it and when
/// (needs the Maintainer role).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UploadList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Delete an uploaded file; every link to it breaks (destructive; needs the Maintainer
/// role).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UploadDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The upload's id (from `upload.list`).
    pub upload_id: u64,
}
