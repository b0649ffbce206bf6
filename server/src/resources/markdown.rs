//! GitLab's JSON as Markdown a model reads: people, labels, times, bodies quoted, and an
//! issue's or merge request's threads. Long texts are cut with a line saying so, so one
//! resource stays a size a client can attach.

use serde_json::Value;

use crate::call::has_next_page;
use crate::registry::ActionId;

/// The most Markdown the threads of one issue or merge request add to its resource.
pub const MAX_THREADS_BYTES: usize = 96 * 1024;
/// The most of a description shown.
pub const MAX_DESCRIPTION_BYTES: usize = 32 * 1024;

/// `value[key]` as text, `""` when absent or not text.
pub fn text<'v>(value: &'v Value, key: &str) -> &'v str {
    value.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// `@alice (Alice Example)`; `nobody` for a missing user.
pub fn person(user: Option<&Value>) -> String {
    match user.filter(|u| u.is_object()) {
        Some(user) => {
            let name = text(user, "name");
            let username = text(user, "username");
            if name.is_empty() || name == username {
                format!("@{username}")
            } else {
                format!("@{username} ({name})")
            }
        }
        None => "nobody".to_owned(),
    }
}

/// A list of users, or `none`.
pub fn people(users: Option<&Value>) -> String {
    let shown: Vec<String> = users
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|user| person(Some(user)))
        .collect();
    if shown.is_empty() {
        "none".to_owned()
    } else {
        shown.join(", ")
    }
}

/// `` `bug`, `feature` ``, or `none`. GitLab sends names, or label objects when asked.
pub fn labels(labels: Option<&Value>) -> String {
    let shown: Vec<String> = labels
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|label| match label {
            Value::String(name) => Some(format!("`{name}`")),
            Value::Object(_) => Some(format!("`{}`", text(label, "name"))),
            _ => None,
        })
        .collect();
    if shown.is_empty() {
        "none".to_owned()
    } else {
        shown.join(", ")
    }
}

/// `2026-01-05 10:00` from GitLab's ISO 8601 time; as given when it is something else.
pub fn time(value: Option<&Value>) -> String {
    let Some(raw) = value.and_then(Value::as_str) else {
        return "—".to_owned();
    };
    match (raw.get(..10), raw.get(11..16)) {
        (Some(date), Some(clock)) if raw.as_bytes().get(10) == Some(&b'T') => {
            format!("{date} {clock} UTC")
        }
        _ => raw.to_owned(),
    }
}

