//! The two wizards of the example server: a room booking and an expense report.

// A real server would store every answer; this one reads only a few of them.
#![allow(dead_code)]

use serde::{Deserialize, Serialize};
use wizard::summary::SummaryValue;
use wizard::{Choice, Wizard};

/// Books a meeting room, asking for the room, the day, the attendees and catering.
#[derive(Debug, Wizard)]
#[wizard(
    tool = "rooms_book",
    noun = "Booking",
    summary = "Book {room} in {building} on {day}?\n\n**Attendees**: {attendees}"
)]
pub struct BookRoom {
    /// The building the room is in: an argument the model passes, not a question.
    #[tool_arg]
    pub building: String,
    /// A choice: the form offers the wire values `aurora`, `borealis`, `board`.
    #[ask("Which room?")]
    pub room: Room,
    /// Text turned into a `Day` by `parse`; a bad date is the user's to correct.
    #[ask("Which day? (YYYY-MM-DD)", parse = parse_day)]
    pub day: Day,
    /// A number within bounds, pre-filled with 4.
    #[ask("How many people attend?", min = 1, max = 40, default = 4)]
    pub attendees: u32,
    /// A yes/no: starts on no, and a decline finishes as `false`.
    #[ask("Order catering?", summary = "Catering")]
    pub catering: bool,
    /// Asked only after a yes to `catering`; a comma-separated list.
    #[ask(
        "Any dietary needs? (comma-separated, or leave empty)",
        when = catering,
        parse = wizard::parse::comma_list,
        summary = "Diets"
    )]
    pub diets: Option<Vec<String>>,
    /// Optional text, cut to 60 characters in the summary.
    #[ask(
        "What is the meeting about? (or leave empty)",
        summary = "Topic",
        truncate = 60
    )]
    pub topic: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
pub enum Room {
    Aurora,
    Borealis,
    #[choice(title = "Board room")]
    Board,
}

/// A calendar day, as the user typed it and `parse_day` checked it. A `parse` target
/// rides in the draft (serde, `Clone`, `Debug`) and shows in the summary
/// (`SummaryValue`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Day(pub String);

impl SummaryValue for Day {
    fn summary_text(&self) -> Option<String> {
        Some(self.0.clone())
    }
}

/// `2026-07-28`: four digits, a dash, two, a dash, two.
pub fn parse_day(text: &str) -> Result<Day, String> {
    let text = text.trim();
    let digits = |range: std::ops::Range<usize>| {
        text.get(range)
            .is_some_and(|part| part.bytes().all(|b| b.is_ascii_digit()))
    };
    let shaped = text.len() == 10 && &text[4..5] == "-" && &text[7..8] == "-";
    if shaped && digits(0..4) && digits(5..7) && digits(8..10) {
        Ok(Day(text.to_owned()))
    } else {
        Err(format!("`{text}` is not a day written YYYY-MM-DD"))
    }
}

/// Reports an expense: the amount, its currency, what it was for, and a note.
#[derive(Debug, Wizard)]
#[wizard(
    tool = "expenses_report",
    noun = "Expense report",
    summary = "Report {amount} {currency}?\n\n**For**: {categories}"
)]
pub struct ReportExpense {
    /// A float with a lower bound.
    #[ask("How much was it?", min = 0.01)]
    pub amount: f64,
    #[ask("In which currency?", default = "eur")]
    pub currency: Currency,
    /// A multi-select: at least one category.
    #[ask("What was it for?", min_items = 1)]
    pub categories: Vec<Category>,
    #[ask(
        "Anything the approver should know? (or leave empty)",
        summary = "Note"
    )]
    pub note: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
pub enum Currency {
    Eur,
    Usd,
    Chf,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Choice)]
pub enum Category {
    Travel,
    Meals,
    #[choice(title = "Office supplies")]
    OfficeSupplies,
}
