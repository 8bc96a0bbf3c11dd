//! The router against a scripted WebSocket peer, or a pair of pipes, standing in for the
//! browser: pure protocol logic, no Chromium needed.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

use std::sync::atomic::Ordering;

use super::client::*;
use super::error::*;
use super::gathering::*;
use super::lanes::*;
use super::transport::*;

/// A peer that hands every command it receives to the test and sends whatever the test says.
struct Peer {
    commands: mpsc::UnboundedReceiver<Value>,
    say: mpsc::UnboundedSender<Value>,
}

async fn peer() -> (String, Peer) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("ws://{}", listener.local_addr().expect("addr"));
    let (command_tx, commands) = mpsc::unbounded_channel();
    let (say, mut said) = mpsc::unbounded_channel::<Value>();
    tokio::spawn(async move {
        let (stream, _) = listener.accept().await.expect("accept");
        let socket = tokio_tungstenite::accept_async(stream)
            .await
            .expect("handshake");
        let (mut sink, mut stream) = socket.split();
        loop {
            tokio::select! {
                frame = stream.next() => match frame {
                    Some(Ok(Message::Text(text))) => {
                        let _ = command_tx.send(serde_json::from_str(&text).expect("json command"));
                    }
                    _ => return,
                },
                outgoing = said.recv() => match outgoing {
                    Some(Value::Null) | None => return, // close the socket
                    Some(value) => sink.send(Message::Text(value.to_string().into())).await.expect("send"),
                },
            }
        }
    });
    (url, Peer { commands, say })
}

/// A client connected to a fresh [`peer`] without windows, with its browser-level events.
async fn connected() -> (CdpClient, EventReceiver, Peer) {
    let (url, peer) = peer().await;
    let (client, browser) = CdpClient::connect(&url, Windows::NONE)
        .await
        .expect("connect");
    (client, browser, peer)
}

async fn next_command(peer: &mut Peer) -> Value {
    tokio::time::timeout(Duration::from_secs(5), peer.commands.recv())
        .await
        .expect("a command in time")
        .expect("open")
}

#[tokio::test]
async fn replies_out_of_order_reach_their_callers() {
    let (client, _browser, mut peer) = connected().await;
    let first = client.send(None, "A.first", json!({})).await;
    let second = client.send(Some("S1"), "B.second", json!({ "x": 1 })).await;
    let a = next_command(&mut peer).await;
    let b = next_command(&mut peer).await;
    assert_eq!(b["sessionId"], "S1");
    assert_eq!(b["params"]["x"], 1);
    peer.say
        .send(json!({ "id": b["id"], "result": { "answer": "second" } }))
        .expect("say");
    peer.say
        .send(json!({ "id": a["id"], "result": { "answer": "first" } }))
        .expect("say");
    assert_eq!(second.wait().await.expect("second")["answer"], "second");
    assert_eq!(first.wait().await.expect("first")["answer"], "first");
}

#[tokio::test]
async fn params_given_as_text_go_out_as_the_same_command() {
    let (client, _browser, mut peer) = connected().await;
    let params = r#"{"text":"a \"quoted\" \\ word","n":[1,{"x":null}]}"#;
    let call = {
        let client = client.clone();
        tokio::spawn(async move {
            client
                .call_with_params_text(Some("S1"), "A.b", params, Duration::from_secs(5))
                .await
        })
    };
    let sent = next_command(&mut peer).await;
    assert_eq!(sent["method"], "A.b");
    assert_eq!(sent["sessionId"], "S1");
    assert_eq!(
        sent["params"],
        serde_json::from_str::<Value>(params).expect("json")
    );
    peer.say
        .send(json!({ "id": sent["id"], "result": { "ok": true } }))
        .expect("say");
    let reply = call.await.expect("joined").expect("a reply");
    assert_eq!(reply["ok"], true);
}

#[tokio::test]
async fn a_message_many_reads_long_arrives_whole() {
    let (client, _browser, mut peer) = connected().await;
    let body = "é".repeat(700_000); // 1.4 MB, many read chunks
    let reply = client
        .send(None, "Network.getResponseBody", json!({}))
        .await;
    let command = next_command(&mut peer).await;
    peer.say
        .send(json!({ "id": command["id"], "result": { "body": body } }))
        .expect("say");
    assert_eq!(reply.wait().await.expect("a reply")["body"], body.as_str());
}

