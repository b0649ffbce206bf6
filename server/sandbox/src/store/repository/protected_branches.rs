//! Protected branch rules, and GitLab's wildcards in their names.

/// A protected branch rule; `name` may hold `*` wildcards (`release/*`).
pub(crate) struct ProtectedBranch {
    pub id: u64,
    pub name: String,
    pub push_access_level: u8,
    pub merge_access_level: u8,
    pub allow_force_push: bool,
    /// Ids of the two access level records GitLab lists under the rule.
    pub access_ids: (u64, u64),
}

impl ProtectedBranch {
    /// GitLab's wildcard rule: `*` matches any run of characters, `/` included.
    pub fn matches(&self, branch: &str) -> bool {
        wildcard_match(&self.name, branch)
    }
}

fn wildcard_match(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

#[cfg(test)]
mod tests {
    use super::wildcard_match;

    #[test]
    fn wildcards_match_like_gitlabs_protected_branches() {
        assert!(wildcard_match("main", "main"));
        assert!(!wildcard_match("main", "main2"));
        assert!(wildcard_match("release/*", "release/1.0"));
        assert!(wildcard_match("*-stable", "13-stable"));
        assert!(wildcard_match("*", "anything/at/all"));
        assert!(wildcard_match("a*b*c", "a-x-b-y-c"));
        assert!(!wildcard_match("release/*", "fix/release/1"));
        assert!(!wildcard_match("a*bc", "abc-bc-x"));
    }
}
