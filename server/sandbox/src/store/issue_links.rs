//! Links between issues (GitLab's "linked items"), possibly across projects; their entities
//! are in `render`. GitLab stores `is_blocked_by` as a `blocks` link the other way round, so a
//! link is `relates_to` or `blocks`; each side sees it from its own end. Linking and
//! unlinking write GitLab's system notes on both issues.

mod render;

use super::ids::Ids;
use super::notes::{Discussion, Note};
use super::people::CURRENT_USER;
use super::state::Store;
use super::timestamps::now;

pub(crate) struct IssueLink {
    pub id: u64,
    /// Issue ids (global), not iids: links cross projects.
    pub source_id: u64,
    pub target_id: u64,
    /// `relates_to` or `blocks`.
    pub link_type: &'static str,
    pub created_at: String,
    pub updated_at: String,
}

impl IssueLink {
    pub fn involves(&self, issue_id: u64) -> bool {
        self.source_id == issue_id || self.target_id == issue_id
    }

    /// The other end, and the link's type as seen from `issue_id`'s end: the target of a
    /// `blocks` link is blocked by its source.
    pub fn seen_from(&self, issue_id: u64) -> (u64, &'static str) {
        if self.source_id == issue_id {
            (self.target_id, self.link_type)
        } else if self.link_type == "blocks" {
            (self.source_id, "is_blocked_by")
        } else {
            (self.source_id, self.link_type)
        }
    }
}

/// Why two issues cannot be linked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LinkRefusal {
    /// They are linked already, either way.
    AlreadyLinked,
    /// It is the same issue; GitLab names it (its reference) in the refusal.
    ToItself(String),
}

impl Store {
    /// Links issue `source` to issue `target` (global ids): `link_type` is `relates_to`,
    /// `blocks` or `is_blocked_by` (stored as `blocks` from `target`). Both issues get
    /// GitLab's system note. The new link's index.
    pub fn link_issues(
        &mut self,
        source: u64,
        target: u64,
        link_type: &str,
    ) -> Result<usize, LinkRefusal> {
        if source != target
            && self
                .issue_links
                .iter()
                .any(|l| l.involves(source) && l.involves(target))
        {
            return Err(LinkRefusal::AlreadyLinked);
        }
        if source == target {
            return Err(LinkRefusal::ToItself(self.issue_reference(target, source)));
        }
        let (source, target, stored_type) = match link_type {
            "is_blocked_by" => (target, source, "blocks"),
            "blocks" => (source, target, "blocks"),
            _ => (source, target, "relates_to"),
        };
        let at = now();
        let (to_target, to_source) = if stored_type == "blocks" {
            (
                "marked this issue as blocking",
                "marked this issue as blocked by",
            )
        } else {
            (
                "marked this issue as related to",
                "marked this issue as related to",
            )
        };
        let note = format!("{to_target} {}", self.issue_reference(target, source));
        self.issue_system_note(source, &note, &at);
        let note = format!("{to_source} {}", self.issue_reference(source, target));
        self.issue_system_note(target, &note, &at);
        self.issue_links.push(IssueLink {
            id: Ids::next(&mut self.ids.issue_link),
            source_id: source,
            target_id: target,
            link_type: stored_type,
            created_at: at.clone(),
            updated_at: at,
        });
        Ok(self.issue_links.len() - 1)
    }

    /// Removes the link at `index`; both issues get the system note "removed the relation
    /// with …".
    pub fn unlink_issues(&mut self, index: usize) -> IssueLink {
        let link = self.issue_links.remove(index);
        let at = now();
        let (source, target) = (link.source_id, link.target_id);
        let note = format!(
            "removed the relation with {}",
            self.issue_reference(target, source)
        );
        self.issue_system_note(source, &note, &at);
        let note = format!(
            "removed the relation with {}",
            self.issue_reference(source, target)
        );
        self.issue_system_note(target, &note, &at);
        link
    }

    /// How GitLab refers to issue `issue` from issue `from`'s project: `#2` in the same
    /// project, `group/project#2` from another.
    pub fn issue_reference(&self, issue: u64, from: u64) -> String {
        let Some((project, found)) = self.issue_by_id(issue) else {
            return String::new();
        };
        let same = self
            .issue_by_id(from)
            .is_some_and(|(other, _)| other.id == project.id);
        if same {
            format!("#{}", found.iid)
        } else {
            format!("{}#{}", self.full_path(project), found.iid)
        }
    }

    /// A system note by the current user on issue `issue_id` (a global id).
    pub fn issue_system_note(&mut self, issue_id: u64, body: &str, at: &str) {
        let note = Note::system(&mut self.ids, CURRENT_USER, body, at);
        let discussion = Discussion::individual(&mut self.ids, note);
        for project in self.projects.values_mut() {
            if let Some(issue) = project.issues.values_mut().find(|i| i.id == issue_id) {
                issue.discussions.push(discussion);
                issue.updated_at = at.to_owned();
                project.last_activity_at = at.to_owned();
                return;
            }
        }
    }
}
