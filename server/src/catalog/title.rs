//! Tool titles made from action ids: `merge_request.note_create` → `Create merge request
//! note`, `job.log` → `Job log`.

use super::resource::Resource;

/// Verbs that lead a title.
const VERBS: &[&str] = &[
    "list",
    "get",
    "create",
    "update",
    "delete",
    "merge",
    "approve",
    "unapprove",
    "rebase",
    "reply",
    "resolve",
    "retry",
    "cancel",
    "play",
    "erase",
    "protect",
    "unprotect",
    "fork",
    "archive",
    "unarchive",
    "start",
    "add",
    "configure",
    "run",
];

/// `{Verb} {noun} {rest}`, with the noun (or the last word) in the plural for a list; or
/// `{Noun} {words}` when the id has no verb.
pub fn title(resource: &Resource, verb: &str) -> String {
    let words: Vec<&str> = verb.split('_').collect();
    let Some((&last, rest)) = words.split_last() else {
        return capitalize(resource.noun);
    };
    if !VERBS.contains(&last) {
        return capitalize(&format!("{} {}", resource.noun, words.join(" ")));
    }
    let mut phrase: Vec<String> = vec![resource.noun.to_owned()];
    phrase.extend(rest.iter().map(|w| (*w).to_owned()));
    if last == "list" {
        if rest.is_empty() {
            phrase = vec![resource.plural.to_owned()];
        } else if let Some(noun) = phrase.last_mut() {
            noun.push('s');
        }
    }
    capitalize(&format!("{last} {}", phrase.join(" ")))
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_read_as_english() {
        let of = |id: &str| {
            let (_, verb) = id.split_once('.').unwrap();
            title(Resource::of(id).unwrap(), verb)
        };
        assert_eq!(of("issue.delete"), "Delete issue");
        assert_eq!(of("merge_request.list"), "List merge requests");
        assert_eq!(of("branch.list"), "List branches");
        assert_eq!(of("merge_request.note_create"), "Create merge request note");
        assert_eq!(of("issue.link_list"), "List issue links");
        assert_eq!(of("job.log"), "Job log");
        assert_eq!(of("repository.tree"), "Repository tree");
    }
}
