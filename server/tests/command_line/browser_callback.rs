//! The loopback listener of `auth login --browser` ends the sign-in only with GitLab's own
//! answer, the one carrying this sign-in's `state`: any other request (a page of any web
//! site can make the browser send one) is answered with an error page and waited past, an
//! idle connection blocks nobody, and what comes back is shown on the terminal without its
//! control characters.

use std::time::Duration;

use gitlab_sandbox::{SANDBOX_OAUTH_CLIENT_ID, Sandbox};
use url::Url;

use crate::sign_in::{Auth, Keep};

/// `auth login --browser` against `gitlab`, the authorization address it printed, and the
/// `redirect_uri` and `state` in it.
fn browser_sign_in(gitlab: &str, keep: &Keep) -> (Auth, String, Url, String) {
    let login = Auth::start(
        &[
            "auth",
            "login",
            "--browser",
            "--client-id",
            SANDBOX_OAUTH_CLIENT_ID,
        ],
        gitlab,
        keep,
    );
    let authorize = login.line_starting(&format!("{gitlab}oauth/authorize?"));
    let authorize = format!("{gitlab}oauth/authorize?{authorize}");
    let url = Url::parse(&authorize).expect("an address");
    let query = |key: &str| {
        url.query_pairs()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.into_owned())
            .unwrap_or_else(|| panic!("no {key} in {authorize}"))
    };
    let redirect = Url::parse(&query("redirect_uri")).expect("a redirect URI");
    let state = query("state");
    (login, authorize, redirect, state)
}

/// A browser that does not follow redirects, and waits for no answer forever.
fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(10))
        .build()
        .expect("a client")
}

fn with_query(base: &Url, path: &str, pairs: &[(&str, &str)]) -> String {
    let mut url = base.join(path).expect("a path");
    if !pairs.is_empty() {
        url.query_pairs_mut().extend_pairs(pairs);
    }
    url.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_listener_waits_past_requests_that_are_not_gitlabs_answer() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let keep = Keep::file("callback-strays");
    let (mut login, authorize, redirect, _) = browser_sign_in(&gitlab, &keep);
    let listener = format!(
        "{}:{}",
        redirect.host_str().expect("a host"),
        redirect.port().expect("a port")
    );
    // A connection that says nothing, held open all along.
    let idle = tokio::net::TcpStream::connect(&listener)
        .await
        .expect("the listener accepts");
    let browser = browser();

    let strays = [
        with_query(&redirect, "/callback", &[]),
        with_query(&redirect, "/callback", &[("code", "stolen")]),
        with_query(
            &redirect,
            "/callback",
            &[("state", "guessed"), ("code", "x")],
        ),
        with_query(
            &redirect,
            "/callback",
            &[("error", "access_denied"), ("error_description", "a page")],
        ),
        with_query(&redirect, "/favicon.ico", &[]),
    ];
    for stray in &strays {
        let page =
            browser.get(stray).send().await.unwrap_or_else(|error| {
                panic!("{stray}: no answer while a connection idles: {error}")
            });
        assert!(page.status().is_client_error(), "{stray}: {page:?}");
        if !login.running() {
            let (_, said) = login.finish();
            panic!("{stray} ended the sign-in: {said}");
        }
    }

    // GitLab's answer ends it.
    let consent = browser
        .get(&authorize)
        .send()
        .await
        .expect("GitLab answers");
    let back = consent.headers()["location"].to_str().unwrap().to_owned();
    let landing = browser
        .get(&back)
        .send()
        .await
        .expect("the listener answers");
    assert!(landing.text().await.unwrap().contains("Signed in"));
    let (ok, said) = login.finish();
    assert!(ok, "{said}");
    assert_eq!(keep.stored(&gitlab)["username"], "sandbox-user");
    drop(idle);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_the_answer_says_reaches_the_terminal_without_control_characters() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let keep = Keep::file("callback-escapes");
    let (login, _, redirect, state) = browser_sign_in(&gitlab, &keep);

    let refusal = with_query(
        &redirect,
        "/callback",
        &[
            ("state", &state),
            ("error", "access_denied"),
            (
                "error_description",
                "\u{1b}[2J\u{1b}]0;owned title\u{7}the user said no\r\nfake: line",
            ),
        ],
    );
    let page = browser().get(&refusal).send().await.expect("answered");
    assert!(page.status().is_success(), "{page:?}");

    let (ok, said) = login.finish();
    assert!(!ok, "{said}");
    assert!(said.contains("access_denied"), "{said}");
    assert!(said.contains("the user said no"), "{said}");
    assert!(
        !said.chars().any(|c| c.is_control() && c != '\n'),
        "{said:?}"
    );
    assert!(!said.contains("\nfake: line"), "{said:?}");
}
