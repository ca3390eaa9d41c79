/* PufferLib's tetris (pufferlib/ocean/tetris/tetris.h) stepped in a C loop: N environments
 * with the defaults of its Python class (tetris.py: 10 x 20, a preview deck of 3), its 7
 * discrete actions (no-op, left, right, rotate, soft drop, hard drop, hold). The observation
 * each step writes is 234 floats (200 cells, 6 scalars, 28 one-hot slots), cleared first.
 * Build: cc -O3 -I. -I<ocean>/tetris tetris.c -lm */
#include "bench.h"
#include "tetris.h"

enum { ROWS = 20, COLS = 10, DECK = 3, OBS = COLS * ROWS + 6 + NUM_TETROMINOES * DECK + NUM_TETROMINOES };

int main(int argc, char **argv) {
  BenchArgs a = bench_args(argc, argv, 1);
  if (a.frameskip != 1) {
    fprintf(stderr, "%s: tetris has no frameskip (one step is one tick)\n", argv[0]);
    return 2;
  }
  int n = a.envs;
  float *observations = calloc((size_t)n * OBS, sizeof(float));
  int *actions = calloc((size_t)n, sizeof(int));
  float *rewards = calloc((size_t)n, sizeof(float));
  unsigned char *terminals = calloc((size_t)n, 1);
  Tetris **envs = calloc((size_t)n, sizeof(Tetris *));
  for (int i = 0; i < n; i++) {
    Tetris *e = envs[i] = calloc(1, sizeof(Tetris));
    e->observations = observations + (size_t)i * OBS;
    e->actions = actions + i;
    e->rewards = rewards + i;
    e->terminals = terminals + i;
    e->n_rows = ROWS, e->n_cols = COLS, e->deck_size = DECK;
    init(e);
  }
  for (int i = 0; i < n; i++) {
    srand((unsigned)(i + a.seed * n));
    c_reset(envs[i]);
  }
  int *table = bench_action_table(n, 7, 42);

  BenchTime t;
  BENCH_MEASURE(a, t, {
    memcpy(actions, table + bench_offset(batch), sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) c_step(envs[i]);
  });

  double episodes = 0, score = 0, ret = 0;
  for (int i = 0; i < n; i++) {
    episodes += envs[i]->log.n, score += envs[i]->log.score, ret += envs[i]->log.ep_return;
  }
  bench_report("tetris", a, t, episodes, score, ret);
  return 0;
}
