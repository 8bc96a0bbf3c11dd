//! Calendar arithmetic for the few places that print dates: run ids and HAR's ISO 8601 times.
//! UTC only, no time-zone database.

/// The proleptic Gregorian date `(year, month, day)` of a day count since 1970-01-01 (Howard
/// Hinnant's `civil_from_days`).
pub fn civil_date(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    (year, month, day)
}

/// `2026-11-30T13:31:11.896Z` for ms since the Unix epoch.
pub fn iso8601(ms: u64) -> String {
    let secs = ms / 1000;
    let (year, month, day) = civil_date(secs / 86_400);
    let time = secs % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        time / 3600,
        time / 60 % 60,
        time % 60,
        ms % 1000
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_match_known_days() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        // 2000-02-29, a leap day of a century divisible by 400.
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(iso8601(1_796_045_471_896), "2026-11-30T13:31:11.896Z");
        assert_eq!(iso8601(951_782_400_000), "2000-02-29T00:00:00.000Z");
    }
}
