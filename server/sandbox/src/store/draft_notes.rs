//! Publishing a merge request's draft notes (kept as records, `record_kinds::DRAFT_NOTES`):
//! each becomes a note, a reply in its thread or a comment of its own. GitLab runs a draft's
//! quick actions when it is published, never when it is written: a draft of nothing but
//! commands makes no note.

use serde_json::Value;

use super::diff_positions;
use super::notes::{Discussion, Note};
use super::quick_actions::{On, Options};
use super::record_kinds::DRAFT_NOTES;
use super::records::Owner;
use super::state::Store;
use super::{CURRENT_USER, now};
use crate::reply::ApiError;

impl Store {
    /// Publishes draft `key` of merge request `iid` alone.
    pub fn publish_draft(&mut self, project: u64, iid: u64, key: &str) -> Result<(), ApiError> {
        let owner = Owner::MergeRequest(project, iid);
        let draft = self.record(&owner, &DRAFT_NOTES, key)?;
        self.publish(project, iid, &draft, false)
    }

    /// Publishes every draft of the current user on merge request `iid`, oldest first, as
    /// one review.
    pub fn publish_drafts(&mut self, project: u64, iid: u64) {
        let owner = Owner::MergeRequest(project, iid);
        for draft in self.record_list(&owner, &DRAFT_NOTES) {
            // Gone already when an earlier draft's `/submit_review` published it.
            let _ = self.publish(project, iid, &draft, true);
        }
    }

    /// The summary note a review is published with, after its drafts.
    pub fn add_review_note(&mut self, project: u64, iid: u64, body: &str, internal: bool) {
        let mut note = Note::new(&mut self.ids, CURRENT_USER, body, &now());
        note.internal = internal;
        let thread = Discussion::individual(&mut self.ids, note);
        let mr = self.project_mut(project).merge_requests.get_mut(&iid);
        mr.expect("found first").discussions.push(thread);
    }

    /// The current user's state as a reviewer of merge request `iid`, which a published
    /// review sets (`requested_changes`, `reviewed`): only a reviewer has one.
    pub fn set_reviewer_state(&mut self, project: u64, iid: u64, state: &str) {
        let mr = self.project_mut(project).merge_requests.get_mut(&iid);
        let mr = mr.expect("found first");
        if mr.reviewer_ids.contains(&CURRENT_USER) {
            mr.reviewer_states.insert(CURRENT_USER, state.to_owned());
        }
    }

    fn publish(
        &mut self,
        project: u64,
        iid: u64,
        draft: &Value,
        in_review: bool,
    ) -> Result<(), ApiError> {
        let owner = Owner::MergeRequest(project, iid);
        // No longer a draft before its commands run: a `/submit_review` in it publishes the
        // others, not this one again.
        self.record_delete(&owner, &DRAFT_NOTES, &draft["id"].to_string())?;
        let on = On::MergeRequest(project, iid);
        let body = draft["note"].as_str().unwrap_or_default();
        let options = Options::published_draft(in_review);
        let interpreted = self.interpret_quick_actions(&on, body, &options);
        if !interpreted.only_commands() {
            let mut note = Note::new(&mut self.ids, CURRENT_USER, &interpreted.text, &now());
            // A draft on a line of the diff becomes a diff thread, as a new one would.
            note.position = match &draft["position"] {
                Value::Object(fields) => diff_positions::read(fields).ok(),
                _ => None,
            };
            let reply_to = draft["discussion_id"].as_str();
            let positioned = note.position.is_some();
            let mr = self
                .project_mut(project)
                .merge_requests
                .get_mut(&iid)
                .expect("found first");
            match reply_to.and_then(|id| mr.discussions.iter_mut().find(|d| d.id == id)) {
                Some(thread) => thread.reply(note),
                None => {
                    let thread = if positioned {
                        Discussion::thread(&mut self.ids, note, true)
                    } else {
                        Discussion::individual(&mut self.ids, note)
                    };
                    let mr = self.project_mut(project).merge_requests.get_mut(&iid);
                    mr.expect("found first").discussions.push(thread);
                }
            }
        }
        self.apply_quick_actions(&on, &interpreted);
        Ok(())
    }
}
