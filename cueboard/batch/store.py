"""The results of finished tasks, kept as JSON Lines so that a batch resumes where it stopped.

One line per finished task: ``{"key": ..., "result": {...}}``, appended, flushed and synced to disk
as soon as the task finishes (so Ctrl-C, a lost worker or a lost driver loses only the tasks in
flight). On opening, the lines already there are read back; a last line cut short by a crash is
dropped (the file is truncated to the last whole line). A task is recorded once: a second result
for the same key (a task retried after its worker was lost, whose first run had in fact finished)
is ignored, so nothing is counted twice.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from cueboard.batch.tasks import BatchInputError, check_key


class ResultStore:
    """The finished tasks of one batch, in the JSON Lines file ``path`` (created if missing)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._results: dict[str, dict[str, Any]] = {}
        if self.path.exists():
            self._load()
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.touch()

    def _load(self) -> None:
        data = self.path.read_bytes()
        good = 0  # bytes of whole, valid lines
        for number, line in enumerate(data.splitlines(keepends=True), start=1):
            if not line.endswith(b"\n"):
                break  # the last line, cut short: dropped below
            try:
                entry = json.loads(line)
                key = check_key(entry["key"])
                result = entry["result"]
                if not isinstance(result, dict):
                    raise TypeError("the result is not an object")
            except (ValueError, KeyError, TypeError) as err:
                raise BatchInputError(f"{self.path}, line {number}: not a task result ({err})") from None
            self._results.setdefault(key, result)
            good += len(line)
        if good < len(data):
            with self.path.open("r+b") as fh:
                fh.truncate(good)

    def __contains__(self, key: object) -> bool:
        return key in self._results

    def __len__(self) -> int:
        return len(self._results)

    def __iter__(self) -> Iterator[str]:
        return iter(self._results)

    def __getitem__(self, key: str) -> dict[str, Any]:
        return self._results[key]

    def add(self, key: str, result: Mapping[str, Any]) -> bool:
        """Record ``result`` for ``key``; False (nothing written) when ``key`` is already recorded."""
        check_key(key)
        if key in self._results:
            return False
        line = json.dumps({"key": key, "result": result}, ensure_ascii=False, allow_nan=False) + "\n"
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())
        self._results[key] = json.loads(line)["result"]
        return True

    def put_in_order(self, keys: Sequence[str]) -> None:
        """Rewrite the file with its results in the order of ``keys`` (the batch's tasks; results
        of other keys after them, as they were): a finished batch's file is then the same
        whichever order its tasks finished in. The new file replaces the old one whole."""
        rank = {k: i for i, k in enumerate(keys)}
        order = [k for k in keys if k in self._results] + [k for k in self._results if k not in rank]
        text = "".join(
            json.dumps({"key": k, "result": self._results[k]}, ensure_ascii=False, allow_nan=False) + "\n"
            for k in order
        )
        tmp = self.path.with_name(self.path.name + ".tmp")
        with tmp.open("w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        tmp.replace(self.path)
        self._results = {k: self._results[k] for k in order}
