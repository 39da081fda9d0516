/* A program whose every run spins forever, for tests/report/interrupt.c: a run that only
 * ends at --run-timeout. */
static volatile int spin = 1;

int main(void) {
  while (spin) {
  }
  return 0;
}
