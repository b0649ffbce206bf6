use wizard::{Choice, Wizard};

#[derive(Debug, Clone, Copy, Choice)]
enum Label {
    Bug,
    Feature,
}

#[derive(Wizard)]
#[wizard(tool = "t", single_form)]
struct NewIssue {
    #[ask("Pick the labels", enum_names)]
    labels: Vec<Label>,
}

fn main() {}
