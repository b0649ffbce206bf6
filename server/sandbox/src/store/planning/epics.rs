//! A group's epics (GitLab's legacy epics REST API): each with its labels, fixed dates and
//! place in the epic tree (a parent epic, possibly of another group), and the issues
//! assigned to it — an issue to one epic at most.

use serde_json::{Value, json};

use crate::store::Ids;
use crate::store::state::Store;

pub(crate) struct Epic {
    pub id: u64,
    /// Counts per group, from 1.
    pub iid: u64,
    pub group_id: u64,
    pub title: String,
    pub description: Option<String>,
    pub author_id: u64,
    pub labels: Vec<String>,
    pub confidential: bool,
    /// `opened` or `closed`.
    pub state: &'static str,
    /// `#1068bf`: GitLab's default.
    pub color: String,
    /// The parent epic's global id.
    pub parent_id: Option<u64>,
    pub start_date_fixed: Option<String>,
    pub due_date_fixed: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub closed_at: Option<String>,
}

/// An issue assigned to an epic.
pub(crate) struct EpicIssue {
    pub id: u64,
    pub epic_id: u64,
    pub issue_id: u64,
    /// Orders an epic's issues.
    pub relative_position: u64,
}

impl Epic {
    /// A new open epic of `group_id` with nothing but a title.
    pub fn new(id: u64, iid: u64, group_id: u64, title: &str, author_id: u64, at: &str) -> Epic {
        Epic {
            id,
            iid,
            group_id,
            title: title.to_owned(),
            description: None,
            author_id,
            labels: Vec::new(),
            confidential: false,
            state: "opened",
            color: "#1068bf".to_owned(),
            parent_id: None,
            start_date_fixed: None,
            due_date_fixed: None,
            created_at: at.to_owned(),
            updated_at: at.to_owned(),
            closed_at: None,
        }
    }
}

impl Store {
    pub fn epic_by_id(&self, id: u64) -> Option<&Epic> {
        self.planning.epics.iter().find(|e| e.id == id)
    }

    /// The epic `iid` of group `group_id`.
    pub fn epic(&self, group_id: u64, iid: u64) -> Option<&Epic> {
        self.planning
            .epics
            .iter()
            .find(|e| e.group_id == group_id && e.iid == iid)
    }

    pub fn epic_mut(&mut self, id: u64) -> &mut Epic {
        self.planning
            .epics
            .iter_mut()
            .find(|e| e.id == id)
            .expect("found first")
    }

    /// The next epic id and the next iid in `group_id`.
    pub fn next_epic_ids(&mut self, group_id: u64) -> (u64, u64) {
        let iid = self
            .planning
            .epics
            .iter()
            .filter(|e| e.group_id == group_id)
            .map(|e| e.iid)
            .max()
            .unwrap_or(0)
            + 1;
        (Ids::next(&mut self.planning.ids.epic), iid)
    }

    /// Whether `ancestor` is `epic` or above it in the tree.
    pub fn epic_is_within(&self, epic: u64, ancestor: u64) -> bool {
        let mut at = Some(epic);
        while let Some(id) = at {
            if id == ancestor {
                return true;
            }
            at = self.epic_by_id(id).and_then(|e| e.parent_id);
        }
        false
    }

    /// The epic's issue assignments, in order.
    pub fn epic_issues(&self, epic_id: u64) -> Vec<&EpicIssue> {
        let mut found: Vec<&EpicIssue> = self
            .planning
            .epic_issues
            .iter()
            .filter(|l| l.epic_id == epic_id)
            // A deleted issue's assignment goes with it.
            .filter(|l| self.issue_by_id(l.issue_id).is_some())
            .collect();
        found.sort_by_key(|l| l.relative_position);
        found
    }

    /// Assigns the issue to the epic, after its other issues (taking it from the epic it was
    /// in); the assignment's id.
    pub fn assign_to_epic(&mut self, epic_id: u64, issue_id: u64) -> u64 {
        self.planning.epic_issues.retain(|l| l.issue_id != issue_id);
        let relative_position = self
            .epic_issues(epic_id)
            .last()
            .map_or(0, |l| l.relative_position + 1);
        let id = Ids::next(&mut self.planning.ids.epic_issue);
        self.planning.epic_issues.push(EpicIssue {
            id,
            epic_id,
            issue_id,
            relative_position,
        });
        id
    }

