//! The daemon's own memory, as `bsk daemon status` reports it: heap bytes in use (counted by a
//! thin wrapper around mimalloc) and resident set size (from `/proc`).
//!
//! mimalloc rather than glibc's malloc: a capture allocates and frees many small strings per
//! event, and glibc's malloc and free were a sixth of the daemon's CPU under load
//! (`docs/performance.md#allocator`).
//!
//! RSS alone cannot tell a leak from allocator slack: freed memory often stays resident. The
//! heap count can, so the load tests read both
//! (`docs/performance.md#memory-responsiveness-and-growth`).

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicUsize, Ordering};

use bsk_schema::ipc::DaemonMemory;
use libmimalloc_sys::{mi_collect, mi_option_set, mi_option_t};
use mimalloc::MiMalloc;

/// mimalloc, counting the bytes it has handed out and not yet taken back.
#[derive(Debug)]
pub struct CountingAllocator;

static IN_USE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every method forwards to `MiMalloc` with the caller's arguments unchanged, so the
// caller's guarantees carry over; the counter is only arithmetic on the sizes.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as is (see above).
        let ptr = unsafe { MiMalloc.alloc(layout) };
        if !ptr.is_null() {
            IN_USE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as is (see above).
        let ptr = unsafe { MiMalloc.alloc_zeroed(layout) };
        if !ptr.is_null() {
            IN_USE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as is (see above).
        unsafe { MiMalloc.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded as is (see above).
        let new = unsafe { MiMalloc.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            IN_USE.fetch_add(new_size, Ordering::Relaxed);
            IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        new
    }
}

/// mimalloc's `mi_option_purge_delay`: `mimalloc.h` numbers it 15, and the Rust bindings name no
/// constant for it (a unit test checks that this option reads mimalloc's default delay).
const PURGE_DELAY: mi_option_t = 15;

/// mimalloc's own purge delay, in milliseconds: freed memory goes back to the system after it.
const DEFAULT_PURGE_DELAY_MS: std::ffi::c_long = 1000;

/// Whether memory freed while a capture records stays with the allocator (`true`) or goes back
/// to the system (`false`, which also returns what is free now).
///
/// A recording capture frees and allocates the same few MiB over and over: records evicted as
/// new ones come, each checkpoint's snapshot and its JSON. With mimalloc's default, the freed
/// pages went back to the system every second and the next events faulted them in again:
/// 3,943 page faults over three traffic pages, against 165 kept (the faults and the allocator's
/// fresh pages were 3–4% of the daemon's profile; `docs/performance.md#allocator`). Kept, the
/// heap stays at its high-water mark, which the captures' bounds and the daemon's memory budget
/// already cap. A user's own `MIMALLOC_PURGE_DELAY` wins.
pub fn keep_freed_memory(keep: bool) {
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_some()
        || std::env::var_os("MIMALLOC_RESET_DELAY").is_some()
    {
        return;
    }
    let delay = if keep { -1 } else { DEFAULT_PURGE_DELAY_MS };
    // SAFETY: setting an option is an atomic store in mimalloc, allowed at any time from any
    // thread; collecting only returns free memory to the system.
    #[allow(unsafe_code)]
    unsafe {
        mi_option_set(PURGE_DELAY, delay);
        if !keep {
            mi_collect(true);
        }
    }
}

/// The daemon's memory now. Heap bytes read 0 in a program that does not install
/// [`CountingAllocator`] as its global allocator (the `bsk` binary does).
pub fn memory() -> DaemonMemory {
    DaemonMemory {
        heap_in_use_bytes: IN_USE.load(Ordering::Relaxed) as u64,
        rss_bytes: resident_bytes(),
        capture_budget_bytes: 0,
        capture_reserved_bytes: 0,
    }
}

/// `VmRSS` of this process, when `/proc` has it.
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use libmimalloc_sys::mi_option_get;

    /// mimalloc's purge delay now, in milliseconds; -1 while freed memory is kept.
    fn purge_delay() -> std::ffi::c_long {
        // SAFETY: reading an option is an atomic load in mimalloc.
        #[allow(unsafe_code)]
        unsafe {
            mi_option_get(PURGE_DELAY)
        }
    }

    #[test]
    fn freed_memory_is_kept_while_asked_and_returned_after() {
        // Option 15 is the purge delay: it reads mimalloc's default until bsk changes it.
        assert_eq!(purge_delay(), DEFAULT_PURGE_DELAY_MS);
        keep_freed_memory(true);
        assert_eq!(purge_delay(), -1, "never purged while kept");
        keep_freed_memory(false);
        assert_eq!(purge_delay(), DEFAULT_PURGE_DELAY_MS);
    }
}
