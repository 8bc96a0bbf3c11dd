//! The daemon's own memory, as `bsk daemon status` reports it: heap bytes in use (counted by a
//! thin wrapper around mimalloc) and resident set size (from `/proc`).
//!
//! mimalloc rather than glibc's malloc: a capture allocates and frees many small strings per
//! event, and glibc's malloc and free were a sixth of the daemon's CPU under load
//! (`docs/performance.md`).
//!
//! RSS alone cannot tell a leak from allocator slack: freed memory often stays resident. The
//! heap count can, so the load tests read both (`docs/performance.md`).

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicUsize, Ordering};

use bsk_schema::ipc::DaemonMemory;
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
