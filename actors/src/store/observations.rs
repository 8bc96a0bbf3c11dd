//! Page observations: the page after each load, after each operation, and its later changes
//! ("follow-ups"). Values are redacted again here, whatever the observer already did.

use bsk_schema::capture::{
    ActedOn, MAIN_FRAME, OperationState, PageAfter, PageAfterSource, PageObservation, Picture,
};

use super::Capture;
use crate::bounds::{
    MAX_FIELD_VALUE_CHARS, MAX_FOLLOW_UPS, MAX_PAGE_TEXT_CHARS, MAX_PAGE_TITLE_CHARS,
    MAX_PICTURE_BYTES, MAX_PICTURES, POSSIBLY_RELATED_WINDOW, REDACTION_MARGIN_CHARS,
};
use crate::model::redact;

/// Characters of a field's identity the observer sends at most (its `IDENTITY` pattern); a
/// longer one is cut here, whatever the observer did.
const MAX_FIELD_NAME_CHARS: usize = 64;
/// Characters of a field's kind (`text`, `email`, `select`, …: the page's `type` attribute).
const MAX_FIELD_KIND_CHARS: usize = 32;

/// The first `max` characters of `text`, redacted, and whether it was longer. Only the kept part
/// and a margin are redacted, not the whole of a busy page's text: a value cut at the margin is
/// redacted to its end as a truncated value is, so nothing of it is kept unredacted.
fn redacted_prefix(text: &str, max: usize) -> (String, bool) {
    let within =
        crate::model::cut_at(text, max + REDACTION_MARGIN_CHARS).map_or(text, |cut| &text[..cut]);
    let mut redacted = redact::text(within);
    match crate::model::cut_at(&redacted, max) {
        Some(cut) => {
            redacted.truncate(cut);
            (redacted, true)
        }
        None => (redacted, within.len() < text.len()),
    }
}

/// `text` cut to `max` characters.
fn bounded(mut text: String, max: usize) -> String {
    if let Some(cut) = crate::model::cut_at(&text, max) {
        text.truncate(cut);
    }
    text
}

/// Redacts and bounds an observation: sensitive field names lose their values, every value and
/// the page text pass through text redaction and their character bounds. A field's form
/// identity may be the form's `action` URL (`/reset?token=…`), so it is redacted as a URL.
pub fn sanitize(mut observation: PageObservation) -> PageObservation {
    observation.url = redact::kept_url(&observation.url);
    observation.title = observation
        .title
        .take()
        .map(|title| redact::text(title.trim()))
        .filter(|title| !title.is_empty())
        .map(|title| title.chars().take(MAX_PAGE_TITLE_CHARS).collect());
    let (text, truncated) = redacted_prefix(&observation.text, MAX_PAGE_TEXT_CHARS);
    observation.text = text;
    observation.text_truncated |= truncated;
    for field in &mut observation.fields {
        field.name = bounded(std::mem::take(&mut field.name), MAX_FIELD_NAME_CHARS);
        field.kind = bounded(std::mem::take(&mut field.kind), MAX_FIELD_KIND_CHARS);
        field.form = field
            .form
            .take()
            .map(|form| bounded(redact::url(&form), MAX_FIELD_VALUE_CHARS));
        if field.omitted || redact::is_sensitive_name(&field.name) {
            field.omitted = true;
            field.value = None;
            continue;
        }
        if let Some(value) = field.value.take() {
            let value = redact::text(&value);
            if value.chars().count() > MAX_FIELD_VALUE_CHARS {
                field.value = Some(value.chars().take(MAX_FIELD_VALUE_CHARS).collect());
                field.truncated = true;
            } else {
                field.value = Some(value);
            }
        }
    }
    observation
}

/// Whether two observations show the page differently (text or any field).
fn differs(a: &PageObservation, b: &PageObservation) -> bool {
    a.text != b.text || a.fields != b.fields || a.url != b.url
}

impl Capture {
    /// The page after `load`, attached to the latest page load. Later calls for the same load
    /// (the page settling: scripts filling fields after `load`) replace it when it changed, but
    /// never once an operation has started on the page before the observation was taken: that
    /// would no longer be the page as it loaded.
    pub fn page_observed(&mut self, observation: PageObservation) {
        let observation = sanitize(observation);
        // The observer and the page's commit travel by different actors: an observation can
        // arrive before its page load is recorded. It waits for it.
        let matches = self.pages.back().is_some_and(|p| p.url == observation.url);
        if !matches {
            self.pending_page_observation = Some(observation);
            return;
        }
        self.attach_page_observation(observation);
    }

