//! The commands of issues and merge requests alike. Each checks GitLab's condition first
//! (not holding: [`Outcome::NotApplicable`]), then reads its argument, gathers its update
//! and says what GitLab says. A command whose argument GitLab requires does nothing without
//! one.

use super::context::{Context, Outcome, said, silent};
use super::references::{
    emoji, label_list, labels_named, milestone as milestone_named, people, plural, unknown_users,
    users,
};
use super::updates::{Spend, add_each};
use crate::store::durations::human_duration;
use crate::store::parse_duration;
use crate::store::tracking::Issuable;
use crate::store::{CURRENT_USER, parse_time};

/// `/close`: an open issue or merge request, already saved.
pub(super) fn close(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some(seen) = cx.seen() else {
        return Outcome::NotApplicable;
    };
    if !cx.persisted() || !seen.open() {
        return Outcome::NotApplicable;
    }
    cx.updates.state_event = Some("close");
    said(format!("Closed this {}.", seen.noun))
}

/// `/reopen`: a closed one (a merged merge request is not closed).
pub(super) fn reopen(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some(seen) = cx.seen() else {
        return Outcome::NotApplicable;
    };
    if !cx.persisted() || seen.state != "closed" {
        return Outcome::NotApplicable;
    }
    cx.updates.state_event = Some("reopen");
    said(format!("Reopened this {}.", seen.noun))
}

/// `/title <new title>`.
pub(super) fn title(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    if !cx.persisted() {
        return Outcome::NotApplicable;
    }
    let Some(title) = arg else {
        return silent();
    };
    cx.updates.title = Some(title.to_owned());
    said(format!("Changed the title to \"{title}\"."))
}

/// `/label ~a ~"b c"`: adds labels that exist (never makes one); the project must have
/// some labels at all.
pub(super) fn label(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let usable = cx.store.usable_labels(cx.project());
    if usable.is_empty() {
        return Outcome::NotApplicable;
    }
    let found = labels_named(&usable, arg.unwrap_or_default());
    if found.is_empty() {
        return silent();
    }
    add_each(&mut cx.updates.add_labels, &found);
    said(format!(
        "Added {} {}.",
        label_list(&found),
        plural("label", found.len())
    ))
}

/// `/unlabel [~a]`: removes the labels named, or all of them; the target must have labels.
pub(super) fn unlabel(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some(seen) = cx.seen() else {
        return Outcome::NotApplicable;
    };
    if !cx.persisted() || seen.labels.is_empty() {
        return Outcome::NotApplicable;
    }
    let Some(arg) = arg else {
        cx.updates.labels = Some(Vec::new());
        return said("Removed all labels.");
    };
    let found = labels_named(&cx.store.usable_labels(cx.project()), arg);
    if found.is_empty() {
        // GitLab says so even though nothing it could name goes.
        return said("Removed all labels.");
    }
    add_each(&mut cx.updates.remove_labels, &found);
    said(format!(
        "Removed {} {}.",
        label_list(&found),
        plural("label", found.len())
    ))
}

/// `/relabel ~a`: replaces every label by those named; the target must have labels.
pub(super) fn relabel(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some(seen) = cx.seen() else {
        return Outcome::NotApplicable;
    };
    if !cx.persisted() || seen.labels.is_empty() {
        return Outcome::NotApplicable;
    }
    let Some(arg) = arg else {
        return silent();
    };
    let found = labels_named(&cx.store.usable_labels(cx.project()), arg);
    if found.is_empty() {
        return silent();
    }
    add_each(cx.updates.labels.get_or_insert_default(), &found);
    said(format!(
        "Replaced all labels with {} {}.",
        label_list(&found),
        plural("label", found.len())
    ))
}

/// The current user's pending to-do item on the target, if any.
fn has_todo(cx: &Context<'_>) -> bool {
    let Some(issuable) = cx.issuable() else {
        return false;
    };
    let (project, kind, iid) = match issuable {
        Issuable::Issue(project, iid) => (project, "Issue", iid),
        Issuable::MergeRequest(project, iid) => (project, "MergeRequest", iid),
    };
    cx.store.todos.iter().any(|t| {
        t.state == "pending"
            && t.project_id == project
            && t.target_type == kind
            && t.target_iid == iid
    })
}

