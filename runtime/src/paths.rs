//! Where the daemon keeps its state: `~/.bsk`, or `BSK_HOME`.

use std::os::unix::fs::PermissionsExt;
use std::path::PathBuf;

use crate::error::{Failure, Result};

#[derive(Debug, Clone)]
pub struct Paths {
    pub state_dir: PathBuf,
}

impl Paths {
    /// Resolves the state dir and creates it with mode 0700 (it holds a browser profile).
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
        std::fs::create_dir_all(&state_dir).map_err(|e| {
            Failure::permission(format!(
                "cannot create state dir {}: {e}",
                state_dir.display()
            ))
            .hint("set BSK_HOME to a writable directory")
        })?;
        std::fs::set_permissions(&state_dir, std::fs::Permissions::from_mode(0o700)).map_err(
            |e| Failure::permission(format!("cannot restrict {}: {e}", state_dir.display())),
        )?;
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
    pub fn profile(&self) -> PathBuf {
        self.state_dir.join("chromium-profile")
    }
    /// Optional `{"cdp_url": "ws://…"}`: attach to this browser instead of launching one.
    pub fn config(&self) -> PathBuf {
        self.state_dir.join("config.json")
    }
}
