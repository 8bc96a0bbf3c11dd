//! Each owner's event channel: an evidence lane, bounded by count and bytes, whose overflow
//! drops the newest event and counts it, and a small control lane read first. The reader never
//! waits for a slow owner, because a blocked reader would also block every command reply.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use tokio::sync::{mpsc, watch};

use super::wire::CdpEvent;

/// Capacity of each session's event channel. When an owner falls this far behind, the newest
/// event is dropped and counted on the owner's [`EventReceiver::dropped`]: the reader never
/// waits for a slow owner, because a blocked reader would also block every command reply.
pub const EVENT_QUEUE_CAPACITY: usize = 8192;

/// Bytes of params an owner's evidence lane may hold besides its count: a page that logs
/// megabyte strings while its owner is busy would otherwise queue thousands of them. Past it
/// the newest event is dropped and counted like one over the count; an event arriving at an
/// empty lane is always taken, so one message of any size (up to the pipe's limit) gets
/// through.
pub const EVENT_QUEUE_BYTES: usize = 64 * 1024 * 1024;

/// Room in an owner's control lane: attaches, detaches, lifecycle and navigation events, which
/// are few (a navigation storm of 100 a second fills a tenth of it per second).
pub const CONTROL_QUEUE_CAPACITY: usize = 1024;

/// The sending half of an owner's event channel. One owner may route several sessions into the
/// same sink (a tab and its iframe targets), which keeps their events in wire order within each
/// lane. Control events travel in a lane of their own, so a flood of evidence (network,
/// console) never crowds out an attach or a navigation.
#[derive(Debug, Clone)]
pub struct EventSink {
    tx: mpsc::Sender<CdpEvent>,
    control: mpsc::Sender<CdpEvent>,
    dropped: Arc<AtomicU64>,
    /// Bytes of params waiting in the evidence lane (see [`EVENT_QUEUE_BYTES`]).
    queued_bytes: Arc<AtomicUsize>,
}

/// A bounded event channel: an evidence lane of [`EVENT_QUEUE_CAPACITY`] whose overflow drops
/// the newest event and counts it, and a control lane of [`CONTROL_QUEUE_CAPACITY`] read first.
/// Its receiver ends when `closed` turns true, even while some sink clone lives on.
pub(super) fn event_channel(closed: watch::Receiver<bool>) -> (EventSink, EventReceiver) {
    let (tx, rx) = mpsc::channel(EVENT_QUEUE_CAPACITY);
    let (control, control_rx) = mpsc::channel(CONTROL_QUEUE_CAPACITY);
    let dropped = Arc::new(AtomicU64::new(0));
    let queued_bytes = Arc::new(AtomicUsize::new(0));
    (
        EventSink {
            tx,
            control,
            dropped: dropped.clone(),
            queued_bytes: queued_bytes.clone(),
        },
        EventReceiver {
            rx,
            control: control_rx,
            dropped,
            queued_bytes,
            closed,
        },
    )
}

pub(super) type Route = EventSink;

/// What became of an event handed to a sink.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Delivery {
    Delivered,
    /// The lane was full: the event is dropped (and counted).
    Dropped,
    /// The owner is gone.
    Gone,
}

impl EventSink {
    /// Delivers without waiting.
    pub(super) fn deliver(&self, event: CdpEvent) -> Delivery {
        let control = event.kind.is_control();
        let size = event.params.get().len();
        if !control {
            let queued = self.queued_bytes.load(Ordering::Relaxed);
            if queued > 0 && queued + size > EVENT_QUEUE_BYTES {
                self.dropped.fetch_add(1, Ordering::Relaxed);
                return Delivery::Dropped;
            }
        }
        let lane = if control { &self.control } else { &self.tx };
        match lane.try_send(event) {
            Ok(()) => {
                if !control {
                    self.queued_bytes.fetch_add(size, Ordering::Relaxed);
                }
                Delivery::Delivered
            }
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.dropped.fetch_add(1, Ordering::Relaxed);
                Delivery::Dropped
            }
            Err(mpsc::error::TrySendError::Closed(_)) => Delivery::Gone,
        }
    }
}

/// The receiving end of one owner's event channel.
#[derive(Debug)]
pub struct EventReceiver {
    rx: mpsc::Receiver<CdpEvent>,
    control: mpsc::Receiver<CdpEvent>,
    dropped: Arc<AtomicU64>,
    queued_bytes: Arc<AtomicUsize>,
    /// The connection's closed flag: once set, the receiver ends after what is buffered.
    closed: watch::Receiver<bool>,
}

impl EventReceiver {
    /// The next event; `None` once the connection is closed (after the events already
    /// buffered) or every sink is gone.
    /// Control events come before evidence that waits.
    pub async fn recv(&mut self) -> Option<CdpEvent> {
        let (event, evidence) = tokio::select! {
            biased;
            Some(event) = self.control.recv() => (Some(event), false),
            event = self.rx.recv() => (event, true),
            _ = self.closed.wait_for(|closed| *closed) => (None, false),
        };
        match (event, evidence) {
            (Some(event), true) => Some(self.taken(event)),
            (Some(event), false) => Some(event),
            // Closed, or every sink gone: what is already buffered, then the end.
            (None, _) => self.try_recv(),
        }
    }

    /// An event already waiting, if any (control events first), without waiting.
    pub fn try_recv(&mut self) -> Option<CdpEvent> {
        self.control
            .try_recv()
            .ok()
            .or_else(|| self.rx.try_recv().ok().map(|e| self.taken(e)))
    }

    /// `event`, taken from the evidence lane: its bytes no longer wait.
    fn taken(&self, event: CdpEvent) -> CdpEvent {
        self.queued_bytes
            .fetch_sub(event.params.get().len(), Ordering::Relaxed);
        event
    }

    /// Events dropped because this owner's channel was full.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }
}
