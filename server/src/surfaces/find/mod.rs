//! `gitlab_find_action`: the actions that match what a person asks for, best first. A
//! query and each action are read as sets of terms — words stemmed, everyday words and
//! phrases mapped to GitLab's (`pr` → merge request, `why … fail` → the job log, `file a bug`
//! → create issue) — and an action scores by the query terms it carries, weighted by where
//! (what it does and works on count most, then its title, then its description) and by how
//! rare the term is in the catalog. Each term counts once.

mod index;
mod query;
mod words;

use std::collections::{HashMap, HashSet};

use serde::Serialize;
use serde_json::{Map, Value};

use crate::access::Access;
use crate::catalog::Action;
use crate::catalog::params::required_names;
use crate::registry::Catalog;
use index::Indexed;
pub use query::bounded;
use query::query_terms;

/// One match: what it does in a sentence and the parameters it takes; the best match also
/// carries its whole input schema when the answer stays within 2 KB; any action's is one
/// more search away (its id as the query), and `gitlab_execute_action` shows it when
/// parameters are wrong.
#[derive(Debug, Clone, Serialize)]
pub struct FoundAction {
    /// The id to pass as `action`.
    pub id: String,
    /// What it does, in its first sentence.
    pub does: String,
    /// The parameters it needs (with no `input_schema`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub required: Vec<String>,
    /// The parameters it may take (with no `input_schema`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub optional: Vec<String>,
    /// Refused by `gitlab_execute_action` unless `confirm: true` (sent only after the
    /// user explicitly approved) or the server runs in YOLO/AUTOPILOT mode. Sent when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub destructive: bool,
    /// Changes nothing. Sent when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub read_only: bool,
    /// The schema of `params`: the best match's only, within the answer's budget.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_schema: Option<Map<String, Value>>,
    /// The schema of its structured result: sent when the query is its id, the one place
    /// a client reads it (the tool lists leave output schemas out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Map<String, Value>>,
}

/// The structured result of `gitlab_find_action`.
#[derive(Debug, Clone, Serialize)]
pub struct FoundActions {
    pub actions: Vec<FoundAction>,
}

/// At most this many matches are returned for a non-empty query.
const MAX_MATCHES: usize = 5;
/// What one search answers at most, with the best one's schema.
const MAX_FOUND_BYTES: usize = 2048;

/// The catalog's actions with their terms, read once: the texts do not change while the
/// server runs.
pub struct ActionIndex(Vec<Indexed<'static>>);

impl ActionIndex {
    pub fn new(catalog: &'static Catalog) -> ActionIndex {
        ActionIndex(catalog.actions().iter().map(Indexed::new).collect())
    }

    /// The actions the operator offers that match `query`, best first (catalog order
    /// among equals). An empty query lists every one.
    pub fn find(&self, access: &Access, query: &str) -> Vec<FoundAction> {
        let indexed: Vec<&Indexed> = self
            .0
            .iter()
            .filter(|indexed| access.offers(indexed.action))
            .collect();
        // An action's own id finds it alone, with its schema.
        if let Some(exact) = indexed.iter().find(|i| i.action.id == query.trim()) {
            let mut found = found(exact.action, true);
            found.output_schema = Some((*exact.action.output_schema()).clone());
            return vec![found];
        }
        let query = query_terms(query);
        if query.is_empty() {
            return indexed.iter().map(|i| found(i.action, false)).collect();
        }
        // How many actions carry a term anywhere: rare terms decide more than common ones.
        let mut carriers: HashMap<&str, usize> = HashMap::new();
        for word in &query {
            for term in &word.terms {
                let count = indexed.iter().filter(|i| i.weight(term) > 0.0).count();
                carriers.insert(term, count);
            }
        }
        let total = indexed.len() as f64;
        let rarity = |term: &str| {
            let n = carriers.get(term).copied().unwrap_or(0) as f64;
            ((total + 1.0) / (n + 1.0)).ln() + 0.1
        };
        let mut scored: Vec<(f64, usize, &Action)> = indexed
            .iter()
            .enumerate()
            .map(|(index, item)| {
                // Each query word counts through whichever of its terms fits best (its own form
                // a little more than what it stands for), and each term counts for one word only.
                let mut used: HashSet<&str> = HashSet::new();
                let mut score = 0.0;
                for word in &query {
                    let best = word
                        .terms
                        .iter()
                        .enumerate()
                        .filter(|(_, term)| word.hint || !used.contains(term.as_str()))
                        .map(|(n, term)| {
                            let own = if n == 0 { 1.0 } else { 0.8 };
                            (item.weight(term) * rarity(term) * own, term.as_str())
                        })
                        .max_by(|a, b| a.0.total_cmp(&b.0));
                    if let Some((value, term)) = best
                        && value > 0.0
                    {
                        if !word.hint {
                            used.insert(term);
                        }
                        score += value * word.weight;
                    }
                }
                (score, index, item.action)
            })
            .filter(|(score, _, _)| *score > 0.0)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let best: Vec<&Action> = scored
            .into_iter()
            .take(MAX_MATCHES)
            .map(|(_, _, action)| action)
            .collect();
        let with_schema: Vec<FoundAction> = best
            .iter()
            .enumerate()
            .map(|(rank, action)| found(action, rank == 0))
            .collect();
        // A search costs the model what it answers: the best one's schema only while the
        // answer stays within the budget; else its parameters by name, like the others.
        let bytes = serde_json::to_string(&with_schema).map_or(usize::MAX, |text| text.len());
        if bytes <= MAX_FOUND_BYTES {
            return with_schema;
        }
        best.iter().map(|action| found(action, false)).collect()
    }
}

fn found(action: &Action, with_schema: bool) -> FoundAction {
    let schema = action.input_schema();
    // The schema, when given, says the parameters already.
    let (required, optional) = if with_schema {
        (Vec::new(), Vec::new())
    } else {
        let required = required_names(schema);
        action
            .parameters()
            .iter()
            .cloned()
            .partition(|name| required.contains(&name.as_str()))
    };
    FoundAction {
        id: action.id.to_owned(),
        does: action.summary(),
        required,
        optional,
        destructive: action.destructive,
        read_only: action.read_only,
        input_schema: with_schema.then(|| (**schema).clone()),
        output_schema: None,
    }
}
