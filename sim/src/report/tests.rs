//! Report tests on the fixture folders in `sim/tests/data/report/`.

use std::path::{Path, PathBuf};

use super::charts::pts;
use super::html::distinct;
use super::*;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/report")
        .join(name)
}

fn page(name: &str) -> Rendered {
    render(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e:#}"))
}

/// The `<section>` with id `id`.
fn section<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("<section id=\"{id}\">"))
        .unwrap_or_else(|| panic!("no section {id}"));
    let end = start + html[start..].find("</section>").unwrap();
    &html[start..end]
}

/// The `<svg>` element with id `id`.
fn chart<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"{id}\""
        ))
        .unwrap_or_else(|| panic!("no chart {id}"));
    let end = start + html[start..].find("</svg>").unwrap() + 6;
    &html[start..end]
}

fn n_class(svg: &str, class: &str) -> usize {
    svg.matches(&format!(" class=\"{class}\"")).count()
}

/// The tooltip texts of the shapes of class `class`, in order.
fn titles(svg: &str, class: &str) -> Vec<String> {
    svg.split(&format!(" class=\"{class}\""))
        .skip(1)
        .map(|s| {
            let a = s.find("<title>").unwrap() + 7;
            s[a..a + s[a..].find("</title>").unwrap()].to_string()
        })
        .collect()
}

struct Tmp(PathBuf);
impl Tmp {
    fn new(tag: &str) -> Self {
        let d =
            std::env::temp_dir().join(format!("cardsim-report-unit-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Tmp(d)
    }
    fn copy_of(tag: &str, fixture_name: &str) -> Self {
        let t = Tmp::new(tag);
        for e in std::fs::read_dir(fixture(fixture_name)).unwrap() {
            let p = e.unwrap().path();
            std::fs::copy(&p, t.0.join(p.file_name().unwrap())).unwrap();
        }
        t
    }
    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.0.join(name), text).unwrap();
    }
}
impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn tournament_heatmap_has_a_cell_per_pair_and_ranking_a_bar_per_deck() {
    let r = page("tournament");
    assert_eq!(r.kind, "tournament");
    assert_eq!(r.charts, vec!["chart-matrix", "chart-ranking"]);
    let h = chart(&r.html, "chart-matrix");
    // 4 decks: a 4 × 4 grid, the 4 diagonal cells not played.
    assert_eq!(n_class(h, "cell"), 12);
    assert_eq!(n_class(h, "cell empty"), 4);
    // Rows and columns sorted by the ratings of ranking.csv, strongest first (the file's
    // matrix starts with poison), each row with its rating under the name.
    let t = titles(h, "cell");
    assert_eq!(
        t[0],
        "rush vs poison: 63.4% win rate [60.4, 66.3] (95% interval), n = 1,000 games, 10 draws"
    );
    let notes: Vec<&str> = h
        .split("class=\"row-note\">")
        .skip(1)
        .map(|s| &s[..s.find('<').unwrap()])
        .collect();
    assert_eq!(
        notes,
        [
            "BT +149 [+135, +162]",
            "BT +44 [+31, +56]",
            "BT -50 [-63, -38]",
            "BT -158 [-172, -145]"
        ]
    );
    // Outliers at the default band 40–60%: every matchup but poison–swarm (61.1%
    // [58.0, 64.1]) and swarm–wall_counter (61.6% [58.6, 64.6]); rush and wall_counter
    // against the field. Farthest from the band first.
    let o = section(&r.html, "outliers");
    assert!(
        o.contains("<b>4 of 6 matchups</b> and <b>2 of 4 decks</b>"),
        "{o}"
    );
    let at = |s: &str| {
        o.find(&format!("<td>{s}</td>"))
            .unwrap_or_else(|| panic!("{s}"))
    };
    let flagged = [
        "rush vs wall_counter",
        "poison vs wall_counter",
        "wall_counter",
        "rush",
        "rush vs swarm",
        "poison vs rush",
    ];
    assert!(flagged.windows(2).all(|w| at(w[0]) < at(w[1])));
    assert!(!o.contains("<td>poison vs swarm</td>"));
    assert_eq!(o.matches("<td>yes</td>").count(), 6);
    let b = chart(&r.html, "chart-ranking");
    assert_eq!(n_class(b, "bar"), 4);
    assert_eq!(n_class(b, "whisker"), 4);
    // Sorted by field win rate, best first.
    let order: Vec<String> = titles(b, "bar")
        .iter()
        .map(|t| t.split(':').next().unwrap().to_string())
        .collect();
    assert_eq!(order, vec!["rush", "poison", "swarm", "wall_counter"]);
    assert!(r
        .html
        .contains("<td class=\"num\">148.8 [135.3, 162.4]</td>"));
    assert!(r.html.contains("0123456789abcdef0123456789abcdef01234567"));
}

