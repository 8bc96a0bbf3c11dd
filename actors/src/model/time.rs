//! The few places that print dates and times, all in UTC from ms since the Unix epoch: HAR's
//! ISO 8601 times, run ids, default capture names and the CLI's clock times.

use time::OffsetDateTime;
use time::format_description::BorrowedFormatItem;
use time::macros::format_description;

/// `2026-11-30T13:31:11.896Z`: HAR's `startedDateTime`.
pub const ISO_8601: &[BorrowedFormatItem<'_>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z");

/// `2026-11-30 13:31:11 UTC`: a default capture name's time.
pub const READABLE: &[BorrowedFormatItem<'_>] =
    format_description!("[year]-[month]-[day] [hour]:[minute]:[second] UTC");

/// `20261130-133111`: a run id's sortable start.
pub const COMPACT: &[BorrowedFormatItem<'_>] =
    format_description!("[year][month][day]-[hour][minute][second]");

/// `13:31:11.896`: a time of day in the CLI's lists.
pub const CLOCK: &[BorrowedFormatItem<'_>] =
    format_description!("[hour]:[minute]:[second].[subsecond digits:3]");

/// `ms` since the Unix epoch in `format`, in UTC.
pub fn utc(ms: u64, format: &[BorrowedFormatItem<'_>]) -> String {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|at| at.format(format).ok())
        .unwrap_or_default()
}

/// `2026-11-30T13:31:11.896Z` for ms since the Unix epoch.
pub fn iso8601(ms: u64) -> String {
    utc(ms, ISO_8601)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_print_in_utc_in_each_format() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso8601(1_796_045_471_896), "2026-11-30T13:31:11.896Z");
        // 2000-02-29, a leap day of a century divisible by 400.
        assert_eq!(iso8601(951_782_400_000), "2000-02-29T00:00:00.000Z");
        assert_eq!(utc(1_796_045_471_896, READABLE), "2026-11-30 13:31:11 UTC");
        assert_eq!(utc(1_796_045_471_896, COMPACT), "20261130-133111");
        assert_eq!(utc(1_796_045_471_896, CLOCK), "13:31:11.896");
    }
}
