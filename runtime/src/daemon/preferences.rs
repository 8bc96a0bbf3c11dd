//! The person's browser automation preferences from the bsk extension, as the daemon last read
//! them (at a session start that left a setting to them). The visible-or-headless one applies to
//! the next browser bsk launches, so it is kept in the state dir (`preferences.json`, mode 0600)
//! until then, across daemon restarts.

use std::path::Path;

use bsk_schema::link::{BrowserPreference, BrowserPreferences};

const FILE: &str = "preferences.json";

/// Whether the person prefers a headless browser (`Some(false)`: visible), as last read.
pub fn headless(state_dir: &Path) -> Option<bool> {
    let text = std::fs::read_to_string(state_dir.join(FILE)).ok()?;
    let preferences: BrowserPreferences = serde_json::from_str(&text).ok()?;
    preferences
        .browser
        .map(|browser| browser == BrowserPreference::Headless)
}

/// Keeps what the extension answered for the next launch.
pub fn remember(state_dir: &Path, preferences: &BrowserPreferences) {
    use std::io::Write as _;
    use std::os::unix::fs::OpenOptionsExt as _;
    let Ok(text) = serde_json::to_string(preferences) else {
        return;
    };
    let path = state_dir.join(FILE);
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(&path)
        .and_then(|mut file| file.write_all(text.as_bytes()));
    if let Err(e) = written {
        tracing::warn!(error = %e, path = %path.display(), "could not keep the extension's preferences");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remembered_browser_preference_is_read_back() {
        let dir = std::env::temp_dir().join(format!("bsk-prefs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a dir");
        assert_eq!(headless(&dir), None);
        let visible: BrowserPreferences =
            serde_json::from_str(r#"{"browser":"visible","dialogs":"accept","profile":"odd"}"#)
                .expect("lenient");
        assert_eq!(visible.profile, None, "an unknown value reads as not set");
        remember(&dir, &visible);
        assert_eq!(headless(&dir), Some(false));
        let headless_too: BrowserPreferences =
            serde_json::from_str(r#"{"browser":"headless"}"#).expect("preferences");
        remember(&dir, &headless_too);
        assert_eq!(headless(&dir), Some(true));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
