//! At most so many requests a minute from one address (the connection's peer): a client
//! registering itself in a loop, or starting sign-ins by the hundred, is refused with 429
//! while everyone else goes on. Each replica counts its own requests.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use axum::http::Extensions;

const WINDOW: Duration = Duration::from_secs(60);
/// Addresses remembered at once: beyond, the oldest windows are dropped first.
const MAX_ADDRESSES: usize = 100_000;

pub struct PerAddress {
    per_minute: usize,
    windows: Mutex<HashMap<IpAddr, (Instant, usize)>>,
}

impl PerAddress {
    pub fn new(per_minute: usize) -> PerAddress {
        PerAddress {
            per_minute,
            windows: Mutex::default(),
        }
    }

    /// Counts one request from the request's peer; `false` when its minute is full.
    pub fn take(&self, extensions: &Extensions) -> bool {
        // A request served without a connection's address (in-process) counts as one peer.
        let address = extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |ConnectInfo(peer)| {
                peer.ip()
            });
        let now = Instant::now();
        let mut windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        if windows.len() >= MAX_ADDRESSES {
            windows.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
        }
        let (start, count) = windows.entry(address).or_insert((now, 0));
        if now.duration_since(*start) >= WINDOW {
            *start = now;
            *count = 0;
        }
        if *count >= self.per_minute {
            return false;
        }
        *count += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_has_its_own_minute() {
        let limit = PerAddress::new(2);
        let from = |ip: [u8; 4]| {
            let mut extensions = Extensions::new();
            extensions.insert(ConnectInfo(SocketAddr::from((ip, 5000))));
            extensions
        };
        let (one, two) = (from([10, 0, 0, 1]), from([10, 0, 0, 2]));
        assert!(limit.take(&one) && limit.take(&one));
        assert!(!limit.take(&one));
        assert!(limit.take(&two));
    }
}
