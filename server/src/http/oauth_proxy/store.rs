//! Where the OAuth proxy keeps what it issued: in this process's memory (one replica),
//! or in Redis (`GITLAB_MCP_REDIS_URL`), where every replica finds it, so any replica
//! serves any client.
//!
//! Every record is sealed before it is stored (XChaCha20-Poly1305, with a key derived from
//! `GITLAB_MCP_STATE_KEYS`, the record's key as associated data so a record moved to
//! another key does not open), and every key naming a token or code is its digest: a
//! copy of the store (a Redis dump, a backup) holds neither a usable MCP token nor a
//! readable GitLab one. Each record expires on its own (its TTL); none outlives its use.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{Key, XChaCha20Poly1305, XNonce};
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use serde::Serialize;
use serde::de::DeserializeOwned;
use wizard::StateKeys;

/// How long one Redis command may take before the request it serves fails.
const REDIS_TIMEOUT: Duration = Duration::from_secs(2);
/// Every key this store writes in Redis starts with it.
const PREFIX: &str = "gitlab-mcp:oauth:";

/// The store could not be reached or answered nonsense: the request fails, closed.
#[derive(Debug, Clone)]
pub struct StoreError(pub String);

#[derive(Clone)]
pub struct Store {
    backend: Backend,
    /// The ring's derived keys: the first seals, every one opens.
    keys: Arc<[XChaCha20Poly1305]>,
}

#[derive(Clone)]
enum Backend {
    Memory(Arc<Mutex<Memory>>),
    Redis(ConnectionManager),
}

#[derive(Default)]
struct Memory {
    values: HashMap<String, (Vec<u8>, Instant)>,
    /// Registered clients and when each expires unless used, for the cap.
    clients: HashMap<String, Instant>,
}

impl Memory {
    fn live(&mut self, key: &str) -> Option<&Vec<u8>> {
        let now = Instant::now();
        if self.values.get(key).is_some_and(|(_, until)| *until <= now) {
            self.values.remove(key);
        }
        self.values.get(key).map(|(value, _)| value)
    }

    fn prune(&mut self) {
        let now = Instant::now();
        self.values.retain(|_, (_, until)| *until > now);
        self.clients.retain(|_, until| *until > now);
    }
}

impl Store {
    /// In memory, sealed with keys derived from `keys`.
    pub fn in_memory(keys: &StateKeys) -> Store {
        Store {
            backend: Backend::Memory(Arc::default()),
            keys: sealing_keys(keys),
        }
    }

