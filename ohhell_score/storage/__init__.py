"""Where games, house rules, tournaments and caches live on disk: ``paths`` (the
folders), ``files`` (atomic writes, locks, file keys), ``games`` (the saved games),
``index`` (the list index), ``drafts`` (the play loop's typed tricks), ``house``,
``tournaments``, ``stats_cache`` and ``notice`` (the system's notice that a folder
changed: inotify). The game file's format is ``domain.codec``.

May import ``domain``; never ``views``, ``actions`` or ``cli``.
"""
