#!/usr/bin/env bash
# Installs what the project needs on a fresh machine: the system packages that scripts/packages.tsv
# names for this OS (only those not yet installed), and the npm packages of the HTML and JSON
# reports into ./node_modules. Safe to run again: it does nothing when everything is there.
#
# Usage: scripts/install-deps.sh [--grade-only] [--dry-run]
#   --grade-only  only the map's rows whose use is "grade": what the grader needs to build and grade
#                 (the Gradescope bundle's setup.sh runs this), and no npm step.
#   --dry-run     print the packages this OS's column selects, one per line (installed or not), and
#                 stop there: nothing is installed and npm is not run.
# The OS is read from /etc/os-release: ID-VERSION_ID names the map's column (debian-12, ubuntu-22.04,
# ubuntu-24.04). When a selected row has "-" for this OS, it stops and says which need its packages
# cannot meet, with the row's note: its common text and this OS's "[ID-VERSION_ID]" part.
# Environment:
#   TINYLLM_PROVIDED_NEEDS  needs (the map's first column, space-separated) installed some other way:
#                           their rows are skipped, e.g. TINYLLM_PROVIDED_NEEDS="cmake tomlplusplus".
#   TINYLLM_OS_RELEASE      for tests only: a file read instead of /etc/os-release, to see what would
#                           be chosen on another OS. Accepted only with --dry-run, so that it can never
#                           install one OS's packages on another.
set -euo pipefail
cd "$(dirname "$0")/.."

map=scripts/packages.tsv
grade_only=false
dry_run=false
for argument in "$@"; do
  case $argument in
    --grade-only) grade_only=true ;;
    --dry-run) dry_run=true ;;
    *)
      echo "install-deps: unknown argument '$argument' (usage: scripts/install-deps.sh [--grade-only] [--dry-run])" >&2
      exit 2
      ;;
  esac
done

os_release=/etc/os-release
if [ -n "${TINYLLM_OS_RELEASE:-}" ]; then
  $dry_run || { echo "install-deps: TINYLLM_OS_RELEASE is for tests and needs --dry-run" >&2; exit 2; }
  os_release=$TINYLLM_OS_RELEASE
fi
[ -r "$os_release" ] || { echo "install-deps: cannot read $os_release to tell which OS this is" >&2; exit 1; }
# os-release is shell variable assignments by definition; read it in subshells so none leaks here.
# shellcheck source=/dev/null
os_id=$(. "$os_release" && echo "${ID:-}")
# shellcheck source=/dev/null
os_version=$(. "$os_release" && echo "${VERSION_ID:-}")
# shellcheck source=/dev/null
os_name=$(. "$os_release" && echo "${PRETTY_NAME:-${ID:-unknown} ${VERSION_ID:-}}")

# This OS's column: the map names its columns on the line that starts with "#need"; the OS columns
# are those between "use" and the last two ("evidence", "note").
column="$os_id-$os_version"
[ -r "$map" ] || { echo "install-deps: cannot read $map, the package map" >&2; exit 1; }
column_number=0
known_columns=
read -r column_number known_columns < <(awk -F'\t' -v name="$column" '
  $1 == "#need" {
    for (i = 3; i < NF - 1; i++) { if ($i == name) found = i; known = known " " $i }
    print (found ? found : 0), known
    exit
  }' "$map") || true
if [ "${column_number:-0}" -eq 0 ]; then
  cat >&2 <<EOF
install-deps: this machine runs $os_name (ID=$os_id, VERSION_ID=$os_version), and $map has no
column "$column" for it (it has:${known_columns:+ $known_columns}). Add a column "$column" to $map,
after the last OS column, with this OS's package names ("-" where it has none).
EOF
  exit 1
fi

# The selected rows as need<TAB>names<TAB>note (a row with the wrong number of columns stops here).
# A note is common text, then "[ID-VERSION_ID] text" parts for one OS each: keep the common text and
# this OS's part.
rows=$(awk -F'\t' -v column="$column_number" -v name="$column" -v grade_only="$grade_only" '
  function trim(text) { gsub(/^ +| +$/, "", text); return text }
  function this_os_note(note,   label, kept, part, text, rest) {
    label = "\\[[a-z]+-[0-9.]+\\]"
    if (!match(note, label)) return note
    kept = trim(substr(note, 1, RSTART - 1))
    rest = substr(note, RSTART)
    while (match(rest, "^" label)) {
      part = substr(rest, 2, RLENGTH - 2)
      rest = substr(rest, RLENGTH + 1)
      if (match(rest, label)) { text = substr(rest, 1, RSTART - 1); rest = substr(rest, RSTART) }
      else { text = rest; rest = "" }
      text = trim(text)
      if (part == name && text != "") kept = kept (kept == "" ? "" : "; ") text
    }
    return kept
  }
  $1 == "#need" { width = NF; next }
  /^#/ || NF == 0 { next }
  NF != width { printf "install-deps: %s line %d has %d columns, not %d\n", FILENAME, FNR, NF, width > "/dev/stderr"; bad = 1; next }
  grade_only == "true" && $2 != "grade" { next }
  { print $1 "\t" $column "\t" this_os_note($NF) }
  END { exit bad }' "$map")

packages=()
unavailable=()       # the needs this OS has no package for
unavailable_notes=() # and, for each, its note: what to do instead
while IFS=$'\t' read -r need names note; do
  [ -n "$need" ] || continue
  case " ${TINYLLM_PROVIDED_NEEDS:-} " in *" $need "*) continue ;; esac
  # Node.js and npm: any install that provides both commands will do (some images ship
  # nodesource's nodejs, which bundles npm and conflicts with Debian's npm package).
  if [ "$need" = node ] && command -v node >/dev/null && command -v npm >/dev/null; then
    continue
  fi
  if [ "$names" = - ]; then
    unavailable+=("$need")
    unavailable_notes+=("  $need: ${note:-(no note in $map)}")
    continue
  fi
  read -r -a row_packages <<<"$names"
  packages+=("${row_packages[@]}")
done <<<"$rows"

if $dry_run && ((${#packages[@]})); then
  printf '%s\n' "${packages[@]}"
fi
# Stop before installing anything: a half-installed machine would only fail later, at the build.
if ((${#unavailable[@]})); then
  {
    echo "install-deps: $os_name ($column) has no package for these needs of $map:"
    printf '%s\n' "${unavailable_notes[@]}"
    echo "Install each of them as its note says, then run again with" \
      "TINYLLM_PROVIDED_NEEDS=\"${unavailable[*]}\" (or give this OS's package in the map)."
    $grade_only || echo "Only the grader? --grade-only installs only what the grader needs."
  } >&2
  exit 1
fi
$dry_run && exit 0

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# The npm packages serve the HTML report's viewer and the tests' schema check; a grade does not need
# them (the HTML writer says what to install when the viewer is missing), so --grade-only skips them.
if ! $grade_only && [ -f package.json ] && { [ ! -d node_modules ] || [ package.json -nt node_modules ]; }; then
  echo "install-deps: npm ci (report viewer and schema)" >&2
  if [ -f package-lock.json ]; then npm ci --silent --no-audit --no-fund; else npm install --silent --no-audit --no-fund; fi
  touch node_modules
fi
