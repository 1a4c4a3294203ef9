# Sourced by run.sh and test.sh, with $root set to the project folder: make $root/.venv
# and install the project with its test tools into it when needed. One install serves
# both scripts; it is redone only when pyproject.toml changes.
python=${PYTHON:-python3}
venv="$root/.venv"
stamp="$venv/.installed-all"

version_of() { "$1" -c 'import platform; print(platform.python_version())' 2>/dev/null || echo "missing"; }
supported() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; }

if [ -x "$venv/bin/python" ] && ! supported "$venv/bin/python"; then
    if supported "$python"; then
        echo "Rebuilding .venv: it was made with Python $(version_of "$venv/bin/python") and Skald needs 3.11 or newer." >&2
        rm -rf "$venv"
    else
        echo "Skald needs Python 3.11 or newer, but .venv has $(version_of "$venv/bin/python") and $python is $(version_of "$python"): install a newer Python, then run e.g. 'rm -rf .venv && PYTHON=python3.12 $0'." >&2
        exit 1
    fi
fi
if [ ! -x "$venv/bin/python" ]; then
    if ! supported "$python"; then
        echo "Skald needs Python 3.11 or newer, but $python is $(version_of "$python"): install a newer Python and run e.g. 'PYTHON=python3.12 $0'." >&2
        exit 1
    fi
    "$python" -m venv "$venv"
fi
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ]; then
    echo "Installing Skald and its dependencies into .venv (only on the first run, or when pyproject.toml changes; this takes a minute or two)..." >&2
    pip=("$venv/bin/python" -m pip install --quiet --quiet --disable-pip-version-check)
    "${pip[@]}" --upgrade pip
    "${pip[@]}" --editable "$root[test]"
    touch "$stamp"
    echo "Installed." >&2
fi
