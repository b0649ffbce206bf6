//! Instance-wide ids: the counters new records take their ids from, and stable ids in the
//! shape of git's.

use sha2::{Digest, Sha256};

/// Instance-wide id counters: GitLab's `id`s are global, `iid`s count per project.
#[derive(Default)]
pub(crate) struct Ids {
    pub project: u64,
    pub issue: u64,
    pub merge_request: u64,
    pub note: u64,
    pub discussion: u64,
    pub label: u64,
    pub milestone: u64,
    pub pipeline: u64,
    pub job: u64,
    pub wiki_page: u64,
    pub protected_branch: u64,
    pub access_level: u64,
    pub issue_link: u64,
    pub todo: u64,
    /// Pull and push mirrors share one sequence, as GitLab's import states and remote
    /// mirrors each have their own table but the ids here only need to be unique.
    pub mirror: u64,
    /// Every kind of settings-like record (`store::records`) shares one sequence.
    pub record: u64,
    /// Who may deploy to or approve for a protected environment.
    pub protected_environment_access: u64,
    /// Feature flags' strategies, and the environment scopes of those.
    pub flag_strategy: u64,
    pub flag_scope: u64,
}

impl Ids {
    /// The next id from `counter` (ids start at 1).
    pub fn next(counter: &mut u64) -> u64 {
        *counter += 1;
        *counter
    }

    /// A fresh 40-hex discussion id: GitLab's are SHA-1-sized random hex, these are stable.
    pub fn discussion_id(&mut self) -> String {
        let n = Ids::next(&mut self.discussion);
        hex_id(format!("discussion {n}").as_bytes())
    }
}

/// 40 hex digits derived from `bytes`: stable ids that look like git's.
pub(crate) fn hex_id(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    hex.truncate(40);
    hex
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_ids_are_stable_and_distinct() {
        let a = hex_id(b"a");
        assert_eq!(a, hex_id(b"a"));
        assert_ne!(a, hex_id(b"b"));
        assert!(a.len() == 40 && a.bytes().all(|c| c.is_ascii_hexdigit()));
    }
}
