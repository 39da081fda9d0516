// The program of Fig. 1 of the QPOR paper (bench/programs/fig1.c): 2N max-configs for N = 2..6,
// with every k, and no sleep-set-blocked run (QPOR is optimal on it already with k = 1 here,
// see bench/README.md). The exhaustive explorer agrees for N = 2 (it takes minutes beyond).
// -j 1: the claim is the sequential algorithm's; with -j's workers sharing one unfolding, a
// subtree handed over on a loaded machine is explored with another D, and with k > 0 that may
// block runs (a CI run under ASan once saw 9 SSBs in 34 runs for N = 4, k = 1).
// DIFFTEST: first-variant-only
// RUN: %dpu -j 1 --por=qpor -k 0 -DN=2 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N2 %s
// RUN: %dpu -j 1 --por=qpor -k 1 -DN=2 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N2 %s
// RUN: %dpu -j 1 --por=qpor -k 2 -DN=2 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N2 %s
// RUN: %dpu -j 1 --por=qpor -k 3 -DN=2 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N2 %s
// RUN: %dpu -j 1 --por=qpor -k 0 -DN=3 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N3 %s
// RUN: %dpu -j 1 --por=qpor -k 1 -DN=3 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N3 %s
// RUN: %dpu -j 1 --por=qpor -k 2 -DN=3 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N3 %s
// RUN: %dpu -j 1 --por=qpor -k 3 -DN=3 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N3 %s
// RUN: %dpu -j 1 --por=qpor -k 0 -DN=4 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N4 %s
// RUN: %dpu -j 1 --por=qpor -k 1 -DN=4 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N4 %s
// RUN: %dpu -j 1 --por=qpor -k 2 -DN=4 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N4 %s
// RUN: %dpu -j 1 --por=qpor -k 3 -DN=4 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N4 %s
// RUN: %dpu -j 1 --por=qpor -k 0 -DN=5 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N5 %s
// RUN: %dpu -j 1 --por=qpor -k 1 -DN=5 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N5 %s
// RUN: %dpu -j 1 --por=qpor -k 2 -DN=5 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N5 %s
// RUN: %dpu -j 1 --por=qpor -k 3 -DN=5 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N5 %s
// RUN: %dpu -j 1 --por=qpor -k 0 -DN=6 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N6 %s
// RUN: %dpu -j 1 --por=qpor -k 1 -DN=6 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N6 %s
// RUN: %dpu -j 1 --por=qpor -k 2 -DN=6 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N6 %s
// RUN: %dpu -j 1 --por=qpor -k 3 -DN=6 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=N6 %s
// RUN: %dpu --por=none -DN=2 %S/../../bench/programs/fig1.c | FileCheck --check-prefix=ORACLE2 %s
// ORACLE2: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
// N2: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, 4 runs
// N3: dpu: summary: 0 defects, 6 max-configs, 0 SSBs, 6 runs
// N4: dpu: summary: 0 defects, 8 max-configs, 0 SSBs, 8 runs
// N5: dpu: summary: 0 defects, 10 max-configs, 0 SSBs, 10 runs
// N6: dpu: summary: 0 defects, 12 max-configs, 0 SSBs, 12 runs
int main(void) { return 0; }
