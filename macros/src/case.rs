//! Names derived from identifiers: step variants, choice wire values and titles.

/// Splits `MergeRequest`, `HTTPServer`, `merge_request` into words.
fn words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut words = Vec::new();
    let mut word = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            continue;
        }
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        // A capital starts a word after a lower-case letter or digit (`mergeRequest`),
        // and ends an acronym when a lower-case letter follows (`HTTPServer`).
        let boundary = c.is_uppercase()
            && prev.is_some_and(|p| {
                p.is_lowercase()
                    || p.is_ascii_digit()
                    || (p.is_uppercase() && next.is_some_and(char::is_lowercase))
            });
        if boundary && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        word.push(c);
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// `MergeRequest` → `merge_request`: a choice's default wire value.
pub fn snake_case(name: &str) -> String {
    words(name)
        .iter()
        .map(|word| word.to_lowercase())
        .collect::<Vec<_>>()
        .join("_")
}

/// `MergeRequest` → `Merge request`: a choice's default title. Acronyms stay capitals.
pub fn title_case(name: &str) -> String {
    let words = words(name);
    let mut title = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let acronym = word.chars().count() > 1 && word.chars().all(|c| !c.is_lowercase());
        title.push(if acronym {
            word.clone()
        } else if i == 0 {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first
                    .to_uppercase()
                    .chain(chars.flat_map(char::to_lowercase))
                    .collect()
            })
        } else {
            word.to_lowercase()
        });
    }
    title.join(" ")
}

/// `source_branch` → `SourceBranch`: a step variant.
pub fn camel_case(name: &str) -> String {
    words(name)
        .iter()
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect()
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_makes_wire_values() {
        assert_eq!(snake_case("Private"), "private");
        assert_eq!(snake_case("MergeRequest"), "merge_request");
        assert_eq!(snake_case("HTTPServer"), "http_server");
        assert_eq!(snake_case("Level2Support"), "level2_support");
    }

    #[test]
    fn title_case_makes_titles() {
        assert_eq!(title_case("Private"), "Private");
        assert_eq!(title_case("MergeRequest"), "Merge request");
        assert_eq!(title_case("HTTPServer"), "HTTP server");
        assert_eq!(title_case("UseSSO"), "Use SSO");
    }

    #[test]
    fn camel_case_makes_step_variants() {
        assert_eq!(camel_case("title"), "Title");
        assert_eq!(camel_case("source_branch"), "SourceBranch");
        assert_eq!(camel_case("initialize_with_readme"), "InitializeWithReadme");
        assert_eq!(camel_case("_x"), "X");
    }
}
