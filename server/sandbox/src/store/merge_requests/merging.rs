//! Merging a merge request, as the merge route and `/merge` do it: GitLab's checks, setting it
//! to merge when its pipeline succeeds, and merging at once.

use std::time::SystemTime;

use super::{ACTIVE_PIPELINE, MergeSpec, conflicts, merge};
use crate::store::repository::Person;
use crate::store::state::Store;
use crate::store::tracking::Issuable;
use crate::store::{CURRENT_USER, now};

/// Why a merge request cannot be merged now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unmergeable {
    /// Not open, a draft, or not approved (the merge route's 405).
    NotAllowed,
    /// A branch is gone or the branches conflict (the merge route's 422).
    CannotBeMerged,
}

/// How a merge is made; `None` keeps the merge request's own choice or GitLab's default.
#[derive(Debug, Default)]
pub(crate) struct MergeChoices {
    pub squash: Option<bool>,
    pub remove_source: Option<bool>,
    pub merge_message: Option<String>,
    pub squash_message: Option<String>,
}

impl Store {
    /// Whether the merge request's head pipeline is still running: then GitLab sets it to
    /// merge when the pipeline succeeds (its auto-merge) rather than merging.
    pub fn pipeline_running(&self, project_id: u64, iid: u64) -> bool {
        let project = &self.projects[&project_id];
        self.head_pipeline(project, &project.merge_requests[&iid])
            .is_some_and(|p| ACTIVE_PIPELINE.contains(&p.status))
    }

    /// GitLab's checks before merging at once, in its order: open, not a draft, approved;
    /// then both branches there and not conflicting.
    pub fn merge_check(&self, project_id: u64, iid: u64) -> Result<(), Unmergeable> {
        let project = &self.projects[&project_id];
        let mr = &project.merge_requests[&iid];
        if mr.state != "opened" || mr.is_draft() || !mr.approved() {
            return Err(Unmergeable::NotAllowed);
        }
        let branches = &project.repository.branches;
        let (Some(head), Some(target_head)) = (
            branches.get(&mr.source_branch),
            branches.get(&mr.target_branch),
        ) else {
            return Err(Unmergeable::CannotBeMerged);
        };
        if !conflicts(&project.repository, head, target_head).is_empty() {
            return Err(Unmergeable::CannotBeMerged);
        }
        Ok(())
    }

    /// Whether its branches conflict (GitLab's `cannot_be_merged?`).
    pub fn merge_request_conflicts(&self, project_id: u64, iid: u64) -> bool {
        let project = &self.projects[&project_id];
        let mr = &project.merge_requests[&iid];
        let branches = &project.repository.branches;
        match (
            branches.get(&mr.source_branch),
            branches.get(&mr.target_branch),
        ) {
            (Some(head), Some(target)) => !conflicts(&project.repository, head, target).is_empty(),
            _ => false,
        }
    }

    /// Sets the merge request to merge when its pipeline succeeds, keeping the squash and
    /// source removal choices. Pipelines never finish here, so it stays open.
    pub fn set_auto_merge(&mut self, project_id: u64, iid: u64, choices: &MergeChoices) {
        let project = self.project_mut(project_id);
        let mr = project.merge_requests.get_mut(&iid).expect("found first");
        mr.merge_when_pipeline_succeeds = true;
        if let Some(squash) = choices.squash {
            mr.squash = squash;
        }
        if let Some(remove) = choices.remove_source {
            mr.force_remove_source_branch = remove;
        }
        mr.updated_at = now();
    }

    /// Merges at once (after [`Store::merge_check`]): the target gets a merge commit with
    /// the source's changes (after one squash commit when squashing), by the current user,
    /// and the source branch goes when asked (here or on the merge request).
    pub fn merge_now(
        &mut self,
        project_id: u64,
        iid: u64,
        choices: MergeChoices,
    ) -> Result<(), Unmergeable> {
        let project = &self.projects[&project_id];
        let full_path = self.full_path(project);
        let mr = &project.merge_requests[&iid];
        let head = project
            .repository
            .branches
            .get(&mr.source_branch)
            .cloned()
            .ok_or(Unmergeable::CannotBeMerged)?;
        let user = self.user(CURRENT_USER);
        let merger = Person::new(&user.name, &user.email);
        let author = self.user(mr.author_id);
        // The project's `always` and `never` decide whatever the merge asks.
        let squash = match project.squash_option.as_str() {
            "always" => true,
            "never" => false,
            _ => choices.squash.unwrap_or(mr.squash),
        };
        let remove_source = choices
            .remove_source
            .unwrap_or(mr.force_remove_source_branch);
        let spec = MergeSpec {
            source_head: head.clone(),
            target: mr.target_branch.clone(),
            merge_message: choices.merge_message.unwrap_or_else(|| {
                format!(
                    "Merge branch '{}' into '{}'\n\n{}\n\nSee merge request {full_path}!{}",
                    mr.source_branch, mr.target_branch, mr.title, mr.iid
                )
            }),
            squash_message: squash
                .then(|| choices.squash_message.unwrap_or_else(|| mr.title.clone())),
            squash_author: Person::new(&author.name, &author.email),
            merger,
            date: SystemTime::now(),
        };
        // The merge request keeps showing the changes it merged.
        let refs = self.diff_refs(project, mr);
        let before = self.tracked(Issuable::MergeRequest(project_id, iid));

        let project = self.project_mut(project_id);
        let merged =
            merge(&mut project.repository, spec).map_err(|_| Unmergeable::CannotBeMerged)?;
        let default_branch = project.default_branch.clone();
        let mr = project.merge_requests.get_mut(&iid).expect("found first");
        let now = now();
        mr.state = "merged";
        mr.sha = head;
        mr.squash = squash;
        mr.force_remove_source_branch = remove_source;
        mr.merge_commit_sha = Some(merged.merge_commit);
        mr.squash_commit_sha = merged.squash_commit;
        mr.merged_at = Some(now.clone());
        mr.merged_by = Some(CURRENT_USER);
        mr.merged_refs = refs;
        mr.merge_error = None;
        mr.merge_when_pipeline_succeeds = false;
        mr.updated_at = now;
        let source = mr.source_branch.clone();
        if remove_source && source != default_branch {
            project.repository.branches.remove(&source);
        }
        project.touch();
        self.record_changes(Issuable::MergeRequest(project_id, iid), &before);
        Ok(())
    }
}
