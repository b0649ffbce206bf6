//! Rebasing a merge request's source branch on its target, as the rebase route and
//! `/rebase` do it: at once, where GitLab rebases in the background.

use std::time::SystemTime;

use crate::store::repository::Person;
use crate::store::state::Store;
use crate::store::{CURRENT_USER, now};

/// GitLab's `merge_error` when the rebase hits a conflict.
const REBASE_ERROR: &str =
    "Rebase failed: Rebase locally, resolve all conflicts, then push the branch.";

/// Why a merge request cannot be rebased, in the order GitLab checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RebaseRefusal {
    SourceBranchGone,
    /// The source branch is protected from force pushes.
    Protected,
    NotOpen,
}

impl Store {
    /// Whether merge request `iid` can be rebased now.
    pub fn rebase_check(&self, project_id: u64, iid: u64) -> Result<(), RebaseRefusal> {
        let project = &self.projects[&project_id];
        let mr = &project.merge_requests[&iid];
        let repository = &project.repository;
        if !repository.branches.contains_key(&mr.source_branch) {
            return Err(RebaseRefusal::SourceBranchGone);
        }
        if repository
            .protection(&mr.source_branch)
            .is_some_and(|p| !p.allow_force_push)
        {
            return Err(RebaseRefusal::Protected);
        }
        if mr.state != "opened" {
            return Err(RebaseRefusal::NotOpen);
        }
        Ok(())
    }

    /// Rebases merge request `iid` (after [`Store::rebase_check`]): the source branch's own
    /// commits are replayed on the target head as new commits by the current user. On a
    /// conflict the branch stays and the merge request's `merge_error` says so. Approvals
    /// stay (GitLab keeps them on a rebase it made).
    pub fn rebase_merge_request(&mut self, project_id: u64, iid: u64) {
        let user = self.user(CURRENT_USER);
        let committer = Person::new(&user.name, &user.email);
        let project = self.project_mut(project_id);
        let mr = &project.merge_requests[&iid];
        let Some(head) = project.repository.branches.get(&mr.source_branch).cloned() else {
            return;
        };
        let source = mr.source_branch.clone();
        let outcome = match project.repository.branches.get(&mr.target_branch).cloned() {
            Some(onto) => project
                .repository
                .rebase(&head, &onto, &committer, SystemTime::now()),
            // Nothing to rebase onto: GitLab's rebase fails the same way.
            None => Err(Vec::new()),
        };
        let at = now();
        let mr = project.merge_requests.get_mut(&iid).expect("found first");
        match outcome {
            Ok(new_head) => {
                if new_head != head {
                    mr.updated_at = at;
                }
                mr.sha = new_head.clone();
                mr.merge_error = None;
                project.repository.branches.insert(source, new_head);
            }
            Err(_) => mr.merge_error = Some(REBASE_ERROR.to_owned()),
        }
        project.touch();
    }
}
