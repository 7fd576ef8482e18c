//! A small SVG writer: shapes, text, linear scales and "nice" axis ticks.
//!
//! Every chart is one `<svg>` element with an `id`, a `data-chart` kind and a `viewBox`, so it
//! scales with the page; shapes that stand for data carry a `class` (`cell`, `bar`,
//! `whisker`, `band`, `line`, `point`) and a `<title>` (the browser's tooltip) with the exact
//! numbers and the sample size.

use std::fmt::Write;

/// Escape text for HTML and SVG (element content and attribute values).
pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// Thousands separators: `1,050,000`.
pub fn count(n: u64) -> String {
    let s = n.to_string();
    let first = match s.len() % 3 {
        0 => 3,
        r => r,
    };
    let mut o = s[..first].to_string();
    for group in s.as_bytes()[first..].chunks(3) {
        o.push(',');
        o.extend(group.iter().map(|&b| b as char));
    }
    o
}

/// Categorical colours (colour-blind-friendly order of the Tableau 10 palette).
pub const PALETTE: [&str; 8] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

/// The colour of series `i`.
pub fn colour(i: usize) -> &'static str {
    PALETTE[i % PALETTE.len()]
}

/// Rough width in pixels of `s` at font size `size` (sans-serif, no font metrics available).
pub fn text_width(s: &str, size: f64) -> f64 {
    s.chars().count() as f64 * size * 0.58
}

/// A linear map from a data interval to a pixel interval.
#[derive(Clone, Copy, Debug)]
pub struct Scale {
    d0: f64,
    d1: f64,
    r0: f64,
    r1: f64,
}

impl Scale {
    /// Map `[d0, d1]` onto `[r0, r1]` (an empty domain maps everything to the middle).
    pub fn new(d0: f64, d1: f64, r0: f64, r1: f64) -> Self {
        Scale { d0, d1, r0, r1 }
    }
    /// Pixel position of `v`.
    pub fn at(&self, v: f64) -> f64 {
        if (self.d1 - self.d0).abs() < 1e-300 {
            return (self.r0 + self.r1) / 2.0;
        }
        self.r0 + (v - self.d0) / (self.d1 - self.d0) * (self.r1 - self.r0)
    }
}

/// Round, evenly spaced ticks covering `[lo, hi]` (at most about `max` of them), and the
/// domain widened to the outer ticks.
pub fn nice_ticks(lo: f64, hi: f64, max: usize) -> (Vec<f64>, f64, f64) {
    let (lo, hi) = if hi - lo < 1e-12 {
        (lo - 0.5, hi + 0.5)
    } else {
        (lo, hi)
    };
    let raw = (hi - lo) / max.max(1) as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| (hi - lo) / s <= max as f64)
        .unwrap_or(10.0 * mag);
    let k0 = (lo / step + 1e-9).floor();
    let k1 = (hi / step - 1e-9).ceil();
    // Multiples of the step, each computed from its integer index (no accumulated error).
    let ticks = (k0 as i64..=k1 as i64).map(|k| k as f64 * step).collect();
    (ticks, k0 * step, k1 * step)
}

/// Format a tick value with just the decimals its step needs.
pub fn tick_label(v: f64, step: f64, percent: bool) -> String {
    let (v, step) = if percent {
        (v * 100.0, step * 100.0)
    } else {
        (v, step)
    };
    // The fewest decimals that show every multiple of the step exactly.
    let dec = (0..6)
        .find(|&d| {
            let x = step * 10f64.powi(d);
            (x - x.round()).abs() < 1e-6 * x.max(1.0)
        })
        .unwrap_or(6) as usize;
    if dec == 0 && !percent && v.abs() >= 10_000.0 {
        // Thousands separators for large counts.
        let sign = if v < 0.0 { "-" } else { "" };
        return format!("{sign}{}", count(v.abs().round() as u64));
    }
    format!("{v:.dec$}{}", if percent { "%" } else { "" })
}

/// An SVG document being written.
pub struct Svg {
    w: f64,
    h: f64,
    body: String,
}

