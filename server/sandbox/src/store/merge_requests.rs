//! Merge requests: their model, how a merge lands on the target branch, and GitLab's merge
//! request entity (with the mergeability GitLab computes: conflicts, approvals, draft).

use std::time::SystemTime;

use serde_json::{Value, json};

use super::merge_request_diffs::DiffRefs;
use super::notes::{Discussion, user_notes_count};
use super::repository::{CommitDraft, Person, Repository, Snapshot, three_way};
use super::{Project, Store};
use crate::reply::merged;

pub(crate) struct MergeRequest {
    pub id: u64,
    pub iid: u64,
    pub title: String,
    pub description: Option<String>,
    pub author_id: u64,
    pub assignee_ids: Vec<u64>,
    pub reviewer_ids: Vec<u64>,
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

impl Store {
    /// The merge request's head pipeline: the newest pipeline of its source branch at the
    /// source head.
    pub fn head_pipeline<'p>(
        &self,
        project: &'p Project,
        mr: &MergeRequest,
    ) -> Option<&'p super::pipelines::Pipeline> {
        let head = project
            .repository
            .branches
            .get(&mr.source_branch)
            .unwrap_or(&mr.sha);
        project
            .pipelines
            .values()
            .filter(|p| !p.tag && p.ref_name == mr.source_branch && &p.sha == head)
            .max_by_key(|p| p.id)
    }

    pub fn merge_request_json(&self, project: &Project, mr: &MergeRequest) -> Value {
        let repository = &project.repository;
        // The live source head while the branch exists, the last one seen after it is removed.
        let sha = repository
            .branches
            .get(&mr.source_branch)
            .unwrap_or(&mr.sha);
        let target_head = repository.branches.get(&mr.target_branch);
        let is_open = mr.state == "opened";
        let has_conflicts =
            is_open && target_head.is_some_and(|t| !conflicts(repository, sha, t).is_empty());
        let detailed_status = if !is_open {
            "not_open"
        } else if mr.is_draft() {
            "draft_status"
        } else if target_head.is_none() || !repository.branches.contains_key(&mr.source_branch) {
            "broken_status"
        } else if has_conflicts {
            "conflict"
        } else if !mr.approved() {
            "not_approved"
        } else {
            "mergeable"
        };
        let merge_status = match (mr.state, has_conflicts) {
            ("merged", _) => "merged",
            (_, true) => "cannot_be_merged",
            _ => "can_be_merged",
        };
        let diff_refs = self.diff_refs(project, mr).map(|refs| refs.json());
        let user = |id: Option<u64>| id.map(|u| self.user_json(u));
        let users = |ids: &[u64]| {
            ids.iter()
                .map(|&u| self.user_json(u))
                .collect::<Vec<Value>>()
        };
        let milestone = mr
            .milestone_id
            .and_then(|id| project.milestones.values().find(|m| m.id == id))
            .map(|m| self.milestone_json(project, m));
        let head = json!({
            "id": mr.id,
            "iid": mr.iid,
            "project_id": project.id,
            "title": mr.title,
            "description": mr.description,
            "state": mr.state,
            "created_at": mr.created_at,
            "updated_at": mr.updated_at,
            "merged_by": user(mr.merged_by),
            "merge_user": user(mr.merged_by),
            "merged_at": mr.merged_at,
            "closed_by": user(mr.closed_by),
            "closed_at": mr.closed_at,
            "target_branch": mr.target_branch,
            "source_branch": mr.source_branch,
            "user_notes_count": user_notes_count(&mr.discussions),
            "upvotes": 0,
            "downvotes": 0,
        });
        let people = json!({
            "author": self.user_json(mr.author_id),
            "assignees": users(&mr.assignee_ids),
            "assignee": mr.assignee_ids.first().map(|&u| self.user_json(u)),
            "reviewers": users(&mr.reviewer_ids),
            "source_project_id": project.id,
            "target_project_id": project.id,
            "labels": mr.labels,
            "draft": mr.is_draft(),
            "work_in_progress": mr.is_draft(),
            "milestone": milestone,
        });
        let status = json!({
            "merge_when_pipeline_succeeds": mr.merge_when_pipeline_succeeds,
            "merge_status": merge_status,
            "detailed_merge_status": detailed_status,
            "sha": sha,
            "merge_commit_sha": mr.merge_commit_sha,
            "squash_commit_sha": mr.squash_commit_sha,
            "discussion_locked": mr.discussion_locked,
            "should_remove_source_branch": (mr.state == "merged").then_some(mr.force_remove_source_branch),
            "force_remove_source_branch": mr.force_remove_source_branch,
            "squash": mr.squash,
            "squash_on_merge": mr.squash,
            "has_conflicts": has_conflicts,
            "blocking_discussions_resolved": mr.discussions_resolved(),
            "diff_refs": diff_refs,
        });
        let links = json!({
            "web_url": format!("{}/-/merge_requests/{}", self.web_url(project), mr.iid),
            "references": {
                "short": format!("!{}", mr.iid),
                "relative": format!("!{}", mr.iid),
                "full": format!("{}!{}", self.full_path(project), mr.iid),
            },
            "time_stats": {"time_estimate": 0, "total_time_spent": 0, "human_time_estimate": null, "human_total_time_spent": null},
            "task_completion_status": {"count": 0, "completed_count": 0},
        });
        merged([head, people, status, links])
    }
}
