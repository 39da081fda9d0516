/* A file of the build that does not compile (tests/report/project_errors.c). */
int broken(void) { return undeclared_name; }
