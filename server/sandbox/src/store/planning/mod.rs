//! Planning: what GitLab keeps about how issues and merge requests changed (resource
//! events), issue boards and their lists, a group's epics and iterations.

pub(crate) mod boards;
pub(crate) mod epics;
pub(crate) mod iterations;
pub(crate) mod resource_events;
mod seed;

/// The planning records of the whole instance, each kind with its own id sequence (GitLab
/// keeps each in a table of its own).
#[derive(Default)]
pub(crate) struct Planning {
    pub events: Vec<resource_events::ResourceEvent>,
    pub boards: Vec<boards::Board>,
    pub epics: Vec<epics::Epic>,
    pub epic_issues: Vec<epics::EpicIssue>,
    pub iterations: Vec<iterations::Iteration>,
    pub ids: PlanningIds,
}

#[derive(Default)]
pub(crate) struct PlanningIds {
    pub label_event: u64,
    pub milestone_event: u64,
    pub state_event: u64,
    pub board: u64,
    pub board_list: u64,
    pub epic: u64,
    pub epic_issue: u64,
}
