#!/usr/bin/env bash
# `tinyllm-grade merge` on two batch shards (made by write_batch_shards with a fake grader):
# every learner of both shards appears once in the class report, and a shard folder that does not
# exist is a usage error (status 3) that names it.
# Usage: check_merge_subcommand.sh <tinyllm-grade> <folder with shard1 and shard2>
set -euo pipefail
grader=$1
folder=$2
merged=$(mktemp -d)
trap 'rm -rf "$merged"' EXIT
"$grader" merge "$folder/shard1" "$folder/shard2" --output "$merged"
for file in class-report.json class-report.html class-learners.csv class-mutants.csv; do
  [ -s "$merged/$file" ] || { echo "FAIL: merge wrote no $file"; exit 1; }
done
rows=$(tail -n +2 "$merged/class-learners.csv" | wc -l)
[ "$rows" -eq 6 ] || { echo "FAIL: $rows learners in the merged CSV, expected 6"; cat "$merged/class-learners.csv"; exit 1; }
grep -q '^fail_reveal_title,FAIL,0.6667,4,6,0,0,title,S,K,K,T,S,K' "$merged/class-learners.csv" ||
  { echo "FAIL: fail_reveal_title's row is wrong"; cat "$merged/class-learners.csv"; exit 1; }
set +e
message=$("$grader" merge "$folder/shard1" "$folder/no-such-shard" --output "$merged" 2>&1)
status=$?
set -e
[ "$status" -eq 3 ] || { echo "FAIL: a missing shard gave status $status, expected 3"; exit 1; }
echo "$message" | grep -q "no-such-shard" || { echo "FAIL: the error does not name the shard: $message"; exit 1; }
echo "merge subcommand: 2 passed, 0 failed"
