//! Replaying commits on another head: `git rebase`, as GitLab's rebase of a merge request
//! does, and `git cherry-pick` of one commit.

use std::sync::Arc;
use std::time::SystemTime;

use super::diff::three_way;
use super::history::Repository;
use super::objects::{Commit, CommitDraft, Person, Snapshot, tree_id};

impl Repository {
    /// Replays the commits of `head` that `onto` lacks, oldest first, each as a new commit
    /// (same author, message and author date; `committer` now) on top of the previous one,
    /// starting at `onto`. Like git: merge commits are dropped, a commit whose change is
    /// already there is skipped, and a head that already contains `onto` is left as it is.
    /// Returns the new head, or the paths that conflict. No branch is moved here: the caller
    /// points the branch at the new head.
    pub fn rebase(
        &mut self,
        head: &str,
        onto: &str,
        committer: &Person,
        date: SystemTime,
    ) -> Result<String, Vec<String>> {
        if self.is_ancestor(onto, head) {
            return Ok(head.to_owned());
        }
        let replayed: Vec<Arc<Commit>> = self
            .commits_between(onto, head)
            .into_iter()
            .filter(|c| c.parents.len() <= 1)
            .cloned()
            .collect();
        let empty = Snapshot::new();
        let mut tip = onto.to_owned();
        for commit in replayed {
            let parent = commit.parents.first().and_then(|p| self.commit(p)).cloned();
            let before = parent.as_ref().map_or(&empty, |p| &*p.tree);
            let current = self.commit(&tip).ok_or_else(Vec::new)?.tree.clone();
            let tree = three_way(before, &current, &commit.tree)?;
            if tree_id(&tree) == tree_id(&current) {
                continue;
            }
            let new = self.write_commit(CommitDraft {
                parents: vec![tip],
                tree,
                message: commit.message.clone(),
                author: commit.author.clone(),
                authored: commit.authored,
                committer: committer.clone(),
                committed: date,
            });
            tip = new.id.clone();
        }
        Ok(tip)
    }
}

/// Why a cherry-pick made no commit.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum CherryPickError {
    /// Its changes clash with the target's (the paths).
    Conflict(Vec<String>),
    /// The target already has its changes.
    Empty,
}

impl Repository {
    /// Applies what `commit` changed against its first parent on top of `onto`, as one new
    /// commit with the same author and message. Returns the new commit's id; no branch moves.
    pub fn cherry_pick(
        &mut self,
        commit: &str,
        onto: &str,
        message: String,
        committer: &Person,
        date: SystemTime,
    ) -> Result<String, CherryPickError> {
        self.replay(commit, onto, false, message, committer, date)
    }

    /// Undoes what `commit` changed against its first parent on top of `onto`, as one new
    /// commit by `committer`. Returns the new commit's id; no branch moves.
    pub fn revert(
        &mut self,
        commit: &str,
        onto: &str,
        message: String,
        committer: &Person,
        date: SystemTime,
    ) -> Result<String, CherryPickError> {
        self.replay(commit, onto, true, message, committer, date)
    }

    /// `commit`'s change (from its first parent to it, or back when `reverse`) merged into
    /// `onto` three ways.
    fn replay(
        &mut self,
        commit: &str,
        onto: &str,
        reverse: bool,
        message: String,
        committer: &Person,
        date: SystemTime,
    ) -> Result<String, CherryPickError> {
        let picked = self.commit(commit).cloned().ok_or(CherryPickError::Empty)?;
        let empty = Snapshot::new();
        let parent = picked.parents.first().and_then(|p| self.commit(p)).cloned();
        let parent_tree = parent.as_ref().map_or(&empty, |p| &*p.tree);
        let (before, after) = if reverse {
            (&*picked.tree, parent_tree)
        } else {
            (parent_tree, &*picked.tree)
        };
        let current = self
            .commit(onto)
            .ok_or(CherryPickError::Empty)?
            .tree
            .clone();
        let tree = three_way(before, &current, after).map_err(CherryPickError::Conflict)?;
        if tree_id(&tree) == tree_id(&current) {
            return Err(CherryPickError::Empty);
        }
        let author = if reverse {
            (committer.clone(), date)
        } else {
            (picked.author.clone(), picked.authored)
        };
        let new = self.write_commit(CommitDraft {
            parents: vec![onto.to_owned()],
            tree,
            message,
            author: author.0,
            authored: author.1,
            committer: committer.clone(),
            committed: date,
        });
        Ok(new.id.clone())
    }

