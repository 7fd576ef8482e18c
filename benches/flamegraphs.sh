#!/bin/sh
# Regenerate docs/flamegraphs/WORKLOAD.svg: one flame graph per `cardsim bench` workload
# (perf call graphs of the release build with symbols, folded and drawn by inferno), and
# print each workload's top self-time entries.
#
# Needs: perf (Linux), inferno (`cargo install inferno`: inferno-collapse-perf and
# inferno-flamegraph). Run from the repository root:
#
#     sh benches/flamegraphs.sh [WORKLOAD ...]      # default: every workload
#
# BIN (default: build target/profiling/cardsim) is the binary profiled; GAMES (default 500000, the bench's own default) is the bench's --games; FREQ (default 2000) perf's sampling rate.
# Frames narrower than 0.2% of the samples are dropped (--minwidth) to keep each SVG small;
# inlined functions are counted in the function they were inlined into (--no-inline).
set -eu
GAMES=${GAMES:-500000}
FREQ=${FREQ:-2000}
OUT=docs/flamegraphs
ALL="tyrant tyrant_skills tyrant_long mission_alliance battalla alpha_omega allegiance_2p allegiance_4p allegiance_greedy allegiance_mcts"
[ $# -gt 0 ] && ALL="$*"
# BIN: a cardsim binary built with symbols to use instead of building one.
if [ -z "${BIN:-}" ]; then
    cargo build --profile profiling -p cardsim-sim
    BIN=target/profiling/cardsim
fi
TMP=$(mktemp -d)
mkdir -p "$OUT"
for w in $ALL; do
    g=$GAMES
    perf record -F "$FREQ" -g --call-graph dwarf,16384 -o "$TMP/$w.data" -- \
        "$BIN" bench --threads 1 --only "$w" --games "$g" >/dev/null 2>"$TMP/$w.log"
    perf script --no-inline -i "$TMP/$w.data" 2>/dev/null | inferno-collapse-perf > "$TMP/$w.folded"
    inferno-flamegraph --minwidth 0.2 --title "cardsim bench --only $w --games $g --threads 1" \
        < "$TMP/$w.folded" > "$OUT/$w.svg"
    # Top self-time entries: the leaf frame of each folded stack, summed.
    echo "== $w (top self time)"
    awk '{n=$NF; $NF=""; k=split($0, f, ";"); leaf=f[k]; sub(/ +$/, "", leaf); s[leaf]+=n; t+=n}
         END {for (l in s) printf "%5.1f%% %s\n", 100*s[l]/t, l}' "$TMP/$w.folded" |
        sort -rn | head -8
    rm -f "$TMP/$w.data"
done
rm -rf "$TMP"
