//! Reading a query: phrases people use rewritten to the catalog's words, filler dropped,
//! each remaining word mapped to the terms it stands for and weighed.

use super::words::stem;
use crate::units::thousands;

/// At most this many characters in a query, and words: a request in a person's words is
/// a sentence, and reading one costs in proportion to its length, so a query of megabytes
/// is refused before it is read.
pub const MAX_CHARACTERS: usize = 500;
pub const MAX_WORDS: usize = 40;

/// Refuses a query past the bounds, naming the bound.
pub fn bounded(query: &str) -> Result<(), String> {
    let characters = query.chars().count();
    if characters > MAX_CHARACTERS {
        return Err(format!(
            "`query` is {} characters long; at most {MAX_CHARACTERS} are read. Say what you want to do in a few words (\"why did the last pipeline fail\")",
            thousands(characters)
        ));
    }
    let words = query.split_whitespace().count();
    if words > MAX_WORDS {
        return Err(format!(
            "`query` has {words} words; at most {MAX_WORDS} are read. Say what you want to do in a few words (\"why did the last pipeline fail\")"
        ));
    }
    Ok(())
}

/// Words that say nothing about which action is meant, unless [`SYNONYMS`] lists them.
const STOPWORDS: &[&str] = &[
    "a", "an", "the", "of", "in", "on", "to", "for", "from", "at", "by", "with", "my", "me", "i",
    "we", "our", "us", "you", "your", "is", "are", "was", "were", "be", "been", "it", "its",
    "this", "that", "these", "those", "what", "why", "how", "which", "who", "did", "does", "do",
    "can", "could", "would", "should", "please", "and", "or", "there", "any", "some", "about",
    "into", "one", "up", "so", "just", "let", "lets", "want", "need", "get", "s", "still",
];

/// After one of these, the rest of the query qualifies what came before it ("the log *of
/// the test job*", "issues *with the bug label*"): it counts a little less.
const QUALIFIERS: &[&str] = &[
    "of", "with", "by", "on", "in", "for", "from", "to", "at", "since",
];

/// Phrases whose words mean something else together, rewritten before the words are read.
const PHRASES: &[(&str, &str)] = &[
    ("merge requests", "merge_request"),
    ("merge request", "merge_request"),
    ("pull requests", "merge_request"),
    ("pull request", "merge_request"),
    ("leave a comment", "create note"),
    ("add a comment", "create note"),
    ("post a comment", "create note"),
    ("write a comment", "create note"),
    // A note added to a thing is a comment on it, not an emoji on a comment.
    ("add a note", "create note"),
    ("leave a note", "create note"),
    ("post a note", "create note"),
    ("write a note", "create note"),
    // Reacting is adding an emoji.
    ("react with", "add emoji"),
    ("react to", "add emoji to"),
    ("comment on a line", "start discussion on a diff line"),
    ("comment on line", "start discussion on a diff line"),
    ("comment on the diff", "start discussion on the diff"),
    ("review comments", "discussions"),
    ("comment on", "create note on"),
    ("file a bug", "create issue"),
    ("file an issue", "create issue"),
    ("report a bug", "create issue"),
    ("tag a ", "create tag "),
    ("tag the ", "create tag "),
    ("step by step", "interactive"),
    // The CI file is the CI configuration, not a file to read.
    (".gitlab-ci.yml", "ci configuration"),
    ("gitlab-ci", "ci configuration"),
    // GitLab's own name for its variables: not a pipeline's (`ci`) nor a path (`cd`).
    (" ci/cd variables ", " variables "),
    (" ci/cd variable ", " variable "),
    // Asking why something failed is asking for a job's log.
    (" why ", " log job "),
    // Who wrote a line is blame's question, not a diff's.
    ("last changed line", "blame line"),
    ("who changed line", "blame line"),
    ("who wrote line", "blame line"),
    ("ci status on", "set status on"),
    ("create note on a commit", "comment_create commit"),
    ("create note on the commit", "comment_create commit"),
    ("what happened", "event activity"),
    ("where can i create", "namespace list"),
    ("notify me about", "subscribe"),
    ("set up", "configure"),
    (
        "make the project public",
        "update project visibility public",
    ),
    (" list open ", " list opened "),
    // Merge requests that wait for a review are not a wait for CI.
    ("wait for my review", "reviews_for_me review"),
    ("waiting for my review", "reviews_for_me review"),
    // Time people log on work, not a job's log.
    (" log time ", " add time spent "),
    // Jobs waiting for a person are manual ones, not a wait for CI.
    ("waiting for a manual", "list manual"),
    ("wait for a manual", "list manual"),
    // A due date is set on the object, not made.
    ("due date", "update due_date"),
    // An MR marked draft or ready is updated, not a draft note.
    (" as draft", " update draft title"),
    (" as ready", " update draft title"),
    ("publish a release", "create release"),
    ("publish the release", "create release"),
    ("start a merge_request", "create merge_request"),
    ("start a new merge_request", "create merge_request"),
    // Who changed an object's state is its state events, not a change to make.
    ("who closed", "state event list"),
    ("who reopened", "state event list"),
    ("who merged", "state event list"),
    ("was it reopened", "state event"),
    // An approval that is required is a rule; one's own approval is a setting.
    ("approve their own", "approval settings author"),
    ("stop letting", "update settings"),
    ("allowed to deploy", "show protected_environment deploy"),
    ("a child of", "add child"),
];