    /// Attaches a page observation to the latest page load (see [`Capture::page_observed`]).
    pub(super) fn attach_page_observation(&mut self, observation: PageObservation) {
        let revision = self.revision + 1;
        let Some(page) = self.pages.back_mut() else {
            return;
        };
        let touched = self
            .operations
            .iter()
            .any(|o| o.started_at > page.at && o.started_at <= observation.at);
        let unchanged = page
            .observation
            .as_ref()
            .is_some_and(|current| !differs(current, &observation));
        if touched || unchanged {
            return;
        }
        page.revision = revision;
        page.observation = Some(observation);
        self.bump();
    }

    /// The page after operation `id`: the first observation is the operation-time one; later
    /// ones are follow-ups, kept only when the page changed, at most 4 (the rest counted).
    pub fn operation_observed(&mut self, id: &str, observation: PageObservation) {
        let observation = sanitize(observation);
        let revision = self.revision + 1;
        let Some(operation) = self.operations.iter_mut().find(|o| o.id == id) else {
            return;
        };
        let last = operation
            .follow_ups
            .last()
            .or(operation.observation.as_ref());
        match last {
            None => operation.observation = Some(observation),
            Some(last) if !differs(last, &observation) => return,
            Some(_) if operation.follow_ups.len() < MAX_FOLLOW_UPS => {
                operation.follow_ups.push(observation)
            }
            Some(_) => operation.follow_ups_evicted += 1,
        }
        operation.revision = revision;
        self.bump();
    }

    /// The page's text just before agent operation `id`'s input: its before-state. Redacted
    /// and bounded as an observation's text is.
    pub fn operation_before(&mut self, id: &str, text: &str) {
        let (text, _) = redacted_prefix(text, MAX_PAGE_TEXT_CHARS);
        let revision = self.revision + 1;
        if let Some(operation) = self.operations.iter_mut().find(|o| o.id == id) {
            operation.before_text = Some(text);
            operation.revision = revision;
            self.bump();
        }
    }

    /// The elements agent operation `id` acts on, named (already redacted where they are page
    /// text: names and text are redacted again here, as every observed value is).
    pub fn operation_acted_on(&mut self, id: &str, mut acted_on: Vec<ActedOn>) {
        if acted_on.is_empty() {
            return;
        }
        for element in &mut acted_on {
            for text in [&mut element.name, &mut element.text].into_iter().flatten() {
                *text = redact::text(text);
            }
            if element.frame != MAIN_FRAME {
                element.frame = redact::url(&element.frame);
            }
        }
        let revision = self.revision + 1;
        if let Some(operation) = self.operations.iter_mut().find(|o| o.id == id) {
            operation.acted_on = acted_on;
            operation.revision = revision;
            self.bump();
        }
    }

    /// Whether the capture keeps a picture after each agent operation (`--screenshots`).
    pub fn records_pictures(&self) -> bool {
        self.coverage.screenshots && self.is_active()
    }

    /// Attaches the filmstrip picture taken once agent operation `id` settled, or counts it
    /// dropped: `None` (not taken, or over [`MAX_PICTURE_BYTES`] at the smallest size), past
    /// [`MAX_PICTURES`], or once the operation is gone or the capture ended. Answers whether it
    /// was kept.
    pub fn attach_picture(&mut self, id: &str, picture: Option<Picture>) -> bool {
        let kept = self.pictures_kept;
        let operation = self
            .operations
            .iter()
            .position(|o| o.id == id && o.picture.is_none());
        let (Some(mut picture), Some(index), true, true) =
            (picture, operation, kept < MAX_PICTURES, self.is_active())
        else {
            self.picture_dropped();
            return false;
        };
        if picture.bytes as usize > MAX_PICTURE_BYTES {
            self.picture_dropped();
            return false;
        }
        self.pictures_kept += 1;
        picture.id = format!("p{}", self.pictures_kept);
        let revision = self.bump();
        let operation = &mut self.operations[index];
        operation.picture = Some(picture);
        operation.revision = revision;
        true
    }

    /// A filmstrip picture not kept (see [`Capture::attach_picture`]), or not taken because its
    /// operation could not be named in time: counted, and shown with the capture's drops.
    pub fn picture_dropped(&mut self) {
        self.counters.pictures_dropped += 1;
        self.bump();
    }

    /// A manual event that an agent operation produced, counted on that operation.
    pub fn manual_event_suppressed(&mut self, id: &str) {
        let revision = self.revision + 1;
        if let Some(operation) = self.operations.iter_mut().find(|o| o.id == id) {
            operation.suppressed_manual_events += 1;
            operation.revision = revision;
            self.bump();
        }
    }

    /// Replaces a running operation's parameters (typing: the latest value snapshot).
    pub fn operation_params(&mut self, id: &str, params: serde_json::Value) {
        let revision = self.revision + 1;
        if let Some(operation) = self
            .operations
            .iter_mut()
            .find(|o| o.id == id && o.state == OperationState::Running)
        {
            operation.params = params;
            operation.revision = revision;
            self.bump();
        }
    }

