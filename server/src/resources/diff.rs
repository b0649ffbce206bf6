//! `gitlab://projects/{project}/merge_requests/{iid}/diff`: what a merge request changes,
//! as one unified diff (`text/x-diff`) built from GitLab's per-file diffs and capped as
//! `merge_request.diff_list` caps them, the whole text (headers too) within the cap. What
//! was cut or left out is said in the lines before the first `diff --git`, where patch
//! tools allow free text.

use serde_json::{Value, json};

use super::markdown::text;
use crate::call::{ReadError, Reads, has_next_page, items, params};
use crate::catalog::output::MAX_DIFF_BYTES;
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::MERGE_REQUEST_DIFF_LIST];

/// Files a diff resource shows at most: one page of GitLab's.
pub const MAX_FILES: u64 = 100;

pub async fn diff(reads: &Reads<'_>, project: &ProjectId, iid: u64) -> Result<String, ReadError> {
    let page = reads
        .read(
            ids::MERGE_REQUEST_DIFF_LIST,
            params([
                ("project_id", json!(project)),
                ("merge_request_iid", json!(iid)),
                ("per_page", json!(MAX_FILES)),
            ]),
        )
        .await?;
    Ok(unified(iid, &page))
}

/// The page of per-file diffs as one unified diff, its notes first.
pub fn unified(iid: u64, page: &Value) -> String {
    let files = items(page);
    let total = page.get("total").and_then(Value::as_u64);
    let mut out = format!(
        "Merge request !{iid}: {} file{} changed",
        total.unwrap_or(files.len() as u64),
        super::markdown::plural(total.map_or(files.len(), |t| t as usize))
    );
    if has_next_page(page) {
        out.push_str(&format!(
            "; the first {} are shown, read the others with `merge_request.diff_list` and `page: 2`",
            files.len()
        ));
    }
    out.push_str(".\n");
    if let Some(note) = page.get("note").and_then(Value::as_str) {
        out.push_str(&format!("Note: {note}.\n"));
    }
    // The cap holds for the whole text: each file's header lines count too. Files that
    // would go over it are left out, and a note before the first diff says so.
    let mut body = String::new();
    let mut shown = 0;
    for file in files {
        let mut one = String::from("\n");
        file_diff(&mut one, file);
        if out.len() + body.len() + one.len() + NOTE_ROOM > MAX_DIFF_BYTES {
            break;
        }
        body.push_str(&one);
        shown += 1;
    }
    if shown < files.len() {
        let names: Vec<String> = files[shown..]
            .iter()
            .map(|file| format!("`{}`", text(file, "new_path")))
            .collect();
        let mut note = format!(
            "Note: {} more file{} left out to stay under {} KiB: read {} with `merge_request.diff_list`",
            names.len(),
            super::markdown::plural(names.len()),
            MAX_DIFF_BYTES / 1024,
            if names.len() == 1 { "it" } else { "them" },
        );
        if note.len() + names.iter().map(|n| n.len() + 2).sum::<usize>() < NOTE_ROOM {
            note.push_str(&format!(" ({})", names.join(", ")));
        }
        out.push_str(&note);
        out.push_str(".\n");
    }
    out.push_str(&body);
    out
}

/// Room kept under the cap for the note of files left out.
const NOTE_ROOM: usize = 400;

fn file_diff(out: &mut String, file: &Value) {
    let old = text(file, "old_path");
    let new = text(file, "new_path");
    let flag = |key: &str| file.get(key).and_then(Value::as_bool) == Some(true);
    out.push_str(&format!("diff --git a/{old} b/{new}\n"));
    if flag("new_file") {
        out.push_str(&format!("new file mode {}\n", text(file, "b_mode")));
    } else if flag("deleted_file") {
        out.push_str(&format!("deleted file mode {}\n", text(file, "a_mode")));
    } else if flag("renamed_file") {
        out.push_str(&format!("rename from {old}\nrename to {new}\n"));
    }
    let diff = text(file, "diff");
    if diff.is_empty() {
        let why = if flag("truncated") {
            "left out to stay under the size cap (see the note above)"
        } else if flag("too_large") {
            "too large for GitLab to show"
        } else if flag("collapsed") {
            "collapsed by GitLab"
        } else {
            "no text change (binary file or mode change)"
        };
        out.push_str(&format!("Diff not shown: {why}.\n"));
        return;
    }
    let from = if flag("new_file") {
        "/dev/null".to_owned()
    } else {
        format!("a/{old}")
    };
    let to = if flag("deleted_file") {
        "/dev/null".to_owned()
    } else {
        format!("b/{new}")
    };
    out.push_str(&format!("--- {from}\n+++ {to}\n"));
    out.push_str(diff);
    if !diff.ends_with('\n') {
        out.push('\n');
    }
    if flag("truncated") {
        out.push_str("\\ Diff cut here to stay under the size cap (see the note above).\n");
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn per_file_diffs_become_one_unified_diff() {
        let page = json!({
            "items": [
                {"old_path": "a.rs", "new_path": "a.rs", "diff": "@@ -1 +1 @@\n-x\n+y\n"},
                {"old_path": "b.rs", "new_path": "b.rs", "new_file": true, "b_mode": "100644", "diff": "@@ -0,0 +1 @@\n+z"},
                {"old_path": "c.png", "new_path": "c.png", "diff": ""},
                {"old_path": "d.rs", "new_path": "d.rs", "diff": "@@ -1 +1 @@\n", "truncated": true}
            ],
            "next_page": 2,
            "total": 120,
            "note": "the diff of `d.rs` was cut"
        });
        let diff = unified(7, &page);
        assert!(
            diff.starts_with("Merge request !7: 120 files changed; the first 4 are shown"),
            "{diff}"
        );
        assert!(
            diff.contains("Note: the diff of `d.rs` was cut.\n"),
            "{diff}"
        );
        assert!(
            diff.contains(
                "diff --git a/a.rs b/a.rs\n--- a/a.rs\n+++ b/a.rs\n@@ -1 +1 @@\n-x\n+y\n"
            ),
            "{diff}"
        );
        assert!(
            diff.contains("new file mode 100644\n--- /dev/null\n+++ b/b.rs\n@@ -0,0 +1 @@\n+z\n"),
            "{diff}"
        );
        assert!(
            diff.contains("diff --git a/c.png b/c.png\nDiff not shown: no text change"),
            "{diff}"
        );
        assert!(diff.contains("\\ Diff cut here"), "{diff}");
    }
}