    /// In the Redis at `url`, connected on first use.
    pub fn in_redis(url: &str, keys: &StateKeys) -> Result<Store, StoreError> {
        let client = redis::Client::open(url)
            .map_err(|error| StoreError(format!("not a Redis URL: {error}")))?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(REDIS_TIMEOUT))
            .set_response_timeout(Some(REDIS_TIMEOUT))
            .set_number_of_retries(1);
        let connection = ConnectionManager::new_lazy_with_config(client, config)
            .map_err(|error| StoreError(format!("Redis: {error}")))?;
        Ok(Store {
            backend: Backend::Redis(connection),
            keys: sealing_keys(keys),
        })
    }

    /// Stores `record` under `key` for `ttl`.
    pub async fn put<T: Serialize>(
        &self,
        key: &str,
        record: &T,
        ttl: Duration,
    ) -> Result<(), StoreError> {
        let sealed = self.seal(key, record);
        match &self.backend {
            Backend::Memory(memory) => {
                let mut memory = lock(memory);
                memory
                    .values
                    .insert(key.to_owned(), (sealed, Instant::now() + ttl));
                Ok(())
            }
            Backend::Redis(connection) => {
                let mut command = redis::cmd("SET");
                command
                    .arg(redis_key(key))
                    .arg(sealed)
                    .arg("PX")
                    .arg(millis(ttl));
                query::<()>(connection, &command).await
            }
        }
    }

    /// The record under `key`, if it is there and opens.
    pub async fn get<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, StoreError> {
        let sealed = match &self.backend {
            Backend::Memory(memory) => lock(memory).live(key).cloned(),
            Backend::Redis(connection) => {
                query::<Option<Vec<u8>>>(connection, redis::cmd("GET").arg(redis_key(key))).await?
            }
        };
        Ok(sealed.and_then(|sealed| self.open(key, &sealed)))
    }

    /// The record under `key`, removed in the same step: of two replicas taking it at once,
    /// one gets it (a code, a refresh token, a pending sign-in is used once).
    pub async fn take<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, StoreError> {
        let sealed = match &self.backend {
            Backend::Memory(memory) => {
                let mut memory = lock(memory);
                memory.live(key);
                memory.values.remove(key).map(|(value, _)| value)
            }
            Backend::Redis(connection) => {
                query::<Option<Vec<u8>>>(connection, redis::cmd("GETDEL").arg(redis_key(key)))
                    .await?
            }
        };
        Ok(sealed.and_then(|sealed| self.open(key, &sealed)))
    }

    pub async fn delete(&self, keys: &[String]) -> Result<(), StoreError> {
        if keys.is_empty() {
            return Ok(());
        }
        match &self.backend {
            Backend::Memory(memory) => {
                let mut memory = lock(memory);
                for key in keys {
                    memory.values.remove(key);
                }
                Ok(())
            }
            Backend::Redis(connection) => {
                let mut command = redis::cmd("DEL");
                for key in keys {
                    command.arg(redis_key(key));
                }
                query::<()>(connection, &command).await
            }
        }
    }

    /// Registers a client under `id` unless `max` clients are registered already
    /// (`Ok(false)`); it expires after `ttl` unless [`Store::touch_client`] renews it.
    /// Replicas registering at the same moment may pass the cap by as many as they are.
    pub async fn add_client<T: Serialize>(
        &self,
        id: &str,
        record: &T,
        ttl: Duration,
        max: usize,
    ) -> Result<bool, StoreError> {
        let key = client_key(id);
        match &self.backend {
            Backend::Memory(memory) => {
                let mut memory = lock(memory);
                memory.prune();
                if memory.clients.len() >= max {
                    return Ok(false);
                }
                memory.clients.insert(id.to_owned(), Instant::now() + ttl);
            }
            Backend::Redis(connection) => {
                let index = redis_key("clients");
                let now = unix_millis();
                let registered: usize = redis::pipe()
                    .cmd("ZREMRANGEBYSCORE")
                    .arg(&index)
                    .arg("-inf")
                    .arg(now)
                    .ignore()
                    .cmd("ZCARD")
                    .arg(&index)
                    .query_async::<(usize,)>(&mut connection.clone())
                    .await
                    .map(|(count,)| count)
                    .map_err(redis_error)?;
                if registered >= max {
                    return Ok(false);
                }
                let until = now + millis(ttl);
                query::<()>(
                    connection,
                    redis::cmd("ZADD").arg(&index).arg(until).arg(id),
                )
                .await?;
            }
        }
        self.put(&key, record, ttl).await?;
        Ok(true)
    }

    /// A client used again lives `ttl` more.
    pub async fn touch_client<T: Serialize>(
        &self,
        id: &str,
        record: &T,
        ttl: Duration,
    ) -> Result<(), StoreError> {
        match &self.backend {
            Backend::Memory(memory) => {
                lock(memory)
                    .clients
                    .insert(id.to_owned(), Instant::now() + ttl);
            }
            Backend::Redis(connection) => {
                let until = unix_millis() + millis(ttl);
                let index = redis_key("clients");
                query::<()>(connection, redis::cmd("ZADD").arg(index).arg(until).arg(id)).await?;
            }
        }
        self.put(&client_key(id), record, ttl).await
    }

    fn seal<T: Serialize>(&self, key: &str, record: &T) -> Vec<u8> {
        let plain = serde_json::to_vec(record).expect("a record serializes");
        let mut nonce = [0u8; 24];
        getrandom::fill(&mut nonce).expect("the operating system provides random bytes");
        let payload = Payload {
            msg: &plain,
            aad: key.as_bytes(),
        };
        let sealed = self.keys[0]
            .encrypt(&XNonce::from(nonce), payload)
            .expect("sealing into a vector does not fail");
        [nonce.as_slice(), &sealed].concat()
    }

    /// `None` for a record no key of the ring opens (sealed before a rotation dropped its
    /// key, or tampered with): it is as good as absent.
    fn open<T: DeserializeOwned>(&self, key: &str, sealed: &[u8]) -> Option<T> {
        let (nonce, sealed) = sealed.split_at_checked(24)?;
        let nonce = XNonce::try_from(nonce).ok()?;
        let plain = self.keys.iter().find_map(|cipher| {
            let payload = Payload {
                msg: sealed,
                aad: key.as_bytes(),
            };
            cipher.decrypt(&nonce, payload).ok()
        })?;
        serde_json::from_slice(&plain).ok()
    }
}

