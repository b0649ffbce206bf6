//! Every quick action GitLab knows (Community and Enterprise Edition, 17.x–18.x): its
//! names, what it does in a sentence, the action that does the same openly, whether it
//! loses work as a guarded action does, and what its argument may name beyond the item it
//! is written on.
//!
//! Left out on purpose: `/cc` (GitLab never runs or removes it) and the substitutions
//! `/shrug` and `/tableflip`, which only change the text itself.

/// What a command's argument may name besides the item it is written on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reaches {
    /// Nothing outside the item (a label, a user, a date, a branch of the same project).
    Nothing,
    /// A project or group by its full path (`/move group/other`), or none: the same one.
    Container,
    /// Items by reference: `#12`, `!3`, `&5` in the same project or group; `group/project#12`
    /// or an item's URL in another.
    Items,
}

/// One quick action.
#[derive(Debug)]
pub struct Command {
    /// Its name and aliases, lowercase, as written after the `/`.
    pub names: &'static [&'static str],
    /// What it does, `{}` standing for the item it is written on: `closes {}`.
    pub does: &'static str,
    /// The catalog action that does it openly, for a refusal to point to.
    pub instead: &'static str,
    /// It loses work the way a guarded destructive action does (`/merge`): it gets that
    /// action's guard.
    pub destructive: bool,
    pub reaches: Reaches,
}

const fn command(
    names: &'static [&'static str],
    does: &'static str,
    instead: &'static str,
) -> Command {
    Command {
        names,
        does,
        instead,
        destructive: false,
        reaches: Reaches::Nothing,
    }
}

const fn reaching(
    names: &'static [&'static str],
    does: &'static str,
    instead: &'static str,
    reaches: Reaches,
) -> Command {
    Command {
        names,
        does,
        instead,
        destructive: false,
        reaches,
    }
}

const UPDATE: &str = "`issue.update` or `merge_request.update`";

