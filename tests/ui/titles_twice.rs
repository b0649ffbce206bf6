use wizard::{Choice, Wizard};

#[derive(Debug, Clone, Copy, Choice)]
enum Visibility {
    Private,
    Public,
}

#[derive(Wizard)]
#[wizard(tool = "t", single_form)]
struct NewProject {
    #[ask("Select the project visibility", titled, enum_names)]
    visibility: Visibility,
}

fn main() {}
