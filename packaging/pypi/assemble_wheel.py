"""Assembles the PyPI wheel around a binary that is already built, without compiling.

The release builds its wheels with `maturin build` (.github/workflows/release.yml). CI
tests the wheel of the debug binary its tests already built (.ci/packaging.sh): a
`maturin build` there would compile the server again under other features, minutes
instead of seconds. This script makes the same wheel from that binary:

- `METADATA` and `WHEEL` are maturin's own, written by `maturin pep517 write-dist-info`
  from pyproject.toml (what an installer reads: name, version, summary, README);
- the binary goes where maturin's `bin` bindings put it, `<name>-<version>.data/scripts/`,
  executable, so that the installer puts it on PATH;
- `RECORD` lists every file with its SHA-256 and size.

What differs from `maturin build`: no SBOM under `dist-info/sboms/`, and the platform tag
is the plain `linux_x86_64` that maturin gives before its manylinux check (the wheel is
only installed on the machine that built it).

    python assemble_wheel.py --maturin PATH --binary PATH --out DIR

Prints the wheel's path.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The earliest date a zip can hold, as maturin stamps every entry: the same inputs give
# the same wheel.
EPOCH = (1980, 1, 1, 0, 0, 0)


def record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def add(wheel: zipfile.ZipFile, path: str, data: bytes, executable: bool = False) -> None:
    entry = zipfile.ZipInfo(path, date_time=EPOCH)
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = (0o100755 if executable else 0o100644) << 16
    # Level 1: the debug binary is 100 MB, and the best level would take most of the
    # stage's time to save a few MB nobody downloads.
    wheel.writestr(entry, data, compresslevel=1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--maturin", required=True, help="the maturin executable")
    parser.add_argument("--binary", required=True, type=Path, help="the built gitlab-mcp-server")
    parser.add_argument("--out", required=True, type=Path, help="the folder the wheel is written to")
    args = parser.parse_args()
    if not args.binary.is_file():
        print(f"assemble_wheel: no binary at {args.binary}", file=sys.stderr)
        return 1

    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run(
            [args.maturin, "pep517", "write-dist-info", "--metadata-directory", scratch],
            cwd=HERE,
            check=True,
            stdout=sys.stderr,
        )
        (dist_info,) = Path(scratch).glob("*.dist-info")
        metadata = (dist_info / "METADATA").read_bytes()
        wheel_file = (dist_info / "WHEEL").read_bytes()

    # `gitlab_mcp_server-0.1.0.dist-info`: the distribution's name and version as the
    # wheel's file names spell them.
    stem = dist_info.name.removesuffix(".dist-info")
    tags = [line.split(":", 1)[1].strip() for line in wheel_file.decode().splitlines() if line.startswith("Tag:")]
    if not tags:
        print(f"assemble_wheel: maturin's WHEEL file names no tag:\n{wheel_file.decode()}", file=sys.stderr)
        return 1
    # One file name for all the tags: `py3-none-linux_x86_64`, or `a.b` joined per part.
    parts = [tag.split("-") for tag in tags]
    tag = "-".join(".".join(dict.fromkeys(part[i] for part in parts)) for i in range(3))

    binary = args.binary.read_bytes()
    files = [
        (f"{stem}.data/scripts/gitlab-mcp-server", binary, True),
        (f"{dist_info.name}/METADATA", metadata, False),
        (f"{dist_info.name}/WHEEL", wheel_file, False),
    ]
    record = "".join(record_line(path, data) + "\n" for path, data, _ in files)
    record += f"{dist_info.name}/RECORD,,\n"

    args.out.mkdir(parents=True, exist_ok=True)
    target = args.out / f"{stem}-{tag}.whl"
    with zipfile.ZipFile(target, "w") as wheel:
        for path, data, executable in files:
            add(wheel, path, data, executable)
        add(wheel, f"{dist_info.name}/RECORD", record.encode())
    print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
