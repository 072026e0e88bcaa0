"""Where games, house rules, tournaments and caches live on disk: ``paths`` (the
folders), ``files`` (atomic writes, locks, file keys), ``games`` (the saved games),
``index`` (the list index), ``drafts`` (the play loop's typed tricks), ``house``,
``tournaments`` and ``stats_cache``. The game file's format is ``domain.codec``.

May import ``domain``; never ``views``, ``actions`` or ``cli``.
"""
