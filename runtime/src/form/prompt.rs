//! [`Prompt`]: a question whose data is borrowed, so primitives can ask questions
//! built at run time with the same schema builder and validator as derived ones.

use std::borrow::Cow;

use crate::live::Offer;
use crate::question::{ChoiceOption, DefaultValue, Kind, Question, Requirement};

/// The key of the final summary yes/no and of the destructive-action guard.
pub const CONFIRM_KEY: &str = "confirm";

/// The options of a choice or multi-select, borrowed from wherever they live.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Options<'a> {
    /// A `#[derive(Choice)]` table: the wire values are offered.
    Choices(&'a [ChoiceOption]),
    Strs(&'a [&'a str]),
    Strings(&'a [String]),
    /// What a live choice fetched: values, some with a label.
    Offers(&'a [Offer]),
}

impl<'a> Options<'a> {
    pub fn len(&self) -> usize {
        match self {
            Options::Choices(options) => options.len(),
            Options::Strs(options) => options.len(),
            Options::Strings(options) => options.len(),
            Options::Offers(options) => options.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The wire value at `index`; panics past the end, like slice indexing.
    fn get(&self, index: usize) -> &'a str {
        match *self {
            Options::Choices(options) => options[index].value,
            Options::Strs(options) => options[index],
            Options::Strings(options) => &options[index],
            Options::Offers(options) => &options[index].value,
        }
    }

    /// The labels a form shows instead of the values, when some value needs one: a
    /// live option that came with a label, a `#[derive(Choice)]` title that says more
    /// than its value (`Private` for `private` does not). `None`: the bare values read
    /// well as they are.
    pub fn titles(&self) -> Option<Vec<&'a str>> {
        let titles: Vec<&'a str> = match *self {
            Options::Choices(options) => options.iter().map(|option| option.title).collect(),
            Options::Offers(options) => options.iter().map(Offer::label).collect(),
            Options::Strs(_) | Options::Strings(_) => return None,
        };
        let needed = self
            .values()
            .zip(&titles)
            .any(|(value, title)| !value.eq_ignore_ascii_case(title));
        needed.then_some(titles)
    }

    /// The wire values, in the order offered.
    pub fn values(&self) -> impl ExactSizeIterator<Item = &'a str> + 'a {
        let options = *self;
        (0..options.len()).map(move |index| options.get(index))
    }

    pub fn contains(&self, value: &str) -> bool {
        self.values().any(|offered| offered == value)
    }
}

// Generic over the borrow's own lifetime so that options may outlive the key and the
// message a prompt is built with: `Options<'a>` then shrinks to theirs.
impl<'a, 'b: 'a> From<&'b [ChoiceOption]> for Options<'a> {
    fn from(options: &'b [ChoiceOption]) -> Self {
        Options::Choices(options)
    }
}

impl<'a, 'b: 'a, 'c: 'a> From<&'b [&'c str]> for Options<'a> {
    fn from(options: &'b [&'c str]) -> Self {
        Options::Strs(options)
    }
}

impl<'a, 'b: 'a, 'c: 'a, const N: usize> From<&'b [&'c str; N]> for Options<'a> {
    fn from(options: &'b [&'c str; N]) -> Self {
        Options::Strs(options)
    }
}

impl<'a, 'b: 'a> From<&'b [String]> for Options<'a> {
    fn from(options: &'b [String]) -> Self {
        Options::Strings(options)
    }
}

impl<'a, 'b: 'a> From<&'b [Offer]> for Options<'a> {
    fn from(options: &'b [Offer]) -> Self {
        Options::Offers(options)
    }
}

impl<'a, 'b: 'a> From<&'b Vec<String>> for Options<'a> {
    fn from(options: &'b Vec<String>) -> Self {
        Options::Strings(options)
    }
}

/// What kind of answer a [`Prompt`] takes: [`Kind`] with borrowed options.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PromptKind<'a> {
    Text,
    YesNo,
    Choice(Options<'a>),
    IntegerChoice(&'a [i64]),
    Number {
        min: Option<f64>,
        max: Option<f64>,
        integer: bool,
    },
    MultiSelect {
        options: Options<'a>,
        min_items: Option<u32>,
        max_items: Option<u32>,
    },
}

/// One question as the schema builder and the validator see it: a derived
/// [`Question`] (`Prompt::from(&question)`) or one built at run time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prompt<'a> {
    /// The `inputRequests` key, and the property of text and number answers.
    pub key: &'a str,
    /// The elicitation `message` and the property's `description`.
    pub message: &'a str,
    /// The field's label (the property's `title`); `None`: the key in words.
    pub title: Option<&'a str>,
    pub kind: PromptKind<'a>,
    pub requirement: Requirement,
    pub default: Option<DefaultValue<'a>>,
}

impl<'a> From<&Question> for Prompt<'a> {
    fn from(q: &Question) -> Self {
        let kind = match q.kind {
            Kind::Text => PromptKind::Text,
            Kind::YesNo => PromptKind::YesNo,
            Kind::Choice(options) => PromptKind::Choice(Options::Choices(options)),
            Kind::IntegerChoice(values) => PromptKind::IntegerChoice(values),
            Kind::Number { min, max, integer } => PromptKind::Number { min, max, integer },
            Kind::MultiSelect {
                options,
                min_items,
                max_items,
            } => PromptKind::MultiSelect {
                options: Options::Choices(options),
                min_items,
                max_items,
            },
        };
        Prompt {
            key: q.key,
            message: q.message,
            title: q.title,
            kind,
            requirement: q.requirement,
            // A yes/no asked on its own opens on no: its written default shows only in
            // a single form (which sets it itself); only the intro's `Start` moves it.
            // A default of the wrong kind is kept, to be refused as one.
            default: match (q.kind, q.default) {
                (Kind::YesNo, Some(DefaultValue::Bool(_))) => None,
                (_, default) => default,
            },
        }
    }
}

