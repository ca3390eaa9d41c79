"""Rollouts on a local Ray cluster gather the same results as one machine."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))

import ray_rollouts  # noqa: E402


@pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::FutureWarning")
def test_rollouts_on_a_local_ray_cluster_match_a_single_machine_run() -> None:
    import ray

    ray_rollouts.start_local_cluster(num_cpus=2)
    try:
        seeds = list(range(12))
        distributed = ray_rollouts.on_ray("blocks", seeds, steps=300, tasks=4)
        local = ray_rollouts.rollouts("blocks", seeds, steps=300)
        assert distributed == local
        assert len({state for _, _, state in local}) == len(seeds)
    finally:
        ray.shutdown()
