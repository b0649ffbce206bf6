//! The sandbox's work items over GraphQL, through the real client: GitLab's issues are its
//! work items of type issue, the hierarchy rules between types, list filters and cursors,
//! linked items from both ends, deletion, and GitLab's wording for what it refuses.

use reqwest::Method;
use serde_json::{Value, json};

use crate::gitlab::{ApiRequest, GitLab};
use crate::tests::common::{call, issue, setup};

/// `data` of a document's answer, or its `errors`.
async fn graphql(gitlab: &GitLab, query: &str, variables: Value) -> Value {
    let mutation = query.trim_start().starts_with("mutation");
    let body = json!({"query": query, "variables": variables});
    call(gitlab, ApiRequest::graphql(body, mutation))
        .await
        .expect("GraphQL answers 200")
}

const CREATE: &str = "mutation($input: WorkItemCreateInput!) { workItemCreate(input: $input) { workItem { id iid workItemType { name } widgets { ... on WorkItemWidgetHierarchy { parent { iid } } } } errors } }";
const UPDATE: &str = "mutation($input: WorkItemUpdateInput!) { workItemUpdate(input: $input) { workItem { iid state } errors } }";
const GET: &str = "query($path: ID!, $iid: String!) { namespace(fullPath: $path) { workItem(iid: $iid) { id iid title state workItemType { name } widgets { ... on WorkItemWidgetHierarchy { parent { iid } children { nodes { iid } } } ... on WorkItemWidgetLinkedItems { linkedItems { nodes { linkType workItem { iid } } } } } } } }";
const LIST: &str = "query($path: ID!, $types: [IssueType!], $state: IssuableState, $search: String, $first: Int, $after: String) { project(fullPath: $path) { workItems(types: $types, state: $state, search: $search, first: $first, after: $after) { nodes { iid } pageInfo { hasNextPage endCursor } } } }";

async fn create(gitlab: &GitLab, type_id: u64, title: &str, parent: Option<&Value>) -> Value {
    let mut input = json!({"namespacePath": "demo/sandbox", "title": title, "workItemTypeId": format!("gid://gitlab/WorkItems::Type/{type_id}")});
    if let Some(parent) = parent {
        input["hierarchyWidget"] = json!({"parentId": parent});
    }
    graphql(gitlab, CREATE, json!({"input": input})).await["data"]["workItemCreate"].clone()
}

async fn get(gitlab: &GitLab, iid: u64) -> Value {
    let data = graphql(
        gitlab,
        GET,
        json!({"path": "demo/sandbox", "iid": iid.to_string()}),
    )
    .await;
    data["data"]["namespace"]["workItem"].clone()
}

