"""Every Python snippet of the README and docs/TRAINING.md runs as printed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

DOCS = [ROOT / "README.md", ROOT / "docs" / "TRAINING.md", ROOT / "python" / "README.md"]


def blocks() -> list[tuple[str, str]]:
    """Each fenced `python` block, named by its file and line."""
    found = []
    for path in DOCS:
        text = path.read_text()
        for match in re.finditer(r"```python\n(.*?)```", text, re.S):
            line = text[: match.start()].count("\n") + 1
            found.append((f"{path.relative_to(ROOT)}:{line}", match.group(1)))
    return found


@pytest.mark.parametrize("name, code", blocks(), ids=[name for name, _ in blocks()])
def test_each_python_block_runs_as_printed(name: str, code: str, tmp_path: Path) -> None:
    # In a folder of its own, away from the repository: what a reader's folder would be.
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, f"{name}:\n{result.stderr}"


def test_every_inline_make_names_the_module_or_follows_its_import() -> None:
    # `gym.make("Lockstep/...")` alone raises NamespaceNotFound until lockstep_games is
    # imported: an inline snippet carries the module, `lockstep_games:Lockstep/...`.
    for path in DOCS:
        text = re.sub(r"```.*?```", "", path.read_text(), flags=re.S)
        for call in re.findall(r"`[^`\n]*make(?:_vec)?\(\"[^`\n]*`", text):
            if '"Lockstep/' in call or '"SwiftGames/' in call:
                assert "import" in call and "lockstep_games" in call, f"{path.name}: {call}"


def test_training_md_stays_a_reference_of_at_most_300_lines() -> None:
    assert len((ROOT / "docs" / "TRAINING.md").read_text().splitlines()) <= 300
