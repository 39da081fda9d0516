#!/usr/bin/env bash
# The whole test suite: installs dependencies, builds dpu twice (release, and with ASan+UBSan),
# and runs every unit, regression and report test under ctest in both builds, and the
# differential tests in the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh build
(cd build && ctest --output-on-failure)
# The differential tests run in the release build only: they test the explorers' logic, and
# under ASan they would double the suite's time (the sanitized build runs every other test).
scripts/build.sh build-asan -DDPU_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug -DDPU_DIFFTEST=OFF
(cd build-asan && ASAN_OPTIONS=detect_leaks=0 ctest --output-on-failure)
