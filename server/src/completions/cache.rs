//! What GitLab answered a completion, kept briefly: a person types a name one letter at a
//! time, and each letter would otherwise ask GitLab the same question again. A listing
//! that was complete for `fe` answers `fea` too, filtered here.
//!
//! Bounded: [`CAPACITY`] listings, each [`TTL`] long; past the capacity the oldest go
//! first. Listings are kept per caller (a digest of the GitLab token the request acts
//! with), since two tokens may see different projects.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use wizard::state::Caller;

/// How long a listing answers completions.
pub const TTL: Duration = Duration::from_secs(30);
/// Listings kept at most.
pub const CAPACITY: usize = 256;

/// One value to offer, and the texts typed text is matched against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub value: String,
    pub keys: Vec<String>,
    /// Ties are broken by this (lower first), then by GitLab's order: an open merge
    /// request before a merged one.
    pub rank: u8,
}

/// One GitLab answer as candidates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    pub candidates: Vec<Candidate>,
    /// Whether it holds every match of its query (GitLab had no next page).
    pub complete: bool,
    /// What GitLab was asked to search for, if anything.
    pub query: Option<String>,
}

/// What a listing answers: a caller's view of one GitLab list.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Source {
    pub caller: Caller,
    /// The project (lowercase), empty for the user's projects.
    pub project: String,
    /// The catalog action asked, and anything else its answer depends on (a ref, a
    /// directory).
    pub list: String,
}

/// A listing by its source and query, with when GitLab answered it.
type Entries = HashMap<(Source, Option<String>), (Instant, Arc<Listing>)>;

#[derive(Debug, Default)]
pub struct Cache {
    entries: Mutex<Entries>,
}

impl Cache {
    /// A fresh listing of `source` that answers `query`: the one asked with it, or a
    /// complete one asked with less (no query, or a part of this one: GitLab's searches
    /// match anywhere in a name, so every match of `query` is a match of a part of it).
    pub fn get(&self, source: &Source, query: Option<&str>) -> Option<Arc<Listing>> {
        let entries = self.lock();
        let now = Instant::now();
        let fresh = |at: &Instant| now.duration_since(*at) < TTL;
        if let Some((at, listing)) = entries.get(&(source.clone(), query.map(str::to_owned)))
            && fresh(at)
        {
            return Some(Arc::clone(listing));
        }
        let wanted = query.unwrap_or_default().to_lowercase();
        entries
            .iter()
            .filter(|((cached, _), (at, listing))| {
                cached == source && fresh(at) && listing.complete
            })
            .filter(|((_, asked), _)| {
                asked
                    .as_deref()
                    .is_none_or(|asked| wanted.contains(&asked.to_lowercase()))
            })
            // The narrowest answers best.
            .max_by_key(|((_, asked), _)| asked.as_deref().map_or(0, str::len))
            .map(|(_, (_, listing))| Arc::clone(listing))
    }

    pub fn put(&self, source: Source, listing: Listing) -> Arc<Listing> {
        let listing = Arc::new(listing);
        let mut entries = self.lock();
        let now = Instant::now();
        entries.retain(|_, (at, _)| now.duration_since(*at) < TTL);
        while entries.len() >= CAPACITY {
            let oldest = entries
                .iter()
                .min_by_key(|(_, (at, _))| *at)
                .map(|(key, _)| key.clone());
            match oldest {
                Some(key) => entries.remove(&key),
                None => break,
            };
        }
        let query = listing.query.clone();
        entries.insert((source, query), (now, Arc::clone(&listing)));
        listing
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Entries> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(list: &str) -> Source {
        Source {
            caller: Caller::ANYONE,
            project: "demo/sandbox".into(),
            list: list.into(),
        }
    }

    fn listing(query: Option<&str>, complete: bool) -> Listing {
        Listing {
            candidates: vec![],
            complete,
            query: query.map(str::to_owned),
        }
    }

    #[test]
    fn a_complete_listing_answers_narrower_queries() {
        let cache = Cache::default();
        cache.put(source("branch.list"), listing(Some("fe"), true));
        assert!(cache.get(&source("branch.list"), Some("fea")).is_some());
        assert!(cache.get(&source("branch.list"), Some("xfex")).is_some());
        assert!(cache.get(&source("branch.list"), Some("f")).is_none());
        assert!(cache.get(&source("branch.list"), None).is_none());
        assert!(cache.get(&source("tag.list"), Some("fea")).is_none());
        cache.put(source("tag.list"), listing(Some("v1"), false));
        assert!(cache.get(&source("tag.list"), Some("v1")).is_some());
        assert!(cache.get(&source("tag.list"), Some("v1.2")).is_none());
    }

    #[test]
    fn the_cache_stays_within_its_capacity() {
        let cache = Cache::default();
        for n in 0..CAPACITY + 10 {
            cache.put(source("label.list"), listing(Some(&n.to_string()), true));
        }
        assert_eq!(cache.len(), CAPACITY);
    }
}
