"""Hostile files: ``cueboard referee`` and ``cueboard simulate`` refuse every
malformed file with one line naming what is wrong and exit status 2, never a traceback.

The files are made here: deep nesting, integers of thousands of digits, numbers that overflow,
NaN, bytes that are not UTF-8, unknown record versions, files over the size limit (sparse, so
they cost no disk), markup in the text, random bytes, truncations; each applied to a match record
(JSON and JSON Lines), a position and a strike (cueboard/records/reading.py gives the limits).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from cueboard.cli.main import app
from cueboard.records.reading import MAX_DEPTH, MAX_MATCH_BYTES, MAX_RECORD_BYTES

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _valid_match(tmp: Path) -> list[str]:
    """The lines of a valid JSON Lines match record (two shots scored by hand)."""
    save = tmp / "valid.jsonl"
    result = runner.invoke(app, ["score", "snooker", "--save", str(save)], input="pot red\nsafe\nconcede\n")
    assert result.exit_code == 0, result.output
    lines = [json.dumps(json.loads(ln)) for ln in save.read_text(encoding="utf-8").splitlines()]
    assert '"seed": 0' in lines[0] and '"index": 0' in lines[1] and '"x": 0.0' in lines[1]
    return lines


def _nest(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = {"a": [value]}
    return value


Mutation = Callable[[dict], None]


def _header(edit: Mutation) -> Callable[[list[str]], bytes]:
    def make(lines: list[str]) -> bytes:
        head = json.loads(lines[0])
        edit(head)
        return "\n".join([json.dumps(head), *lines[1:]]).encode()

    return make


def _raw(text: str) -> Callable[[list[str]], bytes]:
    return lambda lines: text.encode()


def _shot_edit(lines: list[str], old: str, new: str) -> bytes:
    return "\n".join([lines[0], lines[1].replace(old, new, 1)]).encode()


def _hostile_texts(lines: list[str]) -> dict[str, bytes]:
    """name -> bytes of a hostile match record."""
    base = "\n".join(lines).encode()
    big_int = "1" + "0" * 5000
    shot = lines[1]
    cases: dict[str, Callable[[list[str]], bytes]] = {
        "brackets 100000 deep": _raw("[" * 100_000 + "]" * 100_000),
        "objects 5000 deep": _raw('{"a":' * 5000 + "1" + "}" * 5000),
        "settings nested too deep": _header(lambda h: h.update(settings=_nest(MAX_DEPTH + 5))),
        "seed of 5001 digits": lambda ls: base.replace(b'"seed": 0', f'"seed": {big_int}'.encode()),
        "seed of 40 digits": lambda ls: base.replace(b'"seed": 0', b'"seed": ' + b"9" * 40),
        "seed 1e999": lambda ls: base.replace(b'"seed": 0', b'"seed": 1e999'),
        "seed NaN": lambda ls: base.replace(b'"seed": 0', b'"seed": NaN'),
        "version 99": _header(lambda h: h.update(version=99)),
        "version 0": _header(lambda h: h.update(version=0)),
        "version -1": _header(lambda h: h.update(version=-1)),
        "version huge": lambda ls: base.replace(b'"version": 1', b'"version": ' + big_int.encode(), 1),
        "version a string": _header(lambda h: h.update(version="1")),
        "latin-1 byte in a name": lambda ls: base.replace(b'"game"', b'"g\xe9me"', 1),
        "utf-16 with BOM": lambda ls: "\n".join(ls).encode("utf-16"),
        "lone continuation byte": lambda ls: b"\x80" + base,
        "empty": _raw(""),
        "blank lines": _raw("\n\n  \n"),
        "a JSON array": _raw("[1, 2, 3]"),
        "a JSON string": _raw('"header"'),
        "header not an object": _raw('{"header": [1]}'),
        "shots not a list": lambda ls: json.dumps({"header": json.loads(ls[0]), "shots": 5}).encode(),
        "truncated": lambda ls: base[: len(base) // 2],
        "markup in the game": _header(lambda h: h.update(game="[/red][bold]x")),
        "unknown game": _header(lambda h: h.update(game="chess")),
        "shot line of garbage": lambda ls: "\n".join([ls[0], "{nope", *ls[2:]]).encode(),
        "shot 60 deep": lambda ls: "\n".join([ls[0], json.dumps(_nest(60))]).encode(),
        "shot with a huge index": lambda ls: "\n".join(
            [ls[0], shot.replace('"index": 0', '"index": ' + big_int, 1)]).encode(),
        "shot index as 1e400": lambda ls: _shot_edit(ls, '"index": 0', '"index": 1e400'),
        "a coordinate 1e309": lambda ls: _shot_edit(ls, '"x": 0.0', '"x": 1e309'),
        "whole form, version 7": lambda ls: json.dumps(
            {"header": {**json.loads(ls[0]), "version": 7}, "shots": [json.loads(x) for x in ls[1:]]}
        ).encode(),
    }
    rng = np.random.default_rng(14)
    out = {name: make(lines) for name, make in cases.items()}
    for i in range(5):
        out[f"random bytes {i}"] = rng.integers(0, 256, 2000, dtype=np.uint8).tobytes()
    return out


def _assert_refused(result: object, name: str) -> None:
    out = result.output  # type: ignore[attr-defined]
    lines = [ln for ln in out.splitlines() if ln.strip()]
    code, err = result.exit_code, result.exception  # type: ignore[attr-defined]
    assert code == 2, f"{name}: exit {code}, {out[:300]!r}, {err!r}"
    assert len(lines) == 1, f"{name}: {out[:600]!r}"
    assert "Traceback" not in out


def test_the_valid_record_replays(tmp_path: Path) -> None:
    lines = _valid_match(tmp_path)
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(lines) + "\n")
    assert runner.invoke(app, ["referee", str(good)]).exit_code == 0


def test_referee_refuses_hostile_records(tmp_path: Path) -> None:
    lines = _valid_match(tmp_path)
    texts = _hostile_texts(lines)
    for name, data in texts.items():
        for suffix in (".jsonl", ".json"):
            path = tmp_path / f"hostile{suffix}"
            path.write_bytes(data)
            _assert_refused(runner.invoke(app, ["referee", str(path)]), f"{name} ({suffix})")
    assert len(texts) >= 35


def test_referee_refuses_a_file_over_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as fh:
        fh.truncate(MAX_MATCH_BYTES + 1)  # sparse: no disk used
    result = runner.invoke(app, ["referee", str(path)])
    _assert_refused(result, "over the limit")
    assert "over the limit" in result.output


def _position() -> dict:
    return json.loads((ROOT / "examples" / "snooker-start.json").read_text())


def _strike() -> dict:
    return json.loads((ROOT / "examples" / "snooker-break-off.json").read_text())


def test_simulate_refuses_hostile_positions_and_strikes(tmp_path: Path) -> None:
    pos, strike = tmp_path / "pos.json", tmp_path / "strike.json"
    good_pos, good_strike = json.dumps(_position()).encode(), json.dumps(_strike()).encode()
    big = "1" + "0" * 5000
    hostile = {
        "brackets 100000 deep": b"[" * 100_000 + b"]" * 100_000,
        "nested too deep": json.dumps(_nest(MAX_DEPTH + 1)).encode(),
        "integer of 5001 digits": b'{"speed": ' + big.encode() + b"}",
        "speed 1e999": b'{"speed": 1e999, "angle": 0}',
        "Infinity": b'{"speed": Infinity, "angle": 0}',
        "not UTF-8": b'{"speed": "\xff\xfe"}',
        "version 2": json.dumps({**_position(), "version": 2}).encode(),
        "a JSON list": b"[]",
        "empty": b"",
        "markup": b'{"game": "[/red]"}',
        "random bytes": np.random.default_rng(3).integers(0, 256, 500, dtype=np.uint8).tobytes(),
    }
    for name, data in hostile.items():
        for target, other, other_data in ((pos, strike, good_strike), (strike, pos, good_pos)):
            target.write_bytes(data)
            other.write_bytes(other_data)
            result = runner.invoke(app, ["simulate", str(pos), str(strike)])
            _assert_refused(result, f"{name} as {target.name}")
    with pos.open("wb") as fh:
        fh.truncate(MAX_RECORD_BYTES + 1)
    strike.write_bytes(good_strike)
    _assert_refused(runner.invoke(app, ["simulate", str(pos), str(strike)]), "position over the limit")


@pytest.mark.parametrize("game", ["crokinole", "novuss"])
def test_simulate_refuses_hostile_records_of_the_refereed_games(tmp_path: Path, game: str) -> None:
    pos, strike = tmp_path / "pos.json", tmp_path / "strike.json"
    pos.write_bytes((ROOT / "examples" / f"{game}-start.json").read_bytes())
    for name, data in {
        "deep": json.dumps(_nest(MAX_DEPTH + 1)).encode(),
        "huge": b'{"speed": 1' + b"0" * 5000 + b"}",
        "not UTF-8": b'{"speed": 1, "x": "\xc3\x28"}',
    }.items():
        strike.write_bytes(data)
        _assert_refused(runner.invoke(app, ["simulate", str(pos), str(strike)]), f"{game} {name}")


# --- hostile output paths --------------------------------------------------------------------
#: Every command that writes a file, with the output path as its last argument (score reads its
#: reports from standard input: none here, so it would save an empty game).
FILE_WRITERS = {
    "simulate": ["simulate", str(ROOT / "examples" / "snooker-start.json"),
                 str(ROOT / "examples" / "snooker-break-off.json"), "--out"],
    "score snooker": ["score", "snooker", "--save"],
    "score novuss": ["score", "novuss", "--save"],
    "score crokinole": ["score", "crokinole", "--save"],
    "shotmap": ["shotmap", "--step", "0.5", "--trials", "1", "--out"],
}
FOLDER_WRITERS = {
    "match": ["match", "crokinole", "--players", "ai:beginner", "ai:beginner", "--out"],
    "tournament": ["tournament", "crokinole", "--frames", "1", "--out"],
}


def _hostile_outputs(tmp: Path, suffix: str) -> dict[str, tuple[str, str]]:
    """(path, what the refusal says) for each hostile output path."""
    (tmp / "a-folder").mkdir()
    (tmp / "a-file").write_text("x")
    return {
        "a folder": (str(tmp / "a-folder"), "it is a folder"),
        "a missing parent folder": (str(tmp / "missing" / f"out{suffix}"), "does not exist"),
        "a file as the parent folder": (str(tmp / "a-file" / f"out{suffix}"), "is not a folder"),
        "a path under /proc": (f"/proc/no-such-process/out{suffix}", "does not exist"),
    }


@pytest.mark.parametrize("command", FILE_WRITERS)
def test_every_file_output_refuses_a_hostile_path_in_one_line(command: str, tmp_path: Path) -> None:
    suffix = ".png" if command == "shotmap" else ".jsonl"
    for name, (path, said) in _hostile_outputs(tmp_path, suffix).items():
        result = runner.invoke(app, [*FILE_WRITERS[command], path], input="")
        _assert_refused(result, f"{command}, {name}")
        assert "cannot write" in result.output and said in " ".join(result.output.split()), result.output
    assert not (tmp_path / "missing").exists()  # nothing made on the way


@pytest.mark.parametrize("command", FOLDER_WRITERS)
def test_every_folder_output_refuses_a_hostile_path_in_one_line(command: str, tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("x")
    for name, path, said in (("a file", tmp_path / "a-file", "it is not a folder"),
                             ("a file as a parent", tmp_path / "a-file" / "out", "Not a directory"),
                             ("under /proc", Path("/proc/no-such-process/out"), "No such file")):
        result = runner.invoke(app, [*FOLDER_WRITERS[command], str(path)])
        _assert_refused(result, f"{command}, {name}")
        assert said in " ".join(result.output.split()), result.output


#: The child of the test below: it runs the command once with no limit (numba compiles any kernel
#: its on-disk cache lacks, and saves it), then sets a 64-byte RLIMIT_FSIZE and runs it again, so
#: the only write over the limit is the output's. Under the limit from the start, a kernel whose
#: cache entry is stale (an engine module edited since) failed in numba's cache write instead.
_FSIZE_CHILD = """
import resource, sys
from cueboard.cli.main import app
out, args = sys.argv[1], sys.argv[2:]
try:
    app([*args, out + ".warm"], prog_name="cueboard")
