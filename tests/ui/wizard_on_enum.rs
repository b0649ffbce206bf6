use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create?")]
enum NewIssue {
    Bug { title: String },
    Feature { title: String },
}

fn main() {}
