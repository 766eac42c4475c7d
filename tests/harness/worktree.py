"""Copy the project as a fresh clone would see it (tracked and new, non-ignored files)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from .voila import REPO


def copy_worktree(dest: Path) -> Path:
    """Copy every file git tracks or would track into ``dest``, without .venv or artifacts."""
    listing = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout
    for name in filter(None, listing.split("\0")):
        source = REPO / name
        if source.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    return dest
