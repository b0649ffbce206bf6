//! The repository itself: its commits, branches, tags and protection rules; writing a
//! commit, and the history questions (resolving a ref, log, merge base).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::time::SystemTime;

use super::objects::{Commit, CommitDraft, Snapshot, Tag, tree_id};
use super::protected_branches::ProtectedBranch;
use crate::store::ids::hex_id;

/// Which commits a log shows.
#[derive(Default)]
pub(crate) struct LogFilter {
    /// Only commits that change this file or anything under this directory.
    pub path: Option<String>,
    pub since: Option<SystemTime>,
    pub until: Option<SystemTime>,
    /// Matches the author's name or email, case-insensitively.
    pub author: Option<String>,
    pub first_parent: bool,
}

#[derive(Default)]
pub(crate) struct Repository {
    /// Every commit by id. Only `write_commit` adds one, and a fork copies them all: hidden
    /// outside the repository module.
    pub(super) commits: HashMap<String, Arc<Commit>>,
    /// Branch name → head commit id.
    pub branches: BTreeMap<String, String>,
    pub tags: BTreeMap<String, Tag>,
    pub protected: BTreeMap<String, ProtectedBranch>,
}

impl Repository {
    /// No branch at all: GitLab's `empty_repo`.
    pub fn is_empty(&self) -> bool {
        self.branches.is_empty()
    }

    pub fn commit(&self, id: &str) -> Option<&Arc<Commit>> {
        self.commits.get(id)
    }

    pub fn head(&self, branch: &str) -> Option<&Arc<Commit>> {
        self.branches.get(branch).and_then(|id| self.commit(id))
    }

    /// What git makes of a revision: a full commit id, a tag (git prefers tags over
    /// branches of the same name), a branch, or an unambiguous id prefix of 4+ hex digits.
    pub fn resolve(&self, reference: &str) -> Option<&Arc<Commit>> {
        if let Some(commit) = self.commits.get(reference) {
            return Some(commit);
        }
        if let Some(tag) = self.tags.get(reference) {
            return self.commit(&tag.commit);
        }
        if let Some(head) = self.head(reference) {
            return Some(head);
        }
        let reference = reference.to_ascii_lowercase();
        if reference.len() < 4 || !reference.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let mut found = self
            .commits
            .values()
            .filter(|c| c.id.starts_with(&reference));
        match (found.next(), found.next()) {
            (Some(commit), None) => Some(commit),
            _ => None,
        }
    }

    /// The protection rule covering `branch`, exact names before wildcards.
    pub fn protection(&self, branch: &str) -> Option<&ProtectedBranch> {
        self.protected
            .get(branch)
            .or_else(|| self.protected.values().find(|p| p.matches(branch)))
    }

    /// Stores a commit whose id is derived from everything in it, like git's.
    pub fn write_commit(&mut self, draft: CommitDraft) -> Arc<Commit> {
        let mut object = format!("tree {}\n", tree_id(&draft.tree));
        for parent in &draft.parents {
            object.push_str(&format!("parent {parent}\n"));
        }
        object.push_str(&format!(
            "author {} <{}> {} +0000\ncommitter {} <{}> {} +0000\n\n{}",
            draft.author.name,
            draft.author.email,
            unix_seconds(draft.authored),
            draft.committer.name,
            draft.committer.email,
            unix_seconds(draft.committed),
            draft.message
        ));
        let generation = draft
            .parents
            .iter()
            .filter_map(|p| self.commit(p))
            .map(|p| p.generation + 1)
            .max()
            .unwrap_or(0);
        let commit = Arc::new(Commit {
            id: hex_id(object.as_bytes()),
            parents: draft.parents,
            tree: Arc::new(draft.tree),
            message: draft.message,
            author: draft.author,
            authored: draft.authored,
            committer: draft.committer,
            committed: draft.committed,
            generation,
        });
        self.commits.insert(commit.id.clone(), Arc::clone(&commit));
        commit
    }

