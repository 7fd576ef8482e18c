# What benches/compare.sh and benches/compare_run.sh share (sourced by both, not run): the
# check of their two binary arguments, and the median of a column of numbers.

# Exit with the usage line unless the arguments are two executable files.
two_binaries() {
    if [ $# -ne 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
        echo "usage: $0 OLD_BIN NEW_BIN (two executable cardsim binaries)" >&2
        exit 2
    fi
}

# The median of the numbers on standard input, one a line.
median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2];
        else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
