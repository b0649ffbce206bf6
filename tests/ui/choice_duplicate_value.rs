use wizard::Choice;

#[derive(Debug, Clone, Copy, Choice)]
enum Visibility {
    Private,
    #[choice(value = "private", title = "Internal")]
    Internal,
    Public,
}

fn main() {}
