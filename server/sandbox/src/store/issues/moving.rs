//! Moving and cloning an issue to another project, as GitLab's `/move` and `/clone` do: the
//! issue is made again there (its title, description, people, due date; the labels and
//! milestone the target project has by the same names), and each side gets a system note
//! naming the other. A move takes the notes and time tracking along and closes the original;
//! a clone leaves it open, takes its notes only when asked, and is the cloner's.

use super::Issue;
use crate::store::state::Store;
use crate::store::state_change::StateChange;
use crate::store::tracking::Issuable;
use crate::store::{CURRENT_USER, Ids, now};

impl Store {
    /// Moves issue `iid` of `project_id` to project `to`; the new issue's iid. A move to
    /// its own project is refused, as GitLab refuses it.
    pub fn move_issue(&mut self, project_id: u64, iid: u64, to: u64) -> Option<u64> {
        if project_id == to {
            return None;
        }
        let author = self.projects[&project_id].issues[&iid].author_id;
        let new_iid = self.copy_issue(project_id, iid, to, true, author);
        let time = self.time_stats(Issuable::Issue(project_id, iid));
        self.tracking
            .time
            .insert(Issuable::Issue(to, new_iid), time);
        self.cross_notes(project_id, iid, to, new_iid, "moved");
        let new_id = self.projects[&to].issues[&new_iid].id;
        let at = now();
        let before = self.tracked(Issuable::Issue(project_id, iid));
        let issue = self
            .project_mut(project_id)
            .issues
            .get_mut(&iid)
            .expect("found first");
        issue.moved_to_id = Some(new_id);
        let change = StateChange {
            state: &mut issue.state,
            closed_at: &mut issue.closed_at,
            closed_by: &mut issue.closed_by,
        };
        change.apply(Some("close"), &at);
        issue.updated_at = at;
        self.record_changes(Issuable::Issue(project_id, iid), &before);
        Some(new_iid)
    }

    /// Clones issue `iid` of `project_id` into project `to` (its own, too); the new iid.
    pub fn clone_issue(&mut self, project_id: u64, iid: u64, to: u64, with_notes: bool) -> u64 {
        let new_iid = self.copy_issue(project_id, iid, to, with_notes, CURRENT_USER);
        self.cross_notes(project_id, iid, to, new_iid, "cloned");
        new_iid
    }

    /// A copy of the issue in project `to`, by `author`; its iid there.
    fn copy_issue(
        &mut self,
        project_id: u64,
        iid: u64,
        to: u64,
        with_notes: bool,
        author: u64,
    ) -> u64 {
        let source_project = &self.projects[&project_id];
        let source = &source_project.issues[&iid];
        let target = &self.projects[&to];
        let usable = self.usable_labels(target);
        let labels: Vec<String> = source
            .labels
            .iter()
            .filter(|name| usable.iter().any(|l| &l.name == *name))
            .cloned()
            .collect();
        let milestone_title = source
            .milestone_id
            .and_then(|id| source_project.milestones.values().find(|m| m.id == id))
            .map(|m| m.title.clone());
        let milestone_id = milestone_title.and_then(|title| {
            target
                .milestones
                .values()
                .find(|m| m.title == title)
                .map(|m| m.id)
        });
        // Its id and iid are given once the copy is complete.
        let mut copy = Issue::new(0, 0, &source.title, author, &now());
        copy.description = source.description.clone();
        copy.assignee_ids = source.assignee_ids.clone();
        copy.confidential = source.confidential;
        copy.due_date = source.due_date.clone();
        copy.discussion_locked = source.discussion_locked;
        copy.labels = labels;
        copy.milestone_id = milestone_id;
        if with_notes {
            copy.discussions = source
                .discussions
                .iter()
                .map(|d| d.copy(&mut self.ids))
                .collect();
        }
        copy.id = Ids::next(&mut self.ids.issue);
        let target = self.project_mut(to);
        copy.iid = target.issue_iid();
        let new_iid = copy.iid;
        target.issues.insert(new_iid, copy);
        target.touch();
        new_iid
    }

    /// GitLab's system notes on both sides: `moved to group/project#4` on the original,
    /// `moved from demo/sandbox#1` on the copy (`cloned …` for a clone).
    fn cross_notes(&mut self, project_id: u64, iid: u64, to: u64, new_iid: u64, verb: &str) {
        let original = self.projects[&project_id].issues[&iid].id;
        let copy = self.projects[&to].issues[&new_iid].id;
        let at = now();
        let note = format!("{verb} to {}", self.issue_reference(copy, original));
        self.issue_system_note(original, &note, &at);
        let note = format!("{verb} from {}", self.issue_reference(original, copy));
        self.issue_system_note(copy, &note, &at);
    }
}
