//! The daemon's log, bounded: `daemon.log` is rotated to `daemon.log.1` when it passes
//! [`MAX_LOG_BYTES`], so a daemon that runs for weeks under load keeps at most two files' worth.
//! Used when the daemon's stderr is that log (as `bsk` spawns it); a daemon run in a terminal
//! logs to the terminal.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Rotation size of `daemon.log`.
pub const MAX_LOG_BYTES: u64 = 8 * 1024 * 1024;

/// A log file that rotates itself; clones share the file.
#[derive(Debug, Clone)]
pub struct RotatingLog {
    inner: Arc<Mutex<Inner>>,
}

#[derive(Debug)]
struct Inner {
    path: PathBuf,
    max: u64,
    file: Option<File>,
    written: u64,
}

impl RotatingLog {
    pub fn open(path: &Path, max: u64) -> RotatingLog {
        let file = open_append(path).ok();
        let written = file
            .as_ref()
            .and_then(|f| f.metadata().ok())
            .map_or(0, |m| m.len());
        RotatingLog {
            inner: Arc::new(Mutex::new(Inner {
                path: path.to_path_buf(),
                max,
                file,
                written,
            })),
        }
    }
}

fn open_append(path: &Path) -> std::io::Result<File> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(path)
}

impl Inner {
    fn rotate(&mut self) {
        let mut rotated = self.path.clone().into_os_string();
        rotated.push(".1");
        // The old file keeps what was written; a fresh one starts.
        let _ = std::fs::rename(&self.path, rotated);
        self.file = open_append(&self.path).ok();
        self.written = 0;
    }
}

impl Write for RotatingLog {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        if inner.written + buf.len() as u64 > inner.max {
            inner.rotate();
        }
        inner.written += buf.len() as u64;
        match inner.file.as_mut() {
            Some(file) => file.write_all(buf).map(|()| buf.len()),
            // Nowhere to log (a full disk, a removed dir): drop the line, not the daemon.
            None => Ok(buf.len()),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        inner.file.as_mut().map_or(Ok(()), File::flush)
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for RotatingLog {
    type Writer = RotatingLog;

    fn make_writer(&'a self) -> Self::Writer {
        self.clone()
    }
}

/// Whether this process's stderr is the file at `path` (the daemon as `bsk` spawns it).
pub fn stderr_is(path: &Path) -> bool {
    match (
        std::fs::metadata("/proc/self/fd/2"),
        std::fs::metadata(path),
    ) {
        (Ok(stderr), Ok(log)) => stderr.dev() == log.dev() && stderr.ino() == log.ino(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_rotates_at_its_bound_keeping_one_old_file() {
        let dir = std::env::temp_dir().join(format!("bsk-log-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("daemon.log");
        let mut log = RotatingLog::open(&path, 100);
        for _ in 0..25 {
            log.write_all(b"0123456789\n").expect("write");
        }
        let size = |p: &Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
        assert!(size(&path) <= 100, "the current log stays within its bound");
        assert!(size(&dir.join("daemon.log.1")) <= 100);
        assert!(size(&path) > 0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
