//! The four wizards: one struct each, whose fields are the questions in order
//! (SPEC.md §1) and whose summary template is SPEC.md §3.
//!
//! Each struct is also the parameter set of its non-interactive alternative
//! (`issue.create`, …): every question a parameter, required where required.

mod issue;
mod merge_request;
mod project;
mod release;

pub use issue::{IssueWizard, IssueWizardArgs, IssueWizardDraft, IssueWizardStep};
pub use merge_request::{
    MergeRequestWizard, MergeRequestWizardArgs, MergeRequestWizardDraft, MergeRequestWizardStep,
};
pub use project::{
    ProjectWizard, ProjectWizardArgs, ProjectWizardDraft, ProjectWizardStep, Visibility,
};
pub use release::{ReleaseWizard, ReleaseWizardArgs, ReleaseWizardDraft, ReleaseWizardStep};
