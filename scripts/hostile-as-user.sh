#!/usr/bin/env bash
# Runs the tests labelled `hostile` (hostile suites: compile and run, and the grading outcomes of
# crashes, hangs and early exits) as a normal user, as an instructor grades on their own machine:
# the sandbox is bubblewrap's, rootless, there too. As root, scripts/test.sh runs them only this
# way, once. A system user is made for it, and the folders above the checkout are opened for others
# to enter (o+x), so that it reaches the build. The exit status is the tests' verdict.
set -euo pipefail
cd "$(dirname "$0")/.."

[ "$(id -u)" -eq 0 ] || { echo "hostile-as-user: run as root (a normal user runs them with ctest)" >&2; exit 2; }
id tinyllm-ci >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin tinyllm-ci
repo=$(pwd)
dir=$repo
while [ "$dir" != / ]; do
  if ! runuser -u tinyllm-ci -- test -x "$dir"; then
    echo "hostile-as-user: opening $dir for others to enter (o+x)"
    chmod o+x "$dir"
  fi
  dir=$(dirname "$dir")
done
status=0
tests="$repo/build/tests/runner"
# The three programs at once (as ctest runs them for a normal user, beside other tests): they
# mostly wait on runs that sleep, spin or time out. Each one's output is printed whole at its end.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
programs=(sandbox/runner_sandbox_e2e_test sandbox/runner_sandbox_compile_e2e_test
  grading/runner_hostile_grading_e2e_test)
pids=()
for program in "${programs[@]}"; do
  (cd /tmp && runuser -u tinyllm-ci -- env HOME=/tmp TMPDIR=/tmp "$tests/$program") \
    >"$logs/${program##*/}.log" 2>&1 &
  pids+=($!)
done
for i in "${!programs[@]}"; do
  wait "${pids[$i]}" || status=1
  cat "$logs/${programs[$i]##*/}.log"
done
pkill -KILL -u tinyllm-ci || true  # plain mode's escaped processes (its note says it cannot stop them)
echo "hostile-as-user: $([ "$status" -eq 0 ] && echo passed || echo FAILED)"
exit "$status"
