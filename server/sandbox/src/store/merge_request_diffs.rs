//! What a merge request changes: GitLab's diff refs (where its diff starts and ends), its
//! file diffs and its commits, and how far its target has moved on.

use std::sync::Arc;

use super::merge_requests::{DiffRefs, MergeRequest};
use super::project::Project;
use super::repository::diff::{FileDiff, diff_snapshots};
use super::repository::objects::{Commit, Snapshot};
use super::state::Store;

impl Store {
    /// The merge request's diff refs: frozen at merge time once merged, else the live source
    /// head (the last one seen once the branch is gone) against the target head. `None`
    /// when the target branch is gone or the two share no history.
    pub fn diff_refs(&self, project: &Project, mr: &MergeRequest) -> Option<DiffRefs> {
        if let Some(refs) = &mr.merged_refs {
            return Some(refs.clone());
        }
        let repository = &project.repository;
        let head = repository
            .branches
            .get(&mr.source_branch)
            .unwrap_or(&mr.sha);
        let start = repository.branches.get(&mr.target_branch)?;
        let base = repository.merge_base(head, start)?;
        Some(DiffRefs {
            base_sha: base.id.clone(),
            start_sha: start.clone(),
            head_sha: head.clone(),
        })
    }

    /// The files the merge request changes: GitLab diffs the merge base against the head
    /// (what `git diff target...source` shows), so target-only changes are not in it.
    pub fn merge_request_diffs(&self, project: &Project, mr: &MergeRequest) -> Vec<FileDiff> {
        let Some(refs) = self.diff_refs(project, mr) else {
            return Vec::new();
        };
        diff_between(project, &refs.base_sha, &refs.head_sha).unwrap_or_default()
    }

    /// The commits the merge request brings, newest first as GitLab lists them: those of
    /// the head that the target (at `start_sha`) does not have.
    pub fn merge_request_commits<'a>(
        &self,
        project: &'a Project,
        mr: &MergeRequest,
    ) -> Vec<&'a Arc<Commit>> {
        let Some(refs) = self.diff_refs(project, mr) else {
            return Vec::new();
        };
        let mut commits = project
            .repository
            .commits_between(&refs.start_sha, &refs.head_sha);
        commits.reverse();
        commits
    }

    /// Commits on the target that the source lacks (GitLab's `diverged_commits_count`):
    /// what a rebase would bring in.
    pub fn diverged_commits_count(&self, project: &Project, mr: &MergeRequest) -> usize {
        let repository = &project.repository;
        match (
            repository.branches.get(&mr.source_branch),
            repository.branches.get(&mr.target_branch),
        ) {
            (Some(head), Some(target)) if mr.state == "opened" => {
                repository.commits_between(head, target).len()
            }
            _ => 0,
        }
    }
}

/// The file diffs from commit `from` to commit `to`; `None` when either is unknown.
pub(crate) fn diff_between(project: &Project, from: &str, to: &str) -> Option<Vec<FileDiff>> {
    let repository = &project.repository;
    let old: &Snapshot = &repository.commit(from)?.tree;
    let new: &Snapshot = &repository.commit(to)?.tree;
    Some(diff_snapshots(old, new))
}
