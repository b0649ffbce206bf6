//! What changed between two snapshots, file by file, in GitLab's diff shape; and the
//! three-way merge a merge request's merge needs.

use similar::TextDiff;

use super::objects::{Entry, Snapshot};

/// One file's change, as GitLab's diff entity has it. `diff` is a unified diff without the
/// `diff --git`, `---` and `+++` header lines: GitLab starts it at the first `@@`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FileDiff {
    pub old_path: String,
    pub new_path: String,
    /// `0` when the file is new (`a_mode`) or deleted (`b_mode`).
    pub a_mode: String,
    pub b_mode: String,
    pub new_file: bool,
    pub renamed_file: bool,
    pub deleted_file: bool,
    pub diff: String,
    pub additions: usize,
    pub deletions: usize,
}

/// The files that differ from `old` to `new`, by path. A file deleted in one place and added
/// unchanged in another is a rename, as git's rename detection (exact matches) reports it.
pub(crate) fn diff_snapshots(old: &Snapshot, new: &Snapshot) -> Vec<FileDiff> {
    let mut removed: Vec<(&String, &Entry)> = old
        .iter()
        .filter(|(path, _)| !new.contains_key(*path))
        .collect();
    let mut diffs = Vec::new();
    for (path, entry) in new {
        match old.get(path) {
            Some(before)
                if before.blob.id == entry.blob.id && before.executable == entry.executable => {}
            Some(before) => diffs.push(file_diff(path, Some(before), path, Some(entry))),
            None => {
                let renamed_from = removed
                    .iter()
                    .position(|(_, gone)| gone.blob.id == entry.blob.id);
                match renamed_from {
                    Some(index) => {
                        let (from, before) = removed.remove(index);
                        let mut diff = file_diff(from, Some(before), path, Some(entry));
                        diff.renamed_file = true;
                        diffs.push(diff);
                    }
                    None => diffs.push(file_diff(path, None, path, Some(entry))),
                }
            }
        }
    }
    for (path, entry) in removed {
        diffs.push(file_diff(path, Some(entry), path, None));
    }
    diffs.sort_by(|a, b| a.new_path.cmp(&b.new_path));
    diffs
}

fn file_diff(old_path: &str, old: Option<&Entry>, new_path: &str, new: Option<&Entry>) -> FileDiff {
    let mode = |entry: Option<&Entry>| entry.map_or("0", Entry::mode).to_owned();
    let (diff, additions, deletions) = unified(old_path, old, new_path, new);
    FileDiff {
        old_path: old_path.to_owned(),
        new_path: new_path.to_owned(),
        a_mode: mode(old),
        b_mode: mode(new),
        new_file: old.is_none(),
        renamed_file: false,
        deleted_file: new.is_none(),
        diff,
        additions,
        deletions,
    }
}

/// The hunks, with added and removed line counts. Binary files get git's one-line notice.
fn unified(
    old_path: &str,
    old: Option<&Entry>,
    new_path: &str,
    new: Option<&Entry>,
) -> (String, usize, usize) {
    fn text(entry: Option<&Entry>) -> Option<&str> {
        match entry {
            None => Some(""),
            Some(entry) => entry.blob.text(),
        }
    }
    let (Some(before), Some(after)) = (text(old), text(new)) else {
        let a = if old.is_some() {
            format!("a/{old_path}")
        } else {
            "/dev/null".to_owned()
        };
        let b = if new.is_some() {
            format!("b/{new_path}")
        } else {
            "/dev/null".to_owned()
        };
        return (format!("Binary files {a} and {b} differ\n"), 0, 0);
    };
    let diff = TextDiff::from_lines(before, after);
    let text = diff.unified_diff().context_radius(3).to_string();
    let count = |sign: char| {
        text.lines()
            .filter(|l| l.starts_with(sign) && !l.starts_with("@@"))
            .count()
    };
    let (additions, deletions) = (count('+'), count('-'));
    (text, additions, deletions)
}

