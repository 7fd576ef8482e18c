//! The four chart shapes the report draws: a heatmap, horizontal bars with interval
//! whiskers, stacked histograms and curves with shaded interval bands.

use super::csvin::Est;
pub use super::svg::count;
use super::svg::{
    colour, fill, nice_ticks, stroke, text_width, tick_label, Anchor, Scale, Style, Svg, Swatch,
};

/// Percent with one decimal: `54.3%`.
pub fn pct(v: f64) -> String {
    format!("{:.1}%", v * 100.0)
}

/// A rate's interval in percent: `[52.1, 56.4]`.
pub fn pct_iv(e: &Est) -> String {
    format!("[{:.1}, {:.1}]", e.lo * 100.0, e.hi * 100.0)
}

/// A difference of rates in percentage points with a sign: `+2.1`.
pub fn pts(v: f64) -> String {
    let x = v * 100.0;
    if x.abs() < 0.05 {
        "0.0".into()
    } else {
        format!("{x:+.1}")
    }
}

/// A difference's interval in percentage points: `[−0.1, +4.2]`.
pub fn pts_iv(e: &Est) -> String {
    format!("[{}, {}]", pts(e.lo), pts(e.hi))
}

fn mix(a: (f64, f64, f64), b: (f64, f64, f64), t: f64) -> String {
    let c = |x: f64, y: f64| (x + (y - x) * t).round() as u8;
    format!("#{:02x}{:02x}{:02x}", c(a.0, b.0), c(a.1, b.1), c(a.2, b.2))
}

/// Diverging colour for a win rate: red below 50%, white at 50%, blue above.
pub fn rate_colour(r: f64) -> String {
    let red = (178.0, 24.0, 43.0);
    let white = (247.0, 247.0, 247.0);
    let blue = (33.0, 102.0, 172.0);
    let r = r.clamp(0.0, 1.0);
    if r < 0.5 {
        mix(red, white, r * 2.0)
    } else {
        mix(white, blue, (r - 0.5) * 2.0)
    }
}

/// One cell of a heatmap: the row's win rate against the column with its interval.
pub struct HeatCell {
    /// Win rate and 95% interval.
    pub est: Est,
    /// Games.
    pub n: u64,
    /// Extra tooltip text (e.g. draws).
    pub note: String,
}

