//! `gitlab_find_action`: actions whose id or description match the words of a query.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::catalog::{Action, Catalog};

/// One match, with everything needed to call it through `gitlab_execute_action`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FoundAction {
    /// The id to pass as `action`.
    pub id: String,
    pub description: String,
    /// Refused by `gitlab_execute_action` unless `confirm: true` (sent only after the
    /// user explicitly approved) or the server runs in YOLO/AUTOPILOT mode.
    pub destructive: bool,
    pub read_only: bool,
    /// The schema of `params`.
    pub input_schema: Map<String, Value>,
}

/// The structured result of `gitlab_find_action`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FoundActions {
    pub actions: Vec<FoundAction>,
}

/// Words people use for what the catalog calls otherwise.
const SYNONYMS: &[(&str, &str)] = &[
    ("mr", "merge_request"),
    ("mrs", "merge_request"),
    ("pr", "merge_request"),
    ("pull", "merge_request"),
    ("issues", "issue"),
    ("ticket", "issue"),
    ("bug", "issue"),
    ("repo", "project"),
    ("repository", "project"),
    ("projects", "project"),
    ("releases", "release"),
    ("tag", "release"),
    ("remove", "delete"),
    ("destroy", "delete"),
    ("new", "create"),
    ("open", "create"),
    ("add", "create"),
    ("make", "create"),
    ("show", "get"),
    ("read", "get"),
    ("view", "get"),
    ("fetch", "get"),
    ("search", "list"),
    ("all", "list"),
    ("edit", "update"),
    ("change", "update"),
    ("modify", "update"),
    ("close", "update"),
    ("reopen", "update"),
    ("wizard", "interactive"),
    ("guided", "interactive"),
    ("step", "interactive"),
    ("elicitation", "interactive"),
];

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// How well `action` matches the query words: the verb counts most, then the rest of the
/// id, then the description.
fn score(action: &Action, query: &[String]) -> usize {
    let id = action.id.to_lowercase();
    let id_words = words(&id);
    let description = words(&action.description);
    query
        .iter()
        .map(|word| {
            let canonical = SYNONYMS
                .iter()
                .find(|(alias, _)| alias == word)
                .map_or(word.as_str(), |(_, canonical)| *canonical);
            if action.verb == canonical {
                4
            } else if id.contains(canonical) || id_words.iter().any(|w| w == word) {
                3
            } else if description.iter().any(|w| w == word || w == canonical) {
                1
            } else {
                0
            }
        })
        .sum()
}

/// The actions matching `query`, best first (catalog order among equals). An empty
/// query lists every action.
pub fn find_actions(catalog: &Catalog, query: &str) -> Vec<FoundAction> {
    let query = words(query);
    let mut scored: Vec<(usize, usize, &Action)> = catalog
        .actions()
        .iter()
        .enumerate()
        .map(|(index, action)| (score(action, &query), index, action))
        .filter(|(score, _, _)| query.is_empty() || *score > 0)
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored
        .into_iter()
        .map(|(_, _, action)| FoundAction {
            id: action.id.to_owned(),
            description: action.description.clone(),
            destructive: action.destructive,
            read_only: action.read_only,
            input_schema: (*action.input_schema).clone(),
        })
        .collect()
}
