"""Our steps per second from Python, in the form `scripts/bench-pufferlib` reads beside
PufferLib's C loops: one `key=value` line per measurement.

    python beside_pufferlib.py --game pong --seconds 2 [--batch 4096] [--copy both]

Each line is one `GameVectorEnv` (feature observations, one worker, action repeat 1, random
actions drawn beforehand) stepped for about `--seconds` of CPU time, the measurement
`throughput.py` makes, with `copy=False` (the engine's own buffers) and/or `copy=True` (a
fresh copy of every array each step, Gymnasium's default).
"""

from __future__ import annotations

import argparse

from lockstep_games import library
from throughput import measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--copy", choices=["false", "true", "both"], default="both")
    args = parser.parse_args()
    if not 0 < args.seconds < 10_000 or not 1 <= args.batch <= 65_536:
        parser.error("--seconds wants a number above 0 (below 10,000) and --batch a whole "
                     "number from 1 to 65,536")
    if args.game not in library.games():
        parser.error(f"no game {args.game!r}; games: {', '.join(library.games())}")
    copies = {"false": [False], "true": [True], "both": [False, True]}[args.copy]
    for copy in copies:
        wall, cpu = measure(args.game, args.batch, 1, args.seconds, copy=copy)
        print(f"game={args.game} copy={int(copy)} envs={args.batch} "
              f"steps_per_cpu_s={cpu:.0f} steps_per_wall_s={wall:.0f}", flush=True)


if __name__ == "__main__":
    main()
