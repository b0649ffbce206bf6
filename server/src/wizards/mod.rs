//! The nine wizards: one struct each, whose fields are the questions in order and whose
//! summary template is the text of the final yes/no, and the GitLab call each makes
//! beside it; [`entries`] lists them as catalog entries. How a wizard runs, describes
//! itself and words its endings is the catalog's ([`crate::catalog::wizard`]).
//!
//! Each struct is also the parameter set of its non-interactive alternative
//! (`issue.create`, …): every question a parameter, required where required.

mod branch;
mod issue;
pub mod live;
mod merge;
mod merge_request;
mod milestone;
mod pipeline;
mod project;
mod release;
mod review;

pub use branch::BranchWizard;
pub use issue::IssueWizard;
pub use merge::MergeWizard;
pub use merge_request::MergeRequestWizard;
pub use milestone::MilestoneWizard;
pub use pipeline::PipelineWizard;
pub use project::{ProjectWizard, Visibility};
pub use release::ReleaseWizard;
pub use review::ReviewWizard;

// What the tests name besides the wizards: their arguments and drafts.
#[cfg(test)]
pub use {
    issue::{IssueWizardArgs, IssueWizardDraft},
    merge_request::{MergeRequestWizardArgs, MergeRequestWizardDraft},
    project::{ProjectWizardArgs, ProjectWizardDraft},
    release::{ReleaseWizardArgs, ReleaseWizardDraft},
};

use crate::catalog::{self, Action, WizardAction};

static ISSUE: WizardAction = WizardAction::of::<IssueWizard>();
static MERGE_REQUEST: WizardAction = WizardAction::of::<MergeRequestWizard>();
static RELEASE: WizardAction = WizardAction::of::<ReleaseWizard>();
static PROJECT: WizardAction = WizardAction::of::<ProjectWizard>();
static PIPELINE: WizardAction = WizardAction::of::<PipelineWizard>();
static BRANCH: WizardAction = WizardAction::of::<BranchWizard>();
static MILESTONE: WizardAction = WizardAction::of::<MilestoneWizard>();
static MERGE: WizardAction = WizardAction::of::<MergeWizard>();
static REVIEW: WizardAction = WizardAction::of::<ReviewWizard>();

/// The wizard entries: issue, merge request, release, project, pipeline run, branch,
/// milestone, merge, review.
pub fn entries() -> Vec<Action> {
    vec![
        catalog::wizard::entry::<IssueWizard>(&ISSUE),
        catalog::wizard::entry::<MergeRequestWizard>(&MERGE_REQUEST),
        catalog::wizard::entry::<ReleaseWizard>(&RELEASE),
        catalog::wizard::entry::<ProjectWizard>(&PROJECT),
        catalog::wizard::entry::<PipelineWizard>(&PIPELINE),
        catalog::wizard::entry::<BranchWizard>(&BRANCH),
        catalog::wizard::entry::<MilestoneWizard>(&MILESTONE),
        catalog::wizard::entry::<MergeWizard>(&MERGE),
        catalog::wizard::entry::<ReviewWizard>(&REVIEW),
    ]
}
