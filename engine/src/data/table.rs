//! CSV card tables: a header row naming the columns, then one card a row. Errors name the
//! file, the physical line, and the column.

use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use super::text::read_text;
use crate::LoadError;

/// A loaded CSV table whose columns have been checked against what the game reads.
///
/// Blank rows and rows starting with `#` (comments) are skipped; a leading byte-order mark is
/// dropped; line numbers are physical lines of the file, blank and comment lines included.
#[derive(Clone, Debug)]
pub struct CardTable {
    path: PathBuf,
    /// Declared column names (required, then optional), lowercase.
    columns: Vec<String>,
    /// For each declared column, its index in the file's rows (None: optional and absent).
    index: Vec<Option<usize>>,
    rows: Vec<Row>,
}

/// One data row of a [`CardTable`].
#[derive(Clone, Debug)]
pub struct Row {
    /// Physical line of the file where the row starts (1-based).
    pub line: u64,
    cells: Vec<String>,
}

/// One cell of a row, with what messages about it need.
#[derive(Copy, Clone, Debug)]
pub struct Cell<'a> {
    /// The cell's text, trimmed.
    pub text: &'a str,
    /// The table's file.
    pub path: &'a Path,
    /// The row's line.
    pub line: u64,
    /// The column's name.
    pub column: &'a str,
}

impl CardTable {
    /// Read and check the table in `path`. `required` columns must be present, `optional`
    /// ones may be; any other column is an error (a misspelt column must not be ignored).
    pub fn load(path: &Path, required: &[&str], optional: &[&str]) -> Result<Self, LoadError> {
        let text = read_text(path, "card file")?;
        Self::parse(path, &text, required, optional)
    }

