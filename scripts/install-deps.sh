#!/usr/bin/env bash
# Installs what dpu needs to build and test on Debian 12 (bookworm). Idempotent: packages that
# are already installed are left alone. Needs root (or sudo) for apt-get.
set -euo pipefail

packages=(
  build-essential cmake python3
  llvm-19-dev clang-19 libclang-19-dev llvm-19-tools   # LLVM/Clang 19: IR, ORC JIT, FileCheck, lit
  libb2-dev                                            # BLAKE2 (trace fingerprints)
  libjansson-dev pkg-config                            # JSON and SARIF reports
  libunwind-dev                                        # stacks of program threads
  libcmocka-dev                                        # unit tests
  zlib1g-dev libzstd-dev libedit-dev libxml2-dev libncurses-dev libffi-dev # libLLVM's link deps
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: everything is installed"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
