"""The live board (``ohhell board``, ``play --board``): the ASGI app, its routes and
the event stream, and the server that runs it.

Reads games through ``actions`` (``actions/board.py``) and draws with ``views``, as
``cli`` does; never imports ``storage`` or ``cli``. Imported only by the two commands
that serve: uvicorn and starlette cost every other command nothing.
"""
