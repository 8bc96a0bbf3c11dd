//! "Iframe setup can miss its earliest requests; coverage flags report setup failure": an iframe
//! target whose capture set-up commands get no answer is counted in the capture's coverage.
//!
//! A renderer answers a target's commands on its main thread. Two frames of one site share a
//! renderer, so the test makes the first one busy (a script that never yields) and then adds the
//! second: the second frame's target attaches, its set-up commands go out, and nothing answers
//! them until they fail at their deadline.

use std::time::Duration;

use serde_json::json;

use crate::common::evidence::{run_info, start_capture, status_says};
use crate::common::page::serve;
use crate::common::{TestBsk, wait_for};

/// How long bsk waits for a CDP command (`DEFAULT_COMMAND_DEADLINE`), the set-up's included.
const COMMAND_DEADLINE: Duration = Duration::from_secs(30);

/// One page for every address of the test's server, acting by where it is loaded: on
/// 127.0.0.1 it is the host, which adds a frame from `localhost` at `/busy` and, once that one
/// has loaded and is busy, a second at `/late`; at `/busy`, once loaded, it keeps its renderer
/// busy for longer than bsk waits for a command.
fn page(busy_for: Duration) -> String {
    let busy_ms = busy_for.as_millis();
    format!(
        r#"<!doctype html><title>Frames</title><body><script>
const frame = (path) => Object.assign(document.createElement('iframe'),
  {{ src: 'http://localhost:' + location.port + path }});
if (location.hostname === '127.0.0.1') {{
  const busy = frame('/busy');
  busy.onload = () => setTimeout(() => document.body.append(frame('/late')), 500);
  document.body.append(busy);
}} else if (location.pathname === '/busy') {{
  addEventListener('load', () => setTimeout(() => {{
    const end = Date.now() + {busy_ms};
    while (Date.now() < end);
  }}));
}}
</script></body>"#
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn an_iframe_whose_capture_set_up_goes_unanswered_is_flagged() {
    let busy_for = COMMAND_DEADLINE + Duration::from_secs(5);
    let url = serve(page(busy_for)).await;
    let bsk = TestBsk::new("cap-frame-setup");
    let s = bsk.start_session().await;
    let run = start_capture(&s, &s.tab, &[]).await;
    s.op(&["navigate", &url]).await;

    let coverage = wait_for(
        "the late frame's set-up to fail",
        COMMAND_DEADLINE * 2,
        || async {
            let coverage = run_info(&s, &run).await["coverage"].clone();
            (coverage["iframe_setup_failed"] != 0).then_some(coverage)
        },
    )
    .await;
    assert_eq!(
        (
            coverage["iframe_targets"].clone(),
            coverage["iframe_setup_failed"].clone()
        ),
        (json!(2), json!(1)),
        "two frames captured, the busy one set up before it was busy: {coverage}"
    );
    status_says(&s, "1 iframe set-up failure").await;
}
