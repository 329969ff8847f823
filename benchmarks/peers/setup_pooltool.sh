#!/usr/bin/env bash
# Create benchmarks/.peers/pooltool-venv with pooltool 0.6.0, the peer the snooker engine is
# measured against. Idempotent: does nothing when the venv already imports pooltool 0.6.
#
# A plain `pip install pooltool-billiards` resolves to an old release (its pins clash with current
# numba/numpy), so the 0.6.0 wheel is installed with --no-deps and its run-time dependencies are
# listed here with the caps 0.6.0 works with.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="${POOLTOOL_VENV:-$HERE/../.peers/pooltool-venv}"
PYTHON="${PYTHON:-python3}"

check() {
    "$VENV/bin/python" - <<'PY'
import importlib.metadata as md
v = md.version("pooltool-billiards")
assert v.startswith("0.6."), f"pooltool-billiards {v} is not 0.6"
import pooltool  # noqa: F401
print(f"pooltool-billiards {v} ok")
PY
}

if [ -x "$VENV/bin/python" ] && check >/dev/null 2>&1; then
    check
    exit 0
fi

mkdir -p "$(dirname "$VENV")"
"$PYTHON" -m venv "$VENV"
"$VENV/bin/pip" install -q --upgrade pip
"$VENV/bin/pip" install -q --no-deps 'pooltool-billiards==0.6.0'
"$VENV/bin/pip" install -q 'panda3d<1.11' 'numba<0.63' 'llvmlite<0.46' numpy-quaternion attrs cattrs \
    msgpack msgpack-numpy 'rich>=14,<15' pyyaml click h5py scipy pillow h11
# The renderer helpers pooltool imports at start-up (never used here: no window is opened); without
# --no-deps they would pull a panda3d development build.
"$VENV/bin/pip" install -q --no-deps 'panda3d-simplepbr>=0.12' 'panda3d-gltf>=1.2'
check
