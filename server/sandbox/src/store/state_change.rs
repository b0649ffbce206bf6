//! GitLab's state events on issues and merge requests (`state_event` of an update, `/close`
//! and `/reopen`).

use super::people::CURRENT_USER;

/// What a state change touches on an issue or merge request.
pub(crate) struct StateChange<'a> {
    pub state: &'a mut &'static str,
    pub closed_at: &'a mut Option<String>,
    pub closed_by: &'a mut Option<u64>,
}

impl StateChange<'_> {
    /// `state_event` of an update: `close` closes an open issue or merge request (by the
    /// current user), `reopen` reopens a closed one; anything else leaves the state alone.
    pub fn apply(self, event: Option<&str>, now: &str) {
        match event {
            Some("close") if *self.state == "opened" => {
                *self.state = "closed";
                *self.closed_at = Some(now.to_owned());
                *self.closed_by = Some(CURRENT_USER);
            }
            Some("reopen") if *self.state == "closed" => {
                *self.state = "opened";
                *self.closed_at = None;
                *self.closed_by = None;
            }
            _ => {}
        }
    }
}
