//! The demo repository: a small Rust crate, `sandbox`, built up commit by commit on `main`
//! by three people, a `feature/x` branch with two commits of its own, a `fix/tokenizer`
//! branch fixing the tokenizer's off-by-one that main's newest test exposes; and for the
//! showcase (`Store::showcase`), a `docs/tokens` branch that says in the README what a
//! token is.

use std::time::SystemTime;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

use crate::store::ids::hex_id;
use crate::store::repository::actions::{ActionKind, FileAction, NewCommit};
use crate::store::repository::history::Repository;
use crate::store::repository::objects::{Annotation, Person, Tag};
use crate::store::timestamps::seed_time;

/// The commit ids the rest of the seed refers to.
pub(crate) struct History {
    /// Tagged `v1.0.0`; the passing pipeline ran here.
    pub v1: String,
    /// `main`'s head; the failing pipeline ran here.
    pub main: String,
    pub fix: String,
}

/// The line of `src/tokenizer.rs` that the fix changes (1-based, in the fixed file).
pub(crate) fn fixed_line() -> u32 {
    let line = fixed_tokenizer()
        .lines()
        .position(|l| l.contains(FIXED_LOOP))
        .expect("the fixed tokenizer has the fixed loop");
    u32::try_from(line + 1).expect("a short file")
}

const BUGGY_LOOP: &str = "for i in 0..chars.len() {";
const FIXED_LOOP: &str = "for i in 0..=chars.len() {";

fn fixed_tokenizer() -> String {
    TOKENIZER.replace(BUGGY_LOOP, FIXED_LOOP)
}

pub(crate) fn build(repository: &mut Repository, people: &[Person; 3]) -> History {
    let [user, alice, bob] = people;
    let mut at = |branch: &str,
                  start: Option<&str>,
                  who: &Person,
                  when: SystemTime,
                  message: &str,
                  files: &[(&str, Vec<u8>)]| {
        let start = start
            .map(str::to_owned)
            .or_else(|| repository.branches.get(branch).cloned());
        let tree = start
            .as_ref()
            .and_then(|s| repository.commit(s))
            .map(|c| c.tree.clone());
        let actions = files
            .iter()
            .map(|(path, content)| {
                let exists = tree.as_ref().is_some_and(|t| t.contains_key(*path));
                let kind = if exists {
                    ActionKind::Update
                } else {
                    ActionKind::Create
                };
                FileAction::new(kind, path, Some(content.as_slice()))
            })
            .collect();
        let commit = NewCommit {
            branch: branch.to_owned(),
            start,
            message: message.to_owned(),
            author: who.clone(),
            committer: who.clone(),
            date: when,
            actions,
        };
        repository
            .apply(commit)
            .expect("the seed's commits apply")
            .id
            .clone()
    };
    let text = |s: &str| s.as_bytes().to_vec();
    let readme_v1 = README.replace("\n## Logo\n\n![logo](assets/logo.png)\n", "");
    let readme_v0 = readme_v1.replace("\nSee [the guide](docs/guide.md).\n", "");
    let lib_v0 = LIB.replace("pub mod tokenizer;\n", "");
    let tests_v1 = TESTS
        .split("\n#[test]\nfn splits_a_sentence")
        .next()
        .unwrap_or(TESTS)
        .to_owned();
    let guide_v1 = GUIDE
        .split("\n## Counting words")
        .next()
        .unwrap_or(GUIDE)
        .to_owned();

    at(
        "main",
        None,
        user,
        seed_time(0, 9, 12),
        "Initial commit",
        &[
            ("README.md", text(&readme_v0)),
            ("Cargo.toml", text(CARGO)),
            ("src/lib.rs", text(&lib_v0)),
        ],
    );
    at(
        "main",
        None,
        alice,
        seed_time(1, 10, 3),
        "Add tokenizer\n\nWords and punctuation, whitespace dropped.",
        &[
            ("src/tokenizer.rs", text(TOKENIZER)),
            ("src/lib.rs", text(LIB)),
            ("tests/tokenizer.rs", text(&tests_v1)),
        ],
    );
    let v1 = at(
        "main",
        None,
        bob,
        seed_time(2, 14, 40),
        "Add CI pipeline",
        &[(".gitlab-ci.yml", text(CI))],
    );
    let guide = at(
        "main",
        None,
        alice,
        seed_time(3, 11, 20),
        "Add user guide",
        &[
            ("docs/guide.md", text(&guide_v1)),
            ("README.md", text(&readme_v1)),
        ],
    );
    at(
        "main",
        None,
        bob,
        seed_time(4, 16, 5),
        "Add logo",
        &[("assets/logo.png", logo()), ("README.md", text(README))],
    );
    at(
        "feature/x",
        Some(&guide),
        bob,
        seed_time(5, 13, 0),
        "Add word counter",
        &[
            ("src/counter.rs", text(COUNTER)),
            ("src/lib.rs", text(&format!("{LIB}pub mod counter;\n"))),
        ],
    );
    at(
        "feature/x",
        None,
        bob,
        seed_time(6, 10, 30),
        "Document the word counter",
        &[("docs/guide.md", text(GUIDE))],
    );
    let main = at(
        "main",
        None,
        alice,
        seed_time(7, 9, 45),
        "Test tokenizing a whole sentence\n\nA sentence that does not end in punctuation keeps its last word.",
        &[("tests/tokenizer.rs", text(TESTS))],
    );
    let fix = at(
        "fix/tokenizer",
        Some(&main),
        alice,
        seed_time(8, 8, 55),
        "Fix off-by-one in tokenizer\n\nThe loop stopped before the end-of-text sentinel, so a trailing word was\nnever flushed.\n\nCloses #1",
        &[("src/tokenizer.rs", text(&fixed_tokenizer()))],
    );

    let tagged_at = seed_time(2, 15, 0);
    repository.tags.insert(
        "v1.0.0".to_owned(),
        Tag {
            name: "v1.0.0".to_owned(),
            commit: v1.clone(),
            annotation: Some(Annotation {
                id: hex_id(format!("tag v1.0.0 {v1}").as_bytes()),
                message: "Version 1.0.0: tokenizer and CI".to_owned(),
                date: tagged_at,
            }),
        },
    );
    History { v1, main, fix }
}

