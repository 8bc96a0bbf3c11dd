//! `bsk debug search`: text or a regular expression over the capture's retained evidence. What
//! is searched was redacted before it was stored, so no query can find, and no snippet can show,
//! a secret. Results page like the other lists (by revision); each item is a record with the
//! first match in each of its parts and a short snippet, never more body text than that.

use bsk_schema::capture::{ConsoleEntry, Headers, PageLoad, RequestRecord};
use bsk_schema::debug::{ListPage, RecordKind, SearchHit, SearchItem, SearchPart, SearchScope};
use regex::{Regex, RegexBuilder};

use super::Capture;
use super::reads::ReadError;
use crate::model::body::utf16_len;
use crate::model::paging;

/// Characters of context either side of a match in a snippet.
const SNIPPET_CONTEXT: usize = 40;
/// A pattern longer than this is refused: searches are for needles, not programs.
const MAX_QUERY_CHARS: usize = 1024;
/// Compiled-regex size bound (bytes), so a pathological pattern cannot take the daemon's memory.
const MAX_REGEX_BYTES: usize = 1 << 20;

/// A compiled search: the pattern and where to look.
#[derive(Debug)]
pub struct Search {
    pattern: Regex,
    scopes: Vec<SearchScope>,
}

impl Search {
    /// `query` as case-insensitive text, or as a regular expression with `regex`; everywhere
    /// when `scopes` is empty.
    pub fn new(query: &str, regex: bool, scopes: &[SearchScope]) -> Result<Search, ReadError> {
        if query.is_empty() {
            return Err(ReadError::BadQuery("the query is empty".into()));
        }
        if query.chars().count() > MAX_QUERY_CHARS {
            return Err(ReadError::BadQuery(format!(
                "the query is longer than {MAX_QUERY_CHARS} characters"
            )));
        }
        let source = if regex {
            query.to_string()
        } else {
            regex::escape(query)
        };
        let pattern = RegexBuilder::new(&source)
            .case_insensitive(!regex)
            .size_limit(MAX_REGEX_BYTES)
            .build()
            .map_err(|e| ReadError::BadQuery(format!("not a valid regular expression: {e}")))?;
        Ok(Search {
            pattern,
            scopes: scopes.to_vec(),
        })
    }

    fn looks_in(&self, scope: SearchScope) -> bool {
        self.scopes.is_empty() || self.scopes.contains(&scope)
    }

    /// The first match in `text` as a hit, and how many matches it holds.
    fn find(&self, part: SearchPart, text: &str) -> Option<(SearchHit, usize)> {
        let mut matches = self.pattern.find_iter(text).filter(|m| !m.is_empty());
        let first = matches.next()?;
        let count = 1 + matches.count();
        Some((
            SearchHit {
                part,
                offset: utf16_len(&text[..first.start()]),
                length: utf16_len(first.as_str()),
                snippet: snippet(text, first.start(), first.end()),
            },
            count,
        ))
    }

    fn find_in_headers(&self, part: SearchPart, headers: &Headers) -> Option<(SearchHit, usize)> {
        let mut found: Option<(SearchHit, usize)> = None;
        for (name, value) in &headers.entries {
            if let Some((hit, count)) = self.find(part, &format!("{name}: {value}")) {
                found = Some(match found {
                    Some((first, total)) => (first, total + count),
                    None => (hit, count),
                });
            }
        }
        found
    }
}

/// The match with up to [`SNIPPET_CONTEXT`] characters either side, on one line.
fn snippet(text: &str, start: usize, end: usize) -> String {
    let before: String = {
        let chars: Vec<char> = text[..start].chars().rev().take(SNIPPET_CONTEXT).collect();
        chars.into_iter().rev().collect()
    };
    let matched: String = text[start..end].chars().take(2 * SNIPPET_CONTEXT).collect();
    let after: String = text[end..].chars().take(SNIPPET_CONTEXT).collect();
    let lead = if before.len() < start { "…" } else { "" };
    let tail = if end + after.len() < text.len() {
        "…"
    } else {
        ""
    };
    let one_line = |s: &str| s.replace(['\n', '\r', '\t'], " ");
    format!(
        "{lead}{}{}{}{tail}",
        one_line(&before),
        one_line(&matched),
        one_line(&after)
    )
}

/// Accumulates a record's hits.
#[derive(Default)]
struct Found {
    hits: Vec<SearchHit>,
    matches: usize,
}

impl Found {
    fn add(&mut self, found: Option<(SearchHit, usize)>) {
        if let Some((hit, count)) = found {
            self.hits.push(hit);
            self.matches += count;
        }
    }
}

impl Capture {
    /// Records with matches, updated after `since`, in revision order, at most `limit`.
    pub fn search(
        &self,
        search: &Search,
        since: Option<u64>,
        limit: Option<usize>,
    ) -> Result<ListPage<SearchItem>, ReadError> {
        let limit = paging::validate_limit(limit)?;
        let items = search_records(search, &self.requests, &self.console, &self.pages);
        let evicted = self.counters.requests_evicted
            + self.counters.console_evicted
            + self.counters.pages_evicted
            + self.counters.bodies_evicted;
        let page = paging::page(&items, |item| item.revision, since, limit, evicted);
        Ok(ListPage {
            run_id: self.meta.run_id.clone(),
            items: page.items,
            next_since: page.next_since,
            truncated: page.truncated,
        })
    }
}

