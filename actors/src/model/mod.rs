pub mod binary;
pub mod body;
pub mod har;
pub mod paging;
pub mod redact;
pub mod time;