impl<'a> Prompt<'a> {
    const fn new(key: &'a str, message: &'a str, kind: PromptKind<'a>) -> Self {
        Prompt {
            key,
            message,
            title: None,
            kind,
            requirement: Requirement::Required,
            default: None,
        }
    }

    /// Free text under the property `key`; required and non-empty unless `requirement`
    /// is changed.
    pub const fn text(key: &'a str, message: &'a str) -> Self {
        Prompt::new(key, message, PromptKind::Text)
    }

    /// A yes/no (property `confirmed`), starting on no.
    pub const fn yes_no(key: &'a str, message: &'a str) -> Self {
        Prompt::new(key, message, PromptKind::YesNo)
    }

    /// The summary yes/no and the destructive guard: key `confirm`.
    pub const fn confirm(message: &'a str) -> Self {
        Prompt::yes_no(CONFIRM_KEY, message)
    }

    /// A number under the property `key`, within inclusive bounds (`None`: unbounded).
    pub const fn number(
        key: &'a str,
        message: &'a str,
        min: Option<f64>,
        max: Option<f64>,
        integer: bool,
    ) -> Self {
        Prompt::new(key, message, PromptKind::Number { min, max, integer })
    }

    /// One of `options` (property `selection`).
    pub fn choice(key: &'a str, message: &'a str, options: impl Into<Options<'a>>) -> Self {
        Prompt::new(key, message, PromptKind::Choice(options.into()))
    }

    /// One of `values`, offered as decimal strings (property `selection`).
    pub const fn integer_choice(key: &'a str, message: &'a str, values: &'a [i64]) -> Self {
        Prompt::new(key, message, PromptKind::IntegerChoice(values))
    }

    /// Several distinct `options` (property `selections`), between `min_items` and
    /// `max_items` of them.
    pub fn multi_select(
        key: &'a str,
        message: &'a str,
        options: impl Into<Options<'a>>,
        min_items: Option<u32>,
        max_items: Option<u32>,
    ) -> Self {
        let options = options.into();
        let kind = PromptKind::MultiSelect {
            options,
            min_items,
            max_items,
        };
        Prompt::new(key, message, kind)
    }

    /// The same prompt with `title` as the field's label.
    #[must_use]
    pub const fn titled(self, title: &'a str) -> Self {
        Prompt {
            title: Some(title),
            ..self
        }
    }

    /// The field's label a form shows: the title given, else the key in words.
    pub fn label(&self) -> Cow<'a, str> {
        match self.title {
            Some(title) => Cow::Borrowed(title),
            None => Cow::Owned(label(self.key)),
        }
    }

    /// Whether the form must come back with the field filled in: only then is the
    /// property listed in the schema's `required`, so that a client lets the user send
    /// the form with the field left empty otherwise. An answer that may be empty can be
    /// left out where its kind has an empty value (text `""`, no selections); a yes/no,
    /// a choice or a number has none, so it must be filled.
    pub const fn must_fill(&self) -> bool {
        match self.requirement {
            Requirement::Required => true,
            Requirement::RequiredMayBeEmpty => {
                !matches!(self.kind, PromptKind::Text | PromptKind::MultiSelect { .. })
            }
            Requirement::Optional => false,
        }
    }

    /// The property the answer arrives under (as [`Question::property`]).
    pub const fn property(&self) -> &'a str {
        match self.kind {
            PromptKind::YesNo => "confirmed",
            PromptKind::Choice(_) | PromptKind::IntegerChoice(_) => "selection",
            PromptKind::MultiSelect { .. } => "selections",
            PromptKind::Text | PromptKind::Number { .. } => self.key,
        }
    }
}

/// A key in words, as a form labels its field: `source_branch` → "Source branch",
/// `dueDate` → "Due date", `ref` → "Ref".
pub fn label(key: &str) -> String {
    let mut words = String::with_capacity(key.len());
    let mut previous: Option<char> = None;
    for c in key.chars() {
        match c {
            '_' | '-' | ' ' => {
                if !words.is_empty() && !words.ends_with(' ') {
                    words.push(' ');
                }
            }
            // `dueDate`: a capital after a lower-case letter starts a word.
            c if c.is_uppercase() && previous.is_some_and(char::is_lowercase) => {
                words.push(' ');
                words.extend(c.to_lowercase());
            }
            c if words.is_empty() => words.extend(c.to_uppercase()),
            c => words.push(c),
        }
        previous = Some(c);
    }
    words.trim_end().to_owned()
}

#[cfg(test)]
mod tests {
    use super::label;

    #[test]
    fn keys_read_as_words() {
        assert_eq!(label("source_branch"), "Source branch");
        assert_eq!(label("ref"), "Ref");
        assert_eq!(label("dueDate"), "Due date");
        assert_eq!(label("_x__y_"), "X y");
        assert_eq!(label("confirm"), "Confirm");
    }
}
