#!/usr/bin/env bash
# Compare two cardsim binaries on the same `cardsim bench` workloads, run alternately
# (A B A B ...), and print per workload the median CPU seconds (user + system, whole
# process, from /usr/bin/time) of each and the ratio OLD/NEW (above 1: NEW is faster).
# CPU time, not wall time, so that a machine shared with other jobs still gives fair
# ratios; the signatures of the two binaries must match (a speed change keeps them).
#
# Usage: benches/compare.sh OLD_BIN NEW_BIN
# Environment: WORKLOADS (default "tyrant tyrant_skills tyrant_long"), GAMES (--games,
# default 200000), THREADS (default 1), RUNS (pairs per workload, default 5).
set -euo pipefail
# shellcheck source=benches/pairs.sh
. "$(dirname "$0")/pairs.sh"
two_binaries "$@"
old=$1
new=$2
workloads=${WORKLOADS:-"tyrant tyrant_skills tyrant_long"}
games=${GAMES:-200000}
threads=${THREADS:-1}
runs=${RUNS:-5}
[ -x /usr/bin/time ] || { echo "$0: needs /usr/bin/time (GNU time)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One run: prints the CPU seconds; keeps the bench output in $tmp/$3.out.
cpu() {
    /usr/bin/time -f '%U %S' -o "$tmp/time" \
        "$1" bench --only "$2" --games "$games" --threads "$threads" >"$tmp/$3.out"
    awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/time"
}

echo "old: $old"
echo "new: $new"
echo "games $games, threads $threads, $runs pairs per workload, load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-16s %10s %10s %10s %12s %12s\n' workload old_cpu_s new_cpu_s old/new old_games/s new_games/s
status=0
for w in $workloads; do
    : >"$tmp/old.cpu"
    : >"$tmp/new.cpu"
    : >"$tmp/ratios"
    for _ in $(seq "$runs"); do
        a=$(cpu "$old" "$w" old)
        b=$(cpu "$new" "$w" new)
        echo "$a" >>"$tmp/old.cpu"
        echo "$b" >>"$tmp/new.cpu"
        awk -v a="$a" -v b="$b" 'BEGIN { if (b > 0) printf "%.4f\n", a / b }' >>"$tmp/ratios"
    done
    if ! diff <(grep '^signature' "$tmp/old.out") <(grep '^signature' "$tmp/new.out") >/dev/null; then
        echo "$w: the signatures differ:" >&2
        grep -h '^signature' "$tmp/old.out" "$tmp/new.out" >&2
        status=1
    fi
    n=$(grep '^signature' "$tmp/new.out" | sed 's/.*games=\([0-9]*\).*/\1/')
    oc=$(median <"$tmp/old.cpu")
    nc=$(median <"$tmp/new.cpu")
    r=$(median <"$tmp/ratios")
    awk -v w="$w" -v oc="$oc" -v nc="$nc" -v r="$r" -v n="$n" 'BEGIN {
        printf "%-16s %10.3f %10.3f %10.3f %12.0f %12.0f\n", w, oc, nc, r,
            (oc > 0 ? n / oc : 0), (nc > 0 ? n / nc : 0) }'
done
echo "(old/new: median of the pairs' CPU-time ratios; games/s: games per CPU second, median run)"
exit $status
