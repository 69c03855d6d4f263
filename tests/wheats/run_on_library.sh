#!/bin/sh
# run_on_library.sh DIR PROGRAM [ARGS...]: runs PROGRAM with LD_LIBRARY_PATH=DIR after checking,
# with ldd, that the loader then resolves its libtinyllm_oracle.so to DIR/libtinyllm_oracle.so.
# LD_LIBRARY_PATH beats a RUNPATH but not an RPATH: without the check, a program linked with an
# RPATH to the reference would pass "on a wheat" while running the reference.
set -eu
dir=$1
shift
resolved=$(LD_LIBRARY_PATH="$dir" ldd "$1" | sed -n 's/^[[:space:]]*libtinyllm_oracle\.so => \([^ ]*\) .*/\1/p')
if [ "$(readlink -f "$resolved")" != "$(readlink -f "$dir/libtinyllm_oracle.so")" ]; then
  echo "run_on_library: $1 loads '${resolved}', not $dir/libtinyllm_oracle.so, under" \
       "LD_LIBRARY_PATH=$dir: build that library (target tinyllm_wheats), and link $1 without" \
       "an RPATH to the oracle (a RUNPATH is fine: LD_LIBRARY_PATH comes first)" >&2
  exit 1
fi
LD_LIBRARY_PATH="$dir" exec "$@"
