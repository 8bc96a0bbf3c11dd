//! The report as Markdown tables, ready for a dated entry of `docs/log/performance/` and the
//! figures of `docs/performance.md#current-figures`.
//!
//! One file per section: `parallel` (overhead, body pool, CPU), `responsiveness`, `memory` (and
//! the load-profile capture), `scaling`, `growth` and `comparison`; the targets, the machine
//! and the errors are here.

mod comparison;
mod growth;
mod memory;
mod parallel;
mod responsiveness;
mod scaling;

use std::fmt::Write as _;

use super::report::Report;

/// Appends one table row.
fn row(out: &mut String, cells: &[String]) {
    let _ = writeln!(out, "| {} |", cells.join(" | "));
}

fn header(out: &mut String, cells: &[&str]) {
    let _ = writeln!(out, "| {} |", cells.join(" | "));
    let _ = writeln!(out, "|{}", "---|".repeat(cells.len()));
}

impl Report {
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let m = &self.machine;
        let _ = writeln!(out, "Command: `{}`\n", self.command);
        let _ = writeln!(
            out,
            "Machine: {} cores, {:.0} GiB, Linux {}, {}, {}. Load average before {} / after {}. \
             {} repetitions per mode and agent ({} beyond 4 agents); Chromium background \
             throttling {}. Took {:.0} s.\n",
            m.cores,
            m.memory_gib,
            m.kernel,
            m.chromium,
            m.bsk,
            m.load_before,
            m.load_after,
            self.reps,
            self.wide_reps,
            if self.unthrottled {
                "disabled"
            } else {
                "as shipped"
            },
            self.duration_s
        );

        out.push_str("### Targets\n\n");
        header(&mut out, &["target", "measured", "met"]);
        for t in &self.targets {
            let met = match t.met {
                Some(true) => "yes",
                Some(false) => "**no**",
                None => "not measured",
            };
            row(
                &mut out,
                &[t.target.clone(), t.measured.clone(), met.into()],
            );
        }

        parallel::overhead(&mut out, &self.parallel);
        parallel::body_pool(&mut out, &self.parallel);
        parallel::cpu(&mut out, &self.parallel);
        if !self.latency.is_empty() {
            responsiveness::responsiveness(&mut out, &self.latency);
        }
        if let Some(m) = &self.memory {
            memory::memory(&mut out, m);
        }
        if let Some(m) = &self.load_memory {
            memory::load_memory(&mut out, m);
        }
        if let Some(s) = &self.scaling {
            scaling::scaling(&mut out, s, self.machine.cores);
        }
        if !self.growth.is_empty() {
            growth::growth(&mut out, &self.growth);
        }
        if let Some(pw) = &self.playwright {
            self.comparison(&mut out, pw);
        }

        let errors: Vec<String> = self
            .errors
            .iter()
            .cloned()
            .chain(self.parallel.iter().flat_map(|p| {
                p.scenarios.iter().flat_map(move |s| {
                    s.errors
                        .iter()
                        .map(move |e| format!("{} agents, {}: {e}", p.agents, s.name))
                })
            }))
            .chain(self.latency.iter().flat_map(|l| l.errors.iter().cloned()))
            .chain(self.memory.iter().flat_map(|m| m.errors.iter().cloned()))
            .chain(
                self.load_memory
                    .iter()
                    .flat_map(|m| m.errors.iter().map(|e| format!("load-profile memory: {e}"))),
            )
            .chain(self.scaling.iter().flat_map(|s| {
                s.errors
                    .iter()
                    .map(|e| format!("scaling: {e}"))
                    .chain(s.rows.iter().flat_map(|r| {
                        r.errors
                            .iter()
                            .map(move |e| format!("scaling, {} browsers: {e}", r.browsers))
                    }))
            }))
            .chain(self.growth.iter().flat_map(|g| g.errors.iter().cloned()))
            .chain(
                self.playwright
                    .iter()
                    .chain(&self.devtools_mcp)
                    .flat_map(|t| t.scenarios.iter().flat_map(|s| s.errors.iter().cloned())),
            )
            .collect();
        if !errors.is_empty() {
            out.push_str("\n### Errors\n\n");
            for e in errors.iter().take(50) {
                let _ = writeln!(out, "- {}", e.replace('\n', " "));
            }
            if errors.len() > 50 {
                let _ = writeln!(
                    out,
                    "- … and {} more (see the JSON report)",
                    errors.len() - 50
                );
            }
        }
        out
    }
}

/// `10000` as `10,000`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(10_000), "10,000");
        assert_eq!(thousands(33_554_432), "33,554,432");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(0), "0");
    }
}
