//! Url-mode elicitation may only send the user to the configured instance: same
//! scheme, host and port, and a path under the base's path (SSRF and phishing guard).

use url::Url;

pub(crate) fn on_base(base: &Url, target: &str) -> Result<Url, String> {
    let parsed =
        Url::parse(target).map_err(|error| format!("`{target}` is not a valid URL: {error}"))?;
    let refused = || {
        format!(
            "`{target}` is not on the configured instance `{base}`; only its pages may be opened"
        )
    };
    if parsed.scheme() != base.scheme()
        || parsed.host_str() != base.host_str()
        || parsed.port_or_known_default() != base.port_or_known_default()
    {
        return Err(refused());
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(format!(
            "`{target}` carries user info; give the page's URL without it"
        ));
    }
    // `Url` has already resolved `..` and `%2e%2e` segments, so this compares the
    // path the browser would open.
    let base_path = base.path().trim_end_matches('/');
    let path = parsed.path();
    let under = base_path.is_empty()
        || path == base_path
        || path
            .strip_prefix(base_path)
            .is_some_and(|rest| rest.starts_with('/'));
    if under { Ok(parsed) } else { Err(refused()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(base: &str, target: &str) -> bool {
        on_base(&Url::parse(base).expect("test base parses"), target).is_ok()
    }

    #[test]
    fn accepts_pages_of_the_instance() {
        assert!(check(
            "https://gitlab.example.com",
            "https://gitlab.example.com/group/p/-/issues/1"
        ));
        assert!(check(
            "https://gitlab.example.com/",
            "https://GITLAB.example.com:443/x"
        ));
        assert!(check(
            "https://example.com/gitlab",
            "https://example.com/gitlab"
        ));
        assert!(check(
            "https://example.com/gitlab/",
            "https://example.com/gitlab/-/profile"
        ));
    }

    #[test]
    fn refuses_everything_else() {
        let base = "https://example.com/gitlab";
        for target in [
            "http://example.com/gitlab/x",
            "https://example.com:8443/gitlab/x",
            "https://evil.example.com/gitlab/x",
            "https://example.com@evil.com/gitlab/x",
            "https://user:pw@example.com/gitlab/x",
            "https://example.com/gitlabx",
            "https://example.com/gitlab/../admin",
            "https://example.com/gitlab/%2e%2e/admin",
            "javascript:alert(1)",
            "not a url",
        ] {
            assert!(!check(base, target), "{target}");
        }
    }
}
