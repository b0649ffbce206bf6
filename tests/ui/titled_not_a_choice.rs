use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", single_form)]
struct NewIssue {
    #[ask("Enter the issue title", titled)]
    title: String,
}

fn main() {}
