//! The example server (`examples/rooms`) end to end, over a real rmcp pair, on both
//! wire paths: what a wizard author's own tests look like.

#[path = "../examples/rooms/server.rs"]
mod server;
#[path = "../examples/rooms/wizards.rs"]
mod wizards;

use rmcp::model::{CallToolRequestParams, CallToolResult};
use serde_json::{Value, json};
use server::Rooms;
use wizard::Serve;
use wizard::testkit::{
    Elicit, KeyOf, Path, Reply, ScriptedClient, accept, answer, connect, decline, no, pick,
    question_key, yes,
};
use wizards::{BookRoom, ReportExpense};

const PATHS: [Path; 2] = [Path::Sync, Path::Mrtr];

/// Calls `tool` once with `arguments`, answering with `replies`; the keys asked (named
/// by `keys` on the sync path, where they are not on the wire) and the result.
async fn call(
    rooms: &Rooms,
    path: Path,
    (tool, keys): (&'static str, KeyOf),
    arguments: Value,
    replies: Vec<Reply>,
) -> (Vec<String>, CallToolResult) {
    let client = ScriptedClient::new(Elicit::Form, replies).with_keys(keys);
    let pair = connect(Serve::new(rooms.clone()), path, client.clone()).await;
    let mut request = CallToolRequestParams::new(tool);
    request.arguments = arguments.as_object().cloned();
    let result = pair.client.call_tool(request).await.expect("the call ends");
    pair.close().await;
    let keys = client.asked().into_iter().map(|asked| asked.key).collect();
    (keys, result)
}

const BOOK: (&str, KeyOf) = ("rooms_book", question_key::<BookRoom>);
const REPORT: (&str, KeyOf) = ("expenses_report", question_key::<ReportExpense>);
const CANCEL_ALL: (&str, KeyOf) = ("rooms_cancel_all", question_key::<BookRoom>);

fn text(result: &CallToolResult) -> String {
    result.content[0]
        .as_text()
        .map(|t| t.text.clone())
        .unwrap_or_default()
}

#[tokio::test]
async fn a_booking_asks_in_order_and_books_after_the_yes() {
    for path in PATHS {
        let rooms = Rooms::new();
        let replies = vec![
            pick("board"),
            answer("day", "2026-07-28"),
            accept(json!({"attendees": 6})),
            yes(),
            answer("diets", "vegan, , halal"),
            decline(),
            yes(),
        ];
        let (keys, result) = call(&rooms, path, BOOK, json!({"building": "North"}), replies).await;
        assert_eq!(
            keys,
            [
                "room",
                "day",
                "attendees",
                "catering",
                "diets",
                "topic",
                "confirm"
            ],
            "{path:?}"
        );
        assert_eq!(result.is_error, Some(false), "{path:?}: {}", text(&result));
        assert_eq!(rooms.bookings(), ["board in North on 2026-07-28 for 6"]);
    }
}

#[tokio::test]
async fn the_summary_shows_the_answers_escaped() {
    let rooms = Rooms::new();
    let client = ScriptedClient::new(
        Elicit::Form,
        [
            pick("aurora"),
            answer("day", "2026-01-02"),
            accept(json!({"attendees": 2})),
            decline(),
            answer("topic", "Plans `v2`\nsee https://x"),
            no(),
        ],
    );
    let pair = connect(Serve::new(rooms.clone()), Path::Mrtr, client.clone()).await;
    let request = CallToolRequestParams::new("rooms_book")
        .with_arguments(json!({"building": "West"}).as_object().cloned().unwrap());
    let result = pair.client.call_tool(request).await.expect("the call ends");
    pair.close().await;
    let summary = client.asked().last().expect("asked").message.clone();
    assert_eq!(
        summary,
        "Book `aurora` in `West` on `2026-01-02`?\n\n**Attendees**: `2`\n**Topic**: ``Plans `v2` see https[:]//x``"
    );
    assert_eq!(text(&result), "Booking cancelled.");
    assert!(rooms.bookings().is_empty());
}

#[tokio::test]
async fn a_bad_day_ends_the_call_with_an_error_and_books_nothing() {
    for path in PATHS {
        let rooms = Rooms::new();
        let replies = vec![pick("aurora"), answer("day", "next tuesday")];
        let (_, result) = call(&rooms, path, BOOK, json!({"building": "North"}), replies).await;
        assert_eq!(result.is_error, Some(true));
        assert_eq!(
            text(&result),
            "collecting day: `next tuesday` is not a day written YYYY-MM-DD"
        );
        assert!(rooms.bookings().is_empty());
    }
}

#[tokio::test]
async fn bad_arguments_are_an_error_result_before_any_question() {
    let (keys, result) = call(&Rooms::new(), Path::Sync, BOOK, json!({"floor": 3}), vec![]).await;
    assert!(keys.is_empty());
    assert_eq!(result.is_error, Some(true));
    assert!(
        text(&result).starts_with("invalid arguments for `rooms_book`: missing field `building`"),
        "{}",
        text(&result)
    );
}

#[tokio::test]
async fn an_expense_takes_a_float_a_choice_and_a_multi_select() {
    for path in PATHS {
        let replies = vec![
            accept(json!({"amount": 12.5})),
            pick("chf"),
            accept(json!({"selections": ["travel", "meals"]})),
            decline(),
            yes(),
        ];
        let (keys, result) = call(&Rooms::new(), path, REPORT, json!({}), replies).await;
        assert_eq!(
            keys,
            ["amount", "currency", "categories", "note", "confirm"]
        );
        assert_eq!(text(&result), "reported 12.50 chf", "{path:?}");
    }
}

#[tokio::test]
async fn cancelling_every_booking_needs_the_users_yes() {
    for path in PATHS {
        let rooms = Rooms::new();
        let book = vec![
            pick("aurora"),
            answer("day", "2026-01-02"),
            accept(json!({"attendees": 2})),
            decline(),
            decline(),
            yes(),
        ];
        call(&rooms, path, BOOK, json!({"building": "North"}), book).await;
        let (keys, result) = call(&rooms, path, CANCEL_ALL, json!({}), vec![no()]).await;
        assert_eq!(
            (keys, text(&result)),
            (
                vec!["confirm".to_owned()],
                "Cancelled by the user.".to_owned()
            )
        );
        assert_eq!(rooms.bookings().len(), 1);
        let (_, result) = call(&rooms, path, CANCEL_ALL, json!({}), vec![yes()]).await;
        assert_eq!(text(&result), "every booking cancelled");
        assert!(rooms.bookings().is_empty());
    }
}

#[tokio::test]
async fn the_tools_come_from_the_wizards() {
    let client = ScriptedClient::new(Elicit::Form, []);
    let pair = connect(Serve::new(Rooms::new()), Path::Sync, client).await;
    let tools = pair.client.list_all_tools().await.expect("tools/list");
    pair.close().await;
    let names: Vec<_> = tools.iter().map(|tool| tool.name.as_ref()).collect();
    assert_eq!(
        names,
        [
            "rooms_book",
            "expenses_report",
            "rooms_cancel_all",
            "rooms_list"
        ]
    );
    let book = &tools[0];
    assert_eq!(
        book.description.as_deref(),
        Some("Books a meeting room, asking for the room, the day, the attendees and catering.")
    );
    assert_eq!(
        Value::Object((*book.input_schema).clone()),
        json!({
            "type": "object",
            "properties": {"building": {"type": "string", "description": "The building the room is in: an argument the model passes, not a question."}},
            "required": ["building"],
        })
    );
}
