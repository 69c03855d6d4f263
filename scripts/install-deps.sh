#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian 12 machine: Debian's packages (only those not
# yet installed), and the npm packages of the HTML and JSON reports into ./node_modules.
# Safe to run again: it does nothing when everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build g++ clang libclang-rt-14-dev clang-format
  libgtest-dev librapidcheck-dev libboost-program-options-dev libtomlplusplus-dev
  nlohmann-json3-dev libfmt-dev libclang-14-dev libbenchmark-dev libeigen3-dev libmpfr-dev libgmp-dev
  libopenblas-dev pkg-config
  chromium libxml2-utils bubblewrap gnuplot-nox
)
# Node.js and npm: any install that provides both commands will do (some images ship nodesource's
# nodejs, which bundles npm and conflicts with Debian's npm package).
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)
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

if [ -f package.json ] && { [ ! -d node_modules ] || [ package.json -nt node_modules ]; }; then
  echo "install-deps: npm ci (report viewer and schema)" >&2
  if [ -f package-lock.json ]; then npm ci --silent --no-audit --no-fund; else npm install --silent --no-audit --no-fund; fi
  touch node_modules
fi