fn iids(page: &Value) -> Vec<String> {
    page["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| node["iid"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn issues_are_work_items_and_their_state_is_one() {
    let (_sandbox, gitlab) = setup().await;
    let first = get(&gitlab, 1).await;
    assert_eq!(first["workItemType"]["name"], "Issue");
    assert_eq!(first["state"], "OPEN");
    let rest = call(&gitlab, issue(Method::GET, 1)).await.unwrap();
    assert_eq!(
        first["id"],
        json!(format!("gid://gitlab/WorkItem/{}", rest["id"]))
    );
    let closed = graphql(
        &gitlab,
        UPDATE,
        json!({"input": {"id": first["id"], "stateEvent": "CLOSE"}}),
    )
    .await;
    assert_eq!(
        closed["data"]["workItemUpdate"]["workItem"]["state"],
        "CLOSED"
    );
    let rest = call(&gitlab, issue(Method::GET, 1)).await.unwrap();
    assert_eq!(rest["state"], "closed");
}

#[tokio::test]
async fn children_follow_gitlabs_hierarchy_rules() {
    let (_sandbox, gitlab) = setup().await;
    let issue_id = get(&gitlab, 1).await["id"].clone();
    let task = create(&gitlab, 5, "Cover Unicode", Some(&issue_id)).await;
    assert_eq!(task["errors"], json!([]));
    assert_eq!(task["workItem"]["workItemType"]["name"], "Task");
    assert_eq!(task["workItem"]["widgets"][5]["parent"]["iid"], "1");
    let children = &get(&gitlab, 1).await["widgets"][5]["children"];
    assert_eq!(iids(children), ["3"]);
    // An issue under a task is refused in the payload, and nothing is made.
    let refused = create(&gitlab, 1, "Upside down", Some(&task["workItem"]["id"])).await;
    assert_eq!(refused["workItem"], Value::Null);
    assert_eq!(
        refused["errors"],
        json!(["#4 cannot be added: is not allowed to add this type of parent"])
    );
    assert_eq!(get(&gitlab, 4).await, Value::Null);
    // A key result under an objective is allowed; under an issue it is not.
    let objective = create(&gitlab, 6, "Faster search", None).await;
    let key_result = create(
        &gitlab,
        7,
        "p95 under 1s",
        Some(&objective["workItem"]["id"]),
    )
    .await;
    assert_eq!(key_result["errors"], json!([]));
    let moved = graphql(
        &gitlab,
        UPDATE,
        json!({"input": {"id": key_result["workItem"]["id"], "hierarchyWidget": {"parentId": issue_id}}}),
    )
    .await;
    let errors = &moved["data"]["workItemUpdate"]["errors"];
    assert!(
        errors[0]
            .as_str()
            .unwrap()
            .ends_with("is not allowed to add this type of parent")
    );
}

#[tokio::test]
async fn lists_filter_by_type_state_and_text_and_page_by_cursor() {
    let (_sandbox, gitlab) = setup().await;
    let issue_id = get(&gitlab, 1).await["id"].clone();
    create(&gitlab, 5, "Cover Unicode", Some(&issue_id)).await;
    let list = |variables: Value| {
        let gitlab = &gitlab;
        async move {
            let mut variables = variables;
            variables["path"] = json!("demo/sandbox");
            graphql(gitlab, LIST, variables).await["data"]["project"]["workItems"].clone()
        }
    };
    assert_eq!(iids(&list(json!({})).await), ["3", "2", "1"]);
    assert_eq!(iids(&list(json!({"types": ["TASK"]})).await), ["3"]);
    assert_eq!(iids(&list(json!({"search": "unicode"})).await), ["3"]);
    assert_eq!(
        iids(&list(json!({"state": "closed"})).await),
        Vec::<String>::new()
    );
    let first = list(json!({"first": 2})).await;
    assert_eq!(iids(&first), ["3", "2"]);
    assert_eq!(first["pageInfo"]["hasNextPage"], true);
    let rest = list(json!({"first": 2, "after": first["pageInfo"]["endCursor"]})).await;
    assert_eq!(iids(&rest), ["1"]);
    assert_eq!(rest["pageInfo"]["hasNextPage"], false);
}

#[tokio::test]
async fn linked_items_are_seen_from_both_ends_and_removed() {
    let (_sandbox, gitlab) = setup().await;
    let (one, two) = (
        get(&gitlab, 1).await["id"].clone(),
        get(&gitlab, 2).await["id"].clone(),
    );
    let added = graphql(
        &gitlab,
        "mutation($input: WorkItemAddLinkedItemsInput!) { workItemAddLinkedItems(input: $input) { message errors } }",
        json!({"input": {"id": one, "workItemsIds": [two], "linkType": "BLOCKS"}}),
    )
    .await;
    let number = two.as_str().unwrap().rsplit('/').next().unwrap();
    assert_eq!(
        added["data"]["workItemAddLinkedItems"]["message"],
        format!("Successfully linked ID(s): {number}.")
    );
    let links = |item: &Value| item["widgets"][6]["linkedItems"]["nodes"].clone();
    assert_eq!(
        links(&get(&gitlab, 1).await),
        json!([{"linkType": "blocks", "workItem": {"iid": "2"}}])
    );
    assert_eq!(
        links(&get(&gitlab, 2).await),
        json!([{"linkType": "is_blocked_by", "workItem": {"iid": "1"}}])
    );
    let empty = graphql(
        &gitlab,
        "mutation($input: WorkItemRemoveLinkedItemsInput!) { workItemRemoveLinkedItems(input: $input) { errors } }",
        json!({"input": {"id": one, "workItemsIds": []}}),
    )
    .await;
    assert_eq!(
        empty["errors"][0]["message"],
        "workItemsIds cannot be empty"
    );
    graphql(
        &gitlab,
        "mutation($input: WorkItemRemoveLinkedItemsInput!) { workItemRemoveLinkedItems(input: $input) { errors } }",
        json!({"input": {"id": one, "workItemsIds": [two]}}),
    )
    .await;
    assert_eq!(links(&get(&gitlab, 1).await), json!([]));
}

#[tokio::test]
async fn a_deleted_work_item_is_gone_from_graphql_and_rest() {
    let (_sandbox, gitlab) = setup().await;
    let id = get(&gitlab, 2).await["id"].clone();
    let deleted = graphql(
        &gitlab,
        "mutation($input: WorkItemDeleteInput!) { workItemDelete(input: $input) { errors } }",
        json!({"input": {"id": id}}),
    )
    .await;
    assert_eq!(deleted["data"]["workItemDelete"]["errors"], json!([]));
    assert_eq!(get(&gitlab, 2).await, Value::Null);
    assert!(call(&gitlab, issue(Method::GET, 2)).await.is_err());
}

#[tokio::test]
async fn what_gitlab_does_not_know_is_refused_in_its_words() {
    let (_sandbox, gitlab) = setup().await;
    let errors = |answer: Value| answer["errors"][0]["message"].clone();
    let answer = graphql(
        &gitlab,
        "query { project(fullPath: \"demo/sandbox\") { workItems(color: \"red\") { nodes { iid } } } }",
        json!({}),
    )
    .await;
    assert_eq!(
        errors(answer),
        "Field 'workItems' doesn't accept argument 'color'"
    );
    let answer = graphql(
        &gitlab,
        "query { namespace(fullPath: \"demo/sandbox\") { workItem(iid: \"1\") { widgets { ... on WorkItemWidgetColour { color } } } } }",
        json!({}),
    )
    .await;
    assert_eq!(
        errors(answer),
        "No such type WorkItemWidgetColour, so it can't be a fragment condition"
    );
    let answer = graphql(
        &gitlab,
        "query { namespace(fullPath: \"demo/sandbox\") { workItem(iid: \"1\") { widgets { ... on WorkItemWidgetLabels { weight } } } } }",
        json!({}),
    )
    .await;
    assert_eq!(
        errors(answer),
        "Field 'weight' doesn't exist on type 'WorkItemWidgetLabels'"
    );
    let answer = graphql(
        &gitlab,
        CREATE,
        json!({"input": {"namespacePath": "demo/sandbox", "title": "T", "workItemTypeId": "gid://gitlab/WorkItems::Type/1", "colour": "red"}}),
    )
    .await;
    assert_eq!(
        errors(answer),
        "Variable $input of type WorkItemCreateInput! was provided invalid value for colour (Field is not defined on WorkItemCreateInput)"
    );
    let answer = graphql(
        &gitlab,
        CREATE,
        json!({"input": {"namespacePath": "demo/sandbox", "workItemTypeId": "gid://gitlab/WorkItems::Type/1"}}),
    )
    .await;
    assert_eq!(
        errors(answer),
        "Variable $input of type WorkItemCreateInput! was provided invalid value for title (Expected value to not be null)"
    );
}