/// Merges `ours` and `theirs`, both descended from `base`, file by file: a file changed on
/// one side only takes that side; changed the same way on both, either; changed differently
/// on both, a conflict (git would try line by line; the sandbox reports the file).
pub(crate) fn three_way(
    base: &Snapshot,
    ours: &Snapshot,
    theirs: &Snapshot,
) -> Result<Snapshot, Vec<String>> {
    let key = |e: Option<&Entry>| e.map(|e| (e.blob.id.clone(), e.executable));
    let mut paths: Vec<&String> = base
        .keys()
        .chain(ours.keys())
        .chain(theirs.keys())
        .collect();
    paths.sort();
    paths.dedup();
    let mut merged = Snapshot::new();
    let mut conflicts = Vec::new();
    for path in paths {
        let (b, o, t) = (base.get(path), ours.get(path), theirs.get(path));
        let pick = if key(o) == key(t) || key(t) == key(b) {
            o
        } else if key(o) == key(b) {
            t
        } else {
            conflicts.push(path.clone());
            continue;
        };
        if let Some(entry) = pick {
            merged.insert(path.clone(), entry.clone());
        }
    }
    if conflicts.is_empty() {
        Ok(merged)
    } else {
        Err(conflicts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot(files: &[(&str, &str)]) -> Snapshot {
        files
            .iter()
            .map(|(path, text)| ((*path).to_owned(), Entry::new(text.as_bytes().to_vec())))
            .collect()
    }

    #[test]
    fn a_changed_file_has_gitlabs_unified_hunks() {
        let old = snapshot(&[("a.rs", "one\ntwo\nthree\n"), ("same", "x\n")]);
        let new = snapshot(&[("a.rs", "one\n2\nthree\nfour\n"), ("same", "x\n")]);
        let diffs = diff_snapshots(&old, &new);
        assert_eq!(diffs.len(), 1);
        let d = &diffs[0];
        assert_eq!((d.old_path.as_str(), d.new_path.as_str()), ("a.rs", "a.rs"));
        assert_eq!((d.a_mode.as_str(), d.b_mode.as_str()), ("100644", "100644"));
        assert!(!d.new_file && !d.renamed_file && !d.deleted_file);
        assert_eq!(d.diff, "@@ -1,3 +1,4 @@\n one\n-two\n+2\n three\n+four\n");
        assert_eq!((d.additions, d.deletions), (2, 1));
    }

    #[test]
    fn new_deleted_renamed_and_binary_files() {
        let old = snapshot(&[("gone.txt", "bye\n"), ("old/name.txt", "kept\n")]);
        let mut new = snapshot(&[("new.txt", "hi\nthere"), ("new/name.txt", "kept\n")]);
        new.insert("logo.png".to_owned(), Entry::new(vec![0x89, b'P', 0, 1]));
        let diffs = diff_snapshots(&old, &new);
        let paths: Vec<&str> = diffs.iter().map(|d| d.new_path.as_str()).collect();
        assert_eq!(paths, ["gone.txt", "logo.png", "new.txt", "new/name.txt"]);
        let gone = &diffs[0];
        assert!(gone.deleted_file);
        assert_eq!(
            (gone.a_mode.as_str(), gone.b_mode.as_str()),
            ("100644", "0")
        );
        assert_eq!(gone.diff, "@@ -1 +0,0 @@\n-bye\n");
        assert_eq!(
            diffs[1].diff,
            "Binary files /dev/null and b/logo.png differ\n"
        );
        let added = &diffs[2];
        assert!(added.new_file);
        assert_eq!(added.a_mode, "0");
        assert_eq!(
            added.diff,
            "@@ -0,0 +1,2 @@\n+hi\n+there\n\\ No newline at end of file\n"
        );
        let renamed = &diffs[3];
        assert!(renamed.renamed_file);
        assert_eq!(
            (renamed.old_path.as_str(), renamed.diff.as_str()),
            ("old/name.txt", "")
        );
    }

    #[test]
    fn three_way_merges_take_each_sides_changes() {
        let base = snapshot(&[("a", "1"), ("b", "1"), ("c", "1")]);
        let ours = snapshot(&[("a", "2"), ("b", "1"), ("c", "1"), ("mine", "x")]);
        let theirs = snapshot(&[("a", "1"), ("b", "2"), ("theirs", "y")]);
        let merged = three_way(&base, &ours, &theirs).unwrap();
        let files: Vec<(&str, &[u8])> = merged
            .iter()
            .map(|(p, e)| (p.as_str(), e.blob.data.as_slice()))
            .collect();
        assert_eq!(
            files,
            [
                ("a", &b"2"[..]),
                ("b", b"2"),
                ("mine", b"x"),
                ("theirs", b"y")
            ],
            "c was deleted on their side"
        );
        let clash = snapshot(&[("a", "3"), ("b", "1"), ("c", "1")]);
        assert_eq!(
            three_way(&base, &ours, &clash).err(),
            Some(vec!["a".to_owned()])
        );
    }
}
