#!/bin/sh
# Seeds the cargo-fuzz corpora from the shipped files: for the cards and decks targets each
# file is prefixed with its game's byte (0 tyrant, 1 allegiance, 2 mission_alliance,
# 3 battalla, 4 alpha_omega); scenarios and manifests name their game inside.
# Run from fuzz/: ./seed.sh
set -e
cd "$(dirname "$0")"
mkdir -p corpus/cards corpus/decks corpus/scenarios corpus/manifests
i=0
for g in tyrant allegiance mission_alliance battalla alpha_omega; do
    b=$(printf '\\%03o' "$i")
    { printf "$b"; cat "../data/$g/cards.csv"; } > "corpus/cards/$g.csv"
    for d in ../data/$g/decks/*.txt; do
        { printf "$b"; cat "$d"; } > "corpus/decks/$g-$(basename "$d")"
    done
    for s in ../scenarios/$g/*.toml; do
        [ -f "$s" ] && cp "$s" "corpus/scenarios/$g-$(basename "$s")"
    done
    i=$((i + 1))
done
find ../reports -name manifest.json | while read -r m; do
    cp "$m" "corpus/manifests/$(dirname "${m#../reports/}" | tr / -).json"
done