#[tokio::test]
async fn a_writer_takes_what_is_queued_until_its_bound() {
    let (queue, mut outgoing) = mpsc::channel(16);
    for text in ["a", "b", "c"] {
        queue.send(text.to_string()).await.expect("queued");
    }
    let large = "x".repeat(WRITE_TOGETHER_BYTES);
    queue.send(large.clone()).await.expect("queued");
    queue.send("d".to_string()).await.expect("queued");
    // Everything queued while the batch holds less than the bound: the large command is the
    // last one taken, and the rest waits for the next write.
    assert_eq!(
        queued_with("first".to_string(), &mut outgoing),
        ["first", "a", "b", "c", large.as_str()]
    );
    assert_eq!(
        queued_with("next".to_string(), &mut outgoing),
        ["next", "d"]
    );
    assert_eq!(queued_with("alone".to_string(), &mut outgoing), ["alone"]);
}

#[tokio::test]
async fn commands_queued_together_go_out_whole_and_in_order() {
    let (client, _browser, mut peer) = connected().await;
    // Queued without yielding, so the writer finds them together: small ones, one larger than
    // a write gathers (it closes the batch), then small ones again.
    let big = "x".repeat(3 * WRITE_TOGETHER_BYTES);
    let mut replies = Vec::new();
    for i in 0..40 {
        let params = if i == 20 {
            json!({ "i": i, "big": big })
        } else {
            json!({ "i": i })
        };
        replies.push(
            client
                .send(Some("S1"), "Network.getResponseBody", params)
                .await,
        );
    }
    for i in 0..40 {
        let command = next_command(&mut peer).await;
        assert_eq!(command["params"]["i"], i, "in the order queued");
        assert_eq!(
            command["params"]["big"].as_str().map(str::len),
            (i == 20).then_some(big.len())
        );
        peer.say
            .send(json!({ "id": command["id"], "result": { "i": i } }))
            .expect("say");
    }
    for (i, reply) in replies.into_iter().enumerate() {
        assert_eq!(reply.wait().await.expect("a reply")["i"], i);
    }
}

#[tokio::test]
async fn remote_errors_carry_the_method_and_message() {
    let (client, _browser, mut peer) = connected().await;
    let reply = client.send(None, "DOM.focus", json!({})).await;
    let command = next_command(&mut peer).await;
    peer.say
        .send(json!({ "id": command["id"], "error": { "code": -32000, "message": "Element is not focusable" } }))
        .expect("say");
    match reply.wait().await {
        Err(CdpError::Remote {
            method,
            code,
            message,
        }) => {
            assert_eq!(
                (method.as_str(), code, message.as_str()),
                ("DOM.focus", -32000, "Element is not focusable")
            );
        }
        other => panic!("expected a remote error, got {other:?}"),
    }
}

#[tokio::test]
async fn events_go_to_their_session_owner_in_wire_order() {
    let (client, mut browser, peer) = connected().await;
    let (sink, mut owner) = client.event_channel();
    client.route("S1", sink.clone());
    client.route("S2", sink);
    for (i, session) in ["S1", "S2", "S1"].iter().enumerate() {
        peer.say.send(json!({ "method": "Network.requestWillBeSent", "sessionId": session, "params": { "i": i } })).expect("say");
    }
    peer.say
        .send(json!({ "method": "Network.loadingFinished", "sessionId": "UNKNOWN", "params": {} }))
        .expect("say");
    peer.say
        .send(json!({ "method": "Target.targetCreated", "params": { "new": true } }))
        .expect("say");
    let order: Vec<(String, i64)> = {
        let mut seen = Vec::new();
        for _ in 0..3 {
            let event = tokio::time::timeout(Duration::from_secs(5), owner.recv())
                .await
                .expect("in time")
                .expect("event");
            seen.push((
                event.session_id.clone().unwrap_or_default(),
                event.value()["i"].as_i64().unwrap_or(-1),
            ));
        }
        seen
    };
    assert_eq!(
        order,
        vec![("S1".into(), 0), ("S2".into(), 1), ("S1".into(), 2)]
    );
    let browser_event = tokio::time::timeout(Duration::from_secs(5), browser.recv())
        .await
        .expect("in time")
        .expect("event");
    assert_eq!(browser_event.method, "Target.targetCreated");
    assert!(browser_event.session_id.is_none());
    // The browser-level event arrived after the unknown-session one, so that one was counted.
    assert_eq!(client.unrouted_events(), 1);
}

