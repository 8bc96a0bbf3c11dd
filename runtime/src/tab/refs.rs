//! `@eN` refs: names for elements handed out by `observe`, valid until the page navigates.

use std::collections::HashMap;

/// Where a ref points: a DOM node in one of the tab's CDP sessions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeRef {
    /// The session whose DOM holds the node (the page's or an iframe target's).
    pub session_id: String,
    pub backend_node_id: i64,
    /// The main-frame loader the snapshot was taken under; a different one means the ref is stale.
    pub loader_id: String,
}

/// The refs of the latest snapshot. Each `observe` replaces them.
#[derive(Debug, Default)]
pub struct RefMap {
    entries: HashMap<String, NodeRef>,
}

impl RefMap {
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Names `node` and returns its ref (`@e1`, `@e2`, … in snapshot order).
    pub fn insert(&mut self, node: NodeRef) -> String {
        let name = format!("@e{}", self.entries.len() + 1);
        self.entries.insert(name.clone(), node);
        name
    }

    pub fn get(&self, name: &str) -> Option<&NodeRef> {
        self.entries.get(name)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
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
    fn refs_are_numbered_in_insertion_order() {
        let mut map = RefMap::default();
        let node = |id| NodeRef {
            session_id: "S".into(),
            backend_node_id: id,
            loader_id: "L".into(),
        };
        assert_eq!(map.insert(node(7)), "@e1");
        assert_eq!(map.insert(node(9)), "@e2");
        assert_eq!(map.get("@e2").map(|n| n.backend_node_id), Some(9));
        assert!(map.get("@e3").is_none());
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
