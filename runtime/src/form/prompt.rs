//! [`Prompt`]: a question whose data is borrowed, so primitives can ask questions
//! built at run time with the same schema builder and validator as derived ones.

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
}

impl<'a> Options<'a> {
    pub fn len(&self) -> usize {
        match self {
            Options::Choices(options) => options.len(),
            Options::Strs(options) => options.len(),
            Options::Strings(options) => options.len(),
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
        }
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
    pub kind: PromptKind<'a>,
    pub requirement: Requirement,
    pub default: Option<DefaultValue>,
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
            kind,
            requirement: q.requirement,
            default: q.default,
        }
    }
}

impl<'a> Prompt<'a> {
    const fn new(key: &'a str, message: &'a str, kind: PromptKind<'a>) -> Self {
        Prompt {
            key,
            message,
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
