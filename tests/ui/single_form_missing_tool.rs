use wizard::Wizard;

#[derive(Wizard)]
#[wizard(noun = "Issue", single_form)]
struct NewIssue {
    #[ask("Enter the issue title")]
    title: String,
}

fn main() {}
