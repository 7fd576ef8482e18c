#!/bin/sh
# Regenerates the shipped reports under reports/ with the current build, each from the command
# recorded in its manifest.json. Ladders (MCTS: minutes to over an hour each) only with --ladders.
# Usage, from the repository root:
#   cargo build --release && sh reports/regenerate.sh [--ladders]
# CARDSIM=path overrides the binary. Results are deterministic for the seeds below.
set -e
cd "$(dirname "$0")/.."
C=${CARDSIM:-./target/release/cardsim}
r() { echo "== $*" >&2; "$C" "$@"; }
if [ "$1" = --ladders ]; then r ladder --game allegiance --games 40 --quiet --out reports/agents/allegiance; fi
if [ "$1" = --ladders ]; then r ladder --game allegiance --agent random --agent greedy --agent mcts:iters=1000,depth=8 --games 300 --threads 2 --quiet --out reports/agents/allegiance-depth8; fi
if [ "$1" = --ladders ]; then r ladder --game allegiance --agent greedy --agent mcts:iters=1000,depth=6 --games 300 --threads 2 --quiet --out reports/agents/allegiance-depth6; fi
if [ "$1" = --ladders ]; then r ladder --game allegiance --agent mcts:iters=1000,depth=8 --agent mcts:iters=1000,depth=6 --games 300 --threads 2 --quiet --out reports/agents/allegiance-depth6-vs-depth8; fi
if [ "$1" = --ladders ]; then r ladder --quiet --out reports/agents/tyrant; fi
r run --game alpha_omega --deck data/alpha_omega/decks/heavenly_host.txt --vs data/alpha_omega/decks/heavenly_host.txt --param common_deck=true --agent greedy --vs-agent greedy --games 2000 --seed 2026 --threads 1 --quiet --out reports/alpha_omega/common_deck_2
r impact --game alpha_omega --deck data/alpha_omega/decks/heavenly_host.txt --vs data/alpha_omega/decks/faithful.txt --agent greedy --vs-agent greedy --all-cards --remove --games 500 --seed 2026 --threads 1 --quiet --out reports/alpha_omega/impact_heavenly_host
if [ "$1" = --ladders ]; then r ladder --game alpha_omega --param players=1 --agent random --agent greedy --agent mcts:iters=100,rollout=greedy --games 300 --threads 2 --quiet --out reports/alpha_omega/ladder_solo; fi
r run --game alpha_omega --deck data/alpha_omega/decks/heavenly_host.txt --vs data/alpha_omega/decks/faithful.txt --param opponent_play=true --param players=1 --agent greedy --vs-agent greedy --games 2000 --seed 2026 --threads 1 --quiet --out reports/alpha_omega/opponent_play_1
r run --game alpha_omega --deck data/alpha_omega/decks/heavenly_host.txt --vs data/alpha_omega/decks/faithful.txt --param opponent_play=true --param players=1 --agent greedy --vs-agent random --games 2000 --seed 2026 --threads 1 --quiet --out reports/alpha_omega/opponent_play_1_greedy_vs_random
r run --game alpha_omega --deck data/alpha_omega/decks/heavenly_host.txt --vs data/alpha_omega/decks/faithful.txt --vs data/alpha_omega/decks/heavenly_host.txt --param opponent_play=true --param players=2 --agent greedy --vs-agent greedy --games 2000 --seed 2026 --threads 1 --quiet --out reports/alpha_omega/opponent_play_2
r run --game alpha_omega --deck data/alpha_omega/decks/heavenly_host.txt --param players=1 --agent greedy --games 2000 --seed 2026 --threads 1 --quiet --out reports/alpha_omega/players_1
r run --game alpha_omega --deck data/alpha_omega/decks/heavenly_host.txt --vs data/alpha_omega/decks/faithful.txt --agent greedy --vs-agent greedy --games 2000 --seed 2026 --threads 1 --quiet --out reports/alpha_omega/players_2
r run --game alpha_omega --deck data/alpha_omega/decks/heavenly_host.txt --vs data/alpha_omega/decks/faithful.txt --vs data/alpha_omega/decks/heavenly_host.txt --param players=3 --agent greedy --vs-agent greedy --games 2000 --seed 2026 --threads 1 --quiet --out reports/alpha_omega/players_3
r run --game alpha_omega --deck data/alpha_omega/decks/heavenly_host.txt --vs data/alpha_omega/decks/faithful.txt --vs data/alpha_omega/decks/heavenly_host.txt --vs data/alpha_omega/decks/faithful.txt --param players=4 --agent greedy --vs-agent greedy --games 2000 --seed 2026 --threads 1 --quiet --out reports/alpha_omega/players_4
r sweep --game alpha_omega --deck data/alpha_omega/decks/heavenly_host.txt --vs data/alpha_omega/decks/faithful.txt --agent greedy --sweep margin=10..50:10 --games 1000 --seed 2026 --threads 1 --quiet --out reports/alpha_omega/sweep_margin
r sweep --game alpha_omega --deck data/alpha_omega/decks/heavenly_host.txt --vs data/alpha_omega/decks/faithful.txt --agent greedy --sweep objective=0,1 --games 2000 --seed 2026 --threads 1 --quiet --out reports/alpha_omega/sweep_objective
if [ "$1" = --ladders ]; then r ladder --game battalla --agent random --agent greedy --agent mcts:iters=2000,depth=10,scale=20 --games 100 --threads 2 --quiet --out reports/battalla/ladder; fi
r sweep --game battalla --decks data/battalla/decks --sweep life_cards=1..9:2 --games 1000 --seed 2026 --threads 2 --quiet --out reports/battalla/sweep
r tournament --game battalla --decks data/battalla/decks --games 5000 --seed 2026 --threads 2 --quiet --out reports/battalla/tournament
r default --quiet --out reports/default
r impact --deck data/tyrant/decks/rush.txt --field data/tyrant/decks --all-cards --replace-with 'Rifle Squad' --games 30000 --seed 2026 --quiet --out reports/impact
r impact --game allegiance --deck data/allegiance/decks/thedric.txt --vs data/allegiance/decks/beledan.txt data/allegiance/decks/hakor.txt data/allegiance/decks/desoth.txt --all-cards --remove --agent greedy --vs-agent greedy --games 400 --seed 2026 --quiet --out reports/impact-allegiance/greedy
r impact --game allegiance --deck data/allegiance/decks/thedric.txt --vs data/allegiance/decks/beledan.txt data/allegiance/decks/hakor.txt data/allegiance/decks/desoth.txt --all-cards --remove --games 100000 --seed 2026 --quiet --out reports/impact-allegiance/random
if [ "$1" = --ladders ]; then r ladder --game mission_alliance --agent random --agent greedy --agent mcts:iters=1000,depth=8 --games 500 --quiet --out reports/mission_alliance/ladder; fi
r sweep --game mission_alliance --decks data/mission_alliance/decks --sweep eliminate_to_win=4..20:4 --games 5000 --seed 2026 --quiet --out reports/mission_alliance/sweep
r tournament --game mission_alliance --decks data/mission_alliance/decks --games 50000 --seed 2026 --quiet --out reports/mission_alliance/tournament
r sweep --decks data/tyrant/decks --sweep turn_limit=10..100:10 --games 2000 --seed 2026 --quiet --out reports/sweep
r run --game allegiance --deck data/allegiance/decks/thedric.txt --vs data/allegiance/decks/beledan.txt --vs data/allegiance/decks/hakor.txt --vs data/allegiance/decks/desoth.txt --param players=4 --param format=team --games 20000 --seed 2026 --quiet --out reports/teams-allegiance
r tournament --decks data/tyrant/decks --games 50000 --seed 2026 --quiet --out reports/tournament
r tournament --game allegiance --decks data/allegiance/decks --games 20000 --quiet --out reports/tournament-allegiance
