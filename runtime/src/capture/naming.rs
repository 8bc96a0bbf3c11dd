//! What a capture is called: its run id, unique across daemons and machines, and the default
//! name History shows for a capture started without one.

use bsk_actors::store::now_ms;

pub use bsk_actors::model::naming::default_capture_name;
use bsk_actors::model::time;

/// `name`, or `name (2)`, `name (3)`, … when a capture this daemon holds already has it.
pub fn distinct_name(name: String, taken: &[String]) -> String {
    if !taken.contains(&name) {
        return name;
    }
    (2..)
        .map(|n| format!("{name} ({n})"))
        .find(|candidate| !taken.contains(candidate))
        .unwrap_or(name)
}

/// A run id that is unique across daemons, restarts and machines, because history in the
/// browser, `#run=` links and exported files outlive the daemon that made them:
/// `run-YYYYMMDD-HHMMSS-xxxxx` (UTC start time, sortable, then five base-36 characters).
///
/// The five characters are `(offset + seq × STEP) mod 36⁵`, where `offset` is drawn at random
/// once per process and `STEP` is coprime with 36: the map from `seq` is a bijection, so the ids
/// one daemon makes never repeat (for 36⁵ ≈ 60 million captures), while daemons differ by their
/// random offset.
pub fn new_run_id(now_ms: u64, seq: u64) -> String {
    const ALPHABET: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    const SPACE: u64 = 36u64.pow(5);
    const STEP: u64 = 7_777_777; // odd and not a multiple of 3, so coprime with 36⁵
    let mut n = (process_offset() + (seq % SPACE) * STEP) % SPACE;
    let suffix: String = (0..5)
        .map(|_| {
            let c = ALPHABET[(n % 36) as usize] as char;
            n /= 36;
            c
        })
        .collect();
    format!("run-{}-{suffix}", time::utc(now_ms, time::COMPACT))
}

/// A random number drawn once per process (RandomState is seeded from the OS; the pid and the
/// clock are hashed in as well).
fn process_offset() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    static OFFSET: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *OFFSET.get_or_init(|| {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u32(std::process::id());
        hasher.write_u64(now_ms());
        hasher.finish() % 36u64.pow(5)
    })
}

#[cfg(test)]
mod run_id_tests {
    use super::*;

    #[test]
    fn run_ids_are_dated_sortable_and_distinct() {
        // 2026-11-30T21:15:30.123Z
        let id = new_run_id(1_796_073_330_123, 1);
        assert!(id.starts_with("run-20261130-211530-"), "{id}");
        assert_eq!(id.len(), "run-20261130-211530-xxxxx".len());
        // Distinct by construction within a process, so this cannot flake.
        let ids: std::collections::HashSet<String> = (0..100_000)
            .map(|seq| new_run_id(1_796_073_330_123, seq))
            .collect();
        assert_eq!(ids.len(), 100_000);
        assert!(new_run_id(1_796_073_330_123, 1) < new_run_id(1_796_073_331_000, 1));
    }

    #[test]
    fn default_names_say_the_host_and_when_and_never_repeat() {
        let at = 1_796_073_330_123; // 2026-11-30T21:15:30.123Z
        assert_eq!(
            default_capture_name("http://ann:pw@127.0.0.1:8080/demo?q=1", at),
            "127.0.0.1:8080 2026-11-30 21:15:30 UTC"
        );
        assert_eq!(
            default_capture_name("about:blank", at),
            "Capture 2026-11-30 21:15:30 UTC"
        );
        assert_ne!(
            default_capture_name("http://a.test/", at),
            default_capture_name("http://a.test/", at + 1000)
        );
        let taken = vec!["Save".to_string(), "Save (2)".to_string()];
        assert_eq!(distinct_name("Save".into(), &taken), "Save (3)");
        assert_eq!(distinct_name("Other".into(), &taken), "Other");
    }
}
