"""What each command does, as plain functions over values: load, change through the
domain, save, and return what to say. No Typer, no rich.

May import ``storage``, ``views`` and ``domain``; never ``cli``.
"""
