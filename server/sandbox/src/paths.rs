//! Request paths as GitLab's router reads them: Grape squeezes repeated slashes
//! (`/projects//2` is `/projects/2`) and ignores a trailing one (`/projects/1/`). The
//! sandbox rewrites the path that way before any route is matched, and keeps the path as it
//! arrived for the recording (`intercept`): tests assert on what the client really sent.

use axum::extract::Request;
use axum::http::Uri;
use axum::http::uri::PathAndQuery;

/// The path of a request as it arrived, before [`as_grape_reads_it`] rewrote it.
#[derive(Debug, Clone)]
pub(crate) struct ReceivedPath(pub String);

/// Rewrites the request's path as Grape reads it; the path as received goes along as a
/// [`ReceivedPath`] extension.
pub(crate) async fn as_grape_reads_it(mut request: Request) -> Request {
    let received = request.uri().path().to_owned();
    let read = grape_path(&received);
    if read != received {
        let query = request
            .uri()
            .query()
            .map(|q| format!("?{q}"))
            .unwrap_or_default();
        if let Ok(path) = PathAndQuery::try_from(format!("{read}{query}")) {
            let mut parts = request.uri().clone().into_parts();
            parts.path_and_query = Some(path);
            if let Ok(uri) = Uri::from_parts(parts) {
                *request.uri_mut() = uri;
            }
        }
    }
    request.extensions_mut().insert(ReceivedPath(received));
    request
}

/// `path` with every run of slashes made one and no trailing slash (the root stays `/`).
/// Encoded slashes (`%2F`, inside a project path) are not separators and stay.
fn grape_path(path: &str) -> String {
    let mut read = String::with_capacity(path.len());
    for c in path.chars() {
        if !(c == '/' && read.ends_with('/')) {
            read.push(c);
        }
    }
    if read.len() > 1 && read.ends_with('/') {
        read.pop();
    }
    read
}

#[cfg(test)]
mod tests {
    use super::grape_path;

    #[test]
    fn slashes_are_squeezed_and_a_trailing_one_dropped() {
        assert_eq!(
            grape_path("/api/v4/projects//2/issues"),
            "/api/v4/projects/2/issues"
        );
        assert_eq!(grape_path("/api/v4/projects/1/"), "/api/v4/projects/1");
        assert_eq!(grape_path("//api///v4//"), "/api/v4");
        assert_eq!(grape_path("/"), "/");
        assert_eq!(
            grape_path("/api/v4/projects/demo%2F%2Fsandbox"),
            "/api/v4/projects/demo%2F%2Fsandbox"
        );
    }
}
