"""``sheets.data`` is :mod:`sheets.core.data` (the tables' loader is part of the rules core; this
name stays for plug-ins written against it)."""

import sys

from sheets.core import data as _data

sys.modules[__name__] = _data
