// `cmake --install BUILD --prefix P` puts dpu in P/bin and its documents in P/share/doc/dpu, and
// the installed dpu works on its own, from anywhere (issue 38): here the README's example.
// RUN: rm -rf %t.prefix && cmake --install %build_dir --prefix %t.prefix > %t.log
// RUN: FileCheck --check-prefix=FILES %s < %t.log
// RUN: cd %t.prefix && ./bin/dpu -j 1 %S/../../examples/bank.c > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// FILES: Installing: {{.*}}.prefix/bin/dpu
// FILES: Installing: {{.*}}.prefix/share/doc/dpu/README.md
// FILES-DAG: Installing: {{.*}}.prefix/share/doc/dpu/docs/design.md
// FILES-DAG: Installing: {{.*}}.prefix/share/doc/dpu/docs/report.schema.json
// CHECK: {{^}}dpu: summary: 1 defects, 6 max-configs, 0 SSBs, 6 runs,
