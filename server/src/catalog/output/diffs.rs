//! Diffs as a model can read them: one entry per file, as GitLab sends them, with the diff
//! text of one answer capped; a file cut or left out says so, and GitLab's paging reads the
//! rest.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

/// The most diff text one answer carries, over all its files.
pub const MAX_DIFF_BYTES: usize = 96 * 1024;

/// The structured result of the diff actions.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DiffPage {
    /// One entry per file (old_path, new_path, new_file, renamed_file, deleted_file, diff);
    /// `truncated: true` marks a diff cut or left out to stay under the cap.
    pub items: Vec<Map<String, Value>>,
    /// The next page of files, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_page: Option<u32>,
    /// How many files change in all, when GitLab says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u64>,
    /// What was cut, and how to read it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// GitLab's flags that say nothing when false, left out then.
const FLAGS: &[&str] = &[
    "new_file",
    "renamed_file",
    "deleted_file",
    "generated_file",
    "collapsed",
    "too_large",
];

/// One file's diff, compact: a flag only when true, the old path only when renamed, the
/// modes only when they changed.
pub fn brief(file: &mut Map<String, Value>) {
    file.retain(|key, value| !(FLAGS.contains(&key.as_str()) && *value == Value::Bool(false)));
    if file.get("old_path") == file.get("new_path") {
        file.remove("old_path");
    }
    if file.get("a_mode") == file.get("b_mode") {
        file.remove("a_mode");
        file.remove("b_mode");
    }
}

/// Bytes of one file's lines around its diff, besides its paths.
const HEADER_BYTES: usize = 110;
/// Bytes of a page's own lines (what changed, the notes).
const PAGE_BYTES: usize = 1024;

/// Cuts the `diff` texts of `files` to [`MAX_DIFF_BYTES`] together, in order: the file
/// that crosses the cap keeps its first part, the ones after it keep only their names.
/// The note says which, or `None` when everything fit.
pub fn cap(files: &mut [Map<String, Value>]) -> Option<String> {
    // What surrounds the diffs counts too: each file's names and header lines (twice the
    // paths and a line or two, in a unified diff as in JSON), and the page's own lines.
    let path = |file: &Map<String, Value>, key: &str| {
        file.get(key).and_then(Value::as_str).map_or(0, str::len)
    };
    let headers: usize = files
        .iter()
        .map(|file| 2 * (path(file, "old_path") + path(file, "new_path")) + HEADER_BYTES)
        .sum();
    let mut budget = MAX_DIFF_BYTES.saturating_sub(PAGE_BYTES + headers);
    let mut cut: Vec<String> = Vec::new();
    for file in files.iter_mut() {
        let Some(Value::String(diff)) = file.get_mut("diff") else {
            continue;
        };
        if diff.len() <= budget {
            budget -= diff.len();
            continue;
        }
        let mut end = budget;
        while !diff.is_char_boundary(end) {
            end -= 1;
        }
        // End on a whole line, so what is shown is a readable prefix of the diff.
        let end = diff[..end].rfind('\n').map_or(0, |newline| newline + 1);
        diff.truncate(end);
        // Files after a cut one show no diff at all: a reader must not take a later,
        // shorter diff for the whole of what changed.
        budget = 0;
        let path = file
            .get("new_path")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        file.insert("truncated".to_owned(), Value::Bool(true));
        cut.push(format!("`{path}`"));
    }
    (!cut.is_empty()).then(|| {
        format!(
            "the diff of {} was cut to keep this answer under {} KiB; ask for fewer files a page with `per_page`, or read a file whole with `file.get`",
            cut.join(", "),
            MAX_DIFF_BYTES / 1024
        )
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn file(path: &str, diff: &str) -> Map<String, Value> {
        json!({"new_path": path, "old_path": path, "diff": diff})
            .as_object()
            .unwrap()
            .clone()
    }

    #[test]
    fn small_diffs_pass_untouched() {
        let mut files = vec![file("a", "@@ -1 +1 @@\n-a\n+b\n")];
        assert_eq!(cap(&mut files), None);
        assert_eq!(files[0].get("truncated"), None);
    }

    #[test]
    fn the_cap_cuts_on_a_line_and_marks_every_file_past_it() {
        let line = format!("+{}\n", "x".repeat(99));
        let big = line.repeat(700); // 70,700 bytes
        let mut files = vec![
            file("one", &big),
            file("two", &big),
            file("three", "+small\n"),
        ];
        let note = cap(&mut files).unwrap();
        assert_eq!(files[0]["diff"].as_str().unwrap(), big);
        let second = files[1]["diff"].as_str().unwrap();
        assert!(second.len() < big.len() && second.ends_with('\n'));
        assert_eq!(files[1]["truncated"], true);
        assert_eq!(files[2]["diff"], "");
        assert_eq!(files[2]["truncated"], true);
        assert!(note.contains("`two`, `three`"), "{note}");
        let total: usize = files
            .iter()
            .map(|f| f["diff"].as_str().unwrap().len())
            .sum();
        assert!(total <= MAX_DIFF_BYTES);
    }
}
