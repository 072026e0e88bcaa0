"""The game itself: rules, games, draws, tournaments and statistics as facts and what
follows from them. Pure: no files, no clock but what it is given, no Typer, no rich.

Value classes are ``typing.NamedTuple``: the standard library's, immutable, compared by
value, and quick to define: the 12 domain classes take 17 ms with ``@dataclass`` and
1.05 ms with ``NamedTuple`` (timeit; about twice that at a cold start).

Imports nothing of ohhell_score outside this folder.
"""
