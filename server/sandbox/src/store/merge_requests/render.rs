//! GitLab's merge request entity, with the mergeability GitLab computes: conflicts,
//! approvals, draft.

use serde_json::{Value, json};

use super::{MergeRequest, conflicts};
use crate::reply::merged;
use crate::store::CURRENT_USER;
use crate::store::notes::user_notes_count;
use crate::store::project::Project;
use crate::store::records::Owner;
use crate::store::state::Store;
use crate::store::tracking::Issuable;

impl Store {
    pub fn merge_request_json(&self, project: &Project, mr: &MergeRequest) -> Value {
        let (upvotes, downvotes) = self.votes(&Owner::MergeRequest(project.id, mr.iid));
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
            "upvotes": upvotes,
            "downvotes": downvotes,
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
        let tracked = Issuable::MergeRequest(project.id, mr.iid);
        let links = json!({
            "web_url": format!("{}/-/merge_requests/{}", self.web_url(project), mr.iid),
            "references": {
                "short": format!("!{}", mr.iid),
                "relative": format!("!{}", mr.iid),
                "full": format!("{}!{}", self.full_path(project), mr.iid),
            },
            "time_stats": self.time_stats_json(tracked),
            "subscribed": self.subscribed(tracked, CURRENT_USER),
            "task_completion_status": {"count": 0, "completed_count": 0},
        });
        merged([head, people, status, links])
    }
}
