//! The commands of merge requests only: merging, rebasing, draft status, the target
//! branch, reviews, approvals and reviewers.

use super::context::{Context, Outcome, said, silent};
use super::references::{people, plural, unknown_users, users};
use crate::store::CURRENT_USER;
use crate::store::merge_requests::{MergeRequest, RebaseRefusal};
use crate::store::tracking::Issuable;

/// The merge request's project id and iid, when the target is one.
fn target(cx: &Context<'_>) -> Option<(u64, u64)> {
    match cx.issuable()? {
        Issuable::MergeRequest(project, iid) => Some((project, iid)),
        Issuable::Issue(..) => None,
    }
}

fn merge_request<'a>(cx: &'a Context<'_>) -> Option<&'a MergeRequest> {
    let (project, iid) = target(cx)?;
    Some(&cx.store.projects[&project].merge_requests[&iid])
}

/// `/merge`: when it can be merged now, or set to merge when its pipeline succeeds (GitLab's
/// auto-merge, here while the head pipeline runs). Today's GitLab merges only when the note
/// came with `merge_request_diff_head_sha` equal to the merge request's head.
pub(super) fn merge(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some((project, iid)) = target(cx).filter(|_| cx.persisted()) else {
        return Outcome::NotApplicable;
    };
    let mr = &cx.store.projects[&project].merge_requests[&iid];
    let auto_merge =
        mr.state == "opened" && !mr.is_draft() && cx.store.pipeline_running(project, iid);
    if !auto_merge && cx.store.merge_check(project, iid).is_err() {
        return Outcome::NotApplicable;
    }
    let head = cx.store.projects[&project]
        .repository
        .branches
        .get(&mr.source_branch)
        .unwrap_or(&mr.sha)
        .clone();
    match cx.options.merge_head_sha.as_deref() {
        None | Some("") => {
            said("The `/merge` quick action requires the SHA of the head of the branch.")
        }
        Some(sha) if sha != head => said("Branch has been updated since the merge was requested."),
        Some(_) => {
            cx.updates.merge = Some(head);
            if auto_merge {
                said("Scheduled to merge this merge request (Merge when checks pass).")
            } else {
                said("Merged this merge request.")
            }
        }
    }
}

/// `/rebase`: an open merge request whose source branch is there. A branch protected from
/// force pushes, or conflicts, stop it with GitLab's message.
pub(super) fn rebase(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some((project, iid)) = target(cx).filter(|_| cx.persisted()) else {
        return Outcome::NotApplicable;
    };
    let message = match cx.store.rebase_check(project, iid) {
        Err(RebaseRefusal::SourceBranchGone | RebaseRefusal::NotOpen) => {
            return Outcome::NotApplicable;
        }
        Err(RebaseRefusal::Protected) => {
            "This merge request branch is protected from force push.".to_owned()
        }
        Ok(()) if cx.store.merge_request_conflicts(project, iid) => {
            "This merge request is currently in an unmergeable state, and cannot be rebased."
                .to_owned()
        }
        Ok(()) => {
            cx.updates.rebase = true;
            let branch = &cx.store.projects[&project].merge_requests[&iid].source_branch;
            format!("Scheduled a rebase of branch {branch}.")
        }
    };
    said(message)
}

/// `/draft`: marks it a draft (no longer a toggle).
pub(super) fn draft(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some(mr) = merge_request(cx) else {
        return Outcome::NotApplicable;
    };
    let message = if mr.is_draft() {
        "No change to this merge request's draft status."
    } else {
        "Marked this merge request as a draft."
    };
    cx.updates.wip_event = Some("draft");
    said(message)
}

/// `/ready`: a draft is marked ready.
pub(super) fn ready(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some(mr) = merge_request(cx) else {
        return Outcome::NotApplicable;
    };
    if !mr.is_draft() {
        return said("No change to this merge request's draft status.");
    }
    cx.updates.wip_event = Some("ready");
    said("Marked this merge request as ready.")
}

/// `/target_branch <branch>`: changed only to a branch that exists (GitLab says so anyway).
pub(super) fn target_branch(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    if target(cx).is_none() {
        return Outcome::NotApplicable;
    }
    let Some(branch) = arg.map(str::trim) else {
        return silent();
    };
    if cx.project().repository.branches.contains_key(branch) {
        cx.updates.target_branch = Some(branch.to_owned());
    }
    said(format!("Set target branch to {branch}."))
}