/// A matchup heatmap: `cells[r * cols.len() + c]` is row `r`'s result against column `c`
/// (`None`: not played, e.g. the diagonal). Each cell shows the rate, its interval and n.
/// `row_notes` (empty, or one per row) are drawn in small type under the row names (e.g. a
/// rating).
pub fn heatmap(
    id: &str,
    rows: &[String],
    row_notes: &[String],
    cols: &[String],
    cells: &[Option<HeatCell>],
) -> String {
    assert_eq!(cells.len(), rows.len() * cols.len());
    let (cw, ch) = (92.0, 56.0);
    let left = rows
        .iter()
        .map(|r| text_width(r, 13.0))
        .chain(row_notes.iter().map(|n| text_width(n, 10.5)))
        .fold(40.0, f64::max)
        + 16.0;
    let top = cols
        .iter()
        .map(|c| text_width(c, 13.0))
        .fold(30.0, f64::max)
        * 0.6
        + 24.0;
    let key_text = "win rate of the row deck";
    let w = (left + cw * cols.len() as f64 + 20.0)
        .max(left + 252.0 + text_width(key_text, 12.0) + 12.0);
    let h = top + ch * rows.len() as f64 + 64.0;
    let mut s = Svg::new(w, h);
    for (j, c) in cols.iter().enumerate() {
        let x = left + cw * (j as f64 + 0.5);
        s.text(
            x,
            top - 8.0,
            c,
            13.0,
            Anchor::Start,
            &format!(" transform=\"rotate(-35 {x:.1} {:.1})\"", top - 8.0),
        );
    }
    for (i, r) in rows.iter().enumerate() {
        let y = top + ch * i as f64;
        match row_notes.get(i) {
            Some(note) => {
                s.text(left - 8.0, y + ch / 2.0 - 2.0, r, 13.0, Anchor::End, "");
                let grey = " fill=\"#555\" class=\"row-note\"";
                s.text(
                    left - 8.0,
                    y + ch / 2.0 + 12.0,
                    note,
                    10.5,
                    Anchor::End,
                    grey,
                );
            }
            None => s.text(left - 8.0, y + ch / 2.0 + 4.0, r, 13.0, Anchor::End, ""),
        }
        for (j, c) in cols.iter().enumerate() {
            let x = left + cw * j as f64;
            let cell = cells[i * cols.len() + j].as_ref();
            let (bg, class, tip) = match cell {
                None => (
                    "#e4e4e4".to_string(),
                    "cell empty",
                    format!("{r} vs {c}: no games"),
                ),
                Some(cell) => (
                    rate_colour(cell.est.v),
                    "cell",
                    format!(
                        "{r} vs {c}: {} win rate {} (95% interval), n = {} games{}",
                        pct(cell.est.v),
                        pct_iv(&cell.est),
                        count(cell.n),
                        cell.note
                    ),
                ),
            };
            let st = Style {
                fill: &bg,
                class,
                ..Style::default()
            };
            s.rect(x + 1.0, y + 1.0, cw - 2.0, ch - 2.0, st, Some(&tip));
            let cx = x + cw / 2.0;
            let Some(cell) = cell else {
                s.text(cx, y + ch / 2.0 + 4.0, "—", 13.0, Anchor::Middle, "");
                continue;
            };
            let ink = if (cell.est.v - 0.5).abs() > 0.3 {
                " fill=\"#fff\""
            } else {
                " fill=\"#111\""
            };
            let bold = format!("{ink} font-weight=\"bold\"");
            s.text(cx, y + 20.0, &pct(cell.est.v), 14.0, Anchor::Middle, &bold);
            s.text(cx, y + 35.0, &pct_iv(&cell.est), 10.5, Anchor::Middle, ink);
            let n = format!("n={}", count(cell.n));
            s.text(cx, y + 48.0, &n, 10.5, Anchor::Middle, ink);
        }
    }
    // Colour key.
    let ky = top + ch * rows.len() as f64 + 22.0;
    let steps = 20;
    let kw = 240.0;
    for k in 0..steps {
        let r = (k as f64 + 0.5) / steps as f64;
        s.rect(
            left + kw * k as f64 / steps as f64,
            ky,
            kw / steps as f64 + 0.5,
            12.0,
            fill(&rate_colour(r)),
            None,
        );
    }
    for (r, a) in [
        (0.0, Anchor::Start),
        (0.5, Anchor::Middle),
        (1.0, Anchor::End),
    ] {
        s.text(
            left + kw * r,
            ky + 28.0,
            &format!("{:.0}%", r * 100.0),
            11.0,
            a,
            "",
        );
    }
    s.text(
        left + kw + 12.0,
        ky + 11.0,
        key_text,
        12.0,
        Anchor::Start,
        "",
    );
    s.finish(
        id,
        "heatmap",
        &format!(
            "matchup heatmap, {} rows by {} columns",
            rows.len(),
            cols.len()
        ),
    )
}

/// One bar: an estimate with its interval, drawn from a reference value.
pub struct Bar {
    /// Row label.
    pub label: String,
    /// The estimate and its interval.
    pub est: Est,
    /// Sample size text for the label and tooltip (e.g. `n=4,000`).
    pub n: String,
}

