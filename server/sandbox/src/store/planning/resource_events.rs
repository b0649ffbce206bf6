//! Resource events: every change of an issue's or merge request's labels, milestone and
//! state, kept as GitLab keeps them (`resource_label_events`, `resource_milestone_events`,
//! `resource_state_events`) whichever way the change came: a creation or an update's fields,
//! quick actions, a merge, a move. The places that change an issuable take [`Tracked`]
//! before and call [`Store::record_changes`] after; the difference is what happened.

use serde_json::{Value, json};

use crate::store::record_kinds::GROUP_LABELS;
use crate::store::records::Owner;
use crate::store::state::Store;
use crate::store::tracking::Issuable;
use crate::store::{CURRENT_USER, Ids, Namespace, now};

/// Which of GitLab's event tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum EventKind {
    Label,
    Milestone,
    State,
}

/// What one event says happened.
#[derive(Debug, Clone)]
pub(crate) enum Change {
    /// A label added (`true`) or removed.
    Label {
        label_id: u64,
        added: bool,
    },
    Milestone {
        milestone_id: u64,
        added: bool,
    },
    /// The new state: `closed`, `reopened` or `merged`.
    State(&'static str),
}

pub(crate) struct ResourceEvent {
    pub id: u64,
    pub on: Issuable,
    pub user_id: u64,
    pub created_at: String,
    pub change: Change,
}

impl ResourceEvent {
    pub fn kind(&self) -> EventKind {
        match self.change {
            Change::Label { .. } => EventKind::Label,
            Change::Milestone { .. } => EventKind::Milestone,
            Change::State(_) => EventKind::State,
        }
    }
}

/// What the events follow of an issuable: its labels (names), milestone and state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Tracked {
    labels: Vec<String>,
    milestone_id: Option<u64>,
    state: &'static str,
}

impl Tracked {
    /// What a new issuable is compared with: no labels, no milestone, open (GitLab records
    /// the labels and milestone it is made with, not its opening).
    pub fn new_issuable() -> Tracked {
        Tracked {
            labels: Vec::new(),
            milestone_id: None,
            state: "opened",
        }
    }
}

impl Store {
    /// The issuable as the events follow it.
    pub fn tracked(&self, on: Issuable) -> Tracked {
        match on {
            Issuable::Issue(project, iid) => {
                let issue = &self.projects[&project].issues[&iid];
                Tracked {
                    labels: issue.labels.clone(),
                    milestone_id: issue.milestone_id,
                    state: issue.state,
                }
            }
            Issuable::MergeRequest(project, iid) => {
                let mr = &self.projects[&project].merge_requests[&iid];
                Tracked {
                    labels: mr.labels.clone(),
                    milestone_id: mr.milestone_id,
                    state: mr.state,
                }
            }
        }
    }

    /// Records, by the current user and now, what changed since `before`.
    pub fn record_changes(&mut self, on: Issuable, before: &Tracked) {
        self.record_changes_by(on, before, CURRENT_USER, &now());
    }

