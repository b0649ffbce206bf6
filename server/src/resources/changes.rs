//! What a commit, a comparison or a merge request changes, file by file, as a short list
//! with each file's added and removed line counts (counted in GitLab's per-file diffs),
//! for when the whole diff is more than the reader needs.

use serde_json::Value;

use super::markdown::{plural, text};

/// Files listed at most.
pub const MAX_FILES: usize = 100;

/// Lines added and removed in one file's diff text.
pub fn counts(diff: &str) -> (usize, usize) {
    diff.lines().fold((0, 0), |(added, removed), line| {
        if line.starts_with('+') && !line.starts_with("+++") {
            (added + 1, removed)
        } else if line.starts_with('-') && !line.starts_with("---") {
            (added, removed + 1)
        } else {
            (added, removed)
        }
    })
}

/// `3 files changed, +12 −4.` then one line per file: `` - `src/lib.rs` +3 −1 (new) ``.
pub fn files(files: &[Value]) -> String {
    let mut total = (0, 0);
    let mut lines = String::new();
    for file in files.iter().take(MAX_FILES) {
        let (added, removed) = counts(text(file, "diff"));
        total = (total.0 + added, total.1 + removed);
        let flag = |key: &str| file.get(key).and_then(Value::as_bool) == Some(true);
        let what = if flag("new_file") {
            " (new)".to_owned()
        } else if flag("deleted_file") {
            " (deleted)".to_owned()
        } else if flag("renamed_file") {
            format!(" (renamed from `{}`)", text(file, "old_path"))
        } else {
            String::new()
        };
        let path = match text(file, "new_path") {
            "" => text(file, "old_path"),
            path => path,
        };
        lines.push_str(&format!("- `{path}` +{added} −{removed}{what}\n"));
    }
    let mut out = format!(
        "{} file{} changed, +{} −{}.\n",
        files.len(),
        plural(files.len()),
        total.0,
        total.1
    );
    if files.len() > MAX_FILES {
        out.push_str(&format!(
            "_[The first {MAX_FILES} files are listed, and counted.]_\n"
        ));
    }
    if !files.is_empty() {
        out.push('\n');
        out.push_str(&lines);
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn each_file_says_what_it_gained_and_lost() {
        let listed = files(&[
            json!({"old_path": "a.rs", "new_path": "a.rs", "diff": "@@ -1,2 +1,2 @@\n-x\n+y\n+z\n ctx\n"}),
            json!({"old_path": "b.rs", "new_path": "b.rs", "new_file": true, "diff": "@@ -0,0 +1 @@\n+b\n"}),
            json!({"old_path": "old.rs", "new_path": "new.rs", "renamed_file": true, "diff": ""}),
        ]);
        assert_eq!(
            listed,
            "3 files changed, +3 −1.\n\n- `a.rs` +2 −1\n- `b.rs` +1 −0 (new)\n- `new.rs` +0 −0 (renamed from `old.rs`)\n"
        );
        assert_eq!(files(&[]), "0 files changed, +0 −0.\n");
    }
}
