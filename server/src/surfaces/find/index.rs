//! Where an action carries its terms, and how much each place counts.

use std::collections::HashSet;

use super::words::{stem, words};
use crate::catalog::{Action, RESOURCES};

/// An action's terms by place.
pub struct Indexed<'a> {
    pub action: &'a Action,
    /// `merge_request`, kept whole: `merge` alone should find the merge, not every
    /// merge-request action.
    resource: String,
    /// What the action does: the last part of its verb (`create` of `note_create`).
    doing: String,
    /// What else its verb names (`note` of `note_create`).
    verb_nouns: HashSet<String>,
    title: HashSet<String>,
    description: HashSet<String>,
}

/// The terms of an action's text: each word, and the parts of a compound (`note_create`).
/// A compound naming a resource stays whole, like the resource itself: the `merge` in
/// `milestone.merge_request_list` is not a merge.
pub fn term_set(text: &str) -> HashSet<String> {
    words(text)
        .flat_map(|word| {
            let whole = stem(word);
            if RESOURCES.iter().any(|resource| resource.id == whole) {
                return vec![whole];
            }
            word.split('_')
                .map(stem)
                .chain(std::iter::once(whole))
                .collect::<Vec<_>>()
        })
        .collect()
}

impl<'a> Indexed<'a> {
    pub fn new(action: &'a Action) -> Self {
        let (resource, verb) = action.id.split_once('.').unwrap_or((action.id, ""));
        let mut verb_nouns = term_set(verb);
        let doing = verb.rsplit('_').next().map(stem).unwrap_or_default();
        verb_nouns.remove(&doing);
        Indexed {
            action,
            resource: stem(resource),
            doing,
            verb_nouns,
            title: term_set(&action.title),
            description: term_set(action.description()),
        }
    }

    /// 3 for what it does or works on, 2.5 for what else its verb names, 2 in its title,
    /// 1 in its description, 0 nowhere.
    pub fn weight(&self, term: &str) -> f64 {
        if self.doing == term || self.resource == term {
            3.0
        } else if self.verb_nouns.contains(term) {
            2.5
        } else if self.title.contains(term) {
            2.0
        } else if self.description.contains(term) {
            1.0
        } else {
            0.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compounds_split_unless_they_name_a_resource() {
        let terms = term_set("note_create");
        for term in ["note", "create", "note_create"] {
            assert!(terms.contains(term), "{term}: {terms:?}");
        }
        assert_eq!(
            term_set("merge_requests"),
            HashSet::from(["merge_request".to_owned()])
        );
    }
}