#[tokio::test]
async fn a_command_without_a_reply_times_out_and_is_forgotten() {
    let (client, _browser, mut peer) = connected().await;
    let reply = client
        .send_with_deadline(None, "Page.hang", json!({}), Duration::from_millis(100))
        .await;
    let command = next_command(&mut peer).await;
    match reply.wait().await {
        Err(CdpError::Timeout { method, .. }) => assert_eq!(method, "Page.hang"),
        other => panic!("expected a timeout, got {other:?}"),
    }
    assert!(
        client.inner.pending.is_empty(),
        "a timed-out command must not stay pending"
    );
    // A late reply for it is ignored, and the client keeps working.
    peer.say
        .send(json!({ "id": command["id"], "result": {} }))
        .expect("say");
    let next = client.send(None, "Page.next", json!({})).await;
    let command = next_command(&mut peer).await;
    peer.say
        .send(json!({ "id": command["id"], "result": { "ok": true } }))
        .expect("say");
    assert_eq!(next.wait().await.expect("next")["ok"], true);
}

#[tokio::test]
async fn a_closed_socket_fails_pending_commands_and_ends_owners() {
    let (client, _browser, mut peer) = connected().await;
    let (sink, mut owner) = client.event_channel();
    // The owner keeps a sink of its own (as a tab's pump does, to route its iframes): its
    // receiver must still end with the connection.
    client.route("S1", sink.clone());
    let reply = client.send(None, "Page.navigate", json!({})).await;
    next_command(&mut peer).await;
    peer.say.send(Value::Null).expect("close");
    assert!(matches!(reply.wait().await, Err(CdpError::Closed)));
    let _kept = sink;
    assert!(
        tokio::time::timeout(Duration::from_secs(5), owner.recv())
            .await
            .expect("in time")
            .is_none()
    );
    client.closed().await;
    assert!(matches!(
        client.call(None, "Page.after", json!({})).await,
        Err(CdpError::Closed)
    ));
}

/// Returns once a reply the peer sends after everything it said so far has arrived: the
/// reader got through all of it without waiting for the owners.
async fn reader_caught_up(client: &CdpClient, mut peer: Peer) -> Peer {
    let ping = client.send(None, "Browser.getVersion", json!({})).await;
    let command = next_command(&mut peer).await;
    peer.say
        .send(json!({ "id": command["id"], "result": {} }))
        .expect("say");
    ping.wait().await.expect("reply after the flood");
    peer
}

/// A client reading without windows from a test peer, with one owner routed session `S1`; the
/// client's browser-level receiver is returned so that it stays open.
async fn owner_of_s1() -> (CdpClient, EventReceiver, EventReceiver, Peer) {
    let (client, browser, peer) = connected().await;
    let (sink, owner) = client.event_channel();
    client.route("S1", sink);
    (client, browser, owner, peer)
}

#[tokio::test]
async fn a_full_owner_drops_the_newest_events_and_counts_them() {
    let (client, _browser, mut owner, peer) = owner_of_s1().await;
    let extra = 5;
    for i in 0..EVENT_QUEUE_CAPACITY + extra {
        peer.say.send(json!({ "method": "Runtime.consoleAPICalled", "sessionId": "S1", "params": { "i": i } })).expect("say");
    }
    let _peer = reader_caught_up(&client, peer).await;
    assert_eq!(owner.dropped(), extra as u64);
    let first = owner.recv().await.expect("first event");
    assert_eq!(first.value()["i"], 0, "the oldest events are kept");
}

