//! The `WWW-Authenticate` header of a 401: RFC 6750's `Bearer` scheme and its parameters,
//! each value a quoted string. A value is quoted here and nowhere else: `"` and `\` are
//! escaped, so no value can end its quotes and add a parameter of its own; a value with a
//! control character (or anything a header cannot carry) is left out whole.

use axum::http::HeaderValue;

/// A challenge being built: `Bearer realm="gitlab-mcp-server"`, then parameters.
#[derive(Debug, Clone)]
pub struct Challenge(String);

impl Challenge {
    pub fn bearer() -> Challenge {
        Challenge(r#"Bearer realm="gitlab-mcp-server""#.to_owned())
    }

    /// Adds `name="value"`; `value` is left out if it has a character a header cannot carry.
    pub fn param(mut self, name: &'static str, value: &str) -> Challenge {
        if let Some(quoted) = quoted(value) {
            self.0.push_str(&format!(", {name}={quoted}"));
        }
        self
    }

    pub fn header(&self) -> HeaderValue {
        HeaderValue::from_str(&self.0)
            .expect("every value is checked printable ASCII before it is added")
    }
}

/// `value` as an RFC 9110 quoted string; `None` when it holds a control character or a
/// character beyond ASCII.
fn quoted(value: &str) -> Option<String> {
    if value.chars().any(|c| c.is_ascii_control() || !c.is_ascii()) {
        return None;
    }
    let mut quoted = String::with_capacity(value.len() + 2);
    quoted.push('"');
    for c in value.chars() {
        if matches!(c, '"' | '\\') {
            quoted.push('\\');
        }
        quoted.push(c);
    }
    quoted.push('"');
    Some(quoted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_cannot_end_their_quotes() {
        let challenge = Challenge::bearer()
            .param("resource_metadata", "https://mcp.example.com/x")
            .param("error", r#"a", injected="b\"#)
            .param("error_description", "line\r\nSet-Cookie: x")
            .param("other", "naïve");
        assert_eq!(
            challenge.header().to_str().unwrap(),
            r#"Bearer realm="gitlab-mcp-server", resource_metadata="https://mcp.example.com/x", error="a\", injected=\"b\\""#
        );
    }
}
