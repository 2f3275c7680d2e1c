"""``pytz.lazy``: the module ``tzcompat.pytz.lazy`` itself.

``import pytz`` already maps this name to it in ``sys.modules``; this file only serves code
that loads it some other way (by path, for instance), and aliases the module the same way.
"""

import sys

import tzcompat.pytz.lazy as _impl

sys.modules[__name__] = _impl
