//! What a wizard needs to be one of this server's — a GitLab call, an id and an
//! alternative ([`names`]) —, how it runs once its arguments are read ([`ready`]), its
//! catalog entry ([`entry`]), its tool's description ([`description`]) and this server's
//! wording of its endings ([`texts`]).

pub mod description;
mod entry;
pub(super) mod names;
pub(super) mod ready;
mod texts;

pub use entry::entry;
pub use names::{Calls, GitLabWizard};
pub use ready::{ReadyWizard, Unfinished, WizardAction, WizardCall};
pub use texts::{GitLabTexts, REAPPROVE};
