//! Covers resized for Subsonic apps, kept in memory by stored key and size.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bytes::Bytes;

/// Resized covers kept; past this the memory starts over.
const KEPT_COVERS: usize = 2_000;

/// A cover's bytes and content type.
pub type Cover = (Bytes, &'static str);

/// Resized covers by stored key and size, with their content type.
#[derive(Clone, Debug, Default)]
pub struct CoverCache {
    covers: Arc<Mutex<HashMap<(String, i64), Cover>>>,
}

impl CoverCache {
    pub fn get(&self, key: &(String, i64)) -> Option<Cover> {
        self.covers.lock().ok()?.get(key).cloned()
    }

    pub fn put(&self, key: (String, i64), cover: Cover) {
        if let Ok(mut covers) = self.covers.lock() {
            if covers.len() >= KEPT_COVERS {
                covers.clear();
            }
            covers.insert(key, cover);
        }
    }
}
