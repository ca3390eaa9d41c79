/* PufferLib's asteroids (pufferlib/ocean/asteroids/asteroids.h) stepped in a C loop: N
 * environments of size 500 (asteroids.py), its 4 discrete actions (forward, turn left, turn
 * right, shoot). The observation each step writes is 104 floats (the ship, then up to 20
 * asteroids sorted by distance). asteroids.py steps 4 frames a step by default, its demo
 * asteroids.c one: --frameskip chooses (1 here). No PufferLib sdist on PyPI up to 3.0.0 has
 * this game; it is in PufferLib's git repository. Build: cc -O3 -I. -I<ocean>/asteroids ... */
#include "bench.h"
#include "asteroids.h"

enum { OBS = 4 + 5 * MAX_ASTEROIDS };

int main(int argc, char **argv) {
  BenchArgs a = bench_args(argc, argv, 1);
  int n = a.envs;
  float *observations = calloc((size_t)n * OBS, sizeof(float));
  int *actions = calloc((size_t)n, sizeof(int));
  float *rewards = calloc((size_t)n, sizeof(float));
  unsigned char *terminals = calloc((size_t)n, 1);
  Asteroids **envs = calloc((size_t)n, sizeof(Asteroids *));
  for (int i = 0; i < n; i++) {
    Asteroids *e = envs[i] = calloc(1, sizeof(Asteroids));
    e->observations = observations + (size_t)i * OBS;
    e->actions = actions + i;
    e->rewards = rewards + i;
    e->terminals = terminals + i;
    e->size = 500, e->frameskip = a.frameskip;
  }
  for (int i = 0; i < n; i++) {
    srand((unsigned)(i + a.seed * n));
    c_reset(envs[i]);
  }
  int *table = bench_action_table(n, 4, 42);

  BenchTime t;
  BENCH_MEASURE(a, t, {
    memcpy(actions, table + bench_offset(batch), sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) c_step(envs[i]);
  });

  double episodes = 0, score = 0, ret = 0;
  for (int i = 0; i < n; i++) {
    episodes += envs[i]->log.n, score += envs[i]->log.score, ret += envs[i]->log.episode_return;
  }
  bench_report("asteroids", a, t, episodes, score, ret);
  return 0;
}
