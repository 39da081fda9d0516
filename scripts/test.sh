#!/usr/bin/env bash
# The whole test suite: installs dependencies, builds dpu twice (release, and with ASan+UBSan),
# and runs every unit and regression test under ctest in both builds.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh build
(cd build && ctest --output-on-failure)
scripts/build.sh build-asan -DDPU_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
(cd build-asan && ASAN_OPTIONS=detect_leaks=0 ctest --output-on-failure)
