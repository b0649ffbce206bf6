use wizard::{Choice, Wizard};

#[derive(Debug, Clone, Copy, Choice)]
enum Size {
    Small,
    Large,
}

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book?")]
struct Booking {
    #[ask("How large?", default = "huge", summary = "Size")]
    size: Size,
    #[ask("How many?", max = 40, default = 50, summary = "Seats")]
    seats: u32,
    #[ask("How many hours?", choices = [1, 2, 4], default = 3, summary = "Hours")]
    hours: i64,
    #[ask("How many rooms?", default = "two", summary = "Rooms")]
    rooms: u8,
}

fn main() {}
