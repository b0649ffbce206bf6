//! A group's iterations (time boxes of an iteration cadence). GitLab keeps their state up
//! to date from their dates: upcoming, current, then closed; here it is worked out when
//! asked.

use serde_json::{Value, json};

use crate::store::now;
use crate::store::state::Store;

pub(crate) struct Iteration {
    pub id: u64,
    /// Counts per group, from 1.
    pub iid: u64,
    /// Its place in its cadence, from 1.
    pub sequence: u64,
    pub group_id: u64,
    pub cadence_title: String,
    pub title: Option<String>,
    pub description: Option<String>,
    pub start_date: String,
    pub due_date: String,
    pub created_at: String,
    pub updated_at: String,
}

impl Iteration {
    /// `upcoming`, `current` or `closed`, by today's date.
    pub fn state(&self) -> &'static str {
        let today = &now()[..10];
        if today < self.start_date.as_str() {
            "upcoming"
        } else if today <= self.due_date.as_str() {
            "current"
        } else {
            "closed"
        }
    }
}

impl Store {
    /// GitLab's `Iteration` entity; its `state` is the number GitLab stores (1 upcoming,
    /// 2 current, 3 closed).
    pub fn iteration_json(&self, iteration: &Iteration) -> Value {
        let group = &self.groups[&iteration.group_id];
        let state = match iteration.state() {
            "upcoming" => 1,
            "current" => 2,
            _ => 3,
        };
        json!({
            "id": iteration.id,
            "iid": iteration.iid,
            "sequence": iteration.sequence,
            "group_id": iteration.group_id,
            "title": iteration.title,
            "description": iteration.description,
            "state": state,
            "created_at": iteration.created_at,
            "updated_at": iteration.updated_at,
            "start_date": iteration.start_date,
            "due_date": iteration.due_date,
            "web_url": format!("{}/groups/{}/-/iterations/{}", self.base, group.path, iteration.id),
        })
    }
}