/// The showcase's `docs/tokens` branch: one commit of bob's on top of main's head (`main`),
/// saying in the README what a token is. Returns its head.
pub(crate) fn docs_branch(repository: &mut Repository, bob: &Person, main: &str) -> String {
    let commit = NewCommit {
        branch: "docs/tokens".to_owned(),
        start: Some(main.to_owned()),
        message: "Say what a token is in the README".to_owned(),
        author: bob.clone(),
        committer: bob.clone(),
        date: seed_time(8, 11, 0),
        actions: vec![FileAction::new(
            ActionKind::Update,
            "README.md",
            Some(format!("{README}{TOKENS}").as_bytes()),
        )],
    };
    repository
        .apply(commit)
        .expect("the showcase's commit applies")
        .id
        .clone()
}

/// A 1×1 PNG: the repository's one binary file.
fn logo() -> Vec<u8> {
    STANDARD
        .decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")
        .expect("valid base64")
}

const README: &str = "# sandbox

A tiny tokenizer, and the demo project of the GitLab MCP server's sandbox.

```rust
let tokens = sandbox::tokenizer::tokenize(\"Hello, world!\");
```

See [the guide](docs/guide.md).

## Logo

![logo](assets/logo.png)
";

/// What `docs/tokens` adds to the README.
const TOKENS: &str = "
## Tokens

A token is a word or a punctuation mark; whitespace only separates tokens.
";

const CARGO: &str = "[package]
name = \"sandbox\"
version = \"1.0.0\"
edition = \"2024\"
license = \"MIT\"

[dev-dependencies]
insta = \"1\"
proptest = \"1\"
";

const LIB: &str = "//! The sandbox crate: text utilities for the demo project.

pub mod tokenizer;
";

const TOKENIZER: &str = "//! Splits text into tokens: words and punctuation marks.

/// A piece of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    Word(String),
    Punct(char),
}

/// Splits `text` into words and punctuation marks; whitespace separates and is dropped.
pub fn tokenize(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut word_start = None;
    // Position `chars.len()` is a sentinel separator: it ends the last word.
    for i in 0..chars.len() {
        let c = chars.get(i).copied().unwrap_or(' ');
        if c.is_alphanumeric() {
            word_start.get_or_insert(i);
            continue;
        }
        if let Some(start) = word_start.take() {
            tokens.push(Token::Word(chars[start..i].iter().collect()));
        }
        if !c.is_whitespace() {
            tokens.push(Token::Punct(c));
        }
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_text_has_no_tokens() {
        assert!(tokenize(\"\").is_empty());
    }
}
";

const TESTS: &str = "use sandbox::tokenizer::{Token, tokenize};

fn word(w: &str) -> Token {
    Token::Word(w.to_owned())
}

#[test]
fn splits_words_and_punctuation() {
    assert_eq!(
        tokenize(\"Hello, world!\"),
        [word(\"Hello\"), Token::Punct(','), word(\"world\"), Token::Punct('!')]
    );
}

#[test]
fn whitespace_only_has_no_tokens() {
    assert!(tokenize(\" \\t\\n\").is_empty());
}

#[test]
fn splits_a_sentence() {
    assert_eq!(
        tokenize(\"The quick brown fox\"),
        [word(\"The\"), word(\"quick\"), word(\"brown\"), word(\"fox\")]
    );
}
";

const COUNTER: &str = "//! Counts words with the tokenizer.

use crate::tokenizer::{Token, tokenize};

/// How many words `text` has; punctuation does not count.
pub fn count_words(text: &str) -> usize {
    tokenize(text)
        .iter()
        .filter(|t| matches!(t, Token::Word(_)))
        .count()
}
";

const CI: &str = "stages:
  - build
  - test
  - deploy

default:
  image: rust:1.88

build:
  stage: build
  script:
    - cargo build --locked

test:
  stage: test
  script:
    - cargo test --locked

lint:
  stage: test
  script:
    - rustup component add clippy
    - cargo clippy --locked -- -D warnings

deploy:
  stage: deploy
  script:
    - echo \"Deploying $CI_COMMIT_SHORT_SHA\"
  when: manual
  environment: production
";

const GUIDE: &str = "# User guide

## Tokenizing

`tokenize` splits text into words and punctuation marks:

```rust
use sandbox::tokenizer::{Token, tokenize};

assert_eq!(tokenize(\"Hi!\"), [Token::Word(\"Hi\".into()), Token::Punct('!')]);
```

Whitespace separates tokens and is dropped.

## Counting words

`count_words` counts the words of a text, punctuation aside:

```rust
assert_eq!(sandbox::counter::count_words(\"Hi, you.\"), 2);
```
";
