use wizard::Wizard;
use wizard::live::{Live, Verdict};

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book {room}?")]
struct Booking {
    #[ask("Which room?", choices_from = rooms, check = room_free)]
    room: String,
}

/// Returns the options bare where a fetch that can fail returns a `Result`.
async fn rooms(_: Live<'_, Booking>) -> Vec<String> {
    Vec::new()
}

async fn room_free(_: Live<'_, Booking>, _: &str) -> Verdict {
    Verdict::Accept
}

fn main() {}
