#!/usr/bin/env bash
# Installs what dpu needs to build and test on Debian 12 (bookworm). Idempotent: what is
# already installed is left alone. Needs root (or sudo) for apt-get.
#  1. Debian packages (apt-get);
#  2. the SARIF 2.1.0 validator that the report tests run, the npm package
#     @microsoft/sarif-multitool, into tools/sarif/ of this checkout (gitignored).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

packages=(
  build-essential cmake python3 pkg-config
  llvm-19-dev clang-19 libclang-19-dev llvm-19-tools   # LLVM/Clang 19: IR, ORC JIT, FileCheck, lit
  libb2-dev                                            # BLAKE2 (trace fingerprints, defect digests)
  libxxhash-dev                                        # XXH3 (state fingerprints: runtime/statefp.c)
  libjansson-dev pkg-config                            # JSON and SARIF reports
  libyaml-dev libssl-dev                               # SV-COMP witnesses: YAML, SHA-256
  libunwind-dev                                        # stacks of program threads
  libcmocka-dev                                        # unit tests
  gdb                                                  # dpu --gdb, and its test
  python3-jsonschema                                   # tests: JSON reports against their schema
  python3-yaml                                         # tests: SV-COMP witnesses
  libicu72                                             # tests: the SARIF validator (.NET) needs ICU
  zlib1g-dev libzstd-dev libedit-dev libxml2-dev libncurses-dev libffi-dev # libLLVM's link deps
)
# node and npm install the SARIF validator; Debian's packages unless some node is there already.
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: every Debian package is installed"
else
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The SARIF validator, pinned. npm does not run the package's install script (it only makes
# the bundled self-contained binary executable), so that is done here.
sarif_version=5.7.0
sarif_dir="$root/tools/sarif"
# The self-contained binary that the package's bin script (node) starts; the tests run it
# directly. It prints its version on stderr.
sarif_tool="$sarif_dir/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ -x "$sarif_tool" ] && "$sarif_tool" --version 2>&1 | grep -q "Multitool $sarif_version"; then
  echo "install-deps: the SARIF validator $sarif_version is installed"
else
  echo "install-deps: installing the SARIF validator (npm @microsoft/sarif-multitool@$sarif_version)"
  mkdir -p "$sarif_dir"
  npm install --prefix "$sarif_dir" --no-audit --no-fund --loglevel=error \
    "@microsoft/sarif-multitool@$sarif_version" >/dev/null
  chmod u+x "$sarif_tool"
  "$sarif_tool" --version 2>&1 | grep -q "Multitool $sarif_version"
fi
echo "install-deps: done"
