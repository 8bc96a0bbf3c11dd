//! bsk next to other recorders of the same pages.

use std::fmt::Write as _;

use super::{header, row};
use crate::driver::compare::ToolResult;
use crate::driver::report::{Report, fmt, fmt_ratio};

impl Report {
    /// bsk (1 agent) next to Playwright's HAR recorder and, when it ran, chrome-devtools-mcp.
    pub(super) fn comparison(&self, out: &mut String, pw: &ToolResult) {
        let mcp = self.devtools_mcp.as_ref();
        let _ = writeln!(
            out,
            "\n### Side by side (1 agent): Playwright {} HAR recorder{}\n",
            pw.version,
            mcp.map_or_else(String::new, |m| format!(
                ", chrome-devtools-mcp {}",
                m.version
            ))
        );
        out.push_str(
            "Requests summed over each tool's recording runs (the same number of runs per tool); \
             \"with body\" = response text kept. bsk keeps at most 200 requests and 512 Ki code \
             units of body text per capture and omits binary bodies, by design; a HAR keeps \
             everything (binary as base64) in the recording process; chrome-devtools-mcp keeps up \
             to 1,000 requests per navigation and reads bodies from the browser when asked. \
             Page times are medians of page-complete time in each tool's own browser (same \
             Chromium binary, each tool's own launch flags). chrome-devtools-mcp always records, \
             so it has no off time and no overhead ratio.\n\n",
        );
        let mut columns = vec![
            "scenario",
            "bsk off / on ms",
            "HAR off / on ms",
            "bsk overhead",
            "HAR overhead",
            "server-seen bsk / HAR",
            "bsk retained",
            "bsk with body",
            "HAR recorded",
            "HAR with body",
        ];
        if mcp.is_some() {
            columns.extend(["MCP ms", "server-seen MCP", "MCP recorded", "MCP with body"]);
        }
        header(out, &columns);
        let bsk = self.parallel.iter().find(|p| p.agents == 1);
        for s in &pw.scenarios {
            let b = bsk.and_then(|p| p.scenarios.iter().find(|x| x.name == s.name));
            let mut cells = vec![
                s.name.clone(),
                format!(
                    "{} / {}",
                    fmt(b.and_then(|b| b.page_ms_off), 0),
                    fmt(b.and_then(|b| b.page_ms_on), 0)
                ),
                format!("{} / {}", fmt(s.page_ms_off, 0), fmt(s.page_ms_on, 0)),
                fmt_ratio(b.and_then(|b| b.overhead)),
                fmt_ratio(s.overhead),
                format!(
                    "{} / {}",
                    b.map_or(0, |b| b.accounting.server_seen),
                    s.server_seen
                ),
                b.map_or(0, |b| b.accounting.retained).to_string(),
                b.map_or(0, |b| b.accounting.retained_with_body).to_string(),
                s.recorded.to_string(),
                s.recorded_with_body.to_string(),
            ];
            if let Some(mcp) = mcp {
                match mcp.scenarios.iter().find(|m| m.name == s.name) {
                    Some(m) => cells.extend([
                        fmt(m.page_ms_on, 0),
                        m.server_seen.to_string(),
                        m.recorded.to_string(),
                        m.recorded_with_body.to_string(),
                    ]),
                    None => cells.extend(["–".into(), "–".into(), "–".into(), "–".into()]),
                }
            }
            row(out, &cells);
        }
    }
}