/// Everyday words → the terms the catalog uses, the closest first. A word listed here
/// stands for its terms only (`mr` is not looked up as `mr`).
const SYNONYMS: &[(&str, &[&str])] = &[
    ("recent", &["list"]),
    ("validate", &["check", "valid"]),
    ("lint", &["check", "valid"]),
    ("latest", &["latest", "list"]),
    ("last", &["latest", "list"]),
    ("green", &["latest", "success", "pipeline"]),
    ("passing", &["latest", "success"]),
    ("status", &["latest", "status"]),
    ("upstream", &["fork"]),
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
    ("stop", &["cancel", "stop"]),
    ("abort", &["cancel"]),
    ("kill", &["cancel"]),
    // Triggering a pipeline is running one; the trigger tokens are named as such.
    ("trigger", &["create", "pipeline"]),
    ("contributed", &["contributor"]),
    ("contribute", &["contributor"]),
    ("thumbs", &["emoji"]),
    ("thumbsup", &["emoji"]),
    ("upvote", &["emoji"]),
    ("react", &["emoji"]),
    ("reaction", &["emoji"]),
    ("reactions", &["emoji"]),
    ("deployed", &["deployment"]),
    ("deploy", &["deployment", "deploy"]),
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
    ("open", &["open", "create"]),
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
    // `add` is GitLab's own verb for some (a child, a link, a merge train, an emoji).
    ("add", &["create", "add"]),
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
    ("blocking", &["block", "link"]),
    ("item", &["item", "work_item"]),
    ("items", &["item", "work_item"]),
    ("task", &["task", "work_item"]),
    ("tasks", &["task", "work_item"]),
    ("under", &["parent", "child"]),
    // Approvals a merge request requires are an approval rule's.
    ("require", &["approval_rule", "rule", "create"]),
    ("unsatisfied", &["state", "approval"]),
    ("depend", &["dependency"]),
    ("depends", &["dependency"]),
    ("protection", &["protect"]),
    ("lock", &["protect"]),
    ("doc", &["wiki"]),
    ("docs", &["wiki"]),
    ("documentation", &["wiki"]),
    ("page", &["page", "wiki"]),
    ("version", &["version", "tag", "release"]),
    ("sprint", &["milestone", "iteration"]),
    ("copy", &["copy", "fork"]),
    ("wizard", &["interactive"]),
    ("guided", &["interactive"]),
    ("interactively", &["interactive"]),
    ("step", &["interactive"]),
    ("elicitation", &["interactive"]),
    ("grep", &["search", "blob"]),
    ("blame", &["blame"]),
    ("activity", &["event"]),
    ("happened", &["event"]),
    ("share", &["create"]),
    ("follow", &["subscribe"]),
    ("watch", &["subscribe"]),
    ("hours", &["time", "spent"]),
    ("hour", &["time", "spent"]),
    ("minutes", &["time", "spent"]),
    ("estimate", &["estimate", "time"]),
    // What a README says is a file's content.
    ("readme", &["readme", "file", "get"]),
    ("say", &["get", "file"]),
    ("says", &["get", "file"]),
];

/// One word of a query: the terms it stands for, the closest first, and how much it counts.
#[derive(Debug)]
pub struct QueryWord {
    pub terms: Vec<String>,
    /// 1 for a word of substance; less for a filler word kept for what it may stand for
    /// (the `me` of "show me the log" should not outweigh the log), for a word that only
    /// qualifies, and for the "several of them" a plural implies.
    pub weight: f64,
    /// A hint another word's term does not use up: the list a plural implies counts even
    /// when "show" already read as a list.
    pub hint: bool,
}

/// How much a filler word that stands for something counts against a word of substance.
pub const FILLER_WEIGHT: f64 = 0.4;
/// How much a word after a qualifier counts.
const QUALIFIED_WEIGHT: f64 = 0.7;
/// How much a plural's hint of a list counts.
const PLURAL_WEIGHT: f64 = 0.5;

