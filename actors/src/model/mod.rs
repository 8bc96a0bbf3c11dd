pub mod body;
pub mod paging;
pub mod redact;