/// Drawing style of a shape: fill, stroke and class.
#[derive(Clone, Copy, Default)]
pub struct Style<'a> {
    /// Fill colour (`none` when empty).
    pub fill: &'a str,
    /// Stroke colour (none when empty).
    pub stroke: &'a str,
    /// Stroke width.
    pub width: f64,
    /// Opacity (1 when 0).
    pub opacity: f64,
    /// CSS class (data shapes: `cell`, `bar`, `whisker`, `band`, `line`, `point`).
    pub class: &'a str,
    /// Dash pattern (`stroke-dasharray`), empty for solid.
    pub dash: &'a str,
}

impl Style<'_> {
    fn attrs(&self) -> String {
        let mut a = String::new();
        a.push_str(&format!(
            " fill=\"{}\"",
            if self.fill.is_empty() {
                "none"
            } else {
                self.fill
            }
        ));
        if !self.stroke.is_empty() {
            let _ = write!(
                a,
                " stroke=\"{}\" stroke-width=\"{}\"",
                self.stroke,
                if self.width > 0.0 { self.width } else { 1.0 }
            );
        }
        if self.opacity > 0.0 && self.opacity < 1.0 {
            let _ = write!(a, " opacity=\"{:.2}\"", self.opacity);
        }
        if !self.class.is_empty() {
            let _ = write!(a, " class=\"{}\"", self.class);
        }
        if !self.dash.is_empty() {
            let _ = write!(a, " stroke-dasharray=\"{}\"", self.dash);
        }
        a
    }
}

/// A fill-only style.
pub fn fill(colour: &str) -> Style<'_> {
    Style {
        fill: colour,
        ..Style::default()
    }
}

/// A stroke-only style.
pub fn stroke(colour: &str, width: f64) -> Style<'_> {
    Style {
        stroke: colour,
        width,
        ..Style::default()
    }
}

/// The mark shown next to a legend label.
#[derive(Clone, Copy)]
pub enum Swatch {
    /// A filled square (bars).
    Box,
    /// A solid line.
    Line,
    /// A dashed line.
    Dashed,
}

/// Text anchor.
#[derive(Clone, Copy)]
pub enum Anchor {
    /// Left-aligned at x.
    Start,
    /// Centred on x.
    Middle,
    /// Right-aligned at x.
    End,
}

fn close(title: Option<&str>) -> String {
    match title {
        Some(t) => format!("><title>{}</title>", esc(t)),
        None => "/>".into(),
    }
}

