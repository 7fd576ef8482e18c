//! Console tables of every subcommand, laid out by one table crate (comfy-table) in one plain
//! style: ASCII only, no colour, no borders, a line of dashes under the header, a space
//! between columns, text columns left-aligned and number columns right-aligned, and no
//! trailing spaces, so a table reads the same on a terminal and in a file it was piped to.

use comfy_table::{CellAlignment, ContentArrangement, LineStyle, TableStyle};

/// The plain style: no borders, `-` under the header, a space between columns.
const PLAIN: TableStyle = TableStyle::new()
    .header_lines(comfy_table::ContentLineStyle::none().junction(' '))
    .header_separator(LineStyle::none().fill('-').junction(' '))
    .content_lines(comfy_table::ContentLineStyle::none().junction(' '));

/// A console table: a header and rows of text cells; the first `text` columns are text (left-
/// aligned), the others numbers (right-aligned).
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    text: usize,
    /// Further text columns after the first `text` (e.g. a list at the end).
    more_text: Vec<usize>,
}

impl Table {
    /// A table with these column names, the first `text` of them text columns.
    pub fn new<S: ToString>(header: impl IntoIterator<Item = S>, text: usize) -> Self {
        Table {
            header: header.into_iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
            text,
            more_text: Vec::new(),
        }
    }

    /// Make column `i` a text column too (left-aligned).
    pub fn text_column(mut self, i: usize) -> Self {
        self.more_text.push(i);
        self
    }

    /// Add a row (missing cells are left empty).
    pub fn row<S: ToString>(&mut self, cells: impl IntoIterator<Item = S>) -> &mut Self {
        self.rows
            .push(cells.into_iter().map(|c| c.to_string()).collect());
        self
    }

    /// Whether the table has no rows.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The table as text, each line ending in a newline.
    pub fn render(&self) -> String {
        let mut t = comfy_table::Table::new();
        t.load_style(PLAIN)
            .set_content_arrangement(ContentArrangement::Disabled)
            .set_header(self.header.clone());
        for r in &self.rows {
            t.add_row(r.clone());
        }
        for (i, c) in t.column_iter_mut().enumerate() {
            c.set_padding((0, 0));
            c.set_cell_alignment(match i < self.text || self.more_text.contains(&i) {
                true => CellAlignment::Left,
                false => CellAlignment::Right,
            });
        }
        let mut s = String::new();
        for line in t.lines() {
            s.push_str(line.trim_end());
            s.push('\n');
        }
        s
    }
}

impl std::fmt::Display for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

/// `k/n` as a percentage with one decimal, `-` when `n` is 0.
pub fn pct(k: u64, n: u64) -> String {
    if n == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * k as f64 / n as f64)
    }
}

/// A rate `p` (a fraction) in percent with its interval `[lo, hi]`, one decimal each.
pub fn pct_iv(p: f64, lo: f64, hi: f64) -> String {
    format!("{:.1}% [{:.1}, {:.1}]", 100.0 * p, 100.0 * lo, 100.0 * hi)
}

/// A difference `d` (a fraction) in percentage points with its interval, signed, two
/// decimals: `+1.25 [-0.50, +3.00] pp`.
pub fn pp_iv(d: f64, lo: f64, hi: f64) -> String {
    format!(
        "{:+.2} [{:+.2}, {:+.2}] pp",
        100.0 * d,
        100.0 * lo,
        100.0 * hi
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_left_numbers_right_plain_ascii_no_trailing_spaces() {
        let mut t = Table::new(["deck", "games", "win rate [95% CI]"], 1);
        t.row(["bruisers", "1200", "51.3% [48.4, 54.1]"]);
        t.row(["wall_counter", "80", "-"]);
        assert_eq!(
            t.render(),
            "deck         games  win rate [95% CI]\n\
             ------------ ----- ------------------\n\
             bruisers      1200 51.3% [48.4, 54.1]\n\
             wall_counter    80                  -\n"
        );
        assert!(t.render().is_ascii());
        assert_eq!(pct(1, 3), "33.3%");
        assert_eq!(pct(0, 0), "-");
        assert_eq!(pct_iv(0.5, 0.25, 0.75), "50.0% [25.0, 75.0]");
        assert_eq!(pp_iv(0.0125, -0.005, 0.03), "+1.25 [-0.50, +3.00] pp");
    }
}