#[tokio::test]
async fn a_busy_owner_holds_at_most_its_byte_budget_of_events() {
    let (client, _browser, mut owner, peer) = owner_of_s1().await;
    let text = "x".repeat(1024 * 1024);
    let total = EVENT_QUEUE_BYTES / text.len() + 8;
    let say = |i: usize| json!({ "method": "Runtime.consoleAPICalled", "sessionId": "S1", "params": { "i": i, "t": text } });
    for i in 0..total {
        peer.say.send(say(i)).expect("say");
    }
    let peer = reader_caught_up(&client, peer).await;
    let (mut kept, mut bytes) = (0, 0);
    while let Some(event) = owner.try_recv() {
        kept += 1;
        bytes += event.params.get().len();
    }
    assert!(bytes <= EVENT_QUEUE_BYTES, "{bytes} bytes held");
    assert!(owner.dropped() > 0, "nothing dropped");
    assert_eq!(
        kept + owner.dropped() as usize,
        total,
        "every event kept or counted"
    );
    // Read, the budget is free again.
    peer.say.send(say(total)).expect("say");
    let next = owner.recv().await.expect("an event after the drain");
    assert_eq!(next.value()["i"], total);
}

#[tokio::test]
async fn pipe_messages_over_the_limit_are_skipped_unread_and_their_reply_id_kept() {
    let stream: &[u8] =
        b"{\"a\":1}\0{\"id\":42,\"result\":\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}\0tail";
    let mut reader = tokio::io::BufReader::with_capacity(8, stream);
    let mut message = Vec::new();
    let limit = 20;
    assert_eq!(
        read_bounded(&mut reader, &mut message, limit)
            .await
            .expect("read"),
        Framed::Message
    );
    assert_eq!(message, b"{\"a\":1}");
    message.clear();
    let skipped = read_bounded(&mut reader, &mut message, limit)
        .await
        .expect("read");
    assert!(
        matches!(skipped, Framed::Skipped { bytes } if bytes > limit),
        "{skipped:?}"
    );
    assert!(message.len() <= 64, "only its start is held");
    assert_eq!(reply_id(&message), Some(42));
    message.clear();
    assert_eq!(
        read_bounded(&mut reader, &mut message, limit)
            .await
            .expect("read"),
        Framed::Message,
        "the next message is intact"
    );
    assert_eq!(message, b"tail");
    message.clear();
    assert_eq!(
        read_bounded(&mut reader, &mut message, limit)
            .await
            .expect("read"),
        Framed::End
    );
}

/// The browser's ends of the two pipes a client runs over, as Chromium's fds 3 and 4.
struct PipeBrowser {
    commands: tokio::io::BufReader<tokio::net::unix::pipe::Receiver>,
    replies: tokio::net::unix::pipe::Sender,
}

impl PipeBrowser {
    async fn next_command(&mut self) -> Value {
        use tokio::io::AsyncBufReadExt;
        let mut frame = Vec::new();
        tokio::time::timeout(
            Duration::from_secs(5),
            self.commands.read_until(0, &mut frame),
        )
        .await
        .expect("a command in time")
        .expect("read");
        frame.pop();
        serde_json::from_slice(&frame).expect("json command")
    }

    async fn write(&mut self, message: Value) {
        use tokio::io::AsyncWriteExt;
        let mut frame = message.to_string().into_bytes();
        frame.push(0);
        self.replies.write_all(&frame).await.expect("write");
    }
}

/// The browser's end of a client's transport in the gathering tests.
enum TestBrowser {
    Pipe(PipeBrowser),
    Socket(Peer),
}

impl TestBrowser {
    async fn next_command(&mut self) -> Value {
        match self {
            TestBrowser::Pipe(pipe) => pipe.next_command().await,
            TestBrowser::Socket(peer) => next_command(peer).await,
        }
    }

    async fn write(&mut self, message: Value) {
        match self {
            TestBrowser::Pipe(pipe) => pipe.write(message).await,
            TestBrowser::Socket(peer) => peer.say.send(message).expect("the peer runs"),
        }
    }
}

/// The transports that gather: the pipe of a launched browser, the WebSocket of an attached one.
#[derive(Debug, Clone, Copy)]
enum Transport {
    Pipe,
    Socket,
}

const TRANSPORTS: [Transport; 2] = [Transport::Pipe, Transport::Socket];

