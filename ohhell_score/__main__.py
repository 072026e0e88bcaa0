"""``python -m ohhell_score`` is the same program as ``ohhell``."""

from .cli import run

run()
