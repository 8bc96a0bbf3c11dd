//! The WebSocket transport's TCP stream, letting the browser's messages gather between reads as
//! the pipe reader does ([`Gathering`]): when tungstenite asks for more bytes and none are
//! waiting while traffic is sparse, the socket leaves the runtime's `epoll` set for the window,
//! so that the messages arriving in it wake nobody, and is watched again when the window ends
//! (or at once when a prompt command is queued). A browser reached with `--cdp-url` (a grid, a
//! container) then costs the daemon what one it launched does.

use std::future::Future;
use std::io::{self, Write};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::futures::OwnedNotified;
use tokio::time::Sleep;

use super::gathering::{Gathering, unread};
use super::router::Router;

/// A connected TCP stream that gathers, for tungstenite to speak WebSocket over.
pub(super) struct GatheringSocket {
    state: State,
    inner: Arc<Router>,
    gathering: Arc<Mutex<Gathering>>,
    /// Whether the reader already looked at the empty socket since it last read: a wake-up
    /// that brings nothing does not start another window or count another emptying.
    looked: bool,
}

enum State {
    /// In the runtime's `epoll` set: reads wait for data as usual.
    Watched(TcpStream),
    /// Out of it for a window; the window's end or a prompt command ends the rest.
    Resting {
        stream: std::net::TcpStream,
        window: Pin<Box<Sleep>>,
        prompt: Pin<Box<OwnedNotified>>,
    },
    /// Could not be watched again: every use fails.
    Lost,
}

impl GatheringSocket {
    /// `gathering` is shared with the reader, which tells it of every message it reads.
    pub(super) fn new(
        stream: TcpStream,
        inner: Arc<Router>,
        gathering: Arc<Mutex<Gathering>>,
    ) -> GatheringSocket {
        GatheringSocket {
            state: State::Watched(stream),
            inner,
            gathering,
            looked: false,
        }
    }

    fn gathering(&self) -> std::sync::MutexGuard<'_, Gathering> {
        self.gathering.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The reader found nothing to read: as the pipe reader does at a batch's end, say the
    /// socket emptied and rest for a window when [`Gathering`] says so.
    fn look(&mut self) -> io::Result<()> {
        self.looked = true;
        let State::Watched(stream) = &self.state else {
            return Ok(());
        };
        // Listening before looking: a command queued after the look still ends the window.
        let mut prompt = Box::pin(self.inner.prompt.clone().notified_owned());
        prompt.as_mut().enable();
        if unread(stream) > 0 {
            return Ok(());
        }
        self.inner.pipe_emptied();
        let now = Instant::now();
        let window = self
            .gathering()
            .pipe_empty(now, || self.inner.waits_promptly());
        match window {
            Some(window) => self.rest(window, prompt),
            None => {
                self.gathering().waiting(now);
                self.inner.set_idle(true);
                Ok(())
            }
        }
    }

    fn rest(&mut self, window: Duration, prompt: Pin<Box<OwnedNotified>>) -> io::Result<()> {
        let State::Watched(stream) = std::mem::replace(&mut self.state, State::Lost) else {
            return Ok(());
        };
        self.state = State::Resting {
            stream: stream.into_std()?,
            window: Box::pin(tokio::time::sleep(window)),
            prompt,
        };
        Ok(())
    }

    /// Ends a rest: the socket is watched again. What gathered is read next; if nothing did,
    /// the reader waits caught up.
    fn wake(&mut self) -> io::Result<()> {
        let State::Resting { stream, .. } = std::mem::replace(&mut self.state, State::Lost) else {
            return Ok(());
        };
        let stream = TcpStream::from_std(stream)?;
        let idle = unread(&stream) == 0;
        self.state = State::Watched(stream);
        if idle {
            self.inner.pipe_emptied();
        }
        self.gathering().waiting(Instant::now());
        self.inner.set_idle(idle);
        Ok(())
    }
}

fn lost() -> io::Error {
    io::Error::other("the CDP socket could not be watched again")
}

impl AsyncRead for GatheringSocket {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        loop {
            match &mut this.state {
                State::Lost => return Poll::Ready(Err(lost())),
                State::Resting { window, prompt, .. } => {
                    let over =
                        window.as_mut().poll(cx).is_ready() || prompt.as_mut().poll(cx).is_ready();
                    if !over {
                        return Poll::Pending;
                    }
                    this.wake()?;
                }
                State::Watched(stream) => {
                    let before = buf.filled().len();
                    match Pin::new(stream).poll_read(cx, buf) {
                        Poll::Ready(Ok(())) => {
                            if buf.filled().len() > before {
                                this.looked = false;
                                this.inner.set_idle(false);
                            }
                            return Poll::Ready(Ok(()));
                        }
                        Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                        Poll::Pending if this.looked => return Poll::Pending,
                        Poll::Pending => {
                            this.look()?;
                            if matches!(this.state, State::Watched(_)) {
                                // Registered for readiness by the read above.
                                return Poll::Pending;
                            }
                        }
                    }
                }
            }
        }
    }
}

impl AsyncWrite for GatheringSocket {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        loop {
            match &mut this.state {
                State::Lost => return Poll::Ready(Err(lost())),
                State::Watched(stream) => return Pin::new(stream).poll_write(cx, buf),
                // A command written during a rest goes straight out; only a full send buffer
                // needs the socket watched again.
                State::Resting { stream, .. } => match stream.write(buf) {
                    Err(e) if e.kind() == io::ErrorKind::WouldBlock => this.wake()?,
                    written => return Poll::Ready(written),
                },
            }
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &mut self.get_mut().state {
            State::Watched(stream) => Pin::new(stream).poll_flush(cx),
            State::Resting { .. } => Poll::Ready(Ok(())),
            State::Lost => Poll::Ready(Err(lost())),
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match &mut self.get_mut().state {
            State::Watched(stream) => Pin::new(stream).poll_shutdown(cx),
            State::Resting { stream, .. } => {
                Poll::Ready(stream.shutdown(std::net::Shutdown::Write))
            }
            State::Lost => Poll::Ready(Err(lost())),
        }
    }
}