/// Horizontal bars from `reference` to each estimate, with 95% interval whiskers, in the
/// order given. `diff`: values are differences of rates (labelled in percentage points),
/// otherwise rates (labelled in percent). Bars whose interval excludes the reference are
/// drawn solid, the others pale.
pub fn hbars(id: &str, kind: &str, bars: &[Bar], reference: f64, diff: bool, axis: &str) -> String {
    let row = 24.0;
    let left = bars
        .iter()
        .map(|b| text_width(&b.label, 12.0))
        .fold(60.0, f64::max)
        + 14.0;
    let value_text = |b: &Bar| {
        if diff {
            format!("{} {} pts  {}", pts(b.est.v), pts_iv(&b.est), b.n)
        } else {
            format!("{} {}  {}", pct(b.est.v), pct_iv(&b.est), b.n)
        }
    };
    let right = bars
        .iter()
        .map(|b| text_width(&value_text(b), 11.0))
        .fold(80.0, f64::max)
        + 16.0;
    let pw = 440.0;
    let top = 12.0;
    let h = top + row * bars.len() as f64 + 48.0;
    let w = left + pw + right;
    let lo = bars.iter().map(|b| b.est.lo).fold(reference, f64::min);
    let hi = bars.iter().map(|b| b.est.hi).fold(reference, f64::max);
    let (ticks, a, b) = nice_ticks(lo, hi, 6);
    let step = if ticks.len() > 1 {
        ticks[1] - ticks[0]
    } else {
        1.0
    };
    let x = Scale::new(a, b, left, left + pw);
    let mut s = Svg::new(w, h);
    let bottom = top + row * bars.len() as f64;
    for &t in &ticks {
        s.line(x.at(t), top, x.at(t), bottom, stroke("#e2e2e2", 1.0));
        let lab = if diff {
            tick_label(t, step, true).trim_end_matches('%').to_string()
        } else {
            tick_label(t, step, true)
        };
        s.text(x.at(t), bottom + 16.0, &lab, 11.0, Anchor::Middle, "");
    }
    s.text(
        left + pw / 2.0,
        bottom + 36.0,
        axis,
        12.0,
        Anchor::Middle,
        "",
    );
    for (i, bar) in bars.iter().enumerate() {
        let yc = top + row * (i as f64 + 0.5);
        let e = &bar.est;
        let clear = e.lo > reference || e.hi < reference;
        let col = if e.v >= reference {
            "#2166ac"
        } else {
            "#b2182b"
        };
        let tip = format!("{}: {}", bar.label, value_text(bar));
        let (x0, x1) = (x.at(reference.min(e.v)), x.at(reference.max(e.v)));
        s.rect(
            x0,
            yc - 7.0,
            (x1 - x0).max(1.0),
            14.0,
            Style {
                fill: col,
                opacity: if clear { 0.9 } else { 0.4 },
                class: "bar",
                ..Style::default()
            },
            Some(&tip),
        );
        let (l, r) = (x.at(e.lo), x.at(e.hi));
        s.path(
            &format!(
                "M{l:.1} {yc:.1}H{r:.1}M{l:.1} {:.1}V{:.1}M{r:.1} {:.1}V{:.1}",
                yc - 5.0,
                yc + 5.0,
                yc - 5.0,
                yc + 5.0
            ),
            Style {
                stroke: "#222",
                width: 1.3,
                class: "whisker",
                ..Style::default()
            },
            Some(&tip),
        );
        s.text(left - 8.0, yc + 4.0, &bar.label, 12.0, Anchor::End, "");
        s.text(
            left + pw + 8.0,
            yc + 4.0,
            &value_text(bar),
            11.0,
            Anchor::Start,
            " fill=\"#444\"",
        );
    }
    s.line(
        x.at(reference),
        top - 4.0,
        x.at(reference),
        bottom,
        stroke("#222", 1.2),
    );
    s.finish(id, kind, &format!("{} bars with 95% intervals", bars.len()))
}

/// Horizontal grid lines at the y ticks, labelled left of `x0`.
fn y_grid(s: &mut Svg, x0: f64, x1: f64, y: &Scale, ticks: &[f64], percent: bool) {
    let step = if ticks.len() > 1 {
        ticks[1] - ticks[0]
    } else {
        1.0
    };
    for &t in ticks {
        s.line(x0, y.at(t), x1, y.at(t), stroke("#e2e2e2", 1.0));
        let lab = tick_label(t, step, percent);
        s.text(x0 - 6.0, y.at(t) + 4.0, &lab, 11.0, Anchor::End, "");
    }
}

/// One layer of a stacked histogram: counts per x value (turns).
pub struct Stack {
    /// Legend label.
    pub name: String,
    /// Colour.
    pub colour: String,
    /// `(x, count)` pairs.
    pub counts: Vec<(u64, u64)>,
}

