"""``sheets serve``: run the page on this machine (the command line of :mod:`sheets.web`)."""

from __future__ import annotations

import socket
import sys

import click

from sheets.cli.base import Path, command
from sheets.cli.options import verbosity
from sheets.core.fsio import os_reason
from sheets.core.i18n import N_, _

LOCAL = "127.0.0.1"
# the page keeps its documents in the browser's storage, which belongs to one address (host and
# port): the same port on every start finds them again
PREFERRED_PORT = 8737


def _url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: a free one, chosen by the system)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise click.BadParameter(
            _("cannot use {host}: {reason}").format(host=repr(host), reason=os_reason(exc)),
            param_hint="--host",
        ) from None
    family, kind, proto, _canonical, address = infos[0]
    # proto IPPROTO_TCP, not 0: asyncio turns Nagle off (TCP_NODELAY) only on sockets that say
    # so, and with Nagle on, every small answer on a kept-alive connection waited ~40 ms for the
    # browser's delayed ACK
    sock = socket.socket(family, kind, proto or socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise click.UsageError(
            _("cannot listen on {host}:{port}: {reason}").format(host=host, port=port, reason=os_reason(exc))
        ) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


@command(
    help=N_(
        "A local web page to open, edit, check, preview and print unit files (every game, en/ru).\n\nIt "
        "prints `serving on http://HOST:PORT/` once it accepts connections; Ctrl-C stops it.\n\n\b\n"
        "Example:\n  sheets serve --port 8080 --no-open\n  sheets serve --units ~/megamek/data/mekfiles/protomeks"
    )
)
@click.option(
    "--host",
    default=LOCAL,
    show_default=True,
    help=N_(
        "Address to listen on. Anything but 127.0.0.1 lets other machines use the page (a warning says so)."
    ),
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=None,
    help=N_(
        "Port (0: a free one). Default: 8737 when it is free, else a free one — the same address each time "
        "keeps the edits the browser stores for the page."
    ),
)
@click.option(
    "--open/--no-open",
    "open_browser",
    default=True,
    show_default=True,
    help=N_("Open the page in the web browser."),
)
@click.option(
    "--time-limit",
    type=click.FloatRange(1, 3600),
    default=30,
    show_default=True,
    metavar="SECONDS",
    help=N_("Longest time one request may run; it is then stopped with a message and the server goes on."),
)
@click.option(
    "--workers",
    type=click.IntRange(1, 16),
    default=2,
    show_default=True,
    help=N_("Processes doing the work (requests from many tabs run side by side)."),
)
@click.option(
    "--units",
    "units_dir",
    type=Path(exists=True, file_okay=False, dir_okay=True),
    default=None,
    metavar="DIR",
    help=N_(
        "A folder of unit files (MegaMek .blk and other tools' one-unit files) offered in the page's library; "
        "read once, when the server starts."
    ),
)
@verbosity
def serve(host, port, open_browser, time_limit, workers, units_dir):
    import uvicorn

    from sheets.cli import young_collections_as_usual

    young_collections_as_usual()  # a server runs for hours: the collector as usual

    from sheets.web.app import create_app

    if port is None:
        try:
            sock = _bind(host, PREFERRED_PORT)
        except click.UsageError:  # taken (another server, another program): any free port
            sock = _bind(host, 0)
    else:
        sock = _bind(host, port)
    port = sock.getsockname()[1]
    url = _url(host, port)
    if host != LOCAL:
        from sheets.cli.common import warn

        warn(
            _(
                "warning: serving on {host}, not {local}: anyone who can reach this address can use the page "
                "(and make this machine render their files)"
            ).format(host=host, local=LOCAL)
        )
    extra = {"units_dir": units_dir} if units_dir else {}
    app = create_app(host, port, time_limit=time_limit, workers=workers, **extra)
    if units_dir:
        library = app.app.state.library
        click.echo(
            _("library: {n} unit file(s) from {folder}").format(n=len(library.units), folder=units_dir),
            err=True,
        )
        for line in library.skipped[:20]:
            click.echo(_("library: skipped {file}").format(file=line), err=True)

    class Server(uvicorn.Server):
        async def startup(self, sockets=None):
            await super().startup(sockets=sockets)
            if self.should_exit:
                return
            click.echo(_("serving on {url}").format(url=url))
            sys.stdout.flush()
            if open_browser:
                import webbrowser

                try:
                    webbrowser.open(url)
                except Exception:
                    pass

    from sheets.web.conns import ACCEPT_BURST, protocol

    config = uvicorn.Config(
        app,
        http=protocol(),  # header and body timeouts, a connection cap (slow clients)
        backlog=ACCEPT_BURST,
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=3,
        server_header=False,
    )
    try:
        Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn passes Ctrl-C on once it has shut down: a normal stop
        pass
    from sheets.cli.common import say

    say(_("stopped"))
