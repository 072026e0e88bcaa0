"""``python -m ohhell_score`` is the same program as ``ohhell``."""

from .entry import main

main()
