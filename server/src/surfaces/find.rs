//! `gitlab_find_action`: the actions that match what a person asks for, best first. A
//! query and each action are read as sets of terms — words stemmed, everyday words mapped
//! to GitLab's (`pr` → merge request, `log` → job, `broken` → failed) — and an action scores
//! by the query terms it carries, weighted by where (its id counts most, then its title,
//! then its description) and by how rare the term is in the catalog.

use std::collections::{HashMap, HashSet};

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::access::Access;
use crate::catalog::{Action, Catalog, RESOURCES};

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

/// At most this many matches are returned for a non-empty query.
const MAX_MATCHES: usize = 10;

/// Words that say nothing about which action is meant.
const STOPWORDS: &[&str] = &[
    "a", "an", "the", "of", "in", "on", "to", "for", "from", "at", "by", "with", "my", "me", "i",
    "we", "our", "us", "you", "your", "is", "are", "was", "were", "be", "been", "it", "its",
    "this", "that", "these", "those", "what", "why", "how", "which", "who", "did", "does", "do",
    "can", "could", "would", "should", "please", "and", "or", "there", "any", "some", "about",
    "into", "one", "up", "so", "just", "let", "lets", "want", "need", "get",
];

/// Everyday words → the terms the catalog uses, the closest first. A word listed here
/// stands for its terms only (`mr` is not looked up as `mr`).
const SYNONYMS: &[(&str, &[&str])] = &[
    ("mr", &["merge_request"]),
    ("mrs", &["merge_request"]),
    ("pr", &["merge_request"]),
    ("prs", &["merge_request"]),
    ("pull", &["merge_request"]),
    ("merge", &["merge"]),
    ("ticket", &["issue"]),
    ("bug", &["issue"]),
    ("repo", &["repository"]),
    ("ci", &["pipeline"]),
    ("build", &["build", "pipeline", "job"]),
    ("pipeline", &["pipeline"]),
    ("log", &["log", "job"]),
    ("logs", &["log", "job"]),
    ("trace", &["log", "job"]),
    ("output", &["output", "log"]),
    ("fail", &["failed"]),
    ("failing", &["failed"]),
    ("failure", &["failed"]),
    ("broken", &["failed"]),
    ("broke", &["failed"]),
    ("red", &["failed"]),
    ("rerun", &["retry"]),
    ("restart", &["retry"]),
    ("again", &["retry"]),
    ("stop", &["cancel"]),
    ("abort", &["cancel"]),
    ("kill", &["cancel"]),
    ("trigger", &["trigger", "create", "pipeline", "play"]),
    ("start", &["start", "create", "play"]),
    ("manual", &["manual", "play"]),
    ("diff", &["diff", "change"]),
    ("diffs", &["diff", "change"]),
    ("changed", &["change", "compare", "diff"]),
    ("since", &["since", "compare"]),
    ("between", &["compare"]),
    ("comment", &["note", "discussion"]),
    ("comments", &["note", "discussion"]),
    ("feedback", &["note", "discussion"]),
    ("thread", &["discussion"]),
    ("threads", &["discussion"]),
    ("respond", &["reply"]),
    ("answer", &["reply"]),
    ("review", &["review", "discussion", "diff", "approve"]),
    ("lgtm", &["approve"]),
    ("approval", &["approval", "approve"]),
    ("approvals", &["approval", "approve"]),
    ("unresolve", &["resolve"]),
    ("read", &["read", "get", "file"]),
    ("open", &["open", "get", "create"]),
    ("show", &["show", "get", "list"]),
    ("view", &["get"]),
    ("see", &["get", "list"]),
    ("fetch", &["get"]),
    ("look", &["get"]),
    ("content", &["content", "file"]),
    ("contents", &["file", "tree"]),
    ("source", &["source", "file"]),
    ("code", &["code", "file", "blob"]),
    ("folder", &["tree"]),
    ("directory", &["tree"]),
    ("ls", &["tree"]),
    ("browse", &["tree"]),
    ("history", &["history", "commit"]),
    ("push", &["push", "commit"]),
    ("new", &["create"]),
    ("add", &["create"]),
    ("make", &["create"]),
    ("write", &["write", "create", "update"]),
    ("edit", &["update"]),
    ("change", &["change", "update"]),
    ("modify", &["update"]),
    ("rename", &["rename", "update", "move"]),
    ("close", &["close", "update"]),
    ("reopen", &["reopen", "update"]),
    ("assign", &["assign", "update"]),
    ("remove", &["delete"]),
    ("destroy", &["delete"]),
    ("drop", &["delete"]),
    ("all", &["list"]),
    ("find", &["find", "search", "list"]),
    ("who", &["user", "member"]),
    ("me", &["current"]),
    ("i", &["current"]),
    ("whoami", &["current", "user"]),
    ("team", &["team", "member"]),
    ("people", &["member", "user"]),
    ("link", &["link"]),
    ("related", &["link"]),
    ("blocks", &["block", "link"]),
    ("blocked", &["block", "link"]),
    ("protection", &["protect"]),
    ("lock", &["protect"]),
    ("doc", &["wiki"]),
    ("docs", &["wiki"]),
    ("documentation", &["wiki"]),
    ("page", &["page", "wiki"]),
    ("version", &["version", "tag", "release"]),
    ("sprint", &["milestone"]),
    ("copy", &["copy", "fork"]),
    ("wizard", &["interactive"]),
    ("guided", &["interactive"]),
    ("interactively", &["interactive"]),
    ("step", &["interactive"]),
    ("elicitation", &["interactive"]),
    ("grep", &["search", "blob"]),
];