    /// The page as it stood once operation `index`'s window closed: the last snapshot taken
    /// before the next operation started, within the follow-up window (15 s after the
    /// operation ended). That is the next operation's before-state when it started within the
    /// window, else the latest follow-up or observation of this operation. With its text.
    pub fn page_after(&self, index: usize) -> Option<(PageAfter, &str)> {
        let operation = &self.operations[index];
        let window_end = operation
            .ended_at
            .map(|ended| ended + POSSIBLY_RELATED_WINDOW.as_millis() as u64);
        if let Some(next) = self.operations.get(index + 1)
            && let Some(text) = next.before_text.as_deref()
            && window_end.is_some_and(|end| next.started_at <= end)
        {
            let after = PageAfter {
                at: next.started_at,
                from: PageAfterSource::NextOperation {
                    operation_id: next.id.clone(),
                },
            };
            return Some((after, text));
        }
        let within = |at: u64| window_end.is_none_or(|end| at <= end);
        if let Some((index, seen)) = operation
            .follow_ups
            .iter()
            .enumerate()
            .rev()
            .find(|(_, seen)| within(seen.at))
        {
            let after = PageAfter {
                at: seen.at,
                from: PageAfterSource::FollowUp { index },
            };
            return Some((after, seen.text.as_str()));
        }
        operation.observation.as_ref().map(|seen| {
            let after = PageAfter {
                at: seen.at,
                from: PageAfterSource::Observation,
            };
            (after, seen.text.as_str())
        })
    }

    /// Lines of page text added and removed by operation `index`: from the page as it stood
    /// when the operation started (its before-state; else the last observation before it) to
    /// the page as it stood once its window closed ([`Capture::page_after`]). So at agent pace
    /// every change lands on the operation that caused it. `None` unless both states were
    /// recorded.
    pub fn text_change(&self, index: usize) -> Option<bsk_schema::debug::TextChange> {
        const SHOWN: usize = 10;
        let operation = &self.operations[index];
        let (_, after) = self.page_after(index)?;
        let before = match operation.before_text.as_deref() {
            Some(text) => text,
            None => self
                .pages
                .iter()
                .filter_map(|p| p.observation.as_ref())
                .chain(
                    self.operations
                        .iter()
                        .take(index)
                        .flat_map(|o| o.observation.iter().chain(o.follow_ups.iter())),
                )
                .filter(|o| o.at < operation.started_at)
                .max_by_key(|o| o.at)
                .map(|o| o.text.as_str())?,
        };
        let lines = |text: &str| {
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        let (old, new) = (lines(before), lines(after));
        let added: Vec<String> = new.iter().filter(|l| !old.contains(l)).cloned().collect();
        let removed: Vec<String> = old.iter().filter(|l| !new.contains(l)).cloned().collect();
        let truncated = added.len() > SHOWN || removed.len() > SHOWN;
        Some(bsk_schema::debug::TextChange {
            added: added.into_iter().take(SHOWN).collect(),
            removed: removed.into_iter().take(SHOWN).collect(),
            truncated,
        })
    }

    /// The operation's record, for the observer.
    pub fn operation(&self, id: &str) -> Option<&bsk_schema::capture::OperationRecord> {
        self.operations.iter().find(|o| o.id == id)
    }
}

#[cfg(test)]
mod tests {
    use bsk_schema::capture::FieldSnapshot;

    use super::*;

    #[test]
    fn a_form_known_by_its_action_url_is_redacted_and_identities_are_bounded() {
        // The title is redacted and bounded as page text is (checked at the end).
        let field = |name: &str, form: &str, kind: &str| FieldSnapshot {
            name: name.into(),
            form: Some(form.into()),
            kind: kind.into(),
            value: Some("v".into()),
            omitted: false,
            truncated: false,
        };
        let observation = sanitize(PageObservation {
            title: Some(format!("Reset password=hunter2 {}", "t".repeat(1_000))),
            at: 0,
            url: "https://a/cb?code=c-1#access_token=t-2".into(),
            text: String::new(),
            text_truncated: false,
            text_source: "dom".into(),
            fields: vec![
                field("who", "/reset?token=tk-9&next=%2F", "text"),
                field(
                    &"n".repeat(500),
                    &format!("/{}", "f".repeat(5_000)),
                    &"k".repeat(99),
                ),
            ],
            candidates_scanned: 2,
            candidates_over_limit: false,
            unidentified: 0,
            fields_over_limit: 0,
        });
        assert!(!observation.url.contains("t-2"), "{}", observation.url);
        let [who, long] = &observation.fields[..] else {
            panic!("two fields")
        };
        assert_eq!(
            who.form.as_deref(),
            Some("/reset?token=[redacted]&next=%2F")
        );
        assert_eq!(who.value.as_deref(), Some("v"));
        assert_eq!(long.name.chars().count(), MAX_FIELD_NAME_CHARS);
        assert_eq!(long.kind.chars().count(), MAX_FIELD_KIND_CHARS);
        assert_eq!(
            long.form.as_deref().map(|f| f.chars().count()),
            Some(MAX_FIELD_VALUE_CHARS)
        );
        let title = observation.title.as_deref().unwrap_or_default();
        assert!(!title.contains("hunter2"), "{title}");
        assert_eq!(title.chars().count(), MAX_PAGE_TITLE_CHARS);
    }

