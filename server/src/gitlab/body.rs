//! Reading GitLab's answer with a cap: the body is streamed and kept only up to a limit,
//! so an answer of any size costs at most the limit in memory.
//!
//! A successful answer larger than the limit is an error naming the endpoint (what it held
//! cannot be used in part). An error answer only needs its first words for the message,
//! so at most [`MAX_ERROR_BODY`] of it is read, whatever its size.

/// The largest successful answer read unless configured otherwise: 16 MiB, far above any
/// page of 100 objects or a job log tail, small enough that a runaway answer cannot take
/// the server's memory.
pub const DEFAULT_MAX_RESPONSE_BODY: usize = 16 << 20;

/// How much of an error answer is read: GitLab's own are a few hundred bytes; anything
/// larger is a proxy's page or garbage, whose start says as much as the whole.
pub const MAX_ERROR_BODY: usize = 64 << 10;

/// What was read of a body.
#[derive(Debug)]
pub(crate) struct Read {
    /// At most the limit's worth of bytes, from the start of the body.
    pub bytes: Vec<u8>,
    /// The whole body; `false` when more was sent (or announced) than the limit.
    pub complete: bool,
}

/// Reads `response`'s body, keeping at most `limit` bytes; stops reading (dropping the
/// connection) as soon as the body is known to be larger. A `Content-Length` over the
/// limit is believed at once, without reading anything.
pub(crate) async fn read_capped(
    mut response: reqwest::Response,
    limit: usize,
) -> Result<Read, reqwest::Error> {
    let announced = response.content_length();
    if announced.is_some_and(|length| length > limit as u64) {
        return Ok(Read {
            bytes: Vec::new(),
            complete: false,
        });
    }
    let expected = announced.map_or(0, |length| usize::try_from(length).unwrap_or(limit));
    let mut bytes = Vec::with_capacity(expected.min(limit));
    while let Some(chunk) = response.chunk().await? {
        let room = limit - bytes.len();
        if chunk.len() > room {
            bytes.extend_from_slice(&chunk[..room]);
            return Ok(Read {
                bytes,
                complete: false,
            });
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(Read {
        bytes,
        complete: true,
    })
}
