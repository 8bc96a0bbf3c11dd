//! What the drop guard needs to know of processes, read from `/proc`: every process of a state
//! dir, its descendants, and whether one is still running.

/// What `/proc/<pid>/stat` says of a process: its state, parent and process group.
pub(super) struct Stat {
    state: char,
    parent: u32,
    pub(super) group: u32,
}

/// `/proc/<pid>/stat`, read after the command name (which may hold spaces and parentheses).
pub(super) fn stat(pid: u32) -> Option<Stat> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    let mut fields = rest.split_whitespace();
    let state = fields.next()?.chars().next()?;
    let parent = fields.next()?.parse().ok()?;
    let group = fields.next()?.parse().ok()?;
    Some(Stat {
        state,
        parent,
        group,
    })
}

/// Whether `pid` is a live process (an exited, unreaped zombie counts as gone).
pub fn is_running(pid: u32) -> bool {
    stat(pid).is_some_and(|s| !matches!(s.state, 'Z' | 'X'))
}

/// `pids` and every process descended from them.
pub(super) fn with_descendants(mut pids: Vec<u32>) -> Vec<u32> {
    let parents: Vec<(u32, u32)> = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let pid: u32 = entry.ok()?.file_name().to_str()?.parse().ok()?;
            Some((pid, stat(pid)?.parent))
        })
        .collect();
    let mut at = 0;
    while let Some(&parent) = pids.get(at) {
        for &(pid, ppid) in &parents {
            if ppid == parent && !pids.contains(&pid) {
                pids.push(pid);
            }
        }
        at += 1;
    }
    pids
}

/// SIGKILLs `pid` (through kill(1): the workspace forbids `unsafe`, which libc::kill needs).
pub fn kill(pid: u32) {
    let _ = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .stderr(std::process::Stdio::null())
        .status();
}

/// Every readable process: pid, argv and environment.
pub(super) fn processes() -> Vec<(u32, Vec<String>, Vec<String>)> {
    let split = |bytes: Vec<u8>| -> Vec<String> {
        bytes
            .split(|b| *b == 0)
            .filter(|s| !s.is_empty())
            .map(|s| String::from_utf8_lossy(s).into_owned())
            .collect()
    };
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let pid: u32 = entry.file_name().to_str()?.parse().ok()?;
            if !is_running(pid) {
                return None;
            }
            let args = split(std::fs::read(entry.path().join("cmdline")).ok()?);
            let env = split(std::fs::read(entry.path().join("environ")).unwrap_or_default());
            Some((pid, args, env))
        })
        .collect()
}
