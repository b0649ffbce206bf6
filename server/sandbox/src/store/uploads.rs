//! A project's Markdown uploads: files attached for its issues, merge requests and wiki,
//! each under a secret path (`/uploads/<secret>/<filename>`).

use serde_json::{Value, json};

use super::state::Store;

/// The sandbox instance's `max_attachment_size`: 5 MiB, an administrator's setting below
/// GitLab's default (100 MB) so that a test reaches it within the sandbox's body limit.
pub(crate) const MAX_ATTACHMENT_SIZE: usize = 5 * 1024 * 1024;

/// One uploaded file.
#[derive(Debug, Clone)]
pub(crate) struct Upload {
    pub id: u64,
    /// 32 hex characters, which the file's URL holds.
    pub secret: String,
    pub filename: String,
    pub size: usize,
    pub created_at: String,
    pub uploaded_by: u64,
}

impl Upload {
    /// `/uploads/<secret>/<filename>`: what Markdown links to.
    pub fn url(&self) -> String {
        format!("/uploads/{}/{}", self.secret, self.filename)
    }
}

impl Store {
    /// `Entities::ProjectUpload`, what `POST …/uploads` answers: `markdown` is an image for
    /// an image's extension, a link otherwise.
    pub fn upload_json(&self, project_id: u64, upload: &Upload) -> Value {
        let alt = upload
            .filename
            .rsplit_once('.')
            .map_or(upload.filename.as_str(), |(stem, _)| stem);
        let image = upload.filename.rsplit_once('.').is_some_and(|(_, ext)| {
            matches!(
                ext.to_ascii_lowercase().as_str(),
                "png" | "jpg" | "jpeg" | "gif" | "bmp" | "tiff" | "ico" | "webp" | "svg"
            )
        });
        let url = upload.url();
        let markdown = if image {
            format!("![{alt}]({url})")
        } else {
            format!("[{}]({url})", upload.filename)
        };
        json!({
            "id": upload.id,
            "alt": alt,
            "url": url,
            "full_path": format!("/-/project/{project_id}{url}"),
            "markdown": markdown,
        })
    }

    /// `Entities::MarkdownUploadAdmin`, what `GET …/uploads` lists.
    pub fn upload_admin_json(&self, upload: &Upload) -> Value {
        let user = &self.user_json(upload.uploaded_by);
        json!({
            "id": upload.id,
            "size": upload.size,
            "filename": upload.filename,
            "created_at": upload.created_at,
            "uploaded_by": {"id": user["id"], "name": user["name"], "username": user["username"]},
        })
    }
}