/// `/todo`: when the current user has no pending to-do item on it.
pub(super) fn todo(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    if !cx.persisted() || has_todo(cx) {
        return Outcome::NotApplicable;
    }
    cx.updates.todo_event = Some("add");
    said("Added a to-do item.")
}

/// `/done`: when they have one.
pub(super) fn done(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    if !cx.persisted() || !has_todo(cx) {
        return Outcome::NotApplicable;
    }
    cx.updates.todo_event = Some("done");
    said("Marked to-do item as done.")
}

fn subscribed(cx: &Context<'_>) -> bool {
    cx.issuable()
        .is_some_and(|issuable| cx.store.subscribed(issuable, CURRENT_USER))
}

/// `/subscribe`: when the current user is not subscribed.
pub(super) fn subscribe(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    if !cx.persisted() || subscribed(cx) {
        return Outcome::NotApplicable;
    }
    cx.updates.subscription_event = Some("subscribe");
    said("Subscribed to notifications.")
}

/// `/unsubscribe`: when they are.
pub(super) fn unsubscribe(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    if !cx.persisted() || !subscribed(cx) {
        return Outcome::NotApplicable;
    }
    cx.updates.subscription_event = Some("unsubscribe");
    said("Unsubscribed from notifications.")
}

/// `/react :emoji:` (or `/award`): toggles the current user's reaction.
pub(super) fn react(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    if !cx.persisted() {
        return Outcome::NotApplicable;
    }
    let Some(name) = arg.and_then(emoji) else {
        return silent();
    };
    let message = format!("Toggled :{name}: emoji reaction.");
    cx.updates.emoji_award = Some(name);
    said(message)
}

/// `/confidential`: an issue that is not confidential yet.
pub(super) fn confidential(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some(Issuable::Issue(_, iid)) = cx.issuable() else {
        return Outcome::NotApplicable;
    };
    if cx.project().issues[&iid].confidential {
        return Outcome::NotApplicable;
    }
    cx.updates.confidential = Some(true);
    said("Made this issue confidential.")
}

/// `/assign @user me`: Community Edition allows one assignee, so the first user named
/// replaces them.
pub(super) fn assign(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some(arg) = arg else {
        return silent();
    };
    let found = match users(cx.store, arg) {
        Ok(found) => found,
        Err(missing) => return said(unknown_users(&missing)),
    };
    let Some(&first) = found.first() else {
        return said("Failed to assign a user because no user was found.");
    };
    cx.updates.assignee_ids = Some(vec![first]);
    said(format!("Assigned {}.", people(cx.store, &[first])))
}

/// `/unassign`: with one assignee allowed, every assignee goes, whoever is named.
pub(super) fn unassign(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some(seen) = cx.seen() else {
        return Outcome::NotApplicable;
    };
    if !cx.persisted() || seen.assignee_ids.is_empty() {
        return Outcome::NotApplicable;
    }
    cx.updates.assignee_ids = Some(Vec::new());
    said(format!(
        "Removed {} {}.",
        plural("assignee", seen.assignee_ids.len()),
        people(cx.store, &seen.assignee_ids)
    ))
}

/// `/milestone %"name"`: the project must have an active milestone.
pub(super) fn milestone(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let project = cx.project();
    if !project.milestones.values().any(|m| m.state == "active") {
        return Outcome::NotApplicable;
    }
    let Some((id, title)) = arg.and_then(|arg| milestone_named(project, arg)) else {
        return silent();
    };
    cx.updates.milestone_id = Some(Some(id));
    said(format!("Set the milestone to %\"{title}\"."))
}

/// `/remove_milestone`: when one is set.
pub(super) fn remove_milestone(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some(seen) = cx.seen() else {
        return Outcome::NotApplicable;
    };
    let Some(current) = seen.milestone_id.filter(|_| cx.persisted()) else {
        return Outcome::NotApplicable;
    };
    let title = cx
        .project()
        .milestones
        .values()
        .find(|m| m.id == current)
        .map(|m| m.title.clone())
        .unwrap_or_default();
    cx.updates.milestone_id = Some(None);
    said(format!("Removed %\"{title}\" milestone."))
}