/// The words of a query less stopwords, each with the terms it stands for.
pub fn query_terms(query: &str) -> Vec<QueryWord> {
    let mut text = format!(" {} ", query.to_lowercase());
    for (phrase, meaning) in PHRASES {
        text = text.replace(phrase, meaning);
    }
    let mut words = Vec::new();
    let mut qualified = false;
    for token in text.split_whitespace() {
        let token = token.trim_matches(|c: char| !c.is_alphanumeric() && c != '_');
        // `src/lib.rs`, `README.md`: a file named in the query.
        if looks_like_file(token) {
            words.push(QueryWord {
                terms: vec!["file".to_owned()],
                weight: if qualified { QUALIFIED_WEIGHT } else { 1.0 },
                hint: false,
            });
            continue;
        }
        for word in super::words::words(token) {
            if QUALIFIERS.contains(&word) {
                qualified = true;
            }
            words.extend(read_word(word, qualified));
        }
    }
    // A word the query says outright is not also what a synonym stands for: in "trigger a
    // pipeline", `pipeline` is the pipeline's, and `trigger` means creating it.
    let said: Vec<String> = words
        .iter()
        .filter(|word| word.terms.len() == 1 && !word.hint)
        .map(|word| word.terms[0].clone())
        .collect();
    for word in words.iter_mut().filter(|word| word.terms.len() > 1) {
        word.terms.retain(|term| !said.contains(term));
    }
    words.retain(|word| !word.terms.is_empty());
    words
}

/// A word's terms: its synonyms', or its own stem; nothing for a plain stopword.
fn read_word(word: &str, qualified: bool) -> Vec<QueryWord> {
    let synonym = SYNONYMS.iter().find(|(alias, _)| *alias == word);
    if STOPWORDS.contains(&word) && synonym.is_none() {
        return Vec::new();
    }
    let base = if STOPWORDS.contains(&word) {
        FILLER_WEIGHT
    } else if qualified {
        QUALIFIED_WEIGHT
    } else {
        1.0
    };
    let terms: Vec<String> = match synonym {
        Some((_, terms)) => terms.iter().map(|term| stem(term)).collect(),
        None => vec![stem(word)],
    };
    let plural = synonym.is_none() && word.len() > 3 && stem(word) != word && word.ends_with('s');
    let mut read = vec![QueryWord {
        terms,
        weight: base,
        hint: false,
    }];
    if plural && !qualified {
        read.push(QueryWord {
            terms: vec!["list".to_owned()],
            weight: PLURAL_WEIGHT,
            hint: true,
        });
    }
    read
}

/// `src/lib.rs`, `Cargo.toml`, `README.md` — not `v1.0.0` or `feature/x`.
fn looks_like_file(token: &str) -> bool {
    let name = token.rsplit('/').next().unwrap_or(token);
    match name.rsplit_once('.') {
        Some((stem, extension)) => {
            !stem.is_empty()
                && (1..=5).contains(&extension.len())
                && extension.chars().all(|c| c.is_ascii_alphabetic())
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(query: &str) -> Vec<String> {
        query_terms(query)
            .into_iter()
            .flat_map(|word| word.terms)
            .collect()
    }

    #[test]
    fn queries_drop_filler_and_expand_synonyms() {
        let terms = flat("Why did the last pipeline fail?");
        assert!(terms.iter().any(|t| t == "pipeline"));
        assert!(terms.iter().any(|t| t == "fail"));
        assert!(terms.iter().any(|t| t == "log"), "why asks for the log");
        assert!(terms.iter().any(|t| t == "job"), "of a job");
        assert!(!terms.iter().any(|t| t == "the"));
        assert!(
            flat("review my pull request")
                .iter()
                .any(|t| t == "merge_request")
        );
    }

    #[test]
    fn phrases_files_and_qualifiers() {
        assert_eq!(flat("file a bug"), ["create", "issue"]);
        assert_eq!(
            flat("comment on issue 5")[..2],
            ["create".to_owned(), "note".to_owned()]
        );
        assert!(flat("show src/lib.rs on main").contains(&"file".to_owned()));
        assert!(!flat("what changed since v1.0.0").contains(&"file".to_owned()));
        let words = query_terms("show the log of the test job");
        let job = words.iter().find(|w| w.terms[0] == "job").unwrap();
        assert_eq!(job.weight, QUALIFIED_WEIGHT);
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

    #[test]
    fn a_plural_hints_at_a_list() {
        let words = query_terms("failed jobs");
        assert!(
            words
                .iter()
                .any(|w| w.terms == ["list"] && w.weight == PLURAL_WEIGHT)
        );
    }
}
