use wizard::{Choice, Wizard};

#[derive(Debug, Clone, Copy, Choice)]
enum Amenity {
    Projector,
    Whiteboard,
    Phone,
}

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book {seats} seats with {amenities}?")]
struct Booking {
    #[ask("How many seats?", min = 9, max = 1)]
    seats: u32,
    #[ask("Which amenities?", min_items = 3, max_items = 1)]
    amenities: Vec<Amenity>,
}

fn main() {}
