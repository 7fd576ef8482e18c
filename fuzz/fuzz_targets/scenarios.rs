//! Fuzz target: a scenario file (any game: the file names its game), run from a folder
//! holding the test decks and Tyrant's scenario cards. With `CARDSIM_FUZZ_GAME=NAME` every
//! input is a scenario of that game, run from a copy of its scenario folder (with the
//! repository's `data` beside it, as `../../data` paths expect).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let r = common::repo();
    let work = common::work("scenarios");
    let (dir, text) = match common::pinned() {
        Some(game) => {
            let dir = work.join("scenarios").join(game);
            if !dir.exists() {
                common::copy_dir(&r.join("scenarios").join(game), &dir);
                std::os::unix::fs::symlink(r.join("data"), work.join("data")).unwrap();
            }
            (dir, common::pin_scenario(game, data))
        }
        None => {
            if !work.join("cards.csv").exists() {
                std::fs::create_dir_all(work.join("decks")).unwrap();
                std::fs::copy(r.join("scenarios/tyrant/cards.csv"), work.join("cards.csv"))
                    .unwrap();
                std::fs::copy(
                    r.join("scenarios/battalla/decks/test.txt"),
                    work.join("decks/test.txt"),
                )
                .unwrap();
            }
            (work, data.to_vec())
        }
    };
    let file = dir.join("fuzzed.toml");
    std::fs::write(&file, text).unwrap();
    let _ = cardsim_sim::scenario::run_file(&file);
});