/// The first `max` bytes of `text`, cut on a line, and whether it was cut.
pub fn cut(text: &str, max: usize) -> (&str, bool) {
    if text.len() <= max {
        return (text, false);
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let end = text[..end].rfind('\n').unwrap_or(end);
    (&text[..end], true)
}

/// A description or comment, quoted line by line so its own headings stay inside it.
pub fn quote(body: &str) -> String {
    body.trim_end()
        .lines()
        .map(|line| {
            if line.is_empty() {
                ">".to_owned()
            } else {
                format!("> {line}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A description under its heading, cut at [`MAX_DESCRIPTION_BYTES`]; `read_whole`
/// names the action that returns it whole.
pub fn description(out: &mut String, body: Option<&Value>, read_whole: ActionId) {
    out.push_str("\n## Description\n\n");
    let body = body.and_then(Value::as_str).unwrap_or_default();
    if body.trim().is_empty() {
        out.push_str("_No description._\n");
        return;
    }
    let (shown, was_cut) = cut(body, MAX_DESCRIPTION_BYTES);
    out.push_str(shown.trim_end());
    out.push('\n');
    if was_cut {
        out.push_str(&format!(
            "\n_[The description is {} bytes; it was cut at {} KiB. Read it whole with `{read_whole}`.]_\n",
            body.len(),
            MAX_DESCRIPTION_BYTES / 1024
        ));
    }
}

/// One page of `…/discussions` as Markdown: open threads and comments in full, resolved
/// threads one line each, system notes left out. `list_action` is the action that pages
/// through them, named when something was left out.
pub fn threads(out: &mut String, page: &Value, list_action: ActionId) {
    let discussions: Vec<&Value> = crate::call::items(page)
        .iter()
        .filter(|d| notes(d).iter().any(|n| !is_system(n)))
        .collect();
    let resolved: Vec<&Value> = discussions
        .iter()
        .copied()
        .filter(|d| is_resolved(d))
        .collect();
    let open: Vec<&Value> = discussions
        .iter()
        .copied()
        .filter(|d| !is_resolved(d))
        .collect();
    let unresolved = open.iter().filter(|d| is_resolvable(d)).count();
    let comments = open
        .iter()
        .filter(|d| {
            !is_resolvable(d) && d.get("individual_note").and_then(Value::as_bool) == Some(true)
        })
        .count();
    let threads = open.len() - unresolved - comments;
    let counts: Vec<String> = [
        (unresolved, "unresolved thread"),
        (resolved.len(), "resolved thread"),
        (threads, "thread"),
        (comments, "comment"),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} {what}{}", plural(n)))
    .collect();
    out.push_str("\n## Discussion\n\n");
    if counts.is_empty() {
        out.push_str("No comments yet.\n");
    } else {
        out.push_str(&format!("{}.\n", counts.join(", ")));
    }
    let start = out.len();
    let mut left_out = 0;
    for discussion in &open {
        let mut thread = String::new();
        render_thread(&mut thread, discussion);
        if out.len() - start + thread.len() > MAX_THREADS_BYTES {
            left_out += 1;
            continue;
        }
        out.push_str(&thread);
    }
    if !resolved.is_empty() {
        out.push_str("\n### Resolved threads\n\n");
        for discussion in &resolved {
            let notes = notes(discussion);
            let Some(first) = notes.iter().find(|n| !is_system(n)) else {
                continue;
            };
            let (summary, _) = cut(text(first, "body").lines().next().unwrap_or_default(), 160);
            out.push_str(&format!(
                "- {}{} ({} note{}, resolved by {}): {summary}\n",
                person(first.get("author")),
                position(first),
                notes.len(),
                plural(notes.len()),
                person(notes.iter().rev().find_map(|n| n.get("resolved_by"))),
            ));
        }
    }
    if left_out > 0 {
        out.push_str(&format!(
            "\n_[{left_out} more thread{} left out to stay under {} KiB; read them with `{list_action}`.]_\n",
            plural(left_out),
            MAX_THREADS_BYTES / 1024
        ));
    }
    if has_next_page(page) {
        out.push_str(&format!(
            "\n_[Only the first {} threads are shown; read the next ones with `{list_action}` and `page: 2`.]_\n",
            crate::call::items(page).len()
        ));
    }
}

/// The threads of a page still waiting to be resolved.
pub fn unresolved(page: &Value) -> usize {
    crate::call::items(page)
        .iter()
        .filter(|d| is_resolvable(d) && !is_resolved(d))
        .count()
}

fn render_thread(out: &mut String, discussion: &Value) {
    let notes: Vec<&Value> = notes(discussion).iter().filter(|n| !is_system(n)).collect();
    let Some(first) = notes.first() else {
        return;
    };
    let heading = if is_resolvable(discussion) {
        format!("Open thread{}", position(first))
    } else if notes.len() == 1 {
        format!("Comment{}", position(first))
    } else {
        format!("Thread{}", position(first))
    };
    out.push_str(&format!("\n### {heading}\n"));
    for note in notes {
        out.push_str(&format!(
            "\n**{}** · {}\n\n{}\n",
            person(note.get("author")),
            time(note.get("created_at")),
            quote(text(note, "body"))
        ));
    }
}

fn notes(discussion: &Value) -> &[Value] {
    discussion
        .get("notes")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn is_system(note: &Value) -> bool {
    note.get("system").and_then(Value::as_bool) == Some(true)
}

fn is_resolvable(discussion: &Value) -> bool {
    notes(discussion)
        .iter()
        .any(|n| n.get("resolvable").and_then(Value::as_bool) == Some(true))
}

/// A thread is resolved when each of its resolvable notes is.
fn is_resolved(discussion: &Value) -> bool {
    is_resolvable(discussion)
        && notes(discussion)
            .iter()
            .filter(|n| n.get("resolvable").and_then(Value::as_bool) == Some(true))
            .all(|n| n.get("resolved").and_then(Value::as_bool) == Some(true))
}

/// ` on `src/lib.rs` line 12` for a note on a diff line.
fn position(note: &Value) -> String {
    let Some(position) = note.get("position").filter(|p| p.is_object()) else {
        return String::new();
    };
    let path = [text(position, "new_path"), text(position, "old_path")]
        .into_iter()
        .find(|p| !p.is_empty())
        .unwrap_or_default();
    let line = ["new_line", "old_line"]
        .into_iter()
        .find_map(|key| position.get(key).and_then(Value::as_u64));
    match line {
        Some(line) => format!(" on `{path}` line {line}"),
        None => format!(" on `{path}`"),
    }
}

pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `yes` or `no`.
pub fn yes_no(value: Option<&Value>) -> &'static str {
    if value.and_then(Value::as_bool) == Some(true) {
        "yes"
    } else {
        "no"
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn people_labels_and_times_read_naturally() {
        let alice = json!({"username": "alice", "name": "Alice Example"});
        assert_eq!(person(Some(&alice)), "@alice (Alice Example)");
        assert_eq!(person(None), "nobody");
        assert_eq!(
            people(Some(&json!([alice, {"username": "bob", "name": "bob"}]))),
            "@alice (Alice Example), @bob"
        );
        assert_eq!(labels(Some(&json!(["bug", {"name": "ui"}]))), "`bug`, `ui`");
        assert_eq!(labels(Some(&json!([]))), "none");
        assert_eq!(
            time(Some(&json!("2026-01-05T10:00:00.000Z"))),
            "2026-01-05 10:00 UTC"
        );
        assert_eq!(time(None), "—");
    }

    #[test]
    fn open_threads_in_full_resolved_ones_in_a_line_system_notes_never() {
        let page = json!({"items": [
            {"id": "a", "individual_note": false, "notes": [
                {"body": "Off by one?", "author": {"username": "bob"}, "resolvable": true, "resolved": false,
                 "position": {"new_path": "src/tokenizer.rs", "new_line": 12}, "created_at": "2026-01-05T10:00:00Z"},
                {"body": "Fixed", "author": {"username": "alice"}, "resolvable": true, "resolved": false}
            ]},
            {"id": "b", "individual_note": false, "notes": [
                {"body": "Typo\nmore", "author": {"username": "bob"}, "resolvable": true, "resolved": true,
                 "resolved_by": {"username": "alice"}}
            ]},
            {"id": "c", "individual_note": true, "notes": [
                {"body": "changed the description", "system": true, "author": {"username": "bob"}}
            ]}
        ], "next_page": null});
        let mut out = String::new();
        threads(
            &mut out,
            &page,
            crate::registry::ids::MERGE_REQUEST_DISCUSSION_LIST,
        );
        assert!(
            out.contains("1 unresolved thread, 1 resolved thread."),
            "{out}"
        );
        assert!(
            out.contains("### Open thread on `src/tokenizer.rs` line 12"),
            "{out}"
        );
        assert!(
            out.contains("> Off by one?") && out.contains("> Fixed"),
            "{out}"
        );
        assert!(
            out.contains("- @bob (1 note, resolved by @alice): Typo"),
            "{out}"
        );
        assert!(!out.contains("changed the description"), "{out}");
    }

    #[test]
    fn long_texts_are_cut_on_a_line() {
        let text = "line\n".repeat(10);
        let (shown, was_cut) = cut(&text, 12);
        assert_eq!((shown, was_cut), ("line\nline", true));
        assert_eq!(cut("short", 12), ("short", false));
    }
}
