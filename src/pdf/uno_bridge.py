"""
One long-lived LibreOffice converter for Quire's PDF export (src/pdf/libreoffice-converter.ts).

Starts `soffice --headless` with its own profile directory, connects to it over a named pipe
with the UNO bridge (Debian: python3-uno), then reads one JSON request a line on stdin and
answers one JSON line on stdout:

  -> {"id": 1, "input": "/tmp/…/in.docx", "output": "/tmp/…/out.pdf"}
  <- {"type": "result", "id": 1, "ok": true, "pages": 5}
  <- {"type": "result", "id": 1, "ok": false, "error": "…"}

Before the first request it says {"type": "ready", "soffice_pid": …}, or, when LibreOffice or
its Python bridge is missing, {"type": "unavailable", "detail": "…"} and exits with status 3.
When stdin closes (the service stopped or died) LibreOffice is stopped with it.

LibreOffice runs in a process group of its own (the id is `soffice_pid`): the service kills
that group when a conversion hangs, and this bridge, a child subreaper, reaps what is left of
it, so no zombie outlives a converter even where PID 1 reaps nothing (a container).
"""
import ctypes
import json
import os
import signal
import subprocess
import sys
import time


def say(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def unavailable(detail):
    say({"type": "unavailable", "detail": detail})
    sys.exit(3)


try:
    import uno
    from com.sun.star.beans import PropertyValue
    from com.sun.star.connection import NoConnectException
except ImportError as error:
    unavailable("the Python UNO bridge is missing (%s)" % error)


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def become_subreaper():
    """LibreOffice's processes reparent to this bridge when their parent dies (Linux only)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass


def reap_children():
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def start_office(soffice, profile, pipe):
    args = [
        soffice,
        "-env:UserInstallation=" + uno.systemPathToFileUrl(profile),
        "--headless", "--invisible", "--nologo", "--norestore", "--nodefault", "--nolockcheck",
        "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe,
    ]
    try:
        return subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError as error:
        unavailable("LibreOffice could not be started from %r (%s)" % (soffice, error.strerror or error))


def connect(office, pipe, timeout):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + timeout
    while True:
        try:
            context = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
            return context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        except NoConnectException:
            if office.poll() is not None:
                unavailable("LibreOffice exited with status %s while starting" % office.returncode)
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


# Loaded hidden and read-only, with macros never run and links never followed: the file is
# ours, but nothing in it should reach outside the converter.
LOAD = (
    prop("Hidden", True),
    prop("ReadOnly", True),
    prop("MacroExecutionMode", 0),
    prop("UpdateDocMode", 0),
    prop("FilterName", "MS Word 2007 XML"),
)


def convert(desktop, source, target):
    document = desktop.loadComponentFromURL(uno.systemPathToFileUrl(source), "_blank", 0, LOAD)
    if document is None:
        raise RuntimeError("LibreOffice could not open the document")
    try:
        # The tables of contents come in with the entries Word would show before an update (no
        # page numbers): updating them lays the document out and fills in the numbers.
        indexes = document.getDocumentIndexes()
        for i in range(indexes.getCount()):
            indexes.getByIndex(i).update()
        document.refresh()
        pages = document.getCurrentController().PageCount
        export = (
            prop("FilterName", "writer_pdf_Export"),
            prop("FilterData", uno.Any("[]com.sun.star.beans.PropertyValue", (
                prop("UseTaggedPDF", True),
                prop("ExportBookmarks", True),
            ))),
        )
        uno.invoke(document, "storeToURL", (uno.systemPathToFileUrl(target), export))
        return pages
    finally:
        document.close(True)


def office_alive(office, desktop):
    """False when LibreOffice died (or its bridge broke) under a request."""
    if office.poll() is not None:
        return False
    try:
        desktop.getComponents()
        return True
    except Exception:  # noqa: BLE001 - a disposed bridge raises its own UNO exception types
        return False


def main():
    soffice, profile, pipe, start_timeout = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
    become_subreaper()
    office = start_office(soffice, profile, pipe)

    def stop_office(*_):
        # Nothing of LibreOffice's is worth keeping (the profile goes with the converter): no grace.
        try:
            os.killpg(office.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        reap_children()

    signal.signal(signal.SIGTERM, lambda *_: (stop_office(), sys.exit(0)))
    try:
        desktop = connect(office, pipe, start_timeout)
    except Exception as error:  # noqa: BLE001 - any failure to connect is reported the same way
        stop_office()
        say({"type": "failed", "detail": "could not connect to LibreOffice: %s" % error})
        sys.exit(4)
    say({"type": "ready", "soffice_pid": office.pid})
    try:
        for line in sys.stdin:
            request = json.loads(line)
            try:
                pages = convert(desktop, request["input"], request["output"])
                say({"type": "result", "id": request["id"], "ok": True, "pages": pages})
            except Exception as error:  # noqa: BLE001 - reported to the service, which decides
                crashed = not office_alive(office, desktop)
                message = "%s: %s" % (type(error).__name__, getattr(error, "Message", "") or error)
                say({"type": "result", "id": request["id"], "ok": False, "crashed": crashed, "error": message})
                if crashed:
                    sys.exit(5)
    finally:
        stop_office()


if __name__ == "__main__":
    main()