    /// The observer runs in the page and redacts there, but a page's script can reach that
    /// world's results: whatever it hands over, the daemon redacts values and page text again
    /// before storing them (spec P10). A secret-looking value in an ordinary field, a field named
    /// like a credential that arrived with its value, and a bearer token in the page text are
    /// all gone from the stored observation; long values and text are cut to their bounds.
    #[test]
    fn the_daemon_redacts_observed_values_and_page_text_again_whatever_the_page_sent() {
        let field = |name: &str, value: &str| FieldSnapshot {
            name: name.into(),
            form: None,
            kind: "text".into(),
            value: Some(value.into()),
            omitted: false,
            truncated: false,
        };
        let secret = "sk_live_51HqXyZabcdefghijklmnop";
        let observation = sanitize(PageObservation {
            title: None,
            at: 0,
            url: "https://shop.test/checkout".into(),
            text: format!(
                "Order ready. Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig {}",
                "x".repeat(MAX_PAGE_TEXT_CHARS)
            ),
            text_truncated: false,
            text_source: "dom".into(),
            fields: vec![
                field("note", &format!("api_key={secret}")),
                field("password", "hunter2"),
                field("card_number", "4242424242424242"),
                field("city", &"c".repeat(MAX_FIELD_VALUE_CHARS + 10)),
            ],
            candidates_scanned: 4,
            candidates_over_limit: false,
            unidentified: 0,
            fields_over_limit: 0,
        });
        let stored = serde_json::to_string(&observation).expect("encodes");
        for leaked in [
            secret,
            "hunter2",
            "4242424242424242",
            "eyJhbGciOiJIUzI1NiJ9",
        ] {
            assert!(!stored.contains(leaked), "{leaked} stored: {stored}");
        }
        let [note, password, card, city] = &observation.fields[..] else {
            panic!("four fields")
        };
        assert!(
            note.value
                .as_deref()
                .is_some_and(|v| v.contains("[redacted]")),
            "{note:?}"
        );
        for omitted in [password, card] {
            assert!(omitted.omitted && omitted.value.is_none(), "{omitted:?}");
        }
        assert!(city.truncated, "{city:?}");
        assert_eq!(
            city.value.as_deref().map(|v| v.chars().count()),
            Some(MAX_FIELD_VALUE_CHARS)
        );
        assert!(observation.text_truncated);
        assert_eq!(observation.text.chars().count(), MAX_PAGE_TEXT_CHARS);
        assert!(
            observation.text.starts_with("Order ready."),
            "{}",
            observation.text
        );
    }

    /// Only the kept text and a margin are redacted, and a secret the bound cuts is redacted as
    /// far as it is kept: no character of it survives, wherever the cut falls in it.
    #[test]
    fn a_secret_the_page_text_bound_cuts_is_redacted_as_far_as_it_is_kept() {
        let token = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
        let bearer = "Bearer abcdefghijklmnopqrstuvwxyzABCDEF";
        for secret in [
            format!("token={token}"),
            format!("'api_key': '{token}'"),
            bearer.to_string(),
        ] {
            for back in 0..secret.len() {
                let text = format!(
                    "{}{secret} and the rest of a long page {}",
                    "x ".repeat((MAX_PAGE_TEXT_CHARS - back) / 2),
                    "y".repeat(50_000)
                );
                let (kept, truncated) = redacted_prefix(&text, MAX_PAGE_TEXT_CHARS);
                assert!(truncated);
                assert_eq!(kept.chars().count(), MAX_PAGE_TEXT_CHARS);
                let tail = &kept[kept.len().saturating_sub(back + 12)..];
                for piece in ["sk_l", "abc"] {
                    assert!(!tail.contains(piece), "{piece} kept at cut {back}: {tail}");
                }
            }
        }
        // Within the bound the text is what redacting it whole gives.
        let short = format!("Saved. token={token}; total 3");
        assert_eq!(
            redacted_prefix(&short, MAX_PAGE_TEXT_CHARS),
            (redact::text(&short), false)
        );
    }
}
