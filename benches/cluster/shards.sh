#!/usr/bin/env bash
# Shard output size and merge time against the number of shards (docs/cluster.md): a Tyrant
# tournament of the ten example decks cut into N shards, played one after another on this
# machine (simulated shards), then merged; checks the merge equals one process's files.
# Usage: benches/cluster/shards.sh [CARDSIM] [GAMES_PER_PAIR] [N...]
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${1:-target/release/cardsim}
G=${2:-40000}
shift 2 || true
NS=${*:-1 10 100 1000}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
JOB=(tournament --decks data/tyrant/decks --games "$G" --seed 3 --quiet)
"$B" "${JOB[@]}" --out "$W/one" >/dev/null
printf "%8s %14s %14s %12s\n" shards shard_bytes bytes_per_shard merge_s
for n in $NS; do
    for ((k = 0; k < n; k++)); do
        "$B" "${JOB[@]}" --out "$W/job$n" --shard "$k/$n" --threads 1 >/dev/null
    done
    bytes=$(cat "$W"/job"$n"/shard-*/partial.json "$W"/job"$n"/shard-*/shard.json | wc -c)
    t0=$(date +%s.%N)
    "$B" merge "$W/m$n" "$W/job$n" >/dev/null
    t1=$(date +%s.%N)
    for f in summary.csv turns.csv cards.csv matrix.csv ranking.csv; do
        cmp -s "$W/one/$f" "$W/m$n/$f" || { echo "merge of $n shards: $f differs" >&2; exit 1; }
    done
    printf "%8d %14d %14d %12.2f\n" "$n" "$bytes" $((bytes / n)) "$(echo "$t1 - $t0" | bc)"
    rm -rf "$W/job$n" "$W/m$n"
done
