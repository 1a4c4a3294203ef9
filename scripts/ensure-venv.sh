# Sourced by run.sh and test.sh: make .venv and install the project into it when needed.
python=${PYTHON:-python3}
extras=${SKALD_EXTRAS:-}
stamp=".venv/.installed${extras:+-$extras}"
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e ".${extras:+[$extras]}"
    touch "$stamp"
fi
