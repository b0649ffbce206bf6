//! The eight wizards: one struct each, whose fields are the questions in order and whose
//! summary template is the text of the final yes/no; how they run
//! ([`ReadyWizard`]), how their tools describe them ([`description`]) and this server's wording
//! of their endings ([`GitLabTexts`]). Their catalog entries are in
//! `catalog/wizards.rs`, the GitLab call each makes beside its alternative's action.
//!
//! Each struct is also the parameter set of its non-interactive alternative
//! (`issue.create`, …): every question a parameter, required where required.

mod branch;
pub mod description;
mod issue;
pub mod live;
mod merge;
mod merge_request;
mod milestone;
mod pipeline;
mod project;
mod release;
mod run;
mod texts;

pub use branch::{
    BranchWizard, BranchWizardArgs, BranchWizardDraft, BranchWizardStep, ref_name_problem,
};
pub use issue::{IssueWizard, IssueWizardArgs, IssueWizardDraft, IssueWizardStep};
pub use merge::{MergeWizard, MergeWizardArgs, MergeWizardDraft, MergeWizardStep};
pub use merge_request::{
    MergeRequestWizard, MergeRequestWizardArgs, MergeRequestWizardDraft, MergeRequestWizardStep,
};
pub use milestone::{
    MilestoneWizard, MilestoneWizardArgs, MilestoneWizardDraft, MilestoneWizardStep,
};
pub use pipeline::{PipelineWizard, PipelineWizardArgs, PipelineWizardDraft, PipelineWizardStep};
pub use project::{
    ProjectWizard, ProjectWizardArgs, ProjectWizardDraft, ProjectWizardStep, Visibility,
};
pub use release::{ReleaseWizard, ReleaseWizardArgs, ReleaseWizardDraft, ReleaseWizardStep};
pub use run::{InTerminal, ReadyWizard, TerminalFuture, WizardCall, WizardFuture};
pub use texts::{GitLabTexts, REAPPROVE};
