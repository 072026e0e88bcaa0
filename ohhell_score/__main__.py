"""``python -m ohhell_score`` is the same program as ``ohhell``."""

from ohhell_score.entry import main

main()
