"""Write the shell completion scripts of this folder, as the program generates them.

    .venv/bin/python completions/generate.py           # rewrite them
    .venv/bin/python completions/generate.py --check   # exit 1 if any differs

Each script is what ``_OHHELL_COMPLETE=source_<shell> ohhell`` prints (without the
blank lines around it); tests/test_completions.py fails when a committed one differs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: shell -> the file name that shell's completion loader looks for.
SCRIPTS = {
    "bash": "ohhell.bash",
    "zsh": "_ohhell",
    "fish": "ohhell.fish",
    "powershell": "ohhell.ps1",
}
# Run as the command `ohhell`, whatever the executable is called: the scripts name it.
RUN_AS_OHHELL = "import sys; sys.argv[0] = 'ohhell'; from ohhell_score.cli.app import run; run()"


def generate(shell: str) -> str:
    """The completion script for ``shell``, from the program itself.

    Stripped as ``--install-completion`` writes it: zsh reads ``#compdef`` only on the
    first line of a file on ``fpath``, and the program prints a blank line before it.
    """
    env = {**os.environ, "_OHHELL_COMPLETE": f"source_{shell}"}
    done = subprocess.run(
        [sys.executable, "-c", RUN_AS_OHHELL],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip() + "\n"


def main() -> int:
    check = "--check" in sys.argv[1:]
    stale = []
    for shell, name in SCRIPTS.items():
        path = HERE / name
        text = generate(shell)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(name)
        if not check:
            path.write_text(text, encoding="utf-8")
    if check and stale:
        print(f"out of date: {', '.join(stale)} (run {Path(__file__).name})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
