//! The storage-state files of `session start --state` and `session save-state`: login cookies
//! and local storage, secrets of the user's own. Read only when this user owns the file and no
//! one else can change it; written with mode 0600, never through a symlink, never over another
//! user's file.

use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;

use bsk_schema::hint::{ShellCommand, Verb};
use bsk_schema::ipc::StorageState;
use bsk_schema::words;

use crate::error::{Failure, Result};

/// A state file's size at most: logins, not databases.
const MAX_STATE_BYTES: u64 = 16 * 1024 * 1024;

pub fn read(path: &Path) -> Result<StorageState> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| {
        Failure::invalid_input(format!("cannot read state file {shown}: {e}")).hint(words![
            "write one with ",
            Verb::Shell(ShellCommand::SessionSaveState)
                .with("file", "<file>")
                .with("sessionId", "<id>")
        ])
    })?;
    if !meta.is_file() {
        return Err(Failure::invalid_input(format!("{shown} is not a file")));
    }
    if current_uid().is_some_and(|me| meta.uid() != me) {
        return Err(Failure::permission(format!(
            "state file {shown} belongs to another user (uid {}); its cookies would log the session in as whoever wrote it",
            meta.uid()
        ))
        .hint("use a state file you saved yourself"));
    }
    if meta.mode() & 0o022 != 0 {
        return Err(Failure::permission(format!(
            "state file {shown} can be changed by other users (mode {:o})",
            meta.mode() & 0o777
        ))
        .hint(format!("make it private: `chmod 600 {shown}`")));
    }
    if meta.len() > MAX_STATE_BYTES {
        return Err(Failure::invalid_input(format!(
            "state file {shown} is larger than {MAX_STATE_BYTES} bytes"
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::invalid_input(format!("cannot read state file {shown}: {e}")))?;
    serde_json::from_str(&text).map_err(|e| {
        Failure::invalid_input(format!("{shown} is not a storage-state file: {e}")).hint(
            "expected Playwright's shape: {\"cookies\": [{name, value, domain, path, …}], \"origins\": [{origin, localStorage: [{name, value}]}]}",
        )
    })
}

pub fn write(path: &Path, state: &StorageState) -> Result<()> {
    let text = serde_json::to_string_pretty(state)
        .map_err(|e| Failure::internal(format!("cannot encode the state: {e}")))?;
    write_private(path, format!("{text}\n").as_bytes())
}

/// Writes `bytes` to `path` as the user's own file ([`create_private`]): a picture, a
/// screenshot, login state.
pub fn write_private(path: &Path, bytes: &[u8]) -> Result<()> {
    create_private(path)?
        .write_all(bytes)
        .map_err(|e| cannot_write(path, e))
}

/// Opens `path` to write the user's own data into (login state, an export): created with mode
/// 0600, never through a symlink, never another user's file; an existing file of the user's is
/// truncated and made private.
pub fn create_private(path: &Path) -> Result<std::fs::File> {
    let shown = path.display();
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if meta.file_type().is_symlink() || !meta.is_file() {
            return Err(Failure::permission(format!(
                "{shown} is not a regular file; bsk writes only to a file of its own"
            ))
            .hint("pass a new path"));
        }
        if current_uid().is_some_and(|me| meta.uid() != me) {
            return Err(
                Failure::permission(format!("{shown} belongs to another user"))
                    .hint("pass a path of your own"),
            );
        }
    }
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)
        .map_err(|e| cannot_write(path, e))?;
    // An existing file keeps its mode on open: make it private too.
    file.set_permissions(std::os::unix::fs::PermissionsExt::from_mode(0o600))
        .map_err(|e| cannot_write(path, e))?;
    Ok(file)
}

pub fn cannot_write(path: &Path, e: std::io::Error) -> Failure {
    Failure::invalid_input(format!("cannot write {}: {e}", path.display()))
        .hint("pass a path in a directory you can write to")
}

fn current_uid() -> Option<u32> {
    std::fs::metadata("/proc/self").ok().map(|m| m.uid())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn state_files_are_private_round_trips_and_others_are_refused() {
        let dir = std::env::temp_dir().join(format!("bsk-state-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("login.json");
        let state: StorageState = serde_json::from_str(
            r#"{"cookies":[{"name":"sid","value":"s3cret","domain":"localhost","path":"/","expires":-1,"httpOnly":true,"secure":false,"sameSite":"Lax"}],
                "origins":[{"origin":"http://localhost:3000","localStorage":[{"name":"token","value":"t"}]}]}"#,
        )
        .expect("Playwright's shape parses");
        write(&path, &state).expect("written");
        let mode = std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        assert_eq!(read(&path).expect("read back"), state);
        // Writable by others: refused, as is a symlink target for writing.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o666)).expect("chmod");
        assert!(read(&path).is_err());
        let link = dir.join("link.json");
        std::os::unix::fs::symlink(&path, &link).expect("symlink");
        assert!(write(&link, &state).is_err());
        std::fs::write(dir.join("bad.json"), "{").expect("write");
        std::fs::set_permissions(dir.join("bad.json"), std::fs::Permissions::from_mode(0o600))
            .expect("chmod");
        assert!(read(&dir.join("bad.json")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
