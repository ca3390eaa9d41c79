/* What the three drivers share: arguments, clocks, the action table, the timed loop, the report.
 *
 * Each driver sets up N environments the way PufferLib's Python binding does (vec_init and
 * vec_reset in pufferlib/ocean/env_binding.h: one calloc'd struct per environment, its
 * observation, action, reward and terminal pointers into shared contiguous buffers, srand(i +
 * seed * N) before each reset) and steps them as its vec_step does: c_step on each in turn. */
#ifndef BENCH_H
#define BENCH_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  int envs;        /* environments stepped one after another per batch */
  double seconds;  /* CPU time to measure, after a warm-up of a tenth of it */
  int frameskip;   /* game frames per step, for the games that have a frameskip */
  int seed;
} BenchArgs;

static BenchArgs bench_args(int argc, char **argv, int default_frameskip) {
  BenchArgs a = {4096, 3.0, default_frameskip, 1};
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--envs")) a.envs = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--seconds")) a.seconds = atof(argv[i + 1]);
    else if (!strcmp(argv[i], "--frameskip")) a.frameskip = atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--seed")) a.seed = atoi(argv[i + 1]);
    else { fprintf(stderr, "%s: unknown option %s\n", argv[0], argv[i]); exit(2); }
  }
  if (argc % 2 == 0 || a.envs < 1 || a.seconds <= 0 || a.frameskip < 1) {
    fprintf(stderr, "usage: %s [--envs N>=1] [--seconds S>0] [--frameskip F>=1] [--seed K]\n", argv[0]);
    exit(2);
  }
  return a;
}

static double bench_clock(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
static double bench_cpu(void) { return bench_clock(CLOCK_PROCESS_CPUTIME_ID); }
static double bench_wall(void) { return bench_clock(CLOCK_MONOTONIC); }

/* Actions drawn beforehand (splitmix64, fixed seed), uniform over the game's whole action
 * space. Batch b copies its N actions from offset (b * 4099) mod 65536, so the table stays
 * 256 KB whatever N is and consecutive batches read different actions. */
#define BENCH_TABLE 65536
static int *bench_action_table(int envs, int num_actions, uint64_t seed) {
  int *table = malloc(sizeof(int) * (size_t)(BENCH_TABLE + envs));
  for (size_t i = 0; i < (size_t)(BENCH_TABLE + envs); i++) {
    uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    table[i] = (int)((z ^ (z >> 31)) % (uint64_t)num_actions);
  }
  return table;
}
static size_t bench_offset(long long batch) { return (size_t)((batch * 4099) & (BENCH_TABLE - 1)); }

typedef struct { long long batches, all_batches; double cpu, wall; } BenchTime;

/* Runs STEP_BATCH (which may read `batch`) for a warm-up, then until `seconds` of the
 * process's CPU time have passed, reading the clocks every ~65,536 environment steps. */
#define BENCH_MEASURE(args, timing, STEP_BATCH)                                      \
  do {                                                                               \
    long long check_ = 65536 / (args).envs + 1, batch = 0;                           \
    double warm_ = bench_cpu() + (args).seconds / 10;                                \
    while (bench_cpu() < warm_)                                                      \
      for (long long k_ = 0; k_ < check_; k_++, batch++) { STEP_BATCH; }            \
    long long first_ = batch;                                                        \
    double cpu0_ = bench_cpu(), wall0_ = bench_wall();                               \
    do {                                                                             \
      for (long long k_ = 0; k_ < check_; k_++, batch++) { STEP_BATCH; }            \
    } while (bench_cpu() - cpu0_ < (args).seconds);                                  \
    (timing).cpu = bench_cpu() - cpu0_;                                              \
    (timing).wall = bench_wall() - wall0_;                                           \
    (timing).batches = batch - first_;                                               \
    (timing).all_batches = batch;                                                    \
  } while (0)

/* One line of key=value pairs. The episode figures (from the games' own logs, summed over
 * the environments) cover the warm-up too and are there to show that the games really ran:
 * episodes ended and rewards were earned. steps_per_episode is all steps over all episodes
 * ended (the episodes still running at the end are left out). */
static void bench_report(const char *game, BenchArgs a, BenchTime t, double episodes,
                         double score, double episode_return) {
  double steps = (double)t.batches * a.envs, all = (double)t.all_batches * a.envs;
  printf("game=%s envs=%d frameskip=%d steps=%.0f cpu_s=%.3f wall_s=%.3f"
         " steps_per_cpu_s=%.0f steps_per_wall_s=%.0f episodes=%.0f"
         " steps_per_episode=%.1f mean_score=%.3f mean_return=%.3f\n",
         game, a.envs, a.frameskip, steps, t.cpu, t.wall, steps / t.cpu, steps / t.wall, episodes,
         episodes > 0 ? all / episodes : 0, episodes > 0 ? score / episodes : 0,
         episodes > 0 ? episode_return / episodes : 0);
}
#endif