    /// Deletes an epic: its issues are no longer in an epic, its children have no parent.
    pub fn delete_epic(&mut self, epic_id: u64) {
        let planning = &mut self.planning;
        planning.epics.retain(|e| e.id != epic_id);
        planning.epic_issues.retain(|l| l.epic_id != epic_id);
        for child in planning
            .epics
            .iter_mut()
            .filter(|e| e.parent_id == Some(epic_id))
        {
            child.parent_id = None;
        }
    }

    /// GitLab's `Epic` entity.
    pub fn epic_json(&self, epic: &Epic) -> Value {
        let group = &self.groups[&epic.group_id];
        let api = format!(
            "{}/api/v4/groups/{}/epics/{}",
            self.base, epic.group_id, epic.iid
        );
        let parent = epic.parent_id.and_then(|id| self.epic_by_id(id));
        let reference = format!("&{}", epic.iid);
        let mut labels = epic.labels.clone();
        labels.sort();
        json!({
            "id": epic.id,
            "work_item_id": epic.id,
            "iid": epic.iid,
            "color": epic.color,
            "text_color": "#FFFFFF",
            "group_id": epic.group_id,
            "parent_id": epic.parent_id,
            "parent_iid": parent.map(|p| p.iid),
            "imported": false,
            "imported_from": "none",
            "title": epic.title,
            "description": epic.description,
            "confidential": epic.confidential,
            "author": self.user_json(epic.author_id),
            "start_date": epic.start_date_fixed,
            "start_date_is_fixed": epic.start_date_fixed.is_some(),
            "start_date_fixed": epic.start_date_fixed,
            "start_date_from_inherited_source": null,
            "start_date_from_milestones": null,
            "end_date": epic.due_date_fixed,
            "due_date": epic.due_date_fixed,
            "due_date_is_fixed": epic.due_date_fixed.is_some(),
            "due_date_fixed": epic.due_date_fixed,
            "due_date_from_inherited_source": null,
            "due_date_from_milestones": null,
            "state": epic.state,
            "web_edit_url": format!("/groups/{}/-/epics/{}", group.path, epic.iid),
            "web_url": format!("{}/groups/{}/-/epics/{}", self.base, group.path, epic.iid),
            "references": {
                "short": reference,
                "relative": reference,
                "full": format!("{}{reference}", group.path),
            },
            "created_at": epic.created_at,
            "updated_at": epic.updated_at,
            "closed_at": epic.closed_at,
            "labels": labels,
            "upvotes": 0,
            "downvotes": 0,
            "_links": {
                "self": api,
                "epic_issues": format!("{api}/issues"),
                "group": format!("{}/api/v4/groups/{}", self.base, epic.group_id),
                "parent": parent.map(|p| format!("{}/api/v4/groups/{}/epics/{}", self.base, p.group_id, p.iid)),
            },
        })
    }

    /// GitLab's `EpicIssue` (an issue with its place in the epic) for one assignment.
    pub fn epic_issue_json(&self, link: &EpicIssue) -> Value {
        let (project, issue) = self
            .issue_by_id(link.issue_id)
            .expect("assigned issues exist");
        let mut value = self.issue_json(project, issue);
        value["epic_issue_id"] = json!(link.id);
        value["relative_position"] = json!(link.relative_position);
        value
    }

    /// GitLab's `EpicIssueLink`: the assignment, its epic and its issue.
    pub fn epic_issue_link_json(&self, link: &EpicIssue) -> Value {
        let (project, issue) = self
            .issue_by_id(link.issue_id)
            .expect("assigned issues exist");
        let epic = self
            .epic_by_id(link.epic_id)
            .expect("assignments are to epics");
        json!({
            "id": link.id,
            "relative_position": link.relative_position,
            "epic": self.epic_json(epic),
            "issue": self.issue_json(project, issue),
        })
    }
}
