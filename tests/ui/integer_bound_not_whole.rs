use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book {seats} seats?")]
struct Booking {
    #[ask("How many seats?", min = 0.5)]
    seats: u32,
}

fn main() {}
