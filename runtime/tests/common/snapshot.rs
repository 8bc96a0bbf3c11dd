//! Reading `bsk observe`'s accessibility snapshot: subtrees, refs and the text beside a label.

/// The lines of the snapshot subtree rooted at the first line containing `needle`: that line
/// and every following line indented deeper.
pub fn subtree<'s>(snapshot: &'s str, needle: &str) -> Vec<&'s str> {
    let indent = |line: &str| line.len() - line.trim_start().len();
    let mut lines = snapshot.lines().skip_while(|l| !l.contains(needle));
    let Some(root) = lines.next() else {
        panic!("no line containing {needle:?} in the snapshot:\n{snapshot}");
    };
    let depth = indent(root);
    std::iter::once(root)
        .chain(lines.take_while(|l| indent(l) > depth))
        .collect()
}

/// The `@eN` ref on the first of `lines` containing `needle`.
pub fn ref_in(lines: &[&str], needle: &str) -> String {
    let line = lines
        .iter()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line containing {needle:?} in:\n{}", lines.join("\n")));
    let start = line
        .find("[@e")
        .unwrap_or_else(|| panic!("no ref on {line:?}"))
        + 1;
    let end = start
        + line[start..]
            .find(']')
            .unwrap_or_else(|| panic!("unclosed ref on {line:?}"));
    line[start..end].to_string()
}

/// The text that follows the label `start` (e.g. the click count after `Clicks:`): on the label's
/// own `StaticText` line when the tree joined them, else on the next line. Returned with the label
/// (`Clicks: 2`).
pub fn text_starting(lines: &[&str], start: &str) -> Option<String> {
    let prefix = format!("StaticText \"{start}");
    let text = |line: &str| {
        let open = line.find('"')? + 1;
        let close = line.rfind('"')?;
        Some(line[open..close].to_string())
    };
    let at = lines
        .iter()
        .position(|l| l.trim_start_matches([' ', '-']).starts_with(&prefix))?;
    let own = text(lines[at])?;
    if own.trim() != start {
        return Some(own);
    }
    Some(format!("{start} {}", text(lines.get(at + 1)?)?))
}