pub fn client_key(id: &str) -> String {
    format!("client:{id}")
}

fn sealing_keys(keys: &StateKeys) -> Arc<[XChaCha20Poly1305]> {
    keys.derive("gitlab-mcp-server oauth proxy records")
        .into_iter()
        .map(|key| XChaCha20Poly1305::new(&Key::from(key)))
        .collect()
}

fn lock(memory: &Mutex<Memory>) -> std::sync::MutexGuard<'_, Memory> {
    memory.lock().unwrap_or_else(PoisonError::into_inner)
}

fn redis_key(key: &str) -> String {
    format!("{PREFIX}{key}")
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

fn unix_millis() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, millis)
}

async fn query<T: redis::FromRedisValue>(
    connection: &ConnectionManager,
    command: &redis::Cmd,
) -> Result<T, StoreError> {
    command
        .query_async(&mut connection.clone())
        .await
        .map_err(redis_error)
}

fn redis_error(error: redis::RedisError) -> StoreError {
    StoreError(format!("the OAuth store in Redis failed: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_record_opens_under_its_own_key_only_and_is_taken_once() {
        let store = Store::in_memory(&StateKeys::random());
        let ttl = Duration::from_secs(60);
        store.put("code:a", &"grant-1", ttl).await.unwrap();
        assert_eq!(
            store.get::<String>("code:a").await.unwrap().as_deref(),
            Some("grant-1")
        );
        // Moved under another key, it does not open.
        let sealed = store.seal("code:a", &"grant-1");
        assert!(store.open::<String>("code:b", &sealed).is_none());
        assert!(store.open::<String>("code:a", &sealed).is_some());
        // Another ring cannot open it.
        let other = Store::in_memory(&StateKeys::random());
        assert!(other.open::<String>("code:a", &sealed).is_none());
        assert_eq!(
            store.take::<String>("code:a").await.unwrap().as_deref(),
            Some("grant-1")
        );
        assert_eq!(store.take::<String>("code:a").await.unwrap(), None);
    }

    #[tokio::test]
    async fn records_expire_and_clients_are_capped() {
        let store = Store::in_memory(&StateKeys::random());
        store
            .put("pending:x", &1, Duration::from_millis(1))
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(5)).await;
        assert_eq!(store.get::<u8>("pending:x").await.unwrap(), None);
        let ttl = Duration::from_secs(60);
        assert!(store.add_client("a", &1, ttl, 2).await.unwrap());
        assert!(store.add_client("b", &1, ttl, 2).await.unwrap());
        assert!(!store.add_client("c", &1, ttl, 2).await.unwrap());
        assert_eq!(store.get::<u8>(&client_key("c")).await.unwrap(), None);
    }
}
