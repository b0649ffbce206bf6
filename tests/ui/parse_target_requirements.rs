use wizard::Wizard;

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Day(String);

fn parse_day(text: &str) -> Result<Day, String> {
    Ok(Day(text.to_owned()))
}

#[derive(Debug, Clone)]
struct Minutes(u32);

fn parse_minutes(text: &str) -> Result<Minutes, String> {
    text.parse().map(Minutes).map_err(|_| "not a number".to_owned())
}

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book {day} for {length}?")]
struct Booking {
    #[ask("Which day?", parse = parse_day)]
    day: Day,
    #[ask("How long, in minutes?", parse = parse_minutes)]
    length: Minutes,
}

fn main() {}
