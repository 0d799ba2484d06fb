//! What the `backbeat ads` commands print: aligned tables with a header, or CSV.

use super::store::{AdRow, DayOfAd};
use backbeat_core::text_table::{aligned, comma_separated};

/// `ads list`: id, slot, status, title, target.
pub fn ads_table(ads: &[AdRow]) -> String {
    let rows: Vec<Vec<String>> = ads
        .iter()
        .map(|ad| {
            vec![
                ad.id.clone(),
                ad.slot.clone(),
                if ad.active { "active" } else { "disabled" }.to_owned(),
                ad.title.clone(),
                ad.target_url.clone(),
            ]
        })
        .collect();
    aligned(&["ID", "SLOT", "STATUS", "TITLE", "TARGET"], &rows)
}

const REPORT_HEADER: [&str; 7] = ["DAY", "AD", "SLOT", "TITLE", "IMPRESSIONS", "CLICKS", "CTR"];

/// `ads report`: one row per ad and day; `csv` for a spreadsheet.
pub fn report(days: &[DayOfAd], csv: bool) -> String {
    let rows: Vec<Vec<String>> = days
        .iter()
        .map(|day| {
            let rate = click_through_rate(day.impressions, day.clicks);
            vec![
                day.day.clone(),
                day.ad_id.clone(),
                day.slot.clone(),
                day.title.clone(),
                day.impressions.to_string(),
                day.clicks.to_string(),
                match (rate, csv) {
                    (Some(rate), true) => format!("{rate:.2}"),
                    (Some(rate), false) => format!("{rate:.2}%"),
                    (None, true) => String::new(),
                    (None, false) => "-".to_owned(),
                },
            ]
        })
        .collect();
    if csv {
        let mut header = REPORT_HEADER.map(str::to_lowercase);
        header[6] = "ctr_percent".to_owned();
        comma_separated(&header, &rows)
    } else {
        aligned(&REPORT_HEADER, &rows)
    }
}

/// Clicks per hundred impressions; none without impressions.
pub fn click_through_rate(impressions: i64, clicks: i64) -> Option<f64> {
    (impressions > 0).then(|| clicks as f64 * 100.0 / impressions as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(day: &str, title: &str, impressions: i64, clicks: i64) -> DayOfAd {
        DayOfAd {
            day: day.into(),
            ad_id: "a1".into(),
            slot: "banner".into(),
            title: title.into(),
            impressions,
            clicks,
        }
    }

    #[test]
    fn the_report_table_aligns_its_columns_under_a_header() {
        let text = report(
            &[
                day("2025-03-02", "Spring sale", 8, 2),
                day("2025-03-01", "Tour", 0, 1),
            ],
            false,
        );

        assert_eq!(
            text,
            "DAY         AD  SLOT    TITLE        IMPRESSIONS  CLICKS  CTR\n\
             2025-03-02  a1  banner  Spring sale  8            2       25.00%\n\
             2025-03-01  a1  banner  Tour         0            1       -\n"
        );
    }

    #[test]
    fn csv_quotes_what_needs_quoting() {
        let text = report(&[day("2025-03-02", "Sale, \"50%\" off", 3, 1)], true);

        assert_eq!(
            text,
            "day,ad,slot,title,impressions,clicks,ctr_percent\r\n\
             2025-03-02,a1,banner,\"Sale, \"\"50%\"\" off\",3,1,33.33\r\n"
        );
    }
}
