//! How the sandbox answers: GitLab's error bodies, and list pages with GitLab's headers.

use axum::http::header::{CONTENT_TYPE, LINK};
use axum::http::{HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::params::Params;

/// A refusal, in the body shape GitLab uses for that kind of refusal.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    /// Serialized JSON, so field errors keep their order.
    body: String,
}

impl ApiError {
    fn json(status: StatusCode, body: &Value) -> ApiError {
        ApiError {
            status,
            body: body.to_string(),
        }
    }

    /// `{"message": "…"}`: not found, conflicts, service errors.
    pub fn message(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError::json(status, &json!({ "message": message.into() }))
    }

    /// `{"message": "…", "error_code": "…"}` with status 400: a refusal GitLab names with a
    /// code a client can act on (a cherry-pick that conflicts or is empty).
    pub fn coded(message: &str, code: &str) -> ApiError {
        ApiError::json(
            StatusCode::BAD_REQUEST,
            &json!({ "message": message, "error_code": code }),
        )
    }

    /// `{"message": "…"}` with status 400: a refused branch, tag or reference.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::message(StatusCode::BAD_REQUEST, message)
    }

    /// `{"message": ["…"]}`: merge request branch rules.
    pub fn messages(status: StatusCode, messages: &[String]) -> ApiError {
        ApiError::json(status, &json!({ "message": messages }))
    }

    /// `{"message": {"field": ["…"]}}` with status 400: model validation, fields in this order.
    pub fn fields(fields: &[(&str, &str)]) -> ApiError {
        let mut grouped: Vec<(&str, Vec<&str>)> = Vec::new();
        for &(field, problem) in fields {
            match grouped.iter_mut().find(|(f, _)| *f == field) {
                Some((_, problems)) => problems.push(problem),
                None => grouped.push((field, vec![problem])),
            }
        }
        let entries: Vec<String> = grouped
            .iter()
            .map(|(field, problems)| format!("{}:{}", json!(field), json!(problems)))
            .collect();
        ApiError {
            status: StatusCode::BAD_REQUEST,
            body: format!("{{\"message\":{{{}}}}}", entries.join(",")),
        }
    }

    /// `{"error": "…"}` with status 400: parameter checks done before any model is built.
    pub fn error(message: impl Into<String>) -> ApiError {
        ApiError::json(StatusCode::BAD_REQUEST, &json!({ "error": message.into() }))
    }

    /// `404 Project Not Found`, `404 Issue Not Found`, …; an empty `what` → `404 Not Found`.
    pub fn not_found(what: &str) -> ApiError {
        let message = if what.is_empty() {
            "404 Not Found".to_owned()
        } else {
            format!("404 {what} Not Found")
        };
        ApiError::message(StatusCode::NOT_FOUND, message)
    }

    /// Required parameters that were not sent: `title is missing, labels is missing`.
    pub fn missing(names: &[&str]) -> ApiError {
        let text: Vec<String> = names.iter().map(|n| format!("{n} is missing")).collect();
        ApiError::error(text.join(", "))
    }

    /// An update that sent none of the parameters it could change.
    pub fn none_of(names: &[&str]) -> ApiError {
        ApiError::error(format!(
            "{} are missing, at least one parameter must be provided",
            names.join(", ")
        ))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, [(CONTENT_TYPE, "application/json")], self.body).into_response()
    }
}

/// Objects joined into one (`json!` has a nesting limit that GitLab-sized objects reach).
pub(crate) fn merged<const N: usize>(parts: [Value; N]) -> Value {
    let mut all = serde_json::Map::new();
    for part in parts {
        if let Value::Object(map) = part {
            all.extend(map);
        }
    }
    Value::Object(all)
}

/// A JSON answer.
pub(crate) fn ok(status: StatusCode, body: Value) -> Response {
    (status, axum::Json(body)).into_response()
}

/// The order GitLab lists in: newest first, unless `sort=asc`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Order {
    ascending: bool,
}

impl Order {
    pub fn read(params: &Params) -> Result<Order, ApiError> {
        let sort = params.choice("sort", &["asc", "desc"])?;
        Ok(Order {
            ascending: sort.as_deref() == Some("asc"),
        })
    }