/// `/copy_metadata #1` or `!1`: the labels and milestone of another issue or merge request
/// of the same project.
pub(super) fn copy_metadata(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some(reference) = arg.map(str::trim) else {
        return silent();
    };
    let project = cx.project();
    let source = if let Some(iid) = reference.strip_prefix('#') {
        let issue = iid
            .parse()
            .ok()
            .and_then(|iid: u64| project.issues.get(&iid));
        issue.map(|i| (i.labels.clone(), i.milestone_id))
    } else if let Some(iid) = reference.strip_prefix('!') {
        let mr = iid
            .parse()
            .ok()
            .and_then(|iid: u64| project.merge_requests.get(&iid));
        mr.map(|m| (m.labels.clone(), m.milestone_id))
    } else {
        None
    };
    let Some((labels, milestone)) = source else {
        return said("Failed to find work item or merge request");
    };
    let usable = cx.store.usable_labels(project);
    let labels: Vec<_> = usable
        .into_iter()
        .filter(|l| labels.contains(&l.name))
        .collect();
    cx.updates.add_labels = labels;
    if milestone.is_some() {
        cx.updates.milestone_id = Some(milestone);
    }
    said(format!("Copied labels and milestone from {reference}."))
}

/// `/estimate 1w 3d`: `0` removes the estimate.
pub(super) fn estimate(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some(seconds) = arg.and_then(parse_duration).filter(|s| *s >= 0) else {
        return silent();
    };
    cx.updates.time_estimate = Some(seconds);
    match human_duration(seconds) {
        None => said("Removed time estimate."),
        Some(shown) => said(format!("Set time estimate to {shown}.")),
    }
}

/// `/spend 1h30m [YYYY-MM-DD]` (or `-30m` to subtract).
pub(super) fn spend(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some((seconds, on)) = arg.and_then(spent) else {
        return silent();
    };
    let shown = human_duration(seconds.abs()).unwrap_or_default();
    cx.updates.spend_time = Some(Spend::Add { seconds, on });
    if seconds > 0 {
        said(format!("Added {shown} spent time."))
    } else {
        said(format!("Subtracted {shown} spent time."))
    }
}

/// `1h30m 2026-01-09`: the duration (never zero) and the optional date it was spent on, which
/// may not be in the future; a `[timecategory:…]` is ignored.
fn spent(arg: &str) -> Option<(i64, Option<String>)> {
    let mut words: Vec<&str> = arg
        .split_whitespace()
        .filter(|w| !w.starts_with("[timecategory:"))
        .collect();
    let date = match words.last() {
        Some(last) if last.len() == 10 && last.as_bytes()[4] == b'-' => {
            let at = parse_time(last)?;
            if at > std::time::SystemTime::now() {
                return None;
            }
            let date = (*last).to_owned();
            words.pop();
            Some(date)
        }
        _ => None,
    };
    let seconds = parse_duration(&words.join(" ")).filter(|s| *s != 0)?;
    Some((seconds, date))
}

/// `/remove_estimate`.
pub(super) fn remove_estimate(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    if !cx.persisted() {
        return Outcome::NotApplicable;
    }
    cx.updates.time_estimate = Some(0);
    said("Removed time estimate.")
}

/// `/remove_time_spent`.
pub(super) fn remove_time_spent(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    if !cx.persisted() {
        return Outcome::NotApplicable;
    }
    cx.updates.spend_time = Some(Spend::Reset);
    said("Removed spent time.")
}

/// `/lock`: when the discussion is not locked.
pub(super) fn lock(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some(seen) = cx.seen() else {
        return Outcome::NotApplicable;
    };
    if !cx.persisted() || seen.locked {
        return Outcome::NotApplicable;
    }
    cx.updates.discussion_locked = Some(true);
    said("Locked the discussion.")
}

/// `/unlock`: when it is.
pub(super) fn unlock(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some(seen) = cx.seen() else {
        return Outcome::NotApplicable;
    };
    if !cx.persisted() || !seen.locked {
        return Outcome::NotApplicable;
    }
    cx.updates.discussion_locked = Some(false);
    said("Unlocked the discussion.")
}
