//! What the operator's commands print (`backbeat ads`, `backbeat payouts`): aligned tables with
//! a header, or CSV. Cells hold users' text (a bank account holder's name, an ad's title), so
//! neither format trusts it: a table shows every cell on one line of at most
//! [`MAX_CELL_COLUMNS`] terminal columns (longer ones cut with an ellipsis; control and
//! direction-changing characters shown as `�`, so nothing reaches the terminal as a command),
//! and CSV neutralises cells a spreadsheet would run as a formula.

/// The widest a table's cell is printed, in terminal columns: wide enough for a withdrawal's
/// full bank details (holder name of 70 characters, IBAN, BIC), which the operator pays from.
pub const MAX_CELL_COLUMNS: usize = 160;

/// What a cut cell ends with.
const ELLIPSIS: char = '…';

/// Shown in place of a character that must not reach a terminal.
const REPLACEMENT: char = '\u{FFFD}';

/// Columns padded to their widest cell, two spaces apart.
pub fn aligned<H: AsRef<str>>(header: &[H], rows: &[Vec<String>]) -> String {
    let header: Vec<String> = header.iter().map(|h| shown(h.as_ref())).collect();
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|row| row.iter().map(|cell| shown(cell)).collect())
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|h| columns(h)).collect();
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(columns(cell));
        }
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, width)| {
                let padding = width.saturating_sub(columns(cell));
                format!("{cell}{}", " ".repeat(padding))
            })
            .collect();
        padded.join("  ").trim_end().to_owned() + "\n"
    };
    let mut out = line(&header);
    for row in &rows {
        out.push_str(&line(row));
    }
    out
}

/// A cell as a table prints it: characters a terminal would act on replaced, and cut to
/// [`MAX_CELL_COLUMNS`] with an ellipsis.
pub fn shown(cell: &str) -> String {
    let printable = cell
        .chars()
        .map(|c| if is_unprintable(c) { REPLACEMENT } else { c });
    let (mut out, mut used, mut cut_at) = (String::new(), 0, None);
    for c in printable {
        used += char_columns(c);
        if used > MAX_CELL_COLUMNS {
            // Too long: keep what fits beside the ellipsis.
            out.truncate(cut_at.unwrap_or(0));
            out.push(ELLIPSIS);
            return out;
        }
        if used < MAX_CELL_COLUMNS {
            cut_at = Some(out.len() + c.len_utf8());
        }
        out.push(c);
    }
    out
}

/// Control characters (line breaks, escape sequences) and the invisible ones that reorder the
/// text around them (bidirectional overrides and isolates).
fn is_unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// How many terminal columns `text` takes.
fn columns(text: &str) -> usize {
    text.chars().map(char_columns).sum()
}

/// How many terminal columns a printable character takes: none for combining marks and
/// zero-width characters, two for East Asian wide and full-width characters and emoji, else one
/// (the common ranges of Unicode's East Asian Width; close enough to align a table).
fn char_columns(c: char) -> usize {
    match u32::from(c) {
        0x0300..=0x036F
        | 0x0483..=0x0489
        | 0x0591..=0x05BD
        | 0x0610..=0x061A
        | 0x064B..=0x065F
        | 0x1AB0..=0x1AFF
        | 0x1DC0..=0x1DFF
        | 0x200B..=0x200D
        | 0x2060..=0x2064
        | 0x20D0..=0x20FF
        | 0xFE00..=0xFE0F
        | 0xFE20..=0xFE2F
        | 0xFEFF => 0,
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x1F900..=0x1F9FF
        | 0x20000..=0x2FFFD
        | 0x30000..=0x3FFFD => 2,
        _ => 1,
    }
}

/// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. A field a
/// spreadsheet would read as a formula (it begins with `=`, `+`, `-`, `@`, a tab or a carriage
/// return) gets a leading `'` first, so it is read as text.
pub fn comma_separated<H: AsRef<str>>(header: &[H], rows: &[Vec<String>]) -> String {
    let field = |cell: &str| {
        let cell = neutralised(cell);
        if cell.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", cell.replace('"', "\"\""))
        } else {
            cell
        }
    };
    let line =
        |cells: Vec<&str>| cells.into_iter().map(field).collect::<Vec<_>>().join(",") + "\r\n";
    let mut out = line(header.iter().map(AsRef::as_ref).collect());
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}

/// A cell a spreadsheet reads as text: one beginning with a formula's first character gets a
/// leading `'` (OWASP's advice against CSV injection).
pub fn neutralised(cell: &str) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_cell_is_cut_with_an_ellipsis_and_never_panics() {
        let huge = "A".repeat(900_000);

        let table = aligned(&["NAME", "N"], &[vec![huge, "1".into()]]);

        let line = table.lines().nth(1).unwrap();
        assert!(line.starts_with(&"A".repeat(MAX_CELL_COLUMNS - 1)));
        assert_eq!(
            line,
            format!("{}…  1", "A".repeat(MAX_CELL_COLUMNS - 1)),
            "the cut cell is MAX_CELL_COLUMNS wide, ellipsis included"
        );
    }

    #[test]
    fn a_cell_exactly_at_the_limit_is_kept_whole() {
        let exact = "b".repeat(MAX_CELL_COLUMNS);
        assert_eq!(shown(&exact), exact);
        assert_eq!(
            shown(&"b".repeat(MAX_CELL_COLUMNS + 1)),
            format!("{}…", "b".repeat(MAX_CELL_COLUMNS - 1))
        );
    }

    #[test]
    fn wide_and_multi_byte_text_is_cut_on_characters_by_columns() {
        let wide = "音".repeat(200);
        let cut = shown(&wide);
        assert!(cut.ends_with('…'));
        assert!(columns(&cut) <= MAX_CELL_COLUMNS, "{}", columns(&cut));
        assert_eq!(cut.chars().count(), (MAX_CELL_COLUMNS - 1) / 2 + 1);
        let accents = "é".repeat(500);
        assert_eq!(columns(&shown(&accents)), MAX_CELL_COLUMNS);
    }

    #[test]
    fn wide_cells_are_aligned_by_their_columns() {
        let table = aligned(
            &["A", "B"],
            &[
                vec!["音楽".into(), "x".into()],
                vec!["ab".into(), "y".into()],
            ],
        );
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines, ["A     B", "音楽  x", "ab    y"]);
    }

    #[test]
    fn control_and_direction_characters_never_reach_the_terminal() {
        let cell = "Ada\u{1b}[2J\nLovelace\u{202E}gnp.exe\r\t\0";
        let shown = shown(cell);
        assert_eq!(
            shown,
            "Ada\u{FFFD}[2J\u{FFFD}Lovelace\u{FFFD}gnp.exe\u{FFFD}\u{FFFD}\u{FFFD}"
        );
        let table = aligned(&["NAME"], &[vec![cell.into()]]);
        assert_eq!(table.lines().count(), 2, "one line per row: {table:?}");
    }

    #[test]
    fn formula_cells_are_neutralised_in_csv() {
        for (cell, expected) in [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"),
            ("+1", "'+1"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tcmd", "'\tcmd"),
            ("\rcmd", "'\rcmd"),
            ("Ada Lovelace", "Ada Lovelace"),
            ("a=b", "a=b"),
            ("", ""),
        ] {
            assert_eq!(neutralised(cell), expected, "{cell:?}");
        }
        let csv = comma_separated(&["name", "n"], &[vec!["=1+1".into(), "\rx".into()]]);
        assert_eq!(csv, "name,n\r\n'=1+1,\"'\rx\"\r\n");
    }
}
