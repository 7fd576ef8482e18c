#!/usr/bin/env bash
# Instructions per game of `cardsim bench` workloads, counted by callgrind (valgrind), which
# is deterministic where CPU time on a shared machine is not: the speed pages' instruction
# tables come from it. Each workload runs twice, with `--games` BIG and SMALL, and the
# difference is divided by the games between them, so set-up and start-up cancel out.
# With BRANCH_SIM=1 it also prints callgrind's simulated mispredicts a game (conditional
# and indirect): a crude model of a branch predictor, a hint and not a CPU measurement.
#
# Usage: benches/instructions.sh BIN WORKLOAD...
#   e.g. benches/instructions.sh target/release/cardsim tyrant tyrant_skills allegiance_2p
# Environment: BRANCH_SIM (0 or 1, default 0), OUT (where callgrind's files go, default a
# temporary directory removed at the end).
# The `--games` pairs are the speed pages' since session 19: 40,000 less 20,000 for the
# Tyrant workloads; 22,000 less 2,000 for `allegiance_2p`, 30,000 less 5,000 for
# `allegiance_4p`, 20,000 less 2,000 for `allegiance_greedy`, 200,000 less 100,000 for
# `allegiance_mcts` (its second game alone); 20,000 less 10,000 for the others. The bench
# divides `--games` by each workload's divisor, so these are 10,000 `tyrant_skills` games,
# 1,000 and 500 random Allegiance games, 9 greedy games, 1 MCTS game.
# Fewer games than that make a workload's figure swing with which games they are.
set -euo pipefail

if [ $# -lt 2 ] || [ ! -x "$1" ]; then
    echo "usage: $0 BIN WORKLOAD... (BIN an executable cardsim binary)" >&2
    exit 2
fi
command -v valgrind >/dev/null || { echo "$0: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
bin=$1
shift
branch=${BRANCH_SIM:-0}
if [ -n "${OUT:-}" ]; then
    out=$OUT
    mkdir -p "$out"
else
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
opts=(--tool=callgrind --dump-instr=no)
[ "$branch" = 1 ] && opts+=(--branch-sim=yes)

# The workload's divisor, from the bench's own header line (`games=N` for `--games G`).
games_of() {
    "$bin" bench --only "$1" --threads 1 --games "$2" | awk '/^signature/ {
        for (i = 1; i <= NF; i++) if ($i ~ /^games=/) { sub("games=", "", $i); print $i } }'
}

for w in "$@"; do
    case $w in
        tyrant*) big=40000 small=20000 ;;
        allegiance_2p) big=22000 small=2000 ;;
        allegiance_4p) big=30000 small=5000 ;;
        allegiance_greedy) big=20000 small=2000 ;;
        allegiance_mcts) big=200000 small=100000 ;;
        *) big=20000 small=10000 ;;
    esac
    n_big=$(games_of "$w" "$big")
    n_small=$(games_of "$w" "$small")
    if [ -z "$n_big" ] || [ -z "$n_small" ]; then
        echo "$0: workload $w: no game count in the bench's signature line" >&2
        exit 1
    fi
    if [ "$n_big" -le "$n_small" ]; then
        echo "$0: workload $w: --games $big and $small play the same number of games ($n_big)" >&2
        exit 1
    fi
    for g in $big $small; do
        valgrind "${opts[@]}" --callgrind-out-file="$out/$w.$g.cg" \
            "$bin" bench --only "$w" --threads 1 --games "$g" >/dev/null 2>"$out/$w.$g.log"
    done
    # The totals line holds the events in order: Ir, then Bc Bcm Bi Bim with the branch model.
    a=$(awk '/^(totals|summary):/ { $1 = ""; print; exit }' "$out/$w.$big.cg")
    b=$(awk '/^(totals|summary):/ { $1 = ""; print; exit }' "$out/$w.$small.cg")
    awk -v w="$w" -v a="$a" -v b="$b" -v n=$((n_big - n_small)) -v br="$branch" 'BEGIN {
        split(a, x, " "); split(b, y, " ");
        printf "%s: %.0f instructions a game", w, (x[1] - y[1]) / n;
        if (br == 1) printf ", %.1f conditional and %.1f indirect mispredicts a game (model)",
            (x[3] - y[3]) / n, (x[5] - y[5]) / n;
        printf " (%d games)\n", n }'
done
