//! Applying what commands gathered, in the order GitLab's update services do: the fields
//! and the state, time tracking and the current user's subscription, to-do and reaction;
//! then marking a duplicate; then a merge request's rebase (which cancels a `/merge`) or
//! merge; then moving or cloning the issue, as it now is. On a commit, the tag.

use serde_json::{Map, json};

use super::On;
use super::updates::{Spend, Updates};
use crate::store::merge_requests::MergeChoices;
use crate::store::record_kinds::AWARD_EMOJI;
use crate::store::records::Owner;
use crate::store::state::Store;
use crate::store::state_change::StateChange;
use crate::store::todos::Todo;
use crate::store::tracking::Issuable;
use crate::store::{CURRENT_USER, Ids, now};

/// What issues and merge requests alike have that commands change.
struct Common<'a> {
    title: &'a mut String,
    labels: &'a mut Vec<String>,
    assignee_ids: &'a mut Vec<u64>,
    milestone_id: &'a mut Option<u64>,
    discussion_locked: &'a mut Option<bool>,
    state: StateChange<'a>,
    updated_at: &'a mut String,
}

impl Store {
    pub(super) fn apply_updates(&mut self, on: &On, updates: &Updates) {
        if let On::Commit(project, sha) = on {
            self.apply_tag(*project, sha, updates);
            return;
        }
        let Some(issuable) = on.issuable() else {
            return;
        };
        let at = now();
        let before = self.tracked(issuable);
        self.change_fields(issuable, updates, &at);
        self.record_changes(issuable, &before);
        self.change_tracking(issuable, updates, &at);
        match issuable {
            Issuable::Issue(project, iid) => {
                if let Some(canonical) = updates.canonical_issue_id {
                    let duplicate = self.projects[&project].issues[&iid].id;
                    self.mark_duplicate(duplicate, canonical);
                }
                if let Some(to) = updates.move_to {
                    self.move_issue(project, iid, to);
                }
                if let Some((to, with_notes)) = updates.clone_to {
                    self.clone_issue(project, iid, to, with_notes);
                }
            }
            Issuable::MergeRequest(project, iid) => {
                // A rebase asked for in the same text cancels the merge.
                if updates.rebase {
                    self.rebase_merge_request(project, iid);
                } else if updates.merge.is_some() {
                    self.merge_from_command(project, iid);
                }
            }
        }
    }

    fn change_fields(&mut self, issuable: Issuable, updates: &Updates, at: &str) {
        let changed = updates.change_fields();
        let project = match issuable {
            Issuable::Issue(project, _) | Issuable::MergeRequest(project, _) => project,
        };
        let project = self.project_mut(project);
        if changed {
            project.touch();
        }
        match issuable {
            Issuable::Issue(_, iid) => {
                let issue = project.issues.get_mut(&iid).expect("found first");
                if let Some(confidential) = updates.confidential {
                    issue.confidential = confidential;
                }
                if let Some(due) = &updates.due_date {
                    issue.due_date.clone_from(due);
                }
                let common = Common {
                    title: &mut issue.title,
                    labels: &mut issue.labels,
                    assignee_ids: &mut issue.assignee_ids,
                    milestone_id: &mut issue.milestone_id,
                    discussion_locked: &mut issue.discussion_locked,
                    state: StateChange {
                        state: &mut issue.state,
                        closed_at: &mut issue.closed_at,
                        closed_by: &mut issue.closed_by,
                    },
                    updated_at: &mut issue.updated_at,
                };
                common.change(updates, changed, at);
            }
            Issuable::MergeRequest(_, iid) => {
                let mr = project.merge_requests.get_mut(&iid).expect("found first");
                if let Some(reviewers) = &updates.reviewer_ids {
                    mr.reviewer_ids.clone_from(reviewers);
                }
                if let Some(branch) = &updates.target_branch {
                    mr.target_branch.clone_from(branch);
                }
                let common = Common {
                    title: &mut mr.title,
                    labels: &mut mr.labels,
                    assignee_ids: &mut mr.assignee_ids,
                    milestone_id: &mut mr.milestone_id,
                    discussion_locked: &mut mr.discussion_locked,
                    state: StateChange {
                        state: &mut mr.state,
                        closed_at: &mut mr.closed_at,
                        closed_by: &mut mr.closed_by,
                    },
                    updated_at: &mut mr.updated_at,
                };
                common.change(updates, changed, at);
                // The draft status lives in the title, new or not.
                match updates.wip_event {
                    Some("draft") if !mr.is_draft() => mr.title = format!("Draft: {}", mr.title),
                    Some("ready") => mr.title = without_draft_prefix(&mr.title),
                    _ => {}
                }
            }
        }
    }

