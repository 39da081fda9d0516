# lit configuration for dpu's regression programs: tests/regress/*.c (the explorers and the
# runtime, see tests/regress/CONTRACT.md) and tests/report/*.c (the text, JSON and SARIF
# reports, replay, exit codes, the progress line). Each file's RUN lines run dpu on it and
# check what it printed with FileCheck or with the scripts in tests/report/Inputs/.
import os
import shutil
import lit.formats

config.name = "dpu"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c"]
config.test_source_root = os.path.join(config.dpu_src_dir, "tests")
config.test_exec_root = os.path.join(config.dpu_obj_dir, "tests")
config.excludes = ["CONTRACT.md", "README.md", "Inputs", "unit", "gen", "lit", "CMakeLists.txt"]
config.substitutions.append(("%dpu", config.dpu_bin))
config.substitutions.append(("%clang", config.clang))
# The build directory, for `cmake --install` (tests/report/install.c).
config.substitutions.append(("%build_dir", config.dpu_obj_dir))
config.substitutions.append(("%python", config.python))
# The JSON report's schema, and the SARIF validator that scripts/install-deps.sh installs.
config.substitutions.append(("%schema", os.path.join(config.dpu_src_dir, "docs", "report.schema.json")))
config.substitutions.append(("%sarif_multitool", config.sarif_multitool))
config.substitutions.append(("%inputs", os.path.join(config.dpu_src_dir, "tests", "report", "Inputs")))
config.environment["PATH"] = os.path.dirname(config.filecheck) + os.pathsep + config.environment.get("PATH", os.environ.get("PATH", ""))
for var in ("TMPDIR", "HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# %memcheck COMMAND: the command under valgrind's memcheck (exit 99 at an invalid access) where
# valgrind is installed and dpu is built without ASan, which checks the same itself and does
# not run under valgrind; the command alone otherwise.
memcheck = shutil.which("valgrind")
sanitized = getattr(config, "dpu_sanitize", "OFF").upper() in ("ON", "1", "TRUE", "YES")
config.substitutions.append(
    ("%memcheck", memcheck + " -q --error-exitcode=99" if memcheck and not sanitized else ""))
# The sanitized build (ASan+UBSan, 3-4 times slower) leaves out a test's longest explorations
# with `%if !sanitized %{ ... %}`, where the release build runs them.
if sanitized:
    config.available_features.add("sanitized")
# A run-time limit for tests that load the machine on purpose (regress/hang_under_load.c): the
# sanitized runtime makes a run about 4 times slower in its own time, which brought the test's
# 0.2 s of computation to 0.9 s of its 1 s limit, and a false hang under ASan (CI, session 25).
config.substitutions.append(("%load_run_timeout", "4" if sanitized else "1"))
# Tests of -j's default (the CPUs dpu may use) need two CPUs to see two workers.
if len(os.sched_getaffinity(0)) >= 2 and shutil.which("taskset"):
    config.available_features.add("cpus2")
# Tests of `dpu --gdb` need gdb (scripts/install-deps.sh installs it).
if shutil.which("gdb"):
    config.available_features.add("gdb")
