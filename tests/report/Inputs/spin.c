/* A program whose every run spins forever, for tests/report/interrupt.c: a run that only
 * ends at --run-timeout. */
static volatile int spin = 1; static volatile unsigned long ticks; /* not a spin: see plainspin.c */

int main(void) {
  while (spin) { ticks++;
  }
  return 0;
}
