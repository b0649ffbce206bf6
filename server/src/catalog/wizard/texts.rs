//! This server's wording of the runtime's texts: the wizards' endings and the
//! destructive guard's, exactly as clients of the GitLab server have always read them.

use wizard::live::sentence;
use wizard::{Texts, WizardInfo};

/// The GitLab server's [`Texts`].
#[derive(Debug, Clone, Copy, Default)]
pub struct GitLabTexts;

/// The sentence every destructive refusal and guard failure ends with.
pub const REAPPROVE: &str =
    "Re-send with confirm=true only after the user explicitly approves this operation.";

/// What a wizard does, as its endings name it: `Issue creation` for the wizards that
/// create something (`interactive.*_create`, and the pipeline run, which creates a
/// pipeline), `Merge` for the one that merges, `Review` for the one that reviews.
fn task(wizard: &WizardInfo) -> String {
    match wizard.id {
        Some(id) if id.ends_with("_merge") => "Merge".to_owned(),
        Some(id) if id.ends_with("_review") => "Review".to_owned(),
        _ => format!("{} creation", wizard.noun),
    }
}

/// What a wizard's yes does, as the summary's checkbox and its ending say it: the past
/// participle (`created`) and what an unticked box does (`creates nothing`).
fn outcome(wizard: &WizardInfo) -> (&'static str, &'static str) {
    match wizard.id {
        Some(id) if id.ends_with("_merge") => ("merged", "merges nothing"),
        Some(id) if id.ends_with("_run") => ("run", "runs nothing"),
        Some(id) if id.ends_with("_review") => ("published", "publishes nothing"),
        _ => ("created", "creates nothing"),
    }
}

/// `Create the issue` → `create the issue`: a label that goes on a sentence.
fn lowered(label: &str) -> String {
    let mut chars = label.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

impl Texts for GitLabTexts {
    /// `Issue creation cancelled by user.`, `Merge cancelled by user.`
    fn cancelled(&self, wizard: &WizardInfo) -> String {
        format!("{} cancelled by user.", task(wizard))
    }

    /// `Not created: the box 'Create the issue' was not ticked.`
    fn unticked(&self, wizard: &WizardInfo) -> String {
        format!(
            "Not {}: the box '{}' was not ticked.",
            outcome(wizard).0,
            wizard.confirm_title()
        )
    }

    /// `Tick this box, then Accept, to create the issue. Accept without ticking it creates
    /// nothing.`
    fn confirm_field(&self, wizard: &WizardInfo) -> String {
        format!(
            "Tick this box, then Accept, to {}. Accept without ticking it {}.",
            lowered(wizard.confirm_title()),
            outcome(wizard).1
        )
    }

    /// `collecting title: …`
    fn question_failed(&self, _wizard: &WizardInfo, key: &str, why: &str) -> String {
        format!("collecting {key}: {why}")
    }

    /// `issue creation confirmation failed: …`
    fn summary_failed(&self, wizard: &WizardInfo, why: &str) -> String {
        format!("{} confirmation failed: {why}", task(wizard).to_lowercase())
    }

    /// `issue creation failed: …`
    fn state_refused(&self, wizard: &WizardInfo, why: &str) -> String {
        format!("{} failed: {why}", task(wizard).to_lowercase())
    }

    /// ``Merge request creation stopped: There is no branch `featur/x` in `demo/sandbox`.
    /// The answer to `source_branch` was refused 3 times, so nothing was sent to GitLab.``
    fn gave_up(&self, wizard: &WizardInfo, key: &str, reason: &str) -> String {
        format!(
            "{} stopped: {} The answer to `{key}` was refused {} times, so nothing was sent to \
             GitLab.",
            task(wizard),
            sentence(reason),
            wizard::live::TRIES
        )
    }

    /// ``Merge stopped: Merge request !1 in `demo/sandbox` is merged already. Nothing was
    /// sent to GitLab.``
    fn stopped(&self, wizard: &WizardInfo, reason: &str) -> String {
        format!(
            "{} stopped: {} Nothing was sent to GitLab.",
            task(wizard),
            sentence(reason)
        )
    }

    /// Names the one alternative action by catalog id, and nothing else.
    fn unsupported(&self, wizard: &WizardInfo) -> String {
        format!(
            "This client does not support elicitation, so this wizard cannot ask its questions. \
             Use the `{}` action instead, passing every field in one call.",
            wizard.alternative.unwrap_or_default()
        )
    }

    fn form_unsupported(&self, wizard: &WizardInfo) -> String {
        format!(
            "This client does not support form elicitation (it declared url mode only), so this \
             wizard cannot ask its questions. Use the `{}` action instead, passing every field in \
             one call.",
            wizard.alternative.unwrap_or_default()
        )
    }

    fn guard_cancelled(&self) -> String {
        "Operation canceled by user.".to_owned()
    }

    /// `Not executed: the box 'Delete issue' was not ticked, so nothing was sent to GitLab.`
    fn guard_unticked(&self, title: &str) -> String {
        format!("Not executed: the box '{title}' was not ticked, so nothing was sent to GitLab.")
    }

    /// `Confirmation failed: <why>. The action was not executed. Re-send with …`
    fn guard_failed(&self, why: &str) -> String {
        let why = why.trim_end_matches('.');
        format!(
            "Confirmation failed: {why}. The action was not executed. Re-send with \"confirm\": \
             true only after the user explicitly approves this operation."
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wizard::Wizard as _;

    #[test]
    fn an_unticked_box_is_named_in_the_ending_and_in_the_field() {
        let issue = crate::wizards::IssueWizard::INFO;
        assert_eq!(
            GitLabTexts.unticked(&issue),
            "Not created: the box 'Create the issue' was not ticked."
        );
        assert_eq!(
            GitLabTexts.confirm_field(&issue),
            "Tick this box, then Accept, to create the issue. Accept without ticking it creates \
             nothing."
        );
        let merge = crate::wizards::MergeWizard::INFO;
        assert_eq!(
            GitLabTexts.unticked(&merge),
            "Not merged: the box 'Merge the merge request' was not ticked."
        );
    }

    #[test]
    fn guard_failure_text_is_exact() {
        assert_eq!(
            GitLabTexts.guard_failed("no answer arrived within 600 seconds."),
            "Confirmation failed: no answer arrived within 600 seconds. The action was not executed. \
             Re-send with \"confirm\": true only after the user explicitly approves this operation."
        );
    }
}
