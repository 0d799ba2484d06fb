//! What the operator's commands print (`backbeat ads`, `backbeat payouts`): aligned tables with
//! a header, or CSV.

/// Columns padded to their widest cell, two spaces apart.
pub fn aligned<H: AsRef<str>>(header: &[H], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.as_ref().chars().count()).collect();
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .map(|(cell, width)| format!("{cell:<width$}"))
            .collect();
        padded.join("  ").trim_end().to_owned() + "\n"
    };
    let mut out = line(header.iter().map(AsRef::as_ref).collect());
    for row in rows {
        out.push_str(&line(row.iter().map(String::as_str).collect()));
    }
    out
}

/// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
pub fn comma_separated<H: AsRef<str>>(header: &[H], rows: &[Vec<String>]) -> String {
    let field = |cell: &str| {
        if cell.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", cell.replace('"', "\"\""))
        } else {
            cell.to_owned()
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
