"""The version of tzcompat (one place: the package, the CLI and data_report() read it)."""

__version__ = "0.1.0"
