//! The catalog: every GitLab action and wizard, built once, in a stable order — the
//! toolsets' tables, then the wizards. The three tool surfaces, `gitlab_find_action`,
//! the resources, prompts and completions, and the README's action table are views of it.

pub mod ids;

use std::fmt;
use std::sync::LazyLock;

use crate::catalog::{Action, Resource};

/// A catalog action's id as code names it: one of the constants of [`ids`], never a
/// string, so a misspelled id does not compile (and the constants are checked to name
/// actions of the catalog).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ActionId(&'static str);

impl fmt::Display for ActionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// Every action, in a stable order: the toolsets' tables, then the wizards.
pub struct Catalog {
    actions: Vec<Action>,
}

impl Catalog {
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    pub fn get(&self, id: &str) -> Option<&Action> {
        self.actions.iter().find(|action| action.id == id)
    }

    /// The action `id` names: every [`ids`] constant is one of the catalog's (tested).
    pub fn action(&self, id: ActionId) -> &Action {
        self.get(id.0)
            .unwrap_or_else(|| panic!("`{id}` is not a catalog action"))
    }

    /// The GitLab actions of one resource (wizards excluded).
    pub fn of(&self, resource: &Resource) -> impl Iterator<Item = &Action> {
        self.actions
            .iter()
            .filter(move |a| a.resource == resource && !a.is_wizard())
    }

    pub fn wizards(&self) -> impl Iterator<Item = &Action> {
        self.actions.iter().filter(|a| a.is_wizard())
    }
}

/// The catalog, built on first use.
pub fn catalog() -> &'static Catalog {
    static CATALOG: LazyLock<Catalog> = LazyLock::new(build);
    &CATALOG
}

/// A catalog of its own, none of it read yet.
#[cfg(test)]
pub(crate) fn unread_catalog() -> &'static Catalog {
    Box::leak(Box::new(build()))
}

fn build() -> Catalog {
    let mut actions = crate::actions::all();
    let mut wizards = crate::wizards::entries();
    // A wizard makes its alternative's call: it loses work when that does.
    for wizard in &mut wizards {
        let alternative = wizard.wizard().map(|w| w.info.alternative);
        wizard.destructive_hint = actions
            .iter()
            .any(|a| Some(a.id) == alternative && a.destructive);
    }
    actions.extend(wizards);
    for (index, action) in actions.iter().enumerate() {
        assert!(
            actions[..index].iter().all(|other| other.id != action.id),
            "catalog action `{}` is listed twice",
            action.id
        );
    }
    Catalog { actions }
}