    /// Time tracking, and the current user's subscription, to-do item and reaction.
    fn change_tracking(&mut self, issuable: Issuable, updates: &Updates, at: &str) {
        if updates.time_estimate.is_some() || updates.spend_time.is_some() {
            let mut stats = self.time_stats(issuable);
            if let Some(estimate) = updates.time_estimate {
                stats.estimate = estimate;
            }
            match updates.spend_time {
                // Subtracting more than was spent fails GitLab's validation: nothing changes.
                Some(Spend::Add { seconds, .. }) if stats.spent + seconds >= 0 => {
                    stats.spent += seconds;
                }
                Some(Spend::Reset) => stats.spent = 0,
                _ => {}
            }
            self.tracking.time.insert(issuable, stats);
        }
        if let Some(event) = updates.subscription_event {
            self.tracking
                .subscriptions
                .insert((issuable, CURRENT_USER), event == "subscribe");
        }
        let (project, kind, iid, owner) = match issuable {
            Issuable::Issue(project, iid) => (project, "Issue", iid, Owner::Issue(project, iid)),
            Issuable::MergeRequest(project, iid) => (
                project,
                "MergeRequest",
                iid,
                Owner::MergeRequest(project, iid),
            ),
        };
        let mine = |t: &Todo| {
            t.state == "pending"
                && t.project_id == project
                && t.target_type == kind
                && t.target_iid == iid
        };
        match updates.todo_event {
            Some("add") => {
                let todo = Todo {
                    id: Ids::next(&mut self.ids.todo),
                    project_id: project,
                    author_id: CURRENT_USER,
                    action_name: "marked",
                    target_type: kind,
                    target_iid: iid,
                    state: "pending",
                    created_at: at.to_owned(),
                    updated_at: at.to_owned(),
                };
                self.todos.push(todo);
            }
            Some("done") => {
                for todo in self.todos.iter_mut().filter(|t| mine(t)) {
                    todo.state = "done";
                    todo.updated_at = at.to_owned();
                }
            }
            _ => {}
        }
        if let Some(name) = &updates.emoji_award {
            self.toggle_reaction(&owner, name);
        }
    }

    /// The current user's reaction `name`: removed if they gave it, else given.
    fn toggle_reaction(&mut self, owner: &Owner, name: &str) {
        let given = self
            .record_list(owner, &AWARD_EMOJI)
            .into_iter()
            .find(|r| r["name"] == name && r["user"]["id"] == json!(CURRENT_USER));
        match given {
            Some(reaction) => {
                let _ = self.record_delete(owner, &AWARD_EMOJI, &reaction["id"].to_string());
            }
            None => {
                let fields = Map::from_iter([("name".to_owned(), json!(name))]);
                // A name GitLab would not know is refused, and nothing is given.
                let _ = self.record_create(owner, &AWARD_EMOJI, &fields);
            }
        }
    }

