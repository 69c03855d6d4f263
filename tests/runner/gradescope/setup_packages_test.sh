#!/usr/bin/env bash
# Checks what the Gradescope bundle's setup.sh installs, without installing anything: the package
# map scripts/packages.tsv (its shape, that its Debian 12 names are real Debian 12 packages, that
# each Ubuntu column's names are among the confirmed ones of <column>-packages.txt beside this file
# and that its evidence has a part for each Ubuntu column), and scripts/install-deps.sh --dry-run on
# a fake os-release (TINYLLM_OS_RELEASE): the packages it chooses for Debian 12, Ubuntu 22.04 and
# Ubuntu 24.04, with and without --grade-only, and its errors for an OS the map does not know and
# for needs an OS has no package for (with that OS's part of the note only).
# Usage: setup_packages_test.sh [repository root]   (default: three folders up from this file)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repository=$(cd "${1:-$here/../../..}" && pwd)
script=$repository/scripts/install-deps.sh
map=$repository/scripts/packages.tsv
ubuntu_columns="ubuntu-22.04 ubuntu-24.04"  # each with its confirmed list, <column>-packages.txt
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

passed=0
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
# expect WHAT_IS_WRONG: counts the command just before it, a failure when it failed.
expect() {
  local last=$?
  if [ "$last" -eq 0 ]; then passed=$((passed + 1)); else fail "$1"; fi
}

# What install-deps.sh installed on Debian 12 before it read the map: the map must not change it.
debian_all="build-essential cmake ninja-build g++ clang libclang-rt-14-dev clang-format
  libgtest-dev librapidcheck-dev libboost-program-options-dev libtomlplusplus-dev
  nlohmann-json3-dev libfmt-dev libclang-14-dev libbenchmark-dev libeigen3-dev libmpfr-dev libgmp-dev
  libopenblas-dev pkg-config chromium libxml2-utils bubblewrap gnuplot-nox slurmctld slurmd
  slurm-client munge parallel"
# What the grader needs to build (TINYLLM_BUILD_TESTS=OFF, TINYLLM_BUILD_BENCH=OFF) and grade.
debian_grade="build-essential cmake ninja-build g++ clang libgtest-dev librapidcheck-dev
  libboost-program-options-dev libtomlplusplus-dev nlohmann-json3-dev libfmt-dev libclang-14-dev
  bubblewrap"
# Jammy's: no cmake (too old), toml++ or usable chromium, and Slurm and GNU parallel unconfirmed; the sanitizer runtime is in libclang-common.
ubuntu_all="build-essential ninja-build g++ clang libclang-common-14-dev clang-format libgtest-dev
  librapidcheck-dev libboost-program-options-dev nlohmann-json3-dev libfmt-dev libclang-14-dev
  libbenchmark-dev libeigen3-dev libmpfr-dev libgmp-dev libopenblas-dev pkg-config libxml2-utils
  bubblewrap gnuplot-nox"
ubuntu_grade="build-essential ninja-build g++ clang libgtest-dev librapidcheck-dev
  libboost-program-options-dev nlohmann-json3-dev libfmt-dev libclang-14-dev bubblewrap"
# Noble's: every grade need, the same names as Debian 12; no chromium .deb, Slurm and GNU parallel
# unconfirmed; clang is 18 there, so the
# sanitizer runtime is the default clang's (libclang-rt-dev).
noble_all="build-essential cmake ninja-build g++ clang libclang-rt-dev clang-format libgtest-dev
  librapidcheck-dev libboost-program-options-dev libtomlplusplus-dev nlohmann-json3-dev libfmt-dev
  libclang-14-dev libbenchmark-dev libeigen3-dev libmpfr-dev libgmp-dev libopenblas-dev pkg-config
  libxml2-utils bubblewrap gnuplot-nox"
noble_grade=$debian_grade

# 1. The script parses.
bash -n "$script"; expect "bash -n $script: not valid bash"

