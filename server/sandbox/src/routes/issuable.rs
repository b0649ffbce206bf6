//! What the issue and merge request routes share (GitLab's "issuables"): the title rules,
//! the people and milestone of a new one, label edits and the description's quick actions of
//! an update.

use crate::param_rules::Rule;
use crate::params::Params;
use crate::reply::ApiError;
use crate::store::quick_actions::{Interpreted, On, Options};
use crate::store::{Project, Store};

/// The model's rules for a title: not blank, at most 255 characters.
pub(super) fn checked_title(title: String) -> Result<String, ApiError> {
    if title.trim().is_empty() {
        return Err(ApiError::fields(&[("title", "can't be blank")]));
    }
    if title.chars().count() > 255 {
        return Err(ApiError::fields(&[(
            "title",
            "is too long (maximum is 255 characters)",
        )]));
    }
    Ok(title)
}

/// An update's label changes, as issues and merge requests take them: `labels` replaces them
/// all, then `add_labels` adds and `remove_labels` removes.
pub(super) struct LabelEdit {
    replace: Option<Vec<String>>,
    add: Vec<String>,
    remove: Vec<String>,
}

impl LabelEdit {
    pub fn read(params: &Params) -> Result<LabelEdit, ApiError> {
        Ok(LabelEdit {
            replace: params.labels("labels")?,
            add: params.labels("add_labels")?.unwrap_or_default(),
            remove: params.labels("remove_labels")?.unwrap_or_default(),
        })
    }

    pub fn apply(self, labels: &mut Vec<String>) {
        if let Some(replace) = self.replace {
            *labels = replace;
        }
        for label in self.add {
            if !labels.contains(&label) {
                labels.push(label);
            }
        }
        labels.retain(|l| !self.remove.contains(l));
    }
}

/// The users of `key` (`assignee_ids`, `reviewer_ids`) who exist, as GitLab keeps them: an
/// id of nobody is left out.
pub(super) fn people(params: &Params, store: &Store, key: &str) -> Result<Vec<u64>, ApiError> {
    let ids = params.numbers(key)?.unwrap_or_default();
    Ok(ids
        .into_iter()
        .filter(|id| store.users.contains_key(id))
        .collect())
}

/// What Grape checks of an issue or a merge request made or changed: a milestone by id or
/// by title, not both.
pub(super) const WRITE_RULES: &[Rule] = &[Rule::Exclusive(&["milestone_id", "milestone"])];

/// `milestone_id` when it is one of the project's milestones, as GitLab keeps it.
pub(super) fn milestone(params: &Params, project: &Project) -> Result<Option<u64>, ApiError> {
    Ok(params
        .u64("milestone_id")?
        .filter(|id| project.milestones.values().any(|m| m.id == *id)))
}

/// The quick actions of an update's new `description`, interpreted before anything changes
/// (GitLab checks them on the item as it was); the description becomes the text without
/// them. Their updates are applied after the update's own, and win over them.
pub(super) fn description_commands(
    store: &mut Store,
    on: &On,
    description: &mut Option<Option<String>>,
) -> Option<Interpreted> {
    let text = description.as_mut()?.as_mut()?;
    let interpreted = store.interpret_quick_actions(on, text, &Options::description(true));
    text.clone_from(&interpreted.text);
    Some(interpreted)
}
