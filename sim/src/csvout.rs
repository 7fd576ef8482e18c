//! The CSV writer every output file goes through: cells are spreadsheet-safe. A text cell that
//! a spreadsheet would take for a formula (it starts with `=`, `+`, `-`, `@`, a tab or a
//! carriage return and is not a number) gets a leading `'`, as spreadsheet-safe CSV writers
//! do; [`unquote`] takes it off again when cardsim reads its own outputs back (the report).
//! Numbers, negative ones included, are written as they are.

use std::borrow::Cow;
use std::fs::File;
use std::path::Path;

/// Whether `cell` would start a formula in a spreadsheet.
fn risky(cell: &str) -> bool {
    cell.starts_with(['=', '+', '-', '@', '\t', '\r']) && cell.trim().parse::<f64>().is_err()
}

/// `cell`, with a `'` in front if a spreadsheet would take it for a formula.
pub fn sheet_safe(cell: &str) -> Cow<'_, str> {
    if risky(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// The cell as written before [`sheet_safe`] guarded it.
pub fn unquote(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if risky(rest) => rest,
        _ => cell,
    }
}

/// A CSV file being written, every cell through [`sheet_safe`].
pub struct CsvOut(csv::Writer<File>);

impl CsvOut {
    /// Create (or truncate) `path`.
    pub fn from_path(path: impl AsRef<Path>) -> csv::Result<Self> {
        csv::Writer::from_path(path).map(CsvOut)
    }

    /// Write one record.
    pub fn write_record<I>(&mut self, cells: I) -> csv::Result<()>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        self.0.write_record(
            cells
                .into_iter()
                .map(|c| sheet_safe(c.as_ref()).into_owned()),
        )
    }

    /// Flush to the file.
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_guarded_and_numbers_are_not() {
        for (cell, out) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+Rage", "'+Rage"),
            ("-Chaos Lord", "'-Chaos Lord"),
            ("@home", "'@home"),
            ("-3.54", "-3.54"),
            ("+2", "+2"),
            ("Warlord Krask", "Warlord Krask"),
            ("", ""),
        ] {
            assert_eq!(sheet_safe(cell), out);
            assert_eq!(unquote(&sheet_safe(cell)), cell);
        }
        // A name that itself starts with a quote is left alone both ways.
        assert_eq!(unquote("'quoted"), "'quoted");
    }
}
