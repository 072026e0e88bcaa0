"""What a person reads: words, the sheet model, the plain sheet, rich renderables,
charts, and the CSV, Markdown, JSON and HTML exports.

May import ``domain``; never ``storage``, ``actions`` or ``cli``.
"""
