//! A GitLab behind a certificate only a private CA vouches for, as in a company: a TLS
//! endpoint on a loopback port, with a certificate for `localhost` signed by a CA this
//! test makes, that passes each connection's bytes on to the sandbox. The CA's PEM is
//! what a test gives the server as `GITLAB_CA_CERT`.

use std::net::SocketAddr;
use std::sync::Arc;

use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair, KeyUsagePurpose};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::crypto::aws_lc_rs;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

/// The TLS endpoint. Dropping it stops accepting.
pub struct TlsFront {
    /// `https://localhost:<port>/`.
    pub url: String,
    /// The CA that signed the endpoint's certificate, PEM.
    pub ca_pem: String,
    accepting: JoinHandle<()>,
}

impl TlsFront {
    /// Serves TLS on a free loopback port in front of `backend` (the sandbox's address).
    pub async fn start(backend: SocketAddr) -> TlsFront {
        let ca_key = KeyPair::generate().expect("a CA key");
        let mut ca = CertificateParams::new(Vec::<String>::new()).expect("CA parameters");
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca.key_usages = vec![
            KeyUsagePurpose::KeyCertSign,
            KeyUsagePurpose::DigitalSignature,
        ];
        ca.distinguished_name
            .push(rcgen::DnType::CommonName, "gitlab-mcp-server tests' CA");
        let ca = CertifiedIssuer::self_signed(ca, ca_key).expect("the CA signs itself");
        let leaf_key = KeyPair::generate().expect("a key");
        let leaf = CertificateParams::new(vec!["localhost".to_owned()])
            .expect("leaf parameters")
            .signed_by(&leaf_key, &ca)
            .expect("the CA signs the endpoint's certificate");
        let chain: Vec<CertificateDer<'static>> = vec![leaf.der().clone()];
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(leaf_key.serialize_der()));
        let config = ServerConfig::builder_with_provider(Arc::new(aws_lc_rs::default_provider()))
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .expect("the endpoint's certificate and key");
        let acceptor = TlsAcceptor::from(Arc::new(config));
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        let port = listener.local_addr().expect("bound").port();
        let accepting = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let acceptor = acceptor.clone();
                tokio::spawn(async move {
                    // A client that refuses the certificate ends its handshake: nothing to pass on.
                    let Ok(mut client) = acceptor.accept(client).await else {
                        return;
                    };
                    if let Ok(mut sandbox) = TcpStream::connect(backend).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut sandbox).await;
                    }
                });
            }
        });
        TlsFront {
            url: format!("https://localhost:{port}/"),
            ca_pem: ca.pem(),
            accepting,
        }
    }
}

impl Drop for TlsFront {
    fn drop(&mut self) {
        self.accepting.abort();
    }
}
