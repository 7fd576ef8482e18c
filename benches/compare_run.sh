#!/usr/bin/env bash
# Compare two cardsim binaries on `cardsim run` workloads, run alternately (A B A B ...), for
# binaries older than the bench suite (`cardsim bench --only`, which benches/compare.sh
# uses): issue 18's targets are against the main of the day it was filed (88e5548), which
# has `run` but not the suite. Prints per workload the median CPU seconds (user + system,
# whole process, from /usr/bin/time) of each, the median of the pairs' ratios OLD/NEW (above
# 1: NEW is faster), and each binary's mean turns a game (from its summary.csv), which shows
# whether the two still play the same games: rules fixed between them may change results,
# so the outputs are compared by length, not byte for byte. Each run writes its outputs
# (summary, turns, cards and, for newer binaries, the HTML report) into a fresh folder, so
# both sides pay for their output as well as for the games.
#
# Usage: benches/compare_run.sh OLD_BIN NEW_BIN
# Environment: WORKLOADS (default: all six below), RUNS (pairs per workload, default 5),
# THREADS (default 1), SCALE (multiplies every game count, default 1), DATA (the example data
# folder, default the repository's data/).
#   tyrant             rush vs wall_counter, 1,000,000 games
#   tyrant_skills      chaos_control vs regenerate, 500,000
#   tyrant_long        wall_counter vs wall_counter, 500,000
#   allegiance_2p      thedric vs beledan, random, 20,000
#   allegiance_4p      thedric, beledan, desoth, hakor, random, players=4, 10,000
#   allegiance_greedy  thedric vs beledan, greedy vs greedy, 300
set -euo pipefail
# shellcheck source=benches/pairs.sh
. "$(dirname "$0")/pairs.sh"
two_binaries "$@"
old=$1
new=$2
here=$(cd "$(dirname "$0")" && pwd)
data=${DATA:-$here/../data}
workloads=${WORKLOADS:-"tyrant tyrant_skills tyrant_long allegiance_2p allegiance_4p allegiance_greedy"}
runs=${RUNS:-5}
threads=${THREADS:-1}
scale=${SCALE:-1}
[ -x /usr/bin/time ] || { echo "$0: needs /usr/bin/time (GNU time)" >&2; exit 2; }
[ -d "$data/tyrant/decks" ] || { echo "$0: no example data at $data (set DATA)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The `run` arguments of workload $1, with its game count scaled.
args_of() {
    local t=$data/tyrant/decks a=$data/allegiance/decks g
    case $1 in
        tyrant) g=1000000; echo "--deck $t/rush.txt --vs $t/wall_counter.txt" ;;
        tyrant_skills) g=500000; echo "--deck $t/chaos_control.txt --vs $t/regenerate.txt" ;;
        tyrant_long) g=500000; echo "--deck $t/wall_counter.txt --vs $t/wall_counter.txt" ;;
        allegiance_2p) g=20000; echo "--game allegiance --deck $a/thedric.txt --vs $a/beledan.txt" ;;
        allegiance_4p) g=10000
            echo "--game allegiance --deck $a/thedric.txt --vs $a/beledan.txt --vs $a/desoth.txt --vs $a/hakor.txt --param players=4" ;;
        allegiance_greedy) g=300
            echo "--game allegiance --deck $a/thedric.txt --vs $a/beledan.txt --agent greedy --vs-agent greedy" ;;
        *) echo "$0: unknown workload $1" >&2; return 1 ;;
    esac
    awk -v g="$g" -v s="$scale" 'BEGIN { n = int(g * s); printf "--games %d\n", (n < 1 ? 1 : n) }'
}

# One run of binary $1 on workload $2 into folder $3: prints the CPU seconds.
cpu() {
    rm -rf "$3"
    # shellcheck disable=SC2046 # the arguments are split on purpose (no spaces in them)
    /usr/bin/time -f '%U %S' -o "$tmp/time" \
        "$1" run $(args_of "$2") --threads "$threads" --quiet --out "$3" >/dev/null
    awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/time"
}

# Mean turns a game over all games, from a run's summary.csv (the rows of every seat).
turns() {
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "mean_turns") t = i;
        if ($i == "seat") s = i } next } $s == "all" { print $t; exit }' "$1/summary.csv"
}

echo "old: $old"
echo "new: $new"
echo "threads $threads, $runs pairs per workload, scale $scale, load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-18s %10s %10s %10s %10s %10s\n' workload old_cpu_s new_cpu_s old/new old_turns new_turns
for w in $workloads; do
    args_of "$w" >/dev/null
    : >"$tmp/old.cpu"
    : >"$tmp/new.cpu"
    : >"$tmp/ratios"
    for _ in $(seq "$runs"); do
        a=$(cpu "$old" "$w" "$tmp/old")
        b=$(cpu "$new" "$w" "$tmp/new")
        echo "$a" >>"$tmp/old.cpu"
        echo "$b" >>"$tmp/new.cpu"
        awk -v a="$a" -v b="$b" 'BEGIN { if (b > 0) printf "%.4f\n", a / b }' >>"$tmp/ratios"
    done
    printf '%-18s %10.3f %10.3f %10.3f %10s %10s\n' "$w" "$(median <"$tmp/old.cpu")" \
        "$(median <"$tmp/new.cpu")" "$(median <"$tmp/ratios")" "$(turns "$tmp/old")" \
        "$(turns "$tmp/new")"
done
echo "(old/new: median of the pairs' CPU-time ratios; turns: mean turns a game of each binary's last run)"
