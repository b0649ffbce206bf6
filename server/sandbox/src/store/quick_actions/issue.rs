//! The commands of issues only: the due date, marking a duplicate, moving and cloning to
//! another project, and linking to other issues.

use super::context::{Context, Outcome, said, silent};
use super::references::{due_date, issue as issue_named, project_by_path, sentence, shown_date};
use crate::store::tracking::Issuable;

/// The issue's project id, iid and global id, when the target is an issue.
fn issue(cx: &Context<'_>) -> Option<(u64, u64, u64)> {
    match cx.issuable()? {
        Issuable::Issue(project, iid) => {
            Some((project, iid, cx.store.projects[&project].issues[&iid].id))
        }
        Issuable::MergeRequest(..) => None,
    }
}

/// `/due <date>`.
pub(super) fn due(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some(arg) = arg else {
        return silent();
    };
    let Some(date) = due_date(arg) else {
        return said("Failed to set due date because the date format is invalid.");
    };
    let message = format!("Set the due date to {}.", shown_date(&date));
    cx.updates.due_date = Some(Some(date));
    said(message)
}

/// `/remove_due_date`: when there is one.
pub(super) fn remove_due_date(cx: &mut Context<'_>, _: Option<&str>) -> Outcome {
    let Some((project, iid, _)) = issue(cx) else {
        return Outcome::NotApplicable;
    };
    if !cx.persisted() || cx.store.projects[&project].issues[&iid].due_date.is_none() {
        return Outcome::NotApplicable;
    }
    cx.updates.due_date = Some(None);
    said("Removed the due date.")
}

/// `/duplicate #1`: this issue gets closed as a duplicate of that one, and they are linked.
pub(super) fn duplicate(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some((_, _, this)) = issue(cx).filter(|_| cx.persisted()) else {
        return Outcome::NotApplicable;
    };
    let Some(arg) = arg else {
        return silent();
    };
    let Some(canonical) = issue_named(cx.store, cx.project(), arg) else {
        return said(
            "Failed to mark this Issue as a duplicate because referenced item was not found.",
        );
    };
    if canonical == this {
        return said("Failed to mark the Issue as duplicate of itself.");
    }
    cx.updates.canonical_issue_id = Some(canonical);
    let url = cx.store.issue_url(canonical);
    said(format!(
        "Closed this Issue. Marked as related to, and a duplicate of, {url}."
    ))
}

/// `/move group/project`: the issue is made again there, and this one closed.
pub(super) fn move_to(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    if issue(cx).is_none() || !cx.persisted() {
        return Outcome::NotApplicable;
    }
    let Some(path) = arg.map(str::trim) else {
        return silent();
    };
    let Some(target) = project_by_path(cx.store, path) else {
        return said(
            "Unable to move. Target project or group doesn't exist or doesn't support this item type.",
        );
    };
    cx.updates.move_to = Some(target);
    said(format!("Moved this item to {path}."))
}

/// `/clone [group/project] [--with_notes]`: a copy there (or in the same project), with its
/// notes when asked.
pub(super) fn clone_to(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some((project, _, _)) = issue(cx).filter(|_| cx.persisted()) else {
        return Outcome::NotApplicable;
    };
    let mut words: Vec<&str> = arg.unwrap_or_default().split(' ').collect();
    words.retain(|w| !w.is_empty());
    let with_notes = words.contains(&"--with_notes");
    words.retain(|w| *w != "--with_notes");
    // More than one path: too many spaces, or a mistyped `--with_notes`.
    if words.len() > 1 {
        return said("Failed to clone this item: wrong parameters.");
    }
    let target = match words.first() {
        None => Some(project),
        Some(path) => project_by_path(cx.store, path),
    };
    let Some(target) = target else {
        return said(
            "Unable to clone. Target project or group doesn't exist or doesn't support this item type.",
        );
    };
    let shown = match words.first() {
        Some(path) => (*path).to_owned(),
        None => cx.store.full_path(cx.project()),
    };
    cx.updates.clone_to = Some((target, with_notes));
    said(format!("Cloned this item to {shown}."))
}

/// `/relate #1 group/project#2`: links each at once (GitLab does not wait for the other
/// updates). Issues already linked, or not found, are skipped.
pub(super) fn relate(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some((_, _, this)) = issue(cx) else {
        return Outcome::NotApplicable;
    };
    let Some(arg) = arg else {
        return silent();
    };
    let references: Vec<String> = arg
        .split(' ')
        .filter(|r| !r.is_empty())
        .map(str::to_owned)
        .collect();
    for reference in &references {
        if let Some(other) = issue_named(cx.store, cx.project(), reference) {
            // Already linked, or itself: GitLab's link service skips it.
            let _ = cx.store.link_issues(this, other, "relates_to");
        }
    }
    said(format!(
        "Added {} as a linked item related to this issue.",
        sentence(&references)
    ))
}

/// `/unlink #1`: removes the link with that issue, at once.
pub(super) fn unlink(cx: &mut Context<'_>, arg: Option<&str>) -> Outcome {
    let Some((_, _, this)) = issue(cx) else {
        return Outcome::NotApplicable;
    };
    let Some(arg) = arg else {
        return silent();
    };
    let other = arg
        .split_whitespace()
        .find_map(|reference| issue_named(cx.store, cx.project(), reference));
    let link = other.and_then(|other| {
        cx.store
            .issue_links
            .iter()
            .position(|l| l.involves(this) && l.involves(other))
            .map(|index| (index, other))
    });
    let Some((index, other)) = link else {
        return said("No linked issue matches the provided parameter.");
    };
    let reference = cx.store.issue_reference(other, this);
    cx.store.unlink_issues(index);
    said(format!("Removed linked item {reference}."))
}
