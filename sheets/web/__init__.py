"""`sheets serve`: a local web page (Starlette + uvicorn) over the in-memory API ``sheets.api``.

Modules: ``cli`` (the click command, imported only when `serve` runs), ``app`` (routes and the
page), ``safety`` (Host/Origin/body-size checks as ASGI middleware), ``pool`` (the worker
processes that do the work under a time limit), ``worker`` (what runs in them: calls into
``sheets.api`` only). No game, rule or printed label lives here: the page's own UI labels are
gettext msgids (``words``), the options and calculators come from the game plug-ins, the unit
library (``library``) reads the folder `serve --units DIR` names, once.
"""
