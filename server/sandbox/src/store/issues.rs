//! Issues; GitLab's issue entity is in `render`, moving and cloning one to another project in
//! `moving`.

mod moving;
mod render;

use super::notes::Discussion;

pub(crate) struct Issue {
    pub id: u64,
    pub iid: u64,
    pub title: String,
    pub description: Option<String>,
    pub author_id: u64,
    pub assignee_ids: Vec<u64>,
    pub labels: Vec<String>,
    pub milestone_id: Option<u64>,
    pub confidential: bool,
    /// `opened` or `closed`.
    pub state: &'static str,
    pub due_date: Option<String>,
    pub discussion_locked: Option<bool>,
    pub created_at: String,
    pub updated_at: String,
    pub closed_at: Option<String>,
    pub closed_by: Option<u64>,
    /// The issue (global id) it was moved to.
    pub moved_to_id: Option<u64>,
    pub discussions: Vec<Discussion>,
    /// Its work item type (`issue`, `task`, `key_result`, …; `super::work_items`): GitLab's
    /// issues are its work items of type `issue`, sharing one iid sequence with the others.
    pub work_item_type: &'static str,
    /// The parent work item (global id), in the work item hierarchy.
    pub parent_id: Option<u64>,
    pub start_date: Option<String>,
    pub weight: Option<u32>,
}

impl Issue {
    /// A new open issue with nothing but a title, by `author_id`, created `at`.
    pub fn new(id: u64, iid: u64, title: &str, author_id: u64, at: &str) -> Issue {
        Issue {
            id,
            iid,
            title: title.to_owned(),
            description: None,
            author_id,
            assignee_ids: Vec::new(),
            labels: Vec::new(),
            milestone_id: None,
            confidential: false,
            state: "opened",
            due_date: None,
            discussion_locked: None,
            created_at: at.to_owned(),
            updated_at: at.to_owned(),
            closed_at: None,
            closed_by: None,
            moved_to_id: None,
            discussions: Vec::new(),
            work_item_type: "issue",
            parent_id: None,
            start_date: None,
            weight: None,
        }
    }
}

/// Whether a merge request description closes issue `iid` (`Closes #1`, `Fixes #1`), as
/// GitLab's default closing pattern reads it.
pub(crate) fn closes(description: Option<&str>, iid: u64) -> bool {
    let Some(text) = description else {
        return false;
    };
    let text = text.to_lowercase();
    let reference = format!("#{iid}");
    [
        "close", "closes", "closed", "fix", "fixes", "fixed", "resolve", "resolves", "resolved",
    ]
    .iter()
    .any(|verb| {
        text.match_indices(&format!("{verb} {reference}"))
            .any(|(at, found)| {
                let after = text[at + found.len()..].chars().next();
                after.is_none_or(|c| !c.is_ascii_digit())
            })
    })
}

#[cfg(test)]
mod tests {
    use super::closes;

    #[test]
    fn closing_patterns_name_the_issue() {
        assert!(closes(Some("Fixes #1"), 1));
        assert!(closes(Some("This closes #1."), 1));
        assert!(!closes(Some("Fixes #12"), 1));
        assert!(!closes(Some("Mentions #1"), 1));
        assert!(!closes(None, 1));
    }
}