    /// Every commit reachable from `heads` (all parents, or first parents only).
    fn reachable(&self, heads: &[&str], first_parent: bool) -> Vec<&Arc<Commit>> {
        let mut seen = HashSet::new();
        let mut stack: Vec<&str> = heads.to_vec();
        let mut found = Vec::new();
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            let Some(commit) = self.commit(id) else {
                continue;
            };
            let parents = if first_parent {
                &commit.parents[..commit.parents.len().min(1)]
            } else {
                &commit.parents[..]
            };
            stack.extend(parents.iter().map(String::as_str));
            found.push(commit);
        }
        found
    }

    /// `git log` of `heads`, newest first (by commit date, children before parents).
    pub fn log(&self, heads: &[&str], filter: &LogFilter) -> Vec<&Arc<Commit>> {
        let mut commits = self.reachable(heads, filter.first_parent);
        commits.sort_by(|a, b| {
            (b.committed, b.generation, &b.id).cmp(&(a.committed, a.generation, &a.id))
        });
        let author = filter.author.as_ref().map(|a| a.to_lowercase());
        commits.retain(|c| {
            filter.since.is_none_or(|since| c.committed >= since)
                && filter.until.is_none_or(|until| c.committed <= until)
                && author.as_deref().is_none_or(|a| {
                    c.author.name.to_lowercase().contains(a)
                        || c.author.email.to_lowercase().contains(a)
                })
                && filter
                    .path
                    .as_deref()
                    .is_none_or(|path| self.touches(c, path))
        });
        commits
    }

    /// Whether `commit` changes `path` (a file, or anything under a directory). Like git's
    /// history simplification, a merge counts only when it differs from every parent.
    fn touches(&self, commit: &Commit, path: &str) -> bool {
        let path = path.trim_matches('/');
        let under = |tree: &Snapshot| -> Vec<(String, String)> {
            tree.iter()
                .filter(|(p, _)| {
                    path.is_empty()
                        || p.as_str() == path
                        || p.strip_prefix(path).is_some_and(|r| r.starts_with('/'))
                })
                .map(|(p, e)| (p.clone(), format!("{}{}", e.mode(), e.blob.id)))
                .collect()
        };
        let mine = under(&commit.tree);
        let parents: Vec<&Arc<Commit>> = commit
            .parents
            .iter()
            .filter_map(|p| self.commit(p))
            .collect();
        if parents.is_empty() {
            return !mine.is_empty();
        }
        parents.iter().all(|parent| under(&parent.tree) != mine)
    }

    /// The best common ancestor of two commits (the one nearest to them).
    pub fn merge_base(&self, a: &str, b: &str) -> Option<&Arc<Commit>> {
        let of_a: HashSet<&str> = self
            .reachable(&[a], false)
            .into_iter()
            .map(|c| c.id.as_str())
            .collect();
        self.reachable(&[b], false)
            .into_iter()
            .filter(|c| of_a.contains(c.id.as_str()))
            .max_by(|x, y| (x.generation, x.committed).cmp(&(y.generation, y.committed)))
    }

    /// Whether `ancestor` is `descendant` or one of its ancestors.
    pub fn is_ancestor(&self, ancestor: &str, descendant: &str) -> bool {
        self.reachable(&[descendant], false)
            .iter()
            .any(|c| c.id == ancestor)
    }

    /// Commits reachable from `to` but not from `from`, oldest first: what `to` adds.
    pub fn commits_between(&self, from: &str, to: &str) -> Vec<&Arc<Commit>> {
        let excluded: HashSet<&str> = self
            .reachable(&[from], false)
            .into_iter()
            .map(|c| c.id.as_str())
            .collect();
        let mut commits = self.log(&[to], &LogFilter::default());
        commits.retain(|c| !excluded.contains(c.id.as_str()));
        commits.reverse();
        commits
    }

    /// The newest commit from `head` back that changed `path`: GitLab's `last_commit_id`.
    pub fn last_commit_for(&self, head: &str, path: &str) -> Option<&Arc<Commit>> {
        let filter = LogFilter {
            path: Some(path.to_owned()),
            ..LogFilter::default()
        };
        self.log(&[head], &filter).into_iter().next()
    }

    /// Every commit id, for a log over all refs.
    pub fn ref_heads(&self) -> Vec<&str> {
        self.branches
            .values()
            .map(String::as_str)
            .chain(self.tags.values().map(|t| t.commit.as_str()))
            .collect()
    }
}

fn unix_seconds(time: SystemTime) -> u64 {
    time.duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests;