/// The table. Names are unique across it.
pub static COMMANDS: &[Command] = &[
    // Issues, merge requests and epics.
    command(&["close"], "closes {}", UPDATE),
    command(&["reopen"], "reopens {}", UPDATE),
    command(&["title"], "changes the title of {}", UPDATE),
    command(&["label", "labels"], "adds labels to {}", UPDATE),
    command(
        &["unlabel", "remove_label"],
        "removes labels from {}",
        UPDATE,
    ),
    command(&["relabel"], "replaces the labels of {}", UPDATE),
    command(
        &["todo"],
        "adds a to-do for you on {}",
        "`todo.list` and the web page",
    ),
    command(&["done"], "marks your to-do on {} as done", "`todo.done`"),
    command(
        &["subscribe"],
        "subscribes you to {}",
        "`issue.subscribe` or `merge_request.subscribe`",
    ),
    command(
        &["unsubscribe"],
        "unsubscribes you from {}",
        "`issue.unsubscribe` or `merge_request.unsubscribe`",
    ),
    command(
        &["react", "award"],
        "toggles your emoji reaction on {}",
        "`issue.emoji_create` or `merge_request.emoji_create`",
    ),
    command(&["confidential"], "makes {} confidential", "`issue.update`"),
    command(&["severity"], "sets the severity of {}", "`issue.update`"),
    // Issues.
    command(&["due"], "sets the due date of {}", "`issue.update`"),
    command(
        &["remove_due_date"],
        "removes the due date of {}",
        "`issue.update`",
    ),
    command(
        &["board_move"],
        "moves {} to another board column",
        "`issue.update`",
    ),
    reaching(
        &["duplicate"],
        "closes {} as a duplicate of another item and links them",
        "`issue.update` and `issue.link_create`",
        Reaches::Items,
    ),
    reaching(
        &["clone"],
        "copies {} into a project or group",
        "the web page",
        Reaches::Container,
    ),
    reaching(
        &["move"],
        "moves {} to another project or group",
        "`api.request` with `POST projects/:id/issues/:iid/move`",
        Reaches::Container,
    ),
    command(
        &["create_merge_request"],
        "creates a branch and a merge request for {}",
        "`branch.create` and `merge_request.create`",
    ),
    command(&["zoom"], "adds a Zoom meeting link to {}", "the web page"),
    command(
        &["remove_zoom"],
        "removes the Zoom meeting link of {}",
        "the web page",
    ),
    command(
        &["add_email"],
        "adds e-mail participants to {}",
        "the web page",
    ),
    command(
        &["remove_email"],
        "removes e-mail participants of {}",
        "the web page",
    ),
    command(
        &["convert_to_ticket"],
        "turns {} into a Service Desk ticket",
        "the web page",
    ),
    command(
        &["promote_to_incident"],
        "turns {} into an incident",
        "`issue.update`",
    ),
    command(&["add_contacts"], "adds CRM contacts to {}", "the web page"),
    command(
        &["remove_contacts"],
        "removes CRM contacts from {}",
        "the web page",
    ),
    command(&["timeline"], "adds a timeline event to {}", "the web page"),
    // Issues and merge requests.
    command(&["assign"], "assigns users to {}", UPDATE),
    command(&["unassign"], "removes assignees of {}", UPDATE),
    command(&["reassign"], "replaces the assignees of {}", UPDATE),
    command(&["milestone"], "sets the milestone of {}", UPDATE),
    command(&["remove_milestone"], "removes the milestone of {}", UPDATE),
    reaching(
        &["copy_metadata"],
        "copies labels and milestone from another item to {}",
        UPDATE,
        Reaches::Items,
    ),
    command(
        &["estimate", "estimate_time"],
        "sets the time estimate of {}",
        "`issue.time_estimate_set` or `merge_request.time_estimate_set`",
    ),
    command(
        &["spend", "spent", "spend_time"],
        "adds spent time to {}",
        "`issue.time_spent_add` or `merge_request.time_spent_add`",
    ),
    command(
        &["remove_estimate", "remove_time_estimate"],
        "removes the time estimate of {}",
        "the web page",
    ),
    command(
        &["remove_time_spent"],
        "removes the time spent on {}",
        "the web page",
    ),
    command(&["lock"], "locks the discussion of {}", UPDATE),
    command(&["unlock"], "unlocks the discussion of {}", UPDATE),
    command(&["weight"], "sets the weight of {}", "`issue.update`"),
    command(
        &["clear_weight"],
        "clears the weight of {}",
        "`issue.update`",
    ),
    // Merge requests.
    Command {
        names: &["merge"],
        does: "merges {}",
        instead: "`merge_request.merge`",
        destructive: true,
        reaches: Reaches::Nothing,
    },
    command(
        &["rebase"],
        "rebases the source branch of {}",
        "`merge_request.rebase`",
    ),
    command(&["draft"], "marks {} as a draft", "`merge_request.update`"),
    command(&["ready"], "marks {} as ready", "`merge_request.update`"),
    command(
        &["target_branch"],
        "changes the target branch of {}",
        "`merge_request.update`",
    ),
    command(
        &["submit_review"],
        "publishes your pending review comments on {}",
        "`merge_request.draft_note_publish_all`",
    ),
    command(
        &["request_changes"],
        "sets your review of {} to changes requested",
        "the web page",
    ),
    command(&["approve"], "approves {}", "`merge_request.approve`"),
    command(
        &["unapprove"],
        "withdraws your approval of {}",
        "`merge_request.unapprove`",
    ),
    command(
        &["assign_reviewer", "reviewer"],
        "asks users to review {}",
        "`merge_request.update`",
    ),
    command(
        &["request_review"],
        "asks users to review {} again",
        "`merge_request.update`",
    ),
    command(
        &["unassign_reviewer", "remove_reviewer"],
        "removes reviewers of {}",
        "`merge_request.update`",
    ),
    command(
        &["reassign_reviewer"],
        "replaces the reviewers of {}",
        "`merge_request.update`",
    ),
    command(
        &["duo_code_review"],
        "asks GitLab Duo to review {}",
        "the web page",
    ),
    command(
        &["summarize_diff"],
        "summarises the diff of {} with AI",
        "the web page",
    ),
    command(&["q"], "starts an Amazon Q action on {}", "the web page"),
    // Commits.
    command(&["tag"], "creates a Git tag at {}", "`tag.create`"),
    // Links between items, and work items.
    reaching(
        &["relate"],
        "links {} to other items",
        "`issue.link_create`",
        Reaches::Items,
    ),
    reaching(
        &["unlink"],
        "removes a link of {}",
        "`issue.link_delete`",
        Reaches::Items,
    ),
    reaching(
        &["blocks"],
        "marks {} as blocking other items",
        "`issue.link_create`",
        Reaches::Items,
    ),
    reaching(
        &["blocked_by"],
        "marks {} as blocked by other items",
        "`issue.link_create`",
        Reaches::Items,
    ),
    command(&["type"], "changes the type of {}", "the web page"),
    command(
        &["promote_to"],
        "promotes {} to another type",
        "the web page",
    ),
    reaching(
        &["set_parent", "epic"],
        "sets the parent of {}",
        "the web page",
        Reaches::Items,
    ),
    command(
        &["remove_parent"],
        "removes the parent of {}",
        "the web page",
    ),
    reaching(
        &["add_child"],
        "adds child items to {}",
        "the web page",
        Reaches::Items,
    ),
    reaching(
        &["remove_child"],
        "removes a child item of {}",
        "the web page",
        Reaches::Items,
    ),
    command(&["remove_epic"], "removes {} from its epic", "the web page"),
    command(
        &["promote"],
        "promotes {} to an epic of its group",
        "the web page",
    ),
    command(&["iteration"], "sets the iteration of {}", "the web page"),
    command(
        &["remove_iteration"],
        "removes the iteration of {}",
        "the web page",
    ),
    command(
        &["publish"],
        "publishes {} to the status page",
        "the web page",
    ),
    command(
        &["health_status"],
        "sets the health status of {}",
        "the web page",
    ),
    command(
        &["clear_health_status"],
        "clears the health status of {}",
        "the web page",
    ),
    command(
        &["page"],
        "pages the on-call escalation policy for {}",
        "the web page",
    ),
    command(&["link"], "adds a resource link to {}", "the web page"),
    reaching(
        &["child_epic"],
        "adds a child epic to {}",
        "the web page",
        Reaches::Items,
    ),
    reaching(
        &["remove_child_epic"],
        "removes a child epic of {}",
        "the web page",
        Reaches::Items,
    ),
    reaching(
        &["parent_epic"],
        "sets the parent epic of {}",
        "the web page",
        Reaches::Items,
    ),
    command(
        &["remove_parent_epic"],
        "removes the parent epic of {}",
        "the web page",
    ),
    command(
        &["checkin_reminder"],
        "sets the check-in reminder of {}",
        "the web page",
    ),
    command(&["status"], "sets the status of {}", "the web page"),
];

/// The command named `name` (lowercase), if GitLab knows one.
#[cfg(test)]
pub fn named(name: &str) -> Option<&'static Command> {
    COMMANDS
        .iter()
        .find(|command| command.names.contains(&name))
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn names_are_unique_lowercase_and_say_where_they_act() {
        let mut seen = HashSet::new();
        for command in COMMANDS {
            assert!(command.does.contains("{}"), "{:?}", command.names);
            for name in command.names {
                assert_eq!(*name, name.to_lowercase());
                assert!(seen.insert(*name), "`{name}` twice");
            }
        }
        assert!(named("merge").unwrap().destructive);
        assert_eq!(named("move").unwrap().reaches, Reaches::Container);
        assert!(named("shrug").is_none() && named("cc").is_none());
    }

    #[test]
    fn each_points_to_actions_the_catalog_has() {
        for command in COMMANDS {
            let ids = command.instead.split('`').skip(1).step_by(2);
            for id in ids.filter(|id| id.contains('.')) {
                assert!(
                    crate::registry::catalog().get(id).is_some(),
                    "`/{}` points to `{id}`, which the catalog does not have",
                    command.names[0]
                );
            }
        }
    }
}
