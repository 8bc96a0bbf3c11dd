//! When the reader lets the browser's messages gather between reads, and for how long: over the
//! pipe and over a WebSocket alike (see `socket.rs`), so a steady trickle of events wakes the
//! daemon once per window rather than once per message.

use std::time::{Duration, Instant};

/// How long the pipe reader may let the browser's messages gather between reads while traffic
/// is sparse and nobody waits promptly for a reply. Chromium writes each CDP message on its
/// own, and reading each as it came woke the daemon five to six times per captured request;
/// gathered, one wake-up reads everything a page sent in the window
/// (`docs/performance.md#gathering`).
/// Events then reach their owners up to `most` later (a record's times are the browser's own).
/// See [`Gathering`] for when the reader gathers and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Windows {
    /// The first window after the pipe was idle: short, so that a burst starting then is seen
    /// before a longer window could gather more finished requests than the body pool holds.
    pub first: Duration,
    /// The longest window, reached by doubling while batches stay sparse.
    pub most: Duration,
}

impl Windows {
    /// What the daemon uses on the pipe of the browser it launches.
    pub const GATHER: Windows = Windows {
        first: Duration::from_millis(1),
        most: Duration::from_millis(32),
    };
    /// Every message read as it comes.
    pub const NONE: Windows = Windows {
        first: Duration::ZERO,
        most: Duration::ZERO,
    };
}

/// How long after a command is sent the pipe reader stays prompt for its reply. A reply that
/// takes longer (a promise the page settles late, a navigation) may wait for the next window.
pub(super) const PROMPT_FOR: Duration = Duration::from_millis(100);

/// A batch this large, per [`DENSE_SPAN`] of the window it gathered in, means the browser
/// streams faster than a window should hold (a burst of requests): the reader reads promptly
/// for the next [`PROMPT_FOR`], as without windows, so that the body pool sees requests finish
/// one by one rather than a window's worth at once. A rate, not a count: a steady trickle of
/// several pages on one pipe fills a long window with more messages than a short one without
/// being a burst.
pub(super) const DENSE_BATCH: usize = 64;

/// The span of window [`DENSE_BATCH`] is counted over; a batch read without a window, or after
/// a shorter one, is dense from [`DENSE_BATCH`] messages.
pub(super) const DENSE_SPAN: Duration = Duration::from_millis(10);

/// A wait on an empty pipe longer than this means the page went quiet: the next window starts
/// at [`Windows::first`] again.
pub(super) const IDLE_AFTER: Duration = Duration::from_millis(20);

/// When the pipe reader lets the browser's messages gather, and for how long; bookkeeping over
/// the *batches* it reads (the messages read between two moments the pipe was empty).
///
/// The reader gathers only while traffic is sparse: after a batch with messages, while nobody
/// waits promptly for a reply (a command sent in the last [`PROMPT_FOR`], or a hurry), and not
/// in the [`PROMPT_FOR`] after a dense batch. A window starts at [`Windows::first`] after the
/// pipe was idle and doubles with each sparse batch up to [`Windows::most`]; a dense batch
/// sends it back to the first. So a steady trickle of requests (the case that woke the daemon
/// once per message) is read a window at a time, while a burst is read as it comes.
#[derive(Debug)]
pub(super) struct Gathering {
    /// The first window after idle.
    first: Duration,
    /// The longest window; zero never gathers.
    most: Duration,
    /// The next window's length.
    next: Duration,
    /// The window the batch being read gathered in; zero when it was read as it came.
    gathered: Duration,
    /// Until when the reader reads promptly because a batch was dense.
    streaming_until: Option<Instant>,
    /// Messages read in the batch being read.
    batch: usize,
    /// When the reader last began to wait on an empty pipe.
    empty_since: Instant,
}

impl Gathering {
    pub(super) fn new(windows: Windows, now: Instant) -> Gathering {
        let first = windows.first.min(windows.most);
        Gathering {
            first,
            most: windows.most,
            next: first,
            gathered: Duration::ZERO,
            streaming_until: None,
            batch: 0,
            empty_since: now,
        }
    }

