//! Quick actions (`/close`, `/label ~bug`, `/merge`…) as GitLab runs them: found in a note's
//! body (issue, merge request and commit notes, published draft notes) or in an issue's or a
//! merge request's description, taken out of the text, and run on what the text is written
//! on.
//!
//! GitLab interprets every command first, in order, checking each one's condition on the
//! target as it is (a command that does not apply is skipped, its line still removed, and
//! says "Could not apply … command."); a few act at once (`/approve`, `/relate`,
//! `/submit_review`), the others gather updates. Then the note is saved — unless it was
//! nothing but commands — and the updates are applied. `detect` finds the commands,
//! `commands` lists them, the modules named after targets interpret them, `apply` applies
//! what they gathered.

mod apply;
mod commands;
mod commit;
mod context;
mod detect;
mod issuable;
mod issue;
mod merge_request;
mod references;
mod updates;

use serde_json::Value;

use self::commands::Applies;
use self::context::{Context, Outcome};
use self::updates::Updates;
use super::state::Store;
use super::tracking::Issuable;

/// What a text's commands act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum On {
    /// Project id, iid.
    Issue(u64, u64),
    MergeRequest(u64, u64),
    /// Project id, full commit sha.
    Commit(u64, String),
}

impl On {
    pub fn issuable(&self) -> Option<Issuable> {
        match *self {
            On::Issue(project, iid) => Some(Issuable::Issue(project, iid)),
            On::MergeRequest(project, iid) => Some(Issuable::MergeRequest(project, iid)),
            On::Commit(..) => None,
        }
    }

    pub fn project_id(&self) -> u64 {
        match *self {
            On::Issue(project, _) | On::MergeRequest(project, _) | On::Commit(project, _) => {
                project
            }
        }
    }

    fn accepts(&self, applies: Applies) -> bool {
        matches!(
            (self, applies),
            (On::Issue(..) | On::MergeRequest(..), Applies::Issuables)
                | (On::Issue(..), Applies::Issues)
                | (On::MergeRequest(..), Applies::MergeRequests)
                | (On::Commit(..), Applies::Commits)
        )
    }
}

impl From<Issuable> for On {
    fn from(issuable: Issuable) -> On {
        match issuable {
            Issuable::Issue(project, iid) => On::Issue(project, iid),
            Issuable::MergeRequest(project, iid) => On::MergeRequest(project, iid),
        }
    }
}

/// What comes with the text and changes what its commands do.
#[derive(Debug, Clone, Default)]
pub(crate) struct Options {
    /// A note's `merge_request_diff_head_sha`: today's GitLab merges with `/merge` only when
    /// it is the merge request's head.
    pub merge_head_sha: Option<String>,
    /// Published as part of a review (bulk publishing): `/submit_review` does nothing there.
    pub in_review: bool,
    /// False while the target is being created from this text (its description): GitLab
    /// skips the commands that need it saved (`/close`, `/merge`, `/todo`…).
    pub persisted: bool,
}

impl Options {
    /// A note posted or edited, with its `merge_request_diff_head_sha` when sent.
    pub fn note(merge_head_sha: Option<String>) -> Options {
        Options {
            merge_head_sha,
            in_review: false,
            persisted: true,
        }
    }

    /// A description: of an issue or merge request being created, or of one being edited.
    pub fn description(persisted: bool) -> Options {
        Options {
            persisted,
            ..Options::default()
        }
    }

    /// A draft note being published, alone or with the whole review.
    pub fn published_draft(in_review: bool) -> Options {
        Options {
            in_review,
            ..Options::note(None)
        }
    }
}

/// A text once its commands are interpreted.
pub(crate) struct Interpreted {
    /// The text without its command lines, as GitLab stores it.
    pub text: String,
    /// How many commands GitLab knows were found (its `commands_executed_count`).
    commands: usize,
    updates: Updates,
    messages: Vec<String>,
}

impl Interpreted {
    /// Nothing but commands: GitLab saves no note (and deletes an edited one).
    pub fn only_commands(&self) -> bool {
        self.text.is_empty()
    }

    /// Whether any command was found.
    pub fn has_commands(&self) -> bool {
        self.commands > 0
    }

    /// GitLab's `commands_changes`: what the gathered updates change.
    pub fn changes(&self, note_id: Option<u64>) -> Value {
        self.updates.changes(note_id)
    }

    /// What the commands said, as one sentence after another; `None` when they said nothing.
    pub fn summary(&self) -> Option<String> {
        (!self.messages.is_empty()).then(|| self.messages.join(" "))
    }
}

impl Store {
    /// Takes the quick actions out of `text` and interprets them on `on`, in order. The
    /// commands that act at once do so now; the others' updates wait for
    /// [`Store::apply_quick_actions`].
    pub fn interpret_quick_actions(
        &mut self,
        on: &On,
        text: &str,
        options: &Options,
    ) -> Interpreted {
        let extracted = detect::extract(text);
        let mut context = Context {
            store: self,
            on,
            options,
            updates: Updates::default(),
        };
        let mut commands = 0;
        let mut messages = Vec::new();
        for found in &extracted.commands {
            let Some(command) = commands::command(&found.name) else {
                continue;
            };
            commands += 1;
            let outcome = match command.run {
                Some(run) if on.accepts(command.applies) => run(&mut context, found.arg.as_deref()),
                _ => Outcome::NotApplicable,
            };
            match outcome {
                Outcome::NotApplicable => {
                    messages.push(format!("Could not apply {} command.", command.name()));
                }
                Outcome::Said(Some(message)) => messages.push(message),
                Outcome::Said(None) => {}
            }
        }
        Interpreted {
            text: extracted.text,
            commands,
            updates: context.updates,
            messages,
        }
    }

    /// Applies what the commands gathered, once the note (if any) is saved.
    pub fn apply_quick_actions(&mut self, on: &On, interpreted: &Interpreted) {
        self.apply_updates(on, &interpreted.updates);
    }

    /// The description of an issue or merge request just made: its commands run as on one
    /// being created (those that need it saved do not apply). The text to store: without
    /// the command lines, `""` when there was nothing else.
    pub fn new_description(&mut self, on: &On, text: &str) -> String {
        let interpreted = self.interpret_quick_actions(on, text, &Options::description(false));
        self.apply_quick_actions(on, &interpreted);
        interpreted.text
    }
}
