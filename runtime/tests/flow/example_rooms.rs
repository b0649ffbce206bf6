//! The example server (`examples/rooms`) end to end, over a real rmcp pair, on both
//! wire paths: what a wizard author's own tests look like.

use crate::server::Rooms;
use crate::wizards::{BookRoom, Office, ReportExpense};
use rmcp::model::{CallToolRequestParams, CallToolResult};
use serde_json::{Value, json};
use wizard::Serve;
use wizard::testkit::{
    Elicit, KeyOf, Path, Reply, ScriptedClient, accept, answer, connect, decline, no, pick,
    question_key, yes,
};

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
        .with_arguments(json!({"building": "North"}).as_object().cloned().unwrap());
    let result = pair.client.call_tool(request).await.expect("the call ends");
    pair.close().await;
    let summary = client.asked().last().expect("asked").message.clone();
    assert_eq!(
        summary,
        "Book `aurora` in `North` on `2026-01-02`?\n\n- Attendees: `2`\n- Topic: ``Plans `v2` see https[:]//x``"
    );
    // The summary accepted with its box unticked.
    assert_eq!(
        text(&result),
        "Nothing was done: the box 'Go ahead' was not ticked."
    );
    assert!(rooms.bookings().is_empty());
}

#[tokio::test]
async fn a_bad_day_is_asked_again_with_the_reason() {
    for path in PATHS {
        let rooms = Rooms::new();
        let replies = vec![
            pick("aurora"),
            answer("day", "next tuesday"),
            answer("day", "2026-07-28"),
            accept(json!({"attendees": 3})),
            decline(),
            decline(),
            yes(),
        ];
        let client = ScriptedClient::new(Elicit::Form, replies).with_keys(BOOK.1);
        let pair = connect(Serve::new(rooms.clone()), path, client.clone()).await;
        let request = CallToolRequestParams::new("rooms_book")
            .with_arguments(json!({"building": "North"}).as_object().cloned().unwrap());
        let result = pair.client.call_tool(request).await.expect("the call ends");
        pair.close().await;
        let asked = client.asked();
        let keys: Vec<_> = asked.iter().map(|a| a.key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "room",
                "day",
                "day",
                "attendees",
                "catering",
                "topic",
                "confirm"
            ],
            "{path:?}"
        );
        assert_eq!(
            asked[2].message,
            "`next tuesday` is not a day written YYYY-MM-DD.\n\nWhich day? (YYYY-MM-DD)"
        );
        assert_eq!(
            text(&result),
            r#"{"booked":"aurora in North on 2026-07-28 for 3"}"#
        );
    }
}

/// The rooms a building has are offered when the question is asked: the form is a choice
/// of exactly those, and a room of another building is not one of them.
#[tokio::test]
async fn the_rooms_offered_are_the_buildings_own() {
    for path in PATHS {
        let client = ScriptedClient::new(Elicit::Form, [pick("aurora")]).with_keys(BOOK.1);
        let pair = connect(Serve::new(Rooms::new()), path, client.clone()).await;
        let request = CallToolRequestParams::new("rooms_book")
            .with_arguments(json!({"building": "West"}).as_object().cloned().unwrap());
        let result = pair.client.call_tool(request).await.expect("the call ends");
        pair.close().await;
        let asked = client.asked();
        assert_eq!(
            asked[0].schema["properties"]["selection"]["enum"],
            json!(["atrium"]),
            "{path:?}"
        );
        assert_eq!(
            text(&result),
            "collecting room: `selection` must be one of `atrium`, got `aurora`",
            "{path:?}: an option that was not offered is malformed, not re-asked"
        );
    }
}

/// A taken day is asked again with the reason, the room already chosen kept; three
/// refusals of the day end the booking with the reason and book nothing.
#[tokio::test]
async fn a_taken_day_is_asked_again_and_three_refusals_end_the_booking() {
    for path in PATHS {
        let rooms = Rooms::new();
        let first = vec![
            pick("board"),
            answer("day", "2026-07-28"),
            accept(json!({"attendees": 6})),
            decline(),
            decline(),
            yes(),
        ];
        call(&rooms, path, BOOK, json!({"building": "North"}), first).await;
        let again = vec![
            pick("board"),
            answer("day", "2026-07-28"),
            answer("day", "2026-07-29"),
            accept(json!({"attendees": 2})),
            decline(),
            decline(),
            yes(),
        ];
        let (keys, result) = call(&rooms, path, BOOK, json!({"building": "North"}), again).await;
        assert_eq!(keys[..4], ["room", "day", "day", "attendees"], "{path:?}");
        assert_eq!(
            rooms.bookings(),
            [
                "board in North on 2026-07-28 for 6",
                "board in North on 2026-07-29 for 2"
            ],
            "{}",
            text(&result)
        );
        let stubborn = vec![
            pick("board"),
            answer("day", "2026-07-28"),
            answer("day", "2026-07-29"),
            answer("day", "2026-07-28"),
        ];
        let (keys, result) = call(&rooms, path, BOOK, json!({"building": "North"}), stubborn).await;
        assert_eq!(keys, ["room", "day", "day", "day"], "{path:?}");
        assert_eq!(result.is_error, Some(true));
        assert_eq!(
            text(&result),
            "Booking stopped: `board` is booked on `2026-07-28` already. The answer to `day` \
             was refused 3 times; nothing was done."
        );
        assert_eq!(rooms.bookings().len(), 2);
    }
}

/// When the rooms cannot be read, the room is typed as text and checked instead.
#[tokio::test]
async fn rooms_that_cannot_be_read_are_typed_and_checked() {
    for path in PATHS {
        let mut office = Office::demo();
        office.offline.push("West".to_owned());
        let rooms = Rooms::with_office(office);
        let replies = vec![
            answer("room", "lobby"),
            answer("day", "2026-07-28"),
            accept(json!({"attendees": 2})),
            decline(),
            decline(),
            yes(),
        ];
        let client = ScriptedClient::new(Elicit::Form, replies).with_keys(BOOK.1);
        let pair = connect(Serve::new(rooms.clone()), path, client.clone()).await;
        let request = CallToolRequestParams::new("rooms_book")
            .with_arguments(json!({"building": "West"}).as_object().cloned().unwrap());
        let result = pair.client.call_tool(request).await.expect("the call ends");
        pair.close().await;
        let asked = client.asked();
        assert_eq!(
            asked[0].schema,
            json!({"type": "object", "properties": {"room": {"type": "string", "title": "Room",
                "description": "Which room?", "minLength": 1}}, "required": ["room"]})
        );
        // Its list unreadable, the building accepts the name typed: the booking system
        // decides.
        assert_eq!(
            text(&result),
            r#"{"booked":"lobby in West on 2026-07-28 for 2"}"#
        );
    }
}

#[tokio::test]
async fn an_unknown_building_ends_before_any_question() {
    for path in PATHS {
        let rooms = Rooms::new();
        let (keys, result) = call(&rooms, path, BOOK, json!({"building": "South"}), vec![]).await;
        assert!(keys.is_empty(), "{path:?}: {keys:?}");
        assert_eq!(
            text(&result),
            "Booking stopped: There is no building `South` in this office. Nothing was done."
        );
        assert_eq!(result.is_error, Some(true));
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
                // Accept with the box unticked: said as such, not as a cancel.
                "Nothing was done: the box 'Cancel every booking' was not ticked.".to_owned()
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
