/* PufferLib's pong (pufferlib/ocean/pong/pong.h) stepped in a C loop: N environments with the
 * defaults of its Python class (pong.py), discrete actions 0 still, 1 up, 2 down. The
 * observation each step writes is 8 floats. Build: cc -O3 -I. -I<ocean>/pong pong.c -lm */
#include "bench.h"
#include "pong.h"

int main(int argc, char **argv) {
  BenchArgs a = bench_args(argc, argv, 1);
  int n = a.envs;
  float *observations = calloc((size_t)n * 8, sizeof(float));
  float *actions = calloc((size_t)n, sizeof(float));
  float *rewards = calloc((size_t)n, sizeof(float));
  unsigned char *terminals = calloc((size_t)n, 1);
  Pong **envs = calloc((size_t)n, sizeof(Pong *));
  for (int i = 0; i < n; i++) {
    Pong *e = envs[i] = calloc(1, sizeof(Pong));
    e->observations = observations + (size_t)i * 8;
    e->actions = actions + i;
    e->rewards = rewards + i;
    e->terminals = terminals + i;
    e->width = 500, e->height = 640, e->paddle_width = 20, e->paddle_height = 70;
    e->ball_width = 32, e->ball_height = 32, e->paddle_speed = 8;
    e->ball_initial_speed_x = 10, e->ball_initial_speed_y = 1;
    e->ball_speed_y_increment = 3, e->ball_max_speed_y = 13;
    e->max_score = 21, e->frameskip = a.frameskip, e->continuous = 0;
    init(e);
  }
  for (int i = 0; i < n; i++) {
    srand((unsigned)(i + a.seed * n));
    c_reset(envs[i]);
  }
  int *table = bench_action_table(n, 3, 42);

  BenchTime t;
  BENCH_MEASURE(a, t, {
    const int *row = table + bench_offset(batch);
    for (int i = 0; i < n; i++) actions[i] = (float)row[i];
    for (int i = 0; i < n; i++) c_step(envs[i]);
  });

  double episodes = 0, score = 0, ret = 0;
  for (int i = 0; i < n; i++) {
    episodes += envs[i]->log.n, score += envs[i]->log.score, ret += envs[i]->log.episode_return;
  }
  bench_report("pong", a, t, episodes, score, ret);
  return 0;
}
