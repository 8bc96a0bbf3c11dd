pub mod awaited;
pub mod binary;
pub mod body;
pub mod emulation;
pub mod har;
pub mod naming;
pub mod paging;
pub mod redact;
pub mod server_words;
pub mod time;

/// Where to cut `text` to keep its first `max` characters: the byte offset, or `None` when it
/// has no more than `max`.
pub fn cut_at(text: &str, max: usize) -> Option<usize> {
    if text.len() <= max {
        return None;
    }
    text.char_indices().nth(max).map(|(at, _)| at)
}
