//! Reading the output CSVs by column name, with errors that name the file and the line.
//!
//! Columns are looked up by their header name, so writers may add columns (at the end or
//! anywhere) without breaking the report; a missing required column or a cell that does not
//! parse stops the report with `file:line: problem`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Result};

/// A CSV file read whole: its header and its records with their line numbers.
pub struct Table {
    path: PathBuf,
    index: HashMap<String, usize>,
    rows: Vec<(u64, csv::StringRecord)>,
}

/// One record of a [`Table`], with typed accessors by column name.
#[derive(Clone, Copy)]
pub struct Rec<'a> {
    table: &'a Table,
    line: u64,
    rec: &'a csv::StringRecord,
}

impl Table {
    /// Read `path` if it exists (`Ok(None)` when it does not). Every column of `required`
    /// must be in the header.
    pub fn load(path: &Path, required: &[&str]) -> Result<Option<Table>> {
        if !path.is_file() {
            return Ok(None);
        }
        let shown = path.display();
        let mut rd = csv::ReaderBuilder::new()
            .has_headers(true)
            .flexible(false)
            .from_path(path)
            .map_err(|e| anyhow!("{shown}: cannot read: {e}"))?;
        let headers = rd
            .headers()
            .map_err(|e| anyhow!("{shown}:1: cannot read the header: {}", plain(&e)))?
            .clone();
        let mut index = HashMap::new();
        for (i, h) in headers.iter().enumerate() {
            index.entry(h.trim().to_string()).or_insert(i);
        }
        let missing: Vec<&str> = required
            .iter()
            .copied()
            .filter(|c| !index.contains_key(*c))
            .collect();
        if !missing.is_empty() {
            bail!(
                "{shown}:1: missing column{} {} (the header has: {})",
                if missing.len() > 1 { "s" } else { "" },
                missing
                    .iter()
                    .map(|c| format!("`{c}`"))
                    .collect::<Vec<_>>()
                    .join(", "),
                headers.iter().collect::<Vec<_>>().join(",")
            );
        }
        let mut rows = Vec::new();
        for r in rd.records() {
            let r = r.map_err(|e| {
                let line = e.position().map(|p| p.line()).unwrap_or(0);
                anyhow!("{shown}:{line}: {}", plain(&e))
            })?;
            let line = r.position().map(|p| p.line()).unwrap_or(0);
            rows.push((line, r));
        }
        Ok(Some(Table {
            path: path.to_path_buf(),
            index,
            rows,
        }))
    }

    /// Whether the header has column `col`.
    pub fn has(&self, col: &str) -> bool {
        self.index.contains_key(col)
    }

    /// Whether the header has every column of `cols`.
    pub fn has_all(&self, cols: &[&str]) -> bool {
        cols.iter().all(|c| self.has(c))
    }

    /// The records, in file order.
    pub fn recs(&self) -> impl Iterator<Item = Rec<'_>> {
        self.rows.iter().map(move |(line, rec)| Rec {
            table: self,
            line: *line,
            rec,
        })
    }

    /// Number of records.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the file has no records.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The file name, for captions.
    pub fn name(&self) -> String {
        self.path
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    }
}

/// A csv error without the crate's own position prefix (we print `file:line:` ourselves).
fn plain(e: &csv::Error) -> String {
    match e.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("{len} fields where the header has {expected_len}"),
        csv::ErrorKind::Utf8 { .. } => "not valid UTF-8".into(),
        _ => e.to_string(),
    }
}

impl<'a> Rec<'a> {
    /// `file:line` of this record, for messages.
    pub fn at(&self) -> String {
        format!("{}:{}", self.table.path.display(), self.line)
    }

    fn err(&self, col: &str, v: &str, what: &str) -> anyhow::Error {
        anyhow!(
            "{}:{}: column `{col}`: `{v}` is not {what}",
            self.table.path.display(),
            self.line
        )
    }