    /// The branches and tags whose history holds `commit`, by name.
    pub fn refs_containing(&self, commit: &str) -> (Vec<&str>, Vec<&str>) {
        let branches = self
            .branches
            .iter()
            .filter(|(_, head)| self.is_ancestor(commit, head))
            .map(|(name, _)| name.as_str())
            .collect();
        let tags = self
            .tags
            .iter()
            .filter(|(_, tag)| self.is_ancestor(commit, &tag.commit))
            .map(|(name, _)| name.as_str())
            .collect();
        (branches, tags)
    }
}

#[cfg(test)]
mod tests {
    use super::super::actions::{ActionKind, FileAction, NewCommit};
    use super::*;

    fn person() -> Person {
        Person::new("T", "t@example.com")
    }

    fn commit(repo: &mut Repository, branch: &str, path: &str, text: &str) -> String {
        let start = repo.branches.get(branch).cloned();
        let kind = match start.as_ref().and_then(|s| repo.commit(s)) {
            Some(c) if c.tree.contains_key(path) => ActionKind::Update,
            _ => ActionKind::Create,
        };
        repo.apply(NewCommit {
            branch: branch.to_owned(),
            start,
            message: format!("{path}: {text}"),
            author: person(),
            committer: person(),
            date: SystemTime::UNIX_EPOCH,
            actions: vec![FileAction::new(kind, path, Some(text.as_bytes()))],
        })
        .unwrap()
        .id
        .clone()
    }

    fn branched() -> Repository {
        let mut repo = Repository::default();
        let root = commit(&mut repo, "main", "a", "1");
        repo.branches.insert("topic".to_owned(), root);
        commit(&mut repo, "topic", "b", "1");
        commit(&mut repo, "main", "c", "1");
        repo
    }

    #[test]
    fn a_rebase_replays_the_branch_on_the_new_base() {
        let mut repo = branched();
        let (head, main) = (
            repo.branches["topic"].clone(),
            repo.branches["main"].clone(),
        );
        let new = repo
            .rebase(&head, &main, &person(), SystemTime::UNIX_EPOCH)
            .unwrap();
        assert_ne!(new, head);
        let rebased = repo.commit(&new).unwrap();
        assert_eq!(rebased.parents, vec![main.clone()]);
        assert_eq!(rebased.message, "b: 1");
        assert!(rebased.tree.contains_key("b") && rebased.tree.contains_key("c"));
        let again = repo.rebase(&new, &main, &person(), SystemTime::UNIX_EPOCH);
        assert_eq!(again, Ok(new), "already on top: nothing to do");
    }

    #[test]
    fn a_cherry_pick_applies_one_commit_and_refuses_it_twice() {
        let mut repo = branched();
        let topic = repo.branches["topic"].clone();
        let main = repo.branches["main"].clone();
        let picked = repo
            .cherry_pick(
                &topic,
                &main,
                "b again".to_owned(),
                &person(),
                SystemTime::UNIX_EPOCH,
            )
            .unwrap();
        let commit = repo.commit(&picked).unwrap();
        assert_eq!(commit.parents, vec![main]);
        assert!(commit.tree.contains_key("b") && commit.tree.contains_key("c"));
        let again = repo.cherry_pick(
            &topic,
            &picked,
            "x".to_owned(),
            &person(),
            SystemTime::UNIX_EPOCH,
        );
        assert_eq!(again, Err(CherryPickError::Empty));
        let (branches, tags) = repo.refs_containing(&topic);
        assert_eq!((branches, tags), (vec!["topic"], vec![]));
    }

    #[test]
    fn a_clash_is_reported_with_its_paths() {
        let mut repo = branched();
        commit(&mut repo, "topic", "a", "topic");
        commit(&mut repo, "main", "a", "main");
        let (head, main) = (
            repo.branches["topic"].clone(),
            repo.branches["main"].clone(),
        );
        let clash = repo.rebase(&head, &main, &person(), SystemTime::UNIX_EPOCH);
        assert_eq!(clash, Err(vec!["a".to_owned()]));
    }
}