    /// [`CardTable::load`] on text already read; `path` names the file in messages.
    pub fn parse(
        path: &Path,
        text: &str,
        required: &[&str],
        optional: &[&str],
    ) -> Result<Self, LoadError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        // The reader reports where it started reading a record, before the blank and
        // comment lines it skipped: step over those to the record's own first line.
        let line_of = |byte: u64| -> u64 {
            let mut pos = (byte as usize).min(text.len());
            loop {
                let rest = &text.as_bytes()[pos..];
                if rest.starts_with(b"\n") {
                    pos += 1;
                } else if rest.starts_with(b"\r\n") {
                    pos += 2;
                } else if rest.starts_with(b"#") {
                    pos += rest
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(rest.len(), |i| i + 1);
                } else {
                    break;
                }
            }
            line_starts.partition_point(|&s| s <= pos) as u64
        };
        let mut rdr = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .comment(Some(b'#'))
            .from_reader(text.as_bytes());
        let mut records = rdr.records();
        let columns_wanted = || {
            let mut s = format!("required: {}", required.join(", "));
            if !optional.is_empty() {
                s.push_str(&format!("; optional: {}", optional.join(", ")));
            }
            s
        };
        // The header: the first record that is not blank.
        let (header_line, header) = loop {
            match records.next() {
                None => {
                    return Err(LoadError::file(
                        path,
                        format!("empty card file: no header row ({})", columns_wanted()),
                    ))
                }
                Some(Err(e)) => return Err(csv_error(path, &e, &line_of)),
                Some(Ok(r)) => {
                    if r.iter().all(|c| c.trim().is_empty()) {
                        continue;
                    }
                    let line = line_of(r.position().map_or(0, |p| p.byte()));
                    break (
                        line,
                        r.iter()
                            .map(|c| c.trim().to_lowercase())
                            .collect::<Vec<_>>(),
                    );
                }
            }
        };
        let declared: Vec<String> = required
            .iter()
            .chain(optional)
            .map(|c| c.to_lowercase())
            .collect();
        let index: Vec<Option<usize>> = declared
            .iter()
            .map(|c| header.iter().position(|h| h == c))
            .collect();
        if let Some(missing) = required.iter().zip(&index).find(|(_, i)| i.is_none()) {
            return Err(LoadError::at(
                path,
                header_line,
                format!("missing column `{}` ({})", missing.0, columns_wanted()),
            ));
        }
        for (i, h) in header.iter().enumerate() {
            if h.is_empty() {
                return Err(LoadError::at(
                    path,
                    header_line,
                    format!("header cell {} is empty ({})", i + 1, columns_wanted()),
                ));
            }
            if let Some(j) = header[..i].iter().position(|x| x == h) {
                return Err(LoadError::at(
                    path,
                    header_line,
                    format!("column `{h}` appears twice (cells {} and {})", j + 1, i + 1),
                ));
            }
            if !declared.contains(h) {
                return Err(LoadError::at(
                    path,
                    header_line,
                    format!("unknown column `{h}` ({})", columns_wanted()),
                ));
            }
        }
        let mut rows = Vec::new();
        for rec in records {
            let rec = rec.map_err(|e| csv_error(path, &e, &line_of))?;
            if rec.iter().all(|c| c.trim().is_empty()) {
                continue;
            }
            let line = line_of(rec.position().map_or(0, |p| p.byte()));
            if rec.len() != header.len() {
                return Err(LoadError::at(
                    path,
                    line,
                    format!(
                        "row has {} cells but the header names {} columns{}",
                        rec.len(),
                        header.len(),
                        if rec.iter().any(|c| c.contains('\n')) {
                            " (a double quote opened in this row is never closed, so the cell runs on over the following lines; a quote inside a text is written twice)"
                        } else if rec.len() > header.len() {
                            " (a comma inside a text needs the whole cell in double quotes)"
                        } else {
                            " (every row needs a cell, possibly empty, for every column)"
                        }
                    ),
                ));
            }
            rows.push(Row {
                line,
                cells: rec.iter().map(|c| c.trim().to_string()).collect(),
            });
        }
        Ok(CardTable {
            path: path.to_path_buf(),
            columns: declared,
            index,
            rows,
        })
    }

    /// The table's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The data rows, in file order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// Whether optional column `column` is present in the file.
    pub fn has_column(&self, column: &str) -> bool {
        self.slot(column).is_some()
    }

    fn slot(&self, column: &str) -> Option<usize> {
        let k = self
            .columns
            .iter()
            .position(|c| c.eq_ignore_ascii_case(column))
            .unwrap_or_else(|| panic!("column `{column}` was not declared to CardTable"));
        self.index[k]
    }

    /// The cell of `row` in `column` (empty when an optional column is absent). Panics if `column` was not declared (a programming error, not a data error).
    pub fn cell<'a>(&'a self, row: &'a Row, column: &'a str) -> Cell<'a> {
        let text = self
            .slot(column)
            .and_then(|i| row.cells.get(i))
            .map_or("", |s| s.as_str());
        Cell {
            text,
            path: &self.path,
            line: row.line,
            column,
        }
    }

    /// An error at `row`'s line.
    pub fn err(&self, row: &Row, msg: impl Into<String>) -> LoadError {
        LoadError::at(&self.path, row.line, msg)
    }
}

fn csv_error(path: &Path, e: &csv::Error, line_of: &dyn Fn(u64) -> u64) -> LoadError {
    match e.position() {
        Some(p) => LoadError::at(path, line_of(p.byte()), format!("malformed CSV: {e}")),
        None => LoadError::file(path, format!("malformed CSV: {e}")),
    }
}

impl<'a> Cell<'a> {
    /// Whether the cell is empty.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// An error about this cell: `file:line: column `c`: msg`.
    pub fn err(&self, msg: impl Display) -> LoadError {
        LoadError::at(
            self.path,
            self.line,
            format!("column `{}`: {msg}", self.column),
        )
    }