    /// The pipe is empty, so the batch read since it last was has ended. Returns how long to
    /// let messages gather now; `None` reads the next message as soon as it comes.
    /// `someone_waits` is asked only when a window is otherwise due.
    pub(super) fn pipe_empty(
        &mut self,
        now: Instant,
        someone_waits: impl FnOnce() -> bool,
    ) -> Option<Duration> {
        if self.batch == 0 {
            // Nothing came since the last look (or the last window): wait for the next message
            // rather than for a timer, so an idle daemon sleeps.
            return None;
        }
        let window = self.next;
        if self.batch >= dense_from(self.gathered) {
            self.streaming_until = Some(now + PROMPT_FOR);
            self.next = self.first;
        } else {
            self.next = (self.next * 2).min(self.most);
        }
        self.batch = 0;
        let streaming = self.streaming_until.is_some_and(|until| now < until);
        let gather = !self.most.is_zero() && !streaming && !someone_waits();
        self.gathered = if gather { window } else { Duration::ZERO };
        gather.then_some(window)
    }

    /// The reader waits on the empty pipe from `now` (after its window, if it gathered).
    pub(super) fn waiting(&mut self, now: Instant) {
        self.empty_since = now;
    }

    /// A message was read at `now`.
    pub(super) fn message(&mut self, now: Instant) {
        if self.batch == 0 && now.duration_since(self.empty_since) > IDLE_AFTER {
            self.next = self.first;
        }
        self.batch += 1;
    }
}

/// The messages from which a batch gathered in `window` is dense: [`DENSE_BATCH`] per
/// [`DENSE_SPAN`], and never fewer than [`DENSE_BATCH`].
pub(super) fn dense_from(window: Duration) -> usize {
    let scaled = (window.as_micros() * DENSE_BATCH as u128).div_ceil(DENSE_SPAN.as_micros());
    usize::try_from(scaled)
        .unwrap_or(usize::MAX)
        .max(DENSE_BATCH)
}

/// Bytes waiting in the pipe or socket, read or not: while the browser streams faster than a
/// window drains, the reader reads on.
#[allow(unsafe_code)]
pub(super) fn unread(pipe: &impl std::os::fd::AsRawFd) -> usize {
    let mut waiting: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int through the pointer, which points at one.
    let status = unsafe { libc::ioctl(pipe.as_raw_fd(), libc::FIONREAD, &mut waiting) };
    if status == 0 {
        usize::try_from(waiting).unwrap_or(0)
    } else {
        0
    }
}

/// Lets the browser's messages gather in the pipe for `window`, the pipe out of the runtime's
/// `epoll` set so that none of them wakes the worker; a prompt command ends the window early.
/// Returns the pipe watched again.
pub(super) async fn gather(
    replies: tokio::net::unix::pipe::Receiver,
    window: Duration,
    prompt: std::pin::Pin<&mut tokio::sync::futures::Notified<'_>>,
) -> std::io::Result<tokio::net::unix::pipe::Receiver> {
    let fd = replies.into_nonblocking_fd()?;
    tokio::select! {
        () = tokio::time::sleep(window) => {}
        () = prompt => {}
    }
    // Still the nonblocking pipe it was a moment ago: no need to check it again.
    tokio::net::unix::pipe::Receiver::from_owned_fd_unchecked(fd)
}

/// The pipe's read end inside the reader's buffer. [`gather`] takes it out for a window and
/// puts it back, so the buffer (64 KiB) is allocated once, not once per window.
pub(super) struct PipeEnd(pub(super) Option<tokio::net::unix::pipe::Receiver>);

impl tokio::io::AsyncRead for PipeEnd {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        match self.get_mut().0.as_mut() {
            Some(pipe) => std::pin::Pin::new(pipe).poll_read(cx, buf),
            // Only while a window gathers, when nothing reads.
            None => {
                std::task::Poll::Ready(Err(std::io::Error::other("the CDP pipe is not watched")))
            }
        }
    }
}

impl std::os::fd::AsRawFd for PipeEnd {
    /// `-1` while a window gathers: then [`unread`] reads 0.
    fn as_raw_fd(&self) -> std::os::fd::RawFd {
        self.0.as_ref().map_or(-1, std::os::fd::AsRawFd::as_raw_fd)
    }
}
