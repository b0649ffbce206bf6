use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", summary = "Create {title}?")]
struct NewIssue {
    #[ask("Enter the issue title")]
    title: String,
}

#[derive(Wizard)]
struct NewRelease {
    #[ask("Enter the tag name")]
    tag_name: String,
}

fn main() {}