/// Every record with matches, in revision order (requests before console entries before pages
/// where revisions tie). The same function reads a live capture and an export document's
/// records; the extension's `searchRecord` (`extension/lib/search.js`) is its twin, and both
/// run the fixture table in `schema/fixtures/search/`.
pub fn search_records<'a>(
    search: &Search,
    requests: impl IntoIterator<Item = &'a RequestRecord>,
    console: impl IntoIterator<Item = &'a ConsoleEntry>,
    pages: impl IntoIterator<Item = &'a PageLoad>,
) -> Vec<SearchItem> {
    let mut items: Vec<SearchItem> = Vec::new();
    for record in requests {
        let mut found = Found::default();
        if search.looks_in(SearchScope::Url) {
            found.add(search.find(SearchPart::Url, &record.url));
        }
        if search.looks_in(SearchScope::Headers) {
            let request = record
                .request_headers_raw
                .as_ref()
                .unwrap_or(&record.request_headers);
            let response = record
                .response_headers_raw
                .as_ref()
                .unwrap_or(&record.response_headers);
            found.add(search.find_in_headers(SearchPart::RequestHeaders, request));
            found.add(search.find_in_headers(SearchPart::ResponseHeaders, response));
        }
        if search.looks_in(SearchScope::Request)
            && let Some(text) = &record.request_body.text
        {
            found.add(search.find(SearchPart::RequestBody, text));
        }
        if search.looks_in(SearchScope::Response)
            && let Some(text) = &record.response_body.text
        {
            found.add(search.find(SearchPart::ResponseBody, text));
        }
        push(
            &mut items,
            RecordKind::Request,
            &record.id,
            record.revision,
            request_label(record),
            found,
        );
    }
    if search.looks_in(SearchScope::Console) {
        for entry in console {
            let mut found = Found::default();
            found.add(search.find(SearchPart::ConsoleText, &entry.text));
            if let Some(url) = &entry.url {
                found.add(search.find(SearchPart::ConsoleUrl, url));
            }
            let label = format!("{} {}", entry.level, first_chars(&entry.text, 80));
            push(
                &mut items,
                RecordKind::Console,
                &entry.id,
                entry.revision,
                label,
                found,
            );
        }
    }
    if search.looks_in(SearchScope::Pages) {
        for page in pages {
            let mut found = Found::default();
            found.add(search.find(SearchPart::PageUrl, &page.url));
            if let Some(observation) = &page.observation {
                found.add(search.find(SearchPart::PageText, &observation.text));
            }
            push(
                &mut items,
                RecordKind::Page,
                &page.id,
                page.revision,
                page.url.clone(),
                found,
            );
        }
    }
    items.sort_by_key(|item| item.revision);
    items
}

fn push(
    items: &mut Vec<SearchItem>,
    kind: RecordKind,
    id: &str,
    revision: u64,
    label: String,
    found: Found,
) {
    if found.hits.is_empty() {
        return;
    }
    items.push(SearchItem {
        kind,
        id: id.to_string(),
        revision,
        label,
        hits: found.hits,
        matches: found.matches,
    });
}

fn request_label(record: &RequestRecord) -> String {
    let status = record.status.map_or_else(
        || format!("{:?}", record.state).to_lowercase(),
        |s| s.to_string(),
    );
    format!("{} {status} {}", record.method, record.url)
}

fn first_chars(text: &str, n: usize) -> String {
    let line = text.lines().next().unwrap_or_default();
    let cut: String = line.chars().take(n).collect();
    if cut.len() < text.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippets_are_short_single_lines_around_the_match() {
        let text = format!("{}needle{}", "a".repeat(100), "\nb".repeat(50));
        let search = Search::new("NEEDLE", false, &[]).expect("a search");
        let (hit, count) = search
            .find(SearchPart::ResponseBody, &text)
            .expect("a match");
        assert_eq!((hit.offset, count), (100, 1));
        assert!(
            hit.snippet.starts_with('…') && hit.snippet.ends_with('…'),
            "{}",
            hit.snippet
        );
        assert!(hit.snippet.contains("needle") && !hit.snippet.contains('\n'));
        assert!(hit.snippet.chars().count() <= 2 * SNIPPET_CONTEXT + 8);
    }

    #[test]
    fn offsets_count_utf16_units_and_plain_text_is_literal() {
        let search = Search::new("a.b", false, &[]).expect("a search");
        let (hit, _) = search
            .find(SearchPart::Url, "😀 axb a.b")
            .expect("a literal match");
        // 😀 is two UTF-16 units; the literal `a.b` does not match `axb`.
        assert_eq!(hit.offset, 7);
        let regex = Search::new("a.b", true, &[]).expect("a regex");
        assert_eq!(
            regex
                .find(SearchPart::Url, "😀 axb a.b")
                .map(|(h, n)| (h.offset, n)),
            Some((3, 2))
        );
        assert!(Search::new("(", true, &[]).is_err());
        assert!(Search::new("", false, &[]).is_err());
    }
}
