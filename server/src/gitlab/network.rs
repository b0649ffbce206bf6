//! How the server reaches GitLab through a corporate network: the proxy the environment
//! names, and the certificate authorities added to the system's.
//!
//! Every HTTP client that talks to GitLab (the API, `auth login`'s OAuth calls, the OAuth
//! proxy's) is made by [`Network::client`], so all of them take the same proxy and trust
//! the same CAs. The proxy variables are curl's and are read by reqwest itself:
//! `HTTPS_PROXY` for an `https://` GitLab, `HTTP_PROXY` for an `http://` one, `ALL_PROXY`
//! for either when the other is unset, `NO_PROXY` for the hosts that bypass it (each also
//! in lower case). There is no setting that turns certificate checks off: a GitLab whose
//! certificate the system does not trust is reached by adding its CA (`GITLAB_CA_CERT`).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use reqwest::{Certificate, redirect};
use url::Url;

/// What every client to GitLab shares beyond its timeout. Cheap to clone.
#[derive(Clone, Default)]
pub struct Network {
    /// Certificate authorities trusted on top of the system's (`GITLAB_CA_CERT`).
    extra_roots: Arc<[Certificate]>,
}

impl Network {
    /// Reads a PEM bundle of CA certificates (`GITLAB_CA_CERT`). The problem names the file
    /// and what is wrong with it; it never quotes the file.
    pub fn with_ca_file(path: &Path) -> Result<Network, String> {
        let shown = path.display();
        let pem = std::fs::read(path).map_err(|error| {
            format!("the CA bundle {shown} cannot be read ({error}); give the path of a PEM file")
        })?;
        let roots = Certificate::from_pem_bundle(&pem)
            .map_err(|error| format!("{shown} is not a PEM bundle of certificates ({error})"))?;
        if roots.is_empty() {
            return Err(format!(
                "{shown} holds no certificate; expected one or more `-----BEGIN CERTIFICATE-----` blocks"
            ));
        }
        Ok(Network {
            extra_roots: roots.into(),
        })
    }

    /// How many CAs are added to the system's.
    pub fn extra_roots(&self) -> usize {
        self.extra_roots.len()
    }

    /// A client for GitLab: the proxy of the environment, the system's CAs and the added
    /// ones, and no redirects followed (a redirect to another host would carry the token
    /// along, and a redirected POST becomes a GET: they are reported instead).
    pub fn client(&self, timeout: Duration) -> reqwest::ClientBuilder {
        reqwest::Client::builder()
            .timeout(timeout)
            .redirect(redirect::Policy::none())
            .user_agent(concat!("gitlab-mcp-server/", env!("CARGO_PKG_VERSION")))
            .tls_certs_merge(self.extra_roots.iter().cloned())
    }
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network")
            .field("extra_roots", &self.extra_roots.len())
            .finish()
    }
}

/// The proxy a call to `gitlab` goes through, read from the environment by the same rules
/// reqwest applies (hyper-util's matcher, which reqwest uses), without credentials; or
/// `direct`. Said once at startup.
pub fn proxy_for(gitlab: &Url) -> String {
    let Ok(uri) = gitlab.as_str().parse::<axum::http::Uri>() else {
        return "direct".to_owned();
    };
    match hyper_util::client::proxy::matcher::Matcher::from_env().intercept(&uri) {
        Some(proxy) => format!(
            "through the proxy {}",
            without_userinfo(&proxy.uri().to_string())
        ),
        None => "direct (no proxy variable applies to it)".to_owned(),
    }
}

/// A proxy URL with any user name and password taken out: the log must not carry them.
fn without_userinfo(value: &str) -> String {
    match Url::parse(value.trim()) {
        Ok(mut url) => {
            let _ = url.set_username("");
            let _ = url.set_password(None);
            url.as_str().trim_end_matches('/').to_owned()
        }
        Err(_) => value
            .rsplit_once('@')
            .map_or(value, |(_, host)| host)
            .trim()
            .to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proxy_is_named_without_its_credentials() {
        assert_eq!(
            without_userinfo("http://alice:s3cret@proxy.corp:3128"),
            "http://proxy.corp:3128"
        );
        assert_eq!(
            without_userinfo("s3cret@proxy.corp:3128"),
            "proxy.corp:3128"
        );
        assert_eq!(
            without_userinfo("http://proxy.corp:3128/"),
            "http://proxy.corp:3128"
        );
    }

    #[test]
    fn a_bundle_without_certificates_is_refused_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let empty = dir.path().join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        let problem = Network::with_ca_file(&empty).unwrap_err();
        assert!(
            problem.contains("empty.pem") && problem.contains("no certificate"),
            "{problem}"
        );
        let missing = dir.path().join("missing.pem");
        let problem = Network::with_ca_file(&missing).unwrap_err();
        assert!(
            problem.contains("missing.pem") && problem.contains("cannot be read"),
            "{problem}"
        );
    }
}
