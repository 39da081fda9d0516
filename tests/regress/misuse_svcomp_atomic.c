// __VERIFIER_atomic_end without a matching __VERIFIER_atomic_begin is misuse.
// Derivation: main alone: 1 max-config, 1 defect.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=STEPS %s < %t
// The steps name no object: the section is one for the whole program (a lock of dpu's own,
// whose address they showed).
// STEPS: {{^}}  #2 T0 __VERIFIER_atomic_begin {{[^ ]*}}misuse_svcomp_atomic.c:14 main{{$}}
// STEPS-NEXT: {{^}}  #3 T0 __VERIFIER_atomic_end {{[^ ]*}}misuse_svcomp_atomic.c:15 main{{$}}
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
