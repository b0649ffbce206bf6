//! Merge requests: their model and how a merge lands on the target branch. GitLab's merge
//! request entity (with the mergeability GitLab computes: conflicts, approvals, draft) is in
//! `render`; what one changes is in `super::merge_request_diffs`; merging one (GitLab's checks
//! and the merge itself) in `merging`, rebasing one in `rebasing`.

mod merging;
mod rebasing;
mod render;

use std::time::SystemTime;

use serde_json::{Value, json};

use super::notes::Discussion;
use super::repository::diff::three_way;
use super::repository::history::Repository;
use super::repository::objects::{CommitDraft, Person, Snapshot};

pub(crate) use merging::{MergeChoices, Unmergeable};
pub(crate) use rebasing::RebaseRefusal;

pub(crate) struct MergeRequest {
    pub id: u64,
    pub iid: u64,
    pub title: String,
    pub description: Option<String>,
    pub author_id: u64,
    pub assignee_ids: Vec<u64>,
    pub reviewer_ids: Vec<u64>,
    /// The state a reviewer's last published review set (`requested_changes`,
    /// `reviewed`), by user id.
    pub reviewer_states: std::collections::BTreeMap<u64, String>,
    pub labels: Vec<String>,
    pub milestone_id: Option<u64>,
    /// `opened`, `closed` or `merged`.
    pub state: &'static str,
    pub source_branch: String,
    pub target_branch: String,
    /// The source head when last seen (kept after the branch is removed).
    pub sha: String,
    pub force_remove_source_branch: bool,
    pub squash: bool,
    /// Set to merge when its head pipeline succeeds (GitLab's auto-merge); pipelines never
    /// finish by themselves here, so it stays set until the merge request is merged.
    pub merge_when_pipeline_succeeds: bool,
    pub discussion_locked: Option<bool>,
    pub created_at: String,
    pub updated_at: String,
    pub merged_at: Option<String>,
    pub merged_by: Option<u64>,
    pub closed_at: Option<String>,
    pub closed_by: Option<u64>,
    pub merge_commit_sha: Option<String>,
    pub squash_commit_sha: Option<String>,
    pub discussions: Vec<Discussion>,
    /// Approvals needed before it may merge, and who approved, oldest first.
    pub approvals_required: usize,
    pub approvals: Vec<Approval>,
    /// Why the last rebase (or merge) failed, as GitLab's `merge_error` says it.
    pub merge_error: Option<String>,
    /// The diff refs when it was merged: GitLab keeps showing a merged merge request's
    /// changes as they were, not against the target that now contains them.
    pub merged_refs: Option<DiffRefs>,
}

/// One approval: who, and when (GitLab's `approved_at`).
pub(crate) struct Approval {
    pub user_id: u64,
    pub approved_at: String,
}

/// GitLab's `diff_refs`: the merge base (`base_sha`), the target head the diff was taken
/// against (`start_sha`) and the source head (`head_sha`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DiffRefs {
    pub base_sha: String,
    pub start_sha: String,
    pub head_sha: String,
}

impl DiffRefs {
    pub fn json(&self) -> Value {
        json!({"base_sha": self.base_sha, "head_sha": self.head_sha, "start_sha": self.start_sha})
    }
}

/// The statuses of a pipeline that has not finished yet.
pub(crate) const ACTIVE_PIPELINE: &[&str] = &[
    "created",
    "waiting_for_resource",
    "preparing",
    "pending",
    "running",
    "scheduled",
];

impl MergeRequest {
    /// GitLab's draft rule: the title starts with `Draft:`, `[Draft]` or `(Draft)`.
    pub fn is_draft(&self) -> bool {
        let title = self.title.to_lowercase();
        ["draft:", "[draft]", "(draft)"]
            .iter()
            .any(|p| title.starts_with(p))
    }

    pub fn approved(&self) -> bool {
        self.approvals.len() >= self.approvals_required
    }

    pub fn approved_by(&self, user_id: u64) -> bool {
        self.approvals.iter().any(|a| a.user_id == user_id)
    }

    /// Every resolvable thread is resolved (GitLab's `blocking_discussions_resolved`).
    pub fn discussions_resolved(&self) -> bool {
        self.discussions
            .iter()
            .all(|d| !d.resolvable() || d.resolved())
    }
}

/// What merging a source head into a target branch needs.
pub(crate) struct MergeSpec {
    pub source_head: String,
    pub target: String,
    pub merge_message: String,
    /// With a squash message, the source's changes land as one squash commit first.
    pub squash_message: Option<String>,
    /// Who the squash commit is by (GitLab: the merge request's author).
    pub squash_author: Person,
    pub merger: Person,
    pub date: SystemTime,
}

/// The commits a merge made.
pub(crate) struct Merged {
    pub merge_commit: String,
    pub squash_commit: Option<String>,
}

/// The files that both sides changed differently since they forked: GitLab's conflicts.
pub(crate) fn conflicts(
    repository: &Repository,
    source_head: &str,
    target_head: &str,
) -> Vec<String> {
    merged_tree(repository, source_head, target_head)
        .err()
        .unwrap_or_default()
}

fn merged_tree(
    repository: &Repository,
    source_head: &str,
    target_head: &str,
) -> Result<Snapshot, Vec<String>> {
    let empty = Snapshot::new();
    let base = repository
        .merge_base(source_head, target_head)
        .map(|c| c.tree.clone());
    let (Some(source), Some(target)) = (
        repository.commit(source_head),
        repository.commit(target_head),
    ) else {
        return Err(Vec::new());
    };
    three_way(
        base.as_deref().unwrap_or(&empty),
        &target.tree,
        &source.tree,
    )
}

/// GitLab's "merge commit" method: the target gets a merge commit whose parents are the
/// target head and the source head (or, with squash, one squash commit made on the target
/// head). Refused with the conflicting paths when the sides clash.
pub(crate) fn merge(repository: &mut Repository, spec: MergeSpec) -> Result<Merged, Vec<String>> {
    let target_head = repository
        .branches
        .get(&spec.target)
        .cloned()
        .ok_or_else(Vec::new)?;
    let tree = merged_tree(repository, &spec.source_head, &target_head)?;
    let squash_commit = spec.squash_message.map(|message| {
        repository
            .write_commit(CommitDraft {
                parents: vec![target_head.clone()],
                tree: tree.clone(),
                message,
                author: spec.squash_author.clone(),
                authored: spec.date,
                committer: spec.merger.clone(),
                committed: spec.date,
            })
            .id
            .clone()
    });
    let second_parent = squash_commit.clone().unwrap_or(spec.source_head);
    let merge_commit = repository.write_commit(CommitDraft {
        parents: vec![target_head, second_parent],
        tree,
        message: spec.merge_message,
        author: spec.merger.clone(),
        authored: spec.date,
        committer: spec.merger,
        committed: spec.date,
    });
    repository
        .branches
        .insert(spec.target, merge_commit.id.clone());
    Ok(Merged {
        merge_commit: merge_commit.id.clone(),
        squash_commit,
    })
}
