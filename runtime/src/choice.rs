//! The trait `#[derive(Choice)]` implements: an enum whose variants are the options of a
//! choice question.

use crate::question::ChoiceOption;

/// An enum of unit variants, each one option of a choice question: its wire value
/// (what the client sends back, and what serde reads and writes) and the title a
/// client may show. Implement it with `#[derive(Choice)]`:
///
/// ```
/// use wizard::Choice;
///
/// #[derive(Debug, Clone, Copy, PartialEq, Choice)]
/// enum Size {
///     Small,
///     #[choice(value = "board", title = "Board room")]
///     BoardRoom,
/// }
///
/// assert_eq!(Size::BoardRoom.wire_value(), "board");
/// assert_eq!(Size::from_wire_value("small"), Some(Size::Small));
/// assert_eq!(Size::OPTIONS[1].title, "Board room");
/// ```
///
/// A field of this type is a single choice (its form property is `selection`), a
/// `Vec` of it a multi-select (`selections`). The derive also implements serde and
/// `schemars::JsonSchema` as the wire value string: do not derive serde on the enum.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a choice",
    label = "expected an enum with `#[derive(Choice)]`",
    note = "the options of a choice question are an enum of unit variants with `#[derive(wizard::Choice)]`"
)]
pub trait Choice: Sized + Copy + 'static {
    /// Every option, in declaration order.
    const OPTIONS: &'static [ChoiceOption];
    /// This option's wire value.
    fn wire_value(&self) -> &'static str;
    /// The option with this wire value.
    fn from_wire_value(value: &str) -> Option<Self>;
}
