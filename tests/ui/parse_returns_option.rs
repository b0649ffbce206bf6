use wizard::Wizard;

/// Returns an `Option` where `parse` takes a `Result` with the reason to ask again.
fn parse_day(text: &str) -> Option<u32> {
    text.parse().ok()
}

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book day {day}?")]
struct Booking {
    #[ask("Which day of the month?", parse = parse_day)]
    day: u32,
}

fn main() {}
