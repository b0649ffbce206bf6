//! A repository file as a model can read it: GitLab's base64 decoded to text with its size,
//! ref and last commit; a binary file, or more text than a response should carry, is
//! described instead of dumped. A window of lines (`first_line`, `last_line`) reads a large
//! file piece by piece.

use base64::Engine as _;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

/// The most text one answer carries.
pub const MAX_FILE_BYTES: usize = 128 * 1024;

/// The structured result of `file.get`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct FileContent {
    pub file_path: String,
    /// The branch, tag or commit it was read at.
    #[serde(rename = "ref")]
    pub reference: String,
    /// Size in bytes.
    pub size: u64,
    /// The last commit that changed the file: give it as `last_commit_id` when updating.
    pub last_commit_id: String,
    pub blob_id: String,
    /// Whether the file is binary (its bytes are then not shown); left out for text.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub binary: bool,
    /// The text (of the lines asked for), or none for a binary or oversized file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    /// Lines in the whole file (text files only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_lines: Option<usize>,
    /// The first and last line shown, from 1, when a window was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_line: Option<usize>,
    /// What was not shown, and how to read it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Who wrote the content, and so how to read it.
    pub untrusted: &'static str,
}

/// Which lines to show.
#[derive(Debug, Clone, Copy, Default)]
pub struct Window {
    pub first_line: Option<usize>,
    pub last_line: Option<usize>,
}

/// `Err` names what GitLab sent that is not a file.
pub fn decode(file: &Map<String, Value>, window: Window) -> Result<FileContent, String> {
    let text = |key: &str| {
        file.get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let encoded = file
        .get("content")
        .and_then(Value::as_str)
        .ok_or("GitLab's answer has no `content`")?;
    let bytes = match text("encoding").as_str() {
        "base64" => base64::engine::general_purpose::STANDARD
            .decode(encoded.trim())
            .map_err(|error| format!("GitLab's `content` is not base64: {error}"))?,
        _ => encoded.as_bytes().to_vec(),
    };
    let mut content = FileContent {
        file_path: text("file_path"),
        reference: text("ref"),
        size: file
            .get("size")
            .and_then(Value::as_u64)
            .unwrap_or(bytes.len() as u64),
        last_commit_id: text("last_commit_id"),
        blob_id: text("blob_id"),
        binary: false,
        content: None,
        total_lines: None,
        first_line: None,
        last_line: None,
        note: None,
        untrusted: super::untrusted::FILE,
    };
    let decoded = match String::from_utf8(bytes) {
        Ok(decoded) if !decoded.contains('\0') => decoded,
        _ => {
            content.binary = true;
            content.note = Some(format!(
                "`{}` is a binary file of {} bytes; its content is not shown",
                content.file_path, content.size
            ));
            return Ok(content);
        }
    };
    let lines: Vec<&str> = decoded.split_inclusive('\n').collect();
    content.total_lines = Some(lines.len());
    let windowed = window.first_line.is_some() || window.last_line.is_some();
    let first = window.first_line.unwrap_or(1).max(1);
    let last = window.last_line.unwrap_or(lines.len()).min(lines.len());
    if first > last.max(1) || (first > lines.len() && !lines.is_empty()) {
        // The numbers as asked, not as clamped to the file.
        let asked =
            |line: Option<usize>| line.map_or_else(|| "unset".to_owned(), |n| n.to_string());
        return Err(format!(
            "the file has {} lines; `first_line` {} and `last_line` {} select none of them",
            lines.len(),
            asked(window.first_line),
            asked(window.last_line)
        ));
    }
    let shown: String = lines
        .get(first.saturating_sub(1)..last)
        .unwrap_or_default()
        .concat();
    if shown.len() > MAX_FILE_BYTES {
        content.note = Some(format!(
            "{} has {} lines ({} bytes), more than the {} KiB one answer carries; read it in parts with `first_line` and `last_line`",
            if windowed {
                "the window asked for"
            } else {
                "the file"
            },
            last + 1 - first,
            shown.len(),
            MAX_FILE_BYTES / 1024
        ));
        return Ok(content);
    }
    if windowed {
        content.first_line = Some(first);
        content.last_line = Some(last);
    }
    content.content = Some(shown);
    Ok(content)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn gitlab_file(bytes: &[u8]) -> Map<String, Value> {
        json!({
            "file_path": "src/lib.rs", "ref": "main", "size": bytes.len(), "encoding": "base64",
            "content": base64::engine::general_purpose::STANDARD.encode(bytes),
            "last_commit_id": "abc", "blob_id": "def"
        })
        .as_object()
        .unwrap()
        .clone()
    }

    #[test]
    fn text_is_decoded_with_its_facts() {
        let file = decode(&gitlab_file(b"fn main() {}\n// end\n"), Window::default()).unwrap();
        assert_eq!(file.content.as_deref(), Some("fn main() {}\n// end\n"));
        assert_eq!(
            (file.total_lines, file.size, file.binary),
            (Some(2), 20, false)
        );
        assert_eq!(file.last_commit_id, "abc");
        let json = serde_json::to_value(&file).unwrap();
        assert_eq!(json["ref"], "main");
    }

    #[test]
    fn binary_and_oversized_files_are_described() {
        let file = decode(&gitlab_file(b"\x89PNG\r\n\x1a\n\0\0"), Window::default()).unwrap();
        assert!(file.binary && file.content.is_none());
        assert!(file.note.unwrap().contains("binary file of 10 bytes"));
        let big = "0123456789\n".repeat(20_000);
        let file = decode(&gitlab_file(big.as_bytes()), Window::default()).unwrap();
        assert!(file.content.is_none());
        assert!(file.note.unwrap().contains("first_line"));
        let window = Window {
            first_line: Some(101),
            last_line: Some(102),
        };
        let file = decode(&gitlab_file(big.as_bytes()), window).unwrap();
        assert_eq!(file.content.as_deref(), Some("0123456789\n0123456789\n"));
        assert_eq!((file.first_line, file.last_line), (Some(101), Some(102)));
        let window = Window {
            first_line: Some(30_000),
            last_line: None,
        };
        assert!(
            decode(&gitlab_file(big.as_bytes()), window)
                .unwrap_err()
                .contains("20000 lines")
        );
    }
}
