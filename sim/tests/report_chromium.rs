//! `cardsim report` pages render in a real browser: for each fixture output folder, the
//! binary writes `report.html`, headless Chromium takes a screenshot (which must be a real
//! picture with coloured chart marks, not a blank page) and dumps the rendered DOM (which must
//! hold every expected chart, each with drawn shapes and text).
//!
//! Chromium is looked for in `$CARDSIM_CHROMIUM`, `/usr/bin/chromium`, then `chromium` and
//! `chromium-browser` on `PATH`. Without it the tests are skipped with a visible notice, or
//! fail when `CARDSIM_REQUIRE_BROWSER=1` (`.ci/run` installs Chromium and sets it).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use common::{fixture, Tmp};

/// One browser at a time: they are heavy, and the machine is small.
static BROWSER: Mutex<()> = Mutex::new(());

fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("CARDSIM_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let fixed = PathBuf::from("/usr/bin/chromium");
    if fixed.is_file() {
        return Some(fixed);
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser"] {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// The browser, or `None` when the test is to be skipped (see [`common::outside_program`]).
fn browser_or_skip(test: &str) -> Option<PathBuf> {
    common::outside_program(
        test,
        "headless Chromium (looked for $CARDSIM_CHROMIUM, /usr/bin/chromium, chromium and chromium-browser on PATH)",
        "CARDSIM_REQUIRE_BROWSER",
        chromium(),
        "install it with `apt-get install chromium`; .ci/run does",
    )
}

/// Run headless Chromium on `page` with `mode` (`--screenshot=…` or `--dump-dom`) in a fresh
/// profile; returns stdout. Killed after two minutes.
fn run_chromium(exe: &Path, profile: &Path, page: &Path, mode: &str) -> String {
    let url = format!(
        "file://{}",
        page.canonicalize()
            .unwrap()
            .display()
            .to_string()
            .replace(' ', "%20")
    );
    let out_file = profile.join("stdout.txt");
    let mut child = Command::new(exe)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            &format!("--user-data-dir={}", profile.join("profile").display()),
            "--window-size=1200,3000",
            mode,
            &url,
        ])
        // Keep the browser's own files inside the temporary folder.
        .env("HOME", profile)
        .env("XDG_CONFIG_HOME", profile.join("config"))
        .env("XDG_CACHE_HOME", profile.join("cache"))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_file).unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", exe.display()));
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{} {mode} took more than 120 s", exe.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut err = String::new();
    if let Some(mut e) = child.stderr.take() {
        use std::io::Read;
        let _ = e.read_to_string(&mut err);
    }
    assert!(
        status.success(),
        "{} {mode} failed ({status}):\n{err}",
        exe.display()
    );
    std::fs::read_to_string(&out_file).unwrap()
}

/// Decoded screenshot: (width, height, number of distinct colours, number of saturated
/// pixels).
fn picture_stats(png_path: &Path) -> (u32, u32, usize, usize) {
    let file = std::io::BufReader::new(std::fs::File::open(png_path).unwrap());
    let mut dec = png::Decoder::new(file);
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = match info.color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        c => panic!("unexpected colour type {c:?}"),
    };
    let mut colours = std::collections::HashSet::new();
    let mut saturated = 0;
    for y in 0..info.height as usize {
        let row = &buf[y * info.line_size..y * info.line_size + info.width as usize * channels];
        for px in row.chunks(channels) {
            let rgb = if channels >= 3 {
                [px[0], px[1], px[2]]
            } else {
                [px[0]; 3]
            };
            colours.insert(rgb);
            let (mx, mn) = (rgb.iter().max().unwrap(), rgb.iter().min().unwrap());
            if mx - mn > 60 {
                saturated += 1;
            }
        }
    }
    (info.width, info.height, colours.len(), saturated)
}

/// The opening tag and content of the `<svg>` whose id is `id` in a DOM dump.
fn svg_by_id<'a>(dom: &'a str, id: &str) -> Option<&'a str> {
    let needle = format!("id=\"{id}\"");
    let mut from = 0;
    while let Some(i) = dom[from..].find("<svg") {
        let start = from + i;
        let tag_end = start + dom[start..].find('>')?;
        if dom[start..tag_end].contains(&needle) {
            let end = tag_end + dom[tag_end..].find("</svg>")?;
            return Some(&dom[start..end]);
        }
        from = tag_end;
    }
    None
}

