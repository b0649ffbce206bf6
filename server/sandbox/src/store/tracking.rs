//! What GitLab keeps beside issues and merge requests rather than in them: who subscribed to
//! which (an explicit choice per user), the time estimated and spent on each, and who
//! starred which project.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Value, json};

use super::durations::human_duration;
use super::notes::Discussion;
use super::state::Store;

/// An issue or a merge request of a project, by iid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Issuable {
    Issue(u64, u64),
    MergeRequest(u64, u64),
}

/// Seconds estimated and spent.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct TimeStats {
    pub estimate: i64,
    pub spent: i64,
}

#[derive(Default)]
pub(crate) struct Tracking {
    /// An explicit (un)subscription, by issuable and user.
    pub subscriptions: BTreeMap<(Issuable, u64), bool>,
    pub time: BTreeMap<Issuable, TimeStats>,
    /// (user, project) pairs.
    pub stars: BTreeSet<(u64, u64)>,
}

impl Store {
    /// Whether `user_id` gets notified about `issuable`: their explicit choice, else whether
    /// they take part in it (author, assignee, reviewer, or wrote a note), as GitLab
    /// subscribes participants without asking.
    pub fn subscribed(&self, issuable: Issuable, user_id: u64) -> bool {
        if let Some(&choice) = self.tracking.subscriptions.get(&(issuable, user_id)) {
            return choice;
        }
        let (people, discussions): (Vec<u64>, &[Discussion]) = match issuable {
            Issuable::Issue(project, iid) => {
                let issue = &self.projects[&project].issues[&iid];
                let mut people = vec![issue.author_id];
                people.extend(&issue.assignee_ids);
                (people, &issue.discussions)
            }
            Issuable::MergeRequest(project, iid) => {
                let mr = &self.projects[&project].merge_requests[&iid];
                let mut people = vec![mr.author_id];
                people.extend(&mr.assignee_ids);
                people.extend(&mr.reviewer_ids);
                (people, &mr.discussions)
            }
        };
        people.contains(&user_id)
            || discussions
                .iter()
                .flat_map(|d| &d.notes)
                .any(|n| !n.system && n.author_id == user_id)
    }

    pub fn time_stats(&self, issuable: Issuable) -> TimeStats {
        self.tracking
            .time
            .get(&issuable)
            .copied()
            .unwrap_or_default()
    }

    /// GitLab's time stats entity.
    pub fn time_stats_json(&self, issuable: Issuable) -> Value {
        let stats = self.time_stats(issuable);
        json!({
            "time_estimate": stats.estimate,
            "total_time_spent": stats.spent,
            "human_time_estimate": human_duration(stats.estimate),
            "human_total_time_spent": human_duration(stats.spent),
        })
    }

    pub fn star_count(&self, project_id: u64) -> usize {
        self.tracking
            .stars
            .iter()
            .filter(|(_, p)| *p == project_id)
            .count()
    }
}