#[test]
fn a_tournament_with_run_files_gets_one_heatmap_and_the_run_sections() {
    let r = page("tournament_real");
    assert_eq!(r.kind, "tournament");
    // The matrix replaces the heatmap the summary would give; one game-length chart; the
    // observational card metrics are a table, not a chart.
    assert_eq!(
        r.charts,
        [
            "chart-matrix",
            "chart-ranking",
            "chart-seats",
            "chart-turns"
        ]
    );
    let h = chart(&r.html, "chart-matrix");
    assert_eq!(n_class(h, "cell"), 12);
    assert_eq!(n_class(h, "cell empty"), 4);
    assert_eq!(n_class(chart(&r.html, "chart-ranking"), "bar"), 4);
    // 4 decks of 5 to 7 distinct cards, pooled over each deck's 3 matchups: 23 table rows.
    let cards = section(&r.html, "cards");
    assert_eq!(cards.matches("<tr>").count(), 1 + 23);
    assert!(cards.contains("Caveat: these are associations"));
    assert!(r.html.contains("<section id=\"summary\">"));
}

#[test]
fn impact_bars_are_sorted_with_one_whisker_each() {
    let r = page("impact");
    assert_eq!(r.kind, "impact");
    assert_eq!(r.charts, vec!["chart-impact"]);
    let c = chart(&r.html, "chart-impact");
    assert_eq!(n_class(c, "bar"), 8);
    assert_eq!(n_class(c, "whisker"), 8);
    let t = titles(c, "bar");
    assert_eq!(
        t[0],
        "Reaver Bike (-1) · rush: +2.6 [+0.4, +4.8] pts  n=4,000 each"
    );
    assert_eq!(
        t[7],
        "Scrap Runner (-1) · rush: -4.3 [-6.5, -2.1] pts  n=4,000 each"
    );
    // Intervals that clear zero are solid, the others pale: 2 of the 8 clear it.
    assert_eq!(c.matches("opacity=\"0.90\" class=\"bar\"").count(), 2);
    assert_eq!(c.matches("opacity=\"0.40\" class=\"bar\"").count(), 6);
}

#[test]
fn sweep_has_banded_curves_per_seat_and_a_stall_curve() {
    let r = page("sweep");
    assert_eq!(r.kind, "sweep");
    assert_eq!(r.charts, vec!["chart-sweep-1", "chart-sweep-turns-1"]);
    let c = chart(&r.html, "chart-sweep-1");
    // attacker, defender and one stall curve (the seats' stall counts agree): 3 bands,
    // 3 lines, 6 values each.
    assert_eq!(n_class(c, "band"), 3);
    assert_eq!(n_class(c, "line"), 3);
    assert_eq!(n_class(c, "point"), 18);
    assert!(c.contains("stall rate (games ended by the turn limit)"));
    // Each swept value is labelled on the x axis.
    for v in [20, 30, 40, 50, 60, 80] {
        assert!(c.contains(&format!(">{v}</text>")), "no x label {v}");
    }
    let t = titles(c, "point");
    assert_eq!(
        t[0],
        "turn_limit=20: attacker win rate 25.4% [23.5, 27.3], n = 2,000"
    );
    let turns = chart(&r.html, "chart-sweep-turns-1");
    assert_eq!(n_class(turns, "band"), 0);
    assert_eq!(n_class(turns, "line"), 2);
    assert_eq!(n_class(turns, "point"), 12);
}

#[test]
fn a_categorical_sweep_keeps_file_order_and_splits_disagreeing_seats() {
    let t = Tmp::new("catsweep");
    t.write(
        "sweep.csv",
        "param,value,games,seat,wins,win_rate,win_rate_ci_low,win_rate_ci_high,stalls,stall_rate,stall_rate_ci_low,stall_rate_ci_high,mean_turns,p90_turns,extra\n\
         at_limit,defender,100,attacker,40,0.4,0.3,0.5,10,0.1,0.05,0.17,30,45,x\n\
         at_limit,defender,100,defender,60,0.6,0.5,0.7,12,0.12,0.07,0.2,30,45,x\n\
         at_limit,draw,100,attacker,45,0.45,0.35,0.55,10,0.1,0.05,0.17,31,46,x\n\
         at_limit,draw,100,defender,45,0.45,0.35,0.55,10,0.1,0.05,0.17,31,46,x\n",
    );
    let r = render(&t.0).unwrap();
    let c = chart(&r.html, "chart-sweep-1");
    // Stall counts differ between the seats at `defender`: one stall curve per seat.
    assert_eq!(n_class(c, "band"), 4);
    assert!(c.contains(">defender</text>") && c.contains(">draw</text>"));
    assert!(c.contains("attacker stall rate"));
}