/// A stacked histogram of game length: one bar per turn count, layers stacked in order.
pub fn histogram(id: &str, title: &str, layers: &[Stack]) -> String {
    let (w, left, right, top) = (470.0, 52.0, 12.0, 26.0);
    let ph = 170.0;
    let max_x = layers
        .iter()
        .flat_map(|l| l.counts.iter().map(|c| c.0))
        .max()
        .unwrap_or(1);
    let min_x = layers
        .iter()
        .flat_map(|l| l.counts.iter().map(|c| c.0))
        .min()
        .unwrap_or(0);
    let mut totals = vec![0u64; (max_x + 1) as usize];
    for l in layers {
        for &(t, c) in &l.counts {
            totals[t as usize] += c;
        }
    }
    let peak = totals.iter().copied().max().unwrap_or(1).max(1);
    let (yt, _, yb) = nice_ticks(0.0, peak as f64, 5);
    let x = Scale::new(min_x as f64 - 0.5, max_x as f64 + 0.5, left, w - right);
    let y = Scale::new(0.0, yb, top + ph, top);
    let legend_items: Vec<(String, String, Swatch)> = layers
        .iter()
        .map(|l| (l.name.clone(), l.colour.clone(), Swatch::Box))
        .collect();
    let mut s = Svg::new(
        w,
        top + ph + 40.0 + 18.0 * legend_items.len().div_ceil(2) as f64,
    );
    s.text(
        left,
        16.0,
        title,
        13.0,
        Anchor::Start,
        " font-weight=\"bold\"",
    );
    y_grid(&mut s, left, w - right, &y, &yt, false);
    let (xt, _, _) = nice_ticks(min_x as f64, max_x as f64, 8);
    for &t in xt
        .iter()
        .filter(|&&t| t >= min_x as f64 && t <= max_x as f64)
    {
        s.text(
            x.at(t),
            top + ph + 15.0,
            &format!("{t:.0}"),
            10.5,
            Anchor::Middle,
            "",
        );
    }
    s.text(
        (left + w - right) / 2.0,
        top + ph + 30.0,
        "turns",
        11.0,
        Anchor::Middle,
        "",
    );
    let bw = (x.at(1.0) - x.at(0.0)).abs();
    let mut base = vec![0u64; totals.len()];
    for l in layers {
        for &(t, c) in &l.counts {
            if c == 0 {
                continue;
            }
            let b0 = base[t as usize];
            let b1 = b0 + c;
            base[t as usize] = b1;
            s.rect(
                x.at(t as f64) - bw / 2.0 + 0.3,
                y.at(b1 as f64),
                (bw - 0.6).max(0.5),
                y.at(b0 as f64) - y.at(b1 as f64),
                Style {
                    fill: &l.colour,
                    class: "bar",
                    ..Style::default()
                },
                Some(&format!("{t} turns, {}: {} games", l.name, count(c))),
            );
        }
    }
    s.line(left, top + ph, w - right, top + ph, stroke("#222", 1.0));
    s.legend(left, top + ph + 52.0, w - left - right, &legend_items);
    s.finish(id, "turn-histogram", title)
}

/// A point of a curve: x position, value, optional 95% band and tooltip.
pub struct Pt {
    /// x (a number, or the category index).
    pub x: f64,
    /// y.
    pub y: f64,
    /// The 95% interval, drawn as a shaded band.
    pub band: Option<(f64, f64)>,
    /// Tooltip.
    pub tip: String,
}

/// A curve.
pub struct Curve {
    /// Legend label.
    pub name: String,
    /// Colour.
    pub colour: String,
    /// Dashed line.
    pub dashed: bool,
    /// Points in x order.
    pub pts: Vec<Pt>,
}

/// The x axis of a curve chart.
pub enum XAxis {
    /// Numeric values (with their labels): up to 12 are each labelled on the axis, more get
    /// round ticks.
    Numeric(Vec<(f64, String)>),
    /// Categories at 0, 1, 2, …
    Categories(Vec<String>),
}

