//! `@eN` refs: names for elements handed out by `observe`. The same element keeps its ref across
//! observes of the same document, so a ref read from an earlier tree still means that element;
//! numbers are never reused within a tab, so an old ref can never name another element.

use std::collections::{BTreeMap, HashMap};

/// Refs kept per tab at most; the oldest are forgotten first (a long-lived single-page app can
/// show many elements over time).
const MAX_REFS: usize = 5_000;

/// Where a ref points: a DOM node in one of the tab's CDP sessions.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NodeRef {
    /// The session whose DOM holds the node (the page's or an iframe target's).
    pub session_id: String,
    pub backend_node_id: i64,
    /// The main-frame loader the snapshot was taken under; a different one means the ref is stale.
    pub loader_id: String,
    /// The URL of the frame whose document holds the node, as the snapshot read it; `None` for
    /// the main frame.
    pub frame_url: Option<String>,
}

/// The tab's refs: the elements of its current document that observes have named.
#[derive(Debug, Default)]
pub struct RefMap {
    /// By number, so the oldest is the first.
    by_number: BTreeMap<u64, NodeRef>,
    numbers: HashMap<NodeRef, u64>,
    /// The last number handed out; never reused.
    last: u64,
}

impl RefMap {
    /// Starts a snapshot of the document loaded by `loader_id`: refs of earlier documents are
    /// forgotten (their elements are gone), this document's keep their numbers.
    pub fn begin(&mut self, loader_id: &str) {
        self.by_number.retain(|_, node| node.loader_id == loader_id);
        self.numbers.retain(|node, _| node.loader_id == loader_id);
    }

    /// The ref of `node`: the one it already has, or the next number.
    pub fn name(&mut self, node: NodeRef) -> String {
        if let Some(number) = self.numbers.get(&node) {
            return format!("@e{number}");
        }
        self.last += 1;
        if self.by_number.len() == MAX_REFS
            && let Some((_, oldest)) = self.by_number.pop_first()
        {
            self.numbers.remove(&oldest);
        }
        self.numbers.insert(node.clone(), self.last);
        self.by_number.insert(self.last, node);
        format!("@e{}", self.last)
    }

    pub fn get(&self, name: &str) -> Option<&NodeRef> {
        let number: u64 = name.strip_prefix("@e")?.parse().ok()?;
        self.by_number.get(&number)
    }

    /// Whether `name` was handed out in this tab (and may since have been forgotten).
    pub fn was_issued(&self, name: &str) -> bool {
        name.strip_prefix("@e")
            .and_then(|n| n.parse::<u64>().ok())
            .is_some_and(|n| n <= self.last)
    }

    pub fn len(&self) -> usize {
        self.by_number.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_number.is_empty()
    }
}

/// Whether `target` is written as a ref (`@e12`), as opposed to a CSS selector.
pub fn is_ref(target: &str) -> bool {
    target.starts_with('@')
}

/// Checks a ref's spelling: `@e` followed by a positive number.
pub fn valid_ref(target: &str) -> bool {
    target.strip_prefix("@e").is_some_and(|n| {
        !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) && !n.starts_with('0')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_element_keeps_its_ref_and_numbers_are_never_reused() {
        let mut map = RefMap::default();
        let node = |id, loader: &str| NodeRef {
            session_id: "S".into(),
            backend_node_id: id,
            loader_id: loader.into(),
            frame_url: None,
        };
        map.begin("L1");
        assert_eq!(map.name(node(7, "L1")), "@e1");
        assert_eq!(map.name(node(9, "L1")), "@e2");
        // A second observe of the same document: same refs, new elements get new numbers.
        map.begin("L1");
        assert_eq!(map.name(node(9, "L1")), "@e2");
        assert_eq!(map.name(node(11, "L1")), "@e3");
        assert_eq!(map.get("@e2").map(|n| n.backend_node_id), Some(9));
        // After a navigation, old refs are gone and their numbers stay retired.
        map.begin("L2");
        assert!(map.get("@e1").is_none() && map.was_issued("@e1"));
        assert_eq!(map.name(node(7, "L2")), "@e4");
        assert!(!map.was_issued("@e5"));
    }

    #[test]
    fn the_oldest_refs_are_forgotten_at_the_bound() {
        let mut map = RefMap::default();
        map.begin("L");
        for id in 0..(MAX_REFS as i64 + 10) {
            map.name(NodeRef {
                session_id: "S".into(),
                backend_node_id: id,
                loader_id: "L".into(),
                frame_url: None,
            });
        }
        assert_eq!(map.len(), MAX_REFS);
        assert!(map.get("@e1").is_none() && map.get(&format!("@e{}", MAX_REFS + 10)).is_some());
    }

    #[test]
    fn ref_spelling() {
        assert!(valid_ref("@e1") && valid_ref("@e120"));
        for bad in ["@e", "@e0", "@e01", "@x1", "@e1a", "e1"] {
            assert!(!valid_ref(bad), "{bad}");
        }
        assert!(is_ref("@bad") && !is_ref("#id"));
    }
}
