"""ohhell-score: a score keeper for the card game Oh Hell, at a real table."""

__version__ = "0.1.0"
