//! Where the daemon keeps its state: `~/.bsk`, or `BSK_HOME`.

use std::os::unix::fs::{DirBuilderExt, MetadataExt};
use std::path::Path;
use std::path::PathBuf;

use crate::error::{Failure, Result};

#[derive(Debug, Clone)]
pub struct Paths {
    pub state_dir: PathBuf,
}

impl Paths {
    /// Resolves the state dir: created with mode 0700 when missing; when it exists, used only if
    /// it is a directory owned by the current user that no one else can read or write. bsk never
    /// changes the permissions of a directory it did not create (`BSK_HOME=/tmp` is refused,
    /// and `/tmp` stays as it is).
    pub fn resolve() -> Result<Paths> {
        let state_dir = match std::env::var_os("BSK_HOME") {
            Some(dir) => PathBuf::from(dir),
            None => {
                let home = std::env::var_os("HOME").ok_or_else(|| {
                    Failure::internal("neither BSK_HOME nor HOME is set")
                        .hint("set BSK_HOME to a directory bsk may use")
                })?;
                PathBuf::from(home).join(".bsk")
            }
        };
        ensure_private_dir(&state_dir)?;
        Ok(Paths { state_dir })
    }

    pub fn socket(&self) -> PathBuf {
        self.state_dir.join("daemon.sock")
    }
    pub fn lock(&self) -> PathBuf {
        self.state_dir.join("daemon.lock")
    }
    pub fn log(&self) -> PathBuf {
        self.state_dir.join("daemon.log")
    }
    /// The unpacked bsk extension, written from the binary (`bsk extension path`).
    pub fn extension(&self) -> PathBuf {
        self.state_dir.join("extension")
    }
    /// The profile of the first launched browser.
    pub fn profile(&self) -> PathBuf {
        self.state_dir.join("chromium-profile")
    }
    /// The profile of the pool's browser `name` (`b1` has [`Paths::profile`], so its history
    /// stays where it always was).
    pub fn profile_of(&self, name: &str) -> PathBuf {
        match name {
            "b1" => self.profile(),
            other => self.state_dir.join(format!("chromium-profile-{other}")),
        }
    }
    /// Pictures `bsk screenshot` writes when no `--output` is given; created private.
    pub fn screenshots(&self) -> Result<PathBuf> {
        let dir = self.state_dir.join("screenshots");
        ensure_private_dir(&dir)?;
        Ok(dir)
    }
    /// Optional `{"cdp_url": "ws://…"}`: attach to this browser instead of launching one.
    pub fn config(&self) -> PathBuf {
        self.state_dir.join("config.json")
    }
}

/// Creates `dir` with mode 0700 in one step, or checks that an existing one is the user's own
/// and private: it holds the daemon's socket, a browser profile with cookies, and evidence.
fn ensure_private_dir(dir: &Path) -> Result<()> {
    match std::fs::DirBuilder::new().mode(0o700).create(dir) {
        Ok(()) => return Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // Parents are created as usual; the state dir itself is created private.
            if let Some(parent) = dir.parent() {
                std::fs::create_dir_all(parent).map_err(|e| cannot_create(dir, &e))?;
            }
            return match std::fs::DirBuilder::new().mode(0o700).create(dir) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => check_private(dir),
                Err(e) => Err(cannot_create(dir, &e)),
            };
        }
        Err(e) => return Err(cannot_create(dir, &e)),
    }
    check_private(dir)
}

fn check_private(dir: &Path) -> Result<()> {
    let shown = dir.display();
    let meta = std::fs::metadata(dir)
        .map_err(|e| Failure::permission(format!("cannot read state dir {shown}: {e}")))?;
    if !meta.is_dir() {
        return Err(
            Failure::permission(format!("state dir {shown} is not a directory"))
                .hint("set BSK_HOME to a directory of your own (or remove the file)"),
        );
    }
    let me = current_uid();
    if me.is_some_and(|me| meta.uid() != me) {
        return Err(Failure::permission(format!(
            "state dir {shown} belongs to another user (uid {})",
            meta.uid()
        ))
        .hint("set BSK_HOME to a directory of your own; bsk keeps a browser profile and evidence there"));
    }
    if meta.mode() & 0o077 != 0 {
        return Err(Failure::permission(format!(
            "state dir {shown} can be read or written by other users (mode {:o})",
            meta.mode() & 0o777
        ))
        .hint(format!(
            "make it private with `chmod 700 {shown}`, or set BSK_HOME to a new directory (bsk creates it with mode 0700)"
        )));
    }
    Ok(())
}

fn cannot_create(dir: &Path, e: &std::io::Error) -> Failure {
    Failure::permission(format!("cannot create state dir {}: {e}", dir.display()))
        .hint("set BSK_HOME to a writable directory")
}

/// The effective user id, as the owner of `/proc/self` (no unsafe call needed).
fn current_uid() -> Option<u32> {
    std::fs::metadata("/proc/self").ok().map(|m| m.uid())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A path under the temp dir that does not exist yet, removed again when dropped.
    struct Scratch(PathBuf);

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0).or_else(|_| std::fs::remove_file(&self.0));
        }
    }

    fn scratch(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("bsk-paths-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Scratch(dir)
    }

    #[test]
    fn a_new_state_dir_is_created_private() {
        let scratch = scratch("new");
        let dir = scratch.0.join("nested");
        ensure_private_dir(&dir).expect("created");
        let mode = std::fs::metadata(&dir).expect("exists").mode() & 0o777;
        assert_eq!(mode, 0o700);
        ensure_private_dir(&dir).expect("an existing private dir is used");
    }

    #[test]
    fn a_shared_dir_is_refused_and_left_unchanged() {
        let scratch = scratch("shared");
        let dir = scratch.0.clone();
        std::fs::create_dir_all(&dir).expect("create");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).expect("chmod");
        let error = ensure_private_dir(&dir).expect_err("refused");
        assert!(
            error
                .0
                .message
                .contains("can be read or written by other users"),
            "{}",
            error.0.message
        );
        assert!(
            error
                .0
                .hint
                .as_ref()
                .is_some_and(|h| h.contains("chmod 700"))
        );
        let mode = std::fs::metadata(&dir).expect("exists").mode() & 0o777;
        assert_eq!(
            mode, 0o777,
            "bsk never chmods a directory it did not create"
        );
    }

    #[test]
    fn a_file_is_not_a_state_dir() {
        let scratch = scratch("file");
        let file = scratch.0.clone();
        std::fs::write(&file, b"x").expect("write");
        assert!(ensure_private_dir(&file).is_err());
    }
}
