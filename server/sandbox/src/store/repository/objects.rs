//! Git's objects as the repository keeps them: blobs, snapshots (the tree of a commit),
//! commits and annotated tags, with ids derived from their contents like git's.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::SystemTime;

use crate::store::ids::hex_id;

/// File contents with their id (GitLab's `blob_id`).
#[derive(Debug)]
pub(crate) struct Blob {
    pub id: String,
    pub data: Vec<u8>,
}

impl Blob {
    pub fn new(data: Vec<u8>) -> Arc<Blob> {
        let mut header = format!("blob {}\0", data.len()).into_bytes();
        header.extend_from_slice(&data);
        Arc::new(Blob {
            id: hex_id(&header),
            data,
        })
    }

    /// The text, unless the file is binary: git's rule is a NUL byte; not UTF-8 counts too,
    /// since such content cannot travel as JSON text.
    pub fn text(&self) -> Option<&str> {
        if self.data.contains(&0) {
            return None;
        }
        std::str::from_utf8(&self.data).ok()
    }
}

/// A file in a snapshot: its contents and whether it is executable.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    pub blob: Arc<Blob>,
    pub executable: bool,
}

impl Entry {
    pub fn new(data: Vec<u8>) -> Entry {
        Entry {
            blob: Blob::new(data),
            executable: false,
        }
    }

    /// Git's file mode, as GitLab shows it.
    pub fn mode(&self) -> &'static str {
        if self.executable { "100755" } else { "100644" }
    }
}

/// The whole tree of a commit: file path → file. Directories are implied by the paths.
pub(crate) type Snapshot = BTreeMap<String, Entry>;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Person {
    pub name: String,
    pub email: String,
}

impl Person {
    pub fn new(name: &str, email: &str) -> Person {
        Person {
            name: name.to_owned(),
            email: email.to_owned(),
        }
    }
}

#[derive(Debug)]
pub(crate) struct Commit {
    pub id: String,
    pub parents: Vec<String>,
    pub tree: Arc<Snapshot>,
    pub message: String,
    pub author: Person,
    pub authored: SystemTime,
    pub committer: Person,
    pub committed: SystemTime,
    /// Longest distance from a root commit, to order history when dates tie; set by
    /// `Repository::write_commit`.
    pub(super) generation: u64,
}

impl Commit {
    /// The first line of the message: GitLab's `title`.
    pub fn title(&self) -> &str {
        self.message.lines().next().unwrap_or("")
    }

    pub fn short_id(&self) -> &str {
        &self.id[..8]
    }
}

/// A commit about to be written.
pub(crate) struct CommitDraft {
    pub parents: Vec<String>,
    pub tree: Snapshot,
    pub message: String,
    pub author: Person,
    pub authored: SystemTime,
    pub committer: Person,
    pub committed: SystemTime,
}

pub(crate) struct Tag {
    pub name: String,
    /// The commit the tag points at.
    pub commit: String,
    pub annotation: Option<Annotation>,
}

/// What an annotated tag adds: its own object id, a message and a date.
pub(crate) struct Annotation {
    pub id: String,
    pub message: String,
    pub date: SystemTime,
}

/// The id of a snapshot, or of the directory `prefix` in it (`""`: the root).
pub(crate) fn tree_id_under(tree: &Snapshot, prefix: &str) -> String {
    let mut listing = String::new();
    for (path, entry) in tree {
        if prefix.is_empty() || path.starts_with(&format!("{prefix}/")) {
            listing.push_str(&format!("{} {} {path}\n", entry.mode(), entry.blob.id));
        }
    }
    hex_id(format!("tree {prefix}\n{listing}").as_bytes())
}

pub(super) fn tree_id(tree: &Snapshot) -> String {
    tree_id_under(tree, "")
}
