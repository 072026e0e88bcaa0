"""The ``ohhell`` command line: the Typer app, the shared options, one module per area
of commands, shell completion, the interactive ``play`` and the quick router.

May import ``serve``, ``actions``, ``views`` and ``domain``, never ``storage``: every
command reaches the disk through ``actions`` (the one door). Only ``entry`` imports it.
"""
