//! Activity events, as GitLab's events API lists them. The sandbox does not log events as
//! they happen: it derives them from what the store holds (a project's creation, issues and
//! merge requests opened, closed or merged, notes, and the pushes its pipelines ran for), so
//! they always agree with the records. Ids follow time: the oldest event is 1.

use serde_json::{Value, json};

use super::notes::{Discussion, Noteable};
use super::project::Project;
use super::state::Store;

pub(crate) struct Event {
    pub id: u64,
    pub project_id: u64,
    pub author_id: u64,
    pub created_at: String,
    /// GitLab's `action` filter value: `created`, `closed`, `merged`, `commented`, `pushed`.
    pub action: &'static str,
    pub action_name: &'static str,
    /// GitLab's model name (`Issue`, `MergeRequest`, `Note`, `DiffNote`, `DiscussionNote`);
    /// `None` for pushes and the project's creation.
    pub target_type: Option<&'static str>,
    pub what: What,
}

/// What an event is about, to render its target.
pub(crate) enum What {
    Project,
    Issue(u64),
    MergeRequest(u64),
    Note {
        on: Noteable,
        discussion: usize,
        note: usize,
    },
    /// A push, by the pipeline that ran for it.
    Push(u64),
}

impl Store {
    /// Every event of every project, oldest first.
    pub fn events(&self) -> Vec<Event> {
        let mut events: Vec<Event> = self.projects.values().flat_map(project_events).collect();
        events.sort_by(|a, b| a.created_at.cmp(&b.created_at));
        for (index, event) in events.iter_mut().enumerate() {
            event.id = index as u64 + 1;
        }
        events
    }

    /// GitLab's event entity.
    pub fn event_json(&self, event: &Event) -> Value {
        let project = &self.projects[&event.project_id];
        let author = self.user(event.author_id);
        let mut value = json!({
            "id": event.id,
            "project_id": event.project_id,
            "action_name": event.action_name,
            "target_id": null,
            "target_iid": null,
            "target_type": event.target_type,
            "author_id": event.author_id,
            "target_title": null,
            "created_at": event.created_at,
            "author": self.user_json(event.author_id),
            "imported": false,
            "imported_from": "none",
            "author_username": author.username,
        });
        match &event.what {
            What::Project => {}
            What::Issue(iid) => {
                let issue = &project.issues[iid];
                value["target_id"] = json!(issue.id);
                value["target_iid"] = json!(issue.iid);
                value["target_title"] = json!(issue.title);
            }
            What::MergeRequest(iid) => {
                let mr = &project.merge_requests[iid];
                value["target_id"] = json!(mr.id);
                value["target_iid"] = json!(mr.iid);
                value["target_title"] = json!(mr.title);
            }
            What::Note {
                on,
                discussion,
                note,
            } => {
                let (discussions, title) = noteable(project, *on);
                let discussion = &discussions[*discussion];
                let note = &discussion.notes[*note];
                // A note has no iid of its own: GitLab shows its id in both places.
                value["target_id"] = json!(note.id);
                value["target_iid"] = json!(note.id);
                value["target_title"] = json!(title);
                value["note"] = self.note_json(project, *on, discussion, note);
            }
            What::Push(pipeline_id) => {
                let pipeline = &project.pipelines[pipeline_id];
                let repository = &project.repository;
                let new_branch = pipeline.before_sha.chars().all(|c| c == '0');
                let commit_count = if new_branch {
                    1
                } else {
                    repository
                        .commits_between(&pipeline.before_sha, &pipeline.sha)
                        .len()
                };
                let title = repository
                    .commit(&pipeline.sha)
                    .map(|c| c.title().to_owned());
                value["push_data"] = json!({
                    "commit_count": commit_count,
                    "action": if new_branch { "created" } else { "pushed" },
                    "ref_type": if pipeline.tag { "tag" } else { "branch" },
                    "commit_from": (!new_branch).then(|| pipeline.before_sha.clone()),
                    "commit_to": pipeline.sha,
                    "ref": pipeline.ref_name,
                    "commit_title": title,
                    "ref_count": null,
                });
            }
        }
        value
    }
}

fn noteable(project: &Project, on: Noteable) -> (&[Discussion], &str) {
    match on {
        Noteable::Issue { iid, .. } => {
            let issue = &project.issues[&iid];
            (&issue.discussions, &issue.title)
        }
        Noteable::MergeRequest { iid, .. } => {
            let mr = &project.merge_requests[&iid];
            (&mr.discussions, &mr.title)
        }
    }
}

fn project_events(project: &Project) -> Vec<Event> {
    let event = |author_id: u64, at: &str, action, action_name, target_type, what| Event {
        id: 0,
        project_id: project.id,
        author_id,
        created_at: at.to_owned(),
        action,
        action_name,
        target_type,
        what,
    };
    let mut events = vec![event(
        project.creator_id,
        &project.created_at,
        "created",
        "created",
        None,
        What::Project,
    )];
    for issue in project.issues.values() {
        let target = Some("Issue");
        events.push(event(
            issue.author_id,
            &issue.created_at,
            "created",
            "opened",
            target,
            What::Issue(issue.iid),
        ));
        if let (Some(at), Some(by)) = (&issue.closed_at, issue.closed_by) {
            events.push(event(
                by,
                at,
                "closed",
                "closed",
                target,
                What::Issue(issue.iid),
            ));
        }
        let on = Noteable::Issue {
            id: issue.id,
            iid: issue.iid,
        };
        events.extend(note_events(project.id, on, &issue.discussions));
    }
    for mr in project.merge_requests.values() {
        let target = Some("MergeRequest");
        let what = || What::MergeRequest(mr.iid);
        events.push(event(
            mr.author_id,
            &mr.created_at,
            "created",
            "opened",
            target,
            what(),
        ));
        if let (Some(at), Some(by)) = (&mr.merged_at, mr.merged_by) {
            // GitLab names a merge "accepted".
            events.push(event(by, at, "merged", "accepted", target, what()));
        }
        if let (Some(at), Some(by)) = (&mr.closed_at, mr.closed_by) {
            events.push(event(by, at, "closed", "closed", target, what()));
        }
        let on = Noteable::MergeRequest {
            id: mr.id,
            iid: mr.iid,
        };
        events.extend(note_events(project.id, on, &mr.discussions));
    }
    for pipeline in project.pipelines.values().filter(|p| p.source == "push") {
        let new_branch = pipeline.before_sha.chars().all(|c| c == '0');
        let action_name = if new_branch {
            "pushed new"
        } else {
            "pushed to"
        };
        events.push(event(
            pipeline.user_id,
            &pipeline.created_at,
            "pushed",
            action_name,
            None,
            What::Push(pipeline.id),
        ));
    }
    events
}

/// One `commented on` event per note people wrote (system notes make none).
fn note_events(project_id: u64, on: Noteable, discussions: &[Discussion]) -> Vec<Event> {
    let mut events = Vec::new();
    for (d, discussion) in discussions.iter().enumerate() {
        for (n, note) in discussion.notes.iter().enumerate() {
            if note.system {
                continue;
            }
            let target_type = match (&note.position, discussion.individual_note) {
                (Some(_), _) => "DiffNote",
                (None, false) => "DiscussionNote",
                (None, true) => "Note",
            };
            events.push(Event {
                id: 0,
                project_id,
                author_id: note.author_id,
                created_at: note.created_at.clone(),
                action: "commented",
                action_name: "commented on",
                target_type: Some(target_type),
                what: What::Note {
                    on,
                    discussion: d,
                    note: n,
                },
            });
        }
    }
    events
}
