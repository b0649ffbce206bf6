use wizard::Wizard;

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Attendee {
    name: String,
}

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book for {attendees}?")]
struct Booking {
    #[ask("Who attends?")]
    attendees: Vec<Attendee>,
}

fn main() {}
