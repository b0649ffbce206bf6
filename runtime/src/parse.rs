//! Converters for `#[ask("..", parse = path::to::fn)]`: a question asked as text
//! whose answer becomes another type.

/// Comma-separated items: split on `,`, trim each, drop the empty ones.
///
/// ```
/// assert_eq!(wizard::parse::comma_list("bug, ,, feature,"), Ok(vec!["bug".to_owned(), "feature".to_owned()]));
/// ```
pub fn comma_list(text: &str) -> Result<Vec<String>, String> {
    Ok(text
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(str::to_owned)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::comma_list;

    fn list(items: &[&str]) -> Result<Vec<String>, String> {
        Ok(items.iter().map(|item| (*item).to_owned()).collect())
    }

    #[test]
    fn splits_trims_and_drops_empty_items() {
        assert_eq!(comma_list("bug, ,, feature,"), list(&["bug", "feature"]));
        assert_eq!(comma_list("  single  "), list(&["single"]));
        assert_eq!(comma_list("a,b,c"), list(&["a", "b", "c"]));
    }

    #[test]
    fn keeps_inner_spaces_and_unicode() {
        assert_eq!(
            comma_list("needs review, ñandú 🦤"),
            list(&["needs review", "ñandú 🦤"])
        );
    }

    #[test]
    fn nothing_but_separators_is_an_empty_list() {
        assert_eq!(comma_list(""), list(&[]));
        assert_eq!(comma_list(" , ,,"), list(&[]));
    }
}
