/* `dpu merge REPORT.json...` (issue #15): the JSON reports of the shards of one exploration
 * (dpu --shard=I/N --format=json) combined into one report. */
#ifndef DPU_MERGE_H
#define DPU_MERGE_H

/* Runs `dpu merge` with argv[0] "merge" and its options and files after it: checks that the
 * reports are shards of one exploration (same program, inputs and options; one report per
 * shard index), sums their counts, keeps each defect once (by digest, summing its traces),
 * and writes the merged report to stdout or -o FILE as --format=text (default), json (the
 * JSON report's schema, docs/report.schema.json, with shard.merged set) or sarif. State:
 * complete only if every shard's report is there and complete and the shards made the same
 * access sites visible; "error" if every report is of bad input; else incomplete (a shard
 * missing, stopped by a limit, killed: its report still "running", failed) or stopped, the
 * reason naming each such shard. Returns the exit code: 0 no defect, 1 defects (whatever the
 * state), 2 bad input or usage (message on stderr; also when every shard had bad input: the
 * report is written), 3 incomplete without defects. */
int dpu_merge_main(int argc, char **argv);

#endif
