// __VERIFIER_atomic_end without a matching __VERIFIER_atomic_begin is misuse.
// Derivation: main alone: 1 max-config, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int main(void) {
  __VERIFIER_atomic_begin();
  __VERIFIER_atomic_end();
  // CHECK: dpu: defect 1: pthread misuse: __VERIFIER_atomic_end outside an atomic section (at {{.*}}misuse_svcomp_atomic.c:[[@LINE+1]] in main)
  __VERIFIER_atomic_end();
  return 0;
}
// CHECK-NOT: dpu: defect
// CHECK: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// CHECK-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
