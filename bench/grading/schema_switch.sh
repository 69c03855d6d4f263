#!/usr/bin/env bash
# What the schema library's switch costs the reference's code: the course suite (properties/,
# build/properties/course_suite) run ROUNDS times (default 25) on the reference library and on the
# schema library with a decoy token, alternately in the same run. Prints the medians of CPU time
# (user + sys) and wall time of each, and schema / reference. Times on a shared or virtual machine
# vary by 10% from run to run; with INSTRUCTIONS=1 it also counts each one's instructions once
# under valgrind's callgrind (exact, whatever else runs; about a minute each).
# Usage: [INSTRUCTIONS=1] bench/grading/schema_switch.sh [BUILD_DIR] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
build="$(realpath "${1:-build}")"
rounds="${2:-25}"
python3 - "$build" "$rounds" <<'PY'
import os, resource, statistics, subprocess, sys, time
build, rounds = sys.argv[1], int(sys.argv[2])
suite = os.path.join(build, "properties", "course_suite")
base = dict(os.environ, RC_PARAMS="seed=20261201 noshrink=1")
def run(library, extra):
    env = dict(base, LD_LIBRARY_PATH=os.path.join(build, "variants", library), **extra)
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run([suite], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall
# A decoy: a token no mutant number gives under this key.
decoy = {"TINYLLM_MUTANT_KEY": "00000000000000aa", "TINYLLM_MUTANT_TOKEN": "0123456789abcdef"}
times = {"reference": [], "schema": []}
for _ in range(rounds):
    times["reference"].append(run("reference", {}))
    times["schema"].append(run("schema", decoy))
median = lambda name, k: statistics.median(t[k] for t in times[name])
for name in times:
    print(f"{name:9s} cpu {median(name, 0):.3f} s  wall {median(name, 1):.3f} s")
print(f"schema / reference: cpu {median('schema', 0) / median('reference', 0):.3f}, "
      f"wall {median('schema', 1) / median('reference', 1):.3f}")
if os.environ.get("INSTRUCTIONS") == "1":
    import re, tempfile
    counts = {}
    for name, library, extra in (("reference", "reference", {}), ("schema", "schema", decoy)):
        with tempfile.TemporaryDirectory() as folder:
            env = dict(base, LD_LIBRARY_PATH=os.path.join(build, "variants", library), **extra)
            done = subprocess.run(["valgrind", "--tool=callgrind",
                                   f"--callgrind-out-file={folder}/out", suite], env=env,
                                  capture_output=True, text=True, check=True)
            counts[name] = int(re.search(r"Collected : (\d+)", done.stderr).group(1))
        print(f"{name:9s} instructions {counts[name]}")
    print(f"schema / reference: instructions {counts['schema'] / counts['reference']:.5f}")
PY
