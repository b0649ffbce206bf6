//! Claims in Redis (or Valkey), shared by every replica that points at the same store.
//!
//! A round's claim is one key, `wizard:round:<round id>.<call digest>`: `SET … NX PX <ttl>` with an empty
//! value claims it atomically, and the action's result (never empty: it is JSON)
//! replaces the value once recorded.

use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};

use super::claims::{Claim, ClaimFuture, Claims, ClaimsError};
use crate::state::RoundId;

/// How long one connection attempt or one command may take before the claim fails
/// closed: a confirmation should not hang on an unreachable store.
const TIMEOUT: Duration = Duration::from_secs(2);

/// Claims in a Redis or Valkey every replica shares.
#[derive(Clone)]
pub struct RedisClaims {
    connection: ConnectionManager,
    /// Where it points, without the password, for error texts.
    shown: String,
}

impl std::fmt::Debug for RedisClaims {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisClaims")
            .field("at", &self.shown)
            .finish()
    }
}

impl RedisClaims {
    /// Claims at `url` (`redis://host:port/db`, `redis://:password@host`), connected on
    /// first use and reconnected after a failure. `Err` when the URL is not one (never
    /// repeating it: it may hold a password); must be
    /// called inside a Tokio runtime.
    pub fn open(url: &str) -> Result<Self, ClaimsError> {
        let client = redis::Client::open(url)
            .map_err(|error| ClaimsError(format!("not a Redis URL: {error}")))?;
        let info = client.get_connection_info();
        let shown = format!("{}", info.addr());
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(TIMEOUT))
            .set_response_timeout(Some(TIMEOUT))
            .set_number_of_retries(1);
        let connection = ConnectionManager::new_lazy_with_config(client, config)
            .map_err(|error| ClaimsError(format!("Redis at {shown}: {error}")))?;
        Ok(RedisClaims { connection, shown })
    }

    /// Whether the store answers now (`PING`), for a check at startup.
    pub async fn ping(&self) -> Result<(), ClaimsError> {
        self.query::<String>(&redis::cmd("PING")).await.map(drop)
    }

    /// What the store keeps on disk (`CONFIG GET appendonly`, `appendfsync`, `save`): a
    /// claim is only as durable as that. A store that refuses `CONFIG` (some managed
    /// services rename it) is an error, which says so.
    pub async fn persistence(&self) -> Result<Persistence, ClaimsError> {
        let setting = async |name: &str| {
            let pair: Vec<String> = self
                .query(redis::cmd("CONFIG").arg("GET").arg(name))
                .await?;
            Ok::<_, ClaimsError>(pair.into_iter().nth(1).unwrap_or_default())
        };
        let append_only = setting("appendonly").await? == "yes";
        let fsync = setting("appendfsync").await?;
        let snapshots = setting("save").await?;
        Ok(Persistence {
            append_only: append_only.then_some(fsync),
            snapshots: (!snapshots.trim().is_empty()).then_some(snapshots),
        })
    }

    fn error(&self, error: redis::RedisError) -> ClaimsError {
        ClaimsError(format!("Redis at {} did not answer: {error}", self.shown))
    }

    /// Runs `command`, and runs it once more when the connection it went out on was
    /// broken: after a restart of Redis, the first command on each replica's old
    /// connection fails ("broken pipe") and the connection manager only then connects
    /// afresh. Sending again is safe for every command here. A claim (`SET … NX`) is
    /// written before any GitLab call, so its repeat acts on nothing outside Redis; had
    /// the first one reached Redis before the connection broke, the repeat finds the claim
    /// taken and reads it as running — a confirmation that fails closed, never an action
    /// taken twice. `GET` and `CONFIG GET` read, and recording a result writes the same
    /// value again.
    async fn query<T: redis::FromRedisValue>(
        &self,
        command: &redis::Cmd,
    ) -> Result<T, ClaimsError> {
        let mut connection = self.connection.clone();
        match command.query_async(&mut connection).await {
            Err(error) if error.is_connection_dropped() => command
                .query_async(&mut connection)
                .await
                .map_err(|error| self.error(error)),
            answer => answer.map_err(|error| self.error(error)),
        }
    }

    async fn claim_now(&self, round: RoundId, ttl: Duration) -> Result<Claim, ClaimsError> {
        let key = key(round);
        // The claim and the read are two commands: a claim that expires in between is
        // claimed again.
        loop {
            let claimed: Option<String> = self
                .query(
                    redis::cmd("SET")
                        .arg(&key)
                        .arg("")
                        .arg("NX")
                        .arg("PX")
                        .arg(millis(ttl)),
                )
                .await?;
            if claimed.is_some() {
                return Ok(Claim::First);
            }
            let held: Option<String> = self.query(redis::cmd("GET").arg(&key)).await?;
            match held {
                Some(result) if result.is_empty() => return Ok(Claim::Running),
                Some(result) => return Ok(Claim::Done(result)),
                None => continue,
            }
        }
    }

    async fn record_now(
        &self,
        round: RoundId,
        result: String,
        ttl: Duration,
    ) -> Result<(), ClaimsError> {
        self.query(
            redis::cmd("SET")
                .arg(key(round))
                .arg(result)
                .arg("PX")
                .arg(millis(ttl)),
        )
        .await
    }
}

/// What a Redis keeps on disk, and so what a restart of it loses: a claim lost is a
/// confirmation whose repeat acts again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Persistence {
    /// `appendonly yes`, with its `appendfsync` (`always`, `everysec`, `no`).
    pub append_only: Option<String>,
    /// `save`'s snapshot points (`3600 1 300 100`), when any.
    pub snapshots: Option<String>,
}

impl Persistence {
    /// What a restart of the store would lose, in a sentence an operator can act on;
    /// `None` when it loses nothing.
    pub fn risk(&self) -> Option<String> {
        match (&self.append_only, &self.snapshots) {
            (Some(fsync), _) if fsync == "always" => None,
            (Some(fsync), _) => Some(format!(
                "Redis writes its append-only file with appendfsync {fsync}: a crash of the \
                 machine may lose the last {} of claims, and a repeat of a confirmation made \
                 then would act again; `appendfsync always` loses none",
                if fsync == "everysec" {
                    "second"
                } else {
                    "seconds"
                }
            )),
            (None, Some(points)) => Some(format!(
                "Redis keeps only snapshots (save \"{points}\", appendonly no): a restart \
                 loses the claims made since the last one, and a repeat of those confirmations \
                 would act again; set `appendonly yes`"
            )),
            (None, None) => Some(
                "Redis keeps nothing on disk (appendonly no, save \"\"): a restart between a \
                 confirmation and a client's repeat of it loses the claim, and the repeat acts \
                 again; set `appendonly yes`"
                    .to_owned(),
            ),
        }
    }
}

fn key(round: RoundId) -> String {
    format!("wizard:round:{round}")
}

fn millis(ttl: Duration) -> u64 {
    u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX).max(1)
}

impl Claims for RedisClaims {
    fn claim(&self, round: RoundId, ttl: Duration) -> ClaimFuture<'_, Claim> {
        Box::pin(self.claim_now(round, ttl))
    }

    fn record(&self, round: RoundId, result: String, ttl: Duration) -> ClaimFuture<'_, ()> {
        Box::pin(self.record_now(round, result, ttl))
    }
}