/// A word as a term: lowercase, with common English endings removed so that `branches`,
/// `failed` and `pipelines` meet `branch`, `fail` and `pipeline`.
fn stem(word: &str) -> String {
    let word = word.to_lowercase();
    for (suffix, keep) in [("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("sses", "ss")] {
        if let Some(root) = word.strip_suffix(suffix) {
            return format!("{root}{keep}");
        }
    }
    if word.len() > 4
        && let Some(root) = word.strip_suffix("ing")
    {
        return root.to_owned();
    }
    if word.len() > 3
        && let Some(root) = word.strip_suffix("ed")
    {
        return root.to_owned();
    }
    if word.len() > 3
        && !word.ends_with("ss")
        && !word.ends_with("us")
        && let Some(root) = word.strip_suffix('s')
    {
        return root.to_owned();
    }
    word
}

/// Words, with `merge_request` and `note_create` kept whole (their parts are added by the
/// callers).
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|word| !word.is_empty())
}

/// One word of a query: the terms it stands for, the closest first, and how much it counts.
struct QueryWord {
    terms: Vec<String>,
    /// 1, or less for a filler word kept for what it may stand for: the `me` of "show me
    /// the log" should not outweigh the log, yet still lean "about me" towards the current
    /// user.
    weight: f64,
}

/// How much a filler word that stands for something counts against a word of substance.
const FILLER_WEIGHT: f64 = 0.4;

/// The words of a query less stopwords, each with the terms it stands for.
fn query_terms(query: &str) -> Vec<QueryWord> {
    let lower = query.to_lowercase();
    // "merge request", "pull request" and the like name one thing.
    let joined = lower
        .replace("merge request", "merge_request")
        .replace("pull request", "merge_request")
        .replace("merge_requests", "merge_request");
    words(&joined)
        .flat_map(|word| {
            // A plain word once; a compound (`merge_request`) whole and by its parts.
            let parts = word.split('_').filter(|_| word.contains('_'));
            parts.chain(std::iter::once(word)).collect::<Vec<_>>()
        })
        .filter(|word| !STOPWORDS.contains(word) || SYNONYMS.iter().any(|(w, _)| w == word))
        .map(|word| {
            let terms = match SYNONYMS.iter().find(|(alias, _)| *alias == word) {
                Some((_, terms)) => terms.iter().map(|term| stem(term)).collect(),
                None => vec![stem(word)],
            };
            let weight = if STOPWORDS.contains(&word) {
                FILLER_WEIGHT
            } else {
                1.0
            };
            QueryWord { terms, weight }
        })
        .filter(|word| !word.terms.iter().all(|t| STOPWORDS.contains(&t.as_str())))
        .collect()
}