# 2. The map's shape: a "#need" line naming seven columns, every row as wide, no empty cell but the
#    note, use grade or dev, each need once; the evidence has a part "[<column>] ..." for each Ubuntu
#    column, with a URL or "?".
header=$(grep -m1 $'^#need\t' "$map")
[ "$header" = "$(printf "#need\tuse\tdebian-12\tubuntu-22.04\tubuntu-24.04\tevidence\tnote")" ]
  expect "$map: the column line is '$header', not #need use debian-12 ubuntu-22.04 ubuntu-24.04 evidence note (tabs)"
shape=$(awk -F'\t' -v columns="$ubuntu_columns" '
  /^#/ { next }
  NF != 7 { printf "line %d has %d columns, not 7\n", FNR, NF; next }
  { for (i = 1; i <= 6; i++) if ($i == "") printf "line %d: column %d is empty\n", FNR, i }
  {
    n = split(columns, column, " ")
    for (i = 1; i <= n; i++) {
      start = index($6, "[" column[i] "]")
      part = start ? substr($6, start + length(column[i]) + 2) : ""
      if (match(part, /\[[a-z]+-[0-9.]+\]/)) part = substr(part, 1, RSTART - 1)
      if (!start) printf "line %d: the evidence has no part [%s]\n", FNR, column[i]
      else if (part !~ /https?:\/\// && part !~ /^ *\? *$/) printf "line %d: the evidence part [%s] has no URL and is not \"?\"\n", FNR, column[i]
    }
  }
  $2 != "grade" && $2 != "dev" { printf "line %d: use is \"%s\", not grade or dev\n", FNR, $2 }
  seen[$1]++ { printf "line %d: need %s twice\n", FNR, $1 }' "$map")
[ -z "$shape" ]; expect "$map: $shape"
rows=$(grep -vc '^#' "$map")
[ "$rows" -ge 20 ]; expect "$map has only $rows rows"

# 3. Every Debian 12 name is a Debian 12 package: apt-cache show finds it (one call for all the
#    names, each must come back as a "Package:" record). apt-cache knows nothing before the first
#    apt-get update: when it finds none of them, run apt-get update once and ask again.
# shellcheck source=/dev/null
os_id=$(. /etc/os-release 2>/dev/null && echo "${ID:-}-${VERSION_ID:-}")
if [ "$os_id" != debian-12 ] || ! command -v apt-cache >/dev/null; then
  echo "skipped: the Debian 12 names are checked with apt-cache on Debian 12 (this machine: $os_id)"
else
  mapfile -t debian_names < <(awk -F'\t' '!/^#/ { n = split($3, names, " "); for (i = 1; i <= n; i++) print names[i] }' "$map")
  shown() { apt-cache show "${debian_names[@]}" 2>/dev/null | awk '/^Package: / { print $2 }'; }
  found=$(shown)
  if [ -z "$found" ]; then
    echo "apt-cache knows none of them: apt-get update"
    apt-get update -qq || fail "apt-get update failed (not root?): cannot check the Debian 12 names"
    found=$(shown)
  fi
  for name in "${debian_names[@]}"; do
    grep -qxF "$name" <<<"$found"; expect "debian-12 name $name: apt-cache show finds no such package"
  done
fi

# 4. Every name but "-" of each Ubuntu column was confirmed, with a URL, in <column>-packages.txt.
for ubuntu in $ubuntu_columns; do
  confirmed=$here/$ubuntu-packages.txt
  [ -r "$confirmed" ]; expect "$confirmed: missing (the confirmed $ubuntu names)"
  mapfile -t ubuntu_names < <(awk -F'\t' -v name="$ubuntu" '
    $1 == "#need" { for (i = 1; i <= NF; i++) if ($i == name) column = i; next }
    !/^#/ && column && $column != "-" { n = split($column, names, " "); for (i = 1; i <= n; i++) print names[i] }' "$map")
  [ "${#ubuntu_names[@]}" -gt 0 ]; expect "$map: no $ubuntu names (is its column there?)"
  for name in "${ubuntu_names[@]}"; do
    awk -F"\t" -v n="$name" "\$1 == n && \$2 ~ /^https?:\/\// { found = 1 } END { exit !found }" "$confirmed"
      expect "$ubuntu name $name is not in $confirmed with a URL (confirm it, or mark it \"?\" in evidence and leave it out of the map)"
  done
  [ -z "$(awk -F"\t" "!/^#/ && NF != 2" "$confirmed")" ]; expect "$confirmed: a line is not name<TAB>url"
done

# 5. install-deps.sh --dry-run on fake os-release files, with a PATH that has or lacks node and npm
#    (the node row is skipped when both are there), so the result does not depend on this machine.
mkdir -p "$scratch/bin" "$scratch/node-bin"
for tool in dirname awk grep sed cat; do
  ln -s "$(command -v "$tool")" "$scratch/bin/$tool"
done
printf '#!/bin/sh\nexit 0\n' >"$scratch/node-bin/node"
cp "$scratch/node-bin/node" "$scratch/node-bin/npm"
chmod +x "$scratch/node-bin/node" "$scratch/node-bin/npm"
printf 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n' >"$scratch/debian-12"
printf 'PRETTY_NAME="Ubuntu 22.04.4 LTS"\nID=ubuntu\nVERSION_ID="22.04"\n' >"$scratch/ubuntu-22.04"
printf 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\nID=ubuntu\nVERSION_ID="24.04"\n' >"$scratch/ubuntu-24.04"
printf 'PRETTY_NAME="Fedora Linux 40"\nID=fedora\nVERSION_ID=40\n' >"$scratch/fedora-40"

# run OS PATH [arguments...]: install-deps.sh as that OS, with only that PATH (no apt, no dpkg: even
# a broken --dry-run cannot install); sets out, err and status.
run() {
  local os=$1 path=$2
  shift 2
  PATH=$path TINYLLM_OS_RELEASE=$scratch/$os "$BASH" "$script" "$@" >"$scratch/out" 2>"$scratch/err"
  status=$?
  out=$(tr '\n' ' ' <"$scratch/out" | sed 's/ $//')
  err=$(cat "$scratch/err")
}
# expect_list WHAT EXPECTED_STATUS EXPECTED_PACKAGES: the last run printed those, in that order.
expect_list() {
  local want_status=$2 want
  want=$(tr -s ' \n' ' ' <<<"$3" | sed 's/^ //; s/ $//')  # one line, single spaces
  [ "$status" -eq "$want_status" ] && [ "$out" = "$want" ]
    expect "$1: status $status (expected $want_status), printed:
  $out
expected:
  $want
stderr: $err"
}

nodeless=$scratch/bin
with_node=$scratch/node-bin:$scratch/bin
run debian-12 "$nodeless" --dry-run
expect_list "debian-12 --dry-run without node" 0 "$debian_all nodejs npm"
run debian-12 "$with_node" --dry-run
expect_list "debian-12 --dry-run with node and npm on the PATH" 0 "$debian_all"
run debian-12 "$nodeless" --dry-run --grade-only
expect_list "debian-12 --dry-run --grade-only" 0 "$debian_grade"

# Jammy lacks grade needs (cmake, tomlplusplus): the list is printed, then the script stops.
run ubuntu-22.04 "$nodeless" --dry-run
expect_list "ubuntu-22.04 --dry-run" 1 "$ubuntu_all nodejs npm"
for need in cmake tomlplusplus chromium slurm gnu-parallel; do
  grep -q "^  $need: " <<<"$err"; expect "ubuntu-22.04 --dry-run: the error does not name the need $need:
$err"
done
grep -q "ubuntu-22.04" <<<"$err" && grep -q "TINYLLM_PROVIDED_NEEDS=\"cmake tomlplusplus chromium slurm gnu-parallel\"" <<<"$err"
  expect "ubuntu-22.04 --dry-run: the error does not say what to do: $err"
# Each note shows its common text and jammy's part only: no "[OS]" label, nothing of noble's part.
grep -q "^  cmake: .*3\.22\.1" <<<"$err" && ! grep -q "3\.28" <<<"$err" && ! grep -q "\[ubuntu-" <<<"$err"
  expect "ubuntu-22.04 --dry-run: the notes are not jammy's parts only:
$err"
run ubuntu-22.04 "$nodeless" --dry-run --grade-only
expect_list "ubuntu-22.04 --dry-run --grade-only" 1 "$ubuntu_grade"
grep -q "^  cmake: " <<<"$err" && grep -q "^  tomlplusplus: " <<<"$err" && ! grep -q chromium <<<"$err"
  expect "ubuntu-22.04 --grade-only: the error should name cmake and tomlplusplus, not chromium (a dev need):
$err"
# Needs installed another way are skipped.
TINYLLM_PROVIDED_NEEDS="cmake tomlplusplus" run ubuntu-22.04 "$nodeless" --dry-run --grade-only
expect_list "ubuntu-22.04 --dry-run --grade-only, TINYLLM_PROVIDED_NEEDS=\"cmake tomlplusplus\"" 0 "$ubuntu_grade"

# Noble has a package for every grade need: --grade-only chooses Debian 12's names and succeeds.
run ubuntu-24.04 "$nodeless" --dry-run --grade-only
expect_list "ubuntu-24.04 --dry-run --grade-only" 0 "$noble_grade"
[ -z "$err" ]; expect "ubuntu-24.04 --dry-run --grade-only: stderr is not empty: $err"
# Without --grade-only only dev needs are missing, chromium (a snap on noble), Slurm and GNU parallel:
# the list is printed, then it stops, with noble's part of chromium's note.
run ubuntu-24.04 "$nodeless" --dry-run
expect_list "ubuntu-24.04 --dry-run" 1 "$noble_all nodejs npm"
grep -q "^  chromium: .*noble's chromium" <<<"$err" && ! grep -q "^  \(cmake\|tomlplusplus\): " <<<"$err" &&
  ! grep -q "\[ubuntu-" <<<"$err" && grep -q "TINYLLM_PROVIDED_NEEDS=\"chromium slurm gnu-parallel\"" <<<"$err"
  expect "ubuntu-24.04 --dry-run: the error should name chromium, slurm and gnu-parallel only, with noble's note and what to do:
$err"
TINYLLM_PROVIDED_NEEDS="chromium slurm gnu-parallel" run ubuntu-24.04 "$with_node" --dry-run
expect_list "ubuntu-24.04 --dry-run, node on the PATH, TINYLLM_PROVIDED_NEEDS=\"chromium slurm gnu-parallel\"" 0 "$noble_all"

# An OS the map does not know: an error naming the OS, the map and what to do.
run fedora-40 "$nodeless" --dry-run
[ "$status" -ne 0 ] && [ -z "$out" ]; expect "fedora-40: status $status and output '$out' (expected an error, nothing printed)"
grep -q "Fedora Linux 40" <<<"$err" && grep -q "fedora-40" <<<"$err" &&
       grep -q "scripts/packages.tsv" <<<"$err" && grep -q "Add a column" <<<"$err"
  expect "fedora-40: the error does not name the OS, the map and what to do:
$err"

# TINYLLM_OS_RELEASE only with --dry-run; unknown arguments refused.
run ubuntu-22.04 "$nodeless" --grade-only
[ "$status" -ne 0 ] && grep -q "needs --dry-run" <<<"$err"
  expect "TINYLLM_OS_RELEASE without --dry-run: status $status, stderr: $err"
run debian-12 "$nodeless" --dry-run --no-such-flag
[ "$status" -eq 2 ] && grep -q "unknown argument" <<<"$err"; expect "an unknown argument: status $status, stderr: $err"

# 6. The bundle's setup.sh asks for the grader's packages only.
grep -qF "bash \"\$source_dir/scripts/install-deps.sh\" --grade-only" "$repository/runner/src/batch/gradescope_bundle.cpp"
  expect "gradescope_setup_script() does not run install-deps.sh --grade-only"

echo "gradescope setup packages: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