    /// `items`, given oldest first, in this order.
    pub fn arrange<T>(self, mut items: Vec<T>) -> Vec<T> {
        if !self.ascending {
            items.reverse();
        }
        items
    }
}

const DEFAULT_PER_PAGE: u64 = 20;
const MAX_PER_PAGE: u64 = 100;

/// One page of `items` with `x-page`, `x-per-page`, `x-next-page`, `x-prev-page`, `x-total`,
/// `x-total-pages` and `Link`, as GitLab's offset pagination sends them. Like GitLab, a page
/// size above 100 is served as 100 and one below 1 as the default 20.
pub(crate) fn paginate(
    items: Vec<Value>,
    params: &Params,
    base: &str,
    uri: &Uri,
) -> Result<Response, ApiError> {
    page_of(items, params, base, uri, true)
}

/// [`paginate`] the way GitLab pages lists it does not count (the commits list): no
/// `x-total`, `x-total-pages` or `rel="last"`, and a next page whenever this one is full.
pub(crate) fn paginate_without_count(
    items: Vec<Value>,
    params: &Params,
    base: &str,
    uri: &Uri,
) -> Result<Response, ApiError> {
    page_of(items, params, base, uri, false)
}

fn page_of(
    items: Vec<Value>,
    params: &Params,
    base: &str,
    uri: &Uri,
    counted: bool,
) -> Result<Response, ApiError> {
    let page = params.u64("page")?.unwrap_or(1).max(1);
    let per_page = match params.u64("per_page")? {
        Some(0) | None => DEFAULT_PER_PAGE,
        Some(n) => n.min(MAX_PER_PAGE),
    };
    let total = items.len() as u64;
    let total_pages = total.div_ceil(per_page).max(1);
    let start = usize::try_from((page - 1).saturating_mul(per_page)).unwrap_or(usize::MAX);
    let body: Vec<Value> = items
        .into_iter()
        .skip(start)
        .take(per_page as usize)
        .collect();
    let next = if counted {
        (page < total_pages).then_some(page + 1)
    } else {
        (body.len() as u64 == per_page).then_some(page + 1)
    };
    let prev = (page > 1).then(|| (page - 1).min(total_pages));

    let link_to = |target: u64| {
        let mut pairs: Vec<(String, String)> = uri
            .query()
            .map(|q| {
                url::form_urlencoded::parse(q.as_bytes())
                    .into_owned()
                    .collect()
            })
            .unwrap_or_default();
        pairs.retain(|(k, _)| k != "page" && k != "per_page");
        pairs.push(("page".to_owned(), target.to_string()));
        pairs.push(("per_page".to_owned(), per_page.to_string()));
        let query = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(&pairs)
            .finish();
        format!("{base}{}?{query}", uri.path())
    };
    let mut links = Vec::new();
    if let Some(prev) = prev {
        links.push(format!("<{}>; rel=\"prev\"", link_to(prev)));
    }
    if let Some(next) = next {
        links.push(format!("<{}>; rel=\"next\"", link_to(next)));
    }
    links.push(format!("<{}>; rel=\"first\"", link_to(1)));
    if counted {
        links.push(format!("<{}>; rel=\"last\"", link_to(total_pages)));
    }

    let number = |n: Option<u64>| n.map(|n| n.to_string()).unwrap_or_default();
    let mut headers = vec![
        ("x-page", page.to_string()),
        ("x-per-page", per_page.to_string()),
        ("x-next-page", number(next)),
        ("x-prev-page", number(prev)),
    ];
    if counted {
        headers.push(("x-total", total.to_string()));
        headers.push(("x-total-pages", total_pages.to_string()));
    }
    let mut response = ok(StatusCode::OK, Value::Array(body));
    let map = response.headers_mut();
    for (name, value) in headers {
        map.insert(
            name,
            HeaderValue::from_str(&value).expect("digits are a valid header value"),
        );
    }
    if let Ok(link) = HeaderValue::from_str(&links.join(", ")) {
        map.insert(LINK, link);
    }
    Ok(response)
}
