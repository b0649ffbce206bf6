//! Work items. GitLab's issues are its work items of type `issue`, so a project's work items
//! of every type are kept with its issues (`Project::issues`, one iid sequence, as GitLab
//! does) and their links are the issue links. This module holds what only work items have:
//! their types and the hierarchy GitLab allows between them.

use super::issues::Issue;
use super::state::Store;

/// GitLab's work item types (base type, name), in the order of their fixed ids from 1
/// (`WorkItems::Type::BASE_TYPES`).
pub(crate) const TYPES: [(&str, &str); 9] = [
    ("issue", "Issue"),
    ("incident", "Incident"),
    ("test_case", "Test Case"),
    ("requirement", "Requirement"),
    ("task", "Task"),
    ("objective", "Objective"),
    ("key_result", "Key Result"),
    ("epic", "Epic"),
    ("ticket", "Ticket"),
];

/// The base type of the type with global id number `id`.
pub(crate) fn type_by_id(id: u64) -> Option<&'static str> {
    let index = usize::try_from(id).ok()?.checked_sub(1)?;
    TYPES.get(index).map(|(base, _)| *base)
}

/// The type's id number and name.
pub(crate) fn type_of(base: &str) -> (u64, &'static str) {
    TYPES
        .iter()
        .position(|(known, _)| *known == base)
        .map_or((1, "Issue"), |at| (at as u64 + 1, TYPES[at].1))
}

/// Whether a work item of type `parent` may have children of type `child` (GitLab's
/// hierarchy restrictions: tasks under issues, incidents and tickets; epics and issues
/// under epics; objectives and key results under objectives).
pub(crate) fn may_parent(parent: &str, child: &str) -> bool {
    matches!(
        (parent, child),
        ("issue" | "incident" | "ticket", "task")
            | ("epic", "epic" | "issue")
            | ("objective", "objective" | "key_result")
    )
}

impl Store {
    /// The work item with global id `id`, and its project's id.
    pub fn work_item_mut(&mut self, id: u64) -> Option<(u64, &mut Issue)> {
        self.projects.values_mut().find_map(|project| {
            let project_id = project.id;
            project
                .issues
                .values_mut()
                .find(|issue| issue.id == id)
                .map(|issue| (project_id, issue))
        })
    }

    /// Sets or clears `child`'s parent (global ids), or says why GitLab refuses, in its
    /// words.
    pub fn set_parent(&mut self, child: u64, parent: Option<u64>) -> Result<(), String> {
        let Some((_, found)) = self.issue_by_id(child) else {
            return Err(not_found());
        };
        let reference = format!("#{}", found.iid);
        let child_type = found.work_item_type;
        if let Some(parent) = parent {
            let Some((_, parent_item)) = self.issue_by_id(parent) else {
                return Err(not_found());
            };
            if !may_parent(parent_item.work_item_type, child_type) {
                return Err(format!(
                    "{reference} cannot be added: is not allowed to add this type of parent"
                ));
            }
        }
        if let Some((_, item)) = self.work_item_mut(child) {
            item.parent_id = parent;
        }
        Ok(())
    }
}

/// GitLab's answer for an object that does not exist or may not be seen.
pub(crate) fn not_found() -> String {
    "The resource that you are attempting to access does not exist or you don't have permission to perform this action".to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_have_gitlabs_ids_and_hierarchy() {
        assert_eq!(type_by_id(5), Some("task"));
        assert_eq!(type_of("key_result"), (7, "Key Result"));
        assert_eq!(type_by_id(10), None);
        assert!(may_parent("issue", "task"));
        assert!(may_parent("epic", "issue"));
        assert!(may_parent("objective", "key_result"));
        assert!(!may_parent("task", "issue"));
        assert!(!may_parent("issue", "epic"));
    }
}
