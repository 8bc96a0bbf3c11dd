//! The retained request records and the indexes that find them: by number (`r12` is 12, a
//! binary search) and by the browser's request id (the latest redirect hop of each). Records
//! are kept in id order and only ever leave; the table keeps its indexes in step as they do.

use std::collections::{BTreeSet, HashMap, VecDeque, vec_deque};

use bsk_schema::capture::{RequestRecord, RequestState};

use super::CdpIdMap;

/// The number of a request id: `r12` → 12, and `r012` as a person may type it.
pub(super) fn id_number(id: &str) -> Option<u64> {
    id.strip_prefix('r')?.parse().ok()
}

/// The id of request number `n`: 12 → `r12`.
pub(super) fn request_id(n: u64) -> String {
    format!("r{n}")
}

#[derive(Debug, Default)]
pub(super) struct Requests {
    /// In id order (ids are issued in order and records only leave).
    records: VecDeque<RequestRecord>,
    /// The number of each record in `records` (`r7` is 7), in the same places: an id is found
    /// by binary search over these, without touching a record (a lookup per network event, whose
    /// probes into the records themselves each read a string on the heap).
    numbers: VecDeque<u64>,
    /// CDP `requestId` → number of the record for its latest redirect hop.
    by_cdp_id: CdpIdMap<u64>,
    /// Record number → its CDP `requestId`, to unlink an evicted record in O(1).
    cdp_of: HashMap<u64, String, foldhash::fast::RandomState>,
    /// Numbers of the records that hold body text, oldest first: where text eviction starts.
    with_text: BTreeSet<u64>,
}

/// A record that left the table to make room for another.
pub(super) struct Evicted {
    pub record: RequestRecord,
    /// Its CDP request id, when the record was still that id's latest hop (the id is no longer
    /// known to the table): what the browser still sends for it has no record to go to.
    pub unlinked: Option<String>,
}

impl Requests {
    pub(super) fn len(&self) -> usize {
        self.records.len()
    }

    /// The records, oldest first.
    pub(super) fn iter(&self) -> vec_deque::Iter<'_, RequestRecord> {
        self.records.iter()
    }

    /// The records to change in place, oldest first. Their ids must stay as they are: the
    /// indexes are by id.
    pub(super) fn iter_mut(&mut self) -> vec_deque::IterMut<'_, RequestRecord> {
        self.records.iter_mut()
    }

    /// The records with their numbers, oldest first.
    pub(super) fn numbered(&self) -> impl Iterator<Item = (u64, &RequestRecord)> {
        self.numbers.iter().copied().zip(&self.records)
    }

    /// The record a reader names: `r7`, or `r007`.
    pub(super) fn get(&self, id: &str) -> Option<&RequestRecord> {
        self.records.get(self.index_of(id_number(id)?)?)
    }

    /// The record `id`, to change.
    pub(super) fn get_mut(&mut self, id: &str) -> Option<&mut RequestRecord> {
        self.at_mut(id_number(id)?)
    }

    /// Record number `n`, to change.
    pub(super) fn at_mut(&mut self, n: u64) -> Option<&mut RequestRecord> {
        let index = self.index_of(n)?;
        self.records.get_mut(index)
    }

    /// The number of the record for `cdp_id`'s latest redirect hop, while it is retained.
    pub(super) fn latest_hop(&self, cdp_id: &str) -> Option<u64> {
        self.by_cdp_id.get(cdp_id).copied()
    }

    /// Whether a record of `cdp_id` is retained.
    pub(super) fn knows(&self, cdp_id: &str) -> bool {
        self.by_cdp_id.contains_key(cdp_id)
    }

    /// The CDP request id of record number `n`.
    pub(super) fn cdp_id_of(&self, n: u64) -> Option<&str> {
        self.cdp_of.get(&n).map(String::as_str)
    }

    /// Adds record number `n` (higher than any before it), the latest hop of `cdp_id`.
    pub(super) fn push(&mut self, n: u64, cdp_id: &str, record: RequestRecord) {
        debug_assert!(self.numbers.back().is_none_or(|last| *last < n));
        self.records.push_back(record);
        self.numbers.push_back(n);
        self.by_cdp_id.insert(cdp_id.to_string(), n);
        self.cdp_of.insert(n, cdp_id.to_string());
        self.note_text(n);
    }

    /// Makes room for one more record when `max` are retained: evicts the oldest finished record
    /// (a pending one keeps its place so its eventual response is not lost), or the oldest of
    /// all when none is.
    pub(super) fn make_room(&mut self, max: usize) -> Option<Evicted> {
        if self.records.len() < max {
            return None;
        }
        let index = self
            .records
            .iter()
            .position(|r| r.state != RequestState::Pending)
            .unwrap_or(0);
        let record = self.records.remove(index)?;
        let n = self.numbers.remove(index)?;
        Some(Evicted {
            record,
            unlinked: self.unlink(n),
        })
    }

    /// Forgets record number `n` in the indexes; answers its CDP id when `n` was that id's
    /// latest hop.
    fn unlink(&mut self, n: u64) -> Option<String> {
        self.with_text.remove(&n);
        let cdp_id = self.cdp_of.remove(&n)?;
        if self.by_cdp_id.get(&cdp_id) != Some(&n) {
            return None;
        }
        self.by_cdp_id.remove(&cdp_id);
        Some(cdp_id)
    }

    /// Notes that record number `n` may now hold body text.
    pub(super) fn note_text(&mut self, n: u64) {
        if let Some(index) = self.index_of(n) {
            let record = &self.records[index];
            if record.request_body.units + record.response_body.units > 0 {
                self.with_text.insert(n);
            }
        }
    }

    /// Notes that record number `n` holds no body text any more.
    pub(super) fn forget_text(&mut self, n: u64) {
        self.with_text.remove(&n);
    }

    /// The numbers of the records that hold body text, oldest first.
    pub(super) fn text_holders(&self) -> Vec<u64> {
        self.with_text.iter().copied().collect()
    }

    /// Where record number `n` is kept.
    fn index_of(&self, n: u64) -> Option<usize> {
        self.numbers.binary_search(&n).ok()
    }
}

impl<'a> IntoIterator for &'a Requests {
    type Item = &'a RequestRecord;
    type IntoIter = vec_deque::Iter<'a, RequestRecord>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// What tests reach for to set a scene.
#[cfg(test)]
impl Requests {
    pub(super) fn front(&self) -> Option<&RequestRecord> {
        self.records.front()
    }

    pub(super) fn back(&self) -> Option<&RequestRecord> {
        self.records.back()
    }

    pub(super) fn back_mut(&mut self) -> Option<&mut RequestRecord> {
        self.records.back_mut()
    }

    /// Keeps only the records `keep` accepts, as if the others had been evicted.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(&RequestRecord) -> bool) {
        let gone: Vec<u64> = self
            .numbered()
            .filter(|(_, record)| !keep(record))
            .map(|(n, _)| n)
            .collect();
        for n in gone {
            if let Some(index) = self.index_of(n) {
                self.records.remove(index);
                self.numbers.remove(index);
                self.unlink(n);
            }
        }
    }
}