#[test]
fn run_pages_have_the_sorted_heatmap_one_length_chart_seats_and_a_card_table() {
    let r = page("run");
    assert_eq!(r.kind, "run");
    let d = fixture("run");
    let turns = Table::load(&d.join("turns.csv"), &TURNS_COLS)
        .unwrap()
        .unwrap();
    let matchups = distinct(turns.recs().map(|r| r.s("matchup")));
    assert_eq!(matchups.len(), 21);
    assert_eq!(
        r.charts,
        ["chart-run-heatmap", "chart-seats", "chart-turns"]
    );
    // 7 decks: a 7 × 7 grid with an empty diagonal.
    let h = chart(&r.html, "chart-run-heatmap");
    assert_eq!(n_class(h, "cell"), 42);
    assert_eq!(n_class(h, "cell empty"), 7);
    // Rows sorted by Bradley–Terry strength: in a round robin with equal games per pair the
    // fit orders the decks as their total scores do.
    let summary = Table::load(&d.join("summary.csv"), &SUMMARY_COLS)
        .unwrap()
        .unwrap();
    let mut score: Vec<(String, f64)> = Vec::new();
    for x in summary.recs().filter(|x| x.s("seat") == "all") {
        let v = x.u("wins").unwrap() as f64 + 0.5 * x.u("draws").unwrap() as f64;
        match score.iter_mut().find(|s| s.0 == x.s("deck")) {
            Some(s) => s.1 += v,
            None => score.push((x.s("deck").to_string(), v)),
        }
    }
    score.sort_by(|a, b| b.1.total_cmp(&a.1));
    let rows: Vec<String> = titles(h, "cell empty")
        .iter()
        .map(|t| t.split(" vs ").next().unwrap().to_string())
        .collect();
    let want: Vec<String> = score.iter().map(|s| s.0.clone()).collect();
    assert_eq!(rows, want);
    assert_eq!(h.matches("class=\"row-note\"").count(), 7);
    // One overlaid game-length chart: a line per matchup, a point per (matchup, turn count).
    let c = chart(&r.html, "chart-turns");
    assert_eq!(n_class(c, "line"), 21);
    let mut points = std::collections::HashSet::new();
    for x in turns.recs() {
        points.insert((x.s("matchup").to_string(), x.s("turns").to_string()));
    }
    assert_eq!(n_class(c, "point"), points.len());
    // Seat advantage: one bar per matchup.
    let c = chart(&r.html, "chart-seats");
    assert_eq!(n_class(c, "bar"), 21);
    assert_eq!(n_class(c, "whisker"), 21);
    // The card metrics: a table row per (deck, card) pooled over the deck's 6 matchups; with
    // few never-drawn games at 400 games per pair the report compares played vs not played.
    let cards = Table::load(&d.join("cards.csv"), &CARDS_COLS)
        .unwrap()
        .unwrap();
    let distinct_cards = distinct(
        cards
            .recs()
            .map(|r| format!("{}|{}", r.s("deck"), r.s("card")))
            .collect::<Vec<_>>()
            .iter()
            .map(|s| s.as_str()),
    );
    let t = section(&r.html, "cards");
    assert_eq!(t.matches("<tr>").count(), 1 + distinct_cards.len());
    assert!(t.contains("<b>improvement when played</b>"));
    assert!(t.contains("cardsim impact --deck D --field DIR --all-cards --remove"));
    // Seat totals: attacker and defender each played 8,400 games.
    assert!(r
        .html
        .contains("<td>attacker</td><td class=\"num\">8,400</td>"));
    // Sections in order: outliers, heatmap, seats, length, table, cards.
    let order: Vec<usize> = ["outliers", "matchups", "seats", "turns", "summary", "cards"]
        .iter()
        .map(|id| r.html.find(&format!("<section id=\"{id}\">")).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
}

#[test]
fn the_card_table_uses_iwd_when_the_columns_are_there() {
    let r = page("run_iwd");
    let t = section(&r.html, "cards");
    assert!(t.contains("<b>IWD (in hand − never seen)</b>"));
    assert_eq!(t.matches("<tr>").count(), 1 + 12);
    // A single matchup: the pooled numbers are the file's own iwd columns.
    assert!(t.contains("<td>Corrosive Mist</td>"));
    assert!(t.contains("<td class=\"num\">+7.7 [+2.0, +13.3]</td>"));
    // A 2-deck run: a 2 × 2 heatmap.
    let h = chart(&r.html, "chart-run-heatmap");
    assert_eq!(n_class(h, "cell"), 2);
    assert_eq!(n_class(h, "cell empty"), 2);
}

#[test]
fn pages_are_self_contained() {
    for f in [
        "run",
        "run_iwd",
        "tournament",
        "tournament_real",
        "impact",
        "sweep",
    ] {
        let r = page(f);
        let h = &r.html;
        assert!(h.starts_with("<!DOCTYPE html>"), "{f}");
        for bad in [
            "<script",
            "<link",
            "src=\"http",
            "href=\"http",
            "@import",
            "url(",
        ] {
            assert!(!h.contains(bad), "{f} contains {bad}");
        }
        // Every chart has a caption.
        assert_eq!(h.matches("<figure>").count(), r.charts.len(), "{f}");
        assert_eq!(h.matches("<figcaption>").count(), r.charts.len(), "{f}");
        // Deterministic: rendering again gives the same bytes.
        assert_eq!(render(&fixture(f)).unwrap().html, r.html);
    }
}

fn err(dir: &Path) -> String {
    match render(dir) {
        Ok(_) => panic!("{} should fail", dir.display()),
        Err(e) => format!("{e:#}"),
    }
}

#[test]
fn bad_input_is_named_by_file_and_line() {
    let t = Tmp::new("bad");
    let missing = t.0.join("nope");
    assert!(err(&missing).contains("no such folder"));
    assert!(err(&t.0).contains("no cardsim output here"));
    t.write("impact.csv", "deck,card,games\nrush,X,10\n");
    let e = err(&t.0);
    assert!(e.contains("impact.csv:1: missing columns `change`"), "{e}");
    let t = Tmp::copy_of("badnum", "impact");
    let text = std::fs::read_to_string(t.0.join("impact.csv")).unwrap();
    t.write(
        "impact.csv",
        &text
            .replacen(",4000,", ",4k,", 2)
            .replacen(",4k,", ",4000,", 1),
    );
    let e = err(&t.0);
    assert!(
        e.contains("impact.csv:3: column `games`: `4k` is not a non-negative integer"),
        "{e}"
    );
    t.write("impact.csv", &format!("{text}rush,X,-1,10\n"));
    let e = err(&t.0);
    assert!(
        e.contains("impact.csv:10: 4 fields where the header has 11"),
        "{e}"
    );
    t.write(
        "impact.csv",
        &format!("{text}rush,X,-1,10,0.5,0.5,0.1,0.2,0.3,5,5\n"),
    );
    let e = err(&t.0);
    assert!(e.contains("impact.csv:10: columns `diff`, `diff_ci_low`, `diff_ci_high`: the interval [0.2, 0.3] does not hold 0.1"), "{e}");
    let t = Tmp::copy_of("badrate", "tournament");
    t.write(
        "matrix.csv",
        "row_deck,col_deck,games,row_wins,col_wins,draws,win_rate,win_rate_ci_low,win_rate_ci_high\na,b,10,5,5,0,,0.2,0.8\n",
    );
    let e = err(&t.0);
    assert!(
        e.contains(
            "matrix.csv:2: columns `win_rate`, `win_rate_ci_low`, `win_rate_ci_high` must be all filled or all empty"
        ),
        "{e}"
    );
    t.write(
        "matrix.csv",
        "row_deck,col_deck,games,row_wins,col_wins,draws,win_rate,win_rate_ci_low,win_rate_ci_high\na,b,10,5,6,0,0.5,0.2,0.8\n",
    );
    assert!(err(&t.0).contains("row_wins + col_wins + draws = 11 but games = 10"));
    t.write("manifest.json", "{\"kind\": \"tournament\",\n oops}");
    std::fs::remove_file(t.0.join("matrix.csv")).unwrap();
    let e = err(&t.0);
    assert!(e.contains("manifest.json:2: not valid JSON"), "{e}");
}

#[test]
fn a_failed_report_writes_nothing_and_a_good_one_replaces_the_old() {
    let t = Tmp::copy_of("atomic", "impact");
    let (p, r) = write_report(&t.0).unwrap();
    assert_eq!(p, t.0.join("report.html"));
    assert_eq!(std::fs::read_to_string(&p).unwrap(), r.html);
    t.write("impact.csv", "deck,card\n");
    assert!(write_report(&t.0).is_err());
    // The old report is untouched and no temporary file is left.
    assert_eq!(std::fs::read_to_string(&p).unwrap(), r.html);
    let names: Vec<String> = std::fs::read_dir(&t.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
}

#[test]
fn counts_and_rates_are_formatted_for_reading() {
    assert_eq!(charts::count(0), "0");
    assert_eq!(charts::count(999), "999");
    assert_eq!(charts::count(1000), "1,000");
    assert_eq!(charts::count(1_050_000), "1,050,000");
    assert_eq!(pts(0.0004), "0.0");
    assert_eq!(pts(-0.0431), "-4.3");
    assert_eq!(charts::rate_colour(0.5), "#f7f7f7");
    assert_eq!(charts::rate_colour(0.0), "#b2182b");
    assert_eq!(charts::rate_colour(1.0), "#2166ac");
}
