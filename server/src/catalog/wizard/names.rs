//! What makes a wizard one of this server's: the GitLab call its finished struct makes
//! (the same call its alternative, `issue.create`, … makes), its catalog id and its
//! alternative.

use wizard::{Wizard, WizardInfo};

use crate::gitlab::{ApiRequest, GitLab};

/// A wizard whose finished struct becomes one GitLab call. Each resource's module says
/// how (`issue.rs`, …), beside the alternative that makes the same call. Its live checks,
/// choices and intro read GitLab through the client of the call (`context = GitLab`).
pub trait GitLabWizard: Wizard<Context = GitLab> + Sync {
    /// The call, with only the fields that were set.
    fn request(&self) -> ApiRequest;
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
