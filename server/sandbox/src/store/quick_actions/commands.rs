//! Every quick action GitLab Community Edition defines, with what it applies to and what the
//! sandbox does for it. GitLab removes a known command's line whatever it is written on, so
//! the detector knows all of them; those the sandbox does not model (`/severity`, `/zoom`…)
//! are removed and answered "Could not apply … command.", as GitLab answers a command that
//! does not apply.

use super::context::{Context, Outcome};
use super::{commit, issuable, issue, merge_request};

/// What a command can be written on (GitLab's `types`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Applies {
    /// Issues and merge requests.
    Issuables,
    Issues,
    MergeRequests,
    Commits,
}

/// What a command does: its condition, what it changes, and what it says (see [`Outcome`]).
pub(super) type Run = fn(&mut Context<'_>, Option<&str>) -> Outcome;

pub(super) struct Command {
    /// Its name, then its aliases.
    pub names: &'static [&'static str],
    pub applies: Applies,
    /// `None`: recognised and removed, never applied here.
    pub run: Option<Run>,
}

const fn modelled(names: &'static [&'static str], applies: Applies, run: Run) -> Command {
    Command {
        names,
        applies,
        run: Some(run),
    }
}

const fn removed_only(names: &'static [&'static str], applies: Applies) -> Command {
    Command {
        names,
        applies,
        run: None,
    }
}

use Applies::{Commits, Issuables, Issues, MergeRequests};

static COMMANDS: &[Command] = &[
    // On issues and merge requests.
    modelled(&["close"], Issuables, issuable::close),
    modelled(&["reopen"], Issuables, issuable::reopen),
    modelled(&["title"], Issuables, issuable::title),
    modelled(&["label", "labels"], Issuables, issuable::label),
    modelled(&["unlabel", "remove_label"], Issuables, issuable::unlabel),
    modelled(&["relabel"], Issuables, issuable::relabel),
    modelled(&["todo"], Issuables, issuable::todo),
    modelled(&["done"], Issuables, issuable::done),
    modelled(&["subscribe"], Issuables, issuable::subscribe),
    modelled(&["unsubscribe"], Issuables, issuable::unsubscribe),
    modelled(&["react", "award"], Issuables, issuable::react),
    modelled(&["confidential"], Issues, issuable::confidential),
    modelled(&["assign"], Issuables, issuable::assign),
    modelled(&["unassign"], Issuables, issuable::unassign),
    modelled(&["milestone"], Issuables, issuable::milestone),
    modelled(&["remove_milestone"], Issuables, issuable::remove_milestone),
    modelled(&["copy_metadata"], Issuables, issuable::copy_metadata),
    modelled(
        &["estimate", "estimate_time"],
        Issuables,
        issuable::estimate,
    ),
    modelled(
        &["spend", "spent", "spend_time"],
        Issuables,
        issuable::spend,
    ),
    modelled(
        &["remove_estimate", "remove_time_estimate"],
        Issuables,
        issuable::remove_estimate,
    ),
    modelled(
        &["remove_time_spent"],
        Issuables,
        issuable::remove_time_spent,
    ),
    modelled(&["lock"], Issuables, issuable::lock),
    modelled(&["unlock"], Issuables, issuable::unlock),
    // On issues.
    modelled(&["due"], Issues, issue::due),
    modelled(&["remove_due_date"], Issues, issue::remove_due_date),
    modelled(&["duplicate"], Issues, issue::duplicate),
    modelled(&["move"], Issues, issue::move_to),
    modelled(&["clone"], Issues, issue::clone_to),
    modelled(&["relate"], Issues, issue::relate),
    modelled(&["unlink"], Issues, issue::unlink),
    removed_only(&["severity"], Issues),
    removed_only(&["board_move"], Issues),
    removed_only(&["create_merge_request"], Issues),
    removed_only(&["zoom"], Issues),
    removed_only(&["remove_zoom"], Issues),
    removed_only(&["add_email"], Issues),
    removed_only(&["remove_email"], Issues),
    removed_only(&["convert_to_ticket"], Issues),
    removed_only(&["promote_to_incident"], Issues),
    removed_only(&["add_contacts"], Issues),
    removed_only(&["remove_contacts"], Issues),
    removed_only(&["timeline"], Issues),
    removed_only(&["type"], Issues),
    removed_only(&["promote_to"], Issues),
    removed_only(&["set_parent", "epic"], Issues),
    removed_only(&["remove_parent"], Issues),
    removed_only(&["add_child"], Issues),
    removed_only(&["remove_child"], Issues),
    // On merge requests.
    modelled(&["merge"], MergeRequests, merge_request::merge),
    modelled(&["rebase"], MergeRequests, merge_request::rebase),
    modelled(&["draft"], MergeRequests, merge_request::draft),
    modelled(&["ready"], MergeRequests, merge_request::ready),
    modelled(
        &["target_branch"],
        MergeRequests,
        merge_request::target_branch,
    ),
    modelled(
        &["submit_review"],
        MergeRequests,
        merge_request::submit_review,
    ),
    modelled(&["approve"], MergeRequests, merge_request::approve),
    modelled(&["unapprove"], MergeRequests, merge_request::unapprove),
    modelled(
        &["assign_reviewer", "reviewer"],
        MergeRequests,
        merge_request::assign_reviewer,
    ),
    modelled(
        &["request_review"],
        MergeRequests,
        merge_request::request_review,
    ),
    modelled(
        &["unassign_reviewer", "remove_reviewer"],
        MergeRequests,
        merge_request::unassign_reviewer,
    ),
    removed_only(&["request_changes"], MergeRequests),
    // On commits.
    modelled(&["tag"], Commits, commit::tag),
];

/// Lines GitLab replaces by a face instead of running (`/shrug anything` becomes the face).
const SUBSTITUTIONS: &[(&str, &str)] =
    &[("shrug", "¯\\＿(ツ)＿/¯"), ("tableflip", "(╯°□°)╯︵ ┻━┻")];

/// What a name written after `/` is, to the detector.
pub(super) enum Lookup {
    Command,
    Substitution(&'static str),
}

/// A name the detector takes, matched as Ruby's case-insensitive regular expressions match:
/// by case folding, where the long `ſ` is an `s` and the Kelvin sign a `k`. (`/cc` is not
/// one: GitLab only lists it for autocompletion and leaves it in the text.)
pub(super) fn lookup(written: &str) -> Option<Lookup> {
    let folded: String = written
        .chars()
        .map(|c| match c {
            'ſ' => 's',
            '\u{212A}' => 'k',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if COMMANDS.iter().any(|c| c.names.contains(&folded.as_str())) {
        return Some(Lookup::Command);
    }
    SUBSTITUTIONS
        .iter()
        .find(|(name, _)| *name == folded)
        .map(|(_, face)| Lookup::Substitution(face))
}

/// The command a found name (already lower-cased) runs. GitLab finds definitions by the
/// lower-cased name, so a name that only matched by folding (`/cloſe`) runs nothing.
pub(super) fn command(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.names.contains(&name))
}

impl Command {
    /// Its name as GitLab's messages give it.
    pub fn name(&self) -> &'static str {
        self.names[0]
    }
}
