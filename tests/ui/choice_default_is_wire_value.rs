use wizard::{Choice, Wizard};

#[derive(Debug, Clone, Copy, Choice)]
enum Class {
    Economy,
    Business,
}

#[derive(Wizard)]
#[wizard(tool = "flights_book", noun = "Flight", summary = "Fly {class}?")]
struct Flight {
    #[ask("Which class?", default = Class::Economy)]
    class: Class,
}

fn main() {}
