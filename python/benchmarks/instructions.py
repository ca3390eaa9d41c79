"""Instructions a step from Python, counted by Cachegrind: the figure to compare two builds by
on a machine whose speed drifts (a shared virtual machine's can halve from one minute to
the next; a count does not move).

    python instructions.py [--game pong ...] [--batch 4096] [--history yes|no]

Each game's batch (feature observations, one worker, random actions drawn beforehand) is run
under `valgrind --tool=cachegrind --cache-sim=no` twice, for 50 and for 150 steps; the
difference of the two totals over 100 steps times the batch is what one environment's step
costs, with Python's start, the import and the reset cancelled out. Valgrind must be on PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

CHILD = """
import sys, numpy as np
import lockstep_games.batch as batch
game, n, history, steps = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "yes", int(sys.argv[4])
b = batch.Batch(game, n, keep_history=history)
b.reset(range(n))
actions = np.random.default_rng(0).integers(0, b.action_counts[0], (64, n), dtype=np.int32)
for step in range(steps):
    b.step(actions[step % 64])
"""


def count(game: str, batch: int, history: str, steps: int) -> int:
    """All instructions of a Python process stepping `game` `steps` times."""
    command = [
        "valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
        sys.executable, "-c", CHILD, game, str(batch), history, str(steps),
    ]
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    run = subprocess.run(command, capture_output=True, text=True, env=env)
    found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if run.returncode != 0 or not found:
        last = (run.stderr.strip().splitlines() or ["no output"])[-1]
        sys.exit(f"instructions: stepping {game} under valgrind failed: {last}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="+", default=["pong", "asteroids", "blocks"])
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--history", choices=["yes", "no"], default="yes")
    args = parser.parse_args()
    if not 1 <= args.batch <= 65536:
        parser.error("--batch wants a whole number from 1 to 65,536")
    from lockstep_games import library

    if shutil.which("valgrind") is None:
        parser.error("valgrind is not on PATH (apt-get install valgrind)")
    unknown = [game for game in args.game if game not in library.games()]
    if unknown:
        parser.error(f"no game {unknown[0]!r}; games: {', '.join(library.games())}")
    for game in args.game:
        per_step = (count(game, args.batch, args.history, 150)
                    - count(game, args.batch, args.history, 50)) / (100 * args.batch)
        print(f"{game:<10} batch {args.batch}, history {args.history}: "
              f"{per_step:,.0f} instructions an environment's step", flush=True)


if __name__ == "__main__":
    main()
