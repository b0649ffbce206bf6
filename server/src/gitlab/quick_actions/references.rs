//! What a quick action's argument names besides the item it is written on: the project or
//! group `/move` and `/clone` take, the items `/relate`, `/duplicate` and the like take.
//! Read the way GitLab reads references, leaning to naming too much: a word that might
//! name another project is one.

use super::QuickAction;
use super::commands::Reaches;

/// A project (or group) a quick action reaches beyond its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reference {
    /// By its full path (`group/project`), as GitLab resolves it.
    Path(String),
    /// By a path GitLab resolves against the item's own namespace (`project#12`), which
    /// cannot be told without asking GitLab: refused where projects are limited.
    Relative(String),
}

/// The projects and groups `found` reaches besides the item it is written on. A reference
/// inside the same project or group (`#12`, `!3`, `&5`) reaches nothing more.
pub fn references(found: &QuickAction) -> Vec<Reference> {
    let words = found.argument.split_whitespace();
    match found.command.reaches {
        Reaches::Nothing => Vec::new(),
        // `/move group/other`, `/clone group/other --with_notes`; none: the same one.
        Reaches::Container => words
            .filter(|word| !word.starts_with("--"))
            .map(|word| Reference::Path(word.trim_matches('/').to_owned()))
            .collect(),
        Reaches::Items => words.flat_map(item).collect(),
    }
}

/// The container one word names when it refers to an item: `group/project#12`,
/// `project!3`, `group&5`, or an item's URL; nothing for `#12` or another word.
fn item(word: &str) -> Option<Reference> {
    let word = word.trim_matches(|c: char| matches!(c, ',' | '(' | ')' | '[' | ']' | '<' | '>'));
    if let Some((_, after_scheme)) = word.split_once("://") {
        // `https://host/group/project/-/issues/12`: the path before `/-/`, or the whole
        // path when GitLab's form of it is not there.
        let (_, path) = after_scheme.split_once('/')?;
        let container = path.split("/-/").next().unwrap_or(path);
        let container = container.strip_prefix("groups/").unwrap_or(container);
        return Some(Reference::Path(container.trim_matches('/').to_owned()));
    }
    let at = word.find(['#', '!', '&', '%', '~', '*', '$'])?;
    let container = &word[..at];
    if container.is_empty() {
        return None;
    }
    Some(if container.contains('/') {
        Reference::Path(container.to_owned())
    } else {
        Reference::Relative(container.to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::super::find;
    use super::*;

    fn reached(text: &str) -> Vec<Reference> {
        find(text).iter().flat_map(references).collect()
    }

    #[test]
    fn the_containers_an_argument_names() {
        let path = |p: &str| Reference::Path(p.to_owned());
        assert_eq!(reached("/move group/other"), [path("group/other")]);
        assert_eq!(
            reached("/clone group/other --with_notes"),
            [path("group/other")]
        );
        assert!(reached("/clone --with_notes").is_empty());
        assert_eq!(
            reached("/relate #2 other/p#3 sibling!4 https://gitlab.example.com/a/b/-/issues/5"),
            [
                path("other/p"),
                Reference::Relative("sibling".to_owned()),
                path("a/b")
            ]
        );
        assert_eq!(
            reached("/epic group&5"),
            [Reference::Relative("group".to_owned())]
        );
        assert_eq!(
            reached("/parent_epic https://gitlab.example.com/groups/g/sub/-/epics/1"),
            [path("g/sub")]
        );
        assert!(reached("/duplicate #1").is_empty());
        assert!(
            reached("/label ~bug").is_empty(),
            "a label is not a container"
        );
    }
}
