use wizard::Wizard;
use wizard::live::{Live, Verdict};

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book {room}?")]
struct Booking {
    #[ask("Which room?", check = room_free)]
    room: String,
}

/// Not `async`: a check may wait on the server, so it is a future.
fn room_free(_: Live<'_, Booking>, _: &str) -> Verdict {
    Verdict::Accept
}

fn main() {}
