use wizard::Wizard;
use wizard::live::Intro;

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book {room}?", intro = describe)]
struct Booking {
    #[ask("Which room?")]
    room: String,
}

/// Takes nothing where an intro reads the wizard's `Live` view.
async fn describe() -> Intro {
    Intro::Nothing
}

fn main() {}
