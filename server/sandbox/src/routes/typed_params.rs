//! Grape's typed parameters the newer routes read: integer arrays (`iids[]=1&iids[]=2` or
//! `iids=1,2`), date-times, and arrays of hashes (`variables[0][key]=A` or a JSON array).

use std::time::SystemTime;

use serde_json::{Map, Value};

use crate::params::{Params, invalid};
use crate::reply::ApiError;
use crate::store::parse_time;

impl Params {
    /// Grape's `Array[Integer]` with `CommaSeparatedToIntegerArray`: an array, or one
    /// comma-separated string; any piece that is not a whole number → `<key> is invalid`.
    pub fn numbers(&self, key: &str) -> Result<Option<Vec<u64>>, ApiError> {
        let pieces: Vec<String> = match self.0.get(key) {
            None | Some(Value::Null) => return Ok(None),
            Some(Value::String(s)) => s.split(',').map(str::to_owned).collect(),
            Some(Value::Number(n)) => vec![n.to_string()],
            Some(Value::Array(items)) => {
                let mut pieces = Vec::new();
                for item in items {
                    match item {
                        Value::String(s) => pieces.extend(s.split(',').map(str::to_owned)),
                        Value::Number(n) => pieces.push(n.to_string()),
                        _ => return Err(invalid(key)),
                    }
                }
                pieces
            }
            Some(_) => return Err(invalid(key)),
        };
        pieces
            .iter()
            .map(|p| p.trim())
            .filter(|p| !p.is_empty())
            .map(|p| p.parse().map_err(|_| invalid(key)))
            .collect::<Result<Vec<u64>, _>>()
            .map(Some)
    }

    /// Grape's `DateTime`: `2026-01-10` or `2026-01-10T12:00:00Z`; else `<key> is invalid`.
    pub fn time(&self, key: &str) -> Result<Option<SystemTime>, ApiError> {
        self.str(key)?
            .map(|text| parse_time(&text).ok_or_else(|| invalid(key)))
            .transpose()
    }

    /// Grape's `Array` of hashes: a JSON array of objects, or form fields
    /// `key[0][field]=…` (which arrive as flat keys). Anything else → `<key> is invalid`.
    pub fn hashes(&self, key: &str) -> Result<Option<Vec<Map<String, Value>>>, ApiError> {
        match self.0.get(key) {
            Some(Value::Null) => return Ok(None),
            Some(Value::Array(items)) => {
                return items
                    .iter()
                    .map(|item| item.as_object().cloned().ok_or_else(|| invalid(key)))
                    .collect::<Result<Vec<_>, _>>()
                    .map(Some);
            }
            Some(_) => return Err(invalid(key)),
            None => {}
        }
        // Form encoding: `variables[0][key]=A&variables[0][value]=b`.
        let prefix = format!("{key}[");
        let mut rows: Vec<(u64, Map<String, Value>)> = Vec::new();
        for (name, value) in &self.0 {
            let Some(rest) = name.strip_prefix(&prefix) else {
                continue;
            };
            let Some((index, field)) = rest.split_once("][") else {
                return Err(invalid(key));
            };
            let (Ok(index), Some(field)) = (index.parse::<u64>(), field.strip_suffix(']')) else {
                return Err(invalid(key));
            };
            match rows.iter_mut().find(|(i, _)| *i == index) {
                Some((_, row)) => {
                    row.insert(field.to_owned(), value.clone());
                }
                None => {
                    let mut row = Map::new();
                    row.insert(field.to_owned(), value.clone());
                    rows.push((index, row));
                }
            }
        }
        if rows.is_empty() {
            return Ok(None);
        }
        rows.sort_by_key(|(i, _)| *i);
        Ok(Some(rows.into_iter().map(|(_, row)| row).collect()))
    }
}
