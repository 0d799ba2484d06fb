//! The `Range` header of a stream request (RFC 9110, section 14), in the forms players send:
//! `bytes=a-b`, `bytes=a-` and the suffix `bytes=-n`.

use std::ops::Range;

/// What a `Range` header asks of an object of a known size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RangeRequest {
    /// No range, or one we ignore (another unit, bad syntax): the whole object.
    Full,
    /// These bytes (never empty).
    Partial(Range<u64>),
    /// No byte of the range is in the object: 416.
    Unsatisfiable,
}

impl RangeRequest {
    pub fn parse(header: Option<&str>, size: u64) -> Self {
        let Some(specs) = header.and_then(|h| h.trim().strip_prefix("bytes=")) else {
            return Self::Full;
        };
        // Several ranges would need a multipart/byteranges answer, which no audio player asks
        // for; the first range is served alone, as RFC 9110 allows.
        let first = specs.split(',').next().unwrap_or_default().trim();
        let Some((start, end)) = first.split_once('-') else {
            return Self::Full;
        };
        let (start, end) = (start.trim(), end.trim());
        if start.is_empty() {
            // The last `n` bytes.
            return match end.parse::<u64>() {
                Ok(0) => Self::Unsatisfiable,
                Ok(_) if size == 0 => Self::Unsatisfiable,
                Ok(n) => Self::Partial(size.saturating_sub(n)..size),
                Err(_) => Self::Full,
            };
        }
        let Ok(start) = start.parse::<u64>() else {
            return Self::Full;
        };
        let last = if end.is_empty() {
            None
        } else {
            match end.parse::<u64>() {
                Ok(last) if last >= start => Some(last),
                _ => return Self::Full,
            }
        };
        if start >= size {
            return Self::Unsatisfiable;
        }
        let end = last.map_or(size, |last| last.min(size - 1) + 1);
        Self::Partial(start..end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(header: &str) -> RangeRequest {
        RangeRequest::parse(Some(header), 1000)
    }

    #[test]
    fn closed_open_and_suffix_ranges() {
        assert_eq!(parse("bytes=0-99"), RangeRequest::Partial(0..100));
        assert_eq!(parse("bytes=900-"), RangeRequest::Partial(900..1000));
        assert_eq!(parse("bytes=-100"), RangeRequest::Partial(900..1000));
        assert_eq!(parse("bytes=0-0"), RangeRequest::Partial(0..1));
    }

    #[test]
    fn ranges_past_the_end_are_clamped() {
        assert_eq!(parse("bytes=990-5000"), RangeRequest::Partial(990..1000));
        assert_eq!(parse("bytes=-5000"), RangeRequest::Partial(0..1000));
    }

    #[test]
    fn ranges_starting_past_the_end_are_unsatisfiable() {
        assert_eq!(parse("bytes=1000-"), RangeRequest::Unsatisfiable);
        assert_eq!(parse("bytes=1000-2000"), RangeRequest::Unsatisfiable);
        assert_eq!(parse("bytes=-0"), RangeRequest::Unsatisfiable);
        assert_eq!(
            RangeRequest::parse(Some("bytes=0-"), 0),
            RangeRequest::Unsatisfiable
        );
    }

    #[test]
    fn only_the_first_of_several_ranges_is_served() {
        assert_eq!(parse("bytes=0-9, 20-29"), RangeRequest::Partial(0..10));
    }

    #[test]
    fn other_units_and_bad_syntax_ask_for_everything() {
        for header in [
            "items=0-9",
            "bytes=9-0",
            "bytes=a-b",
            "bytes=",
            "bytes=5",
            "0-9",
        ] {
            assert_eq!(parse(header), RangeRequest::Full, "{header}");
        }
        assert_eq!(RangeRequest::parse(None, 1000), RangeRequest::Full);
    }
}
