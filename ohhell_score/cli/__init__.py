"""The ``ohhell`` command line: the Typer app, the shared options, one module per area
of commands, shell completion, the interactive ``play`` and the quick router.

May import every other layer; only ``entry`` imports it.
"""
