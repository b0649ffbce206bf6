//! Markdown uploads: `POST /projects/:id/uploads` (a `multipart/form-data` body with the
//! file as `file`), `GET /projects/:id/uploads` (newest first) and
//! `DELETE /projects/:id/uploads/:upload_id`.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get};
use serde_json::Value;

use super::lookups::record_not_found;
use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::uploads::{MAX_ATTACHMENT_SIZE, Upload};
use crate::store::{CURRENT_USER, Ids, hex_id, now};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        // The body is capped in front of every route (`intercept`); axum's own 2 MB cap on
        // a form would refuse files GitLab takes before `max_attachment_size` can.
        .route(
            "/projects/{id}/uploads",
            get(list).post(create).layer(DefaultBodyLimit::disable()),
        )
        .route("/projects/{id}/uploads/{upload_id}", delete(remove))
}

/// The form's `file` part: its file name and bytes. `None` when the body is not a form or
/// has no `file`; Grape's `file is invalid` when `file` is a plain field, not a file.
async fn file_part(
    form: Result<Multipart, MultipartRejection>,
) -> Result<Option<(String, Vec<u8>)>, ApiError> {
    let Ok(mut form) = form else {
        return Ok(None);
    };
    while let Ok(Some(field)) = form.next_field().await {
        if field.name() != Some("file") {
            continue;
        }
        let Some(name) = field.file_name().map(str::to_owned) else {
            return Err(ApiError::error("file is invalid"));
        };
        let bytes = field
            .bytes()
            .await
            .map_err(|_| ApiError::error("file is invalid"))?;
        return Ok(Some((name, bytes.to_vec())));
    }
    Ok(None)
}

/// `400 file is missing` without a file; `413` (Workhorse's plain-text answer) for a file
/// larger than the instance's `max_attachment_size`; else `201` with the upload and the
/// Markdown that shows it.
async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    form: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    app.with_store(|store| store.project_id(&id).map(|_| ()))?;
    let Some((filename, bytes)) = file_part(form).await? else {
        return Err(ApiError::missing(&["file"]));
    };
    if bytes.len() > MAX_ATTACHMENT_SIZE {
        return Ok((StatusCode::PAYLOAD_TOO_LARGE, "Request Entity Too Large\n").into_response());
    }
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let upload = Upload {
            id: Ids::next(&mut store.ids.record),
            secret: hex_id(format!("upload {project_id} {filename} {}", now()).as_bytes())[..32]
                .to_owned(),
            filename,
            size: bytes.len(),
            created_at: now(),
            uploaded_by: CURRENT_USER,
        };
        let answer = store.upload_json(project_id, &upload);
        store.project_mut(project_id).uploads.push(upload);
        Ok(ok(StatusCode::CREATED, answer))
    })
}

async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let listed: Vec<Value> = store.projects[&project_id]
            .uploads
            .iter()
            .rev()
            .map(|upload| store.upload_admin_json(upload))
            .collect();
        paginate(listed, &params, &store.base, &uri)
    })
}

/// `204`, or `404 Not found` (the finder's lookup) for an id of no upload of the project.
async fn remove(
    State(app): State<App>,
    Path((id, upload_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let upload_id: u64 = upload_id
            .parse()
            .map_err(|_| crate::params::invalid("upload_id"))?;
        let uploads = &mut store.project_mut(project_id).uploads;
        let index = uploads
            .iter()
            .position(|upload| upload.id == upload_id)
            .ok_or_else(record_not_found)?;
        uploads.remove(index);
        Ok(no_content())
    })
}
