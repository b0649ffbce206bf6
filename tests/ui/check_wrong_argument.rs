use wizard::Wizard;
use wizard::live::{Live, Verdict};

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book {room}?")]
struct Booking {
    #[ask("Which room?", check = room_free)]
    room: String,
}

/// Takes a room number where the question's answer is text.
async fn room_free(_: Live<'_, Booking>, _: &u32) -> Verdict {
    Verdict::Accept
}

fn main() {}
