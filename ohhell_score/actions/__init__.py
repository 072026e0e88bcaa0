"""What each command does, as plain functions over values: load, change through the
domain, save, and return what to say. No Typer, no rich. The one door between the
command line (and the board) and the disk: they never import ``storage`` themselves.

May import ``storage``, ``views`` and ``domain``; never ``serve`` or ``cli``.
"""
