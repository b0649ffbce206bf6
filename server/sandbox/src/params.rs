//! Request parameters the way GitLab's API layer (Grape) reads them: query string and body
//! merged (the body wins), JSON or form-encoded, with its type coercions and its error texts.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::header::CONTENT_TYPE;
use serde_json::{Map, Value};

use super::reply::ApiError;

pub(crate) struct Params(pub Map<String, Value>);

impl<S: Send + Sync> FromRequest<S> for Params {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Params, ApiError> {
        let mut params = Map::new();
        if let Some(query) = request.uri().query() {
            add_pairs(&mut params, query.as_bytes());
        }
        let is_form = request
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|_| ApiError::error("the request body could not be read"))?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(Params(params));
        }
        if is_form {
            add_pairs(&mut params, &bytes);
        } else {
            match serde_json::from_slice::<Value>(&bytes) {
                Ok(Value::Object(body)) => params.extend(body),
                _ => return Err(ApiError::error("the request body must be a JSON object")),
            }
        }
        Ok(Params(params))
    }
}

/// `a=1&labels[]=x&labels[]=y` → `{"a": "1", "labels": ["x", "y"]}`.
fn add_pairs(params: &mut Map<String, Value>, encoded: &[u8]) {
    for (key, value) in url::form_urlencoded::parse(encoded) {
        match key.strip_suffix("[]") {
            Some(list) => {
                let entry = params
                    .entry(list.to_owned())
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(items) = entry {
                    items.push(Value::String(value.into_owned()));
                }
            }
            None => {
                params.insert(key.into_owned(), Value::String(value.into_owned()));
            }
        }
    }
}

impl Params {
    /// Sent at all, even as null or empty.
    pub fn has(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }

    /// A hash parameter as Grape reads it: a JSON object, or form or query fields
    /// `name[field]=…`; `None` when not sent; anything else → `<name> is invalid`.
    pub fn nested(&self, name: &str) -> Result<Option<Map<String, Value>>, ApiError> {
        match self.0.get(name) {
            Some(Value::Object(fields)) => return Ok(Some(fields.clone())),
            Some(Value::Null) | None => {}
            Some(_) => return Err(invalid(name)),
        }
        let prefix = format!("{name}[");
        let fields: Map<String, Value> = self
            .0
            .iter()
            .filter_map(|(key, value)| {
                let inner = key.strip_prefix(&prefix)?.strip_suffix(']')?;
                Some((inner.to_owned(), value.clone()))
            })
            .collect();
        Ok((!fields.is_empty()).then_some(fields))
    }

    /// The names in `keys` that were not sent, as a `… is missing` refusal.
    pub fn require(&self, keys: &[&str]) -> Result<(), ApiError> {
        let missing: Vec<&str> = keys.iter().copied().filter(|k| !self.has(k)).collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(ApiError::missing(&missing))
        }
    }

    /// Grape's `requires` for `keys`, in order, where those in `filled` also have
    /// `allow_blank: false`: such a key not sent is both `missing` and `empty`.
    pub fn require_filled(&self, keys: &[&str], filled: &[&str]) -> Result<(), ApiError> {
        let mut problems = Vec::new();
        for key in keys {
            let must_fill = filled.contains(key);
            let blank = match self.0.get(*key) {
                None => {
                    problems.push(format!("{key} is missing"));
                    true
                }
                Some(Value::String(s)) => s.trim().is_empty(),
                Some(Value::Null) => true,
                Some(_) => false,
            };
            if must_fill && blank {
                problems.push(format!("{key} is empty"));
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(ApiError::error(problems.join(", ")))
        }
    }

    /// Update endpoints need at least one of what they can change.
    pub fn require_any(&self, keys: &[&str]) -> Result<(), ApiError> {
        if keys.iter().any(|k| self.has(k)) {
            Ok(())
        } else {
            Err(ApiError::none_of(keys))
        }
    }

    /// A string; numbers and booleans are taken as their text. Null → not sent.
    pub fn str(&self, key: &str) -> Result<Option<String>, ApiError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(Value::Number(n)) => Ok(Some(n.to_string())),
            Some(Value::Bool(b)) => Ok(Some(b.to_string())),
            Some(_) => Err(invalid(key)),
        }
    }

    /// A string that is not blank once trimmed.
    pub fn text(&self, key: &str) -> Result<Option<String>, ApiError> {
        Ok(self.str(key)?.filter(|s| !s.trim().is_empty()))
    }

    /// What an update does to an optional text: `None` when `key` was not sent (keep it),
    /// `Some(None)` when it was sent blank or null (clear it), else the new text.
    pub fn replacement(&self, key: &str) -> Result<Option<Option<String>>, ApiError> {
        let text = self.text(key)?;
        Ok(self.has(key).then_some(text))
    }

    /// `true`/`false`, also as the strings `true`, `false`, `1`, `0`.
    pub fn bool(&self, key: &str) -> Result<Option<bool>, ApiError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(Value::String(s)) => match s.trim().to_ascii_lowercase().as_str() {
                "true" | "1" => Ok(Some(true)),
                "false" | "0" => Ok(Some(false)),
                _ => Err(invalid(key)),
            },
            Some(Value::Number(n)) => match n.as_u64() {
                Some(1) => Ok(Some(true)),
                Some(0) => Ok(Some(false)),
                _ => Err(invalid(key)),
            },
            Some(_) => Err(invalid(key)),
        }
    }

    /// A whole number, also as a string of digits.
    pub fn u64(&self, key: &str) -> Result<Option<u64>, ApiError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => n.as_u64().map(Some).ok_or_else(|| invalid(key)),
            Some(Value::String(s)) => s.trim().parse().map(Some).map_err(|_| invalid(key)),
            Some(_) => Err(invalid(key)),
        }
    }

    /// Labels as a comma-separated string or an array: trimmed, empties dropped, duplicates
    /// removed keeping the first.
    pub fn labels(&self, key: &str) -> Result<Option<Vec<String>>, ApiError> {
        let pieces: Vec<String> = match self.0.get(key) {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::String(s)) => s.split(',').map(str::to_owned).collect(),
            Some(Value::Array(items)) => {
                let mut pieces = Vec::new();
                for item in items {
                    match item {
                        Value::String(s) => pieces.extend(s.split(',').map(str::to_owned)),
                        _ => return Err(invalid(key)),
                    }
                }
                pieces
            }
            Some(_) => return Err(invalid(key)),
        };
        let mut labels: Vec<String> = Vec::new();
        for piece in pieces {
            let piece = piece.trim();
            if !piece.is_empty() && !labels.iter().any(|l| l == piece) {
                labels.push(piece.to_owned());
            }
        }
        Ok(Some(labels))
    }

    /// One of `allowed`, or Grape's `does not have a valid value`.
    pub fn choice(&self, key: &str, allowed: &[&str]) -> Result<Option<String>, ApiError> {
        match self.str(key)? {
            None => Ok(None),
            Some(value) if allowed.contains(&value.as_str()) => Ok(Some(value)),
            Some(_) => Err(ApiError::error(format!(
                "{key} does not have a valid value"
            ))),
        }
    }
}

/// Grape's text for a value of the wrong type.
pub(crate) fn invalid(key: &str) -> ApiError {
    ApiError::error(format!("{key} is invalid"))
}