/// Curves over a parameter with shaded interval bands. `percent`: y is a rate (0–100%).
pub fn curves(
    id: &str,
    kind: &str,
    xaxis: &XAxis,
    x_title: &str,
    y_title: &str,
    percent: bool,
    list: &[Curve],
) -> String {
    let (w, left, right, top, ph) = (720.0, 64.0, 24.0, 16.0, 260.0);
    let all = list.iter().flat_map(|c| c.pts.iter());
    let (mut ylo, mut yhi) = (f64::INFINITY, f64::NEG_INFINITY);
    let (mut xlo, mut xhi) = (f64::INFINITY, f64::NEG_INFINITY);
    for p in all {
        let (a, b) = p.band.unwrap_or((p.y, p.y));
        ylo = ylo.min(a.min(p.y));
        yhi = yhi.max(b.max(p.y));
        xlo = xlo.min(p.x);
        xhi = xhi.max(p.x);
    }
    if !ylo.is_finite() {
        (ylo, yhi, xlo, xhi) = (0.0, 1.0, 0.0, 1.0);
    }
    let (ylo, yhi) = if percent {
        (0.0, yhi.clamp(0.05, 1.0))
    } else {
        (ylo.min(0.0), yhi)
    };
    let (yt, ya, yb) = nice_ticks(ylo, yhi, 6);
    let (xt, xa, xb): (Vec<(f64, String)>, f64, f64) = match xaxis {
        XAxis::Numeric(v) if v.len() <= 12 => {
            let pad = (xhi - xlo).max(1e-9) * 0.03;
            (v.clone(), xlo - pad, xhi + pad)
        }
        XAxis::Numeric(_) => {
            let (t, _, _) = nice_ticks(xlo, xhi, 8);
            let step = if t.len() > 1 { t[1] - t[0] } else { 1.0 };
            let pad = (xhi - xlo).max(1e-9) * 0.03;
            (
                t.into_iter()
                    .filter(|&v| v >= xlo - 1e-9 && v <= xhi + 1e-9)
                    .map(|v| (v, tick_label(v, step, false)))
                    .collect(),
                xlo - pad,
                xhi + pad,
            )
        }
        XAxis::Categories(c) => (
            c.iter()
                .enumerate()
                .map(|(i, s)| (i as f64, s.clone()))
                .collect(),
            -0.5,
            c.len() as f64 - 0.5,
        ),
    };
    let x = Scale::new(xa, xb, left, w - right);
    let y = Scale::new(ya, yb, top + ph, top);
    let legend: Vec<(String, String, Swatch)> = list
        .iter()
        .map(|c| {
            let sw = if c.dashed {
                Swatch::Dashed
            } else {
                Swatch::Line
            };
            (c.name.clone(), c.colour.clone(), sw)
        })
        .collect();
    let mut s = Svg::new(
        w,
        top + ph + 48.0 + 18.0 * legend.len().div_ceil(3) as f64 + 8.0,
    );
    y_grid(&mut s, left, w - right, &y, &yt, percent);
    for (v, lab) in &xt {
        s.line(
            x.at(*v),
            top + ph,
            x.at(*v),
            top + ph + 4.0,
            stroke("#222", 1.0),
        );
        s.text(x.at(*v), top + ph + 17.0, lab, 11.0, Anchor::Middle, "");
    }
    s.line(left, top + ph, w - right, top + ph, stroke("#222", 1.0));
    s.line(left, top, left, top + ph, stroke("#222", 1.0));
    s.text(
        (left + w - right) / 2.0,
        top + ph + 34.0,
        x_title,
        12.0,
        Anchor::Middle,
        "",
    );
    let yx = 16.0;
    let yy = top + ph / 2.0;
    s.text(
        yx,
        yy,
        y_title,
        12.0,
        Anchor::Middle,
        &format!(" transform=\"rotate(-90 {yx:.1} {yy:.1})\""),
    );
    for c in list {
        let upper: Vec<(f64, f64)> = c
            .pts
            .iter()
            .filter_map(|p| p.band.map(|b| (x.at(p.x), y.at(b.1))))
            .collect();
        let lower: Vec<(f64, f64)> = c
            .pts
            .iter()
            .rev()
            .filter_map(|p| p.band.map(|b| (x.at(p.x), y.at(b.0))))
            .collect();
        if !upper.is_empty() {
            let poly: Vec<(f64, f64)> = upper.into_iter().chain(lower).collect();
            s.polygon(
                &poly,
                Style {
                    fill: &c.colour,
                    opacity: 0.18,
                    class: "band",
                    ..Style::default()
                },
                Some(&format!("{}: 95% interval band", c.name)),
            );
        }
    }
    for c in list {
        let line: Vec<(f64, f64)> = c.pts.iter().map(|p| (x.at(p.x), y.at(p.y))).collect();
        s.polyline(
            &line,
            Style {
                stroke: &c.colour,
                width: 2.0,
                class: "line",
                dash: if c.dashed { "6 4" } else { "" },
                ..Style::default()
            },
        );
        for (p, &(px, py)) in c.pts.iter().zip(&line) {
            s.circle(
                px,
                py,
                3.5,
                Style {
                    fill: &c.colour,
                    class: "point",
                    ..Style::default()
                },
                Some(&p.tip),
            );
        }
    }
    s.legend(left, top + ph + 58.0, w - left - right, &legend);
    s.finish(id, kind, y_title)
}

/// The colour of series `i` as an owned string.
pub fn series_colour(i: usize) -> String {
    colour(i).to_string()
}
