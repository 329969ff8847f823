"""``python -m cueboard``: the command line, the same as the installed ``cueboard`` command."""

from cueboard.cli.main import app

if __name__ == "__main__":
    app(prog_name="cueboard")