fn points(pts: &[(f64, f64)]) -> String {
    pts.iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Svg {
    /// A blank `w` × `h` drawing.
    pub fn new(w: f64, h: f64) -> Self {
        Svg {
            w,
            h,
            body: String::new(),
        }
    }

    /// A rectangle (a tooltip `title` when given).
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, st: Style, title: Option<&str>) {
        let _ = write!(
            self.body,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{:.1}\"{}{}",
            w.max(0.0),
            h.max(0.0),
            st.attrs(),
            close(title)
        );
        if title.is_some() {
            self.body.push_str("</rect>");
        }
        self.body.push('\n');
    }

    /// A straight line.
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, st: Style) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"{}/>",
            st.attrs()
        );
    }

    /// A path from SVG path data `d`.
    pub fn path(&mut self, d: &str, st: Style, title: Option<&str>) {
        let _ = write!(self.body, "<path d=\"{d}\"{}{}", st.attrs(), close(title));
        if title.is_some() {
            self.body.push_str("</path>");
        }
        self.body.push('\n');
    }

    /// An open polyline through `pts`.
    pub fn polyline(&mut self, pts: &[(f64, f64)], st: Style) {
        let _ = writeln!(
            self.body,
            "<polyline points=\"{}\"{}/>",
            points(pts),
            st.attrs()
        );
    }

    /// A closed polygon.
    pub fn polygon(&mut self, pts: &[(f64, f64)], st: Style, title: Option<&str>) {
        let _ = write!(
            self.body,
            "<polygon points=\"{}\"{}{}",
            points(pts),
            st.attrs(),
            close(title)
        );
        if title.is_some() {
            self.body.push_str("</polygon>");
        }
        self.body.push('\n');
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, st: Style, title: Option<&str>) {
        let _ = write!(
            self.body,
            "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\"{}{}",
            st.attrs(),
            close(title)
        );
        if title.is_some() {
            self.body.push_str("</circle>");
        }
        self.body.push('\n');
    }

    /// Text at (x, y) (y is the baseline).
    pub fn text(&mut self, x: f64, y: f64, s: &str, size: f64, anchor: Anchor, extra: &str) {
        let a = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let _ = writeln!(
            self.body,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size}\" text-anchor=\"{a}\"{}{extra}>{}</text>",
            if extra.contains("fill=") { "" } else { " fill=\"#222\"" },
            esc(s)
        );
    }

    /// A legend of coloured swatches in rows starting at (x, y); returns the height used.
    pub fn legend(
        &mut self,
        x: f64,
        y: f64,
        max_w: f64,
        items: &[(String, String, Swatch)],
    ) -> f64 {
        let (mut cx, mut cy) = (x, y);
        for (label, col, sw) in items {
            let w = 26.0 + text_width(label, 12.0) + 16.0;
            if cx + w > x + max_w && cx > x {
                cx = x;
                cy += 18.0;
            }
            match sw {
                Swatch::Box => self.rect(cx, cy - 10.0, 12.0, 12.0, fill(col), None),
                Swatch::Line | Swatch::Dashed => self.line(
                    cx,
                    cy - 4.0,
                    cx + 20.0,
                    cy - 4.0,
                    Style {
                        stroke: col,
                        width: 2.5,
                        dash: if matches!(sw, Swatch::Dashed) {
                            "5 3"
                        } else {
                            ""
                        },
                        ..Style::default()
                    },
                ),
            }
            self.text(cx + 24.0, cy, label, 12.0, Anchor::Start, "");
            cx += w;
        }
        // Make room for every row of the legend.
        self.h = self.h.max(cy + 10.0);
        cy - y + 18.0
    }

    /// The finished `<svg>` element, with `id`, `data-chart` = `kind` and an accessible
    /// label.
    pub fn finish(self, id: &str, kind: &str, label: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"{}\" data-chart=\"{}\" role=\"img\" aria-label=\"{}\" viewBox=\"0 0 {:.0} {:.0}\" width=\"{:.0}\" height=\"{:.0}\" font-family=\"sans-serif\">\n{}</svg>",
            esc(id),
            esc(kind),
            esc(label),
            self.w,
            self.h,
            self.w,
            self.h,
            self.body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        let (t, a, b) = nice_ticks(0.0, 1.0, 5);
        let want = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0];
        assert_eq!(t.len(), want.len());
        assert!(t.iter().zip(want).all(|(x, y)| (x - y).abs() < 1e-12));
        assert_eq!((a, b), (0.0, 1.0));
        let (t, a, b) = nice_ticks(-0.043, 0.026, 6);
        assert!(
            (a + 0.06).abs() < 1e-12 && (b - 0.04).abs() < 1e-12,
            "{a} {b}"
        );
        assert_eq!(t.len(), 6);
        let (t, _, _) = nice_ticks(3.0, 97.0, 5);
        assert_eq!(t, vec![0.0, 20.0, 40.0, 60.0, 80.0, 100.0]);
    }

    #[test]
    fn tick_labels_use_the_decimals_of_the_step() {
        assert_eq!(tick_label(0.4, 0.2, true), "40%");
        assert_eq!(tick_label(-0.01, 0.01, true), "-1%");
        assert_eq!(tick_label(0.025, 0.005, true), "2.5%");
        assert_eq!(tick_label(0.0125, 0.0025, true), "1.25%");
        assert_eq!(tick_label(30.0, 10.0, false), "30");
        assert_eq!(tick_label(8000.0, 2000.0, false), "8000");
        assert_eq!(tick_label(120000.0, 20000.0, false), "120,000");
    }

    #[test]
    fn text_is_escaped() {
        let mut s = Svg::new(10.0, 10.0);
        s.text(0.0, 0.0, "a<b & \"c\"", 10.0, Anchor::Start, "");
        let out = s.finish("x", "k", "l");
        assert!(out.contains("a&lt;b &amp; &quot;c&quot;"));
    }
}
