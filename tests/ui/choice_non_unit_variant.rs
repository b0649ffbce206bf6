use wizard::Choice;

#[derive(Debug, Clone, Copy, Choice)]
enum Visibility {
    Private,
    Internal(u8),
    Public { since: u32 },
}

fn main() {}
