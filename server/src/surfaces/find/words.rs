//! Text as search terms: its words, and each word's stem.

/// A word as a term: lowercase, with common English endings removed so that `branches`,
/// `failed` and `pipelines` meet `branch`, `fail` and `pipeline`.
pub(super) fn stem(word: &str) -> String {
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
/// callers). A bare number is no word: the `3` of "issue 3" is an id, and the digits of a
/// cron example (`0 23 * * 5`) say nothing of what an action does.
pub(super) fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|word| !word.is_empty() && !word.chars().all(|c| c.is_ascii_digit()))
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
}
