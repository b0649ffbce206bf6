use wizard::{Choice, Wizard};

#[derive(Clone, Copy, Choice)]
enum Visibility {
    Private,
    Public,
}

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Project", summary = "Create {visibility}?")]
struct NewProject {
    #[ask("Select the project visibility", titled)]
    visibility: Visibility,
}

fn main() {}
