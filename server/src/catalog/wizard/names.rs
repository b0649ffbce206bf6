//! What makes a wizard one of this server's: the GitLab call its finished struct makes
//! (the same call its alternative, `issue.create`, … makes), its catalog id and its
//! alternative.

use wizard::{Wizard, WizardInfo};

use crate::catalog::output::Output;
use crate::gitlab::quick_actions::Carried;
use crate::gitlab::{ApiRequest, GitLab};

/// A wizard whose finished struct becomes a GitLab call. Each resource's module says how
/// (`issue.rs`, …), beside the alternative that makes the same call. Its live checks,
/// choices and intro read GitLab through the client of the call (`context = GitLab`).
pub trait GitLabWizard: Wizard<Context = GitLab> + Sync {
    /// How the answer to the yes is shaped: the object made, unless said otherwise.
    const OUTPUT: Output = Output::Object;

    /// The call its alternative makes, with only the fields that were set.
    fn request(&self) -> ApiRequest;

    /// Every call the yes makes, in order: `request` alone, unless the wizard makes
    /// several (a review: edits, deletions, the publishing, an approval).
    fn calls(&self) -> Calls {
        let alternative = WizardNames::of::<Self>().alternative;
        Calls {
            requests: vec![(alternative, self.request())],
            published: Vec::new(),
            done: None,
        }
    }
}

/// The calls a wizard's yes makes. Every one is built and checked before the first is
/// sent, so that a refusal sends nothing; then they are sent in order, and the first
/// GitLab refuses stops the rest.
#[derive(Debug, Clone)]
pub struct Calls {
    /// Each request with the catalog action it is a call of (`merge_request.approve`),
    /// whose endpoint it must be made for.
    pub requests: Vec<(&'static str, ApiRequest)>,
    /// Texts GitLab runs quick actions from when these requests are sent, though no
    /// request carries them: the drafts a review publishes all at once. They are checked
    /// against the allowed projects as a request's own texts are.
    pub published: Vec<Carried>,
    /// What the call answers once every request was sent (`Published 3 comments on !1.`);
    /// `None`: the last request's answer.
    pub done: Option<String>,
}

/// A wizard's names as the catalog reads them: each of this server's wizards has a
/// catalog id and an alternative action (checked when the catalog is compiled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WizardNames {
    /// The MCP tool name, e.g. `gitlab_interactive_issue_create`.
    pub tool: &'static str,
    /// The catalog id, e.g. `interactive.issue_create`.
    pub id: &'static str,
    /// The catalog id of the action doing the same work in one call, e.g. `issue.create`.
    pub alternative: &'static str,
}

impl WizardNames {
    pub const fn of<W: Wizard>() -> WizardNames {
        let WizardInfo {
            tool,
            id,
            alternative,
            ..
        } = W::INFO;
        match (id, alternative) {
            (Some(id), Some(alternative)) => WizardNames {
                tool,
                id,
                alternative,
            },
            _ => panic!("every wizard of this server needs an `id` and an `alternative`"),
        }
    }
}
