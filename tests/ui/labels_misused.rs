use wizard::Wizard;

// A field's label cannot be empty; a single form has no summary yes/no to label.
#[derive(Wizard)]
#[wizard(tool = "t", single_form, confirm = "Book it?")]
struct Booking {
    #[ask("Which room?", title = " ")]
    room: String,
}

fn main() {}
