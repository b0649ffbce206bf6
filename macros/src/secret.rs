//! Words that mark a question as asking for a secret, which MCP forbids in form mode.

const SECRET_WORDS: [&str; 8] = [
    "password",
    "passwd",
    "token",
    "secret",
    "api key",
    "apikey",
    "private key",
    "credential",
];

/// Words that, right before a secret word, turn it into a warning against typing one:
/// "(not for secrets: use CI/CD settings)" asks for none.
const NEGATIONS: [&str; 3] = ["not for ", "no ", "never "];

/// The secret-looking word in a field name, key or question text, if any.
/// Case and `_`/`-` separators are ignored: `API_KEY` and `Api-Key` match `api key`. A
/// word right after "not for", "no" or "never" is a warning, not a request.
pub fn find(text: &str) -> Option<&'static str> {
    let normal: String = text
        .chars()
        .map(|c| match c {
            '_' | '-' => ' ',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    SECRET_WORDS.into_iter().find(|word| {
        normal.match_indices(word).any(|(at, _)| {
            let before = &normal[..at];
            !NEGATIONS.iter().any(|negation| {
                before.ends_with(negation)
                    && before[..before.len() - negation.len()]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !c.is_alphanumeric())
            })
        })
    })
}

pub fn message(word: &str) -> String {
    format!(
        "this question looks like it asks for a secret (`{word}`): MCP forbids requesting passwords, tokens, API keys or other secrets through form-mode elicitation; collect it with URL-mode elicitation on your own page instead, or rename the field and reword the question if it is not a secret"
    )
}

#[cfg(test)]
mod tests {
    use super::find;

    #[test]
    fn finds_secret_words_whatever_the_spelling() {
        assert_eq!(find("password"), Some("password"));
        assert_eq!(find("db_passwd"), Some("passwd"));
        assert_eq!(find("Enter your personal access TOKEN"), Some("token"));
        assert_eq!(find("API_KEY"), Some("api key"));
        assert_eq!(find("apikey"), Some("apikey"));
        assert_eq!(find("ssh-private-key"), Some("private key"));
        assert_eq!(find("Your credentials, please"), Some("credential"));
        assert_eq!(find("client_secret"), Some("secret"));
    }

    #[test]
    fn leaves_ordinary_questions_alone() {
        for text in [
            "Enter the issue title",
            "Select the project visibility",
            "Enter the tag name for the release (must already exist)",
            "Squash commits on merge?",
            "private",
            "keyword",
            "KEY=value pairs (not for secrets: use CI/CD settings)",
            "No passwords here",
        ] {
            assert_eq!(find(text), None, "{text}");
        }
    }

    #[test]
    fn a_warning_does_not_hide_a_request_beside_it() {
        assert_eq!(find("no secrets here, but your password"), Some("password"));
        assert_eq!(
            find("casino tokens"),
            Some("token"),
            "`no` inside a word negates nothing"
        );
        assert_eq!(find("not for secrets, except the secret"), Some("secret"));
    }
}
