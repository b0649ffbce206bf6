//! The catalog: every GitLab action and wizard, built once, in a stable order — the
//! toolsets' tables, then the wizards. The three tool surfaces, `gitlab_find_action`,
//! the resources, prompts and completions, and the README's action table are views of it.

use std::sync::LazyLock;

use crate::catalog::{Action, Resource};

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
