//! List answers as GitLab pages them: newest first unless asked otherwise, one page at a time
//! with GitLab's pagination headers.

use axum::http::header::LINK;
use axum::http::{HeaderValue, StatusCode, Uri};
use axum::response::Response;
use serde_json::Value;

use crate::params::Params;
use crate::reply::{ApiError, ok};

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
/// Above this many items GitLab stops counting: no `x-total`, `x-total-pages` or
/// `rel="last"`, as counting a larger list is too slow for it.
const MAX_COUNTED: u64 = 10_000;

/// One page of `items` with `x-page`, `x-per-page`, `x-next-page`, `x-prev-page`, `x-total`,
/// `x-total-pages` and `Link`, as GitLab's offset pagination sends them. Like GitLab, a page
/// size above 100 is served as 100 and one below 1 as the default 20, and a list of more
/// than 10,000 items is not counted.
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
    // Known to the sandbox, but not told beyond what GitLab counts.
    let counted = counted && total <= MAX_COUNTED;

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

#[cfg(test)]
mod tests {
    use serde_json::{Map, json};

    use super::*;

    fn headers(total: u64, page: &str) -> Vec<(String, String)> {
        let items = (0..total).map(|n| json!(n)).collect();
        let params = Params(Map::from_iter([("page".to_owned(), json!(page))]));
        let uri: Uri = "/api/v4/projects/1/issues".parse().unwrap();
        let response = paginate(items, &params, "http://gitlab", &uri).unwrap();
        let mut headers: Vec<(String, String)> = response
            .headers()
            .iter()
            .filter(|(name, _)| name.as_str().starts_with("x-") || *name == LINK)
            .map(|(name, value)| (name.to_string(), value.to_str().unwrap().to_owned()))
            .collect();
        headers.sort();
        headers
    }

    fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    #[test]
    fn gitlab_counts_lists_of_up_to_ten_thousand_items() {
        let counted = headers(10_000, "2");
        assert_eq!(header(&counted, "x-total"), Some("10000"));
        assert_eq!(header(&counted, "x-total-pages"), Some("500"));
        assert!(header(&counted, "link").unwrap().contains("rel=\"last\""));

        let uncounted = headers(10_001, "2");
        assert_eq!(header(&uncounted, "x-total"), None);
        assert_eq!(header(&uncounted, "x-total-pages"), None);
        let link = header(&uncounted, "link").unwrap();
        assert!(!link.contains("rel=\"last\""), "{link}");
        assert!(
            link.contains("rel=\"next\"") && link.contains("rel=\"prev\""),
            "{link}"
        );
        assert_eq!(header(&uncounted, "x-next-page"), Some("3"));
        assert_eq!(header(&uncounted, "x-prev-page"), Some("1"));
        let last = headers(10_001, "501");
        assert_eq!(header(&last, "x-next-page"), Some(""));
    }
}
