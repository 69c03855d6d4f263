#!/usr/bin/env bash
# Grades a class on a Slurm cluster: submits the array of grade-class.sbatch (one shard of the
# class per task, all into OUT) and merge-class.sbatch, which runs when every task has ended well
# (--dependency=afterok) and writes the class report into OUT. Prints both job ids.
# Run it again after a failed or killed task (once the array has ended): every learner whose suite
# has a current grade in OUT keeps it, so only the rest is graded.
#
# Usage: scripts/slurm/submit.sh [options] SUITES OUT [-- grading options...]
#   --tasks N          array tasks, one shard each (default 4)
#   --cpus-per-task C  cores of each task, its grader's --jobs (default 2)
#   --mem-per-cpu M    memory of each core, e.g. 1G (default 1G; README.md has measured figures)
#   --time T           time limit of each task, e.g. 01:00:00 (default 02:00:00)
#   --sbatch OPTION    one more sbatch option for both jobs, e.g. --sbatch --partition=teaching
#                      (repeat it for several)
#   grading options: those of `tinyllm-grade batch`, e.g. -- --config grading.toml
# Environment: TINYLLM_GRADE, the grader (default: this checkout's build/runner/tinyllm-grade, or
# tinyllm-grade on PATH). Job logs go to OUT/slurm-logs/.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

usage() {
  sed -n '/^# Usage:/,/^# Environment/p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

tasks=4
cpus=2
mem=1G
time_limit=02:00:00
both=()
positional=()
while [ $# -gt 0 ]; do
  case $1 in
    --tasks) tasks=${2:?--tasks needs a number}; shift 2 ;;
    --cpus-per-task) cpus=${2:?--cpus-per-task needs a number}; shift 2 ;;
    --mem-per-cpu) mem=${2:?--mem-per-cpu needs a size}; shift 2 ;;
    --time) time_limit=${2:?--time needs a limit}; shift 2 ;;
    --sbatch) both+=("${2:?--sbatch needs an option}"); shift 2 ;;
    --) shift; break ;;
    -h | --help) usage ;;
    -*) echo "submit.sh: unknown option $1" >&2; usage ;;
    *) positional+=("$1"); shift ;;
  esac
done
[ ${#positional[@]} -eq 2 ] || { echo "submit.sh: give SUITES and OUT" >&2; usage; }
[[ $tasks =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: --tasks $tasks is not a positive number" >&2; exit 2; }
[[ $cpus =~ ^[1-9][0-9]*$ ]] || { echo "submit.sh: --cpus-per-task $cpus is not a positive number" >&2; exit 2; }
suites=$(realpath -- "${positional[0]}")
out=$(realpath -m -- "${positional[1]}")
[ -d "$suites" ] || { echo "submit.sh: $suites is not a folder: pass the class, one subfolder per learner's suite" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "submit.sh: sbatch is not on PATH: run this on a Slurm login node" >&2; exit 2; }

if [ -z "${TINYLLM_GRADE:-}" ]; then
  if [ -x "$here/../../build/runner/tinyllm-grade" ]; then
    TINYLLM_GRADE=$(realpath "$here/../../build/runner/tinyllm-grade")
  elif command -v tinyllm-grade >/dev/null; then
    TINYLLM_GRADE=$(command -v tinyllm-grade)
  else
    echo "submit.sh: no grader: build it (./scripts/grade-example.sh) or set TINYLLM_GRADE" >&2
    exit 2
  fi
fi
export TINYLLM_GRADE # sbatch passes the environment on (--export=ALL)

logs=$out/slurm-logs
mkdir -p "$logs"
array=$(sbatch --parsable "${both[@]}" --array="1-$tasks" --cpus-per-task="$cpus" \
  --mem-per-cpu="$mem" --time="$time_limit" --output="$logs/grade-%A_%a.log" \
  "$here/grade-class.sbatch" "$suites" "$out" "$@")
array=${array%%;*} # --parsable prints "id;cluster" on a federation
merge=$(sbatch --parsable "${both[@]}" --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --output="$logs/merge-%j.log" "$here/merge-class.sbatch" "$suites" "$out")
merge=${merge%%;*}

echo "submitted: array job $array ($tasks tasks, a shard of $suites each) and merge job $merge after it"
echo "follow: squeue --jobs $array,$merge   logs: $logs/"
echo "class report, when the merge has run: $out/class-report.html"
echo "a task failed or was killed: read its log, then run this command again once the array has ended"
