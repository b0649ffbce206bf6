//! The static description of one question: what the macro emits as data.

/// One option of a single or multiple choice: the wire value and the title shown to the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChoiceOption {
    pub value: &'static str,
    pub title: &'static str,
}

/// What kind of answer a question takes; decides the form schema and the validation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// Free text, property named after the question's key.
    Text,
    /// Yes/no, property `confirmed`; starts on no, unless the wizard's intro starts it
    /// on what the server read ([`Start`](crate::live::Start)).
    YesNo,
    /// One of a fixed list of strings, property `selection`.
    Choice(&'static [ChoiceOption]),
    /// One of a fixed list of integers, property `selection`, offered as decimal strings.
    IntegerChoice(&'static [i64]),
    /// A number within optional inclusive bounds, property named after the key.
    Number {
        min: Option<f64>,
        max: Option<f64>,
        integer: bool,
    },
    /// Several of a fixed list of strings, property `selections`.
    MultiSelect {
        options: &'static [ChoiceOption],
        min_items: Option<u32>,
        max_items: Option<u32>,
    },
}

/// Whether an answer is needed, and what a decline or an empty answer means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requirement {
    /// Must be answered with a non-empty value; decline ends the flow.
    Required,
    /// Must be answered, but the empty string is a valid answer (the release name);
    /// decline ends the flow. A form may be sent back without it: that is the empty
    /// answer.
    RequiredMayBeEmpty,
    /// May be declined or left empty; the flow carries on without the field.
    Optional,
}

/// One question of a wizard, in the `'static` table the derive emits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Question {
    /// The `inputRequests` key and, for text and numbers, the schema property.
    pub key: &'static str,
    /// The text the user sees (the elicitation `message` and the property `description`).
    pub message: &'static str,
    /// The field's label in a form (the property's `title`): `#[ask(.., title = "..")]`,
    /// else the summary row's label; `None`: the key in words (`source_branch` →
    /// "Source branch").
    pub title: Option<&'static str>,
    pub kind: Kind,
    pub requirement: Requirement,
    /// The key of the earlier yes/no question that must have been answered yes
    /// for this one to be asked.
    pub when: Option<&'static str>,
    /// The value a client pre-fills (text, number, choice). A yes/no asked on its own
    /// opens on no (or where the intro's [`Start`](crate::live::Start) puts it),
    /// whatever this says; only a single form
    /// ([`SingleForm`](crate::single_form::SingleForm)) offers a yes/no's [`DefaultValue::Bool`].
    pub default: Option<DefaultValue<'static>>,
    /// A live check runs on each well-formed answer (`#[ask(.., check = path)]`), and may
    /// have the question asked again: see [`live`](crate::live).
    pub checked: bool,
    /// The options are fetched from the server when the question is asked
    /// (`#[ask(.., choices_from = path)]`); [`Question::kind`] is the text it falls back to.
    pub live_choices: bool,
    /// A list step's questions, asked about each item of a list read when the step is
    /// reached (see [`each`](crate::each)); `None` for a question asked once.
    /// [`Question::kind`] is then only a placeholder.
    pub each: Option<&'static [Question]>,
}

/// A pre-filled answer offered in the schema's `default`: written in a wizard
/// (`DefaultValue<'static>`), or built at run time from what a question is about (the
/// text of the comment an [`each`](crate::each) question edits).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DefaultValue<'a> {
    Text(&'a str),
    Integer(i64),
    Number(f64),
    /// A yes/no's; shown only in a single form.
    Bool(bool),
}

/// How a choice shows its options' titles in a single form (SEP-1330); without one of
/// these a choice offers its bare values (`enum`, or `items.enum` for several).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Titles {
    /// `oneOf: [{const, title}]` for one choice, `items.anyOf` for several.
    Titled,
    /// `enum` plus the deprecated `enumNames`, for clients from before SEP-1330; one
    /// choice only.
    EnumNames,
}

impl Question {
    /// A required question asked every time, without a title, default, check or live
    /// choices: the start of a question written by hand (a list step's, a wizard that
    /// does not derive), the rest set with struct update syntax:
    ///
    /// ```
    /// use wizard::question::{Kind, Question};
    ///
    /// const PIN: Question = Question {
    ///     title: Some("Pin"),
    ///     ..Question::required("pin", "Pin the board?", Kind::YesNo)
    /// };
    /// assert!(PIN.is_required());
    /// ```
    pub const fn required(key: &'static str, message: &'static str, kind: Kind) -> Question {
        Question {
            key,
            message,
            title: None,
            kind,
            requirement: Requirement::Required,
            when: None,
            default: None,
            checked: false,
            live_choices: false,
            each: None,
        }
    }

    /// The property name the answer arrives under.
    pub const fn property(&self) -> &'static str {
        match self.kind {
            Kind::YesNo => "confirmed",
            Kind::Choice(_) | Kind::IntegerChoice(_) => "selection",
            Kind::MultiSelect { .. } => "selections",
            Kind::Text | Kind::Number { .. } => self.key,
        }
    }

    /// Declining ends the flow only for required questions.
    pub const fn is_required(&self) -> bool {
        !matches!(self.requirement, Requirement::Optional)
    }
}