    /// The cell of column `col` (empty when the table lacks the column), without the `'` a
    /// spreadsheet-safe writer put before a formula-like text ([`crate::csvout::unquote`]).
    pub fn s(&self, col: &str) -> &'a str {
        self.table
            .index
            .get(col)
            .and_then(|&i| self.rec.get(i))
            .map(|c| crate::csvout::unquote(c.trim()))
            .unwrap_or("")
    }

    /// A required non-negative integer.
    pub fn u(&self, col: &str) -> Result<u64> {
        let v = self.s(col);
        v.parse()
            .map_err(|_| self.err(col, v, "a non-negative integer"))
    }

    /// An optional number (empty cell: `None`), which must be finite.
    pub fn fo(&self, col: &str) -> Result<Option<f64>> {
        let v = self.s(col);
        if v.is_empty() {
            return Ok(None);
        }
        match v.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(Some(x)),
            _ => Err(self.err(col, v, "a number")),
        }
    }

    /// A required number.
    pub fn f(&self, col: &str) -> Result<f64> {
        self.fo(col)?
            .ok_or_else(|| self.err(col, "", "a number (the cell is empty)"))
    }

    /// A rate with its interval, all three optional together (empty when n = 0). A rate or
    /// bound outside [0, 1], or an interval that does not hold the rate, is an error.
    pub fn rate(&self, cols: [&str; 3]) -> Result<Option<Est>> {
        let est = self.est(cols)?;
        if let Some(e) = est {
            for (c, v) in cols.iter().zip([e.v, e.lo, e.hi]) {
                if !(-1e-9..=1.0 + 1e-9).contains(&v) {
                    return Err(self.err(c, self.s(c), "a rate between 0 and 1"));
                }
            }
        }
        Ok(est)
    }

    /// The rate in column `col` with its interval in `col_ci_low`, `col_ci_high` (the naming
    /// pattern of every output CSV), as [`Rec::rate`].
    pub fn rate_ci(&self, col: &str) -> Result<Option<Est>> {
        let (lo, hi) = ci_names(col);
        self.rate([col, &lo, &hi])
    }

    /// The estimate in column `col` with its interval in `col_ci_low`, `col_ci_high`, as
    /// [`Rec::est`].
    pub fn est_ci(&self, col: &str) -> Result<Option<Est>> {
        let (lo, hi) = ci_names(col);
        self.est([col, &lo, &hi])
    }

    /// An estimate with its interval (three columns, all present or all empty), checked to
    /// be ordered lo ≤ v ≤ hi.
    pub fn est(&self, cols: [&str; 3]) -> Result<Option<Est>> {
        let v = [self.fo(cols[0])?, self.fo(cols[1])?, self.fo(cols[2])?];
        match v {
            [Some(v), Some(lo), Some(hi)] => {
                if lo > v + 1e-9 || v > hi + 1e-9 {
                    bail!(
                        "{}:{}: columns `{}`, `{}`, `{}`: the interval [{lo}, {hi}] does not hold {v}",
                        self.table.path.display(),
                        self.line,
                        cols[0],
                        cols[1],
                        cols[2]
                    );
                }
                Ok(Some(Est { v, lo, hi }))
            }
            [None, None, None] => Ok(None),
            _ => bail!(
                "{}:{}: columns `{}`, `{}`, `{}` must be all filled or all empty",
                self.table.path.display(),
                self.line,
                cols[0],
                cols[1],
                cols[2]
            ),
        }
    }
}

/// The names of the interval columns of column `col`: `col_ci_low`, `col_ci_high`.
pub fn ci_names(col: &str) -> (String, String) {
    (format!("{col}_ci_low"), format!("{col}_ci_high"))
}

/// An estimate with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Est {
    /// The estimate.
    pub v: f64,
    /// Lower bound.
    pub lo: f64,
    /// Upper bound.
    pub hi: f64,
}