    /// Records what changed since `before`, by `user_id` `at`: labels removed then added (a
    /// name that is no label of the project's is carried, not recorded: GitLab would have
    /// made the label), the milestone taken away then the new one, the state.
    pub fn record_changes_by(&mut self, on: Issuable, before: &Tracked, user_id: u64, at: &str) {
        let after = self.tracked(on);
        if after == *before {
            return;
        }
        let (Issuable::Issue(project, _) | Issuable::MergeRequest(project, _)) = on;
        let usable = self.usable_labels(&self.projects[&project]);
        let label = |name: &String| usable.iter().find(|l| &l.name == name).map(|l| l.id);
        let mut changes = Vec::new();
        for (from, to, added) in [
            (&before.labels, &after.labels, false),
            (&after.labels, &before.labels, true),
        ] {
            changes.extend(
                from.iter()
                    .filter(|name| !to.contains(name))
                    .filter_map(label)
                    .map(|label_id| Change::Label { label_id, added }),
            );
        }
        if before.milestone_id != after.milestone_id {
            if let Some(milestone_id) = before.milestone_id {
                changes.push(Change::Milestone {
                    milestone_id,
                    added: false,
                });
            }
            if let Some(milestone_id) = after.milestone_id {
                changes.push(Change::Milestone {
                    milestone_id,
                    added: true,
                });
            }
        }
        if before.state != after.state {
            changes.push(Change::State(match after.state {
                "opened" => "reopened",
                state => state,
            }));
        }
        let ids = &mut self.planning.ids;
        for change in changes {
            let counter = match change {
                Change::Label { .. } => &mut ids.label_event,
                Change::Milestone { .. } => &mut ids.milestone_event,
                Change::State(_) => &mut ids.state_event,
            };
            self.planning.events.push(ResourceEvent {
                id: Ids::next(counter),
                on,
                user_id,
                created_at: at.to_owned(),
                change,
            });
        }
    }

    /// The issuable's events of one kind, oldest first.
    pub fn resource_events(&self, on: Issuable, kind: EventKind) -> Vec<&ResourceEvent> {
        self.planning
            .events
            .iter()
            .filter(|e| e.on == on && e.kind() == kind)
            .collect()
    }

    /// GitLab's `ResourceLabelEvent`, `ResourceMilestoneEvent` or `ResourceStateEvent`.
    pub fn resource_event_json(&self, event: &ResourceEvent) -> Value {
        let (resource_type, project, resource_id) = match event.on {
            Issuable::Issue(project, iid) => {
                ("Issue", project, self.projects[&project].issues[&iid].id)
            }
            Issuable::MergeRequest(project, iid) => (
                "MergeRequest",
                project,
                self.projects[&project].merge_requests[&iid].id,
            ),
        };
        let mut value = json!({
            "id": event.id,
            "user": self.user_json(event.user_id),
            "created_at": event.created_at,
            "resource_type": resource_type,
            "resource_id": resource_id,
        });
        let action = |added: bool| if added { "add" } else { "remove" };
        match event.change {
            Change::Label { label_id, added } => {
                value["label"] = self.label_basic_json(project, label_id);
                value["action"] = json!(action(added));
            }
            Change::Milestone {
                milestone_id,
                added,
            } => {
                let project = &self.projects[&project];
                value["milestone"] = project
                    .milestones
                    .values()
                    .find(|m| m.id == milestone_id)
                    .map_or(Value::Null, |m| self.milestone_json(project, m));
                value["action"] = json!(action(added));
            }
            Change::State(state) => value["state"] = json!(state),
        }
        value
    }

    /// GitLab's `LabelBasic` of a label the project can use, or `null` once it is deleted.
    pub fn label_basic_json(&self, project_id: u64, label_id: u64) -> Value {
        let project = &self.projects[&project_id];
        if let Some(label) = project.labels.iter().find(|l| l.id == label_id) {
            let full = label.json(project, false);
            return basic(&full);
        }
        let mut group = match project.namespace {
            Namespace::Group(id) => Some(id),
            Namespace::User(_) => None,
        };
        while let Some(id) = group {
            let labels = self.record_list(&Owner::Group(id), &GROUP_LABELS);
            if let Some(found) = labels.iter().find(|l| l["id"] == json!(label_id)) {
                return basic(found);
            }
            group = self.groups.get(&id).and_then(|g| g.parent_id);
        }
        Value::Null
    }
}

/// The fields of `LabelBasic` out of a fuller label.
fn basic(label: &Value) -> Value {
    let description = label["description"].as_str();
    json!({
        "id": label["id"],
        "name": label["name"],
        "color": label["color"],
        "description": description,
        "description_html": description.map(|d| format!("<p>{d}</p>")).unwrap_or_default(),
        "text_color": label["text_color"],
    })
}
