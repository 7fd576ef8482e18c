//! Per-team rows (`teams.csv`) of a four-player Allegiance team run: which decks are teamed,
//! counts consistent with the per-deck rows, identical for one and two threads; no team rows
//! for individual formats.

use std::path::PathBuf;

use cardsim_sim::output::TeamRow;
use cardsim_sim::settings::RunSettings;
use cardsim_sim::{execute, Job, Pairing};

fn deck(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../data/allegiance/decks/{name}.txt"))
}

fn tmp(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cardsim-teams-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn job(threads: usize, out: PathBuf, format: &str) -> Job {
    Job {
        run: RunSettings {
            game: "allegiance".into(),
            seed: 5,
            threads: Some(threads),
            out: Some(out),
            params: vec!["players=4".into(), format!("format={format}")],
            command: vec!["test".into()],
            ..Default::default()
        },
        decks: ["thedric", "beledan", "hakor", "desoth"]
            .iter()
            .map(|d| deck(d))
            .collect(),
        pairing: Pairing::Single,
        agents: vec!["random".into(); 4],
        games: 602,
    }
}

#[test]
fn team_rows_name_the_partners_and_agree_with_the_deck_rows() {
    let (o1, o2) = (tmp("t1"), tmp("t2"));
    let a = execute(&job(1, o1.clone(), "team")).unwrap();
    let b = execute(&job(2, o2.clone(), "team")).unwrap();
    assert_eq!(a.teams, b.teams);
    let f1 = std::fs::read(o1.join("teams.csv")).unwrap();
    assert_eq!(f1, std::fs::read(o2.join("teams.csv")).unwrap());

    // Slot k sits in seat (k + game) mod 4 and seats 0+2 play 1+3, so the first and third
    // decks are always partners, as are the second and fourth; game g puts the first team in
    // seats 0+2 (moving first) when g is even, 1+3 when odd: 301 games each of 602.
    let shape: Vec<(&str, &str, &str, &str, u64)> = a
        .teams
        .iter()
        .map(|r| {
            (
                r.team.as_str(),
                r.opponent.as_str(),
                r.seats.as_str(),
                r.moves_first.as_str(),
                r.acc.games,
            )
        })
        .collect();
    assert_eq!(
        shape,
        [
            ("thedric+hakor", "beledan+desoth", "seat0+seat2", "yes", 301),
            ("thedric+hakor", "beledan+desoth", "seat1+seat3", "no", 301),
            ("thedric+hakor", "beledan+desoth", "all", "both", 602),
            ("beledan+desoth", "thedric+hakor", "seat0+seat2", "yes", 301),
            ("beledan+desoth", "thedric+hakor", "seat1+seat3", "no", 301),
            ("beledan+desoth", "thedric+hakor", "all", "both", 602),
        ]
    );
    let t = |team: &str, seats: &str| -> &TeamRow {
        a.teams
            .iter()
            .find(|r| r.team == team && r.seats == seats)
            .unwrap()
    };
    let deck_all = |d: &str| {
        &a.summary
            .iter()
            .find(|r| r.deck == d && r.seat == "all")
            .unwrap()
            .acc
    };
    for (team, members, other) in [
        ("thedric+hakor", ["thedric", "hakor"], "beledan+desoth"),
        ("beledan+desoth", ["beledan", "desoth"], "thedric+hakor"),
    ] {
        let all = &t(team, "all").acc;
        assert_eq!(all.wins + all.draws + all.losses, all.games);
        // Both members of a winning team win: the team's wins are each member's wins.
        for m in members {
            assert_eq!(deck_all(m).wins, all.wins, "{m}");
            assert_eq!(deck_all(m).games, all.games, "{m}");
        }
        // Two teams: one's wins are the other's losses; draws are shared.
        let o = &t(other, "all").acc;
        assert_eq!((all.wins, all.draws), (o.losses, o.draws));
        // The seat rows add up to the `all` row, and the seats mirror the other team's.
        let (s02, s13) = (&t(team, "seat0+seat2").acc, &t(team, "seat1+seat3").acc);
        assert_eq!(s02.wins + s13.wins, all.wins);
        assert_eq!(s02.losses + s13.losses, all.losses);
        assert_eq!(s02.wins, t(other, "seat1+seat3").acc.losses);
    }
    assert_eq!(
        t("thedric+hakor", "all").acc.wins + t("beledan+desoth", "all").acc.wins,
        602 - t("thedric+hakor", "all").acc.draws
    );
    // The CSV: header, then the six rows with their intervals.
    let text = String::from_utf8(f1).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "matchup,team,opponent,seats,moves_first,games,wins,losses,draws,win_rate,win_rate_ci_low,win_rate_ci_high,draw_rate,draw_rate_ci_low,draw_rate_ci_high,loss_rate,loss_rate_ci_low,loss_rate_ci_high,wins_at_limit,losses_at_limit,draws_at_limit,win_rate_effective_games"
    );
    assert_eq!(lines.count(), 6);
    let all = &t("thedric+hakor", "all").acc;
    assert!(text.contains(&format!(
        "thedric-vs-beledan-vs-hakor-vs-desoth,thedric+hakor,beledan+desoth,all,both,602,{},{},{},{:.4},",
        all.wins,
        all.losses,
        all.draws,
        all.wins as f64 / 602.0
    )));
    // The report shows them.
    let r = cardsim_sim::report::render(&o1).unwrap();
    assert!(
        r.charts.contains(&"chart-teams".to_string()),
        "{:?}",
        r.charts
    );
    for d in [o1, o2] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn individual_formats_have_no_team_rows() {
    let o = tmp("ffa");
    for format in ["ffa", "sworn"] {
        let r = execute(&job(2, o.clone(), format)).unwrap();
        assert!(r.teams.is_empty(), "{format}");
        assert!(!o.join("teams.csv").exists(), "{format}");
        assert!(o.join("summary.csv").exists());
        let _ = std::fs::remove_dir_all(&o);
    }
}

#[test]
fn cardsim_run_prints_and_writes_the_team_rows() {
    let o = tmp("cli");
    let d = |n: &str| deck(n).to_str().unwrap().to_string();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(["run", "--game", "allegiance", "--deck", &d("beledan")])
        .args([
            "--vs",
            &d("hakor"),
            "--vs",
            &d("thedric"),
            "--vs",
            &d("desoth"),
        ])
        .args([
            "--param",
            "players=4",
            "--param",
            "format=team",
            "--games",
            "40",
        ])
        .args(["--quiet", "--out", o.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The team table, exactly (comfy-table's plain style: text left, numbers right).
    let table = "\
matchup                               team            games  win rate [95% CI] draws losses win rate by seats
------------------------------------- --------------- ----- ------------------ ----- ------ -----------------------------------
beledan-vs-hakor-vs-thedric-vs-desoth beledan+thedric    40 82.5% [66.7, 92.1]  0.0%  17.5% seat0+seat2 80.0% seat1+seat3 85.0%
beledan-vs-hakor-vs-thedric-vs-desoth hakor+desoth       40  17.5% [7.9, 33.3]  0.0%  82.5% seat0+seat2 15.0% seat1+seat3 20.0%
";
    assert!(stdout.contains(table), "{stdout}");
    let csv = std::fs::read_to_string(o.join("teams.csv")).unwrap();
    assert_eq!(csv.lines().count(), 7);
    assert!(csv.contains(",beledan+thedric,hakor+desoth,seat0+seat2,yes,20,"));
    let _ = std::fs::remove_dir_all(&o);
}
