use wizard::Wizard;

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Release", summary = "Create release {tag_name?")]
struct NewRelease {
    #[ask("Enter the tag name")]
    tag_name: String,
}

#[derive(Wizard)]
#[wizard(tool = "t", id = "f", alternative = "a", noun = "Release", summary = "Create release {{tag}} { tag_name }")]
struct OtherRelease {
    #[ask("Enter the tag name")]
    tag_name: String,
}

fn main() {}
