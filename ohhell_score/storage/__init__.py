"""Where games, house rules, tournaments and caches live on disk: the data folders,
atomic writes and locks, the versioned-JSON files and their codecs.

May import ``domain``; never ``views``, ``actions`` or ``cli``.
"""
