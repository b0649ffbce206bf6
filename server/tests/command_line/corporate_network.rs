//! A company's network between the server and GitLab: a GitLab whose certificate only a
//! private CA vouches for (`GITLAB_CA_CERT`), and a forward proxy the environment names
//! (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`). The real binary, a real `tinyproxy`, and the
//! sandbox served over TLS with a CA each test makes.

use std::process::Command;

use gitlab_sandbox::Sandbox;
use serde_json::json;

use crate::support::rpc::{Reply, Rpc};
use crate::support::tinyproxy::Tinyproxy;
use crate::support::tls_front::TlsFront;
use crate::support::{Launch, SERVER, isolated};

const LIST: &str = "gitlab_issue_list";

/// The sandbox behind TLS, and its CA written where `GITLAB_CA_CERT` can name it.
async fn gitlab_behind_a_private_ca() -> (Sandbox, TlsFront, tempfile::NamedTempFile) {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let address = sandbox
        .base_url()
        .socket_addrs(|| None)
        .expect("the sandbox's address")[0];
    let front = TlsFront::start(address).await;
    let ca = tempfile::NamedTempFile::new().expect("a file for the CA");
    std::fs::write(ca.path(), &front.ca_pem).expect("the CA is written");
    (sandbox, front, ca)
}

/// The issue list through the server at `url`, on both wire paths (2025-11-25, 2026-07-28).
async fn list_issues(url: &str) -> [Reply; 2] {
    Rpc::default()
        .call_both(url, LIST, json!({"project_id": 1}))
        .await
}

fn succeeded(replies: &[Reply; 2]) {
    for reply in replies {
        assert!(!reply.is_error(), "{}", reply.text());
    }
}

fn issue_list_calls(sandbox: &Sandbox) -> usize {
    sandbox
        .requests()
        .iter()
        .filter(|request| request.path == "/api/v4/projects/1/issues")
        .count()
}

#[tokio::test]
async fn a_gitlab_signed_by_a_private_ca_is_reached_once_its_ca_is_given() {
    let (sandbox, front, ca) = gitlab_behind_a_private_ca().await;
    let ca_path = ca.path().to_str().expect("a UTF-8 path");

    let trusting = Launch::new(&front.url)
        .env(&[("GITLAB_CA_CERT", ca_path)])
        .start();
    assert!(
        trusting
            .log()
            .iter()
            .any(|line| line.contains("trusting the system's CAs and 1 from GITLAB_CA_CERT")),
        "{:#?}",
        trusting.log()
    );
    succeeded(&list_issues(&trusting.url).await);
    assert_eq!(issue_list_calls(&sandbox), 2);

    // Without it the certificate is refused, nothing reaches GitLab, and the error says
    // which setting helps.
    let refusing = Launch::new(&front.url).start();
    for reply in list_issues(&refusing.url).await {
        assert!(reply.is_error());
        let text = reply.text();
        assert!(text.contains("certificate"), "{text}");
        assert!(text.contains("GITLAB_CA_CERT"), "{text}");
    }
    assert_eq!(issue_list_calls(&sandbox), 2);
}

#[test]
fn a_ca_bundle_that_holds_no_certificate_stops_startup_naming_it() {
    let dir = tempfile::tempdir().expect("a directory");
    let bundle = dir.path().join("corp-ca.pem");
    std::fs::write(
        &bundle,
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
    )
    .expect("written");
    for (path, problem) in [
        (bundle.clone(), "holds no certificate"),
        (dir.path().join("missing.pem"), "cannot be read"),
    ] {
        let output = isolated(&mut Command::new(SERVER))
            .env("GITLAB_URL", "https://gitlab.example.com")
            .env("GITLAB_CA_CERT", &path)
            .output()
            .expect("the server runs");
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("GITLAB_CA_CERT (--gitlab-ca-cert)"),
            "{stderr}"
        );
        assert!(stderr.contains(problem), "{stderr}");
        assert!(stderr.contains(&*path.to_string_lossy()), "{stderr}");
    }
}

#[tokio::test]
async fn https_gitlab_calls_go_through_https_proxy() {
    let Some(proxy) = Tinyproxy::start() else {
        return;
    };
    let (sandbox, front, ca) = gitlab_behind_a_private_ca().await;
    let ca_path = ca.path().to_str().expect("a UTF-8 path");
    // HTTP_PROXY points nowhere: an https:// GitLab must not take it.
    let server = Launch::new(&front.url)
        .env(&[
            ("GITLAB_CA_CERT", ca_path),
            ("HTTPS_PROXY", &proxy.url),
            ("HTTP_PROXY", "http://127.0.0.1:9"),
        ])
        .start();
    let said = format!("GitLab calls go through the proxy {}", proxy.url);
    assert!(
        server.log().iter().any(|line| line.contains(&said)),
        "{:#?}",
        server.log()
    );
    succeeded(&list_issues(&server.url).await);
    assert_eq!(issue_list_calls(&sandbox), 2);
    // The TLS session went through the proxy as a tunnel: it saw where, not what.
    let port = front.url.rsplit(':').next().unwrap().trim_end_matches('/');
    let log = proxy.log();
    assert!(log.contains(&format!("CONNECT localhost:{port}")), "{log}");
    assert!(!log.contains("/api/v4"), "{log}");
}

#[tokio::test]
async fn http_proxy_carries_an_http_gitlab_unless_no_proxy_names_it() {
    let Some(proxy) = Tinyproxy::start() else {
        return;
    };
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url();
    let through = Launch::new(gitlab.as_str())
        .env(&[("HTTP_PROXY", &proxy.url)])
        .start();
    succeeded(&list_issues(&through.url).await);
    let log = proxy.log();
    assert!(
        log.contains(&format!("GET {gitlab}api/v4/projects/1/issues")),
        "{log}"
    );
    // The token travels to GitLab, never into the proxy's log.
    assert!(!log.contains(crate::support::CALLER_TOKEN), "{log}");

    let before = proxy.log().len();
    let direct = Launch::new(gitlab.as_str())
        .env(&[
            ("HTTP_PROXY", &proxy.url),
            ("NO_PROXY", "localhost,127.0.0.1"),
        ])
        .start();
    assert!(
        direct
            .log()
            .iter()
            .any(|line| line.contains("GitLab calls go direct")),
        "{:#?}",
        direct.log()
    );
    succeeded(&list_issues(&direct.url).await);
    assert_eq!(issue_list_calls(&sandbox), 4);
    assert_eq!(proxy.log().len(), before, "{}", proxy.log());
}
