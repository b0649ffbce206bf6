//! `git rebase`: replaying a branch's own commits on top of another head, as GitLab's rebase
//! of a merge request does.

use std::sync::Arc;
use std::time::SystemTime;

use super::{Commit, CommitDraft, Person, Repository, Snapshot, three_way, tree_id};

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

#[cfg(test)]
mod tests {
    use super::super::{ActionKind, FileAction, NewCommit};
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
