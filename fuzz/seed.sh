#!/bin/sh
# Seeds the cargo-fuzz corpora from the shipped files. corpus/TARGET holds every game's
# files; corpus/TARGET-GAME only that game's, for runs pinned with CARDSIM_FUZZ_GAME=GAME.
# For the cards and decks targets each file is prefixed with its game's byte (0 tyrant,
# 1 allegiance, 2 mission_alliance, 3 battalla, 4 alpha_omega); scenarios and manifests
# name their game inside.
# Run from anywhere: fuzz/seed.sh
set -e
cd "$(dirname "$0")"
i=0
for g in tyrant allegiance mission_alliance battalla alpha_omega; do
    for t in cards decks scenarios manifests; do mkdir -p "corpus/$t" "corpus/$t-$g"; done
    b=$(printf '\\%03o' "$i")
    { printf "$b"; cat "../data/$g/cards.csv"; } > "corpus/cards-$g/cards.csv"
    for d in ../data/$g/decks/*.txt; do
        { printf "$b"; cat "$d"; } > "corpus/decks-$g/$(basename "$d")"
    done
    for s in ../scenarios/$g/*.toml; do
        [ -f "$s" ] && cp "$s" "corpus/scenarios-$g/$(basename "$s")"
    done
    find ../reports -name manifest.json | while read -r m; do
        if grep -q "\"game\": *\"$g\"" "$m"; then
            cp "$m" "corpus/manifests-$g/$(dirname "${m#../reports/}" | tr / -).json"
        fi
    done
    for t in cards decks scenarios manifests; do
        for f in corpus/$t-$g/*; do cp "$f" "corpus/$t/$g-$(basename "$f")"; done
    done
    i=$((i + 1))
done
