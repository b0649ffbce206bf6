use wizard::{Choice, Wizard};

#[derive(Debug, Clone, Copy, Choice)]
enum Size {
    Small,
    Custom(u8),
}

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book {size}?")]
struct Booking {
    #[ask("How large?", default = "small")]
    size: Size,
}

fn main() {}
