//! Merge request approvals as GitLab Premium shows them: one "All Members" rule of type
//! `any_approver` needing `approvals_required` approvals from the project's developers and
//! up, the author excluded (GitLab's default "prevent approval by author").

use serde_json::{Value, json};

use super::merge_requests::{Approval, MergeRequest};
use super::notes::{Discussion, Note};
use super::people::{CURRENT_USER, access};
use super::project::Project;
use super::state::Store;
use super::timestamps::now;
use crate::reply::merged;

/// The name and type GitLab gives the rule that any eligible member can satisfy.
const RULE_NAME: &str = "All Members";
const RULE_TYPE: &str = "any_approver";

impl MergeRequest {
    /// GitLab's `eligible_for_approval_by?`: open, not approved by them yet, not the author.
    pub fn can_be_approved_by(&self, user_id: u64) -> bool {
        self.state == "opened" && self.author_id != user_id && !self.approved_by(user_id)
    }
}

impl Store {
    /// The current user approves merge request `iid` of `project_id` (its eligibility
    /// checked first), with the system note "approved this merge request".
    pub fn approve(&mut self, project_id: u64, iid: u64) {
        self.change_approval(project_id, iid, true);
    }

    /// The current user takes their approval back, with the system note "unapproved this
    /// merge request".
    pub fn unapprove(&mut self, project_id: u64, iid: u64) {
        self.change_approval(project_id, iid, false);
    }

    fn change_approval(&mut self, project_id: u64, iid: u64, approve: bool) {
        let at = now();
        let text = if approve {
            "approved this merge request"
        } else {
            "unapproved this merge request"
        };
        let note = Note::system(&mut self.ids, CURRENT_USER, text, &at);
        let discussion = Discussion::individual(&mut self.ids, note);
        let project = self.project_mut(project_id);
        let mr = project
            .merge_requests
            .get_mut(&iid)
            .expect("the caller found it");
        if approve {
            mr.approvals.push(Approval {
                user_id: CURRENT_USER,
                approved_at: at.clone(),
            });
        } else {
            mr.approvals.retain(|a| a.user_id != CURRENT_USER);
        }
        mr.discussions.push(discussion);
        mr.updated_at = at;
        project.touch();
    }
}

impl Store {
    /// Members who may approve: developers and up, not the author.
    fn eligible_approvers(&self, project: &Project, mr: &MergeRequest) -> Vec<Value> {
        project
            .members
            .iter()
            .filter(|m| m.access_level >= access::DEVELOPER && m.user_id != mr.author_id)
            .map(|m| self.user_json(m.user_id))
            .collect()
    }

    fn rule_short(mr: &MergeRequest) -> Value {
        json!({"id": mr.id, "name": RULE_NAME, "rule_type": RULE_TYPE})
    }

    /// GitLab's `ApprovalState` entity: what `GET …/approvals`, `approve` and `unapprove`
    /// answer.
    pub fn approvals_json(&self, project: &Project, mr: &MergeRequest) -> Value {
        let approved_by: Vec<Value> = mr
            .approvals
            .iter()
            .map(|a| json!({"user": self.user_json(a.user_id), "approved_at": a.approved_at}))
            .collect();
        let approvals_left = mr.approvals_required.saturating_sub(mr.approvals.len());
        let has_rule = mr.approvals_required > 0;
        let merge_status = self.merge_request_json(project, mr)["merge_status"].take();
        let issuable = json!({
            "id": mr.id,
            "iid": mr.iid,
            "project_id": project.id,
            "title": mr.title,
            "description": mr.description,
            "state": mr.state,
            "created_at": mr.created_at,
            "updated_at": mr.updated_at,
        });
        let approval = json!({
            "merge_status": merge_status,
            "approved": mr.approved(),
            "approvals_required": mr.approvals_required,
            "approvals_left": approvals_left,
            "require_password_to_approve": false,
            "approved_by": approved_by,
            "suggested_approvers": [],
            "approvers": [],
            "approver_groups": [],
            "user_has_approved": mr.approved_by(CURRENT_USER),
            "user_can_approve": mr.can_be_approved_by(CURRENT_USER),
            "approval_rules_left": if approvals_left > 0 { vec![Store::rule_short(mr)] } else { Vec::new() },
            "has_approval_rules": has_rule,
            "merge_request_approvers_available": true,
            "multiple_approval_rules_available": true,
            "invalid_approvers_rules": [],
        });
        merged([issuable, approval])
    }

    /// `GET …/approval_state`: the rules and who satisfied them.
    pub fn approval_state_json(&self, project: &Project, mr: &MergeRequest) -> Value {
        let rules: Vec<Value> = (mr.approvals_required > 0)
            .then(|| {
                let approved_by: Vec<Value> = mr
                    .approvals
                    .iter()
                    .map(|a| self.user_json(a.user_id))
                    .collect();
                let more = json!({
                    "eligible_approvers": self.eligible_approvers(project, mr),
                    "approvals_required": mr.approvals_required,
                    "users": [],
                    "groups": [],
                    "contains_hidden_groups": false,
                    "section": null,
                    "source_rule": null,
                    "overridden": false,
                    "code_owner": false,
                    "approved_by": approved_by,
                    "approved": mr.approved(),
                });
                merged([Store::rule_short(mr), more])
            })
            .into_iter()
            .collect();
        json!({"approval_rules_overwritten": false, "rules": rules})
    }
}
