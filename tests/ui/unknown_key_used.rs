use wizard::Wizard;

#[derive(Debug, Wizard)]
#[wizard(tool = "rooms_book", noun = "Booking", summary = "Book {room} in {building}?")]
struct Booking {
    #[tool_arg]
    building: String,
    #[ask("Which room?", label = "Room")]
    room: String,
}

fn main() {
    let args = BookingArgs { building: "North".into() };
    let tool = wizard::tool::<Booking>();
    let _ = (args, tool, BookingStep::Room);
}