except SystemExit as done:
    assert done.code == 0, f"the run without a limit exited {done.code}"
resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))
app([*args, out], prog_name="cueboard")
"""


def test_a_write_that_fails_midway_is_refused_in_one_line(tmp_path: Path) -> None:
    """The disk (or the process's file-size limit) full while the output is written: one line,
    exit status 2 — run in a child process under a 64-byte RLIMIT_FSIZE (Python ignores SIGXFSZ,
    so the write fails with EFBIG as it would with ENOSPC on a full disk).

    The child sets the limit itself, after its kernels are compiled and cached (``_FSIZE_CHILD``),
    rather than through ``preexec_fn``: Python code run between fork and exec may deadlock when the
    test process has threads (JAX's, imported by other tests), and without it the child is started
    by vfork/posix_spawn. Its deadline (600 s) covers a cold numba cache at a load of 12."""
    import subprocess
    import sys

    out = tmp_path / "events.json"
    proc = subprocess.run(
        [sys.executable, "-c", _FSIZE_CHILD, str(out), *FILE_WRITERS["simulate"]],
        capture_output=True, text=True, cwd=ROOT, timeout=600,
    )
    assert (tmp_path / "events.json.warm").stat().st_size > 64  # the run without a limit wrote it
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert f"cannot write {out}: File too large" in " ".join(proc.stdout.split()), proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr


def test_referee_refuses_hostile_incident_lines(tmp_path: Path) -> None:
    """Incident lines of a JSON Lines record (format 1.3, ``{"incident": {...}}``) are checked as
    strictly as the shots: each bad one is refused in one line naming it."""
    lines = _valid_match(tmp_path)
    deep: object = {"kind": "claim", "at": 0, "player": 0}
    for _ in range(MAX_DEPTH + 2):
        deep = {"incident": deep}
    cases = {
        "not an object": {"incident": 5},
        "unknown kind": {"incident": {"kind": "swap", "at": 0, "player": 0}},
        "negative at": {"incident": {"kind": "claim", "at": -1, "player": 0}},
        "seat 9": {"incident": {"kind": "takeback", "at": 0, "player": 9}},
        "unknown field": {"incident": {"kind": "claim", "at": 0, "player": 0, "venue": "x"}},
        "nested too deep": deep,
    }
    for name, incident in cases.items():
        path = tmp_path / "hostile.jsonl"
        path.write_text("\n".join([lines[0], json.dumps(incident), *lines[1:]]) + "\n")
        result = runner.invoke(app, ["referee", str(path)])
        _assert_refused(result, name)
        assert "line 2" in result.output or "incident" in result.output, (name, result.output)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_referee_refuses_an_endless_device() -> None:
    """A device says its size is 0 and never ends: the reader stops at the size limit."""
    result = runner.invoke(app, ["referee", "/dev/zero"])
    _assert_refused(result, "/dev/zero")
    assert "over the limit" in result.output


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes here")
def test_referee_reads_a_record_from_a_pipe(tmp_path: Path) -> None:
    """A pipe (``cueboard referee <(zcat m.jsonl.gz)``) cannot be read twice, as the streaming
    reader reads a file: it is read whole once, and every shot is replayed (it once replayed
    none, or ended in a traceback)."""
    import os
    import threading

    lines = _valid_match(tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_text("\n".join(lines) + "\n"))
    writer.start()
    result = runner.invoke(app, ["referee", str(fifo)])
    writer.join(timeout=10)
    assert result.exit_code == 0, result.output
    replayed = [ln for ln in result.output.splitlines() if ln.startswith("shot ")]
    assert [ln.split(" (")[0] for ln in replayed] == [f"shot {k}" for k in range(len(lines) - 1)]


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes here")
def test_a_record_saved_to_a_pipe_is_written_into_it_not_over_it(tmp_path: Path) -> None:
    """``--save`` onto something that is not a file (a named pipe here; /dev/stdout, /dev/full)
    writes into it: the record was once written beside it and renamed over it, which put a
    plain file in the place of the pipe — or, run as root, of the device."""
    import os
    import stat
    import threading

    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    got: list[str] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text(encoding="utf-8")))
    reader.start()
    result = runner.invoke(app, ["score", "snooker", "--save", str(fifo)], input="pot red\nconcede\n")
    reader.join(timeout=10)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.stat().st_mode)  # still the pipe
    record = json.loads(got[0])
    assert record["header"]["game"] == "snooker" and len(record["shots"]) == 2
    assert not (tmp_path / "record.json.tmp").exists()
