"""The game itself: rules, games, draws, tournaments and statistics as facts and what
follows from them. Pure: no files, no clock but what it is given, no Typer, no rich.

Imports nothing of ohhell_score outside this folder.
"""
