"""The ``cueboard`` command line (see ``cueboard --help``)."""
