/* What main.c uses of the other files (tests/report/project_errors.c). */
void bump(void);
int bumps(void);