/// `/submit_review [approve]`: publishes the current user's draft notes at once (running
/// their commands); with `approve`, approves too. Inside a review being published it does
/// nothing.
pub(super) fn submit_review(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some((project, iid)) = target(cx).filter(|_| cx.persisted()) else {
        return Outcome::NotApplicable;
    };
    if cx.options.in_review {
        return silent();
    }
    cx.store.publish_drafts(project, iid);
    let mut message = "Submitted the current review.".to_owned();
    if arg.map(str::trim) == Some("approve") {
        let mr = &cx.store.projects[&project].merge_requests[&iid];
        if mr.can_be_approved_by(CURRENT_USER) {
            cx.store.approve(project, iid);
            message.push_str(" Approved the current merge request.");
        } else {
            message.push_str(" Failed to approve the current merge request.");
        }
    }
    said(message)
}

/// `/approve`: at once, when the current user may approve it.
pub(super) fn approve(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some((project, iid)) = target(cx).filter(|_| cx.persisted()) else {
        return Outcome::NotApplicable;
    };
    let mr = &cx.store.projects[&project].merge_requests[&iid];
    if !mr.can_be_approved_by(CURRENT_USER) {
        return Outcome::NotApplicable;
    }
    cx.store.approve(project, iid);
    said("Approved the current merge request.")
}

/// `/unapprove`: at once, when they approved it and it is not merged.
pub(super) fn unapprove(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some((project, iid)) = target(cx).filter(|_| cx.persisted()) else {
        return Outcome::NotApplicable;
    };
    let mr = &cx.store.projects[&project].merge_requests[&iid];
    if !mr.approved_by(CURRENT_USER) || mr.state == "merged" {
        return Outcome::NotApplicable;
    }
    cx.store.unapprove(project, iid);
    said("Unapproved the current merge request.")
}

/// The first user `arg` names: Community Edition allows one reviewer.
fn first_user(cx: &Context<'_>, arg: &str) -> Result<Option<u64>, String> {
    match users(cx.store, arg) {
        Ok(found) => Ok(found.first().copied()),
        Err(missing) => Err(unknown_users(&missing)),
    }
}

/// `/assign_reviewer @user` (or `/reviewer`): the reviewer becomes that user.
pub(super) fn assign_reviewer(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    if target(cx).is_none() {
        return Outcome::NotApplicable;
    }
    let Some(arg) = arg else {
        return silent();
    };
    match first_user(cx, arg) {
        Err(failure) => said(failure),
        Ok(None) => said("Failed to assign a reviewer because no user was specified."),
        Ok(Some(user)) => {
            cx.updates.reviewer_ids = Some(vec![user]);
            said(format!(
                "Assigned {} as reviewer.",
                people(cx.store, &[user])
            ))
        }
    }
}

/// `/request_review @user`: makes them a reviewer, or asks an existing one again.
pub(super) fn request_review(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some(mr) = merge_request(cx) else {
        return Outcome::NotApplicable;
    };
    let mut reviewers = mr.reviewer_ids.clone();
    let Some(arg) = arg else {
        return silent();
    };
    match first_user(cx, arg) {
        Err(failure) => said(failure),
        Ok(None) => said("Failed to request a review because no user was specified."),
        Ok(Some(user)) => {
            if !reviewers.contains(&user) {
                reviewers.push(user);
            }
            cx.updates.reviewer_ids = Some(reviewers);
            said(format!(
                "Requested a review from {}.",
                people(cx.store, &[user])
            ))
        }
    }
}

/// `/unassign_reviewer` (or `/remove_reviewer`): with one reviewer allowed, every reviewer
/// goes, whoever is named; there must be one (or one assigned by an earlier command).
pub(super) fn unassign_reviewer(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some(mr) = merge_request(cx) else {
        return Outcome::NotApplicable;
    };
    let current = mr.reviewer_ids.clone();
    let assigned_now = cx.updates.reviewer_ids.clone().unwrap_or_default();
    if current.is_empty() && assigned_now.is_empty() {
        return Outcome::NotApplicable;
    }
    cx.updates.reviewer_ids = Some(Vec::new());
    let removed = if assigned_now.is_empty() {
        current
    } else {
        assigned_now
    };
    said(format!(
        "Removed {} {}.",
        plural("reviewer", removed.len()),
        people(cx.store, &removed)
    ))
}
