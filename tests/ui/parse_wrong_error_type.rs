use wizard::Wizard;

/// Refuses with a `ParseIntError` where `parse` takes a `String`, the reason shown.
fn parse_day(text: &str) -> Result<u32, std::num::ParseIntError> {
    text.parse()
}

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book day {day}?")]
struct Booking {
    #[ask("Which day of the month?", parse = parse_day)]
    day: u32,
}

fn main() {}
