#!/bin/bash
# Queue a cardsim job array (cardsim-array.sbatch) and, after every task has succeeded, the
# merge that writes the job's outputs into $JOB_DIR. Prints the two Slurm job ids.
# The variables CARDSIM, JOB_DIR and CARDSIM_ARGS (see cardsim-array.sbatch) pass through.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
CARDSIM=${CARDSIM:-cardsim}
JOB_DIR=${JOB_DIR:-$PWD/reports/cluster-job}
export CARDSIM JOB_DIR
array=$(sbatch --parsable "$@" "$here/cardsim-array.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --job-name=cardsim-merge --dependency="afterok:$array" \
    --output="cardsim-merge-%j.log" --wrap "\"$CARDSIM\" merge \"$JOB_DIR\" \"$JOB_DIR\"")
echo "array $array"
echo "merge ${merge%%;*}"
