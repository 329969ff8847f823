"""cueboard's benchmarks: speed and quality figures, with peers side by side where installed.

Run them with ``make bench`` (``python -m benchmarks``); see :mod:`benchmarks.__main__` for how a
benchmark module is registered and docs/benchmarks.md for what each one measures.
"""
