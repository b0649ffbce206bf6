//! A wizard as a catalog entry (`interactive.*`): an [`Action`] that runs the wizard.

use std::sync::LazyLock;

use super::description;
use super::names::{GitLabWizard, WizardNames};
use super::ready::WizardAction;
use crate::catalog::action::{Action, Described, Run};
use crate::catalog::output::Kind;
use crate::catalog::resource::Resource;
use crate::catalog::schema::input_schema;

/// `Create issue step by step`, `Run pipeline step by step`, `Merge merge request step by
/// step`: the verb ending the id, then the noun.
fn title(id: &str, noun: &str) -> String {
    let verb = id.rsplit('_').next().unwrap_or(id);
    let mut chars = verb.chars();
    let verb: String = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    format!("{verb} {} step by step", noun.to_lowercase())
}

/// The catalog entry of wizard `W`, which runs as `wizard` says.
pub fn entry<W: GitLabWizard>(wizard: &'static WizardAction) -> Action {
    let WizardNames {
        id, alternative, ..
    } = WizardNames::of::<W>();
    let resource = Resource::of(alternative).expect("a wizard's alternative is a catalog id");
    let verb = id
        .strip_prefix("interactive.")
        .expect("wizard ids start with `interactive.`");
    // What the wizard makes, as its alternative answers it.
    let kind = Kind::named(resource.id);
    let describe = move || {
        Described::new(
            description::tool_description::<W>(),
            input_schema::<W::Args>(),
        )
    };
    Action {
        id,
        resource,
        verb,
        title: title(id, W::INFO.noun),
        read_only: false,
        // Never guarded as destructive: a wizard confirms with its summary. Its hint is
        // its alternative's, set when the catalog is built.
        destructive: false,
        destructive_hint: false,
        guard: None,
        idempotent: false,
        across_projects: false,
        waits: false,
        method_in_call: false,
        endpoint: None,
        output: W::OUTPUT,
        kind,
        described: LazyLock::new(Box::new(describe)),
        run: Run::Wizard(wizard),
    }
}
