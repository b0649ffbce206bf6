//! Secrets never reach the log: every log line goes through [`Redacting`], which hides
//! what looks like a credential whatever logged it (this server, rmcp, hyper, reqwest)
//! and at every level — the password of a URL (`https://user:[redacted]@host`), GitLab
//! tokens by their prefixes (`glpat-[redacted]`), `Bearer` credentials, and the value of
//! any field whose name says it is secret (`password`, `token`, `secret`, `api_key`,
//! `authorization`, …).
//!
//! Redaction works on the text of a whole line, as the formatter writes it: it cannot
//! know what a value means, so it errs towards hiding (a field named `csrf_token` is
//! hidden too) and never towards showing.

use std::borrow::Cow;
use std::io::{self, Write};
use std::sync::LazyLock;

use regex::{Captures, Regex};
use tracing_subscriber::fmt::MakeWriter;

/// What replaces a secret.
const HIDDEN: &str = "[redacted]";

/// A URL's userinfo: `scheme://user:password@` or `scheme://token@`.
static USERINFO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*://)(?P<user>[^:@/\s"'<>\\]*)(?::(?P<password>[^@/\s"'<>\\]*))?@"#)
        .expect("a valid pattern")
});

/// GitLab's token prefixes (personal, OAuth, deploy, runner, CI job, trigger, feed,
/// incoming mail, agent, service account, SCIM), then the secret part.
static GITLAB_TOKEN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?P<prefix>glpat|gloas|gldt|glrt|glcbt|glptt|glft|glimt|glagent|glsoat|glsa|glffct)-[A-Za-z0-9_.\-]+")
        .expect("a valid pattern")
});

/// `Bearer <credential>`, any case.
static BEARER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?P<scheme>bearer|basic)\s+[A-Za-z0-9._~+/=\-]+").expect("a valid pattern")
});

/// A field whose name says it holds a secret, and its value: `"password": "…"`,
/// `token=…`, `auth_password: …`, also inside an escaped string (`\"token\":\"…\"`).
static SECRET_FIELD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)(?P<key>\b[A-Za-z0-9_\-]*(?:password|passwd|secret|token|api[_\-]?key|authorization|credentials?)(?:\\?")?\s*[:=]\s*)(?P<value>\\"(?:[^"\\]|\\[^"])*\\"|"(?:[^"\\]|\\.)*"|'[^']*'|[^\s,;&})\]]+)"#,
    )
    .expect("a valid pattern")
});

/// `text` with every secret in it hidden.
pub fn redact(text: &str) -> Cow<'_, str> {
    let text = replace(text, &USERINFO, |found| match found.name("password") {
        Some(_) => format!("{}{}:{HIDDEN}@", &found["scheme"], &found["user"]),
        None if found["user"].is_empty() => found[0].to_owned(),
        None => format!("{}{HIDDEN}@", &found["scheme"]),
    });
    let text = replace_owned(text, &GITLAB_TOKEN, |found| {
        format!("{}-{HIDDEN}", &found["prefix"])
    });
    let text = replace_owned(text, &BEARER, |found| {
        format!("{} {HIDDEN}", &found["scheme"])
    });
    replace_owned(text, &SECRET_FIELD, |found| {
        let value = &found["value"];
        let hidden = if value.starts_with("\\\"") {
            format!("\\\"{HIDDEN}\\\"")
        } else if value.starts_with('"') {
            format!("\"{HIDDEN}\"")
        } else if value.starts_with('\'') {
            format!("'{HIDDEN}'")
        } else if value == "null" || value == "[redacted" {
            // Nothing to hide, or hidden already (its `]` ends the match).
            value.to_owned()
        } else {
            HIDDEN.to_owned()
        };
        format!("{}{hidden}", &found["key"])
    })
}

fn replace<'t>(text: &'t str, pattern: &Regex, with: impl Fn(&Captures) -> String) -> Cow<'t, str> {
    pattern.replace_all(text, |found: &Captures| with(found))
}

fn replace_owned<'t>(
    text: Cow<'t, str>,
    pattern: &Regex,
    with: impl Fn(&Captures) -> String,
) -> Cow<'t, str> {
    match text {
        Cow::Borrowed(text) => replace(text, pattern, with),
        Cow::Owned(text) => Cow::Owned(replace(&text, pattern, with).into_owned()),
    }
}

/// The log's writer: `inner`, with every line redacted on its way.
pub struct Redacting<M>(pub M);

impl<'a, M: MakeWriter<'a>> MakeWriter<'a> for Redacting<M> {
    type Writer = RedactingWriter<M::Writer>;

    fn make_writer(&'a self) -> Self::Writer {
        RedactingWriter(self.0.make_writer())
    }
}

/// One event's writer. The formatter writes an event's whole line in one call, so each
/// call is redacted whole; bytes that are not UTF-8 are written as they are, lossily
/// decoded, never skipped.
pub struct RedactingWriter<W>(W);

impl<W: Write> Write for RedactingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        self.0.write_all(redact(&text).as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_passwords_and_tokens_in_urls_are_hidden() {
        assert_eq!(
            redact("pushing to https://mirror-user:MIRRORPASS@mirror.example.com/a.git now"),
            "pushing to https://mirror-user:[redacted]@mirror.example.com/a.git now"
        );
        assert_eq!(
            redact(r#"{"url":"https://glpat-abcdefgh12345@gitlab.example.com/x"}"#),
            r#"{"url":"https://[redacted]@gitlab.example.com/x"}"#
        );
        assert_eq!(
            redact("redis://:hunter2@10.0.0.1:6379/0"),
            "redis://:[redacted]@10.0.0.1:6379/0"
        );
        assert_eq!(
            redact("see https://gitlab.com/a/b"),
            "see https://gitlab.com/a/b"
        );
    }

    #[test]
    fn tokens_and_credentials_are_hidden() {
        assert_eq!(
            redact("sent glpat-AbC123_xyz-9 and gloas-Zz9"),
            "sent glpat-[redacted] and gloas-[redacted]"
        );
        assert_eq!(
            redact("authorization: Bearer abc.def-ghi"),
            "authorization: [redacted] [redacted]"
        );
        assert_eq!(redact("header Bearer abc.def"), "header Bearer [redacted]");
    }

    #[test]
    fn secret_fields_are_hidden_in_every_notation() {
        for (line, expected) in [
            (
                r#"{"auth_password":"p@ss \"w\"","x":1}"#,
                r#"{"auth_password":"[redacted]","x":1}"#,
            ),
            ("token=abc123 next=1", "token=[redacted] next=1"),
            ("private_token: 'abc'", "private_token: '[redacted]'"),
            (
                r#"body: "{\"secret\":\"s3cr3t\",\"a\":2}""#,
                r#"body: "{\"secret\":\"[redacted]\",\"a\":2}""#,
            ),
            ("api_key = k-1, x", "api_key = [redacted], x"),
            ("password: null", "password: null"),
        ] {
            assert_eq!(redact(line), expected, "{line}");
        }
    }

    #[test]
    fn ordinary_text_is_left_alone() {
        for line in [
            "max_tokens=5 tokenizer: fine",
            "Token([redacted]) used for GET projects/1",
            "listening on http://127.0.0.1:8080/mcp (stateless)",
        ] {
            assert_eq!(redact(line), line);
        }
    }

    #[test]
    fn the_writer_redacts_what_it_is_given() {
        let mut out = Vec::new();
        RedactingWriter(&mut out)
            .write_all(b"url=https://u:pw@h/x token=t\n")
            .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "url=https://u:[redacted]@h/x token=[redacted]\n"
        );
    }
}