/// Where an action carries its terms, and how much each place counts.
struct Indexed<'a> {
    action: &'a Action,
    /// `merge_request`, kept whole: `merge` alone should find the merge, not every
    /// merge-request action.
    resource: String,
    /// `note`, `create` and `note_create` of `merge_request.note_create`.
    verb: HashSet<String>,
    title: HashSet<String>,
    description: HashSet<String>,
}

/// The terms of an action's text: each word, and the parts of a compound (`note_create`).
/// A compound naming a resource stays whole, like the resource itself: the `merge` in
/// `milestone.merge_requests` is not a merge.
fn term_set(text: &str) -> HashSet<String> {
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
    fn new(action: &'a Action) -> Self {
        let (resource, verb) = action.id.split_once('.').unwrap_or((action.id, ""));
        Indexed {
            action,
            resource: stem(resource),
            verb: term_set(verb),
            title: term_set(&action.title),
            description: term_set(&action.description),
        }
    }

    /// 3 in the verb, 2.5 the resource, 2 in the title, 1 in the description, 0 nowhere.
    fn weight(&self, term: &str) -> f64 {
        if self.verb.contains(term) {
            3.0
        } else if self.resource == term {
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

/// The actions the operator offers that match `query`, best first (catalog order among
/// equals). An empty query lists every one.
pub fn find_actions(catalog: &Catalog, access: &Access, query: &str) -> Vec<FoundAction> {
    let indexed: Vec<Indexed> = catalog
        .actions()
        .iter()
        .filter(|action| access.offers(action))
        .map(Indexed::new)
        .collect();
    let query = query_terms(query);
    if query.is_empty() {
        return indexed.iter().map(|i| found(i.action)).collect();
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
            let score: f64 = query
                .iter()
                .map(|word| {
                    // A word counts once, through whichever of its terms fits best; its own
                    // form a little more than what it stands for.
                    let best = word
                        .terms
                        .iter()
                        .enumerate()
                        .map(|(n, term)| {
                            let own = if n == 0 { 1.0 } else { 0.8 };
                            item.weight(term) * rarity(term) * own
                        })
                        .fold(0.0, f64::max);
                    best * word.weight
                })
                .sum();
            (score, index, item.action)
        })
        .filter(|(score, _, _)| *score > 0.0)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored
        .into_iter()
        .take(MAX_MATCHES)
        .map(|(_, _, action)| found(action))
        .collect()
}

fn found(action: &Action) -> FoundAction {
    FoundAction {
        id: action.id.to_owned(),
        description: action.description.clone(),
        destructive: action.destructive,
        read_only: action.read_only,
        input_schema: (*action.input_schema).clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_meet_their_stems() {
        assert_eq!(stem("branches"), "branch");
        assert_eq!(stem("pipelines"), "pipeline");
        assert_eq!(stem("failed"), stem("fail"));
        assert_eq!(stem("discussions"), "discussion");
        assert_eq!(stem("issues"), "issue");
        assert_eq!(stem("status"), "status");
    }

    #[test]
    fn queries_drop_filler_and_expand_synonyms() {
        let flat = |query: &str| -> Vec<String> {
            query_terms(query)
                .into_iter()
                .flat_map(|word| word.terms)
                .collect()
        };
        let terms = flat("Why did the last pipeline fail?");
        assert!(terms.iter().any(|t| t == "pipeline"));
        assert!(terms.iter().any(|t| t == "fail"));
        assert!(!terms.iter().any(|t| t == "the"));
        assert!(
            flat("review my pull request")
                .iter()
                .any(|t| t == "merge_request")
        );
    }

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

    #[test]
    fn filler_words_count_less_than_words_of_substance() {
        let words = query_terms("show me the log");
        let weights: Vec<(&str, f64)> = words
            .iter()
            .map(|word| (word.terms[0].as_str(), word.weight))
            .collect();
        assert_eq!(
            weights,
            [("show", 1.0), ("current", FILLER_WEIGHT), ("log", 1.0)]
        );
    }
}
