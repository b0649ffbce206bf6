use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Issue", summary = "Create {title}?")]
struct NewIssue<T> {
    #[ask("Enter the issue title")]
    title: T,
}

fn main() {}
