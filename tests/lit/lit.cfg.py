# lit configuration for dpu's regression programs (tests/regress/*.c). Each file's RUN lines
# run dpu on it and FileCheck its report; see tests/regress/CONTRACT.md.
import os
import shutil
import lit.formats

config.name = "dpu"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".c"]
config.test_source_root = os.path.join(config.dpu_src_dir, "tests", "regress")
config.test_exec_root = os.path.join(config.dpu_obj_dir, "tests", "regress")
config.excludes = ["CONTRACT.md", "Inputs"]
config.substitutions.append(("%dpu", config.dpu_bin))
config.substitutions.append(("%clang", config.clang))
config.environment["PATH"] = os.path.dirname(config.filecheck) + os.pathsep + config.environment.get("PATH", os.environ.get("PATH", ""))
for var in ("TMPDIR", "HOME"):
    if var in os.environ:
        config.environment[var] = os.environ[var]
# Tests of `dpu --gdb` need gdb (scripts/install-deps.sh installs it).
if shutil.which("gdb"):
    config.available_features.add("gdb")