    /// The text, which must not be empty.
    pub fn required(&self) -> Result<&'a str, LoadError> {
        if self.text.is_empty() {
            Err(self.err("is empty but required"))
        } else {
            Ok(self.text)
        }
    }

    /// A whole number from `min` to `max`.
    pub fn num<T>(&self, min: T, max: T) -> Result<T, LoadError>
    where
        T: FromStr + PartialOrd + Display + Copy,
    {
        self.text
            .parse::<T>()
            .ok()
            .filter(|v| *v >= min && *v <= max)
            .ok_or_else(|| {
                self.err(format!(
                    "`{}` is not a whole number from {min} to {max}",
                    clip(self.text)
                ))
            })
    }

    /// Like [`Cell::num`], with `default` for an empty cell.
    pub fn num_or<T>(&self, default: T, min: T, max: T) -> Result<T, LoadError>
    where
        T: FromStr + PartialOrd + Display + Copy,
    {
        if self.text.is_empty() {
            Ok(default)
        } else {
            self.num(min, max)
        }
    }

    /// One of the `allowed` words (case-insensitive); the error lists them.
    pub fn one_of<T: Copy>(&self, allowed: &[(&str, T)]) -> Result<T, LoadError> {
        allowed
            .iter()
            .find(|(w, _)| w.eq_ignore_ascii_case(self.text))
            .map(|&(_, v)| v)
            .ok_or_else(|| {
                let words: Vec<&str> = allowed.iter().map(|(w, _)| *w).collect();
                self.err(format!(
                    "`{}` is not one of: {}",
                    clip(self.text),
                    words.join(", ")
                ))
            })
    }

    /// A yes/no cell: empty, `no`, `false`, `0` are no; `yes`, `true`, `1`, `x` are yes.
    pub fn flag(&self) -> Result<bool, LoadError> {
        match self.text.to_ascii_lowercase().as_str() {
            "" | "no" | "false" | "0" => Ok(false),
            "yes" | "true" | "1" | "x" => Ok(true),
            _ => Err(self.err(format!(
                "`{}` is not yes or no (allowed: yes, no, true, false, 1, 0, x, empty)",
                clip(self.text)
            ))),
        }
    }
}

/// At most 60 characters of `s`, for echoing user text in messages.
pub(crate) fn clip(s: &str) -> String {
    match s.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REQ: &[&str] = &["name", "attack"];
    const OPT: &[&str] = &["notes"];

    fn parse(text: &str) -> Result<CardTable, LoadError> {
        CardTable::parse(Path::new("c.csv"), text, REQ, OPT)
    }

    #[test]
    fn lines_count_blank_and_comment_rows() {
        let t =
            parse("Name,Attack\n\n# a comment, with commas\n\nOgre,3\n\"Two\nLines\",x\n").unwrap();
        assert_eq!(t.rows().len(), 2);
        assert_eq!(t.rows()[0].line, 5);
        assert_eq!(t.rows()[1].line, 6);
        let a = t.cell(&t.rows()[1], "attack");
        assert_eq!(
            a.num(0u8, 99).unwrap_err().to_string(),
            "c.csv:6: column `attack`: `x` is not a whole number from 0 to 99"
        );
        assert_eq!(t.cell(&t.rows()[0], "notes").text, "");
        assert!(!t.has_column("notes"));
    }

    #[test]
    fn header_errors_name_the_columns() {
        let e = parse("name,attack,atack\n").unwrap_err().to_string();
        assert_eq!(
            e,
            "c.csv:1: unknown column `atack` (required: name, attack; optional: notes)"
        );
        let e = parse("\u{feff}name\n").unwrap_err().to_string();
        assert_eq!(
            e,
            "c.csv:1: missing column `attack` (required: name, attack; optional: notes)"
        );
        let e = parse("name,attack,name\n").unwrap_err().to_string();
        assert_eq!(e, "c.csv:1: column `name` appears twice (cells 1 and 3)");
        assert!(parse("").unwrap_err().to_string().contains("no header row"));
    }

    #[test]
    fn cells() {
        let t = parse("name,attack,notes\nA,2,yes\nB,,maybe\nC,1,2,3\n").unwrap_err();
        assert_eq!(t.line, Some(4));
        let t = parse("name,attack,notes\nA,2\n").unwrap_err();
        assert_eq!(
            t.to_string(),
            "c.csv:2: row has 2 cells but the header names 3 columns (every row needs a cell, possibly empty, for every column)"
        );
        let t = parse("name,attack,notes\nA,2,yes\nB,,maybe\n").unwrap();
        let (a, b) = (&t.rows()[0], &t.rows()[1]);
        assert!(t.cell(a, "notes").flag().unwrap());
        assert!(t.cell(b, "notes").flag().is_err());
        assert_eq!(t.cell(b, "attack").num_or(7u8, 0, 9).unwrap(), 7);
        assert!(t.cell(b, "attack").required().is_err());
        assert_eq!(
            t.cell(a, "name")
                .one_of(&[("x", 1), ("y", 2)])
                .unwrap_err()
                .to_string(),
            "c.csv:2: column `name`: `A` is not one of: x, y"
        );
    }
}