fn count_tags(svg: &str, tags: &[&str]) -> usize {
    tags.iter()
        .map(|t| svg.matches(&format!("<{t} ")).count())
        .sum()
}

/// Non-empty `<text>` elements.
fn count_labels(svg: &str) -> usize {
    svg.split("<text ")
        .skip(1)
        .filter(|s| {
            let a = s.find('>').map(|i| i + 1).unwrap_or(0);
            let b = s.find("</text>").unwrap_or(a);
            !s[a..b].trim().is_empty()
        })
        .count()
}

fn check_fixture(name: &str, expected: &[String]) {
    let Some(exe) = browser_or_skip(name) else {
        return;
    };
    let _one = BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let tmp = Tmp::new(&format!("report-browser-{name}"));
    let dir = tmp.0.join("out");
    std::fs::create_dir_all(&dir).unwrap();
    for e in std::fs::read_dir(fixture(name)).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
    }
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .arg("report")
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "cardsim report failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let page = dir.join("report.html");
    assert!(page.is_file());

    // The screenshot: a real picture of the page, with coloured chart marks on it.
    let shot = tmp.0.join("shot.png");
    run_chromium(
        &exe,
        &tmp.0,
        &page,
        &format!("--screenshot={}", shot.display()),
    );
    let size = std::fs::metadata(&shot)
        .unwrap_or_else(|_| panic!("{name}: no screenshot written"))
        .len();
    assert!(size > 20_000, "{name}: screenshot is only {size} bytes");
    let (w, h, colours, saturated) = picture_stats(&shot);
    eprintln!(
        "{name}: screenshot {w}x{h}, {size} bytes, {colours} colours, {saturated} coloured pixels"
    );
    assert_eq!((w, h), (1200, 3000), "{name}: screenshot size");
    assert!(
        colours >= 50,
        "{name}: only {colours} colours in the screenshot"
    );
    assert!(
        saturated >= 2_000,
        "{name}: only {saturated} coloured pixels: the charts were not painted"
    );

    // The rendered DOM: every expected chart, with shapes and labels.
    let dom = run_chromium(&exe, &tmp.0, &page, "--dump-dom");
    assert!(dom.contains("</html>"), "{name}: no DOM dumped");
    assert_eq!(
        dom.matches("data-chart=\"").count(),
        expected.len(),
        "{name}: number of charts in the DOM"
    );
    for id in expected {
        let svg = svg_by_id(&dom, id).unwrap_or_else(|| panic!("{name}: chart {id} missing"));
        let shapes = count_tags(svg, &["rect", "path", "polyline", "polygon", "circle"]);
        let labels = count_labels(svg);
        // Shapes that stand for data (the report gives them these classes), not axes or keys.
        let marks: usize = ["cell", "bar", "whisker", "band", "point"]
            .iter()
            .map(|c| svg.matches(&format!("class=\"{c}")).count())
            .sum();
        assert!(marks >= 2, "{name}: chart {id} has only {marks} data marks");
        eprintln!("{name}: {id}: {shapes} shapes ({marks} data marks), {labels} labels");
        // A one-matchup chart (the seat advantage of a `run`) has just a bar and its whisker.
        assert!(
            shapes >= marks.max(2),
            "{name}: chart {id} has only {shapes} shapes"
        );
        assert!(labels >= 5, "{name}: chart {id} has only {labels} labels");
        assert!(
            svg.contains("viewBox=\""),
            "{name}: chart {id} has no viewBox"
        );
    }
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn tournament_report_renders() {
    check_fixture("tournament", &ids(&["chart-matrix", "chart-ranking"]));
}

#[test]
fn real_tournament_report_renders() {
    check_fixture(
        "tournament_real",
        &ids(&[
            "chart-matrix",
            "chart-ranking",
            "chart-seats",
            "chart-turns",
        ]),
    );
}

#[test]
fn impact_report_renders() {
    check_fixture("impact", &ids(&["chart-impact"]));
}

#[test]
fn sweep_report_renders() {
    check_fixture("sweep", &ids(&["chart-sweep-1", "chart-sweep-turns-1"]));
}

#[test]
fn run_report_renders() {
    check_fixture(
        "run",
        &ids(&["chart-run-heatmap", "chart-seats", "chart-turns"]),
    );
}

#[test]
fn run_report_with_card_stats_renders() {
    check_fixture(
        "run_iwd",
        &ids(&["chart-run-heatmap", "chart-seats", "chart-turns"]),
    );
}
