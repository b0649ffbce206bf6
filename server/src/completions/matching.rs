//! Ranking candidates against what was typed: an exact match first, then a prefix, then
//! the start of a word, then anywhere; at most 100 values, with `total` and `hasMore`
//! saying honestly what was left.

use rmcp::model::CompletionInfo;

use super::cache::{Candidate, Listing};

/// The values one answer carries at most (the protocol's limit).
pub const MAX_VALUES: usize = CompletionInfo::MAX_VALUES;

/// How well `typed` (lowercase) matches `key`; `None` when it does not.
fn score(key: &str, typed: &str) -> Option<u8> {
    let key = key.to_lowercase();
    if typed.is_empty() || key == typed {
        return Some(0);
    }
    if key.starts_with(typed) {
        return Some(1);
    }
    let at_word = key.match_indices(typed).any(|(at, _)| {
        key[..at]
            .chars()
            .next_back()
            .is_some_and(|c| matches!(c, '/' | '-' | '_' | ' ' | '.' | '#' | '!'))
    });
    if at_word {
        return Some(2);
    }
    key.contains(typed).then_some(3)
}

/// The values of `listings` (one GitLab list each, in order) that match `typed`, best
/// first. A listing GitLab searched for exactly `typed` keeps what matched there only (in
/// a description, say) at the end.
pub fn complete(listings: &[&Listing], typed: &str) -> CompletionInfo {
    let typed = typed.trim().to_lowercase();
    let mut matches: Vec<(u8, u8, usize, &Candidate)> = Vec::new();
    for listing in listings {
        let searched_for_this = listing
            .query
            .as_deref()
            .is_some_and(|query| query.to_lowercase() == typed);
        for candidate in &listing.candidates {
            let best = candidate
                .keys
                .iter()
                .filter_map(|key| score(key, &typed))
                .min();
            if let Some(best) = best.or(searched_for_this.then_some(4)) {
                matches.push((best, candidate.rank, matches.len(), candidate));
            }
        }
    }
    matches.sort_by_key(|(score, rank, index, _)| (*score, *rank, *index));
    let mut seen = std::collections::HashSet::new();
    matches.retain(|(_, _, _, candidate)| seen.insert(candidate.value.as_str()));
    let found = matches.len();
    let complete = listings.iter().all(|listing| listing.complete);
    let values: Vec<String> = matches
        .into_iter()
        .take(MAX_VALUES)
        .map(|(_, _, _, candidate)| candidate.value.clone())
        .collect();
    let mut info = CompletionInfo::default();
    info.values = values;
    // Only complete listings know how many match; an incomplete one may hold more on
    // GitLab's next pages.
    info.total = complete.then(|| u32::try_from(found).unwrap_or(u32::MAX));
    info.has_more = Some(found > MAX_VALUES || !complete);
    info
}

/// Nothing to offer: no candidates, and none to be had.
pub fn nothing() -> CompletionInfo {
    let mut info = CompletionInfo::default();
    info.total = Some(0);
    info.has_more = Some(false);
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(value: &str, keys: &[&str], rank: u8) -> Candidate {
        Candidate {
            value: value.to_owned(),
            keys: keys.iter().map(|k| (*k).to_owned()).collect(),
            rank,
        }
    }

    fn listing(candidates: Vec<Candidate>, complete: bool) -> Listing {
        Listing {
            candidates,
            complete,
            query: None,
        }
    }

    #[test]
    fn exact_prefix_word_then_anywhere() {
        let all = listing(
            vec![
                candidate("my-fix", &["my-fix"], 0),
                candidate("xfixy", &["xfixy"], 0),
                candidate("fix/tokenizer", &["fix/tokenizer"], 0),
                candidate("fix", &["fix"], 0),
                candidate("main", &["main"], 0),
            ],
            true,
        );
        let info = complete(&[&all], "Fix");
        assert_eq!(info.values, ["fix", "fix/tokenizer", "my-fix", "xfixy"]);
        assert_eq!((info.total, info.has_more), (Some(4), Some(false)));
        assert_eq!(complete(&[&all], "").values.len(), 5);
    }

    #[test]
    fn titles_match_and_rank_breaks_ties() {
        let all = listing(
            vec![
                candidate("2 — Merged", &["2", "Tokenizer merged"], 1),
                candidate("1 — Open", &["1", "Tokenizer open"], 0),
                candidate("12 — Other", &["12", "Other"], 0),
            ],
            false,
        );
        let info = complete(&[&all], "token");
        assert_eq!(info.values, ["1 — Open", "2 — Merged"]);
        // GitLab may hold more on its next pages.
        assert_eq!((info.total, info.has_more), (None, Some(true)));
        assert_eq!(complete(&[&all], "1").values, ["1 — Open", "12 — Other"]);
    }

    #[test]
    fn at_most_a_hundred_values_and_the_rest_counted() {
        let many: Vec<Candidate> = (0..150)
            .map(|n| candidate(&format!("v{n}"), &[&format!("v{n}")], 0))
            .collect();
        let info = complete(&[&listing(many, true)], "v");
        assert_eq!(info.values.len(), 100);
        assert_eq!((info.total, info.has_more), (Some(150), Some(true)));
    }
}