/// A client over `transport` whose windows are all `window` long.
async fn gathering(
    transport: Transport,
    window: Duration,
) -> (CdpClient, EventReceiver, TestBrowser) {
    let windows = Windows {
        first: window,
        most: window,
    };
    match transport {
        Transport::Pipe => {
            let (commands_tx, commands_rx) = tokio::net::unix::pipe::pipe().expect("pipe");
            let (replies_tx, replies_rx) = tokio::net::unix::pipe::pipe().expect("pipe");
            let (client, events) = CdpClient::over_pipe(commands_tx, replies_rx, windows);
            let browser = PipeBrowser {
                commands: tokio::io::BufReader::new(commands_rx),
                replies: replies_tx,
            };
            (client, events, TestBrowser::Pipe(browser))
        }
        Transport::Socket => {
            let (url, peer) = peer().await;
            let (client, events) = CdpClient::connect(&url, windows).await.expect("connect");
            (client, events, TestBrowser::Socket(peer))
        }
    }
}

/// Long enough that a test waiting it out would time out first.
const AN_HOUR: Duration = Duration::from_secs(3600);

/// Waits (at most 20 s) until the reader has found the pipe empty more than `before` times:
/// after a message, that is when it takes its window.
async fn reader_emptied_since(client: &CdpClient, before: u64) {
    tokio::time::timeout(Duration::from_secs(20), async {
        while client.inner.emptied.load(Ordering::Acquire) <= before {
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("the reader reached an empty pipe");
}

/// Writes one event and waits until the client has read it and found the pipe empty: the
/// reader, which reads the first message after an empty pipe at once, is then in its window.
async fn into_the_window(
    client: &CdpClient,
    events: &mut EventReceiver,
    browser: &mut TestBrowser,
) {
    let before = client.inner.emptied.load(Ordering::Acquire);
    browser
        .write(json!({"method": "Test.wake", "params": {}}))
        .await;
    events
        .recv()
        .await
        .expect("the first message, read at once");
    reader_emptied_since(client, before).await;
}

/// Waits (at most 20 s) until nobody counts as waiting promptly: the prompt commands and hurries
/// of the last PROMPT_FOR are over, and the reader may take windows again.
async fn no_one_waits_promptly(client: &CdpClient) {
    tokio::time::timeout(Duration::from_secs(20), async {
        while client.inner.waits_promptly() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("prompt waits end after PROMPT_FOR");
}

/// Whether no event arrives within a moment: what a reader in its window does with new ones.
async fn nothing_read(events: &mut EventReceiver) -> bool {
    tokio::time::timeout(Duration::from_millis(100), events.recv())
        .await
        .is_err()
}

#[tokio::test]
async fn a_command_ends_the_pipe_readers_window_and_gathered_events_keep_their_order() {
    for transport in TRANSPORTS {
        let (client, mut events, mut browser) = gathering(transport, AN_HOUR).await;
        into_the_window(&client, &mut events, &mut browser).await;
        // Nobody waits for a reply: the reader is in its window, and the events gather in the pipe.
        for i in 0..3 {
            browser
                .write(json!({"method": "Test.event", "params": {"i": i}}))
                .await;
        }
        assert!(
            nothing_read(&mut events).await,
            "{transport:?}: gathered, not read one by one"
        );
        let call = tokio::spawn({
            let client = client.clone();
            async move { client.call(None, "Page.enable", json!({})).await }
        });
        let command = browser.next_command().await;
        browser
            .write(json!({"id": command["id"], "result": {"ok": true}}))
            .await;
        let reply = tokio::time::timeout(Duration::from_secs(20), call)
            .await
            .expect("the command ended the hour-long window")
            .expect("joined")
            .expect("reply");
        assert_eq!(reply["ok"], true);
        for i in 0..3 {
            let event = events.try_recv().expect("read before the reply");
            assert_eq!(event.value()["i"], i, "in wire order");
        }
    }
}

#[tokio::test]
async fn a_reply_awaited_past_prompt_for_waits_for_the_window_and_the_next_command_fetches_it() {
    for transport in TRANSPORTS {
        let (client, mut events, mut browser) = gathering(transport, AN_HOUR).await;
        let slow = client
            .send(None, "Runtime.evaluate", json!({"awaitPromise": true}))
            .await;
        let slow_command = browser.next_command().await;
        no_one_waits_promptly(&client).await;
        // An event brings the reader round: nobody has waited promptly for a while, so it gathers.
        let before = client.inner.emptied.load(Ordering::Acquire);
        browser
            .write(json!({"method": "Test.event", "params": {}}))
            .await;
        events.recv().await.expect("the event");
        reader_emptied_since(&client, before).await;
        browser
            .write(json!({"id": slow_command["id"], "result": {"late": true}}))
            .await;
        let mut slow = tokio::spawn(slow.wait());
        assert!(
            tokio::time::timeout(Duration::from_millis(300), &mut slow)
                .await
                .is_err(),
            "{transport:?}: a reply nobody has waited for promptly gathers with the events"
        );
        let ping = client.send(None, "Page.enable", json!({})).await;
        let command = browser.next_command().await;
        browser
            .write(json!({"id": command["id"], "result": {}}))
            .await;
        ping.wait().await.expect("the prompt reply");
        let slow = tokio::time::timeout(Duration::from_secs(20), slow)
            .await
            .expect("read with the prompt reply")
            .expect("joined")
            .expect("reply");
        assert_eq!(slow["late"], true);
    }
}

#[tokio::test]
async fn an_unhurried_reply_waits_for_the_window_until_someone_hurries() {
    for transport in TRANSPORTS {
        let (client, mut events, mut browser) = gathering(transport, AN_HOUR).await;
        into_the_window(&client, &mut events, &mut browser).await;
        let body = client
            .send_as(
                None,
                "Network.getResponseBody",
                json!({}),
                DEFAULT_COMMAND_DEADLINE,
                Urgency::Unhurried,
            )
            .await;
        let command = browser.next_command().await;
        browser
            .write(json!({"id": command["id"], "result": {"body": "b"}}))
            .await;
        let mut body = tokio::spawn(body.wait());
        assert!(
            tokio::time::timeout(Duration::from_millis(300), &mut body)
                .await
                .is_err(),
            "{transport:?}: an unhurried command does not end the window"
        );
        client.hurry();
        let body = tokio::time::timeout(Duration::from_secs(20), body)
            .await
            .expect("the hurry ended the hour-long window")
            .expect("joined")
            .expect("reply");
        assert_eq!(body["body"], "b");
    }
}

#[tokio::test]
async fn caught_up_reads_what_gathered_and_returns_at_once_when_the_reader_waits() {
    for transport in TRANSPORTS {
        let (client, mut events, mut browser) = gathering(transport, AN_HOUR).await;
        tokio::time::timeout(Duration::from_secs(20), client.caught_up())
            .await
            .expect("a reader waiting on an empty pipe is caught up");
        // It also hurried the reader for PROMPT_FOR, so no window starts until that passes.
        no_one_waits_promptly(&client).await;
        into_the_window(&client, &mut events, &mut browser).await;
        browser
            .write(json!({"method": "Page.fileChooserOpened", "params": {}}))
            .await;
        assert!(
            nothing_read(&mut events).await,
            "{transport:?}: gathering in its window"
        );
        tokio::time::timeout(Duration::from_secs(20), client.caught_up())
            .await
            .expect("caught up long before the hour-long window ends");
        let event = events.try_recv().expect("read by then");
        assert_eq!(event.method, "Page.fileChooserOpened");
    }
}

#[tokio::test]
async fn without_windows_every_message_is_read_as_it_comes() {
    let (commands_tx, commands_rx) = tokio::net::unix::pipe::pipe().expect("pipe");
    let (replies_tx, replies_rx) = tokio::net::unix::pipe::pipe().expect("pipe");
    let (_client, mut events) = CdpClient::over_pipe(commands_tx, replies_rx, Windows::NONE);
    let mut browser = PipeBrowser {
        commands: tokio::io::BufReader::new(commands_rx),
        replies: replies_tx,
    };
    for i in 0..3 {
        browser
            .write(json!({"method": "Test.event", "params": {"i": i}}))
            .await;
        let event = tokio::time::timeout(Duration::from_secs(20), events.recv())
            .await
            .expect("read without a window")
            .expect("an event");
        assert_eq!(event.value()["i"], i);
    }
}

mod gathering {
    use super::super::gathering::{Gathering, IDLE_AFTER, PROMPT_FOR, Windows};
    use std::time::{Duration, Instant};

    const MS: Duration = Duration::from_millis(1);

    /// Reads a batch of `messages` at `at` after waiting `waited` on an empty pipe, and returns
    /// the window the reader takes when the pipe is empty again.
    fn batch(
        gathering: &mut Gathering,
        at: Instant,
        waited: Duration,
        messages: usize,
        someone_waits: bool,
    ) -> Option<Duration> {
        gathering.waiting(at - waited);
        for _ in 0..messages {
            gathering.message(at);
        }
        gathering.pipe_empty(at, || someone_waits)
    }

    /// `batches` sparse batches of 7 messages (one request's), 20 ms apart: a steady trickle.
    /// Returns the window taken after each.
    fn trickle(gathering: &mut Gathering, start: Instant, batches: u32) -> Vec<Option<Duration>> {
        (1..=batches)
            .map(|i| batch(gathering, start + 20 * i * MS, MS, 7, false))
            .collect()
    }

    #[test]
    fn sparse_batches_double_the_window_up_to_the_longest() {
        let start = Instant::now();
        let mut gathering = Gathering::new(Windows::GATHER, start);
        assert_eq!(
            trickle(&mut gathering, start, 7),
            [1, 2, 4, 8, 16, 32, 32].map(|ms| Some(ms * MS)).to_vec(),
            "a steady trickle settles at the longest window"
        );
    }

    #[test]
    fn an_idle_pipe_starts_the_window_short_again() {
        let start = Instant::now();
        let mut gathering = Gathering::new(Windows::GATHER, start);
        trickle(&mut gathering, start, 5);
        let after_quiet = batch(
            &mut gathering,
            start + Duration::from_secs(1),
            250 * MS,
            1,
            false,
        );
        assert_eq!(
            after_quiet,
            Some(MS),
            "a burst after a pause meets a short window"
        );
        let at = start + Duration::from_secs(2);
        assert_eq!(
            batch(&mut gathering, at, IDLE_AFTER, 1, false),
            Some(2 * MS),
            "a wait of exactly the idle threshold is not idle"
        );
    }

    #[test]
    fn a_dense_batch_reads_promptly_for_a_while_then_starts_short() {
        let start = Instant::now();
        let mut gathering = Gathering::new(Windows::GATHER, start);
        trickle(&mut gathering, start, 3);
        let dense_at = start + Duration::from_secs(1);
        assert_eq!(
            batch(&mut gathering, dense_at, MS, 64, false),
            None,
            "a burst: 64 messages gathered in a 4 ms window"
        );
        assert_eq!(
            batch(&mut gathering, dense_at + PROMPT_FOR / 2, MS, 1, false),
            None,
            "still streaming"
        );
        assert_eq!(
            batch(&mut gathering, dense_at + PROMPT_FOR, MS, 1, false),
            Some(2 * MS),
            "after the stream, the window grows again from the first"
        );
        assert_eq!(
            batch(&mut gathering, dense_at + PROMPT_FOR, MS, 63, false),
            Some(4 * MS),
            "63 messages are still sparse"
        );
    }

    #[test]
    fn dense_is_a_rate_over_the_window_the_batch_gathered_in() {
        let start = Instant::now();
        let mut gathering = Gathering::new(Windows::GATHER, start);
        trickle(&mut gathering, start, 6);
        // Four pages trickling on one pipe: 90 messages in a 32 ms window are sparse, where
        // they would be dense read as they came.
        let at = start + Duration::from_secs(1);
        assert_eq!(
            batch(&mut gathering, at, MS, 90, false),
            Some(32 * MS),
            "90 messages in 32 ms are a trickle"
        );
        assert_eq!(
            batch(&mut gathering, at + 40 * MS, MS, 204, false),
            Some(32 * MS),
            "just under 64 per 10 ms"
        );
        assert_eq!(
            batch(&mut gathering, at + 80 * MS, MS, 205, false),
            None,
            "64 per 10 ms of a 32 ms window is a burst"
        );
        assert_eq!(
            batch(&mut gathering, at + 80 * MS + PROMPT_FOR, MS, 64, false),
            None,
            "read as it came (the reader streamed), 64 messages are dense"
        );
    }

    #[test]
    fn nobody_gathers_when_someone_waits_or_nothing_came_or_windows_are_off() {
        let start = Instant::now();
        let mut gathering = Gathering::new(Windows::GATHER, start);
        assert_eq!(
            gathering.pipe_empty(start, || false),
            None,
            "nothing read yet: wait for a message, not a timer"
        );
        assert_eq!(
            batch(&mut gathering, start + MS, MS, 3, true),
            None,
            "a reply is awaited"
        );
        assert_eq!(
            batch(&mut gathering, start + 2 * MS, MS, 3, false),
            Some(2 * MS),
            "the wait did not reset the growth"
        );
        let mut off = Gathering::new(Windows::NONE, start);
        assert_eq!(batch(&mut off, start + MS, MS, 3, false), None);
    }
}

mod properties {
    use super::super::transport::{Framed, read_bounded};
    use super::super::*;
    use crate::cdp::wire::Incoming;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// Whatever the browser writes and however it is chunked, the reader never holds more
        /// than its limit (plus the 64 bytes kept of a skipped message) and hands over exactly
        /// the messages within the limit, in order.
        #[test]
        fn the_pipe_reader_keeps_its_bound_and_every_message_within_it(
            messages in proptest::collection::vec(proptest::collection::vec(1u8..=255, 0..80), 0..12),
            limit in 1usize..64,
            capacity in 1usize..32,
        ) {
            let mut stream = Vec::new();
            for message in &messages {
                stream.extend_from_slice(message);
                stream.push(0);
            }
            let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
            let read = runtime.block_on(async {
                let mut reader = tokio::io::BufReader::with_capacity(capacity, stream.as_slice());
                let mut out = Vec::new();
                loop {
                    let mut message = Vec::new();
                    match read_bounded(&mut reader, &mut message, limit).await.expect("read") {
                        Framed::End => break,
                        Framed::Message => out.push(Some(message)),
                        Framed::Skipped { .. } => {
                            assert!(message.len() <= 64);
                            out.push(None);
                        }
                    }
                }
                out
            });
            let expected: Vec<Option<Vec<u8>>> = messages
                .iter()
                .map(|m| (m.len() <= limit).then(|| m.clone()))
                .collect();
            prop_assert_eq!(read, expected);
        }

        /// Lenient parsing: any JSON the browser might send is dispatched without a panic.
        #[test]
        fn any_incoming_message_is_dispatched_without_a_panic(
            id in proptest::option::of(any::<u64>()),
            method in proptest::option::of("\\PC{0,30}"),
            session in proptest::option::of("[A-F0-9]{0,8}"),
            waiting in any::<bool>(),
        ) {
            let (client, _events, _outgoing) = CdpClient::unconnected();
            let mut message = serde_json::json!({ "params": { "waitingForDebugger": waiting, "sessionId": "X" } });
            if let Some(id) = id { message["id"] = id.into(); }
            if let Some(method) = method { message["method"] = method.into(); }
            if let Some(session) = session { message["sessionId"] = session.into(); }
            if let Ok(incoming) = serde_json::from_value::<Incoming>(message) {
                client.inner.dispatch(incoming);
            }
        }
    }
}

#[tokio::test]
async fn only_a_prompt_command_sent_within_prompt_for_keeps_the_reader_prompt() {
    let (client, _events, mut browser) = gathering(Transport::Pipe, AN_HOUR).await;
    assert!(!client.inner.waits_promptly(), "nothing sent yet");
    let _unhurried = client
        .send_as(
            None,
            "Network.getResponseBody",
            json!({}),
            Duration::from_secs(60),
            Urgency::Unhurried,
        )
        .await;
    browser.next_command().await;
    assert!(
        !client.inner.waits_promptly(),
        "an unhurried command's reply may wait for the window"
    );
    let _prompt = client.send(None, "Runtime.evaluate", json!({})).await;
    browser.next_command().await;
    assert!(client.inner.waits_promptly(), "a prompt command in flight");
    // Unanswered, it stops counting PROMPT_FOR after it was sent.
    no_one_waits_promptly(&client).await;
}
