"""What a person reads: words, the sheet model, the plain sheet, rich renderables,
charts, and the CSV, Markdown, JSON and HTML exports; the HTML pages (exports, ratings,
the live board) from the templates in ``templates/`` (``pages.py``).

May import ``domain``; never ``storage``, ``actions`` or ``cli``.
"""
