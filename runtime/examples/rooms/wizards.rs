//! The two wizards of the example server: a room booking that knows the office (its
//! rooms offered live, the day checked against the bookings) and an expense report.

// A real server would store every answer; this one reads only a few of them.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};
use wizard::live::{Intro, Live, Verdict};
use wizard::summary::{SummaryValue, escape_value};
use wizard::{Choice, Wizard};

/// Books a meeting room, asking for the room, the day, the attendees and catering.
#[derive(Debug, Wizard)]
#[wizard(
    tool = "rooms_book",
    noun = "Booking",
    context = Office,
    intro = open_building,
    summary = "Book {room} in {building} on {day}?\n\n- Attendees: {attendees}"
)]
pub struct BookRoom {
    /// The building the room is in: an argument the model passes, not a question.
    #[tool_arg]
    pub building: String,
    /// A live choice: the building's rooms, read from the office when the question is
    /// asked; typed as text (and checked) when they cannot be offered.
    #[ask("Which room?", choices_from = rooms_of, check = room_exists)]
    pub room: String,
    /// Text turned into a `Day` by `parse` (a bad date is asked again), then checked
    /// against the bookings: a room taken that day is asked again with the reason.
    #[ask("Which day? (YYYY-MM-DD)", parse = parse_day, check = room_free)]
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

/// What the booking wizard knows of the office: its buildings and rooms, and the bookings
/// made so far. A real server would ask its booking system; the live functions below
/// would then call it, and accept what they cannot check.
#[derive(Debug, Default)]
pub struct Office {
    /// Building → its rooms.
    pub buildings: BTreeMap<String, Vec<String>>,
    /// Buildings whose room list cannot be read right now.
    pub offline: Vec<String>,
    pub bookings: Mutex<Vec<Booking>>,
}

/// One booking: a room of a building on a day, for some people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Booking {
    pub building: String,
    pub room: String,
    pub day: String,
    pub attendees: u32,
}

impl Office {
    /// Two buildings: North with `aurora`, `borealis` and `board`; West with `atrium`.
    pub fn demo() -> Self {
        let rooms = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect();
        Office {
            buildings: BTreeMap::from([
                ("North".to_owned(), rooms(&["aurora", "borealis", "board"])),
                ("West".to_owned(), rooms(&["atrium"])),
            ]),
            ..Office::default()
        }
    }

    pub fn bookings(&self) -> Vec<Booking> {
        self.bookings
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn is_booked(&self, building: &str, room: &str, day: &str) -> bool {
        self.bookings()
            .iter()
            .any(|b| b.building == building && b.room == room && b.day == day)
    }
}

/// The intro: a building the office does not know ends the wizard before any question.
async fn open_building(live: Live<'_, BookRoom>) -> Intro {
    let building = &live.args.building;
    if live.context.buildings.contains_key(building) {
        Intro::Nothing
    } else {
        Intro::Stop(format!(
            "There is no building {} in this office",
            escape_value(building)
        ))
    }
}

/// The live choice: the building's rooms, unless its list cannot be read.
async fn rooms_of(live: Live<'_, BookRoom>) -> Result<Vec<String>, String> {
    let building = &live.args.building;
    if live.context.offline.contains(building) {
        return Err(format!("the room list of {building} cannot be read"));
    }
    Ok(live
        .context
        .buildings
        .get(building)
        .cloned()
        .unwrap_or_default())
}

/// The check of a typed room: it must be one of the building's. A building whose list
/// cannot be read accepts every name (the booking system decides).
async fn room_exists(live: Live<'_, BookRoom>, room: &str) -> Verdict {
    let building = &live.args.building;
    match live.context.buildings.get(building) {
        _ if live.context.offline.contains(building) => Verdict::Accept,
        Some(rooms) if rooms.iter().any(|known| known == room) => Verdict::Accept,
        _ => Verdict::reject(format!(
            "There is no room {} in {}.",
            escape_value(room),
            escape_value(building)
        )),
    }
}

/// The check of the day: the room chosen must be free then.
async fn room_free(live: Live<'_, BookRoom>, day: &Day) -> Verdict {
    let room = live.draft.room.as_deref().unwrap_or_default();
    if live.context.is_booked(&live.args.building, room, &day.0) {
        Verdict::reject(format!(
            "{} is booked on {} already.",
            escape_value(room),
            escape_value(&day.0)
        ))
    } else {
        Verdict::Accept
    }
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
    summary = "Report {amount} {currency}?\n\n- For: {categories}"
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
