use std::rc::Rc;
use wizard::Wizard;
use wizard::live::{Live, Verdict};

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book {room}?")]
struct Booking {
    #[ask("Which room?", check = room_free)]
    room: String,
}

async fn later() {}

/// Holds an `Rc` across an `.await`: its future cannot run on the server's threads.
async fn room_free(_: Live<'_, Booking>, _: &str) -> Verdict {
    let held = Rc::new(1);
    later().await;
    drop(held);
    Verdict::Accept
}

fn main() {}
