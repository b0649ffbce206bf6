use wizard::Wizard;

type Floor = i8;

#[derive(Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book {seats} {floor} {hours} {ratio} {rooms}?")]
struct Booking {
    #[ask("How many seats?", max = 300)]
    seats: u8,
    /// An alias of `i8`: the compiler, not the derive, knows what it holds.
    #[ask("Which floor?", min = -200)]
    floor: Floor,
    #[ask("How many hours?", choices = [1, 70000])]
    hours: Option<u16>,
    #[ask("Which share?", max = 1e39)]
    ratio: f32,
    #[ask("How many rooms?", default = 256)]
    rooms: u8,
}

fn main() {}