    /// GitLab's duplicate service: both issues get a system note, the duplicate is closed,
    /// and the two are linked as related.
    fn mark_duplicate(&mut self, duplicate: u64, canonical: u64) {
        let at = now();
        let note = format!(
            "marked this issue as a duplicate of {}",
            self.issue_reference(canonical, duplicate)
        );
        self.issue_system_note(duplicate, &note, &at);
        let note = format!(
            "marked {} as a duplicate of this issue",
            self.issue_reference(duplicate, canonical)
        );
        self.issue_system_note(canonical, &note, &at);
        for project in self.projects.values_mut() {
            if let Some(issue) = project.issues.values_mut().find(|i| i.id == duplicate) {
                let change = StateChange {
                    state: &mut issue.state,
                    closed_at: &mut issue.closed_at,
                    closed_by: &mut issue.closed_by,
                };
                change.apply(Some("close"), &at);
            }
        }
        // Already linked: nothing more to do.
        let _ = self.link_issues(duplicate, canonical, "relates_to");
    }

    /// `/merge` once its head was checked: set to merge when the running pipeline succeeds,
    /// or merged now when it still can be.
    fn merge_from_command(&mut self, project: u64, iid: u64) {
        let mr = &self.projects[&project].merge_requests[&iid];
        let waits = mr.state == "opened" && !mr.is_draft() && self.pipeline_running(project, iid);
        if waits {
            self.set_auto_merge(project, iid, &MergeChoices::default());
        } else if self.merge_check(project, iid).is_ok() {
            let _ = self.merge_now(project, iid, MergeChoices::default());
        }
    }

    /// `/tag` on commit `sha`: a tag GitLab would refuse (a bad name, one that exists) is
    /// not made.
    fn apply_tag(&mut self, project: u64, sha: &str, updates: &Updates) {
        let Some(name) = &updates.tag_name else {
            return;
        };
        let tagger = self.user(CURRENT_USER).username.clone();
        let message = updates.tag_message.clone().filter(|m| !m.trim().is_empty());
        let project = self.project_mut(project);
        if project
            .repository
            .add_tag(name, sha, message, &tagger)
            .is_ok()
        {
            project.touch();
        }
    }
}

impl Common<'_> {
    fn change(self, updates: &Updates, changed: bool, at: &str) {
        if let Some(title) = &updates.title {
            self.title.clone_from(title);
        }
        if let Some(labels) = &updates.labels {
            *self.labels = labels.iter().map(|l| l.name.clone()).collect();
        }
        for label in &updates.add_labels {
            if !self.labels.contains(&label.name) {
                self.labels.push(label.name.clone());
            }
        }
        self.labels
            .retain(|name| !updates.remove_labels.iter().any(|l| &l.name == name));
        if let Some(assignees) = &updates.assignee_ids {
            self.assignee_ids.clone_from(assignees);
        }
        if let Some(milestone) = updates.milestone_id {
            *self.milestone_id = milestone;
        }
        if let Some(locked) = updates.discussion_locked {
            *self.discussion_locked = Some(locked);
        }
        self.state.apply(updates.state_event, at);
        if changed {
            *self.updated_at = at.to_owned();
        }
    }
}

/// The title without GitLab's draft prefixes (`Draft:`, `[Draft]`, `(Draft)`), however many.
fn without_draft_prefix(title: &str) -> String {
    let mut rest = title.trim_start();
    loop {
        let lower = rest.to_lowercase();
        let Some(prefix) = ["draft:", "[draft]", "(draft)"]
            .iter()
            .find(|p| lower.starts_with(*p))
        else {
            return rest.to_owned();
        };
        rest = rest[prefix.len()..].trim_start();
    }
}

#[cfg(test)]
mod tests {
    use super::without_draft_prefix;

    #[test]
    fn ready_takes_every_draft_prefix_off() {
        assert_eq!(without_draft_prefix("Draft: Fix it"), "Fix it");
        assert_eq!(without_draft_prefix("[Draft] (draft) Fix it"), "Fix it");
        assert_eq!(without_draft_prefix("Fix draft: it"), "Fix draft: it");
    }
}
